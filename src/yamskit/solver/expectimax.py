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
import mmap
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator
from typing import TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from .._cache import LruCache
from .._signals import held_signals
from . import tables
from .model import Model
from .progress import Progress
from .space import StateSpace
from .tables import FloatArray, IntArray
from .workers import Lockstep, ignore_interrupts, kill_workers

__all__ = [
    "CHUNK",
    "best_keeps",
    "final_values",
    "keep_layers",
    "keep_values",
    "padded_keep_layers",
    "solve_values",
    "turn_start_values",
    "turn_tables",
]


#: About how many states a block holds (arrays of 462 x CHUNK floats, 2.4 MB, stay in the shared cache).
CHUNK = 640
#: Fewer states than this are solved in this process (starting workers would cost more).
PARALLEL_MIN = 20_000
_NEG = -np.inf
_ROLLS = tables.SIZE_SLICES[5]


@attrs.frozen(eq=False)
class _FinalPlan:
    """How the final layer gathers each roll's candidates.

    The candidates of a block are one array: row ``j``'s distinct points take the rows
    ``offsets[j]:offsets[j] + len(distinct[j])``, the rows whose next state depends on the
    points first (``moving``: ``moving_rows[c]`` and ``moving_points[c]`` for each of their
    candidates), then the others (``plain_rows``; ``plain_source[c]`` is the position in
    ``plain_rows`` of the row of each of their candidates, ``plain_points[c]`` its points),
    then one row holds the best crossed-out box. Each roll takes the best of its *entries*:
    the class of each row it may be written in (with scratching, only the rows paying for
    it), the crossed-out row (row ``size - 2``) and the row of zeros (``size - 1``: the best 0
    in the ``zero_rows``). The rolls are laid out by number of entries, most first
    (``order[i]`` is the roll at position ``i``, ``position`` the inverse), so that
    ``slots[k]`` lists the k-th entry of a prefix of them. ``five`` is the plan of the
    five-of-a-kind rolls.
    """

    distinct: tuple[IntArray, ...]
    offsets: tuple[int, ...]
    zero_rows: tuple[int, ...]
    size: int
    slots: tuple[IntArray, ...]
    order: IntArray
    position: IntArray
    to_work: IntArray
    bits: IntArray
    moving: int
    moving_rows: IntArray
    moving_points: IntArray
    moving_upper: IntArray
    moving_flag: IntArray | None
    plain_rows: IntArray
    plain_source: IntArray
    plain_points: IntArray
    five: _FivePlan


_SCRATCH = threading.local()


def _scratch(name: str, rows: int, count: int) -> FloatArray:
    """A reused (rows, count) work array of this thread (fresh arrays of megabytes cost page faults).

    The arrays of one name share a buffer that grows to the largest size asked for, so blocks
    of varying sizes reuse it too.
    """
    pool: dict[str, FloatArray] = _SCRATCH.__dict__.setdefault("arrays", {})
    buffer = pool.get(name)
    if buffer is None or len(buffer) < rows * count:
        buffer = pool[name] = np.empty(rows * count)
    return buffer[: rows * count].reshape(rows, count)


def _release_scratch() -> None:
    """Drop this thread's work arrays."""
    _SCRATCH.__dict__.pop("arrays", None)


