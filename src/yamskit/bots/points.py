"""How the planning bots price a result declared as points (`yamskit.scorecard.points.PointsTable`).

A game such as Balut is not won on the total of the boxes but on the points its
awards give: a category reaching a threshold, a category without a 0, each box above
0, the band of the grand total. The sheet evaluation (`yamskit.bots.sheet.SheetView`)
values a box in points *of the total*, so an award is priced in the same unit: its
points times `total_rate`, the total that earns one point in the bands (Balut: 50), or
`TIE_RATE` where the total only breaks ties. Writing a value in a box then gains the
change it makes to each award's expected points:

* ``at_least``: the chance that the category still reaches its threshold, from the
  total written and a normal law of what its open boxes add (each the mean and
  variance of a turn aimed at it); exactly 1 once reached, 0 once out of reach;
* ``no_zero``: the award while no box of the category holds 0, times the chance that
  each open box gets a value (`POINT_TRIES` aimed turns each): a 0 or a cross loses it;
* ``per_box``: the points of a value above 0, less the chance the box would have got one;
* ``bands``: the total itself, counted by the evaluation at `total_rate`.

The ``plain`` pricing of the ``"medium"`` level looks at no chances: the points a value
earns now (a threshold crossed, a box above 0), and for a row without a 0 an even share
of its award for each value written, the whole award lost by a 0.

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("balut").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
    >>> view = AwardView.of(game)
    >>> view.rate
    50.0
    >>> straight = game.rules.row_index("straight")
    >>> [round(float(v), 1) for v in view.gain(straight, 0, np.array([0.0, 15.0]))]
    [-8.5, 10.2]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np

from ..scorecard.points import Award, PointsTable
from ..scorecard.state import ScorecardGame
from .lookahead import FloatArray, single_target_values

__all__ = ["POINT_TRIES", "TIE_RATE", "AwardView", "total_rate"]

#: How many turns aimed at it an open box of a ``no_zero`` or ``per_box`` award is assumed to get.
POINT_TRIES = 2
#: The total one point is worth when the table has no bands (the total then only breaks ties).
TIE_RATE = 200.0


def total_rate(table: PointsTable) -> float:
    """The total that earns one point of ``table``: the median step of its bands, else `TIE_RATE`.

    Examples:
        >>> from yamskit.variants.balut import POINTS
        >>> total_rate(POINTS)
        50.0
        >>> total_rate(PointsTable((Award.no_zero("straight", 4),)))
        200.0
    """
    slopes = []
    for award in table.awards:
        if award.kind != "bands":
            continue
        for (start, before), (end, after) in zip(award.steps, award.steps[1:], strict=False):
            if after > before and end > start:
                slopes.append((after - before) / (end - start))
    return 1.0 / statistics.median(slopes) if slopes else TIE_RATE


def _normal_at_least(mean: float, var: float, need: float) -> float:
    """The chance a normal law of ``mean`` and ``var`` reaches ``need`` (whole points)."""
    if var <= 1e-12:
        return 1.0 if mean >= need else 0.0
    z = (mean - need + 0.5) / math.sqrt(var)
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


@attrs.frozen
class _Line:
    """One award as the player to move stands on it."""

    award: Award
    boxes: tuple[tuple[int, int], ...]  # the open boxes of its category
    size: int  # how many boxes its category has
    written: int  # its category's total so far
    spoiled: bool  # a box of its category holds 0
    mean: dict[tuple[int, int], float]
    var: dict[tuple[int, int], float]
    chance: dict[tuple[int, int], float]
    high: dict[tuple[int, int], float]

    def reach(self, written: float, boxes: Sequence[tuple[int, int]]) -> float:
        """The chance the category's total reaches the threshold from ``written`` with ``boxes`` open."""
        need = self.award.threshold
        if written >= need:
            return 1.0
        if written + sum(self.high[b] for b in boxes) < need:
            return 0.0
        mean = written + sum(self.mean[b] for b in boxes)
        return _normal_at_least(mean, sum(self.var[b] for b in boxes), need)


