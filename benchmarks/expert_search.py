"""How often does the rollout search overrule hard? The expert's decisions, counted.

Usage::

    python benchmarks/expert_search.py                                  # the search setups, 2 games each
    python benchmarks/expert_search.py --only yam-master yamslam --games 4 --jobs 2 --json out.json

Where the ``"expert"`` level searches by rollouts (`yamskit.bots.expert.ExpertPlayer`), it
keeps ``"hard"``'s action unless another candidate beats it, over their paired rollouts, by
more than `SWITCH_Z` standard errors. This script plays games of expert against hard (the
ladder's seating and seeds, `benchmarks/bots.py`) and records every decision of the expert
where its candidates differ: how many rollouts each candidate had within the decision time,
whether hard's action was overruled, and the *threshold* of the decision: the smallest mean
gain over hard's action that the switching rule would have accepted from the best rival
(`SWITCH_Z` times the standard error of their paired difference). A rollout of a game with
opponents is worth 1, 0.5 or 0, so a threshold of 0.3 means that only a move worth 30 more
games in a hundred than hard's would be played instead.

It answers why the expert's ladder results lie close to hard's where it searches: a decision
that never overrules hard is hard's. docs/explanation/bots.md records the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from optimal_values import machine  # benchmarks/optimal_values.py: the machine line of the pages

import bots  # benchmarks/bots.py: the setups and the seating
from yamskit._files import write_atomic  # temp file, fsync, rename
from yamskit.bots import ExpertPlayer, play, player
from yamskit.bots.expert import MIN_ROUNDS, SWITCH_Z, Search, _paired_gain  # the switching rule's statistic

#: The setups where the expert searches by rollouts (the ladder's "search" kind). Yamslam with
#: opponents, Balut and Yams Challenge searched too when docs/explanation/bots.md counted them;
#: they now play their own players (the endgame count, the sheet view one turn deeper).
DEFAULT = ("yam-master", "generala")


def threshold(search: Search) -> float | None:
    """The smallest mean gain over the planner's action the switching rule accepts from the best rival.

    That is `SWITCH_Z` standard errors of the paired difference with the rival whose
    difference is the largest; ``None`` with fewer than `MIN_ROUNDS` rounds, or where that
    rival's rollouts ended as hard's did, round for round, by the same margin (no spread:
    any gain would do, and none was seen).

    >>> import yamskit
    >>> from yamskit.bots.expert import CandidateStats
    >>> a, b = yamskit.Roll(), yamskit.Roll(keep=yamskit.Dice.parse("1"))
    >>> round(threshold(Search(a, (CandidateStats(a, (1, 0, 1, 0)), CandidateStats(b, (1, 1, 0, 0))))), 3)
    1.021
    """
    base = search.candidates[0]
    paired = [p for p in (_paired_gain(other, base) for other in search.candidates[1:]) if p is not None]
    if not paired:
        return None
    _, error = max(paired, key=lambda p: p[0])  # the rival with the largest mean gain
    return SWITCH_Z * error or None


class Recorder:
    """The expert, with each decision's `Search` kept (those where its candidates differ)."""

    def __init__(self, expert: ExpertPlayer) -> None:
        self.expert = expert
        self.searches: list[Search] = []

    def choose(self, state: Any) -> Any:
        search = self.expert.search(state)
        if len(search.candidates) > 1:
            self.searches.append(search)
        return search.choice


def play_game(task: tuple[bots.Setup, int, float]) -> list[dict[str, Any]]:
    """Game ``index`` of expert (``decision_time``) against hard on ``setup``, dice seed ``index``: its searches."""
    setup, index, decision_time = task
    variant = setup.variant()
    expert = player(variant, "expert", seed=index, decision_time=decision_time)
    if not isinstance(expert, ExpertPlayer):
        raise SystemExit(f"{setup.label}: the expert is not the rollout search here")
    mine = Recorder(expert)
    hard = player(variant, "hard", seed=index + 1_000_000)
    seats = [mine if first else hard for first in bots.seating(setup.seats, index)]
    play(variant.new_game([f"P{i}" for i in range(setup.seats)], seed=index), seats)
    return [
        {
            "candidates": len(s.candidates),
            "rollouts": min(c.rollouts for c in s.candidates),
            "overruled": s.choice != s.candidates[0].action,
            "threshold": threshold(s),
        }
        for s in mine.searches
    ]


def summary(label: str, games: int, decisions: list[dict[str, Any]]) -> dict[str, Any]:
    """One setup's figures: searched decisions, rollouts a candidate, overruled decisions, thresholds."""
    rollouts = sorted(d["rollouts"] for d in decisions)
    finite = sorted(d["threshold"] for d in decisions if d["threshold"] is not None)
    return {
        "setup": label,
        "games": games,
        "searched": len(decisions),
        "overruled": sum(d["overruled"] for d in decisions),
        "rollouts_median": statistics.median(rollouts) if rollouts else 0,
        "rollouts_p10": rollouts[len(rollouts) // 10] if rollouts else 0,
        "measured": len(finite),
        "threshold_median": statistics.median(finite) if finite else None,
        "threshold_p10": finite[len(finite) // 10] if finite else None,
    }


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The summaries as a Markdown table.

    >>> print(table([summary("x", 1, [{"rollouts": 8, "overruled": False, "threshold": 0.5}])]))
    | setup | games | decisions searched | hard overruled | rollouts: median (p10) | threshold: median (p10), of |
    |---|---:|---:|---:|---:|---:|
    | x | 1 | 1 | 0 | 8 (8) | 0.50 (0.50), 1 |
    """

    def number(x: float | None) -> str:
        return "—" if x is None else f"{x:.2f}"

    lines = [
        "| setup | games | decisions searched | hard overruled | rollouts: median (p10) "
        "| threshold: median (p10), of |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['setup']} | {r['games']} | {r['searched']} | {r['overruled']} "
            f"| {r['rollouts_median']:g} ({r['rollouts_p10']}) "
            f"| {number(r['threshold_median'])} ({number(r['threshold_p10'])}), {r['measured']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", default=list(DEFAULT), help="setups, by the ladder's names")
    parser.add_argument("--games", type=int, default=2, help="games of each setup (seeds 0, 1, ...)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--decision-time", type=float, default=1.0, help="the expert's seconds a decision")
    parser.add_argument("--json", type=Path, help="write the summaries here")
    args = parser.parse_args(argv)
    setups = bots.setups_named(args.only)
    tasks = [(setup, i, args.decision_time) for setup in setups for i in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_game, tasks))
    else:
        results = [play_game(task) for task in tasks]
    rows = []
    for setup in setups:
        decisions = [d for (s, _, _), r in zip(tasks, results, strict=True) if s is setup for d in r]
        rows.append(summary(setup.label, args.games, decisions))
    minutes = (time.perf_counter() - start) / 60
    print(table(rows))
    rule = f"SWITCH_Z {SWITCH_Z}, MIN_ROUNDS {MIN_ROUNDS}"
    print(f"\n{machine()}, {args.jobs} job(s), {minutes:.0f} minutes, {args.decision_time} s a decision; {rule}")
    if args.json:
        payload = {
            "machine": machine(),
            "jobs": args.jobs,
            "decision_time": args.decision_time,
            "minutes": round(minutes, 1),
            "rows": rows,
        }
        write_atomic(args.json, (json.dumps(payload, indent=1) + "\n").encode())
    return 0


if __name__ == "__main__":
    bots.run_script(main)
