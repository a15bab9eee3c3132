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

import itertools
import multiprocessing
import os
from typing import Any, Literal

import attrs
import numpy as np

from .._signals import held_signals
from ..errors import brief
from ..names import warn_renamed
from ..scorecard.variant import ScorecardVariant
from .batch_sheets import _POW6 as _POW6  # the vector environment's (yamskit.rl) names, from where they were
from .batch_sheets import _best_keep_table, _block_generator, _dice_codes, _refuse_turn_rules, _tallied, _Tally
from .batch_sheets import _codes as _codes  # five dice (tests read it)
from .batch_sheets import _Games as _Games
from .batch_sheets import _throw as _throw
from .lockstep import optimal_parts
from .model import Model, model_of
from .scratch import release_work_arrays
from .strategy import Strategy, solve
from .tables import FloatArray, IntArray
from .workers import ignore_interrupts

__all__ = ["GAME_BLOCK", "BatchResult", "PolicyName", "batch_model", "simulate", "stepped"]

#: The built-in policies.
PolicyName = Literal["random", "greedy", "optimal"]


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


# ---------------------------------------------------------------------------- policies
def _random_turn(g: _Games, games: IntArray, faces: IntArray, picks: FloatArray) -> None:
    m = g.model
    t, codes = m.dice, _dice_codes(m.dice.count)
    count = len(games)
    roll = codes.code_to_roll[faces[:, 0, t.count - 1]]
    row = np.zeros(count, dtype=np.int64)
    crossed = np.zeros(count, dtype=np.bool_)
    per_row = 2 if m.allow_scratch else 1
    active = np.arange(count)
    for throw in range(1, m.max_throws + 1):
        last = throw == m.max_throws
        legal = g.legal_rows(games[active], roll[active])
        boxes = legal.sum(axis=1) * per_row
        keeps = np.zeros(len(active), dtype=np.int64) if last else t.roll_keep_counts[roll[active]]
        choice = np.minimum((picks[active, throw - 1] * (keeps + boxes)).astype(np.int64), keeps + boxes - 1)
        rethrow = choice < keeps
        if not last:
            sub = active[rethrow]
            keep = t.roll_keeps[roll[sub], choice[rethrow]]
            roll[sub] = codes.throw(keep, faces[sub, throw])
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
    """Scaled expected best immediate box of every keep, for each distinct filled set, (keeps, sets)."""
    m = g.model
    t = m.dice
    open_rows = ((filled[None, :] >> np.arange(m.num_rows)[:, None]) & 1) == 0  # (rows, sets)
    best = np.where(open_rows[:, None, :], m.tables[:, :, None], 0).max(axis=0)  # (rolls, sets)
    keeps = np.zeros((t.num_keeps, len(filled)), dtype=np.int64)
    keeps[t.size_slices[t.count]] = best
    for size in range(t.count - 1, -1, -1):
        block = t.size_slices[size]
        keeps[block] = keeps[t.children[block]].sum(axis=1)
    return keeps * (6**t.keep_sizes)[:, None]


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
    t, codes = m.dice, _dice_codes(m.dice.count)
    values = _greedy_keeps(g, sets)
    roll = codes.code_to_roll[faces[:, 0, t.count - 1]]
    keyed = values * 16 + t.keep_sizes[:, None]
    low = np.full((1, keyed.shape[1]), np.iinfo(np.int64).min)
    best_keep = _best_keep_table(np.concatenate([keyed, low]), codes.candidates, candidates=codes.candidates)
    for throw in range(1, m.max_throws):
        keep = best_keep[roll, inverse]
        moving = np.nonzero(t.keep_sizes[keep] < t.count)[0]
        roll[moving] = codes.throw(keep[moving], faces[moving, throw])
    legal = g.legal_rows(games, roll)
    scores = g.scores(games, roll)
    points, extra = scores
    key = np.where(legal, (points + extra[:, None]) * (m.num_rows + 1) + greedy_box_key(m)[None, :], -1)
    row = np.argmax(key, axis=1)
    g.write(games, row, np.zeros(count, dtype=np.bool_), scores)


#: Games per block: each block has its own dice generator (seeded from the seed and the block number).
GAME_BLOCK = 1 << 18
_SIMULATION: dict[str, Any] = {}


