"""Placement rules that look past the box: a bonus for the first throw, a win at once, a box that opens later.

Three declarations a sheet may carry besides its rows (see `yamskit.scorecard.placement`
for what a placement rule is). Generala uses all three; any user's sheet may too.

* `ServedBonus` — a combination made on the first throw of a turn (*served*) is worth
  more in its box;
* `ServedWin` — a game-end rule: writing a combination made on the first throw in one of
  its rows ends the game at once, the player winning (`yamskit.scorecard.rules.EarlyEnd`);
* `OpensAfter` — a box that may be scored only once another box of the sheet holds points
  (crossing it out stays allowed).

`yamskit.scorecard.ScorecardVariant.define` refuses each of them when the sheet lacks a row
it names (their ``check_sheet`` hooks).

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("generala").new_game(["Ann", "Bob"], seed=1)
    >>> g.apply(yamskit.Roll(outcome="65432")).placement(yamskit.Score("escalera")).points
    25
    >>> g = g.apply(yamskit.Roll(outcome="33333")).apply(yamskit.Score("generala"))
    >>> g.is_over, g.ended.reason, g.result().winner_names
    (True, 'a generala on the first throw', ('Ann',))
"""

from __future__ import annotations

from collections.abc import Iterable  # noqa: F401  # named by row_ids' annotation, which attrs gives __init__
from typing import ClassVar

import attrs

from ..errors import ClosedBoxError, RuleConfigError, brief
from ..position.errors import ImpossibleSheetError
from ._row_options import are_row_ids, row_ids
from .moves import Refusable, Refused
from .placement import BoxValues, Placement, PlacementRuleBase
from .rules import ScorecardRules, SheetState

__all__ = ["OpensAfter", "ServedBonus", "ServedWin"]


def _served(p: Placement) -> bool:
    """Whether ``p`` writes points for dice made on the turn's first throw."""
    return not p.crossed and p.points > 0 and p.turn.is_first_throw


def _check_row_list(name: str, rows: tuple[str, ...]) -> None:
    if not are_row_ids(rows):
        raise RuleConfigError(f"{name}: rows must be one or more distinct row ids, not {brief(rows)}")


