"""The duel player against the expected-score optimum in two-player one-column games.

Usage::

    python benchmarks/duel.py --variant yatzy --games 2000 --jobs 2
    python benchmarks/duel.py --variant yahtzee --games 40000 --endgame 4

Game ``i`` (dice seed ``seed + i``) seats the duel player (`yamskit.bots.duel.DuelPlayer`, the
``"expert"`` level of such games) in seat ``i % 2`` and the solved strategy
(`yamskit.bots.OptimalPlayer`, the ``"perfect"`` level) in the other, and plays the same seed
again with the solved strategy in both seats. Two figures, each with a 95% interval:

* **won**: the duel player's share of the games (a draw half): the direct count;
* **paired**: one half plus the mean, over the seeds, of the duel player's result minus the
  solved strategy's in the same seat of the same seed. Both games draw the same dice until the
  duel player first plays otherwise, so most pairs differ by nothing and the interval is much
  narrower; the solved strategy against itself wins half its games exactly (the seats are
  alike), so the paired figure estimates the same chance, without bias.

The games run in ``--jobs`` worker processes (the strategy solved once, before they fork).
Times are wall-clock on a shared machine.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from typing import Any

import yamskit
from yamskit.bots import OptimalPlayer
from yamskit.bots.duel import ENDGAME, DuelPlayer
from yamskit.game import play
from yamskit.solver import solve

_STATE: dict[str, Any] = {}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share (draws counted half).

    Examples:
        >>> [round(x, 4) for x in wilson(50, 100)]
        [0.4038, 0.5962]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def _result(final: Any, seat: int) -> float:
    scores = final.result().scores
    return 1.0 if scores[seat] > scores[1 - seat] else 0.5 if scores[seat] == scores[1 - seat] else 0.0


def _game(index: int) -> tuple[float, float, float]:
    """Seed ``index``: the duel player's result, the solved strategy's in the same seat, and the seconds taken."""
    variant, strategy, endgame, seed = _STATE["variant"], _STATE["strategy"], _STATE["endgame"], _STATE["seed"]
    optimal = OptimalPlayer(strategy)
    duel = _STATE.setdefault("duel", DuelPlayer(lambda: strategy, endgame=endgame))
    seat = index % 2
    start = time.perf_counter()
    seats = [optimal, optimal]
    seats[seat] = duel
    won = _result(play(variant.new_game(players=["A", "B"], seed=seed + index), seats), seat)
    took = time.perf_counter() - start
    base = _result(play(variant.new_game(players=["A", "B"], seed=seed + index), [optimal, optimal]), seat)
    return won, base, took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="yatzy", help="a two-player one-column game the solver plays")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--endgame", type=int, default=ENDGAME, help="boxes open for a turn played to win")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    variant = yamskit.variant(args.variant)
    start = time.process_time()
    strategy = solve(variant, quiet=True, processes=1)
    print(f"{args.variant}: solved in {time.process_time() - start:.1f} s CPU", file=sys.stderr)
    _STATE.update(variant=variant, strategy=strategy, endgame=args.endgame, seed=args.seed)
    began = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            rows = pool.map(_game, range(args.games), chunksize=16)
    else:
        rows = [_game(i) for i in range(args.games)]
    wall = time.perf_counter() - began
    won = sum(r[0] for r in rows)
    differences = [r[0] - r[1] for r in rows]
    mean = statistics.fmean(differences)
    se = statistics.stdev(differences) / math.sqrt(len(rows)) if len(rows) > 1 else float("nan")
    low, high = wilson(won, len(rows))
    times = sorted(r[2] for r in rows)
    paired = (100 * (0.5 + mean - 1.96 * se), 100 * (0.5 + mean), 100 * (0.5 + mean + 1.96 * se))
    median, p99 = 1000 * times[len(times) // 2], 1000 * times[min(len(times) - 1, int(0.99 * len(times)))]
    print(
        f"{args.variant}, {len(rows)} games (seeds {args.seed}..{args.seed + len(rows) - 1}), endgame {args.endgame}: "
        f"won {100 * won / len(rows):.2f}% (95% {100 * low:.2f}-{100 * high:.2f}); "
        f"paired {paired[1]:.2f}% (95% {paired[0]:.2f}-{paired[2]:.2f}); "
        f"{sum(d != 0 for d in differences)} seeds decided otherwise; "
        f"duel game median {median:.0f} ms, p99 {p99:.0f} ms; {wall:.0f} s wall, {args.jobs} jobs"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
