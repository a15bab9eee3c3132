"""Time yamskit's solver against the PyPI package yatzy-solver on the same four rule sets.

Usage::

    python benchmarks/solver.py [--repeat 3] [--processes N]

yatzy-solver (a Rust library with Python bindings) is installed with pip into the
current environment if it is missing. Both solvers run in the same process, one
after the other, ``--repeat`` times; the table gives the best and the median time
of each, the ratio of the medians (yamskit / yatzy-solver: below 1 means yamskit is
faster), both expected scores and the size of yamskit's strategy table. On a shared
machine the times move with the load: compare the two columns of one run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

from peers import ensure

import yamskit
from yamskit.solver import solve

#: (description, yamskit variant and options, yatzy-solver variant id, published optimum).
RULE_SETS: list[tuple[str, str, dict[str, Any], str, float]] = [
    ("classic (no joker, no Yams bonus)", "classic", {}, "american+no-bonus", 245.8707745141),
    (
        "classic joker=None yams_bonus=100",
        "classic",
        {"joker": None, "yams_bonus": 100},
        "american+no-joker",
        253.9702411898,
    ),
    ("yahtzee (forced joker, bonus 100)", "yahtzee", {}, "american+forced-joker", 254.5877287345),
    (
        "classic joker='free' yams_bonus=100",
        "classic",
        {"joker": "free", "yams_bonus": 100},
        "american",
        254.5896094820,
    ),
]


def timed(action: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each solver per rule set")
    parser.add_argument("--processes", type=int, default=None, help="yamskit worker processes (default: CPUs)")
    args = parser.parse_args()
    ys = ensure("yatzy_solver", "yatzy-solver")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; python {sys.version.split()[0]}")
    if ys is not None:
        print(f"yatzy-solver {ys.__version__}")
    header = f"{'rule set':<38} {'yamskit s (best/median)':>24} {'yatzy-solver s':>18} {'ratio':>6}  expected score"
    print(header)
    print("-" * len(header))
    for label, name, options, peer_id, published in RULE_SETS:
        variant = yamskit.variant(name, **options)
        ours: list[float] = []
        theirs: list[float] = []
        value = peer_value = float("nan")
        size = 0
        for _ in range(args.repeat):
            seconds, strategy = timed(lambda v=variant: solve(v, quiet=True, processes=args.processes))
            ours.append(seconds)
            value, size = strategy.expected_score(), strategy.nbytes
            del strategy
            if ys is not None:
                seconds, solver = timed(lambda p=peer_id: ys.Solver.build(ys.Variant(p)))
                theirs.append(seconds)
                peer_value = solver.state_value("upper 0 | filled -")
                del solver
        mine = f"{min(ours):.2f} / {statistics.median(ours):.2f}"
        peer = f"{min(theirs):.2f} / {statistics.median(theirs):.2f}" if theirs else "n/a"
        ratio = f"{statistics.median(ours) / statistics.median(theirs):.2f}" if theirs else "n/a"
        print(f"{label:<38} {mine:>24} {peer:>18} {ratio:>6}  {value:.10f}", end="")
        print(f" (yatzy-solver {peer_value:.10f}, published {published:.10f}, table {size / 1e6:.1f} MB)")
        if abs(value - published) > 1e-7:
            print(f"  !! yamskit differs from the published optimum by {value - published:.3g}")


if __name__ == "__main__":
    main()
