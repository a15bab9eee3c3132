"""The optimal policy's batch play: each turn cut into pieces of states, shared between processes in lockstep.

Games in the same state share one computation of that turn's tables
(`yamskit.solver.expectimax`), so a turn's work is a part per distinct state and a part
per game. A state is the filled rows, the flag and the upper total, where totals that end
with the same bonus whatever the open rows can still add count as one (`_UpperClasses`).
`_pieces` sorts the games by state and cuts them into pieces of at most `STATE_BLOCK`
states and `PIECE_GAMES` games. Process 0 draws each turn's dice and the last process
sorts the games, into shared memory; every process then cuts the same pieces, plays the
next piece no process has taken yet (`yamskit.solver.workers.take_next`) until none is
left, into sheets in shared memory, and waits for the others (`Lockstep`) before the next
turn. No state's tables are computed twice and the games do not depend on which process
plays which piece.

Examples:
    >>> import numpy as np
    >>> [games.tolist() for games, _, _ in _pieces(np.array([7, 3, 7, 3, 5]))]
    [[1, 3, 4, 0, 2]]
"""

from __future__ import annotations

import contextlib
import itertools
import mmap
import multiprocessing
import multiprocessing.synchronize
import os
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from .batch_sheets import _best_keep_table, _block_generator, _dice_codes, _Games, _Tally
from .expectimax import _padded_layers
from .final import _plan
from .model import Model
from .strategy import Strategy
from .tables import FloatArray, IntArray
from .workers import Lockstep, in_lockstep, take_next

#: Unique states whose turn tables are computed together (optimal policy).
STATE_BLOCK = 256
#: Games per state above which a piece tabulates each state's best keep of every roll.
TABLE_GAMES = 128


def _bonus_columns(model: Model, counted: bool = True) -> slice | IntArray:
    """The rows counting towards the upper total (the others if not ``counted``): a slice when they follow one another.

    Examples:
        >>> import yamskit
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.variant("yahtzee"))
        >>> _bonus_columns(model), _bonus_columns(model, counted=False)
        (slice(0, 6, None), slice(6, 13, None))
    """
    rows = np.flatnonzero(model.bonus_rows == counted)
    if len(rows) and rows[-1] - rows[0] == len(rows) - 1:
        return slice(int(rows[0]), int(rows[-1]) + 1)
    return rows


def _optimal_turn(
    plan: _Plan,
    g: _Games,
    games: IntArray,
    faces: npt.NDArray[np.int8],
    reps: IntArray,
    local: IntArray,
) -> None:
    """One turn of ``games`` (whose states are those of the games ``reps``; ``local`` says which).

    ``faces`` (games, throws, dice) are the faces each game draws: a throw of ``k`` dice takes the first ``k``.
    """
    m = g.model
    codes = _dice_codes(m.dice.count)
    keep_lists, work_candidates = codes.candidates, codes.work_candidates
    values = plan.strategy.values
    count, states = len(games), len(reps)
    filled_s, flag_s = np.take(g.filled, reps), np.take(g.flag, reps)  # the same for every game of a state
    layers, candidates = _padded_layers(m, values, filled_s, flag_s, np.minimum(np.take(g.upper, reps), m.cap))
    thrown = codes.face_index(faces)  # (games, throws) for five dice
    roll = codes.first_rolls(thrown[:, 0])
    scaled = work_candidates * states  # where each roll's candidate keeps start in a flat layer
    for throw in range(1, m.max_throws):
        keeps = layers[m.max_throws - throw - 1]  # (keeps + 1, states)
        if count > TABLE_GAMES * states:  # many games per state: tabulate each state's best keeps
            keep = _best_keep_table(keeps, work_candidates, candidates=keep_lists)[roll, local]
        else:  # few: look at each game's candidate keeps in its state's column
            at = np.take(scaled, roll, axis=0)
            at += local[:, None]
            choice = np.argmax(np.take(keeps.reshape(-1), at), axis=1)
            keep = np.take(keep_lists, roll * keep_lists.shape[1] + choice)
        roll = codes.rethrown(keep, thrown[:, throw])  # (a game keeping all its dice keeps its roll)
    filled = np.take(filled_s, local)
    # what a Score of each game's roll is worth in each row, points and value after: its state's
    # candidate for those points in the final layer
    at = np.take(plan.paid_at * states, roll, axis=0)
    at += local[:, None]
    scored = np.take(candidates.reshape(-1), at)
    # a five of a kind whose box is filled may pay a joker or a bonus: those games are worked out apart
    special, _ = g.further(games, roll, filled)
    extra = np.zeros(count, dtype=np.int64)
    if len(special):
        paid, extra[special] = g.scores(games[special], roll[special], filled=filled[special])
        upper = np.minimum(np.take(g.upper, games[special]), m.cap)
        scored[special] = _scored(m, values, paid, filled[special], np.take(flag_s, local[special]), upper)
    np.copyto(scored, -np.inf, where=np.take(plan.closed, filled, axis=0))
    if len(special) and m.joker == "forced":  # the forced joker also closes open rows to five of a kinds
        legal = g.legal_rows(games[special], roll[special], filled=filled[special])
        scored[special] = np.where(legal, scored[special], -np.inf)
    row = np.argmax(scored, axis=1)
    points = np.take(g.by_roll.reshape(-1), roll * m.num_rows + row)
    if len(special):
        points[special] = paid[np.arange(len(special)), row[special]]
    crossed = np.zeros(count, dtype=np.bool_)
    if plan.crossing:
        best = scored[np.arange(count), row]
        upper = np.minimum(np.take(g.upper, games), m.cap)
        legal = g.legal_rows(games, roll, filled=filled)
        zero = np.where(legal, _crossed_out(m, values, filled, np.take(flag_s, local), upper), -np.inf)
        zero_row = np.argmax(zero, axis=1)
        crossed = zero[np.arange(count), zero_row] > best
        row = np.where(crossed, zero_row, row)
        points[crossed] = 0
        if m.number_bonus:  # a number-box bonus is paid for a Score only
            extra[crossed] = 0
    g.write_points(games, row, points, extra, filled=filled)