def _final_plan(model: Model) -> _FinalPlan:
    distinct_rows = [np.unique(table).astype(np.int64) for table in model.tables]
    per_roll: list[list[int]] = [[] for _ in range(tables.NUM_ROLLS)]
    plain = [_is_plain(model, row) for row in range(model.num_rows)]
    # Without scratching, the 0 of a plain row that never pays less goes to one shared row of zeros:
    # where the roll pays in that row, the 0 is below the paying candidate (same state after), so it
    # changes no maximum.
    zero_rows = [
        row
        for row in range(model.num_rows)
        if not model.allow_scratch and plain[row] and int(model.tables[row].min()) == 0
    ]
    moving_rows = [row for row in range(model.num_rows) if not plain[row]]
    plain_rows = [row for row in range(model.num_rows) if plain[row]]
    offsets = [0] * model.num_rows
    at = 0
    for row in moving_rows + plain_rows:  # the candidates of the moving rows first
        table = model.tables[row]
        distinct, classes = np.unique(table, return_inverse=True)
        offsets[row] = at
        zero_elsewhere = model.allow_scratch or row in zero_rows
        for r in range(tables.NUM_ROLLS):
            if table[r] or not zero_elsewhere:
                per_roll[r].append(at + int(classes[r]))
        at += len(distinct)
    for entries in per_roll:
        entries.insert(0, at)  # the crossed-out row (-inf without scratching)
        if zero_rows:
            entries.append(at + 1)  # the zeros row
    for entries in per_roll:  # a roll paying in no row has one entry, the crossed-out row: give it twice
        if len(entries) < 2:
            entries.append(at)
    counts = np.array([len(e) for e in per_roll], dtype=np.int64)
    order = np.argsort(-counts, kind="stable").astype(np.int64)
    position = np.argsort(order).astype(np.int64)
    slots = tuple(
        np.array([per_roll[r][k] for r in order if counts[r] > k], dtype=np.int64) for k in range(int(counts.max()))
    )

    def each(rows: list[int], of: Callable[[int, IntArray], IntArray]) -> IntArray:
        parts = [of(row, distinct_rows[row]) for row in rows]
        return np.concatenate(parts).astype(np.int64) if parts else np.zeros(0, dtype=np.int64)

    moving_points = each(moving_rows, lambda row, d: d)
    sets_flag = model.flag_row in moving_rows and model.needs_flag
    return _FinalPlan(
        distinct=tuple(distinct_rows),
        offsets=tuple(offsets),
        zero_rows=tuple(zero_rows),
        size=at + 2,
        slots=slots,
        order=order,
        position=position,
        to_work=position[tables.WORK_ROLLS],
        bits=np.left_shift(1, np.arange(model.num_rows, dtype=np.int64)),
        moving=len(moving_points),
        moving_rows=each(moving_rows, lambda row, d: np.full(len(d), row)),
        moving_points=moving_points,
        moving_upper=each(moving_rows, lambda row, d: d if model.bonus_rows[row] else np.zeros_like(d)),
        # the flag after a moving candidate: -1 where it stays the state's, else 0 or 1
        moving_flag=each(
            moving_rows,
            lambda row, d: (d > 0).astype(np.int64) if row == model.flag_row else np.full(len(d), -1, dtype=np.int64),
        )
        if sets_flag
        else None,
        plain_rows=np.array(plain_rows, dtype=np.int64),
        plain_source=np.repeat(np.arange(len(plain_rows)), [len(distinct_rows[row]) for row in plain_rows]).astype(
            np.int64
        ),
        plain_points=each(plain_rows, lambda row, d: d),
        five=_five_plan(model),
    )


def _is_plain(model: Model, row: int) -> bool:
    """Whether the state after writing in ``row`` does not depend on the points written."""
    return not model.bonus_rows[row] and not (row == model.flag_row and model.needs_flag)


_PLANS: LruCache[str, _FinalPlan] = LruCache("solver: final-layer plans", size=16, key="a solver model's fingerprint")


def _plan(model: Model) -> _FinalPlan:
    return _PLANS.get(model.fingerprint, lambda: _final_plan(model))


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
    plan = _plan(model)
    return np.take(_final_by_entries(model, plan, values, filled, flag, upper), plan.position, axis=0)  # a copy


