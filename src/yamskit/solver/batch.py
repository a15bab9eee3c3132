"""Batch simulation: many solitaire games of a one-column scorecard variant stepped together with numpy.

`simulate` plays ``games`` games at once, turn by turn: every game throws, keeps
and writes a box in the same numpy operations. Three policies:

* ``"random"`` — what `RandomPlayer` does: each legal action
  (every distinct keep while throws are left, every Score and Scratch) equally likely;
* ``"greedy"`` — what `GreedyPlayer` does: keep the dice that
  give the best expected immediate box after one more throw, then write the box
  paying most now;
* ``"optimal"`` (or a `Strategy`) — the solver's policy. Games
  in the same state share one computation of that turn's layers.

The dice come from a numpy generator seeded with ``seed``: the same seed, number of
games and policy give the same scores. The rules (joker, five-of-a-kind bonus, upper
bonus) are those of `yamskit.solver.model`.

Examples:
    >>> import yamskit
    >>> from yamskit.solver import simulate
    >>> result = simulate(yamskit.variant("classic"), 2000, bot="greedy", seed=1)
    >>> result.games, 150 < result.mean < 250
    (2000, True)
"""

from __future__ import annotations

import contextlib
import itertools
import mmap
import multiprocessing
import os
from typing import Any, Literal

import attrs
import numpy as np
import numpy.typing as npt

from .._signals import held_signals
from ..names import warn_renamed
from ..scorecard.variant import ScorecardVariant
from . import tables
from .expectimax import _ignore_interrupts, _kill_workers, _padded_layers, _release_scratch
from .model import Model, model_of
from .space import StateSpace
from .strategy import Strategy, solve
from .tables import FloatArray, IntArray

__all__ = ["GAME_BLOCK", "BatchResult", "PolicyName", "simulate"]

#: The built-in policies.
PolicyName = Literal["random", "greedy", "optimal"]


#: Unique states whose turn tables are computed together (optimal policy).
STATE_BLOCK = 1024

_POW6 = 6 ** np.arange(6, dtype=np.int64)
_POW6_32 = _POW6.astype(np.int32)
_KEEP_CODE = tables.KEEP_COUNTS @ _POW6
_CODE_TO_ROLL = np.full(6**6, -1, dtype=np.int64)
_CODE_TO_ROLL[_KEEP_CODE[tables.ROLL_OFFSET :]] = np.arange(tables.NUM_ROLLS)


@attrs.frozen(eq=False)
class BatchResult:
    """Scores and per-row statistics of a batch of games.

    Attributes:
        variant: the variant's name.
        policy: the policy's name.
        seed: the seed of the dice.
        scores: each game's final score.
        rows: row ids, top to bottom.
        row_means: the mean points written in each row.
        row_zero_rates: the share of games ending with 0 in each row (crossed out or worth 0).
        bonus_rate: the share of games earning an upper bonus.
        extra_mean: the mean points earned beside the boxes (five-of-a-kind bonuses).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total, upper
        >>> tiny = yamskit.ScorecardVariant.define("tiny", rows=[upper(6), Category("chance", total)])
        >>> result = simulate(tiny, 100, bot="greedy", seed=1)
        >>> result.variant, result.policy, result.games, result.rows
        ('tiny', 'greedy', 100, ('sixes', 'chance'))
        >>> round(result.mean, 6) == round(float(result.row_means.sum()), 6)  # no bonus: the rows make the score
        True
    """

    variant: str
    policy: str
    seed: int
    scores: IntArray
    rows: tuple[str, ...]
    row_means: FloatArray
    row_zero_rates: FloatArray
    bonus_rate: float
    extra_mean: float

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.scores)

    @property
    def mean(self) -> float:
        """The mean final score."""
        return float(self.scores.mean())

    @property
    def stdev(self) -> float:
        """The standard deviation of the final scores (of the games played, numpy's ``std``)."""
        return float(self.scores.std())

    @property
    def std(self) -> float:
        """Deprecated name of `stdev` (before 0.1.0); warns."""
        warn_renamed("std", "stdev", what="attribute")
        return self.stdev

    @property
    def stderr(self) -> float:
        """The standard error of the mean."""
        return float(self.stdev / max(1, self.games) ** 0.5)

    def summary(self) -> str:
        """A plain-text table: mean, spread, and each row's mean and zero rate.

        Examples:
            >>> import yamskit
            >>> print(simulate(yamskit.variant("classic"), 100, seed=2).summary().splitlines()[0])
            classic, random policy, 100 games: mean ...
        """
        lines = [
            f"{self.variant}, {self.policy} policy, {self.games} games: mean {self.mean:.2f} "
            f"(sd {self.stdev:.2f}, se {self.stderr:.2f}), bonus {self.bonus_rate:.1%}, extra {self.extra_mean:.2f}"
        ]
        for row, mean, zero in zip(self.rows, self.row_means, self.row_zero_rates, strict=True):
            lines.append(f"  {row:<16} {mean:7.2f}  zero {zero:6.1%}")
        return "\n".join(lines)


