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
state, from the full sheet back to the empty one, with worker processes sharing the
value array.

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
import mmap
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

import numpy as np

from .._cache import LruCache
from .._signals import held_signals, release_signals
from . import tables
from .model import Model
from .progress import Progress
from .space import StateSpace
from .tables import FloatArray, IntArray

__all__ = [
    "CHUNK",
    "best_keeps",
    "final_values",
    "keep_layers",
    "keep_values",
    "solve_values",
    "turn_start_values",
    "turn_tables",
]


#: States per block (arrays of 462 x CHUNK floats stay in cache).
CHUNK = 1024
#: Fewer states than this are solved in this process (starting workers would cost more).
PARALLEL_MIN = 20_000
_NEG = -np.inf
_ROLLS = tables.SIZE_SLICES[5]


_RowClasses = tuple[IntArray, IntArray, int, IntArray, IntArray]


def _row_classes(model: Model) -> list[_RowClasses]:
    """For each row: its distinct points, the class (index into them) of each roll, how many
    rolls pay 0, the rolls that pay more and their classes."""
    out = []
    for row in model.tables:
        distinct, classes = np.unique(row, return_inverse=True)
        paying = np.nonzero(row)[0].astype(np.int64)
        zeros = tables.NUM_ROLLS - len(paying)
        out.append(
            (distinct.astype(np.int64), classes.astype(np.int64), zeros, paying, classes[paying].astype(np.int64))
        )
    return out


_CLASSES: LruCache[str, list[_RowClasses]] = LruCache(
    "solver: row classes", size=16, key="a solver model's fingerprint"
)


def _classes(model: Model) -> list[_RowClasses]:
    return _CLASSES.get(model.fingerprint, lambda: _row_classes(model))


def final_values(model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray) -> FloatArray:
    """The value (points still to come) of each roll that must be written now, shape (252, states).

    Args:
        model: the rules.
        values: the dense values of every state with more rows filled.
        filled: the filled rows of each state (bit sets).
        flag: the five-of-a-kind flag of each state.
        upper: the capped upper total of each state.

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)]))
        >>> values = solve_values(model)
        >>> empty = np.zeros(1, dtype=np.int64)  # one state: nothing filled, flag 0, upper total 0
        >>> rolls = final_values(model, values, empty, empty, empty)
        >>> rolls.shape, float(rolls[0, 0]), float(rolls[-1, 0])  # 11111 and 66666 written in chance
        ((252, 1), 5.0, 30.0)
    """
    flat = values.reshape(-1)
    _, num_flags, num_upper = values.shape
    cap = model.cap
    count = len(filled)
    rows = _classes(model)
    # With scratching allowed, a 0 may be written in any open box whatever the roll: start
    # from the best such 0, then look only at the rolls a row pays for. Otherwise look at all.
    crossed_best = np.full(count, _NEG)
    for row in range(model.num_rows if model.allow_scratch else 0):
        is_open = (filled >> row) & 1 == 0
        zero_flag = np.zeros_like(flag) if row == model.flag_row and model.needs_flag else flag
        crossed = flat[((filled | (1 << row)) * num_flags + zero_flag) * num_upper + upper]
        np.maximum(crossed_best, np.where(is_open, crossed, _NEG), out=crossed_best)
    best = np.empty((tables.NUM_ROLLS, count))
    best[...] = crossed_best[None, :]
    for row, (distinct, classes, _zeros, paying, paying_classes) in enumerate(rows):
        is_open = (filled >> row) & 1 == 0
        if not is_open.any():
            continue
        after = filled | (1 << row)
        new_upper = np.minimum(upper[None, :] + distinct[:, None], cap) if model.bonus_rows[row] else upper[None, :]
        if row == model.flag_row and model.needs_flag:
            new_flag = (distinct > 0).astype(np.int64)[:, None]
        else:
            new_flag = flag[None, :]
        index = (after[None, :] * num_flags + new_flag) * num_upper + new_upper
        # closed rows get -inf (their entries may be NaN: fmax then keeps the other side)
        candidates = flat[index] + distinct[:, None]
        candidates += np.where(is_open, 0.0, _NEG)[None, :]
        if model.allow_scratch:
            if len(paying) == tables.NUM_ROLLS:
                np.fmax(best, candidates[paying_classes], out=best)
            elif len(paying):
                best[paying] = np.fmax(best[paying], candidates[paying_classes])
        else:
            np.fmax(best, candidates[classes], out=best)
    if model.flag_row >= 0 and (model.joker is not None or model.five_bonus):
        _five_of_a_kind(model, flat, values.shape, filled, flag, upper, best)
    return best


