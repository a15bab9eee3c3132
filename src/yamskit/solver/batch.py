"""Batch simulation: many solitaire games of a one-column scorecard variant stepped together with numpy.

:func:`simulate` plays ``games`` games at once, turn by turn: every game throws, keeps
and writes a box in the same numpy operations. Three policies:

* ``"random"`` — what :class:`~yamskit.bots.RandomPlayer` does: each legal action
  (every distinct keep while throws are left, every Score and Scratch) equally likely;
* ``"greedy"`` — what :class:`~yamskit.bots.GreedyPlayer` does: keep the dice that
  give the best expected immediate box after one more throw, then write the box
  paying most now;
* ``"optimal"`` (or a :class:`~yamskit.solver.Strategy`) — the solver's policy. Games
  in the same state share one computation of that turn's layers.

The dice come from a numpy generator seeded with ``seed``: the same seed, number of
games and policy give the same scores. The rules (joker, five-of-a-kind bonus, upper
bonus) are those of :mod:`yamskit.solver.model`.

Example:
    >>> import yamskit
    >>> from yamskit.solver import simulate
    >>> result = simulate(yamskit.variant("classic"), 2000, policy="greedy", seed=1)
    >>> result.games, 150 < result.mean < 250
    (2000, True)
"""

from __future__ import annotations

from typing import Literal

import attrs
import numpy as np
import numpy.typing as npt

from ..scorecard_game import ScorecardVariant
from . import tables
from .expectimax import keep_values, turn_tables
from .model import Model, model_of
from .space import StateSpace
from .strategy import Strategy

__all__ = ["BatchResult", "PolicyName", "simulate"]

