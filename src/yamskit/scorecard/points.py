"""A result declared on the sheet's category totals: points for thresholds, for boxes and for the grand total.

Some games are not won on the total of the boxes but on *points* the sheet earns: Balut
gives 2 points for fours totalling 52 or more, 4 for a straight in each of its four boxes,
2 for each balut, and from -2 to 6 by the band the grand total falls in. A `PointsTable`
says so as a declaration, a list of `Award` lines, and is passed to
`yamskit.scorecard.ScorecardVariant.define` as its ``result``: the engine works out the
category totals (every box of a category together, see
`yamskit.scorecard.ScorecardRules.category_totals`) and the table turns them into points.
The most points win; the grand total breaks ties on points (`yamskit.result.Result.totals`).

Examples:
    >>> import yamskit
    >>> from yamskit.categories import Category, face_sum, total
    >>> table = PointsTable((Award.at_least("sixes", 12, 3), Award.bands(((0, 0), (20, 1)))))
    >>> v = yamskit.ScorecardVariant.define(
    ...     "mini", rows=[Category("sixes", face_sum(6), boxes=2), Category("chance", total)], result=table
    ... )
    >>> g = v.new_game(["Ann", "Bob"], seed=1)
    >>> moves = [("66611", "sixes"), ("12345", "chance"), ("66123", "sixes"), ("22222", "sixes"),
    ...          ("11111", "chance"), ("66666", "sixes")]
    >>> for faces, row in moves:
    ...     g = g.apply(yamskit.Roll(outcome=faces)).apply(yamskit.Score(row))
    >>> r = g.result()
    >>> r.scores, r.totals, r.winner_names  # level on points: Bob's total wins
    ((4, 4), (35, 45), ('Bob',))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

import attrs

from ..errors import RuleConfigError, brief
from ..result import Result
from .rules import ScorecardRules, SheetState

__all__ = ["Award", "PointsTable"]

#: What an award looks at: a category's total reaching a threshold, every box of a category holding more
#: than 0, each box of a category holding more than 0, or the band the grand total falls in.
AwardKind = Literal["at_least", "no_zero", "per_box", "bands"]


@attrs.frozen
class Award:
    """One line of a points table (see `PointsTable`); make it with one of the class methods.

    Attributes:
        kind: what the award looks at (`AwardKind`).
        row: the category it reads (empty for ``bands``, which read the grand total).
        threshold: the total the category must reach (``at_least``).
        points: the points it gives (for ``per_box``: each box).
        steps: for ``bands``, ``(from_total, points)`` pairs, ascending: a grand total earns the
            points of the last band it reaches (a total under the first band earns that band's points).

    Examples:
        >>> Award.at_least("fours", 52, 2).earned({"fours": 52}, {}, 0)
        2
        >>> Award.bands(((0, -2), (300, -1), (350, 0))).earned({}, {}, 320)
        -1
        >>> print(Award.no_zero("straight", 4))
        straight: 4 when no box holds 0
    """

    kind: AwardKind
    row: str = ""
    threshold: int = 0
    points: int = 0
    steps: tuple[tuple[int, int], ...] = ()

    @classmethod
    def at_least(cls, row: str, threshold: int, points: int) -> Award:
        """``points`` when ``row``'s boxes add up to ``threshold`` or more."""
        return cls("at_least", row, threshold, points)

    @classmethod
    def no_zero(cls, row: str, points: int) -> Award:
        """``points`` when every box of ``row`` holds more than 0 (a crossed-out box holds 0)."""
        return cls("no_zero", row, points=points)

    @classmethod
    def per_box(cls, row: str, points: int) -> Award:
        """``points`` for each box of ``row`` that holds more than 0."""
        return cls("per_box", row, points=points)

    @classmethod
    def bands(cls, bands: Sequence[tuple[int, int]]) -> Award:
        """The points of the band the grand total falls in: ``(from_total, points)`` pairs, ascending."""
        steps: Any = tuple(tuple(band) if isinstance(band, (tuple, list)) else band for band in bands)
        return cls("bands", steps=steps)  # checked against the sheet by `check`

    def earned(self, totals: dict[str, int], boxes: dict[str, tuple[int | None, ...]], total: int) -> int:
        """The points this award gives a sheet.

        Args:
            totals: each category's total (its boxes together).
            boxes: each category's boxes, as their points (``None``: empty; a cross holds 0).
            total: the grand total.
        """
        if self.kind == "at_least":
            return self.points if totals[self.row] >= self.threshold else 0
        if self.kind == "no_zero":
            held = boxes[self.row]
            return self.points if all(points is not None and points > 0 for points in held) else 0
        if self.kind == "per_box":
            return self.points * sum(1 for points in boxes[self.row] if points)
        earned = self.steps[0][1]
        for start, points in self.steps:
            if total >= start:
                earned = points
        return earned

    def check(self, rules: ScorecardRules) -> None:
        """Raise `RuleConfigError`, naming this award and its row, when ``rules``' sheet cannot honour it."""
        if self.kind not in ("at_least", "no_zero", "per_box", "bands"):
            raise RuleConfigError(f"an award is at_least, no_zero, per_box or bands, not {brief(self.kind)}")
        numbers = (self.threshold, self.points)
        if any(type(n) is not int for n in numbers) or self.threshold < 0:
            raise RuleConfigError(f"award {self}: the threshold is whole points >= 0 and the points whole")
        if self.kind == "bands":
            starts = [band[0] for band in self.steps if isinstance(band, tuple) and len(band) == 2]
            if (
                not self.steps
                or len(starts) != len(self.steps)
                or any(type(n) is not int for band in self.steps for n in band)
                or starts != sorted(set(starts))
            ):
                raise RuleConfigError(
                    f"award bands: (from_total, points) pairs of whole numbers, ascending, not {brief(self.steps)}"
                )
            return
        rules.check_rows(f"Award.{self.kind}({self.row!r})", "category", self.row)
        row = rules.rows[rules.row_index(self.row)]
        if row.box != 1:
            raise RuleConfigError(
                f"Award.{self.kind}({self.row!r}): {self.row!r} is a box of {row.head!r}: name the category"
            )

    def __str__(self) -> str:
        if self.kind == "at_least":
            return f"{self.row}: {self.points} at {self.threshold} or more"
        if self.kind == "no_zero":
            return f"{self.row}: {self.points} when no box holds 0"
        if self.kind == "per_box":
            return f"{self.row}: {self.points} for each box above 0"
        return "total: " + ", ".join(f"{points} from {start}" for start, points in self.steps)


def _awards(awards: Iterable[Award]) -> tuple[Award, ...]:
    return tuple(awards)


@attrs.frozen
class PointsTable:
    """A game's result from its category totals: the points each `Award` gives, summed (a ``result=`` of define).

    The most points win; players level on points are ranked by the grand total (the boxes,
    the upper bonus of each column and the points beside the boxes), and share a place when
    that is level too. The result's ``scores`` are the points, its ``totals`` the grand totals,
    and its details list each player's awards.

    Attributes:
        awards: the lines of the table, in the order shown.

    Raises:
        RuleConfigError: (when the variant is defined) an award naming a row the sheet lacks,
            or a box of a category instead of the category, or bands not ascending.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total
        >>> yamskit.ScorecardVariant.define("x", rows=[Category("choice", total)],
        ...                                 result=PointsTable((Award.at_least("chance", 10, 1),)))
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: Award.at_least('chance'): the category 'chance' is not a row of this sheet \
(rows: 'choice')
    """

    awards: tuple[Award, ...] = attrs.field(converter=_awards)

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Raise `RuleConfigError` naming the award and row that ``rules``' sheet cannot honour."""
        if not self.awards or not all(isinstance(award, Award) for award in self.awards):
            raise RuleConfigError(f"a points table is a non-empty list of Award lines, not {brief(self.awards)}")
        for award in self.awards:
            award.check(rules)

    def sheet_points(self, rules: ScorecardRules, sheet: Any, total: int) -> tuple[int, list[dict[str, Any]]]:
        """The points a sheet earns with grand total ``total``, and one line per award that gave any."""
        totals = rules.category_totals(sheet)
        boxes = {
            row.id: tuple(cell.points for cell in rules.category_boxes(sheet, row.id))
            for row in rules.rows
            if row.box == 1
        }
        lines = []
        points = 0
        for award in self.awards:
            earned = award.earned(totals, boxes, total)
            points += earned
            if earned:
                lines.append({"award": str(award), "points": earned})
        return points, lines

    def __call__(self, game: SheetState) -> Result:
        """The result of ``game`` (also of an unfinished game: the points earned so far)."""
        rules = game.rules
        scores = []
        totals = []
        details = []
        for sheet in game.sheets:
            total = sheet.extra
            for c in range(len(rules.columns)):
                total += sum(cell.value for cell in sheet.cells[c])
                if rules.bonus:
                    total += rules.bonus.points(rules.upper_total(sheet, c))
            points, lines = self.sheet_points(rules, sheet, total)
            scores.append(points)
            totals.append(total)
            details.append(
                {"categories": rules.category_totals(sheet), "total": total, "points": points, "awards": lines}
            )
        return Result.from_points(game.players, scores, totals, details={"players": details})
