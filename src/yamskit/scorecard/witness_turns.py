"""The turns a scorecard witness is made of: the dice of each, and what the rules write with them.

A witness (`yamskit.scorecard.witness`) fills the boxes of a position one turn each. A
`Recipe` is such a turn: the dice of each throw (all of the variant's dice thrown each
time, five or any other count), then a ``Score`` or a ``Scratch``. `Search` holds one
search for a witness: the position, each player's filled boxes, and what it has learnt
of the rules — it tries a turn on the real game (`Search.fill`) and keeps it only when
the rules write exactly the box as it stands, so a user's placement rules take part
without being known here. It counts the turns tried and gives up after `SEARCH_LIMIT` of
them.

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").position(["Ann"], sheets=[{"yams": 50}], seed=1)
    >>> search = Search(game, [[(11, 0, game.sheets[0].cells[0][11])]], [0], contexts=True)
    >>> search.fill(search.game([0], 0), 0, 0, every=True)
    {0: Recipe(throws=(Dice.parse('11111'),), scratch=False)}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

import attrs

from .._cache import cached
from ..actions import Action, Roll, Score, Scratch
from ..dice import NUM_DICE, Dice, dice_tables
from ..errors import YamskitError
from ..history import Move
from ..position.errors import ImpossibleSheetError
from ..turn import Turn
from .rules import ScorecardRules
from .sheet import EMPTY, Cell, Sheet
from .state import ScorecardGame

__all__ = ["SEARCH_LIMIT", "Box", "Plan", "Recipe", "Search", "other_turns", "turns_for", "where"]

#: A box of a position: ``(player, row index, column index)``.
Box = tuple[int, int, int]
#: The most turns a search tries before it gives up (rule ``search_limit``).
SEARCH_LIMIT = 200_000


@cached("scorecard: witness rolls of a dice count", size=16, key="a dice count")
def _rolls(count: int) -> tuple[Dice, tuple[Dice, ...], tuple[Dice, ...]]:
    """The rolls of ``count`` dice a search tries: a neutral first throw, the plain rolls, the all-alike rolls.

    The neutral throw (12346 for five dice) makes nothing much and comes before dice thrown
    second; plain rolls show two faces or more; all-alike rolls are a five of a kind for five
    dice (one face for a single die: every roll of one die is both).
    """
    rolls = dice_tables(count).rolls
    if count <= NUM_DICE:
        neutral = Dice.of(*range(1, count), count + 1)
    else:
        neutral = Dice.of(1, 2, 3, 4, 6, *(1,) * (count - NUM_DICE))
    plain = tuple(roll for roll in rolls if len(set(roll.faces)) > 1) or rolls
    alike = tuple(roll for roll in rolls if len(set(roll.faces)) == 1)
    return neutral, plain, alike


@attrs.frozen
class Recipe:
    """One turn that fills a box: the dice of each throw (all the dice thrown each time), then Score or Scratch.

    Examples:
        >>> Recipe((Dice.parse("66612"),), False).moves(0, "sixes", None)[-1]
        Move(player=0, action=Score(row='sixes', column=None))
    """

    throws: tuple[Dice, ...]
    scratch: bool

    def moves(self, player: int, row: str, column: str | None) -> list[Move]:
        action: Action = Scratch(row, column) if self.scratch else Score(row, column)
        return [*(Move(player, Roll(outcome=dice)) for dice in self.throws), Move(player, action)]


@cached("scorecard: witness rolls by value", size=64, key="a row's score table and its dice count")
def _rolls_by_value(table: tuple[int, ...], count: int) -> dict[int, tuple[Dice, ...]]:
    """The plain rolls (no five of a kind) of ``count`` dice of each value a row's table gives."""
    tables = dice_tables(count)
    found: dict[int, list[Dice]] = {}
    for roll in _rolls(count)[1]:
        found.setdefault(table[tables.roll_index(roll.faces)], []).append(roll)
    return {value: tuple(rolls) for value, rolls in found.items()}


