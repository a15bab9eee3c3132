"""How strong are the bots: seeded tournaments between levels, per variant, seats swapped.

Usage::

    python benchmarks/bots.py                          # hard against easy, 400 games per match-up
    python benchmarks/bots.py --games 100 --jobs 2     # fewer games, two worker processes
    python benchmarks/bots.py --round-robin --games 40 # every pair of random, easy, medium, hard
    python benchmarks/bots.py --only yam-master yamslam
    python benchmarks/bots.py --solitaire 1000         # hard without the solver's table, one column
    python benchmarks/bots.py --solo 300               # easy, medium, hard alone: Challenge, Yamslam solo
    python benchmarks/bots.py --pair hard medium --only classic yatzy  # a preset by name: a 2-player game
    python benchmarks/bots.py --solo 300 --only classic yatzy         # ... or that preset alone
    python benchmarks/bots.py --scheduler tcp://scheduler:8786  # the games on a Dask cluster

Each match-up plays ``--games`` games, game ``i`` with dice seed ``seed + i``; in odd
games the two sides swap seats (in 2v2 the sides are the teams A+C and B+D; at a table of
three, Competitive 1v1v1, the first side holds one seat against two in three games, its
seat turning, then two seats against one in the next three, so that an even match scores
one half over each six games, as at a table of two or four: `seating`). A side wins when the
winners of the game are its seats only; draws count half. The table
gives wins, draws and losses of the first side, its score with a 95% Wilson interval,
and the time the first side's bot took per decision (median and 99th percentile).
The bots' one-off preparation (the exact solve of a one-column sheet, a few seconds)
is done before the clock starts and reported apart.

The games of a match-up are cut into chunks (`Chunk`, plain picklable data) played by
`play_chunk` here, in ``--jobs`` forked processes, or on any `concurrent.futures.Executor`:
``--scheduler ADDRESS`` connects a ``distributed.Client`` (``pip install
'yamskit[dask]'``) and uses ``client.get_executor()``; from Python, ``tournament(...,
executor=...)``. Game ``i`` depends only on the seed and ``i``, so the outcomes and the
W/D/L tables are the same whatever runs them (tests/bots/test_bench_dask.py compares a
``distributed.LocalCluster`` with the local run); only the times differ.

The workers need yamskit (``pip install 'yamskit[dask]'`` on each) but not this file:
run as a script it is ``__main__``, whose code Dask sends by value. Imported from
Python (``sys.path.insert(0, "benchmarks"); import bots``), it is sent by name, so give
it to the workers first: ``client.upload_file("benchmarks/bots.py")``.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any, NoReturn

import yamskit
from yamskit.bots import StrongPlayer, play, player


@dataclass(frozen=True)
class Setup:
    """One variant and seating the tournament plays."""

    label: str
    name: str
    options: tuple[tuple[str, Any], ...]
    seats: int

    def variant(self) -> Any:
        return yamskit.variant(self.name, **dict(self.options))


SETUPS: tuple[Setup, ...] = (
    Setup("classic", "classic", (), 2),
    Setup("yahtzee", "yahtzee", (), 2),
    Setup("challenge", "challenge", (), 2),
    Setup("competitive 1v1", "competitive", (("mode", "1v1"),), 2),
    Setup("competitive 1v1v1", "competitive", (("mode", "1v1v1"),), 3),
    Setup("competitive 2v2", "competitive", (("mode", "2v2"),), 4),
    Setup("yam-master", "yam-master", (), 2),
    Setup("yamslam", "yamslam", (), 2),
    Setup("yamslam team", "yamslam", (("mode", "team"),), 4),
)

#: The solitaire setups of ``--solo``: each level's mean score alone, on the same dice seeds.
SOLO_SETUPS: tuple[Setup, ...] = (
    Setup("challenge solo", "challenge", (), 1),
    Setup("yamslam solo", "yamslam", (("mode", "solo"),), 1),
)

#: The levels of ``--round-robin``, weakest first.
LEVELS = ("random", "easy", "medium", "hard")
#: The keys of a match-up's row that are times (they differ from run to run); the others do not.
TIMING_KEYS = frozenset({"median_ms", "p99_ms", "wall_s", "prep_s"})


class Timed:
    """A bot whose decisions are timed (with ``after_throw``, only those taken with dice showing)."""

    def __init__(self, bot: Any, *, after_throw: bool = False) -> None:
        self.bot = bot
        self.after_throw = after_throw
        self.times: list[float] = []

    def choose(self, state: Any) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(state)
        if not self.after_throw or state.turn.has_thrown:
            self.times.append(time.perf_counter() - start)
        return action


def _prepare(setup: Setup, level: str) -> float:
    """Let a ``level`` bot do its one-off work (an exact solve) before timing; the seconds it took."""
    variant = setup.variant()
    bot = player(variant, level, seed=0)
    game = variant.new_game([f"P{i}" for i in range(setup.seats)], seed=0)
    start = time.perf_counter()
    bot.choose(game.apply(yamskit.Roll()))
    return time.perf_counter() - start


def seating(seats: int, index: int) -> list[bool]:
    """Which seats the first side holds in game ``index`` of a match-up (True: the first side's).

    At an even table the sides take alternate seats, swapped in odd games. At an odd table
    (Competitive 1v1v1) the first side holds one seat in ``seats`` games, each seat once,
    then every seat but one in the next ``seats`` games, each seat left out once: holding one
    seat of three an even match wins a third, holding two it wins two thirds, so over each
    cycle of ``2 * seats`` games an even match scores one half, as at an even table.

    >>> [seating(3, i) for i in (0, 1, 3)]
    [[True, False, False], [False, True, False], [False, True, True]]
    >>> seating(2, 0), seating(2, 1)
    ([True, False], [False, True])
    """
    if seats % 2 == 0:
        return [s % 2 == index % 2 for s in range(seats)]
    turn = index % (2 * seats)
    alone = turn % seats  # the seat held alone by one side
    return [(s == alone) == (turn < seats) for s in range(seats)]


def play_one(task: tuple[Setup, str, str, int, int], *, after_throw: bool = False) -> tuple[str, list[float]]:
    """Play game ``index`` of ``first`` against ``second``: ("win"|"draw"|"loss" for first, its decision times)."""
    setup, first, second, seed, index = task
    variant = setup.variant()
    mine = Timed(player(variant, first, seed=seed + index), after_throw=after_throw)
    theirs = player(variant, second, seed=seed + index + 1_000_000)
    seats = [mine if first_sits else theirs for first_sits in seating(setup.seats, index)]
    game = play(variant.new_game([f"P{i}" for i in range(setup.seats)], seed=seed + index), seats)
    winners = set(game.result().winners)
    my_seats = {s for s in range(setup.seats) if seats[s] is mine}
    if winners <= my_seats:
        outcome = "win"
    elif winners & my_seats:
        outcome = "draw"
    else:
        outcome = "loss"
    return outcome, mine.times


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion ``score`` over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of a match-up: one work item, plain data any executor can pickle."""

    setup: Setup
    first: str
    second: str
    seed: int
    start: int
    stop: int
    after_throw: bool = False


def play_chunk(chunk: Chunk) -> list[tuple[str, list[float]]]:
    """Play a chunk's games in order: each game's outcome for ``first`` and its decision times.

    The bots' one-off preparation is done first (here it is a look-up when the process
    already did it), so that a worker's first game is timed like the others.
    """
    for level in (chunk.first, chunk.second):
        _prepare(chunk.setup, level)
    return [
        play_one((chunk.setup, chunk.first, chunk.second, chunk.seed, index), after_throw=chunk.after_throw)
        for index in range(chunk.start, chunk.stop)
    ]


def chunks(setup: Setup, first: str, second: str, games: int, seed: int, *, after_throw: bool = False) -> list[Chunk]:
    """A match-up's games cut into at most about 64 chunks, in order."""
    size = max(1, games // 64)
    return [
        Chunk(setup, first, second, seed, start, min(games, start + size), after_throw)
        for start in range(0, games, size)
    ]


def _results(work: list[Chunk], pool: Any, executor: Executor | None) -> Iterator[list[tuple[str, list[float]]]]:
    """Each chunk's results, in order: on ``executor``, in ``pool`` (a multiprocessing pool), or here."""
    if executor is None:
        yield from (pool.imap(play_chunk, work) if pool else map(play_chunk, work))
        return
    futures: list[Future[list[tuple[str, list[float]]]]] = [executor.submit(play_chunk, chunk) for chunk in work]
    try:
        for future in futures:
            yield future.result()
    finally:
        for future in futures:
            future.cancel()  # those not started yet, after an error or an interrupt


def match(
    setup: Setup,
    first: str,
    second: str,
    games: int,
    seed: int,
    pool: Any = None,
    *,
    executor: Executor | None = None,
    after_throw: bool = False,
) -> dict[str, Any]:
    """Play one match-up and summarise it (``outcomes``: each game's, for ``first``)."""
    work = chunks(setup, first, second, games, seed, after_throw=after_throw)
    started = time.perf_counter()
    counts = {"win": 0, "draw": 0, "loss": 0}
    outcomes: list[str] = []
    times: list[float] = []
    for played in _results(work, pool, executor):
        for outcome, spent in played:
            counts[outcome] += 1
            outcomes.append(outcome)
            times.extend(spent)
            done = len(outcomes)
            if done % 25 == 0 and done < games:  # partial figures on stderr, for long runs
                print(f"  {setup.label} {first}-{second}: {done} games, W/D/L {counts}", file=sys.stderr, flush=True)
    wall = time.perf_counter() - started
    score = (counts["win"] + 0.5 * counts["draw"]) / games
    low, high = wilson(score, games)
    times.sort()
    return {
        "setup": setup.label,
        "first": first,
        "second": second,
        "games": games,
        **counts,
        "outcomes": tuple(outcomes),
        "score": score,
        "low": low,
        "high": high,
        "median_ms": 1000 * statistics.median(times) if times else 0.0,
        "p99_ms": 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0,
        "decisions": len(times),
        "wall_s": wall,
    }


def setups_named(names: Iterable[str] | None) -> list[Setup]:
    """The setups with these labels or variant names (all of them for ``None``), in table order.

    A name that is none of them but a variant's (a preset such as ``yatzy`` or ``kniffel``)
    is a two-player game of that variant, after the others.
    """
    wanted = None if names is None else list(names)
    chosen = [s for s in SETUPS if wanted is None or s.label in wanted or s.name in wanted]
    known = {s.label for s in SETUPS} | {s.name for s in SETUPS}
    return chosen + [Setup(name, name, (), 2) for name in wanted or () if name not in known]


def solo_setups_named(names: Iterable[str] | None) -> list[Setup]:
    """The solitaire setups with these labels or variant names (all of `SOLO_SETUPS` for ``None``).

    A name that is none of them is that variant alone (``classic``, ``yatzy``...), after the others.
    """
    wanted = None if names is None else list(names)
    chosen = [s for s in SOLO_SETUPS if wanted is None or s.label in wanted or s.name in wanted]
    known = {s.label for s in SOLO_SETUPS} | {s.name for s in SOLO_SETUPS}
    return chosen + [Setup(f"{name} solo", name, (), 1) for name in wanted or () if name not in known]


def matches(
    setups: Iterable[Setup],
    pairs: Iterable[tuple[str, str]],
    *,
    games: int,
    seed: int,
    jobs: int = 1,
    executor: Executor | None = None,
    after_throw: bool = False,
) -> Iterator[dict[str, Any]]:
    """Each setup's match-ups, one row at a time; ``prep_s`` is the first bot's preparation here."""
    pairs = list(pairs)
    for setup in setups:
        for first, second in pairs:
            prep = _prepare(setup, first)  # before forking: the workers inherit the solved table
            use_pool = executor is None and jobs > 1
            pool = multiprocessing.get_context("fork").Pool(jobs) if use_pool else None
            try:
                row = match(setup, first, second, games, seed, pool, executor=executor, after_throw=after_throw)
            finally:
                if pool is not None:
                    pool.close()
                    pool.join()
            yield {**row, "prep_s": prep}


def tournament(
    setups: Iterable[Setup | str] | None = None,
    pairs: Iterable[tuple[str, str]] = (("hard", "easy"),),
    *,
    games: int = 400,
    seed: int = 0,
    jobs: int = 1,
    executor: Executor | None = None,
    after_throw: bool = False,
) -> list[dict[str, Any]]:
    """Every match-up of ``pairs`` (first, second) on ``setups`` (setups, labels or variant names; all by default).

    ``executor`` is any `concurrent.futures.Executor` whose workers can import yamskit and
    this module, e.g. a Dask ``client.get_executor()`` after
    ``client.upload_file("benchmarks/bots.py")`` (it is not shut down here); without one,
    ``jobs`` forked processes play (1: here). The rows are those of the table, with each
    game's outcome in ``outcomes``; all but the `TIMING_KEYS` are the same for the same
    seed, whatever played the games.
    """
    chosen = (
        list(SETUPS)
        if setups is None
        else [s for item in setups for s in ([item] if isinstance(item, Setup) else setups_named([item]))]
    )
    rows = matches(chosen, pairs, games=games, seed=seed, jobs=jobs, executor=executor, after_throw=after_throw)
    return list(rows)


def solitaire(games: int, seed: int, *, after_throw: bool = False) -> dict[str, Any]:
    """Hard without a strategy table (``time_budget=0``) on classic solitaire, against the optimum."""
    from yamskit.solver import solve

    variant = yamskit.variant("classic")
    optimum = solve(variant, quiet=True, processes=1).expected_score()
    bot = Timed(StrongPlayer(variant, time_budget=0.0), after_throw=after_throw)
    scores = [play(variant.new_game(seed=seed + i), [bot]).result().scores[0] for i in range(games)]
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(games)
    bot.times.sort()
    return {
        "games": games,
        "mean": mean,
        "half": half,
        "optimum": optimum,
        "median_ms": 1000 * statistics.median(bot.times),
        "p99_ms": 1000 * bot.times[int(0.99 * len(bot.times))],
    }


def solo_means(setup: Setup, levels: Iterable[str], games: int, seed: int) -> list[dict[str, Any]]:
    """Each level's mean solitaire score on ``setup`` over games ``seed`` to ``seed + games - 1`` (the same dice).

    Each row has the level, the games, the mean with its 95% half-interval (normal, 1.96
    standard errors), and the median and 99th percentile milliseconds per decision.
    """
    variant = setup.variant()
    rows = []
    for level in levels:
        _prepare(setup, level)
        bot = Timed(player(variant, level, seed=seed))
        scores = [play(variant.new_game(["P0"], seed=seed + i), [bot]).result().scores[0] for i in range(games)]
        bot.times.sort()
        rows.append(
            {
                "setup": setup.label,
                "level": level,
                "games": games,
                "mean": statistics.fmean(scores),
                "half": 1.96 * statistics.stdev(scores) / math.sqrt(games),
                "median_ms": 1000 * statistics.median(bot.times),
                "p99_ms": 1000 * bot.times[min(len(bot.times) - 1, int(0.99 * len(bot.times)))],
            }
        )
    return rows


@contextlib.contextmanager
def _dask(address: str | None) -> Iterator[tuple[Executor | None, str]]:
    """A Dask executor on the scheduler at ``address`` (closed afterwards) and its description, or ``None``."""
    if not address:
        yield None, ""
        return
    try:
        import distributed
    except ImportError:
        raise SystemExit("--scheduler needs dask.distributed: pip install 'yamskit[dask]'") from None
    try:
        client = distributed.Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        print(f"cannot reach the Dask scheduler {address}: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    with client:
        workers = len(client.scheduler_info()["workers"])
        yield client.get_executor(), f"Dask scheduler {address} with {workers} worker(s)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per match-up (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--only", nargs="+", metavar="SETUP", help="setups to play (labels or variant names)")
    parser.add_argument("--round-robin", action="store_true", help="every pair of random, easy, medium, hard")
    parser.add_argument("--pair", nargs=2, default=("hard", "easy"), metavar=("FIRST", "SECOND"))
    parser.add_argument("--solitaire", type=int, default=0, metavar="N", help="also N classic solitaire games")
    parser.add_argument("--after-throw", action="store_true", help="time only decisions with dice showing")
    parser.add_argument(
        "--solo", type=int, default=0, metavar="N", help="only N solitaire games per level (easy, medium, hard)"
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the games on this Dask cluster, e.g. tcp://host:8786 (pip install 'yamskit[dask]'); "
        "the same outcomes as a local run",
    )
    args = parser.parse_args(argv)
    if args.scheduler and args.jobs != 1:
        parser.error("--jobs and --scheduler exclude each other: the cluster's workers play the games")
    if args.solo:
        print(f"# bots alone: {args.solo} games per level, seeds {args.seed}-{args.seed + args.solo - 1}")
        print("| setup | level | games | mean score (95% CI) | ms/decision median | p99 |")
        print("|---|---|---:|---:|---:|---:|")
        for setup in solo_setups_named(args.only):
            for row in solo_means(setup, ("easy", "medium", "hard"), args.solo, args.seed):
                print(
                    f"| {row['setup']} | {row['level']} | {row['games']} | {row['mean']:.1f} ± {row['half']:.1f} "
                    f"| {row['median_ms']:.2f} | {row['p99_ms']:.1f} |",
                    flush=True,
                )
        return 0
    setups = setups_named(args.only)
    levels = LEVELS
    pairs = [(a, b) for i, a in enumerate(levels) for b in levels[i + 1 :]] if args.round_robin else [tuple(args.pair)]
    ordered = [
        (second, first) if levels.index(first) < levels.index(second) else (first, second) for first, second in pairs
    ]
    with _dask(args.scheduler) as (executor, where):
        workers = where or f"{args.jobs} job(s)"
        print(f"# bots: {args.games} games per match-up, seed {args.seed}, {workers}, {os.cpu_count()} CPU(s)")
        print("| setup | first | second | games | W / D / L | first's score (95% CI) | ms/decision median | p99 |")
        print("|---|---|---|---:|---:|---:|---:|---:|")
        rows = matches(
            setups,
            ordered,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            executor=executor,
            after_throw=args.after_throw,
        )
        for row in rows:
            note = f" (prep {row['prep_s']:.1f} s)" if row["prep_s"] > 0.5 else ""
            print(
                f"| {row['setup']} | {row['first']} | {row['second']} | {row['games']} "
                f"| {row['win']} / {row['draw']} / {row['loss']} "
                f"| {100 * row['score']:.1f}% ({100 * row['low']:.1f}-{100 * row['high']:.1f}) "
                f"| {row['median_ms']:.2f} | {row['p99_ms']:.1f}{note} |",
                flush=True,
            )
    if args.solitaire:
        s = solitaire(args.solitaire, args.seed, after_throw=args.after_throw)
        print()
        print("| solitaire | games | hard, no table: mean (95% CI) | optimum | gap | ms/decision median | p99 |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        print(
            f"| classic | {s['games']} | {s['mean']:.1f} ± {s['half']:.1f} | {s['optimum']:.2f} "
            f"| {s['optimum'] - s['mean']:.1f} | {s['median_ms']:.2f} | {s['p99_ms']:.1f} |"
        )
    return 0


def run_script(main: Callable[[], int]) -> NoReturn:
    """Exit with what a script's ``main()`` returns; on Ctrl-C, with one line and status 130 (no traceback)."""
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":
    sys.exit(main())
