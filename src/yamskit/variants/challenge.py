"""Yams Challenge (rule sheet 001): fourteen rows in four columns with their own fill rules.

Rows, top to bottom: the six number boxes, three of a kind and four of a kind (the
matching dice only: five 3s give 9 and 12), full house (the sum of all five; five of
a kind counts), small straight 10, large straight 20, Yams 40, then plus and minus
(the sum of all five). No chance row. 30 bonus points in each column whose number
boxes reach 60.

Columns: ``down`` (labelled "Descending": top to bottom), ``up`` ("Ascending":
bottom to top, minus first), ``disorder`` (any order) and ``dry`` (any order, but
only with dice that all come from one throw of all five). The ids ``down``/``up``
are the ones Competitive Yams uses too; the labels ``"descending"``/``"ascending"``
(the ids before 0.1.0) are still accepted. In each column plus must beat minus whenever both hold
a number. ``Scratch(row, column)`` crosses a box out, obeying the same order and
condition. A player is never stranded: when only ``dry`` boxes are left, throws
that keep dice on the last throw are refused.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("challenge")
    >>> v.columns
    ('down', 'up', 'disorder', 'dry')
    >>> v.score("three_of_a_kind", "33325"), v.score("four_of_a_kind", "33336"), v.score("full_house", "55555")
    (9, 12, 25)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from .. import _registry, adapters
from ..categories import (
    Category,
    full_house,
    is_five_of_a_kind,
    is_large_straight,
    is_small_straight,
    matching_sum,
    total,
    upper,
    when,
)
from ..errors import ConstraintError, RuleConfigError, brief
from ..position.errors import ImpossibleSheetError
from ..scorecard.moves import Refused
from ..scorecard.placement import BoxValues, Placement, PlacementRuleBase
from ..scorecard.rules import ScorecardRules, SheetState
from ..scorecard.sheet import Column, FillPolicy, TurnCondition, UpperBonus
from ..scorecard.variant import ScorecardVariant

__all__ = ["COLUMNS", "NOTES", "ROWS", "VARIANTS", "PlusAboveMinus", "PlusMinusError", "challenge"]

#: The fourteen rows of Yams Challenge, top to bottom.
ROWS: tuple[Category, ...] = (
    *(upper(face) for face in range(1, 7)),
    Category("three_of_a_kind", matching_sum(3)),
    Category("four_of_a_kind", matching_sum(4)),
    Category("full_house", when(full_house(five_of_a_kind=True), total)),
    Category("small_straight", when(is_small_straight, 10)),
    Category("large_straight", when(is_large_straight, 20)),
    Category("yams", when(is_five_of_a_kind, 40)),
    Category("plus", total, "Plus (+)"),
    Category("minus", total, "Minus (-)"),
)

#: The four columns, left to right.
COLUMNS: tuple[Column, ...] = (
    Column("down", FillPolicy.down(), label="Descending"),
    Column("up", FillPolicy.up(), label="Ascending"),
    Column("disorder", FillPolicy.free(), label="Disorder"),
    Column("dry", FillPolicy.free(), TurnCondition.dry(), label="Dry"),
)

#: The rulings of RULINGS.md ("challenge"), one line each, set-up to winner, shown by ``describe()``.
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one sheet of four columns each, seated in the order given; seat 0 starts, or "
    "new_game(first_player=SEAT), or first_player='roll_off': each throws the five dice, the highest sum "
    "starts, tied leaders throw again (RULINGS: everywhere)",
    "turn: up to 3 throws of the five dice, keeping any dice between throws (kept dice may be thrown again); "
    "after any throw the turn ends by filling one box: Score(row, column) or Scratch(row, column) (0), "
    "as the column's order allows (sheet 001)",
    "boxes: numbers the sum of that face; three/four of a kind score the 3/4 matching dice only "
    "(33325 -> 9); full house, plus and minus the sum of all five; small straight 10 (a large straight is "
    "one too), large straight 20, yams 40; no chance row (sheet 001)",
    "five of a kind counts as three of a kind, four of a kind and full house (55555 -> 15, 20, 25)",
    "bonus: 30 per column when its number boxes total 60 or more",
    "columns: down (descending) fills top to bottom, up (ascending) bottom to top (minus first), disorder "
    "in any order; dry in any order, but only when the last throw was of all five dice (the first throw, or "
    "a later one after taking every die back); a cross obeys the same order and condition",
    "plus must be greater than minus in a column when both hold a number; a crossed-out box constrains "
    "nothing; a score that breaks plus > minus is illegal, the box may still be crossed out",
    "never stranded: a throw is refused when no box could be filled after it, even with the throws left "
    "(only dry boxes left: the last throw must be of all five dice)",
    "end: when every box of every player is filled (56 rounds)",
    "winner: the highest total, the sum over the four columns of the boxes and the column's bonus; players "
    "tied on the highest total share the win",
)


class PlusMinusError(ConstraintError):
    """A score that would leave plus not greater than minus in one column.

    Examples:
        >>> issubclass(PlusMinusError, ConstraintError)
        True
    """


@attrs.frozen
class PlusAboveMinus(PlacementRuleBase):
    """Placement rule: in each column, plus must be strictly greater than minus.

    The rule looks only at boxes holding a number: a crossed-out plus or minus
    constrains nothing, and a ``Scratch`` is always allowed.

    Attributes:
        plus: the row that must hold more.
        minus: the row that must hold less.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("challenge").new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="55555")).apply(yamskit.Score("minus", "up"))
        >>> g = g.apply(yamskit.Roll(outcome="45555"))
        >>> try:
        ...     g.apply(yamskit.Score("plus", "up"))
        ... except PlusMinusError as error:
        ...     print(error)
        plus (24) must be greater than minus (25) in column 'up'
        >>> g.is_legal(yamskit.Scratch("plus", "Ascending"))
        True
    """

    plus: str = "plus"
    minus: str = "minus"

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        if p.crossed or p.row not in (self.plus, self.minus):
            return p
        rules = game.rules
        column = rules.column_index(p.column)
        other = self.minus if p.row == self.plus else self.plus
        box = game.sheets[p.player].cell(rules.row_index(other), column)
        if box.points is None:
            return p
        plus, minus = (p.points, box.points) if p.row == self.plus else (box.points, p.points)
        if plus <= minus:
            raise PlusMinusError(
                f"{self.plus} ({plus}) must be greater than {self.minus} ({minus}) in column {brief(p.column)}"
            )
        return p

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """The rule refuses values, it writes none of its own: the values are unchanged."""
        return values

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Refuse a sheet without the two rows the rule compares, or a rule comparing a row with itself.

        Raises:
            RuleConfigError: naming the rule and the row.

        Examples:
            >>> import yamskit
            >>> PlusAboveMinus(plus="max", minus="min").check_sheet(yamskit.variant("challenge").rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: PlusAboveMinus: the row that must hold more 'max' is not a row of this \
sheet (rows: 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind', ...)
        """
        rules.check_rows(self, "row that must hold more", self.plus)
        rules.check_rows(self, "row that must hold less", self.minus)
        if self.plus == self.minus:
            raise RuleConfigError(f"PlusAboveMinus: plus and minus are both the row {brief(self.plus)}")

    #: The rule reads the placing player's own sheet only (see `yamskit.scorecard.witness`).
    witness_own_sheet: ClassVar[bool] = True

    def witness_context(
        self, game: SheetState, player: int, row: int, column: int
    ) -> tuple[int | None, int | None] | None:
        """What of ``player``'s sheet the rule reads for a box: plus and minus of its column (nothing for other rows).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("challenge").new_game(seed=1)
            >>> PlusAboveMinus().witness_context(g, 0, 12, 0), PlusAboveMinus().witness_context(g, 0, 0, 0)
            ((None, None), None)
        """
        rules = game.rules
        if not {self.plus, self.minus} <= set(rules.row_ids) or rules.row_ids[row] not in (self.plus, self.minus):
            return None
        sheet = game.sheets[player]
        return (
            sheet.cell(rules.row_index(self.plus), column).points,
            sheet.cell(rules.row_index(self.minus), column).points,
        )

    def check_position(self, game: SheetState) -> None:
        """Refuse a sheet where plus does not beat minus in a column where both hold a number.

        Raises:
            ImpossibleSheetError: with rule ``plus_above_minus``.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("challenge").position(["Ann"], sheets=[{"up": {"minus": 25, "plus": 20}}])
            Traceback (most recent call last):
            ...
            yamskit.position.errors.ImpossibleSheetError: Ann's column 'up': plus (20) must be greater than minus \
(25) (rule: plus_above_minus)
        """
        rules = game.rules
        if not {self.plus, self.minus} <= set(rules.row_ids):
            return
        above, below = rules.row_index(self.plus), rules.row_index(self.minus)
        for p, sheet in enumerate(game.sheets):
            for c, column in enumerate(rules.columns):
                plus, minus = sheet.cell(above, c).points, sheet.cell(below, c).points
                if plus is not None and minus is not None and plus <= minus:
                    raise ImpossibleSheetError(
                        f"{game.players[p]}'s column {brief(column.id)}: {self.plus} ({plus}) must be greater than "
                        f"{self.minus} ({minus})",
                        rule="plus_above_minus",
                    )

    def refusable_rows(self, game: SheetState) -> frozenset[tuple[str, str]]:
        """The boxes this rule may refuse now: plus in a column whose minus holds a number, and the reverse.

        See `yamskit.scorecard.moves`: only these boxes are checked one by one. When the rule is
        the variant's only one (as in Yams Challenge) and the dice are thrown, it sees the points
        the box would get, so it names only the boxes it does refuse, as `Refused` pairs, which
        the legal moves leave out without running the rule again.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("challenge").new_game(seed=1)
            >>> PlusAboveMinus().refusable_rows(g)
            frozenset()
            >>> g = g.apply(yamskit.Roll(outcome="55555")).apply(yamskit.Score("minus", "up"))
            >>> rule = g.rules.placement_rules[0]
            >>> rule.refusable_rows(g.apply(yamskit.Roll(outcome="12345")))  # 15 is not above 25
            frozenset({Refused(('plus', 'up'))})
            >>> rule.refusable_rows(g.apply(yamskit.Roll(outcome="66666")))
            frozenset()
        """
        rules = game.variant.rules
        plus, minus = rules.row_index(self.plus), rules.row_index(self.minus)
        sheet = game.sheets[game.current_player]
        # the columns where one of the two boxes is filled and the other is not (the rest refuse nothing)
        half: tuple[int, ...] = ()
        for c, mask in enumerate(sheet.masks):
            if (mask >> plus ^ mask >> minus) & 1:
                half += (c,)
        if not half:
            return _NONE
        # alone, this rule sees the boxes' own points: then only the boxes it does refuse are named
        throws = game.turn.throws
        exact = len(rules.placement_rules) == 1 and rules.placement_rules[0] is self and bool(throws)
        roll = throws[-1].index if exact else 0
        boxes = []
        for c in half:
            cells = sheet.cells[c]
            above, below = cells[plus], cells[minus]
            # a box is empty when it holds no points and is not crossed out (Cell.is_empty, without the call)
            low, high = below.points, above.points
            if (
                low is not None
                and high is None
                and not above.scratched
                and (not exact or rules.rows[plus].table[roll] <= low)
            ):
                box = (self.plus, rules.column_ids[c])
                boxes.append(Refused(box) if exact else box)
            if (
                high is not None
                and low is None
                and not below.scratched
                and (not exact or rules.rows[minus].table[roll] >= high)
            ):
                box = (self.minus, rules.column_ids[c])
                boxes.append(Refused(box) if exact else box)
        return frozenset(boxes) if boxes else _NONE


#: The empty answer of `PlusAboveMinus.refusable_rows`, shared.
_NONE: frozenset[tuple[str, str]] = frozenset()


def challenge() -> ScorecardVariant:
    """Yams Challenge: four columns, plus above minus, never stranded (no options).

    Examples:
        >>> challenge().describe().splitlines()[0]
        'challenge: 14 rows x 4 column(s), 3 throws a turn'
    """
    return ScorecardVariant.define(
        "challenge",
        rows=ROWS,
        columns=COLUMNS,
        bonus=UpperBonus.single(60, 30),
        rules=[PlusAboveMinus()],
        notes=NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"challenge": challenge}
_registry.register_family(VARIANTS)
adapters.register_title("challenge", "Yams Challenge")