@attrs.frozen
class ServedBonus(PlacementRuleBase):
    """A combination made on the first throw of a turn is worth ``points`` more in its box.

    The bonus goes into the box (Generala's escalera *servida*: 20 + 5 = 25), only where the
    dice pay there (a 0 stays 0, a cross stays a cross), and only for the ``rows`` named.

    Attributes:
        rows: the row ids that pay the bonus.
        points: the points added (whole points from 1).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("generala", served_bonus=10).new_game(seed=1)
        >>> g.apply(yamskit.Roll(outcome="22333")).placement(yamskit.Score("full")).points
        40
        >>> g = g.apply(yamskit.Roll(outcome="22331")).apply(yamskit.Roll(keep="2233", outcome="3"))
        >>> g.placement(yamskit.Score("full")).points
        30
    """

    rows: tuple[str, ...] = attrs.field(converter=row_ids)
    points: int = 5

    def __attrs_post_init__(self) -> None:
        _check_row_list("ServedBonus", self.rows)
        if type(self.points) is not int or not 0 < self.points <= 10_000:
            raise RuleConfigError(f"a served bonus is whole points from 1 to 10000, not {brief(self.points)}")

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        if p.row in self.rows and _served(p):
            return attrs.evolve(p, points=p.points + self.points, notes=(*p.notes, f"served +{self.points}"))
        return p

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Refuse a sheet without one of the bonus's rows.

        Raises:
            RuleConfigError: naming the bonus and the row.

        Examples:
            >>> import yamskit
            >>> ServedBonus(["full_house", "straight"]).check_sheet(yamskit.variant("classic").rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: ServedBonus(5): the served row 'straight' is not a row of this sheet \
(rows: 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind', ...)
        """
        rules.check_rows(f"ServedBonus({self.points})", "served row", *self.rows)

    #: Never refuses a box, it only adds points (see `yamskit.scorecard.moves`).
    refusable_rows: ClassVar[frozenset[str]] = frozenset()
    #: What the bonus adds depends on the turn only (see `yamskit.scorecard.witness`).
    witness_own_sheet: ClassVar[bool] = True

    def witness_context(self, game: SheetState, player: int, row: int, column: int) -> tuple[()]:
        """Nothing of the sheet: the bonus reads the turn only.

        Examples:
            >>> import yamskit
            >>> ServedBonus("full").witness_context(yamskit.variant("generala").new_game(seed=1), 0, 0, 0)
            ()
        """
        return ()

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """Each bonus row may also hold its paying values plus the bonus.

        Examples:
            >>> import yamskit
            >>> rules = yamskit.variant("generala").rules
            >>> sorted(rules.box_values[rules.row_index("escalera")])
            [0, 20, 25]
        """
        return tuple(
            v | {x + self.points for x in v if x > 0} if row in self.rows else v
            for row, v in zip(rules.row_ids, values, strict=True)
        )


@attrs.frozen
class ServedWin(PlacementRuleBase):
    """A game-end rule: dice made on the first throw, scored in one of ``rows``, win the game at once.

    The game ends when the box is written (the player scores the combination, as on paper),
    with that player the winner whatever the points (`yamskit.scorecard.rules.EarlyEnd`,
    ``reason`` saying what happened). A combination scored after a second or third throw, a
    0 or a cross ends nothing.

    Attributes:
        rows: the row ids whose served combination wins.
        reason: what happened, as the state and its saves report it.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("generala").new_game(["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="12346")).apply(yamskit.Roll(outcome="55555"))
        >>> g.apply(yamskit.Score("generala")).is_over
        False
    """

    rows: tuple[str, ...] = attrs.field(converter=row_ids)
    reason: str = "a combination on the first throw"

    def __attrs_post_init__(self) -> None:
        _check_row_list("ServedWin", self.rows)
        if not isinstance(self.reason, str) or not 0 < len(self.reason) <= 200:
            raise RuleConfigError(f"a served win's reason is text of 1 to 200 characters, not {brief(self.reason)}")

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        return p

    def ends_game(self, game: SheetState, p: Placement) -> bool:
        """Whether writing ``p`` ends the game: points for dice of the first throw, in one of ``rows``.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("generala").new_game(seed=1).apply(yamskit.Roll(outcome="22222"))
            >>> rule = ServedWin("generala")
            >>> generala, twos = g.placement(yamskit.Score("generala")), g.placement(yamskit.Score("doses"))
            >>> rule.ends_game(g, generala), rule.ends_game(g, twos)
            (True, False)
        """
        return p.row in self.rows and _served(p)

    @property
    def end_reason(self) -> str:  # type: ignore[override]
        """The reason an ended state reports (``reason``).

        Examples:
            >>> ServedWin("generala", "a served generala").end_reason
            'a served generala'
        """
        return self.reason

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Refuse a sheet without one of the rule's rows.

        Raises:
            RuleConfigError: naming the rule and the row.

        Examples:
            >>> import yamskit
            >>> ServedWin("generala").check_sheet(yamskit.variant("classic").rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: ServedWin: the winning row 'generala' is not a row of this sheet \
(rows: 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind', ...)
        """
        rules.check_rows("ServedWin", "winning row", *self.rows)

    #: Never refuses a box and writes what the rows give (see `yamskit.scorecard.moves`).
    refusable_rows: ClassVar[frozenset[str]] = frozenset()
    #: Whether the game ends depends on the turn only (see `yamskit.scorecard.witness`).
    witness_own_sheet: ClassVar[bool] = True

    def witness_context(self, game: SheetState, player: int, row: int, column: int) -> tuple[()]:
        """Nothing of the sheet: the rule reads the turn only.

        Examples:
            >>> import yamskit
            >>> ServedWin("generala").witness_context(yamskit.variant("generala").new_game(seed=1), 0, 0, 0)
            ()
        """
        return ()

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """The rule writes nothing: the values are unchanged."""
        return values


@attrs.frozen
class OpensAfter(PlacementRuleBase):
    """A box that may be scored only once the box ``after`` of the same column holds points.

    Generala's doble generala: 100, open only once the generala box holds 50 (a generala
    crossed out or scored 0 never opens it). Before, a Score there is refused with a
    `yamskit.errors.ClosedBoxError` and `legal_actions` leaves it out; crossing the box
    out stays allowed at any time (the sheet must still be filled).

    Attributes:
        row: the box that opens later.
        after: the box that must hold points first.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("generala").new_game(seed=1).apply(yamskit.Roll(outcome="66666"))
        >>> yamskit.Score("doble_generala") in g.legal_actions(), yamskit.Scratch("doble_generala") in g.legal_actions()
        (False, True)
        >>> g = g.apply(yamskit.Score("seises"))
        >>> g = g.apply(yamskit.Roll(outcome="12346")).apply(yamskit.Roll(outcome="44444"))
        >>> g = g.apply(yamskit.Score("generala"))
        >>> g = g.apply(yamskit.Roll(outcome="12346")).apply(yamskit.Roll(outcome="22222"))
        >>> g.placement(yamskit.Score("doble_generala")).points
        100
    """

    row: str
    after: str

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.row, str) or not isinstance(self.after, str) or self.row == self.after:
            raise RuleConfigError(f"OpensAfter names two different rows, not {brief(self.row)} and {brief(self.after)}")

    def _name(self) -> str:
        return f"OpensAfter({self.row!r}, {self.after!r})"

    def _open(self, game: SheetState, player: int, column: int) -> bool:
        rules = game.rules
        return game.sheets[player].cells[column][rules.row_index(self.after)].value > 0

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        if p.row != self.row or p.scratch or self._open(game, p.player, game.rules.column_index(p.column)):
            return p
        raise ClosedBoxError(
            f"{self._name()}: the box {brief(self.row)} opens only once {brief(self.after)} holds points"
        )

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Refuse a sheet without the box or the box it waits for.

        Raises:
            RuleConfigError: naming the rule and the row.

        Examples:
            >>> import yamskit
            >>> OpensAfter("yams", "generala").check_sheet(yamskit.variant("classic").rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: OpensAfter('yams', 'generala'): the row it waits for 'generala' is not \
a row of this sheet (rows: 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind', ...)
        """
        rules.check_rows(self._name(), "row that opens later", self.row)
        rules.check_rows(self._name(), "row it waits for", self.after)

    def refusable_rows(self, game: SheetState) -> frozenset[Refusable]:
        """The boxes still closed for the player to move, as sure refusals of their Score.

        Examples:
            >>> import yamskit
            >>> OpensAfter("doble_generala", "generala").refusable_rows(yamskit.variant("generala").new_game(seed=1))
            frozenset({Refused(('doble_generala', 'main'))})
        """
        rules = game.rules
        player = game.current_player
        return frozenset(
            Refused((self.row, column)) for c, column in enumerate(rules.column_ids) if not self._open(game, player, c)
        )

    #: Whether the box is open depends on the placing player's own sheet only.
    witness_own_sheet: ClassVar[bool] = True

    def witness_context(self, game: SheetState, player: int, row: int, column: int) -> bool:
        """What of ``player``'s sheet the rule reads: whether the box it waits for holds points.

        Examples:
            >>> import yamskit
            >>> game = yamskit.variant("generala").new_game(seed=1)
            >>> OpensAfter("doble_generala", "generala").witness_context(game, 0, 10, 0)
            False
        """
        return self._open(game, player, column)

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """The rule writes nothing: the values are unchanged."""
        return values

    def check_position(self, game: SheetState) -> None:
        """Refuse a box scored (not crossed out) while the box it waits for holds no points.

        Raises:
            ImpossibleSheetError: with rule ``opens_after``.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("generala").position(["Ann"], sheets=[{"doble_generala": 100}])  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            yamskit.position.errors.ImpossibleSheetError: Ann's box 'doble_generala' holds 100, but it opens ...
        """
        rules = game.rules
        r = rules.row_index(self.row)
        for p, sheet in enumerate(game.sheets):
            for c, column in enumerate(sheet.cells):
                if column[r].holds_number and not self._open(game, p, c):
                    where = f"{game.players[p]}'s box {brief(self.row)}"
                    if len(sheet.cells) > 1:
                        where += f" in column {brief(rules.column_ids[c])}"
                    raise ImpossibleSheetError(
                        f"{where} holds {column[r].points}, but it opens only once {brief(self.after)} holds "
                        "points (it may only be crossed out before)",
                        rule="opens_after",
                    )