def _five_of_a_kind(
    model: Model,
    flat: FloatArray,
    shape: tuple[int, ...],
    filled: IntArray,
    flag: IntArray,
    upper: IntArray,
    best: FloatArray,
) -> None:
    """Overwrite the five-of-a-kind rolls of states whose five-of-a-kind box is filled (joker, bonus)."""
    _, num_flags, num_upper = shape
    states = np.nonzero((filled >> model.flag_row) & 1)[0]
    if not len(states):
        return
    f, y, u = filled[states], flag[states], upper[states]
    extra = model.five_bonus * (y == 1) if model.needs_flag else np.zeros(len(states), dtype=np.int64)
    is_upper = model.is_upper
    open_rows = [(f >> row) & 1 == 0 for row in range(model.num_rows)]
    open_lower = np.zeros(len(states), dtype=np.bool_)
    for row in range(model.num_rows):
        if not is_upper[row]:
            open_lower |= open_rows[row]
    for face in range(6):
        roll = int(tables.FIVE_OF_A_KIND[face])
        matching = model.upper_index[face]
        upper_filled = (f >> matching) & 1 == 1 if matching >= 0 else np.zeros(len(states), dtype=np.bool_)
        full = upper_filled.copy() if model.joker is not None else np.zeros(len(states), dtype=np.bool_)
        if model.joker == "seed":
            full &= y == 1
        value = np.full(len(states), _NEG)
        for row in range(model.num_rows):
            legal = open_rows[row].copy()
            if model.joker == "forced":
                if is_upper[row]:
                    legal &= np.where(upper_filled, ~open_lower, row == matching)
                else:
                    legal &= upper_filled
            if not legal.any():
                continue
            natural = int(model.tables[row, roll])
            points = np.where(full & (not is_upper[row]), int(model.joker_points[row, face]), natural)
            new_upper = np.minimum(u + points, model.cap) if model.bonus_rows[row] else u
            base = ((f | (1 << row)) * num_flags + y) * num_upper
            scored = points + flat[base + new_upper]
            np.maximum(value, np.where(legal, scored, _NEG), out=value)
            if model.allow_scratch:
                np.maximum(value, np.where(legal, flat[base + u], _NEG), out=value)
        best[roll, states] = value + extra


def keep_values(rolls: FloatArray, out: FloatArray | None = None) -> FloatArray:
    """The value of each of the 462 keeps, throwing the other dice once, shape (462, states).

    ``rolls`` (252, states) is the value of each roll after that throw. Built by keep
    size, five down to zero: each keep is the mean of its six one-die-larger keeps.

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
    keeps = np.empty((tables.NUM_KEEPS, rolls.shape[1])) if out is None else out
    keeps[_ROLLS] = rolls
    for size in range(4, -1, -1):
        block = tables.SIZE_SLICES[size]
        children = tables.CHILDREN[block]
        acc = keeps[children[:, 0]]
        for face in range(1, 6):
            acc += keeps[children[:, face]]
        acc *= 1.0 / 6.0
        keeps[block] = acc
    return keeps


def best_keeps(keeps: FloatArray) -> FloatArray:
    """The value of each roll when a keep is chosen from it: the best of its sub-multisets, (252, states).

    Works in place on ``keeps``: afterwards each keep holds the best value among its sub-multisets.

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
    for size in range(1, 6):
        block = tables.SIZE_SLICES[size]
        parents = tables.PARENTS[block]
        target = keeps[block]
        for j in range(size):
            np.maximum(target, keeps[parents[:, j]], out=target)
    return keeps[_ROLLS]


