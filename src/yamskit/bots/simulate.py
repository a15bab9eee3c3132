"""Many bot games, and their statistics: mean, spread, histogram, win rates by seat.

`simulate` plays ``n`` seeded games of any registered variant between bots
(`RandomPlayer` or `GreedyPlayer`), through the game protocol only. Game ``i`` of a
run with seed ``s`` always gets the same dice and the same bot choices, however the
games are spread over workers, so a run is reproducible with any ``jobs`` or executor.

Parallel runs go through `concurrent.futures`: ``jobs=4`` uses a
`ProcessPoolExecutor`, and ``executor=`` takes any object
with the executor's ``submit(fn, *args)`` returning a future. Larger runs can use a
cluster this way:

* Dask (``pip install 'yamskit[dask]'``): ``distributed.Client(address).get_executor()``
  is such an executor (tested against a ``distributed.LocalCluster``: the results
  equal the local run of the same seed); ``yamskit simulate --scheduler ADDRESS``
  does this.
* Ray: wrap remote calls, e.g. a class whose ``submit(fn, *args)`` returns
  ``ray.remote(fn).remote(*args).future()``.

Workers rebuild the variant from the registry by name and options, so variants
registered at run time with `yamskit.register_variant` must also be registered
in the workers (built-ins and entry-point plug-ins always are).

Examples:
    >>> stats = simulate("classic", 20, seats=2, seed=1)
    >>> stats.games, len(stats.win_rates), round(sum(stats.win_rates), 6)
    (20, 2, 1.0)
    >>> simulate("classic", 20, seats=2, seed=1) == stats
    True
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import multiprocessing
import os
import queue
import signal
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, Literal, Protocol, TypeAlias

import attrs

from .._signals import held_signals, release_signals
from ..errors import RuleConfigError, brief
from ..game import Variant
from ..names import renamed_argument
from ..registry import variant as make_variant
from ..scorecard.variant import ScorecardVariant
from . import GreedyPlayer, Player, RandomPlayer, play

__all__ = [
    "MAX_GAMES",
    "PERCENTILES",
    "BotKind",
    "Engine",
    "SimulationResult",
    "Submitter",
    "batch_refusal",
    "check_run",
    "game_seed",
    "make_bot",
    "max_jobs",
    "play_games",
    "simulate",
]

#: The bots a run can seat: ``"random"`` (`RandomPlayer`) or ``"greedy"`` (`GreedyPlayer`).
BotKind: TypeAlias = Literal["random", "greedy"]


def make_bot(kind: BotKind, *, seed: int) -> Player:
    """A bot of ``kind`` (random bots take ``seed``; greedy bots need none).

    Raises:
        RuleConfigError: an unknown kind.

    Examples:
        >>> make_bot("greedy", seed=1)
        GreedyPlayer()
    """
    if kind == "random":
        return RandomPlayer(seed=seed)
    if kind == "greedy":
        return GreedyPlayer()
    raise RuleConfigError(f"bot must be 'random' or 'greedy', not {brief(kind)}")


#: How `simulate` plays: ``"games"`` (one game at a time through the game protocol),
#: ``"batch"`` (the numpy batch engine of `yamskit.solver`: one-column sheets, any seats)
#: or ``"auto"`` (the batch engine where it applies, else ``"games"``).
Engine: TypeAlias = Literal["games", "batch", "auto"]

#: The most games one call simulates.
MAX_GAMES = 10_000_000


class Submitter(Protocol):
    """What `simulate` needs of an executor: ``submit(fn, *args)`` returning a future.

    Every `concurrent.futures.Executor` is one; so is a Dask client's
    ``get_executor()``, or a three-line adapter over Ray (see the module docs).

    Examples:
        >>> from concurrent.futures import Future
        >>> class Inline:  # runs each task at once, in this process
        ...     def submit(self, fn, /, *args):
        ...         future = Future()
        ...         future.set_result(fn(*args))
        ...         return future
        >>> simulate("classic", 4, seed=1, executor=Inline()) == simulate("classic", 4, seed=1)
        True
    """

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        """Schedule ``fn(*args)``."""
        ...


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game ``index`` of a run seeded ``seed`` (63 bits, well mixed).

    Examples:
        >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
        True
    """
    digest = hashlib.blake2b(f"yamskit.bots.simulate:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def play_games(
    name: str,
    options: Mapping[str, Any],
    players: Sequence[str],
    seed: int,
    indexes: Sequence[int],
    bot: BotKind = "random",
) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Play the games ``indexes`` of a run; ``(index, scores, winners)`` for each.

    This is the task sent to workers: a top-level function of plain arguments, so
    any executor can pickle it.

    Examples:
        >>> done = play_games("classic", {}, ("A", "B"), 1, range(2))
        >>> sorted((i, len(s)) for i, s, _ in done)
        [(0, 2), (1, 2)]
    """
    return _play_until(name, options, players, seed, indexes, bot, None)


def _play_until(
    name: str,
    options: Mapping[str, Any],
    players: Sequence[str],
    seed: int,
    indexes: Sequence[int],
    bot: BotKind,
    stop: Any,
) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """`play_games`, giving up before the next game once ``stop`` (an event, or ``None``) is set."""
    variant = make_variant(name, **options)
    out = []
    for index in indexes:
        if stop is not None and stop.is_set():
            break
        game_seed_ = game_seed(seed, index)
        state = variant.new_game(list(players), seed=game_seed_)
        bots = [make_bot(bot, seed=game_seed_ + seat) for seat in range(len(players))]
        result = play(state, bots).result()
        out.append((index, tuple(result.scores), tuple(result.winners)))
    return out


@attrs.frozen
class SimulationResult:
    """The outcome of a run: every game's scores, and statistics over them.

    Attributes:
        variant: the variant's registry name.
        players: the seat names (``Bot 1``, ``Bot 2``, ...).
        seed: the run's seed.
        scores: one tuple of points per game, in seat order, in game order.
        winners: one tuple of winning seats per game.
        engine: ``"games"`` or ``"batch"``, the engine that played them.

    Examples:
        >>> r = SimulationResult("classic", ("A", "B"), 0, ((10, 20), (30, 30)), ((1,), (0, 1)))
        >>> r.mean, r.win_rates, r.seat_means
        (22.5, (0.25, 0.75), (20.0, 25.0))
    """

    variant: str
    players: tuple[str, ...]
    seed: int
    scores: tuple[tuple[int, ...], ...]
    winners: tuple[tuple[int, ...], ...]
    engine: str = "games"

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.scores)

    @property
    def all_scores(self) -> list[int]:
        """Every player's points in every game, pooled."""
        return [s for game in self.scores for s in game]

    @property
    def mean(self) -> float:
        """The mean points of a player (all seats pooled)."""
        return statistics.fmean(self.all_scores) if self.scores else math.nan

    @property
    def stdev(self) -> float:
        """The standard deviation of a player's points (sample; 0 for one value)."""
        values = self.all_scores
        return statistics.stdev(values) if len(values) > 1 else 0.0

    @property
    def low(self) -> int:
        """The lowest points seen."""
        return min(self.all_scores)

    @property
    def high(self) -> int:
        """The highest points seen."""
        return max(self.all_scores)

    @property
    def median(self) -> float:
        """The median points."""
        return float(statistics.median(self.all_scores))

    @property
    def seat_means(self) -> tuple[float, ...]:
        """The mean points of each seat."""
        return tuple(statistics.fmean(game[s] for game in self.scores) for s in range(len(self.players)))

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Each seat's share of the wins; a win shared by ``k`` tied players counts ``1/k`` each.

        The shares add up to 1 (over games with a winner).
        """
        shares = [0.0] * len(self.players)
        for winners in self.winners:
            for seat in winners:
                shares[seat] += 1 / len(winners)
        return tuple(share / self.games for share in shares) if self.games else tuple(shares)

    def percentile(self, q: float) -> float:
        """The ``q``-th percentile (0 to 100) of the points, interpolated linearly between ranks.

        Examples:
            >>> r = SimulationResult("classic", ("A",), 0, ((10,), (20,), (30,), (40,)), ((0,),) * 4)
            >>> r.percentile(0), r.percentile(50), r.percentile(90), r.percentile(100)
            (10.0, 25.0, 37.0, 40.0)
        """
        if not 0 <= q <= 100:
            raise ValueError(f"a percentile is from 0 to 100, not {brief(q)}")
        values = sorted(self.all_scores)
        if not values:
            return math.nan
        rank = (len(values) - 1) * q / 100
        below = math.floor(rank)
        above = min(below + 1, len(values) - 1)
        return float(values[below] + (values[above] - values[below]) * (rank - below))

    def histogram(self, bins: int = 10) -> list[tuple[int, int, int]]:
        """``(low, high, count)`` per bin: ``bins`` equal-width bins of whole points, ``high`` included.

        Examples:
            >>> r = SimulationResult("classic", ("A",), 0, ((1,), (2,), (9,)), ((0,), (0,), (0,)))
            >>> r.histogram(2)
            [(1, 5, 2), (6, 10, 1)]
        """
        values = self.all_scores
        if not values:
            return []
        low, high = min(values), max(values)
        width = max(1, math.ceil((high - low + 1) / max(1, bins)))
        counts: dict[int, int] = {}
        for v in values:
            b = (v - low) // width
            counts[b] = counts.get(b, 0) + 1
        last = (high - low) // width
        return [(low + b * width, low + (b + 1) * width - 1, counts.get(b, 0)) for b in range(last + 1)]

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready summary (statistics and histogram, not every game).

        Examples:
            >>> "histogram" in simulate("classic", 2, seed=3).to_data()
            True
        """
        return {
            "variant": self.variant,
            "players": list(self.players),
            "seed": self.seed,
            "games": self.games,
            "mean": self.mean,
            "stdev": self.stdev,
            "median": self.median,
            "low": self.low,
            "high": self.high,
            "percentiles": {str(q): self.percentile(q) for q in PERCENTILES},
            "engine": self.engine,
            "seat_means": list(self.seat_means),
            "win_rates": list(self.win_rates),
            "histogram": [list(b) for b in self.histogram()],
        }