def _after_rows(model: Model, shape: tuple[int, ...], filled: IntArray, flag: IntArray) -> IntArray:
    """Where the value after writing in each row starts in the flat values, (games, rows).

    That is at upper total 0, with the flag unchanged.
    """
    _, num_flags, num_upper = shape
    after = (filled[:, None] | (1 << np.arange(model.num_rows))[None, :]) * num_flags + flag[:, None]
    after *= num_upper
    return after


def _scored(
    model: Model, values: FloatArray, points: IntArray, filled: IntArray, flag: IntArray, upper: IntArray
) -> FloatArray:
    """What a Score paying ``points`` (games, rows) in each row is worth: the points plus the value after them.

    ``filled``, ``flag`` and ``upper`` (capped) are the games' states.
    """
    after = _after_rows(model, values.shape, filled, flag)
    bonus_rows = _bonus_columns(model)
    moved = points[:, bonus_rows] + upper[:, None]
    after[:, bonus_rows] += np.minimum(moved, model.cap, out=moved)
    after[:, _bonus_columns(model, counted=False)] += upper[:, None]
    if model.needs_flag:
        after[:, model.flag_row] += ((points[:, model.flag_row] > 0) - flag) * values.shape[2]
    scored = np.take(values.reshape(-1), after)
    scored += points
    return scored


def _crossed_out(model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray) -> FloatArray:
    """What crossing out each row is worth: the value after a 0 there, (games, rows) (see `_scored`)."""
    after = _after_rows(model, values.shape, filled, flag)
    after += upper[:, None]
    if model.needs_flag:
        after[:, model.flag_row] -= flag * values.shape[2]  # a 0 there leaves the flag at 0
    crossed: FloatArray = np.take(values.reshape(-1), after)
    return crossed


#: Most games in a piece of a turn (optimal policy).
PIECE_GAMES = 8192


def _pieces(keys: IntArray) -> list[tuple[IntArray, IntArray, IntArray]]:
    """Cut a turn into pieces: (games, one game in each of their states, each game's state among those).

    The games are sorted by state; a piece has at most `STATE_BLOCK` states and
    `PIECE_GAMES` games (a state whose games are cut is in two pieces).
    """
    order, ordered = np.empty_like(keys), np.empty_like(keys)
    _sort_states(keys, order, ordered)
    return _cut(order, ordered)


