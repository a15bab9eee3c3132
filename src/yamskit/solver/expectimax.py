"""The expectimax of one turn, vectorised over many states, and the backward solve over all states.

A turn is solved through its layers, for a block of states at once (arrays are
``(rolls or keeps, states)``):

1. `final_values` — the value of each roll when it must be written now: the
   best box (points + the value of the state after it), with the joker and
   five-of-a-kind bonus rules on the six five-of-a-kind rolls.
2. `keep_values` — the value of each keep, throwing the other dice once more,
   built from the five-dice keeps down to the empty keep: a keep's value is the mean
   of the keeps with one more die of each face.
3. `best_keeps` — the value of each roll with a throw left: the best of its
   sub-multisets, taken up the sub-multiset lattice (each keep's best is its own
   value or its parents' best).

`turn_start_values` chains them; `solve_values` runs it over every
state, from the full sheet back to the empty one, this process and forked workers sharing
the value array and taking the blocks of each layer in turn.

Examples:
    >>> import numpy as np, yamskit
    >>> from yamskit.categories import Category, total
    >>> from yamskit.solver.model import model_of
    >>> values = solve_values(model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)])))
    >>> round(float(values[0, 0, 0]), 4)
    23.3333
"""

from __future__ import annotations

import contextlib
import functools
import mmap
import multiprocessing
import multiprocessing.synchronize
import os
from collections.abc import Callable, Iterator
from typing import TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from .final import _final_by_entries, _plan, final_values
from .model import Model
from .progress import Progress
from .scratch import release_work_arrays, work_array
from .space import StateSpace
from .tables import FloatArray, IntArray, SolverTables, solver_tables
from .workers import Lockstep, in_lockstep, take_next

__all__ = [
    "CHUNK",
    "best_keeps",
    "keep_layers",
    "keep_values",
    "padded_keep_layers",
    "solve_values",
    "turn_start_values",
    "turn_tables",
]


#: About how many states a block holds (for five dice, arrays of 462 x CHUNK floats, 2.4 MB, stay in the shared cache).
CHUNK = 640
#: Fewer states than this are solved in this process (starting workers would cost more).
PARALLEL_MIN = 20_000
_NEG = -np.inf


def _dice(tables: SolverTables | None) -> SolverTables:
    """The given tables, or the five-dice ones."""
    return solver_tables(5) if tables is None else tables


def _mean_over_throw(t: SolverTables, keeps: FloatArray, spare: FloatArray) -> None:
    """Fill the keeps of fewer dice, in working order, from the keeps of all the dice (the rolls) already in ``keeps``.

    Each keep is the mean of its six one-die-larger keeps, summed face by face in face order.
    ``spare`` is scratch space of at least (``t.spare_rows``, states): (756, states) for five dice.
    """
    for size in range(t.count - 1, -1, -1):
        block = t.size_slices[size]
        count = block.stop - block.start
        children = spare[: 6 * count].reshape(6, count, -1)
        keeps.take(t.children_by_size[size], axis=0, out=children.reshape(6 * count, -1), mode="clip")
        target = keeps[block]
        children.sum(axis=0, out=target)  # along the outer axis: added one face after the other
        target *= 1.0 / 6.0


def _best_of_sub_keeps(t: SolverTables, keeps: FloatArray, spare: FloatArray, source: FloatArray | None = None) -> None:
    """In place, in working order: each keep becomes the best value among its sub-multisets.

    With ``source``, the keeps' own values are read there instead (``keeps`` is only written).
    ``spare`` is scratch space of at least (rolls, states).
    """
    if source is not None:
        keeps[t.size_slices[0]] = source[t.size_slices[0]]
    for size in range(1, t.count + 1):
        block = t.size_slices[size]
        target = keeps[block]
        own = target if source is None else source[block]  # every keep of a size has a first parent
        for parents in t.parents_by_size[size]:
            head = target[: len(parents)]
            later = keeps.take(parents, axis=0, out=spare[: len(parents)], mode="clip")
            np.maximum(own[: len(parents)], later, out=head)
            own = target


