"""Placement rules of Competitive Yams: zeros, the golden rule, the two sums, the *sec* joker.

In Competitive Yams a placement is never refused for its value: a value that fails a
condition is written as a crossed-out 0. The rules here are placement rules (see
`yamskit.scorecard.placement`), frozen values applied in this order:

1. `Sec` — five of a kind on the first throw writes the row's maximum (or what
   the dice score, if that is more), lowered to the highest value every
   constraint accepts (else 0);
2. `ZeroIsScratch` — a box the dice do not qualify for is crossed out;
3. `GoldenRule` — a value below the best value anyone has in that box is 0;
4. `SumPair` — ``small_sum`` below the player's own ``large_sum``,
   ``large_sum`` above every ``small_sum`` of the column, and crossing one out
   crosses the other out too, even afterwards.

The golden rule and the sums are also *constraints*: they report the lowest and
highest value they accept (`Bounds`), which is how the *sec* finds its value.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("competitive")
    >>> tuple(type(rule).__name__ for rule in v.rules.placement_rules)
    ('Sec', 'ZeroIsScratch', 'GoldenRule', 'SumPair')
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import ClassVar, Protocol

import attrs

from ...categories import is_five_of_a_kind
from ...errors import RuleConfigError, brief
from ...position.errors import ImpossibleSheetError
from ...scorecard.placement import BoxValues, Placement, PlacementRuleBase
from ...scorecard.rules import ScorecardRules, SheetState
from ...scorecard.witness import Box

__all__ = ["Bounds", "Constraint", "GoldenRule", "Sec", "SumPair", "ZeroIsScratch"]


@attrs.frozen
class Bounds:
    """The values a constraint accepts in one box: ``low <= value <= high``, or none at all.

    Attributes:
        low: the smallest value accepted.
        high: the largest value accepted (``None``: no upper limit).
        why_low, why_high: what sets each limit, for notes.
        forbidden: a reason why no value above 0 is accepted (``""`` when some may be).

    Examples:
        >>> b = Bounds(low=24, why_low="Bob has 24")
        >>> b.accepts(24), b.accepts(18), b.reason(18)
        (True, False, 'Bob has 24')
        >>> Bounds(forbidden="large_sum is crossed out").accepts(25)
        False
    """

    low: int = 0
    high: int | None = None
    why_low: str = ""
    why_high: str = ""
    forbidden: str = ""

    def accepts(self, value: int) -> bool:
        """Whether ``value`` is allowed."""
        return not self.forbidden and value >= self.low and (self.high is None or value <= self.high)

    def reason(self, value: int) -> str:
        """Why ``value`` is refused (``""`` if it is accepted)."""
        if self.forbidden:
            return self.forbidden
        if value < self.low:
            return self.why_low
        if self.high is not None and value > self.high:
            return self.why_high
        return ""


class Constraint(Protocol):
    """A rule that can say which values a box accepts (see `Bounds`).

    Examples:
        >>> import yamskit
        >>> sec = yamskit.variant("competitive").rules.placement_rules[0]
        >>> tuple(type(c).__name__ for c in sec.constraints)
        ('GoldenRule', 'SumPair')
        >>> class AtMostSixty:
        ...     def bounds(self, game, player, row, column):
        ...         return Bounds(high=60, why_high="house rule: 60 at most")
        >>> g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
        >>> Sec({"yams": 100}, constraints=(AtMostSixty(),)).value(g, 0, "yams", "free")
        (60, 'house rule: 60 at most')
    """

    def bounds(self, game: SheetState, player: int, row: str, column: str) -> Bounds:
        """The values ``player`` may write in ``row``/``column`` of ``game`` now."""


def _apply_bounds(rule: str, bounds: Bounds, p: Placement) -> Placement:
    if p.crossed or bounds.accepts(p.points):
        return p
    return p.written_as_zero(f"{rule}: {p.points} -> 0 ({bounds.reason(p.points)})")


def _values(game: SheetState, row: str, column: str) -> list[tuple[int, int]]:
    """(player, value) of every filled box ``row``/``column``, all sheets."""
    r, c = game.rules.row_index(row), game.rules.column_index(column)
    return [(i, sheet.cell(r, c).value) for i, sheet in enumerate(game.sheets) if not sheet.cell(r, c).is_empty]


@attrs.frozen
class ZeroIsScratch(PlacementRuleBase):
    """A box the dice do not qualify for is written as a crossed-out 0.

    Competitive Yams has no separate crossing out: scoring 0 *is* the scratch, and
    the clean-column bonus and the sum rules treat every 0 alike.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="12346"))
        >>> p = g.placement(yamskit.Score("yams", "free"))
        >>> p.points, p.crossed
        (0, True)
    """

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        if p.crossed or p.points:
            return p
        return p.written_as_zero(f"{p.row}: these dice do not qualify, 0")

    #: Never refuses a box, it only changes what the box gets (see `yamskit.scorecard.moves`).
    refusable_rows: ClassVar[frozenset[str]] = frozenset()
    #: Writes a cross where the dice pay nothing, though the variant has no crossing out.
    crosses_out: ClassVar[bool] = True

    #: Reads nothing but the dice (see `yamskit.scorecard.witness`).
    witness_own_sheet: ClassVar[bool] = True

    def witness_context(self, game: SheetState, player: int, row: int, column: int) -> tuple[()]:
        """The rule reads nothing of the sheets: one context for every box.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("competitive").new_game(players=["A", "B"], seed=1)
            >>> ZeroIsScratch().witness_context(g, 0, 0, 0)
            ()
        """
        return ()

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """Every 0 is written as a cross, so no box holds a plain 0.

        Examples:
            >>> import yamskit
            >>> 0 in yamskit.variant("competitive").rules.box_values[0]
            False
        """
        return tuple(v - {0} for v in values)


@attrs.frozen
class GoldenRule(PlacementRuleBase):
    """A value counts only if it is at least the best value anyone has in that box.

    "Anyone" is every other player, teammates included; the box is the same row in
    the same column. A smaller value is written as 0.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66661")).apply(yamskit.Score("sixes", "free"))
        >>> g = g.apply(yamskit.Roll(outcome="66612"))
        >>> g.placement(yamskit.Score("sixes", "free")).points
        0
    """

    def bounds(self, game: SheetState, player: int, row: str, column: str) -> Bounds:
        """At least the highest value any other player has in ``row``/``column``.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
            >>> GoldenRule().bounds(g, 0, "sixes", "free").low
            0
        """
        others = [(i, v) for i, v in _values(game, row, column) if i != player]
        if not others:
            return Bounds()
        best, value = max(others, key=lambda iv: iv[1])
        return Bounds(low=value, why_low=f"{game.players[best]} has {value} in {column}/{row}")

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        if p.crossed:  # a cross is always accepted (see _apply_bounds)
            return p
        rules = game.variant.rules
        r, c = rules.row_index(p.row), rules.column_index(p.column)
        best = 0  # the highest value another player has in the box (a crossed-out box counts 0)
        for i, sheet in enumerate(game.sheets):
            points = sheet.cells[c][r].points
            if i != p.player and points is not None and points > best:
                best = points
        if p.points >= best:  # accepted: what `bounds` would say, without building it
            return p
        return _apply_bounds("golden rule", self.bounds(game, p.player, p.row, p.column), p)

    #: Never refuses a box, it only changes what the box gets (see `yamskit.scorecard.moves`).
    refusable_rows: ClassVar[frozenset[str]] = frozenset()
    #: Writes a cross for a value below the best in that box.
    crosses_out: ClassVar[bool] = True

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """Its zeros are crosses, never a value: the values are unchanged."""
        return values

    def witness_order(self, game: SheetState) -> Iterator[tuple[Box, Box, str]]:
        """The order the golden rule needs: in each box, a lower value written before a higher one.

        Yields ``(before, after, "golden_rule")`` with boxes as ``(player, row, column)``
        indexes (see `yamskit.scorecard.witness`); crosses are written at any time.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("competitive")
            >>> sheets = [{"free": {"ones": 3}}, {"free": {"ones": 2}}]
            >>> g = v.position(["A", "B"], sheets=sheets, current_player=1, first_player=1)
            >>> list(GoldenRule().witness_order(g))
            [((1, 0, 1), (0, 0, 1), 'golden_rule')]
        """
        rules = game.rules
        for c in range(len(rules.columns)):
            for r in range(len(rules.rows)):
                values = sorted(
                    (cell.points, p)
                    for p, sheet in enumerate(game.sheets)
                    if (cell := sheet.cells[c][r]).points is not None
                )
                for (low, a), (high, b) in itertools.combinations(values, 2):
                    if low < high:
                        yield (a, r, c), (b, r, c), "golden_rule"


@attrs.frozen
class SumPair(PlacementRuleBase):
    """The small sum must stay below the large sum; crossing one out crosses out both.

    * ``small`` must be lower than the player's own ``large`` in that column when it
      holds a number;
    * ``large`` must be higher than every ``small`` anyone has in that column;
    * if the partner box is crossed out, only 0 can be written; writing 0 crosses out
      the partner box too, even if it already holds points (``also_cross``).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66554")).apply(yamskit.Score("small_sum", "free"))
        >>> g = g.apply(yamskit.Roll(outcome="66662")).apply(yamskit.Score("small_sum", "free"))
        >>> g = g.apply(yamskit.Roll(outcome="12345"))
        >>> g.placement(yamskit.Score("large_sum", "free")).also_cross
        (('small_sum', 'free'),)
    """

    small: str = "small_sum"
    large: str = "large_sum"
    minimum: int = 20

    def bounds(self, game: SheetState, player: int, row: str, column: str) -> Bounds:
        """What the sum rules allow in ``row`` (no limit for rows other than the two sums).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
            >>> g = g.apply(yamskit.Roll(outcome="66554")).apply(yamskit.Score("large_sum", "free"))
            >>> b = SumPair().bounds(g, 0, "small_sum", "free")
            >>> b.low, b.high
            (20, 25)
        """
        if row not in (self.small, self.large):
            return Bounds()
        partner_row = self.large if row == self.small else self.small
        partner = game.cell(player, partner_row, column)
        if not partner.is_empty and partner.value == 0:
            return Bounds(forbidden=f"{partner_row} is crossed out in {column}")
        why_low = f"a sum needs at least {self.minimum}"
        if row == self.small:
            if partner.is_empty:
                return Bounds(low=self.minimum, why_low=why_low)
            high, why_high = partner.value - 1, f"your {self.large} is {partner.value}"
            return Bounds(low=self.minimum, why_low=why_low, high=high, why_high=why_high)
        smalls = _values(game, self.small, column)
        best, value = max(smalls, key=lambda iv: iv[1], default=(player, 0))
        if value < self.minimum:
            return Bounds(low=self.minimum, why_low=why_low)
        who = "your" if best == player else f"{game.players[best]}'s"
        return Bounds(low=value + 1, why_low=f"{who} {self.small} is {value} in {column}")

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        if p.row not in (self.small, self.large):
            return p
        p = _apply_bounds("sums", self.bounds(game, p.player, p.row, p.column), p)
        partner_row = self.large if p.row == self.small else self.small
        partner = game.cell(p.player, partner_row, p.column)
        if p.crossed and partner.value > 0:
            note = f"sums: {p.row} is 0, so {partner_row} ({partner.value}) is crossed out too"
            return attrs.evolve(p, also_cross=(*p.also_cross, (partner_row, p.column)), notes=(*p.notes, note))
        return p

    #: Never refuses a box, it only changes what the box gets (see `yamskit.scorecard.moves`).
    refusable_rows: ClassVar[frozenset[str]] = frozenset()
    #: Writes a cross for a sum out of order, and crosses the partner box out with it.
    crosses_out: ClassVar[bool] = True

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """Its zeros are crosses, never a value: the values are unchanged."""
        return values

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Refuse a sheet without the two sum rows, or a pair of one row with itself.

        Raises:
            RuleConfigError: naming the rule and the row.

        Examples:
            >>> import yamskit
            >>> SumPair(large="big_sum").check_sheet(yamskit.variant("competitive").rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: SumPair: the large sum row 'big_sum' is not a row of this sheet (rows: \
'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'small_sum', ...)
        """
        rules.check_rows(self, "small sum row", self.small)
        rules.check_rows(self, "large sum row", self.large)
        if self.small == self.large:
            raise RuleConfigError(f"SumPair: small and large are both the row {brief(self.small)}")

    def witness_order(self, game: SheetState) -> Iterator[tuple[Box, Box, str]]:
        """The order the sums need: a large sum before every small sum of its column that is not below it.

        Yields ``(before, after, "sum_pair")`` with boxes as ``(player, row, column)``
        indexes (see `yamskit.scorecard.witness`).

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("competitive")
            >>> sheets = [{"free": {"large_sum": 24}}, {"free": {"small_sum": 26}}]
            >>> g = v.position(["A", "B"], sheets=sheets, current_player=0)
            >>> list(SumPair().witness_order(g))
            [((0, 7, 1), (1, 6, 1), 'sum_pair')]
        """
        rules = game.rules
        if not {self.small, self.large} <= set(rules.row_ids):
            return
        low, high = rules.row_index(self.small), rules.row_index(self.large)
        for c in range(len(rules.columns)):
            for a, sheet in enumerate(game.sheets):
                large = sheet.cells[c][high].points
                if large is None:
                    continue
                for b, other in enumerate(game.sheets):
                    small = other.cells[c][low].points
                    if small is not None and small >= large:
                        yield (a, high, c), (b, low, c), "sum_pair"

    def check_position(self, game: SheetState) -> None:
        """Refuse a sheet with one sum crossed out and the other holding points, or the small one not below.

        Raises:
            ImpossibleSheetError: with rule ``sum_pair``.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("competitive")
            >>> sheets = [{"free": {"small_sum": 25, "large_sum": 22}}, {"free": {"ones": 3}}]
            >>> v.position(["A", "B"], sheets=sheets, current_player=1, first_player=0)
            Traceback (most recent call last):
            ...
            yamskit.position.errors.ImpossibleSheetError: A's column 'free': small_sum (25) must be below large_sum \
(22) (rule: sum_pair)
        """
        rules = game.rules
        if not {self.small, self.large} <= set(rules.row_ids):
            return
        low, high = rules.row_index(self.small), rules.row_index(self.large)
        for p, sheet in enumerate(game.sheets):
            for c, column in enumerate(rules.columns):
                where = f"{game.players[p]}'s column {column.id!r}"
                small, large = sheet.cell(low, c), sheet.cell(high, c)
                for box, name, other, other_name in (
                    (small, self.small, large, self.large),
                    (large, self.large, small, self.small),
                ):
                    if box.scratched and other.holds_number:
                        raise ImpossibleSheetError(
                            f"{where}: {name} is crossed out, so {other_name} ({other.points}) would be too",
                            rule="sum_pair",
                        )
                if small.holds_number and large.holds_number and (small.points or 0) >= (large.points or 0):
                    raise ImpossibleSheetError(
                        f"{where}: {self.small} ({small.points}) must be below {self.large} ({large.points})",
                        rule="sum_pair",
                    )