#: The percentiles `SimulationResult.to_data` and ``yamskit simulate`` report.
PERCENTILES = (5, 25, 50, 75, 95)


def _seat_names(variant: Variant, seats: int | None) -> tuple[str, ...]:
    """``Bot 1``..``Bot n``; by default the fewest seats the variant accepts."""
    counts = [seats] if seats is not None else list(range(1, 9))
    for count in counts:
        names = tuple(f"Bot {i + 1}" for i in range(count))
        try:
            variant.new_game(list(names), seed=0)
        except RuleConfigError:
            if seats is not None:
                raise
            continue
        return names
    raise RuleConfigError(f"variant {brief(variant.name)} accepts no number of players from 1 to 8")


def max_jobs() -> int:
    """The most worker processes a run may ask for: 4 x the CPU count.

    Examples:
        >>> max_jobs() >= 4
        True
    """
    return 4 * (os.cpu_count() or 1)


#: In a worker process of a local run (``jobs`` > 1): the run's stop event, set when the run stops.
_worker_stop: Any = None


def _start_worker(stop: Any) -> None:
    """Worker initializer: Ctrl-C is the parent's to handle; ``stop`` tells the worker to give up its games.

    The parent forks its workers with SIGINT and SIGTERM held (`held_signals`); the
    worker unblocks them, so SIGTERM from the parent ends it. SIGTERM gets its default
    action back: a handler inherited from the parent (the command line's raises) would
    raise inside a game, and the pool's worker loop catches that and waits for more work,
    so the terminated worker would live on and the parent's exit would wait for it.
    """
    global _worker_stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    release_signals()
    _worker_stop = stop