def _to_work(t: SolverTables, rolls: FloatArray, keeps: FloatArray) -> None:
    """Put ``rolls`` (rolls, states; roll order) as the keeps of all the dice of ``keeps`` (working order)."""
    np.take(rolls, t.work_rolls, axis=0, out=keeps[t.size_slices[t.count]], mode="clip")


def keep_values(rolls: FloatArray, out: FloatArray | None = None, *, dice: SolverTables | None = None) -> FloatArray:
    """The value of each keep, throwing the other dice once, shape (keeps, states): (462, states) for five dice.

    ``rolls`` (rolls, states) is the value of each roll after that throw. Built by keep
    size, all the dice down to zero: each keep is the mean of its six one-die-larger keeps.
    ``dice``: the tables of the dice count (`yamskit.solver.tables.solver_tables`; five dice by default).

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)]))
        >>> values = solve_values(model)
        >>> empty = np.zeros(1, dtype=np.int64)  # one state: nothing filled, flag 0, upper total 0
        >>> keeps = keep_values(final_values(model, values, empty, empty, empty))
        >>> keeps.shape, float(keeps[0, 0])  # the empty keep: one throw of five dice in chance
        ((462, 1), 17.5)
    """
    t = _dice(dice)
    count = rolls.shape[1]
    work = np.empty((t.num_keeps, count))
    _to_work(t, rolls, work)
    _mean_over_throw(t, work, np.empty((t.spare_rows, count)))
    keeps = np.empty((t.num_keeps, count)) if out is None else out
    np.take(work, t.work_position, axis=0, out=keeps)
    return keeps


def best_keeps(keeps: FloatArray, *, dice: SolverTables | None = None) -> FloatArray:
    """The value of each roll when a keep is chosen from it: the best of its sub-multisets, (rolls, states).

    Works in place on ``keeps``: afterwards each keep holds the best value among its sub-multisets.
    ``dice``: the tables of the dice count (five dice by default).

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)]))
        >>> values = solve_values(model)
        >>> empty = np.zeros(1, dtype=np.int64)  # one state: nothing filled, flag 0, upper total 0
        >>> rolls = best_keeps(keep_values(final_values(model, values, empty, empty, empty)))
        >>> float(rolls[0, 0]), float(rolls[-1, 0])  # 11111: throw all again; 66666: keep all
        (17.5, 30.0)
    """
    t = _dice(dice)
    work = keeps[t.work_order]
    _best_of_sub_keeps(t, work, np.empty((t.num_rolls, keeps.shape[1])))
    np.take(work, t.work_position, axis=0, out=keeps)
    return keeps[t.size_slices[t.count]]


