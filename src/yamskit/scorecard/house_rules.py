"""Joker and five-of-a-kind bonus rules for one-column scorecard games.

All three are placement rules (see `yamskit.scorecard.placement`): frozen values you pass in
``ScorecardVariant.define(rules=[...])``. Classic Yams and the Yahtzee preset use
`Joker` and `FiveOfAKindBonus`; Kniffel's printed sheet pays its bonus as `NumberBoxBonus`
does. Solvers recognise all three by type (a number-box bonus beside a forced joker).

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yahtzee")
    >>> [type(rule).__name__ for rule in v.rules.placement_rules]
    ['Joker', 'FiveOfAKindBonus']
"""

from __future__ import annotations

from collections.abc import Iterable  # noqa: F401  # named by row_ids' annotation, which attrs gives __init__
from typing import ClassVar, Literal

import attrs

from ..categories import FIVE_OF_A_KIND_INDEXES, FIVE_OF_A_KIND_ROLLS, Category, is_five_of_a_kind
from ..dice import NUM_DICE
from ..errors import JokerRuleError, RuleConfigError, brief
from ..position.errors import ImpossibleSheetError
from ._row_options import are_row_ids, row_ids
from .placement import BoxValues, Placement, PlacementRuleBase
from .rules import ScorecardRules, SheetState

__all__ = ["FiveOfAKindBonus", "Joker", "JokerKind", "NumberBoxBonus", "joker_value"]

#: How a further five of a kind may be used once the five-of-a-kind box is filled.
JokerKind = Literal["free", "forced", "seed"]
_UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
#: The empty answer of `Joker.refusable_rows`, shared.
_NONE: frozenset[str] = frozenset()


def joker_value(category: Category, points: int) -> int:
    """What a lower box pays for a five of a kind used as a joker.

    A box that already pays for the dice keeps its points (three of a kind, chance);
    a box with one fixed value (full house, straights) pays that value.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> joker_value(v.category("large_straight"), 0), joker_value(v.category("chance"), 20)
        (40, 20)
    """
    if points:
        return points
    paying = {p for p in category.table if p}
    return paying.pop() if len(paying) == 1 else points


def _five_of_a_kind_box(game: SheetState, p: Placement, row: str) -> int | None:
    """The points of the five-of-a-kind box ``row`` when ``p`` places a further five of a kind, else ``None``.

    A further five of a kind: the dice are five of a kind and the box ``row`` of the placing
    player's sheet is already filled (its points; 0 when crossed out).
    """
    if not is_five_of_a_kind(p.dice):
        return None
    rules = game.rules
    box = game.sheets[p.player].cell(rules.row_index(row), 0)
    return None if box.is_empty else box.value


