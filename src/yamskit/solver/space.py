"""The turn states a solver visits: filled rows, capped upper total, five-of-a-kind flag.

A state is ``(filled, flag, upper)``: ``filled`` a bit set of the rows already
written, ``flag`` 1 when the five-of-a-kind box holds points (only where the joker
``"seed"`` or a five-of-a-kind bonus needs it, else always 0), ``upper`` the upper
total capped at the highest bonus threshold. Values live in a dense array indexed
``[filled, flag, upper]``.

Two reductions keep the work small:

* *reachable* upper totals only: with a given set of bonus rows filled, only sums
  of values those rows can hold occur;
* *dead* upper totals share one value: when even the best remaining bonus rows
  cannot lift the total to the lowest threshold, the total no longer matters, so
  every such total is solved once, as 0, and copied.

Examples:
    >>> import yamskit
    >>> from yamskit.solver.model import model_of
    >>> space = StateSpace.of(model_of(yamskit.variant("yahtzee")))
    >>> space.shape, space.count
    ((8192, 2, 64), 359616)
"""

from __future__ import annotations

import attrs
import numpy as np
import numpy.typing as npt

from .model import Model
from .tables import IntArray

__all__ = ["StateSpace"]


@attrs.frozen(eq=False)
class StateSpace:
    """The canonical reachable states of a model, by number of filled rows.

    Attributes:
        model: the model.
        alive: for each set of filled bonus rows (as a row bit set), the upper totals to solve.
        dead: for each such set, the reachable totals that take the value of total 0.
        headroom: for each such set, the most its open bonus rows can still add.
        lowest: the lowest upper total that earns a bonus.
        dead_lengths: ``len(dead[mask])`` for every bonus-row set ``mask``.
        dead_table: ``dead`` as one table, ``dead_table[mask, :dead_lengths[mask]]``.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> from yamskit.scorecard import UpperBonus
        >>> from yamskit.solver.model import model_of
        >>> bonus = UpperBonus.single(20, 10, rows=("fives", "sixes"))
        >>> tiny = yamskit.ScorecardVariant.define("tiny", rows=[upper(5), upper(6)], bonus=bonus)
        >>> space = StateSpace.of(model_of(tiny))
        >>> space.shape, space.count
        ((4, 1, 21), 13)
        >>> tuple(space.alive[0b11].tolist()), tuple(space.dead[0b11].tolist())  # both rows filled
        ((0, 20), (5, 6, 10, 11, 12, 15, 16, 17, 18))
    """

    model: Model
    alive: dict[int, IntArray]
    dead: dict[int, IntArray]
    headroom: dict[int, int]
    lowest: int
    dead_lengths: IntArray
    dead_table: IntArray

    @classmethod
    def of(cls, model: Model) -> StateSpace:
        """Enumerate the reachable upper totals of every set of filled bonus rows."""
        bonus_rows = [i for i in range(model.num_rows) if model.bonus_rows[i]]
        cap = model.cap
        values = {i: sorted(model.written_values(i)) for i in bonus_rows}
        lowest = min((u for u in range(cap + 1) if model.bonus[u] != model.bonus[0]), default=cap + 1)
        reach: dict[int, set[int]] = {0: {0}}
        for i in bonus_rows:
            for mask in list(reach):
                reach[mask | (1 << i)] = {min(cap, a + v) for a in reach[mask] for v in values[i]}
        alive: dict[int, IntArray] = {}
        dead: dict[int, IntArray] = {}
        headrooms: dict[int, int] = {}
        for mask, totals in reach.items():
            headroom = sum(max(values[i]) for i in bonus_rows if not mask >> i & 1)
            headrooms[mask] = headroom
            live = sorted(u for u in totals if u + headroom >= lowest)
            gone = sorted(u for u in totals if u + headroom < lowest)
            if gone:
                live = [0, *live]
            alive[mask] = np.array(live, dtype=np.int64)
            dead[mask] = np.array([u for u in gone if u != 0], dtype=np.int64)
        lengths = np.zeros(1 << model.num_rows, dtype=np.int64)
        padded = np.zeros((1 << model.num_rows, max(len(d) for d in dead.values())), dtype=np.int64)
        for mask, dead_totals in dead.items():
            lengths[mask] = len(dead_totals)
            padded[mask, : len(dead_totals)] = dead_totals
        return cls(model, alive, dead, headrooms, lowest, lengths, padded)

    def canonical_upper(self, filled: IntArray, upper: IntArray) -> IntArray:
        """The upper totals (capped) that states are solved for: 0 for every dead total.

        Examples:
            >>> import numpy as np, yamskit
            >>> from yamskit.solver.model import model_of
            >>> space = StateSpace.of(model_of(yamskit.variant("classic")))
            >>> space.canonical_upper(np.array([0b11111, 0b11111]), np.array([10, 40])).tolist()
            [0, 40]
        """
        room = np.zeros(1 << self.model.num_rows, dtype=np.int64)
        for mask, headroom in self.headroom.items():
            room[mask] = headroom
        capped = np.minimum(upper, self.model.cap)
        return np.where(capped + room[filled & self.bonus_mask] < self.lowest, 0, capped)

    @property
    def shape(self) -> tuple[int, int, int]:
        """Shape of the dense value array: (filled sets, flags, upper totals)."""
        return (1 << self.model.num_rows, self.model.flags, self.model.cap + 1)

    @property
    def bonus_mask(self) -> int:
        """The bit set of the bonus rows."""
        return sum(1 << i for i in range(self.model.num_rows) if self.model.bonus_rows[i])

    def flags_of(self, filled: int) -> tuple[int, ...]:
        """The flag values a filled set can have."""
        if self.model.needs_flag and filled >> self.model.flag_row & 1:
            return (0, 1)
        return (0,)

    def layer(self, filled_count: int) -> tuple[IntArray, IntArray, IntArray]:
        """The canonical states with ``filled_count`` rows filled: arrays (filled, flag, upper).

        Ordered by filled set, then flag, then upper total.
        """
        m = self.model
        sets = np.flatnonzero(_popcounts(m.num_rows) == filled_count).astype(np.int64)
        with_flag = (sets >> max(m.flag_row, 0)) & 1 == 1 if m.needs_flag else np.zeros(len(sets), dtype=np.bool_)
        flags = 1 + with_flag.astype(np.int64)
        seg_set = np.repeat(sets, flags)  # one segment per (filled set, flag)
        seg_flag = np.arange(len(seg_set)) - np.repeat(np.cumsum(flags) - flags, flags)
        lengths, table = self._alive_table()
        seg_bonus = seg_set & self.bonus_mask
        seg_len = lengths[seg_bonus]
        seg_start = np.cumsum(seg_len) - seg_len
        at = np.arange(int(seg_len.sum())) - np.repeat(seg_start, seg_len)
        upper = table[np.repeat(seg_bonus, seg_len), at]
        return np.repeat(seg_set, seg_len), np.repeat(seg_flag, seg_len), upper

    def _alive_table(self) -> tuple[IntArray, IntArray]:
        """The alive totals of every bonus-row set as one padded table: (lengths, table[mask, i])."""
        size = 1 << self.model.num_rows
        lengths = np.zeros(size, dtype=np.int64)
        width = max(len(a) for a in self.alive.values())
        table = np.zeros((size, width), dtype=np.int64)
        for mask, totals in self.alive.items():
            lengths[mask] = len(totals)
            table[mask, : len(totals)] = totals
        return lengths, table

    @property
    def count(self) -> int:
        """How many canonical states the solver computes (all layers, the full sheet included)."""
        bonus_mask = self.bonus_mask
        return sum(len(self.alive[f & bonus_mask]) * len(self.flags_of(f)) for f in range(1 << self.model.num_rows))

    def copy_dead(self, values: npt.NDArray[np.float64], filled_count: int) -> None:
        """Give every dead upper total of the layer's filled sets the value of total 0."""
        self.copy_dead_of(values, np.flatnonzero(_popcounts(self.model.num_rows) == filled_count))

    def copy_dead_of(self, values: npt.NDArray[np.float64], sets: IntArray) -> None:
        """Give every dead upper total of the filled ``sets`` (every flag) the value of total 0.

        Examples:
            >>> import numpy as np, yamskit
            >>> from yamskit.solver.model import model_of
            >>> space = StateSpace.of(model_of(yamskit.variant("classic")))
            >>> values = np.zeros(space.shape)
            >>> values[0b111111, :, 0] = 7.0  # the six number rows filled: the bonus is settled
            >>> space.copy_dead_of(values, np.array([0b111111]))
            >>> float(values[0b111111, 0, 20]), float(values[0b111111, 0, 63])  # total 20 is dead, 63 is not
            (7.0, 0.0)
        """
        masks = sets & self.bonus_mask
        counts = self.dead_lengths[masks]
        total = int(counts.sum())
        if not total:
            return
        starts = np.cumsum(counts) - counts
        at = np.arange(total) - np.repeat(starts, counts)
        rows = np.repeat(sets, counts)
        values[rows, :, self.dead_table[np.repeat(masks, counts), at]] = values[rows, :, 0]


def _popcounts(rows: int) -> IntArray:
    """How many bits each filled set 0 .. 2**rows - 1 has."""
    sets = np.arange(1 << rows, dtype=np.int64)
    counts: IntArray = ((sets[:, None] >> np.arange(rows)[None, :]) & 1).sum(axis=1)
    return counts