def _play_block(task: tuple[int, int, int, int, int]) -> _Tally:
    """Play the games ``start:end`` of a block of ``size`` games (random or greedy policy).

    Returns their tally (scores and the sums of the statistics). The block's dice are drawn in full
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
        drawn = rng.integers(0, 6, size=(size, model.max_throws, model.dice.count), dtype=np.int8)
        faces = _dice_codes(model.dice.count).codes(drawn[start:end])
        if name == "random":
            _random_turn(g, everyone, faces, rng.random((size, model.max_throws))[start:end])
        else:
            _greedy_turn(g, everyone, faces)
    return _Tally.of(model, g.points, g.upper, g.extra)


#: Games each process plays at least: a block (random, greedy) or a run (optimal) is shared only above it.
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


def batch_model(variant: object) -> Model:
    """The solver's model of ``variant``, where the batch simulation plays it.

    Raises:
        RuleConfigError: the solver does not model ``variant`` (`yamskit.solver.model.model_of`), or its
            boxes depend on the turn (served points, a served win, a box that opens later: Generala), which
            the stepped games do not play; the message names the rule.

    Examples:
        >>> import yamskit
        >>> batch_model(yamskit.variant("yahtzee")).rows[:2]
        ('ones', 'twos')
        >>> batch_model(yamskit.variant("generala"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: the solver's stepped games (the batch simulation, the duel ratings) do not ...
    """
    return stepped(model_of(variant))


def stepped(model: Model) -> Model:
    """``model`` itself, once checked to be one the stepped games play (see `batch_model`).

    For a caller that holds the model already (a `Strategy`'s): `batch_model` builds it again
    from the variant, a few milliseconds.

    Raises:
        RuleConfigError: its boxes depend on the turn; the message names the rule.

    Examples:
        >>> import yamskit
        >>> from yamskit.solver.model import model_of
        >>> stepped(model_of(yamskit.variant("yatzy"))).num_rows
        15
    """
    _refuse_turn_rules(model)
    return model


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

    Raises:
        RuleConfigError: a sheet the solver refuses, or one whose boxes depend on the turn (Generala's
            served points, served win and doble generala), which the stepped games do not play.

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
    model = batch_model(variant)  # (before any solve)
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive whole number, not {brief(games)}")
    name = policy if isinstance(policy, str) else "optimal"
    if isinstance(policy, Strategy):
        strategy = policy
    if name not in ("random", "greedy", "optimal"):
        raise ValueError(f"bot must be 'random', 'greedy', 'optimal' or a Strategy, not {brief(policy)}")
    if name == "optimal":
        if strategy is None:
            strategy = solve(variant, quiet=True)
        if strategy.model.fingerprint != model.fingerprint:
            from .strategy import RulesMismatchError

            raise RulesMismatchError(f"the strategy was solved for other rules than {brief(variant.name)}")
    sizes = [min(GAME_BLOCK, games - start) for start in range(0, games, GAME_BLOCK)]
    workers = (os.cpu_count() or 1) if processes is None else max(1, processes)
    tasks = _tasks(sizes, seed, workers)
    if name != "optimal":
        workers = min(len(tasks), workers)
    _SIMULATION.update(model=model, policy=name)
    try:
        if name == "optimal":  # blocks one after the other, each turn shared between processes
            assert strategy is not None
            parts = optimal_parts(model, strategy, sizes, seed, max(1, min(workers, games // SHARE_MIN)))
        elif workers > 1 and hasattr(os, "fork"):
            with held_signals():  # the pool forks its workers as it starts
                pool = multiprocessing.get_context("fork").Pool(workers, initializer=ignore_interrupts)
            with pool:
                parts = pool.map(_play_block, tasks)
        else:
            parts = [_play_block(task) for task in tasks]
    finally:
        _SIMULATION.clear()
        release_work_arrays()
    scores, row_means, zero_rates, bonus_rate, extra_mean = _tallied(parts)
    return BatchResult(
        variant=variant.name,
        policy=name,
        seed=seed,
        scores=scores,
        rows=model.rows,
        row_means=row_means,
        row_zero_rates=zero_rates,
        bonus_rate=bonus_rate,
        extra_mean=extra_mean,
    )