def _play_in_worker(
    name: str, options: Mapping[str, Any], players: Sequence[str], seed: int, indexes: Sequence[int], bot: BotKind
) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """The task of a local process pool: `play_games`, until the run's stop event is set."""
    return _play_until(name, options, players, seed, indexes, bot, _worker_stop)


def _run_in_processes(jobs: int, run: Callable[[Executor, Callable[..., Any]], None]) -> None:
    """``run(pool, task)`` on ``jobs`` local worker processes, which end before this returns or raises.

    On Ctrl-C (`KeyboardInterrupt`) or a failed game the games not yet started are
    cancelled and the run's stop event is set, so every worker gives up its games
    before the next one starts and ends; a worker still running 5 seconds later is
    terminated. Nothing waits on the pool itself, whose state an interrupt may have
    cut short: the workers are the pool's new entries in
    `multiprocessing.active_children`. Public API of `concurrent.futures` and
    `multiprocessing` only.

    The pool forks its workers as the games are submitted: ``run`` submits them with
    SIGINT and SIGTERM held (`held_signals`, as the solver does), since a signal handled
    inside the fork's at-fork hooks would be lost.
    """
    context = multiprocessing.get_context()
    stop = context.Event()
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_start_worker, initargs=(stop,))
    try:
        run(pool, _play_in_worker)
    except BaseException:
        stop.set()
        pool.shutdown(wait=False, cancel_futures=True)
        _end_workers([p for p in multiprocessing.active_children() if p not in before])
        raise
    pool.shutdown()