@attrs.define(eq=False)
class _Games:
    """The sheets of every game: filled rows, upper total, flag, box points, extra points."""

    model: Model
    filled: IntArray
    upper: IntArray
    flag: IntArray
    points: IntArray
    extra: IntArray
    open_rows: npt.NDArray[np.bool_]
    by_roll: IntArray  # the model's points table, roll by roll (252, rows)

    @classmethod
    def start(cls, model: Model, count: int) -> _Games:
        zeros = np.zeros(count, dtype=np.int64)
        sets = np.arange(1 << model.num_rows, dtype=np.int64)
        open_rows = ((sets[:, None] >> np.arange(model.num_rows)[None, :]) & 1) == 0
        points = np.zeros((count, model.num_rows), np.int64)
        by_roll = np.ascontiguousarray(model.tables.T)
        return cls(model, zeros.copy(), zeros.copy(), zeros.copy(), points, zeros.copy(), open_rows, by_roll)

    def _further(self, games: IntArray, roll: IntArray) -> tuple[IntArray, IntArray]:
        """The positions (in ``games``) of further five of a kinds (their box filled), and their face index."""
        m = self.model
        face = tables.FIVE_OF_A_KIND_FACE[roll]
        if m.flag_row < 0 or (m.joker is None and not m.five_bonus):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        where = np.nonzero((face >= 0) & ((self.filled[games] >> m.flag_row) & 1 == 1))[0]
        return where, face[where]

    def legal_rows(self, games: IntArray, roll: IntArray) -> npt.NDArray[np.bool_]:
        """Which rows each game may write its roll in, shape (games, rows)."""
        m = self.model
        legal = self.open_rows[self.filled[games]]
        if m.joker == "forced":
            where, face = self._further(games, roll)
            if len(where):
                filled = self.filled[games[where]]
                is_upper = m.is_upper
                matching = np.array(m.upper_index)[face]
                upper_filled: npt.NDArray[np.bool_] = (filled >> matching) & 1 == 1
                open_lower = np.any(legal[where] & ~is_upper[None, :], axis=1, keepdims=True)
                rows = np.arange(m.num_rows)[None, :]
                allowed_upper = np.where(upper_filled[:, None], ~open_lower, rows == matching[:, None])
                allowed = np.where(is_upper[None, :], allowed_upper, upper_filled[:, None])
                legal[where] &= allowed
        return legal

    def scores(self, games: IntArray, roll: IntArray) -> tuple[IntArray, IntArray]:
        """What a Score of ``roll`` pays in each row (games, rows), and beside the boxes (games,)."""
        m = self.model
        points = np.take(self.by_roll, roll, axis=0)
        extra = np.zeros(len(games), dtype=np.int64)
        where, face = self._further(games, roll)
        if len(where):
            flag = self.flag[games[where]]
            if m.five_bonus and m.needs_flag:
                extra[where] = np.where(flag == 1, m.five_bonus, 0)
            if m.joker is not None:
                matching = np.array(m.upper_index)[face]
                full = (matching >= 0) & ((self.filled[games[where]] >> np.maximum(matching, 0)) & 1 == 1)
                if m.joker == "seed":
                    full &= flag == 1
                lower = ~m.is_upper
                jokered = np.where(full[:, None] & lower[None, :], m.joker_points.T[face], points[where])
                points[where] = jokered
        return points, extra

    def placement(self, games: IntArray, roll: IntArray, row: int) -> tuple[IntArray, IntArray]:
        """What writing ``roll`` in ``row`` (a Score) pays in the box and beside it."""
        points, extra = self.scores(games, roll)
        return points[:, row].copy(), extra

    def write(
        self,
        games: IntArray,
        row: IntArray,
        crossed: npt.NDArray[np.bool_],
        scores: tuple[IntArray, IntArray],
    ) -> None:
        """Write each game's roll in its chosen row (crossed out where ``crossed``); ``scores`` from `scores`."""
        m = self.model
        all_points, extra = scores
        points = np.where(crossed, 0, all_points[np.arange(len(games)), row])
        self.points[games, row] = points
        self.filled[games] |= 1 << row
        self.upper[games] += np.where(m.bonus_rows[row], points, 0)
        if m.needs_flag:
            at_flag = row == m.flag_row
            self.flag[games] = np.where(at_flag, (points > 0).astype(np.int64), self.flag[games])
        self.extra[games] += extra


