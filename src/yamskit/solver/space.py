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

from .._cache import LruCache, cached
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
        masks: every set of filled bonus rows, in increasing order (`slots` finds a set's place).
        dead_lengths: ``len(dead[masks[i]])`` for each place ``i``.
        dead_table: ``dead`` as one table, ``dead_table[i, :dead_lengths[i]]`` (places, not masks: with 20
            rows, a table over every filled set would take more memory than the values).

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
    masks: IntArray
    dead_lengths: IntArray
    dead_table: IntArray

    @classmethod
    def of(cls, model: Model) -> StateSpace:
        """The reachable upper totals of every set of filled bonus rows (kept by the model's fingerprint)."""
        return _SPACES.get(model.fingerprint, lambda: cls._enumerate(model))

    @classmethod
    def _enumerate(cls, model: Model) -> StateSpace:
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
        masks = np.array(sorted(reach), dtype=np.int64)
        lengths, padded = _padded([dead[int(mask)] for mask in masks])
        return cls(model, alive, dead, headrooms, lowest, masks, lengths, padded)

    def slots(self, filled: IntArray) -> IntArray:
        """The place in `masks` of the filled bonus rows of each filled set.

        Examples:
            >>> import numpy as np, yamskit
            >>> from yamskit.solver.model import model_of
            >>> space = StateSpace.of(model_of(yamskit.variant("classic")))
            >>> space.slots(np.array([0, 0b1, 0b1000000, 0b111111, 0b1111111111111])).tolist()
            [0, 1, 0, 63, 63]
        """
        places: IntArray = np.searchsorted(self.masks, filled & self.bonus_mask)
        return places

    def canonical_upper(self, filled: IntArray, upper: IntArray) -> IntArray:
        """The upper totals (capped) that states are solved for: 0 for every dead total.

        Examples:
            >>> import numpy as np, yamskit
            >>> from yamskit.solver.model import model_of
            >>> space = StateSpace.of(model_of(yamskit.variant("classic")))
            >>> space.canonical_upper(np.array([0b11111, 0b11111]), np.array([10, 40])).tolist()
            [0, 40]
        """
        room = np.array([self.headroom[int(mask)] for mask in self.masks], dtype=np.int64)
        capped = np.minimum(upper, self.model.cap)
        return np.where(capped + room[self.slots(filled)] < self.lowest, 0, capped)

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
        flags = self._flag_counts(sets)
        seg_set = np.repeat(sets, flags)  # one segment per (filled set, flag)
        seg_flag = np.arange(len(seg_set)) - np.repeat(np.cumsum(flags) - flags, flags)
        lengths, table = self._alive_table()
        seg_slot = self.slots(seg_set)
        seg_len = lengths[seg_slot]
        seg_start = np.cumsum(seg_len) - seg_len
        at = np.arange(int(seg_len.sum())) - np.repeat(seg_start, seg_len)
        upper = table[np.repeat(seg_slot, seg_len), at]
        return np.repeat(seg_set, seg_len), np.repeat(seg_flag, seg_len), upper

    def _flag_counts(self, sets: IntArray) -> IntArray:
        """How many flag values each filled set has (1 or 2)."""
        m = self.model
        if not m.needs_flag:
            return np.ones(len(sets), dtype=np.int64)
        flags: IntArray = 1 + ((sets >> m.flag_row) & 1)
        return flags

    def _alive_table(self) -> tuple[IntArray, IntArray]:
        """The alive totals of every bonus-row set as one padded table: (lengths, table[place, i]), by `slots`."""
        return _padded([self.alive[int(mask)] for mask in self.masks])

    @property
    def count(self) -> int:
        """How many canonical states the solver computes (all layers, the full sheet included)."""
        sets = np.arange(1 << self.model.num_rows, dtype=np.int64)
        lengths, _ = self._alive_table()
        return int((lengths[self.slots(sets)] * self._flag_counts(sets)).sum())

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
        masks = self.slots(sets)
        counts = self.dead_lengths[masks]
        total = int(counts.sum())
        if not total:
            return
        starts = np.cumsum(counts) - counts
        at = np.arange(total) - np.repeat(starts, counts)
        rows = np.repeat(sets, counts)
        values[rows, :, self.dead_table[np.repeat(masks, counts), at]] = values[rows, :, 0]


def _padded(lists: list[IntArray]) -> tuple[IntArray, IntArray]:
    """Arrays of totals as (lengths, one table padded with zeros): ``table[i, :lengths[i]]`` is ``lists[i]``."""
    lengths = np.array([len(totals) for totals in lists], dtype=np.int64)
    table = np.zeros((len(lists), max(1, int(lengths.max()))), dtype=np.int64)
    for i, totals in enumerate(lists):
        table[i, : len(totals)] = totals
    return lengths, table


#: The state spaces already enumerated (a few ms each; the duel player asks for one at every decision).
_SPACES: LruCache[str, StateSpace] = LruCache("solver: state spaces", size=8, key="a solver model's fingerprint")


@cached("solver: bit counts of filled sets", size=4, key="a row count (1 to 20)")
def _popcounts(rows: int) -> npt.NDArray[np.int8]:
    """How many bits each filled set 0 .. 2**rows - 1 has (one byte each: 1 MB for 20 rows).

    Examples:
        >>> _popcounts(3).tolist()
        [0, 1, 1, 2, 1, 2, 2, 3]
    """
    counts = np.zeros(1, dtype=np.int8)
    for _ in range(rows):  # the sets with bit i set are those without it, plus one
        counts = np.concatenate((counts, counts + 1))
    counts.flags.writeable = False
    return counts