def _end_workers(workers: Sequence[multiprocessing.process.BaseProcess], grace: float = 5.0) -> None:
    """Wait up to ``grace`` seconds for ``workers`` to end, then terminate those still running."""
    deadline = time.monotonic() + grace
    for worker in workers:
        worker.join(timeout=max(0.0, deadline - time.monotonic()))
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    # The pool's own thread may reap a worker at the same moment: our ``join`` then returns at
    # once and ``is_alive()`` stays true until that thread has stored the exit code, so poll.
    deadline = time.monotonic() + grace
    while any(worker.is_alive() for worker in workers) and time.monotonic() < deadline:
        time.sleep(0.01)
    # A worker that outlived SIGTERM would keep the interpreter's exit waiting on the pool: SIGKILL.
    for worker in workers:
        if worker.is_alive():
            worker.kill()
            worker.join(timeout=grace)


def check_run(variant: Variant, n: int, *, seats: int | None = None, seed: int = 0, jobs: int = 1) -> tuple[str, ...]:
    """Check the arguments of a run before starting it; the seat names.

    Raises:
        RuleConfigError: a bad number of games, seats or jobs (1 to `max_jobs`), or a bad seed.

    Examples:
        >>> import yamskit
        >>> check_run(yamskit.variant("classic"), 10, seats=2)
        ('Bot 1', 'Bot 2')
    """
    if type(n) is not int or not 1 <= n <= MAX_GAMES:
        raise RuleConfigError(f"the number of games must be 1 to {MAX_GAMES}, not {brief(n)}")
    if type(jobs) is not int or not 1 <= jobs <= max_jobs():
        raise RuleConfigError(
            f"jobs must be a whole number from 1 to {max_jobs()} (4 x the CPU count), not {brief(jobs)}"
        )
    if type(seed) is not int or not 0 <= seed < 2**64:  # the range of a game's seed, so one rule for both
        raise RuleConfigError(f"the seed must be a whole number from 0 to 2**64 - 1, not {brief(seed)}")
    return _seat_names(variant, seats)