def _throw(keep: IntArray, codes: IntArray) -> IntArray:
    """The roll after keeping ``keep`` (keep indexes) and throwing the rest.

    ``codes[:, j]`` (games, 5) is the base-6 face-count code of the first ``j + 1`` dice
    thrown, so the thrown dice add the code at their number.
    """
    thrown = 5 - tables.KEEP_SIZES[keep]
    code = _KEEP_CODE[keep] + np.where(thrown > 0, codes[np.arange(len(keep)), np.maximum(thrown - 1, 0)], 0)
    roll: IntArray = _CODE_TO_ROLL[code]
    return roll


def _codes(faces: npt.NDArray[np.int8]) -> IntArray:
    """Cumulative face-count codes of drawn faces (games, throws, 5) -> the same shape."""
    codes: IntArray = np.cumsum(_POW6_32[faces], axis=2, dtype=np.int32)  # below 6**6: int32 is enough
    return codes


# ---------------------------------------------------------------------------- policies
def _random_turn(g: _Games, games: IntArray, faces: IntArray, picks: FloatArray) -> None:
    m = g.model
    count = len(games)
    roll = _CODE_TO_ROLL[faces[:, 0, 4]]
    row = np.zeros(count, dtype=np.int64)
    crossed = np.zeros(count, dtype=np.bool_)
    per_row = 2 if m.allow_scratch else 1
    active = np.arange(count)
    for throw in range(1, m.max_throws + 1):
        last = throw == m.max_throws
        legal = g.legal_rows(games[active], roll[active])
        boxes = legal.sum(axis=1) * per_row
        keeps = np.zeros(len(active), dtype=np.int64) if last else tables.ROLL_KEEP_COUNTS[roll[active]]
        choice = np.minimum((picks[active, throw - 1] * (keeps + boxes)).astype(np.int64), keeps + boxes - 1)
        rethrow = choice < keeps
        if not last:
            sub = active[rethrow]
            keep = tables.ROLL_KEEPS[roll[sub], choice[rethrow]]
            roll[sub] = _throw(keep, faces[sub, throw])
        stop = ~rethrow
        box = active[stop]
        action = choice[stop] - keeps[stop]
        # the box actions are Score and Scratch of each legal row, in row order
        nth = action // per_row
        order = np.cumsum(legal[stop], axis=1) - 1
        row[box] = np.argmax((order == nth[:, None]) & legal[stop], axis=1)
        crossed[box] = (action % per_row) == 1
        active = active[rethrow]
        if not len(active):
            break
    g.write(games, row, crossed, g.scores(games, roll))


def _greedy_keeps(g: _Games, filled: IntArray) -> IntArray:
    """Scaled expected best immediate box of every keep, for each distinct filled set, (462, sets)."""
    m = g.model
    open_rows = ((filled[None, :] >> np.arange(m.num_rows)[:, None]) & 1) == 0  # (rows, sets)
    best = np.where(open_rows[:, None, :], m.tables[:, :, None], 0).max(axis=0)  # (252, sets)
    keeps = np.zeros((tables.NUM_KEEPS, len(filled)), dtype=np.int64)
    keeps[tables.SIZE_SLICES[5]] = best
    for size in range(4, -1, -1):
        block = tables.SIZE_SLICES[size]
        keeps[block] = keeps[tables.CHILDREN[block]].sum(axis=1)
    return keeps * (6**tables.KEEP_SIZES)[:, None]


