"""The ladder of bot levels: a round robin per setup, a rating per level, and the docs page that shows them.

Usage::

    python benchmarks/ladder.py --games 200 --jobs 2                 # every setup, every pair of levels
    python benchmarks/ladder.py --only yamslam "competitive 1v1" --games 40
    python benchmarks/ladder.py --solitaire 500                      # also the one-player setups
    python benchmarks/ladder.py --scheduler tcp://scheduler:8786     # the games on a Dask cluster
    python benchmarks/ladder.py --games 200 --write                  # and write the docs page

A *setup* is a game and a seating (classic for two, Competitive 1v1, Yamslam for four
in teams...). In each setup every pair of levels plays ``--games`` games with the
seating of ``benchmarks/bots.py``: game ``i`` uses dice seed ``seed + i`` and the sides
swap seats in odd games; a side wins when the game's winners are its seats only, and a
shared win counts half. The games are those of ``bots.match``, so a Dask cluster plays
exactly the local games (only the times per decision differ).

From the wins of every pair the script fits one rating per level (`fit`): the
Bradley-Terry model on the Elo scale, where a level rated ``d`` points above another is
expected to score ``1 / (1 + 10 ** (-d / 400))`` against it, with ``random`` anchored
at 0. Two levels that never lose a game to each other would drift apart without end, so
every pair also counts one drawn game of prior (a common remedy; it pulls a 400-0 result
to about +1,000 points, not infinity). The intervals are 95% ones from the curvature of
the likelihood at its maximum. The table beside the ratings gives each adjacent pair's
own score with its Wilson interval: the ladder's promise is that each level scores at
least 60% against the one below, with the interval above 55%.

The one-player setups (``--solitaire N``) play ``N`` games of each level on the same
seeds and give each level's mean score with a 95% interval: there a level is above the
one below when the intervals do not overlap.

``--write`` writes ``docs/explanation/ladder.md`` (a table per setup, the date, the
machine, the games played, the seeds and the time per decision of each level) and
``docs/pictures/ladder.svg`` (ratings and intervals of every setup), from the run's
figures; ``--json FILE`` keeps every match-up's outcomes to redraw them.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import bots  # benchmarks/bots.py: the seating, the games and the executors
import yamskit
from yamskit._files import write_atomic  # temp file, fsync, rename
from yamskit.bots import LEVELS as KNOWN_LEVELS
from yamskit.bots import play, player

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "explanation" / "ladder.md"
PICTURE = ROOT / "docs" / "pictures" / "ladder.svg"

#: The ladder's levels, weakest first (those this version of yamskit knows).
LEVELS: tuple[str, ...] = tuple(
    level for level in ("random", "easy", "medium", "hard", "expert") if level in KNOWN_LEVELS
)

#: The setups with opponents: the seed games' modes and the presets for two.
VERSUS: tuple[bots.Setup, ...] = (
    *bots.SETUPS,
    *(
        bots.Setup(name, name, (), 2)
        for name in ("yatzy", "maxi-yatzy", "generala", "kniffel", "yacht", "crag", "balut")
    ),
)

#: The one-player setups: a name and the variant's options.
SOLITAIRE: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = (
    ("classic", ()),
    ("yahtzee", ()),
    ("challenge", ()),
    ("yatzy", ()),
    ("maxi-yatzy", ()),
    ("generala", ()),
    ("kniffel", ()),
    ("yacht", ()),
    ("crag", ()),
    ("balut", ()),
)

#: Drawn games of prior each pair counts (see the module's docstring).
PRIOR_DRAWS = 1.0
ELO = 400 / math.log(10)  # rating points per unit of log-odds


def expected(d: float) -> float:
    """The score a level rated ``d`` points above its opponent expects (the Elo curve).

    >>> round(expected(0.0), 3), round(expected(400.0), 3)
    (0.5, 0.909)
    """
    return 1 / (1 + math.exp(-d / ELO))


def fit(
    levels: Sequence[str], results: Iterable[tuple[str, str, float, int]], *, prior: float = PRIOR_DRAWS
) -> dict[str, tuple[float, float]]:
    """Each level's rating and the half-width of its 95% interval, the first level anchored at 0.

    ``results`` holds ``(first, second, score, games)``: ``first`` scored ``score`` (wins
    plus half the draws, as a fraction) over ``games`` games against ``second``. The
    ratings maximise the Bradley-Terry likelihood (Newton's method on the log-odds
    scale) with ``prior`` drawn games added to every pair played.

    >>> ratings = fit(["a", "b"], [("b", "a", 0.75, 400)], prior=0.0)
    >>> round(ratings["b"][0], 1)  # 75% is 191 Elo points
    190.8
    >>> ratings["a"]
    (0.0, 0.0)
    """
    index = {level: i for i, level in enumerate(levels)}
    n = len(levels)
    wins = [[0.0] * n for _ in range(n)]  # wins[i][j]: games' worth i scored against j
    for first, second, score, games in results:
        i, j = index[first], index[second]
        wins[i][j] += score * games + prior / 2
        wins[j][i] += (1 - score) * games + prior / 2
    theta = [0.0] * n  # log-odds strengths; theta[0] stays 0
    for _ in range(100):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                games = wins[i][j] + wins[j][i]
                if i == j or games == 0:
                    continue
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                grad[i] += wins[i][j] - games * p
                hess[i][i] -= games * p * (1 - p)
                hess[i][j] += games * p * (1 - p)
        free = list(range(1, n))
        information = -np.array(hess)[np.ix_(free, free)]
        try:
            step = np.linalg.solve(information, np.array(grad)[free])
        except np.linalg.LinAlgError:
            raise ValueError("the ratings are not determined: some levels never met the others") from None
        for k, a in enumerate(free):
            theta[a] += float(step[k])
        if max((abs(float(x)) for x in step), default=0.0) < 1e-10:
            break
    covariance = np.linalg.inv(information)
    return {
        level: (ELO * theta[i], 0.0 if i == 0 else 1.96 * ELO * math.sqrt(max(0.0, covariance[i - 1, i - 1])))
        for level, i in index.items()
    }


def round_robin(
    setup: bots.Setup, levels: Sequence[str], *, games: int, seed: int, jobs: int, executor: Any
) -> list[dict[str, Any]]:
    """Every pair of ``levels`` on ``setup``, the stronger-named level first: ``bots.match`` rows."""
    pairs = [(levels[j], levels[i]) for i in range(len(levels)) for j in range(i + 1, len(levels))]
    return list(bots.matches([setup], pairs, games=games, seed=seed, jobs=jobs, executor=executor))


def solitaire(name: str, options: tuple[tuple[str, Any], ...], level: str, games: int, seed: int) -> dict[str, Any]:
    """``games`` one-player games of ``level`` on seeds ``seed``, ``seed + 1``...: mean, its 95% half-width, times."""
    variant = yamskit.variant(name, **dict(options))
    bot = bots.Timed(player(variant, level, seed=seed))
    scores = []
    for i in range(games):
        scores.append(play(variant.new_game(["P0"], seed=seed + i), [bot]).result().scores[0])
    bot.times.sort()
    half = 1.96 * statistics.stdev(scores) / math.sqrt(games) if games > 1 else math.inf
    return {
        "setup": f"{name} solitaire",
        "level": level,
        "games": games,
        "mean": statistics.fmean(scores),
        "half": half,
        "median_ms": 1000 * statistics.median(bot.times),
        "p99_ms": 1000 * bot.times[min(len(bot.times) - 1, int(0.99 * len(bot.times)))],
    }


def versus_table(setup: str, rows: list[dict[str, Any]], levels: Sequence[str]) -> list[str]:
    """The markdown of one setup: each level's rating, its score against the level below, its times."""
    ratings = fit(levels, [(r["first"], r["second"], r["score"], r["games"]) for r in rows])
    by_pair = {(r["first"], r["second"]): r for r in rows}
    times: dict[str, list[float]] = {}
    for r in rows:  # the first side's times: each level but the weakest is first somewhere
        times.setdefault(r["first"], []).append(r["median_ms"])
    lines = [
        f"### {setup}",
        "",
        "| level | rating (95% CI) | against the level below | games | ms/decision median |",
        "|---|---:|---:|---:|---:|",
    ]
    for k, level in enumerate(levels):
        rating, half = ratings[level]
        below = by_pair.get((level, levels[k - 1])) if k else None
        against = f"{100 * below['score']:.1f}% ({100 * below['low']:.1f}-{100 * below['high']:.1f})" if below else "—"
        games = str(below["games"]) if below else "—"
        ms = f"{statistics.median(times[level]):.2f}" if level in times else "—"
        lines.append(f"| {level} | {rating:+.0f} ± {half:.0f} | {against} | {games} | {ms} |")
    return [*lines, ""]


