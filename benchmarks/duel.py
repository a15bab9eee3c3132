"""The duel player against the expected-score optimum in two-player one-column games.

Usage::

    python benchmarks/duel.py --variant yatzy --games 2000 --jobs 2
    python benchmarks/duel.py --variant yahtzee --games 10000 --seed 0 --lines yahtzee-0.jsonl
    python benchmarks/duel.py --variant yahtzee --games 10000 --seed 10000 --lines yahtzee-1.jsonl
    python benchmarks/duel.py --variant yahtzee --summary yahtzee-0.jsonl yahtzee-1.jsonl

The game of dice seed ``s`` seats the duel player (`yamskit.bots.duel.DuelPlayer`, the
``"expert"`` level of such games) in seat ``s % 2`` and the solved strategy
(`yamskit.bots.OptimalPlayer`, the ``"perfect"`` level) in the other, and plays the same seed
again with the solved strategy in both seats. Two figures, each with a 95% interval:

* **won**: the duel player's share of the games (a draw half): the direct count;
* **paired**: one half plus the mean, over the seeds, of the duel player's result minus the
  solved strategy's in the same seat of the same seed. Both games draw the same dice until the
  duel player first plays otherwise, so most pairs differ by nothing and the interval is much
  narrower; the solved strategy against itself wins half its games exactly (the seats are
  alike), so the paired figure estimates the same chance, without bias.

The solved-strategy game of a seed is played only when the duel player departed from the
solved strategy in its game (`DuelPlayer.departures`): otherwise the two games are the same
game (the same dice, the same actions) and the difference is 0.

The games run in ``--jobs`` worker processes (the strategy solved once, before they fork);
a line of progress goes to stderr every ``--every`` games. With ``--lines FILE`` each game
is appended to FILE as one JSON line as soon as it ends, so a long measurement can be run in
slices (different ``--seed`` ranges, on any machines) and summed with ``--summary FILE...``;
a last line cut short (a run killed while writing) is skipped. Times are wall-clock on a
shared machine.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import yamskit
from bots import wilson  # benchmarks/bots.py: the one Wilson interval of the benchmarks
from yamskit.bots import OptimalPlayer
from yamskit.bots.duel import ENDGAME, DuelPlayer
from yamskit.game import play
from yamskit.solver import solve

_STATE: dict[str, Any] = {}


def _result(final: Any, seat: int) -> float:
    scores = final.result().scores
    return 1.0 if scores[seat] > scores[1 - seat] else 0.5 if scores[seat] == scores[1 - seat] else 0.0


def _game(index: int) -> dict[str, Any]:
    """Seed ``index``: the duel player's result, the solved strategy's in the same seat, and the seconds taken."""
    variant, strategy, endgame, seed = _STATE["variant"], _STATE["strategy"], _STATE["endgame"], _STATE["seed"]
    optimal = OptimalPlayer(strategy)
    duel = _STATE.setdefault("duel", DuelPlayer(lambda: strategy, endgame=endgame))
    seat = (seed + index) % 2  # by the seed, so that runs in slices seat each game alike
    start = time.perf_counter()
    seats = [optimal, optimal]
    seats[seat] = duel
    before = duel.departures
    won = _result(play(variant.new_game(players=["A", "B"], seed=seed + index), seats), seat)
    took = time.perf_counter() - start
    base = won  # the same game unless the duel player departed from the solved strategy
    if duel.departures != before:
        base = _result(play(variant.new_game(players=["A", "B"], seed=seed + index), [optimal, optimal]), seat)
    return {"seed": seed + index, "seat": seat, "won": won, "base": base, "seconds": took}


def read_lines(paths: Iterable[str]) -> list[dict[str, Any]]:
    """The games of ``--lines`` files, one per seed (a seed seen twice counts once); a torn last line is skipped."""
    games: dict[int, dict[str, Any]] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            games[int(row["seed"])] = row
    return [games[seed] for seed in sorted(games)]


def summary(name: str, rows: list[dict[str, Any]], endgame: int) -> str:
    """The result line of ``rows``: the direct and the paired figure, the seeds changed, the time a game."""
    n = len(rows)
    won = sum(r["won"] for r in rows)
    differences = [r["won"] - r["base"] for r in rows]
    mean = statistics.fmean(differences)
    se = statistics.stdev(differences) / math.sqrt(n) if n > 1 else float("nan")
    low, high = wilson(won / n, n)
    times = sorted(r["seconds"] for r in rows)
    paired = (100 * (0.5 + mean - 1.96 * se), 100 * (0.5 + mean), 100 * (0.5 + mean + 1.96 * se))
    median, p99 = 1000 * times[n // 2], 1000 * times[min(n - 1, int(0.99 * n))]
    seeds = sorted(r["seed"] for r in rows)
    span = (
        f"seeds {seeds[0]}..{seeds[-1]}"
        if seeds[-1] - seeds[0] == n - 1
        else f"{n} seeds from {seeds[0]} to {seeds[-1]}"
    )
    return (
        f"{name}, {n} games ({span}), endgame {endgame}: "
        f"won {100 * won / n:.2f}% (95% {100 * low:.2f}-{100 * high:.2f}); "
        f"paired {paired[1]:.2f}% (95% {paired[0]:.2f}-{paired[2]:.2f}); "
        f"{sum(d != 0 for d in differences)} seeds decided otherwise; "
        f"duel game median {median:.0f} ms, p99 {p99:.0f} ms"
    )


def _played(games: int, jobs: int) -> Iterator[dict[str, Any]]:
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield from pool.imap_unordered(_game, range(games), chunksize=4)
    else:
        yield from map(_game, range(games))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="yatzy", help="a two-player one-column game the solver plays")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--endgame", type=int, default=ENDGAME, help="boxes open for a turn played to win")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--every", type=int, default=100, help="a line of progress on stderr every N games")
    parser.add_argument("--lines", metavar="FILE", help="append each game to FILE as a JSON line")
    parser.add_argument("--summary", nargs="+", metavar="FILE", help="only sum up the games of these --lines files")
    args = parser.parse_args(argv)
    if args.summary:
        rows = read_lines(args.summary)
        if not rows:
            print("no games in " + ", ".join(args.summary), file=sys.stderr)
            return 1
        print(summary(args.variant, rows, args.endgame))
        return 0
    if args.games < 1:
        parser.error("--games must be at least 1")
    variant = yamskit.variant(args.variant)
    start = time.process_time()
    strategy = solve(variant, quiet=True, processes=1)
    print(f"{args.variant}: solved in {time.process_time() - start:.1f} s CPU", file=sys.stderr)
    _STATE.update(variant=variant, strategy=strategy, endgame=args.endgame, seed=args.seed)
    began = time.perf_counter()
    rows: list[dict[str, Any]] = []
    out = open(args.lines, "a", encoding="utf-8") if args.lines else None  # noqa: SIM115 (closed below)
    try:
        for row in _played(args.games, args.jobs):
            rows.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            if len(rows) % args.every == 0 and len(rows) < args.games:
                print(f"  {summary(args.variant, rows, args.endgame)}", file=sys.stderr, flush=True)
    finally:
        if out is not None:
            out.close()
    wall = time.perf_counter() - began
    print(f"{summary(args.variant, rows, args.endgame)}; {wall:.0f} s wall, {args.jobs} jobs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