def turns_for(rules: ScorecardRules, r: int, cell: Cell) -> tuple[tuple[Recipe, ...], tuple[Recipe, ...]]:
    """The turns worth trying first for row ``r`` to hold ``cell``, in two tiers tried in turn.

    1. plain dice (no five of a kind) that write the value, or a cross, thrown first (and the
       first of them thrown second too: a rule may pay more on the first throw, a served bonus);
    2. five of a kind (all the dice alike, for any dice count), thrown first or second (a joker,
       a bonus, a *sec*).

    Every other roll (`other_turns`) is tried only when both tiers fail: a value some user's
    rule writes for other dice.

    Examples:
        >>> import yamskit
        >>> from yamskit.scorecard import Cell
        >>> plain, fives = turns_for(yamskit.variant("classic").rules, 5, Cell(points=30))
        >>> plain, len(fives)
        ((), 12)
        >>> plain, fives = turns_for(yamskit.variant("crag").rules, 12, Cell(points=50))
        >>> [" then ".join(map(str, recipe.throws)) for recipe in plain], len(fives)
        (['166', '355', '124 then 166'], 12)
    """
    neutral, plain_rolls, alike = _rolls(rules.dice)
    by_value = _rolls_by_value(rules.row_tables[r], rules.dice)
    plain: list[Recipe] = []
    if cell.scratched:
        if rules.allow_scratch:
            plain.append(Recipe((plain_rolls[0],), True))
        plain.extend(Recipe((roll,), False) for roll in by_value.get(0, ())[:1])
    else:
        rolls = by_value.get(cell.points or 0, ())
        plain.extend(Recipe((roll,), False) for roll in rolls[:2])
        if rolls and rules.max_throws >= 2:
            plain.append(Recipe((neutral, rolls[0]), False))
    fives: list[Recipe] = []
    ways = (True, False) if cell.scratched and rules.allow_scratch else (False,)
    for five in alike:
        for scratch in ways:
            fives.append(Recipe((five,), scratch))
            if rules.max_throws >= 2:
                fives.append(Recipe((neutral, five), scratch))
    return tuple(plain), tuple(fives)


def other_turns(tried: tuple[Recipe, ...], dice: int = NUM_DICE) -> Iterator[Recipe]:
    """Every plain roll of ``dice`` dice not tried yet, thrown once and scored.

    Examples:
        >>> len(list(other_turns(()))), len(list(other_turns((), 3)))
        (246, 50)
    """
    seen = {recipe.throws for recipe in tried}
    return (Recipe((roll,), False) for roll in _rolls(dice)[1] if (roll,) not in seen)


