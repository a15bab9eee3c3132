"""Solo Yamslam solved (`yamskit.variants.yamslam.solo`): what the solve costs, and what it plays against hard.

Usage::

    python benchmarks/yamslam_solo.py --games 300 --seed 10000

Solves the game in a child process (no disk: its time and peak resident size are the
solve's alone), prints the optimum, then plays ``--games`` solo games on seeds ``seed``,
``seed + 1``... with the solved player and with ``"hard"`` (the same dice seeds for both),
and prints each mean with its 95% half-width, the paired difference and the times a decision.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import resource
import statistics
import sys
import time
from multiprocessing.connection import Connection

import bots  # benchmarks/bots.py: Timed
import yamskit
from yamskit.bots import play, player
from yamskit.variants.yamslam import solo


def _solve(out: Connection) -> None:
    started = time.perf_counter()
    values = solo.solve_solo()
    out.send((time.perf_counter() - started, values.start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=10_000)
    args = parser.parse_args(argv)
    here, there = multiprocessing.Pipe()
    child = multiprocessing.get_context("fork").Process(target=_solve, args=(there,))
    child.start()
    seconds, start, peak_kib = here.recv()
    child.join()
    print(f"solve: {seconds:.1f} s (one process), peak resident {peak_kib / 1024:.0f} MiB; optimum {start:.4f} a game")
    variant = yamskit.variant("yamslam", mode="solo")
    values = solo.solo_values(folder=None)
    timed = {"solved": bots.Timed(solo.SoloPlayer(lambda: values)), "hard": bots.Timed(player(variant, "hard"))}
    scores: dict[str, list[int]] = {name: [] for name in timed}
    for i in range(args.games):
        for name, bot in timed.items():
            scores[name].append(play(variant.new_game(seed=args.seed + i), [bot]).result().scores[0])
    for name, got in scores.items():
        half = 1.96 * statistics.stdev(got) / math.sqrt(len(got))
        times = sorted(timed[name].times)
        median, p99 = times[len(times) // 2] * 1000, times[int(0.99 * (len(times) - 1))] * 1000
        print(f"{name}: {statistics.fmean(got):.1f} ± {half:.1f} ({median:.2f} ms a decision, p99 {p99:.1f})")
    diff = [a - b for a, b in zip(scores["solved"], scores["hard"], strict=True)]
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
    print(f"solved - hard: {statistics.fmean(diff):+.1f} ± {half:.1f} a game over {args.games} seeds from {args.seed}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
