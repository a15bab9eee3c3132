"""The pair rule: in each column one row must hold more points than another (Yams Challenge's plus and minus).

A placement rule (see `yamskit.scorecard.placement`), a frozen value you pass in
``ScorecardVariant.define(rules=[...])``. Yams Challenge declares it over its rows ``plus``
and ``minus``; any sheet may declare it over two rows of its own. It lives in the engine
beside the joker and the five-of-a-kind bonus so that the bots and solvers recognise it by
type (`yamskit.bots.sheet_values` models a sheet with it), never by its attributes' names.

Examples:
    >>> import yamskit
    >>> from yamskit.categories import Category, total, upper
    >>> high_low = yamskit.ScorecardVariant.define(
    ...     "high_low", rows=[upper(6), Category("high", total), Category("low", total)],
    ...     rules=[PlusAboveMinus(plus="high", minus="low")],
    ... )
    >>> g = high_low.new_game(seed=1).apply(yamskit.Roll(outcome="66655")).apply(yamskit.Score("low"))
    >>> g.apply(yamskit.Roll(outcome="11234")).is_legal(yamskit.Score("high"))  # 11 is not above 28
    False
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..errors import ConstraintError, RuleConfigError, brief
from ..position.errors import ImpossibleSheetError
from .moves import Refused
from .placement import BoxValues, Placement, PlacementRuleBase
from .rules import ScorecardRules, SheetState

__all__ = ["PlusAboveMinus", "PlusMinusError"]


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
