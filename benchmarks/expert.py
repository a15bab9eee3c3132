"""The expert level against the hard bot: seeded duels with seats swapped, and solitaire games on the same seeds.

Usage::

    python benchmarks/expert.py                                # 100 games a setup, 12 rollouts a decision
    python benchmarks/expert.py --games 40 --only yamslam      # fewer games, one setup
    python benchmarks/expert.py --decision-time 0.05           # stop by the clock instead of a count
    python benchmarks/expert.py --jobs 2                       # games in two worker processes
    python benchmarks/expert.py --only maxi-yatzy-solo maxi-yatzy --cache ~/.cache/yamskit   # the store strategy

Setups: ``competitive`` (Competitive Yams 1v1), ``yamslam`` (two players), ``yamslam-solo``
(Yamslam's solo mode), ``maxi-yatzy-solo`` (Maxi Yatzy alone, a sheet the exact solver does not
take within hard's time budget) and ``maxi-yatzy`` (two players). Game ``i`` has dice seed
``seed + i``.

The expert reads solved tables from no disk cache unless ``--cache DIR`` names one: in Maxi
Yatzy it plays the solver's store strategy when that folder holds it (fill it once with
``yamskit advise maxi-yatzy ... --cache DIR``, about 15 minutes; `yamskit.bots.store_player`),
and searches by rollouts otherwise.

* A duel seats the expert in seat ``i % 2`` and ``"hard"`` in the other; the table gives the
  expert's wins, draws and losses and its score (a draw counts half) with a 95% Wilson
  interval: 50% is as strong as ``"hard"``.
* A solitaire setup plays game ``i`` twice, once by each bot, on the same seed (the same
  dice while their moves agree), and gives each bot's mean score and the mean of the
  paired differences with a 95% interval (normal approximation).

``--rollouts N`` (the default, 12) makes every decision play exactly N rollouts, so the games
are reproducible whatever the machine's load; ``--decision-time`` stops each decision by the
clock instead (the results then depend on the machine). Times per decision are wall-clock and
noisy on a shared machine.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import yamskit
from bots import wilson  # benchmarks/bots.py: the one Wilson interval of the benchmarks
from yamskit.bots import player
from yamskit.bots.expert import rollout_value

SETUPS: dict[str, tuple[str, dict[str, Any], int]] = {
    "competitive": ("competitive", {"mode": "1v1"}, 2),
    "yamslam": ("yamslam", {}, 2),
    "yamslam-solo": ("yamslam", {"mode": "solo"}, 1),
    "maxi-yatzy-solo": ("maxi-yatzy", {}, 1),
    "maxi-yatzy": ("maxi-yatzy", {}, 2),
}


def play_game(
    setup: str, index: int, seed: int, rollouts: int | None, decision_time: float, cache: str | None = None
) -> dict[str, Any]:
    """Game ``index`` of ``setup``: the expert's value and its time per decision (solo: both bots' scores)."""
    name, options, seats = SETUPS[setup]
    variant = yamskit.variant(name, **options)
    names = [f"P{i}" for i in range(seats)]
    game_seed = seed + index

    def expert_bot() -> Any:
        folder: Any = cache if cache is not None else False
        return player(variant, "expert", seed=game_seed, rollouts=rollouts, decision_time=decision_time, cache=folder)

    def run(bots: list[Any], watched: int) -> tuple[Any, list[float]]:
        state = variant.new_game(players=names, seed=game_seed)
        times: list[float] = []
        while not state.is_over:
            seat = state.current_player
            start = time.perf_counter()
            action = bots[seat].choose(state)
            if seat == watched:
                times.append(time.perf_counter() - start)
            state = state.apply(action)
        return state, times

    if seats == 1:
        final, times = run([expert_bot()], 0)
        hard_final, _ = run([player(variant, "hard", seed=game_seed, cache=False)], 0)
        return {"expert": rollout_value(final, 0), "hard": rollout_value(hard_final, 0), "times": times}
    seat = index % 2
    bots = [player(variant, "hard", seed=game_seed, cache=False) for _ in range(seats)]
    bots[seat] = expert_bot()
    final, times = run(bots, seat)
    return {"expert": rollout_value(final, seat), "times": times}


def report(setup: str, results: list[dict[str, Any]]) -> str:
    """One line of the table for ``setup``."""
    n = len(results)
    times = [t for r in results for t in r["times"]]
    ms = f"{1000 * statistics.median(times):.1f} / {1000 * sorted(times)[int(0.99 * len(times))]:.1f}" if times else "-"
    if SETUPS[setup][2] == 1:

        def interval(values: list[float]) -> str:
            half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
            return f"{statistics.fmean(values):.1f} ± {half:.1f}"

        mine, hard = [r["expert"] for r in results], [r["hard"] for r in results]
        diffs = [a - b for a, b in zip(mine, hard, strict=True)]
        return (
            f"| {setup} | {n} | expert {interval(mine)}, hard {interval(hard)} | "
            f"expert - hard {interval(diffs)} | {ms} |"
        )
    wins = sum(r["expert"] == 1.0 for r in results)
    draws = sum(r["expert"] == 0.5 for r in results)
    score = sum(r["expert"] for r in results)
    low, high = wilson(score / n, n)
    return (
        f"| {setup} | {n} | {wins} / {draws} / {n - wins - draws} | "
        f"{100 * score / n:.1f}% ({100 * low:.1f}-{100 * high:.1f}) | {ms} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollouts", type=int, default=12, help="rollouts a decision (0: by the clock)")
    parser.add_argument("--decision-time", type=float, default=0.05, help="seconds a decision, without --rollouts")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", nargs="+", choices=sorted(SETUPS), default=sorted(SETUPS))
    parser.add_argument("--cache", metavar="DIR", help="the expert reads solved tables from this folder (default none)")
    args = parser.parse_args(argv)
    rollouts = args.rollouts or None
    budget = f"{rollouts} rollouts" if rollouts else f"{args.decision_time:.3f} s"
    print(f"expert ({budget} a decision) against hard")
    head = ["setup", "games", "expert W / D / L (solo: mean scores)", "expert's score, 95% CI", "ms a decision"]
    print("| " + " | ".join(head) + " (median / p99) |")
    print("|---|---:|---:|---:|---:|")
    for setup in args.only:
        start = time.perf_counter()
        jobs = [(setup, i, args.seed, rollouts, args.decision_time, args.cache) for i in range(args.games)]
        results: list[dict[str, Any]] = []
        with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
            games = pool.map(play_game, *zip(*jobs, strict=True)) if pool else (play_game(*job) for job in jobs)
            for index, result in enumerate(games):
                results.append(result)
                print(f"{setup} game {index}: {result['expert']} (hard {result.get('hard', '-')})", file=sys.stderr)
        print(report(setup, results), f"<!-- {time.perf_counter() - start:.0f} s -->", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
