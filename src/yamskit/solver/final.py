"""The last step of a turn: the value of each roll that must be written now, for a block of states.

A roll's value is its best box: the points plus the value of the state after them,
with the joker and five-of-a-kind bonus rules on the six five-of-a-kind rolls. Every
candidate (a row and the points it pays) of a block is looked up once (`_FinalPlan`),
then each roll takes the best of its candidates; the five of a kinds of states whose
five-of-a-kind box is filled are then overwritten (`_five_of_a_kind`).

Examples:
    >>> import yamskit
    >>> from yamskit.solver.model import model_of
    >>> plan = _plan(model_of(yamskit.variant("yahtzee")))
    >>> plan.moving, len(plan.plain_rows)  # candidates whose next state moves with the points; other rows
    (38, 6)
    >>> plan.size, len(plan.slots)  # candidate rows of a block; the most entries a roll has
    (126, 9)
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import numpy as np
import numpy.typing as npt

from .._cache import LruCache
from .model import Model
from .scratch import work_array
from .tables import FloatArray, IntArray

__all__ = ["final_values"]

_NEG = -np.inf


@attrs.frozen(eq=False)
class _FinalPlan:
    """How the final layer gathers each roll's candidates.

    The candidates of a block are one array: row ``j``'s distinct points take the rows
    ``offsets[j]:offsets[j] + len(distinct[j])``, the rows whose next state depends on the
    points first (``moving``: ``moving_rows[c]``, ``moving_points[c]`` and the points
    ``moving_upper[c]`` added to the upper total for each of their candidates; ``flag_at``
    lists those that set the five-of-a-kind flag, to ``flag_to``), then the others
    (``plain_rows``; ``plain_source[c]`` is the position in ``plain_rows`` of the row of each
    of their candidates, ``plain_points[c]`` its points),
    then one row holds the best crossed-out box. Each roll takes the best of its *entries*:
    the class of each row it may be written in (with scratching, only the rows paying for
    it), the crossed-out row (row ``size - 2``) and the row of zeros (``size - 1``: the best 0
    in the ``zero_rows``). The rolls are laid out by number of entries, most first
    (``order[i]`` is the roll at position ``i``, ``position`` the inverse), so that
    ``slots[k]`` lists the k-th entry of a prefix of them. ``five`` is the plan of the
    five-of-a-kind rolls. ``paid_at[roll, row]`` is the candidate of each roll's points in each
    row (what a Score of it there pays, plus the value after it).
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
    flag_at: IntArray
    flag_to: IntArray
    plain_rows: IntArray
    plain_source: IntArray
    plain_points: IntArray
    paid_at: IntArray
    five: _FivePlan


def _final_plan(model: Model) -> _FinalPlan:
    distinct_rows = [np.unique(table).astype(np.int64) for table in model.tables]
    t = model.dice
    per_roll: list[list[int]] = [[] for _ in range(t.num_rolls)]
    plain = [_is_plain(model, row) for row in range(model.num_rows)]
    # Without scratching, the 0 of a plain row that never pays less goes to one shared row of zeros:
    # where the roll pays in that row, the 0 is below the paying candidate (same state after), so it
    # changes no maximum.
    # (Not a row whose Score ends the game: its 0 beside a paying candidate may then be worth more.)
    zero_rows = [
        row
        for row in range(model.num_rows)
        if not model.allow_scratch and plain[row] and int(model.tables[row].min()) == 0 and row not in model.win_rows
    ]
    moving_rows = [row for row in range(model.num_rows) if not plain[row]]
    plain_rows = [row for row in range(model.num_rows) if plain[row]]
    offsets = [0] * model.num_rows
    paid_at = np.zeros((t.num_rolls, model.num_rows), dtype=np.int64)
    at = 0
    for row in moving_rows + plain_rows:  # the candidates of the moving rows first
        table = model.tables[row]
        distinct, classes = np.unique(table, return_inverse=True)
        offsets[row] = at
        paid_at[:, row] = at + classes
        zero_elsewhere = model.allow_scratch or row in zero_rows
        for r in range(t.num_rolls):
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
    # the moving candidates of the five-of-a-kind row, whose points set the flag (where it counts)
    candidate_rows = each(moving_rows, lambda row, d: np.full(len(d), row))
    flag_at = np.flatnonzero(candidate_rows == model.flag_row)
    if not model.needs_flag:
        flag_at = flag_at[:0]
    return _FinalPlan(
        distinct=tuple(distinct_rows),
        offsets=tuple(offsets),
        zero_rows=tuple(zero_rows),
        size=at + 2,
        slots=slots,
        order=order,
        position=position,
        to_work=position[t.work_rolls],
        bits=np.left_shift(1, np.arange(model.num_rows, dtype=np.int64)),
        moving=len(moving_points),
        moving_rows=candidate_rows,
        moving_points=moving_points,
        moving_upper=each(moving_rows, lambda row, d: d if model.bonus_rows[row] else np.zeros_like(d)),
        flag_at=flag_at,
        flag_to=(moving_points[flag_at] > 0).astype(np.int64),
        plain_rows=np.array(plain_rows, dtype=np.int64),
        plain_source=np.repeat(np.arange(len(plain_rows)), [len(distinct_rows[row]) for row in plain_rows]).astype(
            np.int64
        ),
        plain_points=each(plain_rows, lambda row, d: d),
        paid_at=paid_at,
        five=_five_plan(model),
    )