def _sort_states(keys: IntArray, order: IntArray, ordered: IntArray) -> None:
    """Write the games sorted by state (ties by game) in ``order`` and their states in ``ordered``.

    Examples:
        >>> order, ordered = np.empty(4, dtype=np.int64), np.empty(4, dtype=np.int64)
        >>> _sort_states(np.array([9, 2, 9, 2]), order, ordered)
        >>> order.tolist(), ordered.tolist()
        ([1, 3, 0, 2], [2, 2, 9, 9])
    """
    shift = max(1, (len(keys) - 1).bit_length())
    if len(keys) and int(keys.max()) < 1 << (62 - shift):  # sort (key, game) pairs packed in one integer
        np.bitwise_or(keys << shift, np.arange(len(keys)), out=ordered)
        ordered.sort()
        np.bitwise_and(ordered, (1 << shift) - 1, out=order)
        ordered >>= shift
    else:
        order[:] = np.argsort(keys, kind="stable")
        np.take(keys, order, out=ordered)


def _cut(order: IntArray, ordered: IntArray) -> list[tuple[IntArray, IntArray, IntArray]]:
    """The pieces of `_pieces` from the games sorted by state (`_sort_states`)."""
    new = np.r_[True, ordered[1:] != ordered[:-1]]
    inverse = np.cumsum(new) - 1  # the state of each game, in order
    starts = np.flatnonzero(new)
    pieces = []
    for a, b in itertools.pairwise([*starts[::STATE_BLOCK].tolist(), len(order)]):
        parts = -(-(b - a) // PIECE_GAMES)
        for lo, hi in itertools.pairwise([a + (b - a) * i // parts for i in range(parts + 1)]):
            s0, s1 = int(inverse[lo]), int(inverse[hi - 1]) + 1
            # each state's first game in the piece (a game of an earlier piece may have moved on)
            reps = order[np.maximum(starts[s0:s1], lo)]
            pieces.append((order[lo:hi], reps, inverse[lo:hi] - s0))
    return pieces


@attrs.define(eq=False)
class _Sheets:
    """The arrays a run's processes share: the games' sheets, the games sorted by state, the dice of a turn.

    ``sheets`` are the filled rows, upper totals, flags, extras (each ``games``) and box
    points (``games`` x rows); ``order`` and ``ordered`` the games sorted by state and
    their states (`_sort_states`); ``dice`` the faces each game draws in a turn (games,
    throws, dice). The first process draws the dice while the second sorts the games, so no
    process repeats that work.
    """

    sheets: list[npt.NDArray[Any]]
    order: IntArray
    ordered: IntArray
    claimed: IntArray
    dice: npt.NDArray[np.int8]
    buffer: mmap.mmap | None
    lock: multiprocessing.synchronize.Lock | None

    @classmethod
    def of(cls, model: Model, games: int, blocks: int, shared: bool) -> _Sheets:
        """Zeroed arrays for ``blocks`` blocks of up to ``games``; with ``shared``, in one anonymous shared mapping.

        The box points are 32-bit integers (what a box holds is small), the rest 64-bit.
        ``claimed`` counts the pieces of each turn of each block taken by the processes
        (`yamskit.solver.workers.take_next`), under ``lock``.
        """
        layout = [(games, np.int64)] * 6 + [
            (blocks * model.num_rows, np.int64),
            (games * model.num_rows, np.int32),
            (games * model.max_throws * model.dice.count, np.int8),
        ]
        buffer = mmap.mmap(-1, sum(size * np.dtype(kind).itemsize for size, kind in layout)) if shared else None
        arrays: list[npt.NDArray[Any]] = []
        at = 0
        for size, kind in layout:
            arrays.append(
                np.zeros(size, dtype=kind)
                if buffer is None
                else np.frombuffer(buffer, dtype=kind, count=size, offset=at)
            )
            at += size * np.dtype(kind).itemsize
        *sheets, order, ordered, claimed, points, faces = arrays
        sheets.append(points.reshape(games, model.num_rows))
        lock = multiprocessing.get_context("fork").Lock() if shared else None
        return cls(
            sheets, order, ordered, claimed, faces.reshape(games, model.max_throws, model.dice.count), buffer, lock
        )

    def close(self) -> None:
        """Drop the views, then their mapping (a view still alive elsewhere: the GC frees it later)."""
        self.sheets.clear()
        self.order = self.ordered = self.claimed = np.zeros(0, dtype=np.int64)
        self.dice = np.zeros((0, 0, 5), dtype=np.int8)
        if self.buffer is not None:
            with contextlib.suppress(BufferError):
                self.buffer.close()


Parts = list[_Tally]


@attrs.frozen(eq=False)
class _UpperClasses:
    """Upper totals that end with the same bonus whatever the open bonus rows still pay, as one total.

    ``table[filled, total]`` (``filled``: the filled bonus rows, as bits in bonus-row order;
    ``total``: capped) is the smallest total whose bonus after each sum the open bonus rows
    can add (any value each box may hold) is the same as ``total``'s. Such states have the
    same values to the bit (the solver reaches them through the same operations on equal
    values), so games in them share one computation of the turn's tables. This merges more
    than the solver's dead totals (`yamskit.solver.space.StateSpace.canonical_upper`).

    Examples:
        >>> import yamskit
        >>> from yamskit.solver.model import model_of
        >>> classes = _UpperClasses.of(model_of(yamskit.variant("yahtzee")))
        >>> sixes_open = (1 << 5) - 1  # ones to fives filled: only sixes can still add (0, 6, ... 30)
        >>> classes.table[sixes_open, [32, 33, 38, 39, 62, 63]].tolist()  # 33 to 38 need five sixes, 57 to 62 one
        [0, 33, 33, 39, 57, 63]
    """

    rows: IntArray
    table: IntArray

    @classmethod
    def of(cls, model: Model) -> _UpperClasses:
        """The classes of ``model``'s upper totals for each set of filled bonus rows.

        A class is a run of totals, each ending with the same bonus as the one before it
        after every sum the open rows can add (so the runs are exact for any bonus table).
        """
        rows = np.flatnonzero(model.bonus_rows)
        cap, count = model.cap, len(rows)
        full = (1 << count) - 1
        reach = np.zeros((full + 1, cap + 1), dtype=np.bool_)  # the sums (capped) the open rows can add
        reach[full, 0] = True
        values = [model.written_values(int(row)) for row in rows]
        for filled in range(full - 1, -1, -1):
            row = (~filled & (filled + 1)).bit_length() - 1  # the first open row: the others add the rest
            later, sums = reach[filled | 1 << row], reach[filled]
            for paid in values[row]:
                if paid <= cap:
                    sums[paid:] |= later[: cap + 1 - paid]
                sums[cap] |= paid > 0 and bool(later[max(0, cap + 1 - paid) :].any())
        totals = np.arange(cap + 1)
        bonus = model.bonus[np.minimum(totals[:, None] + totals[None, :], cap)]  # (total, sum added)
        moves = np.zeros((cap + 1, cap + 1))
        moves[1:] = bonus[1:] != bonus[:-1]  # a total's bonus after the sum differs from the total below's
        starts = reach.astype(np.float64) @ moves.T > 0  # (filled, total): a run starts there
        starts[:, 0] = True
        table: IntArray = np.maximum.accumulate(np.where(starts, totals[None, :], 0), axis=1)
        return cls(rows, table)

    def canonical(self, filled: IntArray, upper: IntArray, cap: int) -> IntArray:
        """Each game's upper total as its class's smallest (``filled``: its filled rows, all of them)."""
        index = np.zeros_like(filled)
        for bit, row in enumerate(self.rows.tolist()):
            index |= ((filled >> row) & 1) << bit
        classes: IntArray = self.table[index, np.minimum(upper, cap)]
        return classes


@attrs.frozen(eq=False)
class _Plan:
    """What every process of a run plays: the rules, the strategy, the blocks' sizes, the seed, how many processes.

    ``crossing`` says whether crossing out a row may beat every Score (`of`); ``paid_at``
    is the final layer's candidate of each roll's Score in each row (`yamskit.solver.final`);
    ``closed[filled, row]`` whether a row is filled.
    """

    model: Model
    strategy: Strategy
    classes: _UpperClasses
    sizes: list[int]
    seed: int
    workers: int
    crossing: bool
    paid_at: IntArray
    closed: npt.NDArray[np.bool_]

    @classmethod
    def of(cls, model: Model, strategy: Strategy, sizes: list[int], seed: int, workers: int) -> _Plan:
        """The plan of a run: a Score pays at least 0 and never lowers the upper total or the flag, so
        with a bonus that only grows with the total, crossing out never beats scoring in the same row."""
        crossing = model.allow_scratch and not model.bonus_grows
        closed = (np.arange(1 << model.num_rows)[:, None] >> np.arange(model.num_rows)) & 1 == 1
        classes = _UpperClasses.of(model)
        return cls(model, strategy, classes, sizes, seed, workers, crossing, _plan(model).paid_at, closed)


def _play_optimal(plan: _Plan, rank: int, shared: _Sheets, sync: Lockstep) -> Parts:
    """Play every block, one after the other, as process ``rank`` of the plan's (optimal policy).

    At each turn process 0 draws the dice and the last process sorts the games by state
    (`_sort_states`) into the ``shared`` arrays; then all cut the turn into the same
    pieces (`_cut`), each takes the next piece left (`yamskit.solver.workers.take_next`)
    and plays it into the shared sheets until none is left, and they wait for each other
    (``sync``) before the pieces are cut and after the sheets are written.
    Process 0 zeroes the sheets before each block and returns the blocks' tallies (the
    others return nothing): the last one while the workers end.
    """
    model, classes, workers = plan.model, plan.classes, plan.workers
    filled, upper, flag, extra, points = shared.sheets
    parts = []
    for block, size in enumerate(plan.sizes):
        if rank == 0:
            for array in shared.sheets:
                array.fill(0)
        g = _Games.start(model, 0)
        g.filled, g.upper, g.flag = filled[:size], upper[:size], flag[:size]
        g.extra, g.points = extra[:size], points[:size]
        rng = _block_generator(plan.seed, block) if rank == 0 else None
        drawn, order, ordered = shared.dice[:size], shared.order[:size], shared.ordered[:size]
        if workers > 1:
            sync.wait(rank)  # the sheets are blank
        for turn in range(model.num_rows):
            if rng is not None:
                drawn[...] = rng.integers(0, 6, size=(size, model.max_throws, model.dice.count), dtype=np.int8)
            if rank == workers - 1:
                keys = (g.filled * model.flags + g.flag) * (model.cap + 1) + classes.canonical(
                    g.filled, g.upper, model.cap
                )
                _sort_states(keys, order, ordered)
            if workers > 1:
                sync.wait(rank)  # the dice are drawn and the games sorted
            pieces = _cut(order, ordered)
            counter = block * model.num_rows + turn
            while (i := take_next(shared.claimed, counter, shared.lock, sync, rank)) < len(pieces):
                games, reps, local = pieces[i]
                _optimal_turn(plan, g, games, np.take(drawn, games, axis=0), reps, local)
            if workers > 1:
                sync.wait(rank)  # every game has been written
        if rank == 0:
            parts.append(_Tally.of(model, g.points, g.upper, g.extra))
    return parts


def optimal_parts(model: Model, strategy: Strategy, sizes: list[int], seed: int, workers: int) -> Parts:
    """Play blocks of ``sizes`` games with ``strategy``: each block's tally (scores and sums of statistics).

    Block ``b`` throws the dice of its own generator (from ``seed`` and ``b``). The
    run uses this process and ``workers - 1`` forked ones, which end before this
    returns or raises; the games do not depend on ``workers``.

    Examples:
        >>> import yamskit
        >>> from yamskit.solver import solve
        >>> from yamskit.solver.model import model_of
        >>> variant = yamskit.ScorecardVariant.define("tiny", rows=[yamskit.categories.upper(6)])
        >>> parts = optimal_parts(model_of(variant), solve(variant, quiet=True), [3], seed=1, workers=1)
        >>> tally = parts[0]  # one block of three games of one row: sixes
        >>> tally.scores.shape, bool((tally.scores % 6 == 0).all()), tally.extra
        ((3,), True, 0)
    """
    if not hasattr(os, "fork"):
        workers = 1
    plan = _Plan.of(model, strategy, sizes, seed, workers)
    shared = _Sheets.of(model, max(sizes), len(sizes), shared=workers > 1)
    try:
        parts = in_lockstep(lambda rank, sync: _play_optimal(plan, rank, shared, sync), workers, "simulation")
    finally:
        shared.close()
    return parts