@attrs.frozen
class AwardView:
    """The awards of a points table priced for the player to move (built by `yamskit.bots.sheet.SheetView`).

    Attributes:
        rate: the total one point is worth (`total_rate`).
        plain: the ``"medium"`` pricing, without chances: points now, a share of a row's award for
            each value, the whole award lost by a 0.
        lines: the awards that read a category, with the state of its boxes.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("balut").new_game(seed=1)
        >>> view = AwardView.of(game, plain=True)
        >>> balut = game.rules.row_index("balut")
        >>> [float(v) for v in view.gain(balut, 0, np.array([0.0, 30.0]))]  # 2 points a balut
        [0.0, 100.0]
        >>> AwardView.of(yamskit.variant("classic").new_game(seed=1)) is None
        True
    """

    rate: float
    plain: bool
    lines: tuple[_Line, ...] = attrs.field(repr=False)

    @classmethod
    def of(
        cls,
        game: ScorecardGame,
        *,
        plain: bool = False,
        cells: Sequence[tuple[int, int]] | None = None,
        tables: FloatArray | None = None,
        tries: int = POINT_TRIES,
        seat: int | None = None,
    ) -> AwardView | None:
        """The priced awards of ``game``'s result for the player to move or ``seat``; ``None`` unless a points table.

        ``cells`` and ``tables`` are the open boxes and their effective tables (rows, rolls) when the
        caller has them (`yamskit.bots.sheet.SheetView` does); by default the rows' own tables.
        ``tries``: how many turns aimed at it an open box of a ``no_zero`` or ``per_box`` award
        is assumed to get (`POINT_TRIES` by default). ``seat``: whose sheet the awards are priced
        for (the player to move by default); the awards read that sheet alone.

        Examples:
            >>> import yamskit
            >>> view = AwardView.of(yamskit.variant("balut").new_game(seed=1))
            >>> [str(line.award) for line in view.lines][:2]
            ['fours: 2 at 52 or more', 'fives: 2 at 65 or more']
            >>> duel = yamskit.variant("balut").new_game(players=["A", "B"], seed=1)
            >>> AwardView.of(duel, seat=1) == AwardView.of(duel)  # two empty sheets: the same prices
            True
        """
        rules = game.rules
        table = rules.result
        if not isinstance(table, PointsTable):
            return None
        sheet = game.sheets[game.current_player if seat is None else seat]
        if cells is None or tables is None:
            cells = [
                (r, c) for c in range(len(rules.columns)) for r in range(len(rules.rows)) if sheet.cells[c][r].is_empty
            ]
            raw = np.array(rules.row_tables, dtype=np.float64).reshape(len(rules.rows), -1)
            tables = np.array([raw[r] for r, _ in cells]).reshape(len(cells), raw.shape[1])
        where = {cell: i for i, cell in enumerate(cells)}
        heads = rules.row_heads
        awards = [award for award in table.awards if award.kind != "bands"]
        members: dict[str, list[tuple[int, int]]] = {}
        for award in awards:
            head = rules.row_index(award.row)
            members[award.row] = [
                (r, c)
                for c in range(len(rules.columns))
                for r in range(len(rules.rows))
                if (r == head if heads is None else heads[r] == head)
            ]
        stats = (
            {}
            if plain
            else _aimed(rules, [b for boxes in members.values() for b in boxes if b in where], where, tables, tries)
        )
        lines = []
        for award in awards:
            boxes = members[award.row]
            held = [sheet.cells[c][r] for r, c in boxes]
            open_boxes = tuple(b for b, cell in zip(boxes, held, strict=True) if cell.is_empty and b in where)
            lines.append(
                _Line(
                    award,
                    open_boxes,
                    len(boxes),
                    sum(cell.value for cell in held),
                    any(not cell.is_empty and cell.value <= 0 for cell in held),
                    {b: stats[b][0] for b in open_boxes if b in stats},
                    {b: stats[b][1] for b in open_boxes if b in stats},
                    {b: stats[b][2] for b in open_boxes if b in stats},
                    {b: float(tables[where[b]].max()) for b in open_boxes},
                )
            )
        return cls(total_rate(table), plain, tuple(lines))

    def gain(self, r: int, c: int, points: FloatArray) -> FloatArray:
        """What writing ``points`` (an array) in box (r, c) changes the awards' expected points, times `rate`.

        Examples:
            >>> import yamskit
            >>> view = AwardView.of(yamskit.variant("balut").new_game(seed=1))
            >>> fours = view.lines[0].boxes[0]
            >>> [round(float(v), 2) for v in view.gain(*fours, np.array([0.0, 20.0]))]  # a 0 in fours ends the 52
            [-2.17, 18.6]
        """
        out = np.zeros(len(points), dtype=np.float64)
        box = (r, c)
        for line in self.lines:
            if box not in line.boxes:
                continue
            out += self.rate * line.award.points * self._change(line, box, points)
        return out

    def _change(self, line: _Line, box: tuple[int, int], points: FloatArray) -> FloatArray:
        """The change of ``line``'s expected share (0 to 1; per box for ``per_box``) for each of ``points``."""
        kind = line.award.kind
        above = (points > 0).astype(np.float64)
        if kind == "per_box":
            return above if self.plain else above - line.chance[box]
        if kind == "no_zero":
            if line.spoiled:
                return np.zeros_like(points)
            if self.plain:  # each value earns its share of the award, a 0 loses it all
                return above / line.size - (1.0 - above)
            others = math.prod(line.chance[b] for b in line.boxes if b != box)
            return above * others - others * line.chance[box]
        # at_least
        rest = [b for b in line.boxes if b != box]
        if self.plain:
            now = 1.0 if line.written >= line.award.threshold else 0.0
            return (line.written + points >= line.award.threshold).astype(np.float64) - now
        before = line.reach(line.written, line.boxes)
        distinct, inverse = np.unique(points, return_inverse=True)
        after = np.array([line.reach(line.written + float(p), rest) for p in distinct])
        return np.asarray(after[inverse] - before, dtype=np.float64)


def _aimed(
    rules: Any, boxes: Sequence[tuple[int, int]], where: dict[tuple[int, int], int], tables: FloatArray, tries: int
) -> dict[tuple[int, int], tuple[float, float, float]]:
    """Per open box: the mean and variance of a turn aimed at it, and its chance of a value in ``tries`` turns.

    The second moment is that of a turn aimed at the square of the points, a little above the
    one of the turn aimed at the points: the variance errs on the wide side.
    """
    boxes = list(dict.fromkeys(boxes))
    if not boxes:
        return {}
    block = np.array([tables[where[b]] for b in boxes]).T
    aims = single_target_values(
        np.hstack([block, block**2, (block > 0).astype(np.float64)]), throws=rules.max_throws, dice=rules.dice
    )
    n = len(boxes)
    out = {}
    for j, b in enumerate(boxes):
        mean = float(aims[j])
        var = max(0.0, float(aims[n + j]) - mean * mean)
        once = min(1.0, float(aims[2 * n + j]))
        out[b] = (mean, var, 1.0 - (1.0 - once) ** tries)
    return out