def solitaire_table(setup: str, rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        f"### {setup}",
        "",
        "| level | mean score (95% CI) | games | above the level below | ms/decision median | p99 |",
        "|---|---:|---:|---|---:|---:|",
    ]
    for k, r in enumerate(rows):
        if k:
            prev = rows[k - 1]
            above = "yes" if r["mean"] - r["half"] > prev["mean"] + prev["half"] else "**no** (intervals overlap)"
        else:
            above = "—"
        lines.append(
            f"| {r['level']} | {r['mean']:.1f} ± {r['half']:.1f} | {r['games']} | {above} "
            f"| {r['median_ms']:.2f} | {r['p99_ms']:.1f} |"
        )
    return [*lines, ""]


def picture(ratings: dict[str, dict[str, tuple[float, float]]]) -> str:
    """An SVG of every setup's ratings: one line per setup, a dot and an interval per level."""
    width, left, line = 760, 170, 26
    levels = [level for level in LEVELS if any(level in r for r in ratings.values())]
    colours = dict(zip(LEVELS, ("#888888", "#2b83ba", "#1a9641", "#fdae61", "#d7191c"), strict=False))
    top = max((r + h for setup in ratings.values() for r, h in setup.values()), default=1.0) or 1.0
    scale = (width - left - 30) / top

    def x(value: float) -> float:
        return left + max(0.0, value) * scale

    height = 60 + line * len(ratings)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="16">rating (Elo points, random = 0), 95% intervals</text>',
    ]
    for k, level in enumerate(levels):
        parts.append(f'<circle cx="{left + 110 * k + 5}" cy="32" r="5" fill="{colours[level]}"/>')
        parts.append(f'<text x="{left + 110 * k + 14}" y="36">{level}</text>')
    for row, (setup, levels_of) in enumerate(ratings.items()):
        y = 60 + line * row
        parts.append(f'<text x="{left - 8}" y="{y + 4}" text-anchor="end">{setup}</text>')
        parts.append(f'<line x1="{left}" y1="{y}" x2="{width - 20}" y2="{y}" stroke="#eeeeee"/>')
        for level, (rating, half) in levels_of.items():
            c = colours.get(level, "black")
            lo, hi = x(rating - half), x(rating + half)
            parts.append(f'<line x1="{lo:.1f}" y1="{y}" x2="{hi:.1f}" y2="{y}" stroke="{c}" stroke-width="2"/>')
            parts.append(
                f'<circle cx="{x(rating):.1f}" cy="{y}" r="4" fill="{c}"><title>{setup}: {level} '
                f"{rating:+.0f} ± {half:.0f}</title></circle>"
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def page(
    versus: dict[str, list[dict[str, Any]]],
    solo: dict[str, list[dict[str, Any]]],
    *,
    games: int,
    solo_games: int,
    seed: int,
    where: str,
    wall: float,
) -> str:
    lines = [
        "# The ladder of bot levels",
        "",
        "<!-- Written by `python benchmarks/ladder.py --write`: edit the script, not this page. -->",
        "",
        f"Measured on {datetime.date.today().isoformat()}, {platform.machine()} with {os.cpu_count()} CPU(s), "
        f"Python {platform.python_version()}, yamskit {yamskit.__version__}, {where}; {wall / 60:.0f} minutes in all. "
        f"Every pair of levels played {games} games per setup (dice seeds {seed} to {seed + games - 1}, "
        f"seats swapped every other game); each one-player level played {solo_games} games on the same seeds.",
        "",
        "A rating is in Elo points with `random` at 0 (a level 200 points above another is expected to "
        "score 76% against it); the interval is 95%. The column *against the level below* is that level's "
        "own score in the games of the adjacent pair, a shared win counting half, with its Wilson interval. "
        "The times are the median milliseconds a decision took, for the level's side, on this machine.",
        "",
        "![Ratings of every setup](../pictures/ladder.svg)",
        "",
        "## Games with opponents",
        "",
    ]
    for setup, rows in versus.items():
        levels = [level for level in LEVELS if any(level in (r["first"], r["second"]) for r in rows)]
        lines.extend(versus_table(setup, rows, levels))
    if solo:
        lines.extend(["## One-player games", ""])
        for setup, rows in solo.items():
            lines.extend(solitaire_table(setup, rows))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair of levels (default 200)")
    parser.add_argument("--solitaire", type=int, default=0, metavar="N", help="also N one-player games per level")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--only", nargs="+", metavar="SETUP", help="setups to play (labels or variant names)")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), help=f"levels, weakest first (default {LEVELS})")
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="play on this Dask cluster (pip install 'yamskit[dask]')"
    )
    parser.add_argument("--write", action="store_true", help="write docs/explanation/ladder.md and its picture")
    parser.add_argument("--json", type=Path, metavar="FILE", help="keep every match-up's figures in FILE")
    args = parser.parse_args(argv)
    if args.scheduler and args.jobs != 1:
        parser.error("--jobs and --scheduler exclude each other: the cluster's workers play the games")
    unknown = [level for level in args.levels if level not in KNOWN_LEVELS]
    if unknown:
        parser.error(f"unknown level(s) {unknown}: yamskit knows {KNOWN_LEVELS}")
    wanted = None if args.only is None else set(args.only)
    setups = [s for s in VERSUS if wanted is None or s.label in wanted or s.name in wanted]
    solos = [(n, o) for n, o in SOLITAIRE if wanted is None or n in wanted or f"{n} solitaire" in wanted]
    started = time.perf_counter()
    versus: dict[str, list[dict[str, Any]]] = {}
    solo: dict[str, list[dict[str, Any]]] = {}
    with bots._dask(args.scheduler) as (executor, where):
        where = where or f"{args.jobs} job(s)"
        print(f"# ladder: {args.games} games per pair, seed {args.seed}, {where}, levels {args.levels}", flush=True)
        for setup in setups:
            rows = round_robin(setup, args.levels, games=args.games, seed=args.seed, jobs=args.jobs, executor=executor)
            versus[setup.label] = rows
            print("\n".join(versus_table(setup.label, rows, args.levels)), flush=True)
    if args.solitaire:
        for name, options in solos:
            rows = [solitaire(name, options, level, args.solitaire, args.seed) for level in args.levels]
            solo[f"{name} solitaire"] = rows
            print("\n".join(solitaire_table(f"{name} solitaire", rows)), flush=True)
    wall = time.perf_counter() - started
    if args.json:
        data = {"versus": versus, "solitaire": solo, "games": args.games, "seed": args.seed}
        write_atomic(args.json, json.dumps(data, indent=1, default=list) + "\n")
    if args.write:
        text = page(versus, solo, games=args.games, solo_games=args.solitaire, seed=args.seed, where=where, wall=wall)
        write_atomic(PAGE, text)
        ratings = {
            label: fit(
                [lv for lv in args.levels if any(lv in (r["first"], r["second"]) for r in rows)],
                [(r["first"], r["second"], r["score"], r["games"]) for r in rows],
            )
            for label, rows in versus.items()
        }
        write_atomic(PICTURE, picture(ratings))
        print(f"wrote {PAGE.relative_to(ROOT)} and {PICTURE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