def batch_refusal(variant: Variant, seats: int) -> str | None:
    """Why the batch engine cannot play ``seats`` players of ``variant``, or ``None`` when it can.

    The batch engine plays solitaire games of the variants the solver models: one
    column, the standard result (each player's total; the highest wins, ties share
    the win) and no rule that looks at another player's sheet. In such a variant the
    players' sheets never meet before the end, and the greedy and random bots look
    only at their own sheet, so a game of ``seats`` players is ``seats`` independent
    solitaire games, ranked by their totals: any number of seats applies.

    Examples:
        >>> import yamskit
        >>> batch_refusal(yamskit.variant("classic"), 2) is None
        True
        >>> batch_refusal(yamskit.variant("challenge"), 1)
        "yamskit.solver cannot solve 'challenge': it has 4 columns; the solver handles one"
    """
    if type(seats) is not int or seats < 1:
        return f"a game has 1 seat or more, not {seats!r}"
    try:
        from ..solver.batch import batch_model
    except ImportError:
        return "it needs numpy, which is not installed here (pip install numpy)"
    try:
        batch_model(variant)
    except RuleConfigError as error:
        return str(error)
    return None


def _simulate_batch(
    rules: ScorecardVariant,
    players: tuple[str, ...],
    n: int,
    *,
    seed: int,
    jobs: int,
    bot: BotKind,
    progress: Callable[[int, int], None] | None,
) -> SimulationResult:
    """Game ``i`` of ``k`` seats: the batch engine's solitaire games ``i*k`` to ``i*k + k - 1``, ranked by total."""
    from ..solver.batch import simulate as batch

    seats = len(players)
    done = batch(rules, n * seats, bot=bot, seed=seed, processes=jobs)
    if progress is not None:
        progress(n, n)
    totals = done.scores.tolist()
    scores = tuple(tuple(totals[start : start + seats]) for start in range(0, n * seats, seats))
    return SimulationResult(rules.name, players, seed, scores, tuple(map(_top, scores)), engine="batch")


def _top(scores: tuple[int, ...]) -> tuple[int, ...]:
    """The seats with the highest total (the standard result: ties share the win)."""
    best = max(scores)
    return tuple(seat for seat, points in enumerate(scores) if points == best)