def _as_dict(maxima: Mapping[str, int]) -> dict[str, int]:
    return dict(maxima)


def _check_maxima(_instance: object, _attribute: object, value: Mapping[str, int]) -> None:
    if not value or any(type(v) is not int or v < 0 for v in value.values()):
        raise RuleConfigError(f"sec maxima must be whole points >= 0 per row, not {brief(value)}")


@attrs.frozen
class Sec(PlacementRuleBase):
    """The *sec* joker: five of a kind on the first throw writes the row's maximum.

    The dice must show five of a kind after the turn's first throw (nothing rethrown).
    The value is ``maxima[row]`` or what the dice themselves score in that row,
    whichever is larger, lowered to the highest value every constraint accepts; if
    no value does, 0. So a sec never pays less than the same dice thrown later
    would (66666 in ``small_sum`` pays 30 when only 30 is accepted).

    Attributes:
        maxima: the value of each row, by row id.
        constraints: the rules whose `bounds` the value must satisfy.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="22222"))
        >>> g.placement(yamskit.Score("straight", "free")).points
        50
    """

    maxima: dict[str, int] = attrs.field(converter=_as_dict, validator=_check_maxima)
    constraints: tuple[Constraint, ...] = ()

    #: Never refuses a box, it only changes what the box gets (see `yamskit.scorecard.moves`).
    refusable_rows: ClassVar[frozenset[str]] = frozenset()
    #: Writes a cross when no value is left that every constraint accepts.
    crosses_out: ClassVar[bool] = True

    def box_values(self, rules: ScorecardRules, values: BoxValues) -> BoxValues:
        """A sec adds each row's maximum, and for a sum below its partner every value up to that maximum.

        Examples:
            >>> import yamskit
            >>> rules = yamskit.variant("competitive").rules
            >>> 100 in rules.box_values[12], 29 in rules.box_values[6]
            (True, True)
        """
        out = list(values)
        for r, row in enumerate(rules.rows):
            if row.id in self.maxima:
                top = self.maxima[row.id]
                added = {top}
                for c in self.constraints:
                    if isinstance(c, SumPair) and row.id == c.small:
                        added.update(range(c.minimum, top + 1))
                out[r] = out[r] | added
        return tuple(out)

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Refuse a sheet without a row the maxima name; check the constraints' own rows too.

        Raises:
            RuleConfigError: naming the rule and the row.

        Examples:
            >>> import yamskit
            >>> Sec({"yatzy": 50}).check_sheet(yamskit.variant("competitive").rules)
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: Sec: the row of a maximum 'yatzy' is not a row of this sheet (rows: \
'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'small_sum', ...)
        """
        rules.check_rows(self, "row of a maximum", *self.maxima)
        for constraint in self.constraints:
            if not callable(getattr(constraint, "bounds", None)):
                raise RuleConfigError(
                    f"Sec: the constraint {brief(constraint)} has no bounds(game, player, row, column)"
                )
            check = getattr(constraint, "check_sheet", None)
            if check is not None:
                check(rules)

    def value(self, game: SheetState, player: int, row: str, column: str, *, dice_value: int = 0) -> tuple[int, str]:
        """The sec value of ``row``/``column`` for ``player`` now, and what limited it.

        Args:
            game: the game before the placement.
            player: who places.
            row: the row id.
            column: the column id.
            dice_value: what the dice score in ``row`` without the sec; the search
                starts from the larger of it and the row's maximum.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
            >>> rule = g.rules.placement_rules[0]
            >>> rule.value(g, 0, "small_sum", "free")
            (29, '')
            >>> rule.value(g, 0, "small_sum", "free", dice_value=30)
            (30, '')
        """
        value, why = max(self.maxima[row], dice_value), ""
        all_bounds = [c.bounds(game, player, row, column) for c in self.constraints]
        for b in all_bounds:
            if b.high is not None and b.high < value:
                value, why = b.high, b.why_high
        for b in all_bounds:
            if not b.accepts(value):
                return 0, b.reason(value)
        return value, why

    def __call__(self, game: SheetState, p: Placement) -> Placement:
        if len(p.turn.throws) != 1 or not is_five_of_a_kind(p.dice) or p.row not in self.maxima:
            return p
        value, why = self.value(game, p.player, p.row, p.column, dice_value=p.points)
        note = f"sec: {p.row} maximum {self.maxima[p.row]}" + (f", {value} because {why}" if why else "")
        if value == 0:
            return p.written_as_zero(note)
        return attrs.evolve(p, points=value, crossed=False, notes=(*p.notes, note))