@attrs.define
class Search:
    """One witness search: the position, each player's filled boxes, what turns write, the work done.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("classic").position(["Ann"], sheets=[{"ones": 3}], seed=1)
        >>> search = Search(game, [[(0, 0, game.sheets[0].cells[0][0])]], [0], contexts=True)
        >>> search.allowed(0, 0), search.where(0, 0, 0)
        ([0], "Ann's box 'ones'")
    """

    target: ScorecardGame
    boxes: list[list[tuple[int, int, Cell]]]  # per player: (row, column, cell) of each filled box
    order: list[int]  # seats in playing order, first player first
    contexts: bool
    recipes: dict[tuple[int, Cell], tuple[tuple[Recipe, ...], tuple[Recipe, ...]]] = attrs.field(factory=dict)
    known: dict[Hashable, dict[int, Recipe]] = attrs.field(factory=dict)
    sheets: dict[tuple[int, int], Sheet] = attrs.field(factory=dict)
    work: int = 0

    @property
    def start(self) -> Turn:
        """A turn before its first throw."""
        return Turn.start(max_throws=self.rules.max_throws, dice=self.rules.dice)

    @property
    def rules(self) -> ScorecardRules:
        """The position's rules."""
        return self.target.rules

    def sheet(self, p: int, mask: int) -> Sheet:
        """``p``'s sheet with the boxes in ``mask`` filled as the target has them (built once per mask).

        A sheet one box away from one already built is that one with a box written.
        """
        found = self.sheets.get((p, mask))
        if found is None:
            low = mask & -mask
            base = self.sheets.get((p, mask ^ low)) if mask else None
            if base is not None:
                r, c, cell = self.boxes[p][low.bit_length() - 1]
                found = base.with_cell(r, c, cell)
            else:
                rules = self.rules
                cells = [[EMPTY] * len(rules.rows) for _ in rules.columns]
                for i, (r, c, cell) in enumerate(self.boxes[p]):
                    if mask >> i & 1:
                        cells[c][r] = cell
                found = Sheet(tuple(tuple(col) for col in cells))
            self.sheets[(p, mask)] = found
        return found

    def game(self, masks: list[int], current: int) -> ScorecardGame:
        """The position with the boxes in ``masks`` filled as the target has them, ``current`` to throw."""
        target = self.target
        return type(target)(
            target.variant,
            target.players,
            tuple(self.sheet(p, mask) for p, mask in enumerate(masks)),
            current,
            self.start,
            target.stream,
            first_player=target.first_player,
            column_weights=target.column_weights,
        )

    def fill(self, game: ScorecardGame, p: int, i: int, *, every: bool) -> dict[int, Recipe]:
        """The ways of writing ``p``'s box ``i`` exactly as it stands in ``game``: ``{points beside: turn}``.

        With ``every`` false, the first way that earns nothing beside the boxes is enough.
        """
        r, c, cell = self.boxes[p][i]
        key: Hashable = None
        if self.contexts:
            rules: tuple[Any, ...] = self.rules.placement_rules
            key = (p, r, c, every, *(rule.witness_context(game, p, r, c) for rule in rules))
            known = self.known.get(key)
            if known is not None:
                return known
        tiers = self.recipes.get((r, cell))
        if tiers is None:
            tiers = self.recipes[(r, cell)] = turns_for(self.rules, r, cell)
        found: dict[int, Recipe] = {}
        for tier in range(3):
            if tier == 2 and found:
                break
            recipes: Iterable[Recipe] = tiers[tier] if tier < 2 else other_turns(tiers[0], self.rules.dice)
            for recipe in recipes:
                if len(recipe.throws) > self.rules.max_throws:
                    continue
                extra = self._try(game, r, c, cell, recipe)
                if extra is not None:
                    found.setdefault(extra, recipe)
                    if not every and extra == 0:
                        break
                    if tier == 2:
                        break
            if found and not every and 0 in found:
                break
        if key is not None:
            self.known[key] = found
        return found

    def _try(self, game: ScorecardGame, r: int, c: int, cell: Cell, recipe: Recipe) -> int | None:
        """The points beside the boxes ``recipe`` earns when it writes ``cell`` exactly, else ``None``."""
        self.work += 1
        turn = game.turn
        for dice in recipe.throws:
            turn = turn.thrown(Dice(), dice)
        thrown = game.transitions.thrown(game, turn, game.stream, game.history)
        rules = self.rules
        row, column = rules.decision_row(r), rules.column_ids[c]  # a box of a category: named by its category
        try:
            placed = thrown.placement(Scratch(row, column) if recipe.scratch else Score(row, column))
        except YamskitError:
            return None
        if placed.also_cross or placed.crossed != cell.scratched:
            return None
        if rules.enders and rules.early_end(thrown, placed) is not None:  # a turn that would end the game
            return None
        if not cell.scratched and placed.points != cell.points:
            return None
        return placed.extra

    def allowed(self, p: int, mask: int) -> list[int]:
        """``p``'s boxes not in ``mask`` that the columns' fill orders open now."""
        rules, boxes = self.rules, self.boxes[p]
        columns = [0] * len(rules.columns)
        for i, (r, c, _) in enumerate(boxes):
            if mask >> i & 1:
                columns[c] |= 1 << r
        opened = [frozenset(rules.tables.open_boxes(c, m)[0]) for c, m in enumerate(columns)]
        return [i for i, (r, c, _) in enumerate(boxes) if not mask >> i & 1 and r in opened[c]]

    def spend(self) -> None:
        """Give up (an `ImpossibleSheetError`, rule ``search_limit``) after `SEARCH_LIMIT` turns tried."""
        if self.work > SEARCH_LIMIT:
            raise ImpossibleSheetError(
                f"no game reaching this position was found within {SEARCH_LIMIT} turns tried; it may still be "
                "reachable, but a position is only accepted with a game that reaches it",
                rule="search_limit",
            )

    def where(self, p: int, r: int, c: int) -> str:
        """Box ``r``, ``c`` of ``p``, as messages name it (see `where`)."""
        return where(self.target, p, r, c)


def where(game: ScorecardGame, p: int, r: int, c: int) -> str:
    """A box as messages name it: ``Ann's box 'ones'``, with its column where there are several.

    Examples:
        >>> import yamskit
        >>> where(yamskit.variant("challenge").new_game(players=["Ann"], seed=1), 0, 12, 1)
        "Ann's box 'plus' in column 'up'"
    """
    rules = game.rules
    where = f"{game.players[p]}'s box {rules.row_ids[r]!r}"
    return where if len(rules.columns) == 1 else f"{where} in column {rules.column_ids[c]!r}"


#: An order of one player's boxes: (box index, turn, points beside the boxes it earns).
Plan = list[tuple[int, Recipe, int]]