def greedy_box_key(model: Model) -> IntArray:
    """Tie-break of the greedy box choice: rows whose best value is lower first, then top rows."""
    maxima = model.tables.max(axis=1)
    rank = np.lexsort((np.arange(model.num_rows), maxima))
    key = np.empty(model.num_rows, dtype=np.int64)
    key[rank] = np.arange(model.num_rows)[::-1]
    return key


def _greedy_turn(g: _Games, games: IntArray, faces: IntArray) -> None:
    m = g.model
    count = len(games)
    sets, inverse = np.unique(g.filled[games], return_inverse=True)
    values = _greedy_keeps(g, sets)
    roll = _CODE_TO_ROLL[faces[:, 0, 4]]
    keyed = values * 8 + tables.KEEP_SIZES[:, None]
    low = np.full((1, keyed.shape[1]), np.iinfo(np.int64).min)
    best_keep = _best_keep_table(np.concatenate([keyed, low]), _CANDIDATES)
    for throw in range(1, m.max_throws):
        keep = best_keep[roll, inverse]
        moving = np.nonzero(tables.KEEP_SIZES[keep] < 5)[0]
        roll[moving] = _throw(keep[moving], faces[moving, throw])
    legal = g.legal_rows(games, roll)
    scores = g.scores(games, roll)
    points, extra = scores
    key = np.where(legal, (points + extra[:, None]) * (m.num_rows + 1) + greedy_box_key(m)[None, :], -1)
    row = np.argmax(key, axis=1)
    g.write(games, row, np.zeros(count, dtype=np.bool_), scores)


#: The candidate keeps of each roll (``ROLL_KEEPS``, padded with 462: a padding keep that is never best).
_CANDIDATES = np.where(tables.ROLL_KEEPS >= 0, tables.ROLL_KEEPS, tables.NUM_KEEPS)
#: The same in the solver's working positions (`yamskit.solver.expectimax.padded_keep_layers`), same order.
_WORK_CANDIDATES = np.append(tables.WORK_POSITION, tables.NUM_KEEPS)[_CANDIDATES]


def _best_keep_table(scores: npt.NDArray[Any], columns: IntArray, block: int = 256) -> IntArray:
    """For each roll and state, the keep of that roll with the highest score (the first on ties), (252, states).

    ``scores`` is (463, states): ``columns`` says where each roll's candidate keeps
    (`_CANDIDATES`, in order) are; the padding keep's row has the lowest score.
    """
    states = scores.shape[1]
    best = np.empty((tables.NUM_ROLLS, states), dtype=np.int64)
    for start in range(0, states, block):
        choice = np.argmax(scores[:, start : start + block][columns], axis=1)  # (rolls, states)
        best[:, start : start + block] = np.take_along_axis(_CANDIDATES, choice, axis=1)
    return best


def _bonus_columns(model: Model) -> slice | IntArray:
    """The rows counting towards the upper total: a slice when they follow one another."""
    rows = np.flatnonzero(model.bonus_rows)
    if len(rows) and rows[-1] - rows[0] == len(rows) - 1:
        return slice(int(rows[0]), int(rows[-1]) + 1)
    return rows