#: The built-in policies.
PolicyName = Literal["random", "greedy", "optimal"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

#: Unique states whose turn tables are computed together (optimal policy).
STATE_BLOCK = 1024

_POW6 = 6 ** np.arange(6, dtype=np.int64)
_KEEP_CODE = tables.KEEP_COUNTS @ _POW6
_CODE_TO_ROLL = np.full(6**6, -1, dtype=np.int64)
_CODE_TO_ROLL[_KEEP_CODE[tables.ROLL_OFFSET :]] = np.arange(tables.NUM_ROLLS)
_ROLL_SIZE_KEY = np.where(tables.ROLL_KEEPS >= 0, tables.KEEP_SIZES[np.maximum(tables.ROLL_KEEPS, 0)], -1)


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
    def std(self) -> float:
        """The standard deviation of the final scores."""
        return float(self.scores.std())

    @property
    def stderr(self) -> float:
        """The standard error of the mean."""
        return float(self.std / max(1, self.games) ** 0.5)

    def summary(self) -> str:
        """A plain-text table: mean, spread, and each row's mean and zero rate.

        Example:
            >>> import yamskit
            >>> print(simulate(yamskit.variant("classic"), 100, seed=2).summary().splitlines()[0])
            classic, random policy, 100 games: mean ...
        """
        lines = [
            f"{self.variant}, {self.policy} policy, {self.games} games: mean {self.mean:.2f} "
            f"(sd {self.std:.2f}, se {self.stderr:.2f}), bonus {self.bonus_rate:.1%}, extra {self.extra_mean:.2f}"
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

    @classmethod
    def start(cls, model: Model, count: int) -> _Games:
        zeros = np.zeros(count, dtype=np.int64)
        return cls(model, zeros.copy(), zeros.copy(), zeros.copy(), np.zeros((count, model.num_rows), np.int64), zeros)

    def legal_rows(self, games: IntArray, roll: IntArray) -> npt.NDArray[np.bool_]:
        """Which rows each game may write its roll in, shape (games, rows)."""
        m = self.model
        filled = self.filled[games]
        legal = ((filled[:, None] >> np.arange(m.num_rows)[None, :]) & 1) == 0
        if m.joker == "forced":
            further, face = self._further(games, roll)
            if further.any():
                is_upper = m.is_upper
                matching = np.array(m.upper_index)[np.maximum(face, 0)]
                upper_filled = further & ((filled >> np.maximum(matching, 0)) & 1 == 1)
                open_lower = (legal & ~is_upper[None, :]).any(axis=1)
                rows = np.arange(m.num_rows)[None, :]
                allowed_upper = np.where(upper_filled[:, None], ~open_lower[:, None], rows == matching[:, None])
                allowed = np.where(is_upper[None, :], allowed_upper, upper_filled[:, None])
                legal &= np.where(further[:, None], allowed, True)
        result: npt.NDArray[np.bool_] = legal
        return result

    def _further(self, games: IntArray, roll: IntArray) -> tuple[npt.NDArray[np.bool_], IntArray]:
        """Whether each roll is a further five of a kind (its box filled), and its face index (or -1)."""
        m = self.model
        face = np.full(len(games), -1, dtype=np.int64)
        for f, r in enumerate(tables.FIVE_OF_A_KIND):
            face[roll == r] = f
        if m.flag_row < 0:
            return np.zeros(len(games), dtype=np.bool_), face
        return (face >= 0) & ((self.filled[games] >> m.flag_row) & 1 == 1), face

    def placement(self, games: IntArray, roll: IntArray, row: int) -> tuple[IntArray, IntArray]:
        """What writing ``roll`` in ``row`` (a Score) pays in the box and beside it."""
        m = self.model
        points = m.tables[row, roll].copy()
        extra = np.zeros(len(games), dtype=np.int64)
        if m.flag_row >= 0 and (m.joker is not None or m.five_bonus):
            further, face = self._further(games, roll)
            if further.any():
                flag = self.flag[games]
                if m.five_bonus and m.needs_flag:
                    extra = np.where(further & (flag == 1), m.five_bonus, 0)
                if m.joker is not None and not m.is_upper[row]:
                    matching = np.array(m.upper_index)[np.maximum(face, 0)]
                    full = further & (matching >= 0) & ((self.filled[games] >> np.maximum(matching, 0)) & 1 == 1)
                    if m.joker == "seed":
                        full &= flag == 1
                    points = np.where(full, m.joker_points[row, np.maximum(face, 0)], points)
        return points, extra

    def write(self, games: IntArray, roll: IntArray, row: IntArray, crossed: npt.NDArray[np.bool_]) -> None:
        """Write each game's roll in its chosen row (crossed out where ``crossed``)."""
        m = self.model
        points = np.zeros(len(games), dtype=np.int64)
        extra = np.zeros(len(games), dtype=np.int64)
        for r in np.unique(row):
            sel = row == r
            p, e = self.placement(games[sel], roll[sel], int(r))
            points[sel] = np.where(crossed[sel], 0, p)
            extra[sel] = e
        self.points[games, row] = points
        self.filled[games] |= 1 << row
        self.upper[games] += np.where(m.bonus_rows[row], points, 0)
        if m.needs_flag:
            at_flag = row == m.flag_row
            self.flag[games] = np.where(at_flag, (points > 0).astype(np.int64), self.flag[games])
        self.extra[games] += extra


def _throw(keep: IntArray, faces: npt.NDArray[np.int8]) -> IntArray:
    """The roll after keeping ``keep`` (keep indexes) and throwing the rest showing ``faces`` (games, 5)."""
    thrown = 5 - tables.KEEP_SIZES[keep]
    mask = np.arange(5)[None, :] < thrown[:, None]
    code = _KEEP_CODE[keep] + (np.where(mask, _POW6[faces], 0)).sum(axis=1)
    roll: IntArray = _CODE_TO_ROLL[code]
    return roll


# ---------------------------------------------------------------------------- policies
def _random_turn(g: _Games, games: IntArray, faces: npt.NDArray[np.int8], picks: FloatArray) -> None:
    m = g.model
    roll = _throw(np.zeros(len(games), dtype=np.int64), faces[:, 0])
    done = np.zeros(len(games), dtype=np.bool_)
    row = np.zeros(len(games), dtype=np.int64)
    crossed = np.zeros(len(games), dtype=np.bool_)
    per_row = 2 if m.allow_scratch else 1
    for throw in range(1, m.max_throws + 1):
        last = throw == m.max_throws
        active = np.nonzero(~done)[0]
        if not len(active):
            break
        legal = g.legal_rows(games[active], roll[active])
        boxes = legal.sum(axis=1) * per_row
        keeps = np.zeros(len(active), dtype=np.int64) if last else tables.ROLL_KEEP_COUNTS[roll[active]]
        choice = np.minimum((picks[active, throw - 1] * (keeps + boxes)).astype(np.int64), keeps + boxes - 1)
        rethrow = choice < keeps
        if not last:
            sub = active[rethrow]
            keep = tables.ROLL_KEEPS[roll[sub], choice[rethrow]]
            roll[sub] = _throw(keep, faces[sub, throw])
        box = active[~rethrow]
        action = choice[~rethrow] - keeps[~rethrow]
        # the box actions are Score and Scratch of each legal row, in row order
        nth = action // per_row
        order = np.cumsum(legal[~rethrow], axis=1) - 1
        row[box] = np.argmax((order == nth[:, None]) & legal[~rethrow], axis=1)
        crossed[box] = (action % per_row) == 1
        done[box] = True
    g.write(games, roll, row, crossed)


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


def _greedy_turn(g: _Games, games: IntArray, faces: npt.NDArray[np.int8]) -> None:
    m = g.model
    sets, inverse = np.unique(g.filled[games], return_inverse=True)
    values = _greedy_keeps(g, sets)
    roll = _throw(np.zeros(len(games), dtype=np.int64), faces[:, 0])
    for throw in range(1, m.max_throws):
        candidates = tables.ROLL_KEEPS[roll]
        score = np.where(
            candidates >= 0, values[np.maximum(candidates, 0), inverse[:, None]] * 8 + _ROLL_SIZE_KEY[roll], -1
        )
        keep = candidates[np.arange(len(games)), np.argmax(score, axis=1)]
        moving = tables.KEEP_SIZES[keep] < 5
        roll[moving] = _throw(keep[moving], faces[moving, throw])
    legal = g.legal_rows(games, roll)
    tie = greedy_box_key(m)
    best = np.full(len(games), -1, dtype=np.int64)
    row = np.zeros(len(games), dtype=np.int64)
    for r in range(m.num_rows):
        points, extra = g.placement(games, roll, r)
        key = np.where(legal[:, r], (points + extra) * (m.num_rows + 1) + tie[r], -1)
        better = key > best
        best[better] = key[better]
        row[better] = r
    g.write(games, roll, row, np.zeros(len(games), dtype=np.bool_))


def _optimal_turn(
    g: _Games, games: IntArray, faces: npt.NDArray[np.int8], strategy: Strategy, reps: IntArray, local: IntArray
) -> None:
    """One turn of ``games`` (whose states are those of the games ``reps``; ``local`` says which)."""
    m = g.model
    values = strategy.values
    flat = values.reshape(-1)
    _, num_flags, num_upper = values.shape
    capped = np.minimum(g.upper, m.cap)
    layers = turn_tables(m, values, g.filled[reps], g.flag[reps], capped[reps])
    roll = _throw(np.zeros(len(games), dtype=np.int64), faces[:, 0])
    for throw in range(1, m.max_throws):
        keeps = keep_values(layers[m.max_throws - throw - 1])
        candidates = tables.ROLL_KEEPS[roll]
        score = np.where(candidates >= 0, keeps[np.maximum(candidates, 0), local[:, None]], -np.inf)
        keep = candidates[np.arange(len(games)), np.argmax(score, axis=1)]
        moving = tables.KEEP_SIZES[keep] < 5
        roll[moving] = _throw(keep[moving], faces[moving, throw])
    filled, flag, upper = g.filled[games], g.flag[games], capped[games]
    legal = g.legal_rows(games, roll)
    best = np.full(len(games), -np.inf)
    row = np.zeros(len(games), dtype=np.int64)
    crossed = np.zeros(len(games), dtype=np.bool_)
    for r in range(m.num_rows):
        points, extra = g.placement(games, roll, r)
        after = filled | (1 << r)
        at_flag = r == m.flag_row and m.needs_flag
        new_upper = np.minimum(upper + points, m.cap) if m.bonus_rows[r] else upper
        new_flag = (points > 0).astype(np.int64) if at_flag else flag
        options = [(points + extra + flat[(after * num_flags + new_flag) * num_upper + new_upper], False)]
        if m.allow_scratch:
            zero_flag = np.zeros_like(flag) if at_flag else flag
            options.append((extra + flat[(after * num_flags + zero_flag) * num_upper + upper], True))
        for value, is_cross in options:
            value = np.where(legal[:, r], value, -np.inf)
            better = value > best
            best[better] = value[better]
            row[better] = r
            crossed[better] = is_cross
    g.write(games, roll, row, crossed)


def simulate(
    variant: ScorecardVariant,
    games: int,
    *,
    policy: PolicyName | Strategy = "random",
    seed: int = 0,
    strategy: Strategy | None = None,
) -> BatchResult:
    """Play ``games`` solitaire games of ``variant`` together and return their scores and statistics.

    Args:
        variant: a one-column scorecard variant the solver supports.
        games: how many games.
        policy: ``"random"``, ``"greedy"``, ``"optimal"``, or a solved :class:`Strategy`.
        seed: seed of the dice (a numpy PCG64 generator).
        strategy: the strategy for ``"optimal"`` (solved on the spot when not given).

    Example:
        >>> import yamskit
        >>> a = simulate(yamskit.variant("yahtzee"), 500, policy="random", seed=7)
        >>> b = simulate(yamskit.variant("yahtzee"), 500, policy="random", seed=7)
        >>> bool((a.scores == b.scores).all()), a.rows[-1]
        (True, 'chance')
    """
    model = model_of(variant)
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    name = policy if isinstance(policy, str) else "optimal"
    if isinstance(policy, Strategy):
        strategy = policy
    if name not in ("random", "greedy", "optimal"):
        raise ValueError(f"policy must be 'random', 'greedy', 'optimal' or a Strategy, not {policy!r}")
    if name == "optimal":
        if strategy is None:
            from . import solve

            strategy = solve(variant, quiet=True)
        if strategy.model.fingerprint != model.fingerprint:
            from .strategy import RulesMismatchError

            raise RulesMismatchError(f"the strategy was solved for other rules than {variant.name!r}")
    rng = np.random.Generator(np.random.PCG64(seed))
    g = _Games.start(model, games)
    everyone = np.arange(games, dtype=np.int64)
    space = StateSpace.of(model) if name == "optimal" else None
    for _turn in range(model.num_rows):
        faces = rng.integers(0, 6, size=(games, model.max_throws, 5), dtype=np.int8)
        if name == "random":
            picks = rng.random((games, model.max_throws))
            _random_turn(g, everyone, faces, picks)
        elif name == "greedy":
            _greedy_turn(g, everyone, faces)
        else:
            assert strategy is not None
            assert space is not None
            canon = space.canonical_upper(g.filled, g.upper)
            keys = (g.filled * model.flags + g.flag) * (model.cap + 1) + canon
            unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
            order = np.argsort(inverse, kind="stable")
            bounds = np.searchsorted(inverse[order], np.arange(0, len(unique) + STATE_BLOCK, STATE_BLOCK))
            for b in range(len(bounds) - 1):
                chunk = order[bounds[b] : bounds[b + 1]]
                if len(chunk):
                    lo = b * STATE_BLOCK
                    reps = first[lo : lo + STATE_BLOCK]
                    _optimal_turn(g, chunk, faces[chunk], strategy, reps, inverse[chunk] - lo)
    bonus = model.bonus[np.minimum(g.upper, model.cap)]
    scores = g.points.sum(axis=1) + bonus + g.extra
    return BatchResult(
        variant=variant.name,
        policy=name,
        seed=seed,
        scores=scores,
        rows=model.rows,
        row_means=g.points.mean(axis=0),
        row_zero_rates=(g.points == 0).mean(axis=0),
        bonus_rate=float((bonus > 0).mean()),
        extra_mean=float(g.extra.mean()),
    )