def _run_on(
    pool: Executor | Submitter,
    workers: int,
    collect: Callable[[list[tuple[int, tuple[int, ...], tuple[int, ...]]]], None],
    name: str,
    options: dict[str, Any],
    players: tuple[str, ...],
    seed: int,
    n: int,
    bot: BotKind,
    task: Callable[..., Any] = play_games,
    submitting: Callable[[], contextlib.AbstractContextManager[None]] = contextlib.nullcontext,
) -> None:
    """Submit the run to ``pool`` in chunks; on an error or Ctrl-C, cancel the chunks not yet started.

    The chunks are submitted within ``submitting()`` (`held_signals` for a local pool,
    which forks its workers then). Finished chunks arrive through a queue their
    futures' callbacks fill, so the wait for the next one holds no lock an interrupt
    could leave taken.
    """
    chunk = max(1, min(1000, n // (workers * 8) or 1))
    finished: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()
    futures: list[Future[Any]] = []

    def submit(start: int) -> None:
        futures.append(pool.submit(task, name, options, players, seed, list(range(start, min(n, start + chunk))), bot))
        futures[-1].add_done_callback(finished.put)

    starts = range(0, n, chunk)
    try:
        # A pool starts its workers by the time it has one chunk for each: only those
        # submissions need signals held; Ctrl-C during the rest (10,000 of them for
        # 10,000,000 games) is answered at once.
        with submitting():
            for start in starts[:workers]:
                submit(start)
        for start in starts[workers:]:
            submit(start)
        for _ in futures:
            collect(finished.get().result())
    except BaseException:
        for future in futures:
            future.cancel()
        raise


def simulate(
    variant: str | Variant,
    games: int | None = None,
    *,
    seats: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    executor: Executor | Submitter | None = None,
    progress: Callable[[int, int], None] | None = None,
    bot: BotKind = "random",
    engine: Engine = "games",
    n: int | None = None,
) -> SimulationResult:
    """Play ``games`` games between bots (random by default) and gather their results.

    The solver's batch simulation, `yamskit.solver.simulate`, takes the same names:
    ``games``, ``bot``, ``seed``, and its result's ``stdev``.

    Args:
        variant: a registry name, or a variant object from `yamskit.variant`
            (its name and options are sent to the workers).
        games: the number of games.
        seats: players per game; by default the fewest the variant accepts.
        seed: the run's seed (game ``i`` uses `game_seed` ``(seed, i)``).
        options: the variant's options, when ``variant`` is a name.
        jobs: worker processes when no ``executor`` is given (1: play here; at most
            `max_jobs`). On Ctrl-C (`KeyboardInterrupt`) or an error, pending games
            are cancelled, the workers give up their games and end, and then the
            exception goes on.
        executor: any `concurrent.futures.Executor` (or `Submitter`),
            e.g. a Dask client's ``get_executor()``; it is not shut down here (on
            Ctrl-C or an error, the chunks of games it has not started are cancelled).
        progress: called as ``progress(done, n)`` as games finish.
        bot: ``"random"`` (`RandomPlayer`) or ``"greedy"`` (`GreedyPlayer`) in every seat.
        engine: ``"games"`` plays every game through the game protocol; ``"batch"``
            plays them together with `yamskit.solver.simulate` (numpy; any number of
            seats of a one-column scorecard variant the solver models, each seat's
            sheet played as its own solitaire game, see `batch_refusal`; the same
            policy as ``bot``, but its own dice stream, so the games differ from
            ``"games"`` with the same seed while their distribution is the same);
            ``"auto"`` takes ``"batch"`` where it applies and no ``executor`` is given,
            and ``"games"`` elsewhere. The batch engine uses ``jobs`` processes; it
            refuses an ``executor``.
        n: deprecated name of ``games`` (before 0.1.0); warns.

    Raises:
        RuleConfigError: unknown variant or option, a bad number of seats, games or jobs.

    Examples:
        >>> simulate("yahtzee", 3, seed=2).games
        3
        >>> simulate("yahtzee", 3, seed=2, engine="auto").engine  # numpy installed
        'batch'
        >>> simulate("classic", 3, seats=2, seed=2, engine="batch").players
        ('Bot 1', 'Bot 2')
    """
    n = renamed_argument("n", n, "games", games)
    rules = make_variant(variant, **dict(options or {})) if isinstance(variant, str) else variant
    players = check_run(rules, n, seats=seats, seed=seed, jobs=jobs)
    make_bot(bot, seed=0)
    if engine not in ("games", "batch", "auto"):
        raise RuleConfigError(f"engine must be 'games', 'batch' or 'auto', not {brief(engine)}")
    if engine == "batch" and executor is not None:
        raise RuleConfigError("the batch engine runs in local processes: give no executor")
    if engine == "batch" or (engine == "auto" and executor is None):
        why = batch_refusal(rules, len(players))
        if why is None and isinstance(rules, ScorecardVariant):  # no refusal: the solver models it, so it is one
            return _simulate_batch(rules, players, n, seed=seed, jobs=jobs, bot=bot, progress=progress)
        if engine == "batch":
            raise RuleConfigError(f"the batch engine does not apply: {why}")
    name, opts = rules.name, dict(rules.options)
    results: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def collect(batch: list[tuple[int, tuple[int, ...], tuple[int, ...]]]) -> None:
        for index, scores, winners in batch:
            results[index] = (scores, winners)
        if progress is not None:
            progress(len(results), n)

    if executor is None and jobs == 1:
        chunk = max(1, min(100, n // 100 or 1))
        for start in range(0, n, chunk):
            collect(play_games(name, opts, players, seed, range(start, min(n, start + chunk)), bot))
    elif executor is not None:
        _run_on(executor, 8, collect, name, opts, players, seed, n, bot)
    else:
        _run_in_processes(
            jobs,
            lambda pool, task: _run_on(pool, jobs, collect, name, opts, players, seed, n, bot, task, held_signals),
        )
    ordered = [results[i] for i in range(n)]
    return SimulationResult(name, players, seed, tuple(s for s, _ in ordered), tuple(w for _, w in ordered))