def _optimal_turn(
    g: _Games, games: IntArray, faces: IntArray, strategy: Strategy, reps: IntArray, local: IntArray
) -> None:
    """One turn of ``games`` (whose states are those of the games ``reps``; ``local`` says which)."""
    m = g.model
    values = strategy.values
    flat = values.reshape(-1)
    _, num_flags, num_upper = values.shape
    count = len(games)
    layers = _padded_layers(m, values, g.filled[reps], g.flag[reps], np.minimum(g.upper[reps], m.cap))
    roll = _CODE_TO_ROLL[faces[:, 0, 4]]
    for throw in range(1, m.max_throws):
        keeps = layers[m.max_throws - throw - 1]  # (463, states)
        if count > 128 * len(reps):  # many games per state: tabulate each state's best keeps
            keep = _best_keep_table(keeps, _WORK_CANDIDATES)[roll, local]
        else:  # few: look at each game's candidate keeps in its state's column
            at = np.take(_WORK_CANDIDATES * keeps.shape[1], roll, axis=0)  # scale the small table, not the copy
            at += local[:, None]
            choice = np.argmax(np.take(keeps.reshape(-1), at), axis=1)
            keep = _CANDIDATES[roll, choice]
        moving = np.nonzero(tables.KEEP_SIZES[keep] < 5)[0]
        roll[moving] = _throw(keep[moving], faces[moving, throw])
    filled, flag, upper = g.filled[games], g.flag[games], np.minimum(g.upper[games], m.cap)
    legal = g.legal_rows(games, roll)
    scores = g.scores(games, roll)
    points, _extra = scores  # the extra is paid whatever the box: it does not change the choice
    # flat index of the state after writing each row: ((filled | bit) * flags + flag) * uppers + upper,
    # then the rows that move the upper total or the flag
    after = (filled[:, None] | (1 << np.arange(m.num_rows))[None, :]) * (num_flags * num_upper)
    after += (flag * num_upper + upper)[:, None]
    # a Score pays at least 0 and never lowers the upper total or the flag, so with a bonus that
    # only grows with the total, crossing out never beats scoring in the same row
    crossing = m.allow_scratch and not m.bonus_grows
    if crossing:  # the state after a 0 in each row
        zero_index = after.copy()
        if m.needs_flag:
            zero_index[:, m.flag_row] -= flag * num_upper
    bonus_rows = _bonus_columns(m)
    after[:, bonus_rows] += np.minimum(upper[:, None] + points[:, bonus_rows], m.cap) - upper[:, None]
    if m.needs_flag:
        after[:, m.flag_row] += ((points[:, m.flag_row] > 0) - flag) * num_upper
    scored = np.take(flat, after)
    scored += points
    np.copyto(scored, -np.inf, where=~legal)
    best_row = np.argmax(scored, axis=1)
    best = scored[np.arange(count), best_row]
    crossed = np.zeros(count, dtype=np.bool_)
    row = best_row
    if crossing:
        zero = np.where(legal, flat[zero_index], -np.inf)
        zero_row = np.argmax(zero, axis=1)
        better = zero[np.arange(count), zero_row] > best
        row = np.where(better, zero_row, best_row)
        crossed = better
    g.write(games, row, crossed, scores)


#: Games per block: each block has its own dice generator (seeded from the seed and the block number).
GAME_BLOCK = 1 << 18
_SIMULATION: dict[str, Any] = {}


def _play_block(task: tuple[int, int, int, int, int]) -> tuple[npt.NDArray[np.int32], IntArray, IntArray]:
    """Play the games ``start:end`` of a block of ``size`` games (random or greedy policy).

    Returns their box points, upper totals and extras. The block's dice are drawn in full
    whatever part of it is played, so a game gets the same dice however the block is
    shared between processes.
    """
    size, seed, block, start, end = task
    games = end - start
    model: Model = _SIMULATION["model"]
    name: str = _SIMULATION["policy"]
    rng = _block_generator(seed, block)
    g = _Games.start(model, games)
    everyone = np.arange(games, dtype=np.int64)
    for _turn in range(model.num_rows):
        faces = _codes(rng.integers(0, 6, size=(size, model.max_throws, 5), dtype=np.int8)[start:end])
        if name == "random":
            _random_turn(g, everyone, faces, rng.random((size, model.max_throws))[start:end])
        else:
            _greedy_turn(g, everyone, faces)
    return g.points.astype(np.int32), g.upper, g.extra


