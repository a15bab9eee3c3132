"""Target play's cost: solve the strategy that maximises P(final score >= t) and time it.

Usage::

    python benchmarks/targets.py --game yacht --target 200
    python benchmarks/targets.py --game yahtzee --target 300      # some GB and half an hour here

One game and target a run, in this process (run one game at a time for its own peak
memory: ``ru_maxrss`` of the process). It prints the table's size, the solve's CPU and wall
time, the peak memory, the chance of reaching the target with target play
(`yamskit.solver.solve_target`) and, beside it, the chance the expected-score optimum
reaches it (`yamskit.solver.Strategy.distribution`), which target play can never be below.
The expected-score solve and its distribution are timed apart and not counted in the
target's figures. docs/explanation/targets.md records the results.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from collections.abc import Sequence

from optimal_values import machine  # benchmarks/optimal_values.py: the machine line of the pages


def measure(game: str, target: int, *, mean_play: bool) -> dict[str, object]:
    """Solve ``game`` for ``target`` points and describe the cost; with ``mean_play``, the optimum's chance too."""
    import yamskit
    from yamskit.solver import solve, solve_target
    from yamskit.solver.model import model_of
    from yamskit.solver.target import table_size

    variant = yamskit.variant(game)
    size = table_size(model_of(variant), target) * 8
    cpu, wall = time.process_time(), time.perf_counter()
    plan = solve_target(variant, target, max_bytes=size)
    result: dict[str, object] = {
        "game": game,
        "target": target,
        "table_bytes": size,
        "cpu_s": round(time.process_time() - cpu, 1),
        "wall_s": round(time.perf_counter() - wall, 1),
        "peak_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "target_play": round(plan.at_least(), 6),
    }
    if mean_play:
        optimum = solve(variant, quiet=True)
        result["mean_play"] = round(optimum.distribution().at_least(target), 6)
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="yacht", help="a preset of the solver's one-column games")
    parser.add_argument("--target", type=int, default=200, help="the final score to reach")
    parser.add_argument("--no-mean-play", action="store_true", help="skip the expected-score optimum's chance")
    args = parser.parse_args(argv)
    print(f"{time.strftime('%Y-%m-%d %H:%M')}; {machine()}", flush=True)
    print(json.dumps(measure(args.game, args.target, mean_play=not args.no_mean_play)), flush=True)


if __name__ == "__main__":
    main()
