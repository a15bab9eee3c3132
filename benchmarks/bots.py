"""How strong are the bots: seeded tournaments between levels, per variant, seats swapped.

Usage::

    python benchmarks/bots.py                          # hard against easy, 400 games per match-up
    python benchmarks/bots.py --games 100 --jobs 2     # fewer games, two worker processes
    python benchmarks/bots.py --round-robin --games 40 # every pair of random, easy, medium, hard
    python benchmarks/bots.py --only yam-master yamslam
    python benchmarks/bots.py --solitaire 1000         # hard without the solver's table, one column

Each match-up plays ``--games`` games, game ``i`` with dice seed ``seed + i``; in odd
games the two sides swap seats (in 2v2 the sides are the teams A+C and B+D). A side
wins when the winners of the game are its seats only; draws count half. The table
gives wins, draws and losses of the first side, its score with a 95% Wilson interval,
and the time the first side's bot took per decision (median and 99th percentile).
The bots' one-off preparation (the exact solve of a one-column sheet, a few seconds)
is done before the clock starts and reported apart.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

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
    Setup("competitive 2v2", "competitive", (("mode", "2v2"),), 4),
    Setup("yam-master", "yam-master", (), 2),
    Setup("yamslam", "yamslam", (), 2),
    Setup("yamslam team", "yamslam", (("mode", "team"),), 4),
)


#: Time only the decisions taken with dice showing (not the opening throw of a turn).
AFTER_THROW = False


class Timed:
    """A bot whose decisions are timed."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, state: Any) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(state)
        if not AFTER_THROW or state.turn.has_thrown:
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


def play_one(task: tuple[Setup, str, str, int, int]) -> tuple[str, list[float]]:
    """Play game ``index`` of ``first`` against ``second``: ("win"|"draw"|"loss" for first, its decision times)."""
    setup, first, second, seed, index = task
    variant = setup.variant()
    swap = index % 2 == 1
    mine = Timed(player(variant, first, seed=seed + index))
    theirs = player(variant, second, seed=seed + index + 1_000_000)
    side_a = [mine if s % 2 == 0 else theirs for s in range(setup.seats)]
    seats = [theirs if s % 2 == 0 else mine for s in range(setup.seats)] if swap else side_a
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


def _tasks(setup: Setup, first: str, second: str, games: int, seed: int) -> Iterator[tuple[Setup, str, str, int, int]]:
    for index in range(games):
        yield setup, first, second, seed, index


def match(setup: Setup, first: str, second: str, games: int, seed: int, pool: Any) -> dict[str, Any]:
    """Play one match-up and summarise it."""
    tasks = list(_tasks(setup, first, second, games, seed))
    started = time.perf_counter()
    results = pool.imap(play_one, tasks, chunksize=max(1, games // 64)) if pool else map(play_one, tasks)
    counts = {"win": 0, "draw": 0, "loss": 0}
    times: list[float] = []
    for done, (outcome, spent) in enumerate(results, start=1):
        counts[outcome] += 1
        times.extend(spent)
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
        "score": score,
        "low": low,
        "high": high,
        "median_ms": 1000 * statistics.median(times) if times else 0.0,
        "p99_ms": 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0,
        "decisions": len(times),
        "wall_s": wall,
    }


def solitaire(games: int, seed: int) -> dict[str, Any]:
    """Hard without a strategy table (``time_budget=0``) on classic solitaire, against the optimum."""
    from yamskit.solver import solve

    variant = yamskit.variant("classic")
    optimum = solve(variant, quiet=True, processes=1).expected_score()
    bot = Timed(StrongPlayer(variant, time_budget=0.0))
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
    args = parser.parse_args(argv)
    global AFTER_THROW
    AFTER_THROW = args.after_throw
    setups = [s for s in SETUPS if not args.only or s.label in args.only or s.name in args.only]
    levels = ("random", "easy", "medium", "hard")
    pairs = [(a, b) for i, a in enumerate(levels) for b in levels[i + 1 :]] if args.round_robin else [tuple(args.pair)]
    print(f"# bots: {args.games} games per match-up, seed {args.seed}, {args.jobs} job(s), {os.cpu_count()} CPU(s)")
    print("| setup | first | second | games | W / D / L | first's score (95% CI) | ms/decision median | p99 |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for setup in setups:
        for first, second in pairs:
            hi, lo = (second, first) if levels.index(first) < levels.index(second) else (first, second)
            prep = _prepare(setup, hi)  # before forking: the workers inherit the solved table
            pool = multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else None
            try:
                row = match(setup, hi, lo, args.games, args.seed, pool)
            finally:
                if pool is not None:
                    pool.close()
                    pool.join()
            note = f" (prep {prep:.1f} s)" if prep > 0.5 else ""
            print(
                f"| {row['setup']} | {hi} | {lo} | {row['games']} | {row['win']} / {row['draw']} / {row['loss']} "
                f"| {100 * row['score']:.1f}% ({100 * row['low']:.1f}-{100 * row['high']:.1f}) "
                f"| {row['median_ms']:.2f} | {row['p99_ms']:.1f}{note} |",
                flush=True,
            )
    if args.solitaire:
        s = solitaire(args.solitaire, args.seed)
        print()
        print("| solitaire | games | hard, no table: mean (95% CI) | optimum | gap | ms/decision median | p99 |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        print(
            f"| classic | {s['games']} | {s['mean']:.1f} ± {s['half']:.1f} | {s['optimum']:.2f} "
            f"| {s['optimum'] - s['mean']:.1f} | {s['median_ms']:.2f} | {s['p99_ms']:.1f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