@attrs.frozen
class Joker(PlacementRuleBase):
    """Lets a further five of a kind stand in for other boxes once its own box is filled.

    * ``"free"`` — any open box may be used; a lower box pays its full value (full
      house 25, straights 30/40) when the matching number box is already filled.
    * ``"forced"`` — the matching number box must be used if it is open; otherwise any
      open lower box, at full value; otherwise a 0 in an open number box.
    * ``"seed"`` — rule sheet 002: only when the five-of-a-kind box holds points (not
      0) and the matching number box is filled, a lower box pays its full value.

    The rule reads the sheet's own rows: ``row`` and ``upper`` name them (a Kniffel sheet's
    ``"kniffel"`` and ``"einser"`` ... ``"sechser"``); every row not in ``upper`` is a lower
    box. On a small sheet without some number rows, a five of a kind whose number row is
    missing goes, under ``"forced"``, in an open lower box at full value (else a 0 in an open
    number box); under ``"free"`` and ``"seed"`` the lower boxes pay their own points for it.
    `yamskit.scorecard.ScorecardVariant.define` refuses a joker whose rows do not fit the sheet
    (see `check_sheet`).

    Attributes:
        kind: one of the three readings above.
        row: the five-of-a-kind row id.
        upper: the number rows, ones to sixes (six row ids, the face's row at index ``face - 1``).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yahtzee").new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="44444")).apply(yamskit.Score("yams"))
        >>> g = g.apply(yamskit.Roll(outcome="44444"))
        >>> [a.row for a in g.legal_actions() if isinstance(a, yamskit.Score)]
        ['fours']
    """

    kind: JokerKind
    row: str = "yams"
    upper: tuple[str, ...] = attrs.field(default=_UPPER, converter=row_ids)

    def __attrs_post_init__(self) -> None:
        if self.kind not in ("free", "forced", "seed"):
            raise RuleConfigError(f"joker must be None, 'free', 'forced' or 'seed', not {brief(self.kind)}")
        if not are_row_ids(self.upper, count=6):
            raise RuleConfigError(
                f"a joker's upper names the six number rows, ones to sixes, each once, not {brief(self.upper)}"
            )

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        box_points = _five_of_a_kind_box(game, p, self.row)
        if box_points is None or (self.kind == "seed" and box_points == 0):
            return p
        rules = game.rules
        sheet = game.sheets[p.player]
        face = p.dice.faces[0]
        matching = self.upper[face - 1]  # the sheet's own number row of that face
        present = matching in rules.row_ids
        matching_open = present and sheet.cell(rules.row_index(matching), 0).is_empty
        is_upper = p.row in self.upper
        if self.kind == "forced":
            if matching_open and p.row != matching:
                raise JokerRuleError(f"joker (forced): a five of a kind of {face}s must go in {brief(matching)}")
            open_lower = [
                r for r in rules.row_ids if r not in self.upper and sheet.cell(rules.row_index(r), 0).is_empty
            ]
            if not matching_open and open_lower and is_upper:
                why = "is filled" if present else "is not on this sheet"
                raise JokerRuleError(
                    f"joker (forced): {brief(matching)} {why}, so this five of a kind goes in a lower box "
                    f"({', '.join(open_lower)})"
                )
            # the matching number box is used, or out of play: the lower boxes pay their full value
            full_value = not matching_open
        else:
            full_value = present and not matching_open
        if full_value and not is_upper and not p.crossed:
            value = joker_value(rules.rows[rules.row_index(p.row)], p.points)
            if value != p.points:
                return attrs.evolve(p, points=value, notes=(*p.notes, f"joker ({self.kind}): full value {value}"))
        return p

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Refuse a sheet this joker cannot read: its five-of-a-kind row or its number rows missing or wrong.

        The five-of-a-kind ``row`` must be on the sheet and not one of ``upper``; the sheet must
        have some of the number rows ``upper`` names, and each it has must be the number row of
        its face: it pays for five of that face and for no other five of a kind.

        Raises:
            RuleConfigError: naming the joker and the row.

        Examples:
            >>> import yamskit
            >>> rules = yamskit.variant("classic").rules
            >>> Joker("free").check_sheet(rules)
            >>> Joker("free", row="kniffel").check_sheet(rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: Joker('free'): the five-of-a-kind row 'kniffel' is not a row of this \
sheet (rows: 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind', ...)
            >>> Joker("forced", upper=("ones", "twos", "threes", "fives", "fours", "sixes")).check_sheet(rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: Joker('forced'): its number row of 4s, 'fives', must pay for five 4s \
and for no other five of a kind (upper names the number rows in face order, ones to sixes)
        """
        name = f"Joker({self.kind!r})"
        _five_dice_only(rules, name)
        rules.check_rows(name, "five-of-a-kind row", self.row)
        if self.row in self.upper:
            raise RuleConfigError(f"{name}: its five-of-a-kind row {brief(self.row)} is also one of its number rows")
        if not any(u in rules.row_ids for u in self.upper):
            raise RuleConfigError(
                f"{name}: none of its number rows {brief(self.upper)} is a row of this sheet (name the sheet's "
                "number rows, ones to sixes, with upper=...)"
            )
        for roll in FIVE_OF_A_KIND_ROLLS:
            face = roll.faces[0]
            row = self.upper[face - 1]
            if row not in rules.row_ids:
                continue
            table = rules.rows[rules.row_index(row)].table
            if not table[roll.index] or any(table[other.index] for other in FIVE_OF_A_KIND_ROLLS if other != roll):
                raise RuleConfigError(
                    f"{name}: its number row of {face}s, {brief(row)}, must pay for five {face}s and for no other "
                    "five of a kind (upper names the number rows in face order, ones to sixes)"
                )

    #: What a joker allows depends on the placing player's own sheet only (see `yamskit.scorecard.witness`).
    witness_own_sheet: ClassVar[bool] = True

    def witness_context(
        self, game: SheetState, player: int, row: int, column: int
    ) -> tuple[bool, int, tuple[bool, ...], bool] | None:
        """What of ``player``'s sheet this rule reads: the five-of-a-kind box, the number boxes, any open lower box.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yahtzee").new_game(seed=1)
            >>> Joker("forced").witness_context(g, 0, 0, 0)
            (True, 0, (False, False, False, False, False, False), True)
        """
        rules = game.rules
        sheet = game.sheets[player]
        box = sheet.cell(rules.row_index(self.row), 0)
        uppers = tuple(u in rules.row_ids and not sheet.cell(rules.row_index(u), 0).is_empty for u in self.upper)
        lower_open = any(r not in self.upper and sheet.cell(i, 0).is_empty for i, r in enumerate(rules.row_ids))
        return (box.is_empty, box.value, uppers, lower_open)

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """A joker writes a value its row pays for other dice (full house 25...): the values are unchanged.

        Examples:
            >>> import yamskit
            >>> rules = yamskit.variant("yahtzee").rules
            >>> Joker("forced").box_values(rules, ()) == ()
            True
        """
        return values

    def refusable_rows(self, game: SheetState) -> frozenset[str]:
        """The rows this rule may refuse now: every row for a further five of a kind under ``"forced"``, else none.

        See `yamskit.scorecard.moves`: only boxes of these rows are checked one by one.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yahtzee").new_game(seed=1).apply(yamskit.Roll(outcome="44444"))
            >>> Joker("forced").refusable_rows(g), Joker("free").refusable_rows(g)
            (frozenset(), frozenset())
        """
        throws = game.turn.throws
        if not throws or throws[-1].index not in FIVE_OF_A_KIND_INDEXES:  # (the usual answer, at most throws)
            return _NONE
        rules = game.rules
        if self.kind != "forced" or game.sheets[game.current_player].cell(rules.row_index(self.row), 0).is_empty:
            return _NONE
        return frozenset(rules.row_ids)


@attrs.frozen
class FiveOfAKindBonus(PlacementRuleBase):
    """Pays ``points`` beside the boxes for every further five of a kind while its box holds points.

    The bonus is paid whatever box the turn fills (even a crossed-out one), but not
    after a 0 in the five-of-a-kind box.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic", yams_bonus=100).new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="22222")).apply(yamskit.Score("yams"))
        >>> g = g.apply(yamskit.Roll(outcome="55555")).apply(yamskit.Score("fives"))
        >>> g.sheets[0].extra
        100
    """

    points: int = 100
    row: str = "yams"

    def __attrs_post_init__(self) -> None:
        if type(self.points) is not int or self.points < 0:
            raise RuleConfigError(f"a five-of-a-kind bonus is whole points >= 0, not {brief(self.points)}")

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        box_points = _five_of_a_kind_box(game, p, self.row)
        if box_points and self.points:
            return attrs.evolve(p, extra=p.extra + self.points, notes=(*p.notes, f"bonus {self.points}"))
        return p

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Refuse a sheet without the five-of-a-kind ``row`` the bonus reads.

        Raises:
            RuleConfigError: naming the bonus and the row.

        Examples:
            >>> import yamskit
            >>> FiveOfAKindBonus(50, row="yatzy").check_sheet(yamskit.variant("classic").rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: FiveOfAKindBonus(50): the five-of-a-kind row 'yatzy' is not a row of \
this sheet (rows: 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind', ...)
        """
        _five_dice_only(rules, f"FiveOfAKindBonus({self.points})")
        rules.check_rows(f"FiveOfAKindBonus({self.points})", "five-of-a-kind row", self.row)

    #: Never refuses a placement, it only adds points (see `yamskit.scorecard.moves`).
    refusable_rows: ClassVar[frozenset[str]] = frozenset()
    #: The bonus depends on the placing player's own sheet only (see `yamskit.scorecard.witness`).
    witness_own_sheet: ClassVar[bool] = True

    def witness_context(self, game: SheetState, player: int, row: int, column: int) -> tuple[bool, bool]:
        """What of ``player``'s sheet the bonus reads: whether the five-of-a-kind box is filled, and holds points.

        Examples:
            >>> import yamskit
            >>> FiveOfAKindBonus().witness_context(yamskit.variant("yahtzee").new_game(seed=1), 0, 0, 0)
            (False, False)
        """
        rules = game.rules
        box = game.sheets[player].cell(rules.row_index(self.row), 0)
        return (not box.is_empty, box.value > 0)

    @property
    def extra_points(self) -> int:
        """The points beside the boxes one further five of a kind pays (``points``)."""
        return self.points

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """The bonus is paid beside the boxes: the boxes' values are unchanged."""
        return values

    def check_position(self, game: SheetState) -> None:
        """Refuse points beside the boxes no sequence of five of a kind pays.

        They must be a whole number of bonuses, paid only while the five-of-a-kind box
        holds points, and each further five of a kind fills one other box a five of a
        kind can fill (with the joker's values where the rules have a joker).

        Raises:
            ImpossibleSheetError: with rule ``bonus_points``.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("classic", yams_bonus=100)
            >>> v.position(["Ann"], sheets=[{"yams": 50, "sixes": 30}], extra=[100]).sheets[0].extra
            100
            >>> v.position(["Ann"], sheets=[{"yams": 50}], extra=[100])  # doctest: +IGNORE_EXCEPTION_DETAIL
            Traceback (most recent call last):
            ImpossibleSheetError: Player 1's points beside the boxes (100): 1 further five of a kind need ...
        """
        if not self.points:
            return
        rules = game.rules
        for p, sheet in enumerate(game.sheets):
            if not sheet.extra:
                continue
            who = f"{game.players[p]}'s points beside the boxes ({sheet.extra})"
            if sheet.extra % self.points:
                raise ImpossibleSheetError(
                    f"{who} must be a multiple of the {self.points}-point bonus", rule="bonus_points"
                )
            r = rules.row_index(self.row)
            if not (sheet.cells[0][r].points or 0) > 0:
                raise ImpossibleSheetError(
                    f"{who}: a bonus is paid only while the box {brief(self.row)} holds points", rule="bonus_points"
                )
            paid, room = sheet.extra // self.points, _five_of_a_kind_boxes(game, p, r)
            if paid > room:
                raise ImpossibleSheetError(
                    f"{who}: {paid} further five of a kind need {paid} other filled boxes a five of a kind can "
                    f"fill, but there are {room}",
                    rule="bonus_points",
                )


@attrs.frozen
class NumberBoxBonus(PlacementRuleBase):
    """Pays ``points`` beside the boxes for a further five of a kind written in its own number box.

    Schmidt Spiele's Kniffel sheet: once the five-of-a-kind box holds an entry (points or
    a 0), a further five of a kind scored in the number box of its face (five 5s in the
    fives) earns the bonus; used anywhere else, as a joker or not, it earns none.

    Attributes:
        points: the bonus, whole points >= 0.
        row: the five-of-a-kind row id.
        upper: the number rows, ones to sixes (as `Joker`'s ``upper``).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("kniffel").new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="22222")).apply(yamskit.Scratch("kniffel"))
        >>> g = g.apply(yamskit.Roll(outcome="55555")).apply(yamskit.Score("fuenfer"))
        >>> g.sheets[0].extra
        50
    """

    points: int = 50
    row: str = "yams"
    upper: tuple[str, ...] = attrs.field(default=_UPPER, converter=row_ids)

    def __attrs_post_init__(self) -> None:
        if type(self.points) is not int or self.points < 0:
            raise RuleConfigError(f"a five-of-a-kind bonus is whole points >= 0, not {brief(self.points)}")
        if not are_row_ids(self.upper, count=6):
            raise RuleConfigError(
                "a number-box bonus's upper names the six number rows, ones to sixes, each once, "
                f"not {brief(self.upper)}"
            )

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        if not self.points or p.crossed or _five_of_a_kind_box(game, p, self.row) is None:
            return p
        if p.row != self.upper[p.dice.faces[0] - 1]:
            return p
        return attrs.evolve(p, extra=p.extra + self.points, notes=(*p.notes, f"bonus {self.points}"))

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Refuse a sheet without the five-of-a-kind ``row``, or with none of the number rows ``upper`` names.

        Raises:
            RuleConfigError: naming the bonus and the row.

        Examples:
            >>> import yamskit
            >>> NumberBoxBonus(50, row="kniffel").check_sheet(yamskit.variant("classic").rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: NumberBoxBonus(50): the five-of-a-kind row 'kniffel' is not a row of \
this sheet (rows: 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind', ...)
        """
        name = f"NumberBoxBonus({self.points})"
        _five_dice_only(rules, name)
        rules.check_rows(name, "five-of-a-kind row", self.row)
        if self.row in self.upper or not any(u in rules.row_ids for u in self.upper):
            raise RuleConfigError(
                f"{name}: its number rows {brief(self.upper)} must be rows of this sheet other than {brief(self.row)}"
            )

    #: Never refuses a placement, it only adds points (see `yamskit.scorecard.moves`).
    refusable_rows: ClassVar[frozenset[str]] = frozenset()
    #: The bonus depends on the placing player's own sheet only (see `yamskit.scorecard.witness`).
    witness_own_sheet: ClassVar[bool] = True

    def witness_context(self, game: SheetState, player: int, row: int, column: int) -> bool:
        """What of ``player``'s sheet the bonus reads: whether the five-of-a-kind box is filled.

        Examples:
            >>> import yamskit
            >>> NumberBoxBonus(row="kniffel").witness_context(yamskit.variant("kniffel").new_game(seed=1), 0, 0, 0)
            False
        """
        rules = game.rules
        return not game.sheets[player].cell(rules.row_index(self.row), 0).is_empty

    @property
    def extra_points(self) -> int:
        """The points beside the boxes one further five of a kind pays (``points``)."""
        return self.points

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """The bonus is paid beside the boxes: the boxes' values are unchanged."""
        return values

    def check_position(self, game: SheetState) -> None:
        """Refuse points beside the boxes no sequence of five of a kind pays.

        They must be a whole number of bonuses, paid only once the five-of-a-kind box is
        filled, one for each number box that holds five of its face at most.

        Raises:
            ImpossibleSheetError: with rule ``bonus_points``.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("kniffel")
            >>> v.position(["Ann"], sheets=[{"kniffel": 0, "sechser": 30}], extra=[50]).sheets[0].extra
            50
            >>> v.position(["Ann"], sheets=[{"kniffel": 50, "sechser": 24}], extra=[50])  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            yamskit.position.errors.ImpossibleSheetError: Ann's points beside the boxes (50): 1 further Kniffel...
        """
        if not self.points:
            return
        rules = game.rules
        for p, sheet in enumerate(game.sheets):
            if not sheet.extra:
                continue
            who = f"{game.players[p]}'s points beside the boxes ({sheet.extra})"
            if sheet.extra % self.points:
                raise ImpossibleSheetError(
                    f"{who} must be a multiple of the {self.points}-point bonus", rule="bonus_points"
                )
            if sheet.cells[0][rules.row_index(self.row)].is_empty:
                raise ImpossibleSheetError(
                    f"{who}: a bonus is paid only once the box {brief(self.row)} is filled", rule="bonus_points"
                )
            room = sum(
                1
                for face, row in enumerate(self.upper, start=1)
                if row in rules.row_ids and sheet.cells[0][rules.row_index(row)].points == 5 * face
            )
            paid = sheet.extra // self.points
            if paid > room:
                raise ImpossibleSheetError(
                    f"{who}: {paid} further Kniffel need {paid} number boxes holding five of their face, "
                    f"but there are {room}",
                    rule="bonus_points",
                )


def _five_dice_only(rules: ScorecardRules, name: str) -> None:
    """Refuse a sheet of other than five dice: the five-of-a-kind rules read the five-dice tables."""
    if rules.dice != NUM_DICE:
        raise RuleConfigError(
            f"{name}: a joker or five-of-a-kind bonus reads five dice (for now); this sheet throws {rules.dice}"
        )


def _five_of_a_kind_boxes(game: SheetState, player: int, skip: int) -> int:
    """How many filled boxes other than ``skip`` hold a value a five of a kind can put there."""
    rules = game.rules
    joker = any(isinstance(rule, Joker) for rule in rules.placement_rules)
    count = 0
    for r, cell in enumerate(game.sheets[player].cells[0]):
        if r == skip or cell.is_empty:
            continue
        if cell.scratched:
            count += 1
            continue
        row = rules.rows[r]
        fits = {row.score(d) for d in FIVE_OF_A_KIND_ROLLS}
        if joker:
            fits |= {joker_value(row, v) for v in fits}
        count += cell.points in fits
    return count