def _final_by_entries(
    model: Model, plan: _FinalPlan, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> FloatArray:
    """`final_values` with the rolls in the plan's order."""
    flat = values.reshape(-1)
    _, num_flags, num_upper = values.shape
    cap = model.cap
    count = len(filled)
    # Every candidate of the block in one array: each row's distinct points plus the value after
    # them (-inf or NaN where the row is closed), and the best crossed-out box (a 0 in any open box).
    candidates = _scratch("candidates", plan.size, count)
    is_closed = (filled[None, :] & plan.bits[:, None]) != 0  # (rows, states)
    closed = np.where(is_closed, _NEG, 0.0)  # added to a value: -inf, or NaN which fmax passes over
    after = filled[None, :] | plan.bits[:, None]  # (rows, states): the filled set after each row
    crossed_best = candidates[-2]
    if model.allow_scratch:  # every row at once: the state after a 0 in it, -inf where it is closed
        index = after * num_flags + flag[None, :]
        if model.needs_flag:
            index[model.flag_row] -= flag  # a 0 in the five-of-a-kind row leaves the flag at 0
        index *= num_upper
        index += upper[None, :]
        crossed = np.take(flat, index)
        np.copyto(crossed, _NEG, where=is_closed)
        np.max(crossed, axis=0, out=crossed_best)  # NaN-propagating, as a running np.maximum
    else:
        crossed_best[...] = _NEG
    if plan.moving:  # rows whose state after depends on the points: one look-up per candidate
        rows = plan.moving_rows
        new_upper = np.minimum(upper[None, :] + plan.moving_upper[:, None], cap)
        if plan.moving_flag is None:
            index = (after[rows] * num_flags + flag[None, :]) * num_upper + new_upper
        else:
            new_flag = np.where(plan.moving_flag[:, None] < 0, flag[None, :], plan.moving_flag[:, None])
            index = (after[rows] * num_flags + new_flag) * num_upper + new_upper
        part = candidates[: plan.moving]
        np.add(flat[index], plan.moving_points[:, None], out=part)
        part += closed[rows]
    if len(plan.plain_rows):  # the same state after whatever the points: one look-up per row
        rows = plan.plain_rows
        later = flat[(after[rows] * num_flags + flag[None, :]) * num_upper + upper[None, :]]
        later += closed[rows]
        part = candidates[plan.moving : plan.size - 2]
        np.take(later, plan.plain_source, axis=0, out=part, mode="clip")
        part += plan.plain_points[:, None]
    zeros = candidates[-1]
    zeros[...] = _NEG
    for row in plan.zero_rows:
        np.fmax(zeros, candidates[plan.offsets[row]], out=zeros)
    # the best (NaN-blind) of each roll's candidates: a max, so the order of the entries does not matter
    best = _scratch("best", tables.NUM_ROLLS, count)
    # every roll's first entry is the crossed-out row and its second one covers every roll: take
    # the second and set the first against it, rather than copying the crossed-out row 252 times
    np.take(candidates, plan.slots[1], axis=0, out=best, mode="clip")
    np.fmax(crossed_best[None, :], best, out=best)
    spare = _scratch("slot", tables.NUM_ROLLS, count)
    for slot in plan.slots[2:]:
        head = best[: len(slot)]
        np.fmax(head, np.take(candidates, slot, axis=0, out=spare[: len(slot)], mode="clip"), out=head)
    if model.flag_row >= 0 and (model.joker is not None or model.five_bonus):
        _five_of_a_kind(model, plan.five, flat, values.shape, filled, flag, upper, best, plan.position)
    return best


@attrs.frozen(eq=False)
class _FivePlan:
    """What the five-of-a-kind rolls of a model look up, as (rows, faces) arrays built once.

    The rows are taken in the order ``rows``: the number rows (ones..sixes) first, ``uppers``
    of them, then the others, which a joker pays at full value. ``natural`` and ``joker`` are
    the points of each face's five of a kind in each row, as written and at full joker value;
    ``matching`` is the row index of each face's number row (0 where there is none,
    ``has_match`` False) and ``match_at`` its place in ``rows``; ``move_at``, ``move_faces``
    and ``move_lower`` list the pairs whose points may move the upper total.
    """

    rows: IntArray
    uppers: int
    bits: IntArray
    matching: IntArray
    has_match: npt.NDArray[np.bool_]
    match_at: IntArray
    natural: IntArray
    joker: IntArray
    natural_float: FloatArray
    joker_float: FloatArray
    move_at: IntArray
    move_faces: IntArray
    move_lower: npt.NDArray[np.bool_]


def _five_plan(model: Model) -> _FivePlan:
    matching = np.array(model.upper_index, dtype=np.int64)
    rows = np.concatenate([np.flatnonzero(model.is_upper), np.flatnonzero(~model.is_upper)]).astype(np.int64)
    at = np.argsort(rows).astype(np.int64)  # the place of each row in ``rows``
    natural = np.ascontiguousarray(model.tables[rows][:, tables.FIVE_OF_A_KIND])
    joker = np.ascontiguousarray(model.joker_points[rows])
    uppers = int(model.is_upper.sum())
    faces, moving = np.nonzero(_moves_upper(model))
    return _FivePlan(
        rows=rows,
        uppers=uppers,
        bits=np.left_shift(1, rows),
        matching=np.maximum(matching, 0),
        has_match=matching >= 0,
        match_at=at[np.maximum(matching, 0)],
        natural=natural,
        joker=joker,
        natural_float=natural.astype(np.float64),
        joker_float=joker.astype(np.float64),
        move_at=at[moving],
        move_faces=faces.astype(np.int64),
        move_lower=at[moving] >= uppers,
    )


def _five_of_a_kind(
    model: Model,
    five: _FivePlan,
    flat: FloatArray,
    shape: tuple[int, ...],
    filled: IntArray,
    flag: IntArray,
    upper: IntArray,
    best: FloatArray,
    position: IntArray,
) -> None:
    """Overwrite the five-of-a-kind rolls of states whose five-of-a-kind box is filled (joker, bonus).

    Arrays are (rows, faces, states): every row (in the plan's order) and every face's roll at once.
    """
    _, num_flags, num_upper = shape
    states = np.flatnonzero(filled & (1 << model.flag_row))
    if not len(states):
        return
    f, y, u = filled[states], flag[states], upper[states]
    top = five.uppers
    is_open = (f[None, :] & five.bits[:, None]) == 0  # (rows, states)
    upper_filled = (f[None, :] >> five.matching[:, None]) & 1 == 1  # (faces, states)
    upper_filled &= five.has_match[:, None]
    base = (f[None, :] | five.bits[:, None]) * num_flags + y[None, :]
    base *= num_upper  # (rows, states)
    same_upper = flat[base + u[None, :]]  # the value after a row whose upper total does not move
    scored = np.empty((len(five.rows), 6, len(states)))
    np.add(five.natural_float[:top, :, None], same_upper[:top, None, :], out=scored[:top])
    full = upper_filled
    if model.joker is None:
        np.add(five.natural_float[top:, :, None], same_upper[top:, None, :], out=scored[top:])
    else:  # a joker pays the other rows full value
        if model.joker == "seed":
            full = upper_filled & (y == 1)[None, :]
        points = np.where(full[None, :, :], five.joker_float[top:, :, None], five.natural_float[top:, :, None])
        np.add(points, same_upper[top:, None, :], out=scored[top:])
    if len(five.move_at):  # only a bonus row paid points moves the upper total: look those up
        at, faces = five.move_at, five.move_faces
        paid = np.broadcast_to(five.natural[at, faces][:, None], (len(at), len(states)))
        if model.joker is not None:
            paid = np.where(five.move_lower[:, None] & full[faces], five.joker[at, faces][:, None], paid)
        later = flat[base[at] + np.minimum(u[None, :] + paid, model.cap)]
        scored[at, faces] = paid + later
    np.copyto(scored, _NEG, where=~is_open[:, None, :])
    scratched: FloatArray | None = None
    if model.allow_scratch:  # a 0 in a row: the value after it
        scratched = np.where(is_open, same_upper, _NEG)
    value: FloatArray
    if model.joker == "forced":
        # the number row of the face while it is open; else the other rows while one is open; else any
        # number row (NaN-propagating maxima, as a running np.maximum)
        open_lower = np.any(is_open[top:], axis=0)  # (states,)
        matched = scored[five.match_at, np.arange(6)]  # (faces, states)
        value = np.where(
            upper_filled, np.where(open_lower[None, :], scored[top:].max(axis=0), scored[:top].max(axis=0)), matched
        )
        if scratched is not None:
            value = np.maximum(
                value,
                np.where(
                    upper_filled,
                    np.where(open_lower, scratched[top:].max(axis=0), scratched[:top].max(axis=0))[None, :],
                    scratched[five.match_at],
                ),
            )
    else:
        value = scored.max(axis=0)  # (faces, states), NaN-propagating, as a running np.maximum
        if scratched is not None:
            value = np.maximum(value, scratched.max(axis=0)[None, :])
    extra = model.five_bonus * (y == 1) if model.needs_flag else np.zeros(len(states), dtype=np.int64)
    best[position[tables.FIVE_OF_A_KIND][:, None], states[None, :]] = value + extra[None, :]


#: The working positions of the children of the keeps of each size 0-4, face by face (all ones, then all twos...).
_CHILDREN_BY_SIZE = [
    np.ascontiguousarray(tables.WORK_CHILDREN[tables.SIZE_SLICES[size]].T).reshape(-1) for size in range(5)
]
#: For each size 1-5 and each j, the working positions of the j-th parents of the keeps that have one.
_PARENTS_BY_SIZE = [
    [np.ascontiguousarray(tables.WORK_PARENTS[tables.SIZE_SLICES[size], j][:span]) for j, span in enumerate(spans)]
    for size, spans in enumerate(tables.WORK_PARENT_SPANS)
]


def _mean_over_throw(keeps: FloatArray, spare: FloatArray) -> None:
    """Fill the keeps of 0-4 dice, in working order, from the five-dice keeps (the rolls) already in ``keeps``.

    Each keep is the mean of its six one-die-larger keeps, summed face by face in face order.
    ``spare`` is scratch space of at least (756, states).
    """
    for size in range(4, -1, -1):
        block = tables.SIZE_SLICES[size]
        count = block.stop - block.start
        children = spare[: 6 * count].reshape(6, count, -1)
        np.take(keeps, _CHILDREN_BY_SIZE[size], axis=0, out=children.reshape(6 * count, -1), mode="clip")
        target = keeps[block]
        children.sum(axis=0, out=target)  # along the outer axis: added one face after the other
        target *= 1.0 / 6.0


def _best_of_sub_keeps(keeps: FloatArray, spare: FloatArray) -> None:
    """In place, in working order: each keep becomes the best value among its sub-multisets.

    ``spare`` is scratch space of at least (252, states).
    """
    for size in range(1, 6):
        target = keeps[tables.SIZE_SLICES[size]]
        for parents in _PARENTS_BY_SIZE[size]:
            head = target[: len(parents)]
            np.maximum(head, np.take(keeps, parents, axis=0, out=spare[: len(parents)], mode="clip"), out=head)


def _to_work(rolls: FloatArray, keeps: FloatArray) -> None:
    """Put ``rolls`` (252, states; roll order) as the five-dice keeps of ``keeps`` (working order)."""
    np.take(rolls, tables.WORK_ROLLS, axis=0, out=keeps[_ROLLS], mode="clip")


def _moves_upper(model: Model) -> npt.NDArray[np.bool_]:
    """(faces, rows): whether writing the five of a kind of a face in a row may pay points towards the upper total."""
    natural = model.tables[:, tables.FIVE_OF_A_KIND].T != 0
    jokered = (model.joker_points.T != 0) & ~model.is_upper[None, :] if model.joker is not None else natural & False
    moves: npt.NDArray[np.bool_] = (natural | jokered) & model.bonus_rows[None, :]
    return moves


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
    count = rolls.shape[1]
    work = np.empty((tables.NUM_KEEPS, count))
    _to_work(rolls, work)
    _mean_over_throw(work, np.empty((6 * 126, count)))
    keeps = np.empty((tables.NUM_KEEPS, count)) if out is None else out
    np.take(work, tables.WORK_POSITION, axis=0, out=keeps)
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
    work = keeps[tables.WORK_ORDER]
    _best_of_sub_keeps(work, np.empty((tables.NUM_ROLLS, keeps.shape[1])))
    np.take(work, tables.WORK_POSITION, axis=0, out=keeps)
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
    work, spare = _work_arrays(len(filled))
    _to_work(layers[0], work)
    for _ in range(model.max_throws - 1):
        _mean_over_throw(work, spare)
        _best_of_sub_keeps(work, spare)
        layers.append(work[_ROLLS][tables.WORK_ROLL_POSITION])
    return layers


def _final_to_work(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray, work: FloatArray
) -> None:
    """The final layer, written as the five-dice keeps of ``work`` (working order)."""
    plan = _plan(model)
    best = _final_by_entries(model, plan, values, filled, flag, upper)
    np.take(best, plan.to_work, axis=0, out=work[_ROLLS], mode="clip")


def _work_arrays(count: int) -> tuple[FloatArray, FloatArray]:
    """Keeps in working order (462, count) and scratch space (756, count), reused by this thread."""
    return _scratch("work", tables.NUM_KEEPS, count), _scratch("spare", 6 * 126, count)


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
    layers: list[FloatArray] = []
    work, spare = _work_arrays(len(filled))
    _final_to_work(model, values, filled, flag, upper, work)
    for left in range(1, model.max_throws):
        _mean_over_throw(work, spare)
        layers.append(work[tables.WORK_POSITION])
        if left < model.max_throws - 1:
            _best_of_sub_keeps(work, spare)
    return layers


def padded_keep_layers(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> list[FloatArray]:
    """`keep_layers` in the solver's working order, for look-ups: each (463, states).

    Row ``tables.WORK_POSITION[k]`` is the value of keep ``k``; the last row is -inf (a
    padding keep that is never best).

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.solver import tables
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)]))
        >>> values = solve_values(model)
        >>> empty = np.zeros(1, dtype=np.int64)
        >>> layers = padded_keep_layers(model, values, empty, empty, empty)
        >>> layers[0].shape, float(layers[0][tables.WORK_POSITION[0], 0]), float(layers[0][-1, 0])
        ((463, 1), 17.5, -inf)
    """
    return [layer.copy() for layer in _padded_layers(model, values, filled, flag, upper)]


def _padded_layers(
    model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> list[FloatArray]:
    """`padded_keep_layers` in this thread's work arrays: valid until its next call."""
    count = len(filled)
    layers = [_scratch(f"layer {left}", tables.NUM_KEEPS + 1, count) for left in range(1, model.max_throws)]
    if not layers:
        return layers
    spare = _scratch("spare", 6 * 126, count)
    work = layers[0][:-1]
    _final_to_work(model, values, filled, flag, upper, work)
    for left, layer in enumerate(layers, start=1):
        if left > 1:
            np.copyto(layer[:-1], work)
            _best_of_sub_keeps(layer[:-1], spare)
            work = layer[:-1]
        _mean_over_throw(work, spare)
        layer[-1] = _NEG
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
    if model.max_throws == 1:
        rolls = final_values(model, values, filled, flag, upper)
    else:
        work, spare = _work_arrays(len(filled))
        _final_to_work(model, values, filled, flag, upper, work)
        for _ in range(model.max_throws - 1):
            _mean_over_throw(work, spare)
            _best_of_sub_keeps(work, spare)
        rolls = np.take(work[_ROLLS], tables.WORK_ROLL_POSITION, axis=0, out=spare[: tables.NUM_ROLLS], mode="clip")
    # the mean over the first throw, summed roll by roll (the same order whatever the block size)
    np.multiply(rolls, tables.ROLL_PROBABILITIES[:, None], out=rolls)
    start: FloatArray = rolls.sum(axis=0)
    return start


# ---------------------------------------------------------------------------- the backward solve
@attrs.frozen(eq=False)
class _Solve:
    """One backward solve, shared by this process and its forked workers.

    ``values`` and ``claimed`` (how many blocks of each layer were handed out) live in
    shared memory when there are workers; ``lock`` guards ``claimed``.
    """

    model: Model
    space: StateSpace
    values: FloatArray
    claimed: IntArray
    lock: contextlib.AbstractContextManager[object]
    workers: int

    def claim(self, count: int) -> int:
        """The next block of layer ``count`` for the calling process."""
        with self.lock:
            block = int(self.claimed[count])
            self.claimed[count] = block + 1
        return block


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


def _solve_layers(job: _Solve, rank: int, sync: Lockstep, bar: Progress | None) -> None:
    """Process ``rank``'s part of the solve: blocks of each layer as they come, all processes in step by layer."""
    model, space, values = job.model, job.space, job.values
    for count in range(model.num_rows - 1, -1, -1):
        filled, flag, upper = space.layer(count)
        cuts = _cuts(filled, max(64, min(CHUNK, -(-len(filled) // (4 * job.workers)))))
        done = 0
        while (block := job.claim(count)) < len(cuts) - 1:
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


def _worker(job: _Solve, rank: int, sync: Lockstep) -> None:
    """A forked process's part of the solve."""
    ignore_interrupts()
    sync.keep(rank)
    with contextlib.suppress(EOFError, ConnectionError):  # process 0 has stopped: so does this one
        _solve_layers(job, rank, sync, None)


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
    context = multiprocessing.get_context("fork") if workers > 1 else None
    claimed, counters = _shared_array((model.num_rows, 1, 1), np.int64, shared=context is not None)
    lock = context.Lock() if context is not None else contextlib.nullcontext()
    job = _Solve(model, space, shared, claimed.reshape(-1), lock, workers)
    sync = Lockstep(workers)
    children: list[multiprocessing.process.BaseProcess] = []
    try:
        bar.advance(len(space.alive[full & space.bonus_mask]) * len(space.flags_of(full)))
        if context is not None:
            with held_signals():  # the workers are forked here
                for rank in range(1, workers):
                    child: multiprocessing.process.BaseProcess = context.Process(
                        target=_worker, args=(job, rank, sync), daemon=True
                    )
                    child.start()
                    children.append(child)
            sync.keep(0)
        try:
            _solve_layers(job, 0, sync, bar)
        except (EOFError, ConnectionError):
            raise RuntimeError("a solver worker process failed (its error is above)") from None
        for child in children:
            child.join()
    except BaseException:  # Ctrl-C, SIGTERM, an error: the workers stop now
        kill_workers(children)
        raise
    finally:
        sync.close()
        bar.close()
        _release_scratch()
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