def turn_tables(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> list[FloatArray]:
    """The value of each roll with 0, 1, ... ``max_throws - 1`` throws left, each (rolls, states).

    The last layer is the turn's first throw: with served rules (`yamskit.solver.model.Model.served`), a
    box written there pays its served points.

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)]))
        >>> values = solve_values(model)
        >>> empty = np.zeros(1, dtype=np.int64)  # one state: nothing filled, flag 0, upper total 0
        >>> layers = turn_tables(model, values, empty, empty, empty)
        >>> tuple(float(layer[0, 0]) for layer in layers)  # the roll 11111 with 0, 1, 2 throws left
        (5.0, 17.5, 21.25)
    """
    t = model.dice
    if model.max_throws == 1:  # the only throw is the first
        return [final_values(model.served or model, values, filled, flag, upper)]
    layers = [final_values(model, values, filled, flag, upper)]
    work, spare = _work_arrays(t, len(filled))
    _to_work(t, layers[0], work)
    for left in range(1, model.max_throws):
        _mean_over_throw(t, work, spare)
        if left == model.max_throws - 1:
            _served_write(model, values, filled, flag, upper, work)
        _best_of_sub_keeps(t, work, spare)
        layers.append(work[t.size_slices[t.count]][t.work_roll_position])
    return layers


def _served_write(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray, work: FloatArray
) -> None:
    """On the first throw of a turn, writing the roll now pays its served points (`Model.served`).

    Before the keeps of the first throw are weighed, each roll's own entry (keeping all the dice:
    the roll's value with one throw fewer, where a box no longer pays served points) becomes the
    better of it and the served final value. Nothing changes without served rules.
    """
    served = model.served
    if served is None:
        return
    plan = _plan(served)
    best, _ = _final_by_entries(served, plan, values, filled, flag, upper)
    rolls = work[model.dice.size_slices[model.dice.count]]
    np.maximum(rolls, np.take(best, plan.to_work, axis=0), out=rolls)


def _final_to_work(
    model: Model,
    values: FloatArray,
    filled: IntArray,
    flag: IntArray,
    upper: IntArray,
    work: FloatArray,
    *,
    keep: bool = False,
) -> FloatArray:
    """The final layer, written as the keeps of all the dice of ``work`` (working order); returns its candidates.

    ``keep``: as in `yamskit.solver.final._final_by_entries`.
    """
    plan = _plan(model)
    best, candidates = _final_by_entries(model, plan, values, filled, flag, upper, keep=keep)
    t = model.dice
    np.take(best, plan.to_work, axis=0, out=work[t.size_slices[t.count]], mode="clip")
    return candidates


def _work_arrays(t: SolverTables, count: int) -> tuple[FloatArray, FloatArray]:
    """Keeps in working order (keeps, count) and scratch space (``t.spare_rows``, count), reused by this thread."""
    return work_array("work", t.num_keeps, count), work_array("spare", t.spare_rows, count)


def keep_layers(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> list[FloatArray]:
    """The value of each keep with 1, 2, ... ``max_throws - 1`` throws left after it, each (keeps, states).

    This is what decisions inside a turn need: ``keep_layers(...)[t - 1][k]`` is the
    value of keeping ``k`` when the throw it leads to leaves ``t - 1`` more throws.

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)]))
        >>> values = solve_values(model)
        >>> empty = np.zeros(1, dtype=np.int64)
        >>> tuple(float(layer[0, 0]) for layer in keep_layers(model, values, empty, empty, empty))  # keep nothing
        (17.5, 21.25)
    """
    t = model.dice
    layers: list[FloatArray] = []
    work, spare = _work_arrays(t, len(filled))
    _final_to_work(model, values, filled, flag, upper, work)
    for left in range(1, model.max_throws):
        _mean_over_throw(t, work, spare)
        layers.append(work[t.work_position])
        if left < model.max_throws - 1:
            _best_of_sub_keeps(t, work, spare)
    return layers


def padded_keep_layers(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> list[FloatArray]:
    """`keep_layers` in the solver's working order, for look-ups: each (keeps + 1, states), (463, states) for five dice.

    Row ``model.dice.work_position[k]`` is the value of keep ``k``; the last row is -inf (a
    padding keep that is never best).

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)]))
        >>> values = solve_values(model)
        >>> empty = np.zeros(1, dtype=np.int64)
        >>> layers = padded_keep_layers(model, values, empty, empty, empty)
        >>> layers[0].shape, float(layers[0][model.dice.work_position[0], 0]), float(layers[0][-1, 0])
        ((463, 1), 17.5, -inf)
    """
    layers, _ = _padded_layers(model, values, filled, flag, upper)
    return [layer.copy() for layer in layers]


def _padded_layers(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> tuple[list[FloatArray], FloatArray]:
    """`padded_keep_layers`, and what a Score is worth in each row (the final layer's kept candidates).

    Both are this thread's work arrays, valid until its next call.
    """
    t = model.dice
    count = len(filled)
    layers = [work_array(f"layer {left}", t.num_keeps + 1, count) for left in range(1, model.max_throws)]
    work = layers[0][:-1] if layers else work_array("work", t.num_keeps, count)
    candidates = _final_to_work(model, values, filled, flag, upper, work, keep=True)
    spare = work_array("spare", t.spare_rows, count)
    for left, layer in enumerate(layers, start=1):
        if left > 1:
            _best_of_sub_keeps(t, layer[:-1], spare, source=work)
            work = layer[:-1]
        _mean_over_throw(t, work, spare)
        layer[-1] = _NEG
    return layers, candidates


def turn_start_values(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> FloatArray:
    """The value of each state at the start of a turn, before its first throw, shape (states,).

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)]))
        >>> values = solve_values(model)
        >>> empty = np.zeros(1, dtype=np.int64)  # one state: nothing filled, flag 0, upper total 0
        >>> round(float(turn_start_values(model, values, empty, empty, empty)[0]), 4)
        23.3333
    """
    t = model.dice
    if model.max_throws == 1:  # the only throw is the first
        rolls = final_values(model.served or model, values, filled, flag, upper)
    else:
        work, spare = _work_arrays(t, len(filled))
        _final_to_work(model, values, filled, flag, upper, work)
        for left in range(1, model.max_throws):
            _mean_over_throw(t, work, spare)
            if left == model.max_throws - 1:
                _served_write(model, values, filled, flag, upper, work)
            _best_of_sub_keeps(t, work, spare)
        rolls = np.take(
            work[t.size_slices[t.count]], t.work_roll_position, axis=0, out=spare[: t.num_rolls], mode="clip"
        )
    # the mean over the first throw, summed roll by roll (the same order whatever the block size)
    np.multiply(rolls, t.roll_probabilities[:, None], out=rolls)
    start: FloatArray = rolls.sum(axis=0)
    return start


# ---------------------------------------------------------------------------- the backward solve
@attrs.frozen(eq=False)
class _Solve:
    """One backward solve, shared by this process and its forked workers.

    ``values`` and ``claimed`` (how many blocks of each layer were handed out) live in
    shared memory when there are workers; ``lock`` guards ``claimed`` (``None``: no workers).
    """

    model: Model
    space: StateSpace
    values: FloatArray
    claimed: IntArray
    lock: multiprocessing.synchronize.Lock | None
    workers: int

    def claim(self, count: int, rank: int, sync: Lockstep) -> int:
        """The next block of layer ``count`` for process ``rank`` (EOFError if a partner died holding the lock)."""
        return take_next(self.claimed, count, self.lock, sync, rank)


def _cuts(filled: IntArray, size: int) -> IntArray:
    """Where a layer's blocks start and end: about ``size`` states each, cut only where the filled set changes.

    A block holds whole filled sets, so the process that solves it also gives their dead
    upper totals their values.

    Examples:
        >>> _cuts(np.array([3, 3, 3, 5, 5, 6, 9, 9]), 2).tolist()
        [0, 3, 5, 6, 8]
    """
    n = len(filled)
    bounds = np.append(np.flatnonzero(filled[1:] != filled[:-1]) + 1, n)
    ends = bounds[np.searchsorted(bounds, np.arange(size, n, size))]
    cuts: IntArray = np.unique(np.concatenate(([0], ends, [n]))).astype(np.int64)
    return cuts


def _solve_layers(job: _Solve, progress: Progress, rank: int, sync: Lockstep) -> None:
    """Process ``rank``'s part of the solve: blocks of each layer as they come, all processes in step by layer."""
    bar = progress if rank == 0 else None  # the bar is process 0's
    model, space, values = job.model, job.space, job.values
    chunk = min(8 * CHUNK, CHUNK * 462 // model.dice.num_keeps)  # blocks of about the same bytes, any dice count
    for count in range(model.num_rows - 1, -1, -1):
        filled, flag, upper = space.layer(count)
        cuts = _cuts(filled, max(64, min(chunk, -(-len(filled) // (4 * job.workers)))))
        done = 0
        while (block := job.claim(count, rank, sync)) < len(cuts) - 1:
            start, stop = int(cuts[block]), int(cuts[block + 1])
            f, y, u = filled[start:stop], flag[start:stop], upper[start:stop]
            values[f, y, u] = turn_start_values(model, values, f, y, u)
            space.copy_dead_of(values, np.unique(f))
            if bar is not None:
                bar.advance(stop - start)
                done += stop - start
        sync.wait(rank)  # the layer is solved: the next one reads it
        if bar is not None:
            bar.advance(len(filled) - done)  # the other processes' blocks


def _blocks(layer: tuple[IntArray, IntArray, IntArray], size: int) -> Iterator[tuple[IntArray, IntArray, IntArray]]:
    filled, flag, upper = layer
    for start in range(0, len(filled), size):
        yield filled[start : start + size], flag[start : start + size], upper[start : start + size]


def _shared_array(
    shape: tuple[int, int, int], dtype: type[_Item], *, shared: bool = True
) -> tuple[npt.NDArray[_Item], mmap.mmap | None]:
    """An array that forked workers write into (NaN, or 0 for integers), and its mapping (None if not shared)."""
    blank = np.nan if dtype is np.float64 else 0
    if not shared or not hasattr(os, "fork"):
        return np.full(shape, blank, dtype=dtype), None
    buffer = mmap.mmap(-1, int(np.prod(shape)) * np.dtype(dtype).itemsize)  # anonymous and shared
    array = np.frombuffer(buffer, dtype=dtype).reshape(shape)
    array[...] = blank
    return array, buffer


_Item = TypeVar("_Item", np.float64, np.int64)


def solve_values(
    model: Model,
    *,
    processes: int | None = None,
    quiet: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> FloatArray:
    """The value of every reachable turn state, as a dense array ``[filled, flag, upper]``.

    A value is the expected points still to come (boxes, bonuses) under optimal play,
    from the start of a turn. Unreachable entries hold NaN.

    Args:
        model: the rules.
        processes: processes solving, this one and forked workers (default: the CPU count; 1: this one alone).
        quiet: no progress bar.
        progress: called with (states done, states in all) after each block.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total, upper
        >>> from yamskit.solver.model import model_of
        >>> tiny = yamskit.ScorecardVariant.define("tiny", rows=[upper(6), Category("chance", total)])
        >>> values = solve_values(model_of(tiny), processes=1)
        >>> values.shape  # 4 filled sets (bits: sixes, chance), 1 flag, 1 upper total
        (4, 1, 1)
        >>> tuple(round(float(v), 4) for v in values[:, 0, 0])  # nothing, sixes, chance, both filled
        (37.3438, 23.3333, 12.6389, 0.0)
    """
    space = StateSpace.of(model)
    shared, buffer = _shared_array(space.shape, np.float64)
    full = (1 << model.num_rows) - 1
    shared[full] = model.bonus.astype(np.float64)[None, :]
    total = space.count
    workers = (os.cpu_count() or 1) if processes is None else max(1, processes)
    if buffer is None or total < PARALLEL_MIN:
        workers = 1
    bar = Progress(total, f"solving {len(model.rows)} rows", quiet=quiet, callback=progress)
    claimed, counters = _shared_array((model.num_rows, 1, 1), np.int64, shared=workers > 1)
    lock = multiprocessing.get_context("fork").Lock() if workers > 1 else None
    job = _Solve(model, space, shared, claimed.reshape(-1), lock, workers)
    try:
        bar.advance(len(space.alive[full & space.bonus_mask]) * len(space.flags_of(full)))
        in_lockstep(functools.partial(_solve_layers, job, bar), workers, "solver")
    finally:
        bar.close()
        release_work_arrays()
    del job, claimed
    if counters is not None:
        with contextlib.suppress(BufferError):
            counters.close()
    result = np.array(shared)  # a private copy; the shared buffer is released
    del shared
    if buffer is not None:
        with contextlib.suppress(BufferError):  # a view still alive: the GC frees the buffer later
            buffer.close()
    return result