def turn_tables(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> list[FloatArray]:
    """The value of each roll with 0, 1, ... ``max_throws - 1`` throws left, each (252, states).

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
    layers = [final_values(model, values, filled, flag, upper)]
    for _ in range(model.max_throws - 1):
        layers.append(best_keeps(keep_values(layers[-1])).copy())
    return layers


def keep_layers(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> list[FloatArray]:
    """The value of each keep with 1, 2, ... ``max_throws - 1`` throws left after it, each (462, states).

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
    rolls = final_values(model, values, filled, flag, upper)
    layers: list[FloatArray] = []
    for left in range(1, model.max_throws):
        layers.append(keep_values(rolls))
        if left < model.max_throws - 1:
            rolls = best_keeps(layers[-1].copy())
    return layers


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
    rolls = final_values(model, values, filled, flag, upper)
    scratch = np.empty((tables.NUM_KEEPS, len(filled)))
    for _ in range(model.max_throws - 1):
        rolls = best_keeps(keep_values(rolls, scratch))
    # the mean over the first throw, summed roll by roll (the same order whatever the block size)
    start: FloatArray = (rolls * tables.ROLL_PROBABILITIES[:, None]).sum(axis=0)
    return start


# ---------------------------------------------------------------------------- the backward solve
_WORKER: dict[str, object] = {}


def _ignore_interrupts() -> None:
    """Worker initializer: Ctrl-C, which a terminal sends to every process of the job, is the parent's to handle.

    The parent stops its workers itself when it is interrupted.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    release_signals()


def _kill_workers(workers: Sequence[multiprocessing.process.BaseProcess]) -> None:
    """End ``workers`` at once (SIGKILL: they hold nothing that needs cleaning) and reap them."""
    for worker in workers:
        with contextlib.suppress(OSError):
            worker.kill()
    for worker in workers:
        worker.join(timeout=5)


def _solve_block(task: tuple[IntArray, IntArray, IntArray]) -> int:
    model = _WORKER["model"]
    values = _WORKER["values"]
    assert isinstance(model, Model)
    assert isinstance(values, np.ndarray)
    filled, flag, upper = task
    values[filled, flag, upper] = turn_start_values(model, values, filled, flag, upper)
    return len(filled)


def _blocks(layer: tuple[IntArray, IntArray, IntArray], size: int) -> Iterator[tuple[IntArray, IntArray, IntArray]]:
    filled, flag, upper = layer
    for start in range(0, len(filled), size):
        yield filled[start : start + size], flag[start : start + size], upper[start : start + size]


def _shared_array(shape: tuple[int, int, int]) -> tuple[FloatArray, mmap.mmap | None]:
    size = int(np.prod(shape)) * 8
    if not hasattr(os, "fork"):
        return np.full(shape, np.nan), None
    buffer = mmap.mmap(-1, size)  # anonymous and shared: forked workers write into it
    array = np.frombuffer(buffer, dtype=np.float64).reshape(shape)
    array[...] = np.nan
    return array, buffer


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
        processes: worker processes (default: the CPU count; 1 solves in this process).
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
    shared, buffer = _shared_array(space.shape)
    full = (1 << model.num_rows) - 1
    shared[full] = model.bonus.astype(np.float64)[None, :]
    total = space.count
    workers = (os.cpu_count() or 1) if processes is None else max(1, processes)
    if buffer is None or total < PARALLEL_MIN:
        workers = 1
    _WORKER.update(model=model, values=shared)
    bar = Progress(total, f"solving {len(model.rows)} rows", quiet=quiet, callback=progress)
    before = set(multiprocessing.active_children())
    pool = None
    if workers > 1:
        context = multiprocessing.get_context("fork")
        pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupts)
    try:
        bar.advance(len(space.alive[full & space.bonus_mask]) * len(space.flags_of(full)))
        for count in range(model.num_rows - 1, -1, -1):
            layer = space.layer(count)
            size = max(64, min(CHUNK, -(-len(layer[0]) // (4 * workers))))
            done: Iterator[int]
            if pool is not None:
                with held_signals():  # the first submit forks the workers
                    futures = [pool.submit(_solve_block, block) for block in _blocks(layer, size)]
                done = (future.result() for future in as_completed(futures))
            else:
                done = map(_solve_block, _blocks(layer, size))
            for n in done:
                bar.advance(n)
            space.copy_dead(shared, count)
    except BaseException:  # Ctrl-C, SIGTERM, an error: the workers stop now, not after the queued blocks
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
            _kill_workers([p for p in multiprocessing.active_children() if p not in before])
        raise
    else:
        if pool is not None:
            pool.shutdown()
    finally:
        bar.close()
        _WORKER.clear()
    result = np.array(shared)  # a private copy; the shared buffer is released
    del shared
    if buffer is not None:
        with contextlib.suppress(BufferError):  # a view still alive: the GC frees the buffer later
            buffer.close()
    return result