def _is_plain(model: Model, row: int) -> bool:
    """Whether the state after writing in ``row`` does not depend on the points written."""
    return not model.bonus_rows[row] and not (row == model.flag_row and model.needs_flag)


_PLANS: LruCache[str, _FinalPlan] = LruCache("solver: final-layer plans", size=16, key="a solver model's fingerprint")


def _plan(model: Model) -> _FinalPlan:
    return _PLANS.get(model.fingerprint, lambda: _final_plan(model))


def final_values(model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray) -> FloatArray:
    """The value (points still to come) of each roll that must be written now, shape (rolls, states).

    Args:
        model: the rules.
        values: the dense values of every state with more rows filled.
        filled: the filled rows of each state (bit sets).
        flag: the five-of-a-kind flag of each state.
        upper: the capped upper total of each state.

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver.expectimax import solve_values
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.ScorecardVariant.define("c", rows=[Category("chance", total)]))
        >>> values = solve_values(model)
        >>> empty = np.zeros(1, dtype=np.int64)  # one state: nothing filled, flag 0, upper total 0
        >>> rolls = final_values(model, values, empty, empty, empty)
        >>> rolls.shape, float(rolls[0, 0]), float(rolls[-1, 0])  # 11111 and 66666 written in chance
        ((252, 1), 5.0, 30.0)
    """
    plan = _plan(model)
    best, _ = _final_by_entries(model, plan, values, filled, flag, upper)
    return np.take(best, plan.position, axis=0)  # a copy


def _final_by_entries(
    model: Model,
    plan: _FinalPlan,
    values: FloatArray,
    filled: IntArray,
    flag: IntArray,
    upper: IntArray,
    *,
    keep: bool = False,
) -> tuple[FloatArray, FloatArray]:
    """`final_values` with the rolls in the plan's order, and the block's candidates (plan.size, states).

    Both are this thread's work arrays, valid until its next call. With ``keep``, a
    candidate of an open row is what a Score paying its points there is worth, the points
    plus the value after them (``plan.paid_at`` says which candidate a roll's Score in a
    row is; a closed row's is -inf or NaN); without, the candidates are overwritten.
    """
    flat = values.reshape(-1)
    _, num_flags, num_upper = values.shape
    cap = model.cap
    count = len(filled)
    # Every candidate of the block in one array: each row's distinct points plus the value after
    # them (-inf or NaN where the row is closed), and the best crossed-out box (a 0 in any open box).
    candidates = work_array("candidates", plan.size, count)
    is_closed = (filled[None, :] & plan.bits[:, None]) != 0  # (rows, states)
    closed = np.where(is_closed, _NEG, 0.0)  # added to a value: -inf, or NaN which fmax passes over
    # (rows, states): where the values after each row start, at upper total 0 (same flag)
    start = filled[None, :] | plan.bits[:, None]
    start *= num_flags
    start += flag[None, :]
    start *= num_upper
    crossed_best = candidates[-2]
    if model.allow_scratch:  # every row at once: the state after a 0 in it, -inf where it is closed
        index = start + upper[None, :]
        if model.needs_flag:
            index[model.flag_row] -= flag * num_upper  # a 0 in the five-of-a-kind row leaves the flag at 0
        crossed = np.take(flat, index)
        np.copyto(crossed, _NEG, where=is_closed)
        np.max(crossed, axis=0, out=crossed_best)  # NaN-propagating, as a running np.maximum
    else:
        crossed_best[...] = _NEG
    if plan.moving:  # rows whose state after depends on the points: one look-up per candidate
        rows = plan.moving_rows
        index = np.minimum(upper[None, :] + plan.moving_upper[:, None], cap)
        index += start[rows]
        if len(plan.flag_at):  # points in the five-of-a-kind row set its flag
            index[plan.flag_at] += (plan.flag_to[:, None] - flag[None, :]) * num_upper
        part = candidates[: plan.moving]
        np.add(flat[index], plan.moving_points[:, None], out=part)
        part += closed[rows]
    if len(plan.plain_rows):  # the same state after whatever the points: one look-up per row
        rows = plan.plain_rows
        later = flat[start[rows] + upper[None, :]]
        later += closed[rows]
        part = candidates[plan.moving : plan.size - 2]
        np.take(later, plan.plain_source, axis=0, out=part, mode="clip")
        part += plan.plain_points[:, None]
    if model.win_rows:  # a Score paying points there ends the game: the points and the bonus earned so far
        _game_ends(model, plan, candidates, is_closed, upper)
    if model.opens_row >= 0:  # no Score there before the flag row holds points (crossing out stays allowed)
        o = model.opens_row
        candidates[plan.offsets[o] : plan.offsets[o] + len(plan.distinct[o]), flag == 0] = _NEG
    zeros = candidates[-1]
    zeros[...] = _NEG
    for row in plan.zero_rows:
        np.fmax(zeros, candidates[plan.offsets[row]], out=zeros)
    # the best (NaN-blind) of each roll's candidates: a max, so the order of the entries does not matter
    best = work_array("best", model.dice.num_rolls, count)
    # every roll's first entry is the crossed-out row: set it against every other candidate
    # instead (fmax picks the same value), then start from each roll's second entry (with
    # ``keep``, in another array, so that the candidates stay what each Score is worth)
    lifted = candidates
    if keep:
        lifted = work_array("lifted", plan.size, count)
        lifted[-2] = crossed_best
    np.fmax(crossed_best[None, :], candidates[: plan.size - 2], out=lifted[: plan.size - 2])
    np.fmax(crossed_best, zeros, out=lifted[-1])
    np.take(lifted, plan.slots[1], axis=0, out=best, mode="clip")
    spare = work_array("slot", model.dice.num_rolls, count)
    for slot in plan.slots[2:]:
        head = best[: len(slot)]
        np.fmax(head, lifted.take(slot, axis=0, out=spare[: len(slot)], mode="clip"), out=head)
    if model.flag_row >= 0 and (model.joker is not None or model.five_bonus or model.number_bonus):
        _five_of_a_kind(model, plan.five, flat, values.shape, filled, flag, upper, best, plan.position)
    return best, candidates


