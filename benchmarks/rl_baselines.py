"""What a learning agent should expect: random, greedy, each bot level, optimal and MaskablePPO, per variant.

Usage::

    python benchmarks/rl_baselines.py [--part bots|ppo|all] [--games 300] [--budget 45] [--ppo-steps 300000] [--write]

For each variant and mode of the Gymnasium envs, every bot level of
`yamskit.bots.player` plays the agent's seat (and its team mate's) of the env's
default setup, greedy bots (level ``easy``) the others, on the same seeded games:

* solitaire setups (classic, yahtzee, challenge, Yamslam ``solo``): the mean final score;
* setups with opponents: the win rate against the greedy bots (a shared first place
  counts half), so greedy itself scores about 1 / (number of sides).

A cell plays ``--games`` games or stops after ``--budget`` seconds (the number played is
printed). "optimal" is the ``perfect`` level (the exact solver's strategy) where it
exists. Then ``examples/train_maskable_ppo.py`` trains MaskablePPO on
``yamskit/classic-v0`` for ``--ppo-steps`` steps (torch with one thread, on this 2-core
machine) and evaluates it on 1,000 seeded games; its learning curve is drawn as
``docs/pictures/ppo-classic.svg``. ``--part`` runs the bots, the training, or both. With
``--write`` the run's full output (date, versions, machine load, figures) goes to
``docs/explanation/learning-baselines-<part>.txt`` (and the training's picture is
rewritten); the tables in ``docs/explanation/learning-baselines.md`` are copied from those
outputs by hand.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import subprocess
import sys
import tempfile
import time
from datetime import date
from importlib import metadata
from pathlib import Path
from typing import Any

import yamskit
from yamskit.bots import GreedyPlayer, player
from yamskit.rl import default_players
from yamskit.rl.rewards import outcome

ROOT = Path(__file__).resolve().parents[1]
LEVELS = ("random", "easy", "medium", "hard", "perfect")
#: (label, variant name, options): the setups of the Gymnasium envs (docs/reference/rl.md).
SETUPS: list[tuple[str, str, dict[str, Any]]] = [
    ("classic", "classic", {}),
    ("yahtzee", "yahtzee", {}),
    ("challenge", "challenge", {}),
    ("competitive 1v1", "competitive", {"mode": "1v1"}),
    ("competitive 1v1v1", "competitive", {"mode": "1v1v1"}),
    ("competitive 2v2", "competitive", {"mode": "2v2"}),
    ("yam-master", "yam-master", {}),
    ("yamslam", "yamslam", {"mode": "standard"}),
    ("yamslam solo", "yamslam", {"mode": "solo"}),
    ("yamslam team", "yamslam", {"mode": "team"}),
]


def cell(variant: Any, level: str, games: int, budget: float) -> tuple[float, int] | None:
    """(mean score or win rate, games played) of ``level`` in seat 0 (and its team mate), or None."""
    seats = default_players(variant)
    try:
        bot = player(variant, level, seed=1)
    except yamskit.RuleConfigError:
        return None
    probe = variant.new_game(players=[f"P{i}" for i in range(seats)], seed=0).result()
    mates = next((set(t.seats) for t in probe.teams if 0 in t.seats), {0})
    values: list[float] = []
    stop = time.perf_counter() + budget
    for g in range(games):
        state = variant.new_game(players=[f"P{i}" for i in range(seats)], seed=1000 + g)
        greedy = GreedyPlayer()
        while not state.is_over:
            mover = bot if state.current_player in mates else greedy
            state = state.apply(mover.choose(state))
        result = state.result()
        if seats == 1:
            values.append(float(result.scores[0]))
        else:
            values.append({1: 1.0, 0: 0.5, -1: 0.0}[outcome(result, 0)])
        if time.perf_counter() > stop:
            break
    return sum(values) / len(values), len(values)


def ppo(steps: int) -> tuple[str, list[tuple[int, float, float]]]:
    """Run the example; its printed summary and its learning curve."""
    with tempfile.TemporaryDirectory() as folder:
        curve = Path(folder) / "curve.csv"
        command = [sys.executable, str(ROOT / "examples" / "train_maskable_ppo.py")]
        command += ["--steps", str(steps), "--eval-games", "1000", "--curve", str(curve)]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        with curve.open(encoding="utf-8") as rows:
            points = [
                (int(r["steps"]), float(r["minutes"]), float(r["mean_score_last_100_episodes"]))
                for r in csv.DictReader(rows)
            ]
    return done.stdout.strip(), points


def svg_curve(points: list[tuple[int, float, float]], reference: dict[str, float]) -> str:
    """The learning curve as a standalone SVG line chart, with horizontal lines for ``reference`` scores."""
    width, height, left, bottom, top, right = 640, 360, 56, 40, 20, 150
    xmax = max(p[0] for p in points)
    ymax = 260.0

    def x(v: float) -> float:
        return left + (width - left - right) * v / xmax

    def y(v: float) -> float:
        return height - bottom - (height - bottom - top) * v / ymax

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="14">MaskablePPO on yamskit/classic-v0: mean score of the last 100 training '
        "episodes</text>",
    ]
    for tick in range(0, int(ymax) + 1, 50):
        out.append(f'<line x1="{left}" y1="{y(tick):.1f}" x2="{width - right}" y2="{y(tick):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick}</text>')
    step = 10 ** max(0, len(str(xmax)) - 1)
    for tick in range(0, xmax + 1, step):
        out.append(f'<text x="{x(tick):.1f}" y="{height - bottom + 16}" text-anchor="middle">{tick:,}</text>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 6}" text-anchor="middle">training steps</text>')
    for label, value in reference.items():
        out.append(
            f'<line x1="{left}" y1="{y(value):.1f}" x2="{width - right}" y2="{y(value):.1f}" '
            'stroke="#999" stroke-dasharray="4 3"/>'
        )
        out.append(f'<text x="{width - right + 6}" y="{y(value) + 4:.1f}">{label} {value:.0f}</text>')
    path = " ".join(f"{x(s):.1f},{y(v):.1f}" for s, _, v in points)
    out.append(f'<polyline points="{path}" fill="none" stroke="#1f77b4" stroke-width="2"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--budget", type=float, default=45.0, help="seconds per cell at most")
    parser.add_argument("--ppo-steps", type=int, default=300_000)
    parser.add_argument("--part", choices=("bots", "ppo", "all"), default="all")
    parser.add_argument("--reference", default="18.8,211.4,244.2", help="classic: random, greedy, optimal (ppo part)")
    parser.add_argument("--write", action="store_true", help="write docs/explanation/learning-baselines-PART.txt")
    args = parser.parse_args()
    lines: list[str] = []

    def say(text: str = "") -> None:
        print(text, flush=True)
        lines.append(text)

    versions = ", ".join(
        f"{p} {metadata.version(p)}" for p in ("numpy", "gymnasium", "torch", "stable-baselines3", "sb3-contrib")
    )
    say(f"date: {date.today().isoformat()}; machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    say(f"Python {platform.python_version()}; yamskit {yamskit.__version__}; {versions}")
    means: dict[tuple[str, str], float] = {}
    if args.part in ("bots", "all"):
        bots(args, say, means)
    if args.part in ("ppo", "all"):
        if args.part == "ppo":
            for level, value in zip(("random", "easy", "perfect"), args.reference.split(","), strict=True):
                means[("classic", level)] = float(value)
        training(args, say, means)
    if args.write:
        (ROOT / "docs" / "explanation" / f"learning-baselines-{args.part}.txt").write_text(
            "\n".join(lines) + "\n", encoding="utf-8"
        )


def bots(args: argparse.Namespace, say: Any, means: dict[tuple[str, str], float]) -> None:
    """The bots' table."""
    say(f"bots: up to {args.games} seeded games per cell, at most {args.budget:g} s per cell")
    say()
    say("| setup | measure | " + " | ".join(LEVELS) + " |")
    say("|---|---|" + "---:|" * len(LEVELS))
    for label, name, options in SETUPS:
        variant = yamskit.variant(name, **options)
        measure = "mean score" if default_players(variant) == 1 else "win rate vs greedy"
        cells = []
        for level in LEVELS:
            found = cell(variant, level, args.games, args.budget)
            if found is None:
                cells.append("—")
                continue
            value, played = found
            means[(label, level)] = value
            cells.append(f"{value:.1f} ({played})" if measure == "mean score" else f"{value:.0%} ({played})")
        say(f"| {label} | {measure} | " + " | ".join(cells) + " |")
    say()


def training(args: argparse.Namespace, say: Any, means: dict[tuple[str, str], float]) -> None:
    """The MaskablePPO run and its learning curve."""
    summary, points = ppo(args.ppo_steps)
    for line in summary.splitlines():
        say(line)
    say("learning curve (steps, minutes, mean score of the last 100 training episodes), every 10th point:")
    for s, m, v in points[::10] + points[-1:]:
        say(f"  {s:>9,}  {m:6.1f}  {v:6.1f}")
    if args.write:
        reference = {k: means[("classic", k)] for k in ("random", "easy", "perfect") if ("classic", k) in means}
        reference = {{"easy": "greedy", "perfect": "optimal"}.get(k, k): v for k, v in reference.items()}
        (ROOT / "docs" / "pictures" / "ppo-classic.svg").write_text(svg_curve(points, reference), encoding="utf-8")


if __name__ == "__main__":
    main()