def _block_generator(seed: int, block: int) -> np.random.Generator:
    """The dice generator of a block."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(block,))))


#: Most games in a piece of a turn (optimal policy).
PIECE_GAMES = 8192


def _pieces(keys: IntArray) -> list[tuple[IntArray, IntArray, IntArray]]:
    """Cut a turn into pieces: (games, one game in each of their states, each game's state among those).

    The games are sorted by state; a piece has at most `STATE_BLOCK` states and
    `PIECE_GAMES` games (a state whose games are cut is in two pieces).
    """
    shift = max(1, (len(keys) - 1).bit_length())
    if len(keys) and int(keys.max()) < 1 << (62 - shift):  # sort (key, game) pairs packed in one integer
        packed = np.sort((keys << shift) | np.arange(len(keys)))
        order, ordered = packed & ((1 << shift) - 1), packed >> shift
    else:
        order = np.argsort(keys, kind="stable")
        ordered = keys[order]
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


#: Estimated cost of a state's turn tables, in games' turns (to share a turn's pieces evenly).
STATE_COST = 7


def _share(pieces: list[tuple[IntArray, IntArray, IntArray]], rank: int, workers: int) -> list[int]:
    """The pieces process ``rank`` of ``workers`` plays: a run of them costing about a ``workers``-th.

    Examples:
        >>> one = (np.arange(10), np.arange(1), np.zeros(10, dtype=np.int64))
        >>> _share([one] * 4, 0, 2), _share([one] * 4, 1, 2), _share([one] * 4, 0, 1)
        ([0, 1], [2, 3], [0, 1, 2, 3])
    """
    cost = np.array([len(games) + STATE_COST * len(reps) for games, reps, _ in pieces], dtype=np.int64)
    middle = np.cumsum(cost) - cost // 2
    owner = middle * workers // max(1, int(cost.sum()))
    return [int(i) for i in np.flatnonzero(np.minimum(owner, workers - 1) == rank)]


def _sheets(model: Model, games: int, shared: bool) -> tuple[list[IntArray], mmap.mmap | None]:
    """Filled rows, upper totals, flags, extras (each ``games``) and box points (``games`` x rows), zeroed.

    With ``shared``, the arrays live in one anonymous shared mapping that forked processes write into.
    """
    sizes = [games] * 4 + [games * model.num_rows]
    buffer = mmap.mmap(-1, 8 * sum(sizes)) if shared else None
    arrays: list[IntArray] = []
    at = 0
    for size in sizes:
        arrays.append(
            np.zeros(size, dtype=np.int64)
            if buffer is None
            else np.frombuffer(buffer, dtype=np.int64, count=size, offset=8 * at)
        )
        at += size
    arrays[-1] = arrays[-1].reshape(games, model.num_rows)
    return arrays, buffer


def _play_optimal(
    sizes: list[int], seed: int, rank: int, workers: int, arrays: list[IntArray], sync: _Lockstep
) -> list[tuple[npt.NDArray[np.int32], IntArray, IntArray]]:
    """Play every block, one after the other, as process ``rank`` of ``workers`` (optimal policy).

    All processes draw every turn's dice and cut the turn into the same pieces (`_pieces`);
    each plays its share (`_share`) into the shared ``arrays``, and they wait for each
    other (``sync``) before the sheets are read and after they are written. Process 0
    zeroes the sheets before each block and returns the blocks' box points, upper totals
    and extras (the others return nothing).
    """
    model: Model = _SIMULATION["model"]
    strategy: Strategy = _SIMULATION["strategy"]
    space: StateSpace = _SIMULATION["space"]
    filled, upper, flag, extra, points = arrays
    parts = []
    for block, size in enumerate(sizes):
        if rank == 0:
            for array in arrays:
                array.fill(0)
        g = _Games.start(model, 0)
        g.filled, g.upper, g.flag = filled[:size], upper[:size], flag[:size]
        g.extra, g.points = extra[:size], points[:size]
        rng = _block_generator(seed, block)
        if workers > 1:
            sync.wait(rank)  # the sheets are blank
        for _turn in range(model.num_rows):
            drawn = rng.integers(0, 6, size=(size, model.max_throws, 5), dtype=np.int8)
            keys = (g.filled * model.flags + g.flag) * (model.cap + 1) + space.canonical_upper(g.filled, g.upper)
            pieces = _pieces(keys)
            if workers > 1:
                sync.wait(rank)  # every process has read the sheets
            for i in _share(pieces, rank, workers):
                games, reps, local = pieces[i]
                _optimal_turn(g, games, _codes(drawn[games]), strategy, reps, local)
            if workers > 1:
                sync.wait(rank)  # every game has been written
        if rank == 0:
            parts.append((g.points.astype(np.int32), g.upper.copy(), g.extra.copy()))
    return parts


class _Lockstep:
    """Forked processes that wait for each other: process 0 holds a pipe to each other one.

    A process whose partner ends (an error, a signal) gets an `EOFError` instead of
    waiting for ever, so no worker outlives the run.
    """

    def __init__(self, workers: int) -> None:
        self.pipes = [multiprocessing.Pipe() for _ in range(workers - 1)]

    def keep(self, rank: int) -> None:
        """After the fork: close the pipe ends that are not this process's."""
        for i, (first, other) in enumerate(self.pipes):
            if rank != 0:
                first.close()
            if rank != i + 1:
                other.close()

    def wait(self, rank: int) -> None:
        """Return once every process has called ``wait``."""
        if rank == 0:
            for first, _ in self.pipes:
                first.recv_bytes()
            for first, _ in self.pipes:
                first.send_bytes(b".")
        else:
            own = self.pipes[rank - 1][1]
            own.send_bytes(b".")
            own.recv_bytes()


def _optimal_worker(
    sizes: list[int], seed: int, rank: int, workers: int, arrays: list[IntArray], sync: _Lockstep
) -> None:
    """A forked process's part of `_play_optimal`."""
    _ignore_interrupts()
    sync.keep(rank)
    with contextlib.suppress(EOFError, BrokenPipeError):  # process 0 has stopped: so does this one
        _play_optimal(sizes, seed, rank, workers, arrays, sync)


def _optimal_parts(sizes: list[int], seed: int, workers: int) -> list[tuple[npt.NDArray[np.int32], IntArray, IntArray]]:
    """`_play_optimal` in this process and ``workers - 1`` forked ones, which end before this returns or raises."""
    model: Model = _SIMULATION["model"]
    if not hasattr(os, "fork"):
        workers = 1
    arrays, buffer = _sheets(model, max(sizes), shared=workers > 1)
    children: list[multiprocessing.process.BaseProcess] = []
    sync = _Lockstep(workers)
    try:
        if workers > 1:
            context = multiprocessing.get_context("fork")
            with held_signals():  # the workers are forked here
                for rank in range(1, workers):
                    child: multiprocessing.process.BaseProcess = context.Process(
                        target=_optimal_worker, args=(sizes, seed, rank, workers, arrays, sync), daemon=True
                    )
                    child.start()
                    children.append(child)
            sync.keep(0)
        try:
            parts = _play_optimal(sizes, seed, 0, workers, arrays, sync)
        except (EOFError, BrokenPipeError):
            raise RuntimeError("a simulation worker process failed (its error is above)") from None
        for child in children:
            child.join()
    except BaseException:  # Ctrl-C, SIGTERM, an error: the workers stop now
        _kill_workers(children)
        raise
    finally:
        for first, _ in sync.pipes:
            first.close()
        del arrays
        if buffer is not None:
            with contextlib.suppress(BufferError):  # a view still alive: the GC frees the mapping later
                buffer.close()
    return parts


#: A block is shared between processes only when each part keeps at least this many games.
SHARE_MIN = 20_000


def _tasks(sizes: list[int], seed: int, workers: int) -> list[tuple[int, int, int, int, int]]:
    """The work of the blocks: (block size, seed, block number, first game, end game).

    With fewer blocks than workers, each block is cut into parts so that every worker
    plays (the dice stay those of the block, so the scores do not change).

    Examples:
        >>> _tasks([1000], 5, 2)  # too few games to share
        [(1000, 5, 0, 0, 1000)]
        >>> _tasks([100_000], 5, 2)
        [(100000, 5, 0, 0, 50000), (100000, 5, 0, 50000, 100000)]
    """
    parts = -(-workers // len(sizes))
    tasks = []
    for block, size in enumerate(sizes):
        cut = max(1, min(parts, size // SHARE_MIN))
        bounds = [size * i // cut for i in range(cut + 1)]
        tasks += [(size, seed, block, lo, hi) for lo, hi in itertools.pairwise(bounds)]
    return tasks


def simulate(
    variant: ScorecardVariant,
    games: int,
    *,
    bot: PolicyName | Strategy | None = None,
    seed: int = 0,
    strategy: Strategy | None = None,
    processes: int | None = None,
    policy: PolicyName | Strategy | None = None,
) -> BatchResult:
    """Play ``games`` solitaire games of ``variant`` together and return their scores and statistics.

    The names match `yamskit.bots.simulate.simulate` (``games``, ``bot``, ``seed``, and
    ``stdev`` on the result); ``policy`` is the deprecated name of ``bot``.

    Args:
        variant: a one-column scorecard variant the solver supports.
        games: how many games.
        bot: ``"random"`` (the default), ``"greedy"``, ``"optimal"``, or a solved `Strategy`.
        seed: seed of the dice (a numpy PCG64 generator).
        strategy: the strategy for ``"optimal"`` (solved on the spot when not given).
        processes: worker processes (default: one per CPU). Games are played in blocks of
            `GAME_BLOCK`, each with its own dice generator drawn from ``seed``, so
            the scores do not depend on the number of processes. The optimal policy
            plays the blocks one after the other, the processes sharing each turn (each
            state's tables are computed once); the others share out the blocks.
        policy: deprecated name of ``bot`` (before 0.1.0); warns.

    Examples:
        >>> import yamskit
        >>> a = simulate(yamskit.variant("yahtzee"), 500, bot="random", seed=7)
        >>> b = simulate(yamskit.variant("yahtzee"), 500, bot="random", seed=7)
        >>> bool((a.scores == b.scores).all()), a.rows[-1]
        (True, 'chance')
    """
    if policy is not None:
        if bot is not None:
            raise TypeError("give 'bot' only ('policy' is its deprecated name)")
        warn_renamed("policy", "bot")
        bot = policy
    policy = "random" if bot is None else bot
    model = model_of(variant)
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    name = policy if isinstance(policy, str) else "optimal"
    if isinstance(policy, Strategy):
        strategy = policy
    if name not in ("random", "greedy", "optimal"):
        raise ValueError(f"bot must be 'random', 'greedy', 'optimal' or a Strategy, not {policy!r}")
    if name == "optimal":
        if strategy is None:
            strategy = solve(variant, quiet=True)
        if strategy.model.fingerprint != model.fingerprint:
            from .strategy import RulesMismatchError

            raise RulesMismatchError(f"the strategy was solved for other rules than {variant.name!r}")
    space = StateSpace.of(model) if name == "optimal" else None
    sizes = [min(GAME_BLOCK, games - start) for start in range(0, games, GAME_BLOCK)]
    workers = (os.cpu_count() or 1) if processes is None else max(1, processes)
    tasks = _tasks(sizes, seed, workers)
    if name != "optimal":
        workers = min(len(tasks), workers)
    _SIMULATION.update(model=model, policy=name, strategy=strategy, space=space)
    try:
        if name == "optimal":  # blocks one after the other, each turn shared between processes
            parts = _optimal_parts(sizes, seed, max(1, min(workers, games // SHARE_MIN)))
        elif workers > 1 and hasattr(os, "fork"):
            with held_signals():  # the pool forks its workers as it starts
                pool = multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_interrupts)
            with pool:
                parts = pool.map(_play_block, tasks)
        else:
            parts = [_play_block(task) for task in tasks]
    finally:
        _SIMULATION.clear()
        _release_scratch()
    points = np.concatenate([p for p, _, _ in parts])
    upper = np.concatenate([u for _, u, _ in parts])
    extra = np.concatenate([e for _, _, e in parts])
    bonus = model.bonus[np.minimum(upper, model.cap)]
    scores = points.sum(axis=1, dtype=np.int64) + bonus + extra
    return BatchResult(
        variant=variant.name,
        policy=name,
        seed=seed,
        scores=scores,
        rows=model.rows,
        row_means=points.mean(axis=0),
        row_zero_rates=(points == 0).mean(axis=0),
        bonus_rate=float((bonus > 0).mean()),
        extra_mean=float(extra.mean()),
    )