def _game_ends(
    model: Model, plan: _FinalPlan, candidates: FloatArray, is_closed: npt.NDArray[np.bool_], upper: IntArray
) -> None:
    """Overwrite the paying candidates of the winning rows: the points, the bonus of the upper total then, no more.

    The game ends there (`yamskit.scorecard.game_rules.ServedWin`): its result is the sheet as it
    stands, the upper bonus counted on the total reached.
    """
    for row in model.win_rows:
        for c, points in enumerate(plan.distinct[row].tolist()):
            if points <= 0:
                continue
            total = np.minimum(upper + points, model.cap) if model.bonus_rows[row] else upper
            ended = model.bonus[total] + float(points)
            candidates[plan.offsets[row] + c] = np.where(is_closed[row], _NEG, ended)


@attrs.frozen(eq=False)
class _FivePlan:
    """What the five-of-a-kind rolls of a model look up, as (rows, faces) arrays built once.

    The rows are taken in the order ``rows``: the number rows (ones..sixes) first, ``uppers``
    of them, then the others, which a joker pays at full value. ``natural`` and ``joker`` are
    the points of each face's five of a kind in each row, as written and at full joker value;
    ``matching`` is the row index of each face's number row (0 where there is none,
    ``has_match`` False) and ``match_at`` its place in ``rows``; ``move_at``, ``move_faces``
    and ``move_lower`` list the pairs whose points may move the upper total, and
    ``move_natural`` and ``move_joker`` what they pay (columns, as written and with a joker).
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
    move_natural: IntArray
    move_joker: IntArray


def _five_plan(model: Model) -> _FivePlan:
    matching = np.array(model.upper_index, dtype=np.int64)
    rows = np.concatenate([np.flatnonzero(model.is_upper), np.flatnonzero(~model.is_upper)]).astype(np.int64)
    at = np.argsort(rows).astype(np.int64)  # the place of each row in ``rows``
    natural = np.ascontiguousarray(model.tables[rows][:, model.dice.all_of_a_kind])
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
        move_natural=natural[at[moving], faces][:, None],
        move_joker=joker[at[moving], faces][:, None],
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
        paid = np.broadcast_to(five.move_natural, (len(at), len(states)))
        if model.joker is not None:
            paid = np.where(five.move_lower[:, None] & full[faces], five.move_joker, paid)
        later = flat[base[at] + np.minimum(u[None, :] + paid, model.cap)]
        scored[at, faces] = paid + later
    if model.number_bonus:  # a Score in the number row of its face earns it (beside the box: the upper total stays)
        faces = np.flatnonzero(five.has_match)
        scored[five.match_at[faces], faces] += model.number_bonus
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
    best[position[model.dice.all_of_a_kind][:, None], states[None, :]] = value + extra[None, :]


def _moves_upper(model: Model) -> npt.NDArray[np.bool_]:
    """(faces, rows): whether writing the five of a kind of a face in a row may pay points towards the upper total."""
    natural = model.tables[:, model.dice.all_of_a_kind].T != 0
    jokered = (model.joker_points.T != 0) & ~model.is_upper[None, :] if model.joker is not None else natural & False
    moves: npt.NDArray[np.bool_] = (natural | jokered) & model.bonus_rows[None, :]
    return moves
