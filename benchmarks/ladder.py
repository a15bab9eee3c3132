"""The ladder of bot levels: a round robin per setup, a rating per level, and the docs page that shows them.

Usage::

    python benchmarks/ladder.py --games 200 --jobs 2                 # every setup, every pair of levels
    python benchmarks/ladder.py --only yamslam "competitive 1v1" --games 40
    python benchmarks/ladder.py --solitaire 500                      # also the one-player setups
    python benchmarks/ladder.py --scheduler tcp://scheduler:8786     # the games on a Dask cluster
    python benchmarks/ladder.py --games 200 --write                  # and write the docs page
    python benchmarks/ladder.py --only classic --json classic.json   # one slice of the ladder...
    python benchmarks/ladder.py --from classic.json yamslam.json --write   # ...the page from the slices
    python benchmarks/ladder.py --only yamslam --with expert --json more.json   # one level's pairs only

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
figures; ``--json FILE`` keeps every match-up's outcomes to redraw them. A whole ladder is
hours of games (an expert that searches thinks a second a decision), so it can be played in
slices, a few setups a run, each kept with ``--json``; ``--from FILE...`` then plays nothing
and reads the slices instead (a later file's match-up replaces an earlier one's), and the
page names the run of each setup and lists the setups no slice has played yet.

What the expert is differs by setup (`expert_kind`), and so does its bar: where it plays the
one-column duel player, its bar is the duel page's (at least 50.8% against the
expected-score optimum over 40,000 games), not 60% against ``hard``; in a one-player game of
a sheet the solver plays exactly, ``hard`` is already the optimum and the expert plays as
``hard``. In a duel where ``hard`` is the expected-score optimum and no player can score 60%
against it (`ceilings`: the bounds ``benchmarks/duel_bound.py`` works out; Generala's is
57.0%), the bar cell says the bar is out of reach and gives the bound.
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
from yamskit.adapters import adapter_of
from yamskit.bots import LEVELS as KNOWN_LEVELS
from yamskit.bots import ExpertPlayer, level_rungs, play, player
from yamskit.bots.ahead import AheadPlayer
from yamskit.bots.rungs import split
from yamskit.bots.store_player import StorePlayer
from yamskit.bots.values_player import ValuesPlayer

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
    ("yamslam", (("mode", "solo"),)),
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
    setup: bots.Setup,
    levels: Sequence[str],
    *,
    games: int,
    seed: int,
    jobs: int,
    executor: Any,
    only_with: str | None = None,
) -> list[dict[str, Any]]:
    """Every pair of ``levels`` on ``setup``, the stronger-named level first: ``bots.match`` rows (with their seed).

    ``only_with`` plays only the pairs that include that level (a level added to a ladder already played).
    """
    pairs = [(levels[j], levels[i]) for i in range(len(levels)) for j in range(i + 1, len(levels))]
    pairs = [pair for pair in pairs if only_with is None or only_with in pair]
    rows = list(bots.matches([setup], pairs, games=games, seed=seed, jobs=jobs, executor=executor))
    return [{**row, "seed": seed} for row in rows]


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
        "seed": seed,
        "mean": statistics.fmean(scores),
        "half": half,
        "median_ms": 1000 * statistics.median(bot.times),
        "p99_ms": 1000 * bot.times[min(len(bot.times) - 1, int(0.99 * len(bot.times)))],
    }


#: What the ``"expert"`` level plays in a setup (`expert_kind`), as the page says it.
KINDS = {
    "search": "rollouts checking the strong bot's move",
    "exact": "plays as hard: the solitaire optimum",
    "duel": "the duel player (its bar: [Playing a duel to win](duels.md))",
    "duel-sheet": "the duel-sheet player (every seat's columns read)",
    "store": "the solver's store strategy",
    "solved": "the family's own exact player of its one-player game (`yamskit.adapters.EdgeAdapter.solitaire`)",
    "ahead": "the sheet view one turn deeper at the box (`yamskit.bots.ahead.AheadPlayer`)",
    "values": "the sheet's fitted values (`yamskit.bots.values_player.ValuesPlayer`)",
    "versus": "the family's own player with opponents (`yamskit.adapters.EdgeAdapter.versus`)",
}
#: The ladder's bar for a level against the one below: its score, and its interval's lower end.
BAR_SCORE, BAR_LOW = 0.60, 0.55
#: The most any player can score against the expected-score optimum in a duel of each sheet
#: (`benchmarks/duel_bound.py`, which writes it).
BOUNDS = ROOT / "benchmarks" / "duel-bounds.json"


def ceilings(path: Path = BOUNDS) -> dict[str, float]:
    """The setups where ``hard`` is the expected-score optimum of a duel with a known bound: label -> bound."""
    if not path.is_file():
        return {}
    bounds = json.loads(path.read_text(encoding="utf-8"))
    return {s.label: float(bounds[s.name]["bound"]) for s in VERSUS if s.seats == 2 and s.name in bounds}


def expert_kind(variant: Any, seats: int) -> str:
    """What ``player(variant, "expert")`` plays at a table of ``seats``: a key of `KINDS`.

    >>> expert_kind(yamskit.variant("classic"), 1), expert_kind(yamskit.variant("yamslam"), 2)
    ('exact', 'versus')
    >>> expert_kind(yamskit.variant("balut"), 2), expert_kind(yamskit.variant("challenge"), 2)
    ('ahead', 'values')
    """
    bot = player(variant, "expert")
    if not isinstance(bot, ExpertPlayer):
        return "search"
    if seats == 1:
        if bot.alone is not None:
            if isinstance(bot.alone, StorePlayer):
                return "store"
            if isinstance(bot.alone, ValuesPlayer):
                return "values"
            return "ahead" if isinstance(bot.alone, AheadPlayer) else "solved"
        return "exact" if bot.exact else "search"
    if bot.duel is not None and seats == 2:
        return "duel"
    if bot.versus is not None:
        if adapter_of(variant).versus is not None:  # the family's player, through its registered adapter
            return "versus"
        if isinstance(bot.versus, StorePlayer):
            return "store"
        if isinstance(bot.versus, ValuesPlayer):
            return "values"
        return "ahead" if isinstance(bot.versus, AheadPlayer) else "duel-sheet"
    return "search"


def took(seconds: float) -> str:
    """A run's wall time for the page: seconds under two minutes, else whole minutes.

    >>> took(87.4), took(120), took(3060.2)
    ('87 s', '2 minutes', '51 minutes')
    """
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} minutes"


#: The bot on each whole rung (`yamskit.bots.rungs`), as the page names it.
RUNG_BOTS = ("random play", "the greedy bot", "the one-throw bot", "the strong bot")


def levels_note(variant: Any) -> str | None:
    """What each level a family moves plays with opponents (`yamskit.bots.level_rungs`); ``None`` where none moves.

    >>> levels_note(yamskit.variant("classic")) is None
    True
    >>> levels_note(yamskit.variant("yamslam"))
    'hard plays 60% of its turns as the strong bot and the rest as the one-throw bot'
    >>> levels_note(yamskit.variant("yam-master"))
    'hard is the one-throw bot; medium plays 50% of its turns as the one-throw bot and the rest as the greedy bot'
    """
    rungs = level_rungs(variant, with_opponents=True)
    parts = []
    for level in ("hard", "medium", "easy"):
        if level not in rungs:
            continue
        low, share = split(rungs[level])
        if share == 0.0:
            parts.append(f"{level} is {RUNG_BOTS[low]}")
        else:
            upper, lower = RUNG_BOTS[low + 1], RUNG_BOTS[low]
            parts.append(f"{level} plays {100 * share:.0f}% of its turns as {upper} and the rest as {lower}")
    return "; ".join(parts) or None


def bar(row: dict[str, Any] | None, level: str, kind: str, ceiling: float | None = None) -> str:
    """Whether ``level`` met the ladder's bar against the level below in ``row`` (their match-up).

    ``ceiling``: the most any player can score against ``hard`` in this setup (`ceilings`);
    where it is under the bar, the expert's bar is out of reach, and the cell says so.
    """
    if row is None:
        return "not played"
    if level == "expert" and kind == "duel":
        return "the duel's bar"
    if level == "expert" and ceiling is not None and ceiling < BAR_SCORE:
        return f"out of reach: at most {100 * ceiling:.1f}% ([the bound](duels.md#how-far-any-player-can-go))"
    return "met" if row["score"] >= BAR_SCORE and row["low"] > BAR_LOW else "**not met**"


def versus_table(
    setup: str,
    rows: list[dict[str, Any]],
    levels: Sequence[str],
    kind: str = "search",
    ceiling: float | None = None,
    moved: str | None = None,
) -> list[str]:
    """The markdown of one setup: each level's rating, its score against the level below and the bar, its times.

    ``moved``: what the levels a family moves play (`levels_note`).
    """
    lines = [f"### {setup}", ""]
    if "expert" in levels:
        lines.extend([f"The expert here: {KINDS[kind]}.", ""])
    if moved is not None:
        lines.extend(
            [f"The levels moved here: {moved} ([why](bots.md#spreading-the-levels-where-the-top-is-close)).", ""]
        )
    try:
        ratings: dict[str, tuple[float, float]] | None = fit(
            levels, [(r["first"], r["second"], r["score"], r["games"]) for r in rows]
        )
    except ValueError:
        ratings = None  # some levels never met: the pairs are shown without ratings
    by_pair = {(r["first"], r["second"]): r for r in rows}
    lines += [
        "| level | rating (95% CI) | against the level below | bar | games (seeds) | ms/decision median | p99 |",
        "|---|---:|---:|---|---:|---:|---:|",
    ]
    for k, level in enumerate(levels):
        rating = "—" if ratings is None else f"{ratings[level][0]:+.0f} ± {ratings[level][1]:.0f}"
        below = by_pair.get((level, levels[k - 1])) if k else None
        if below is None:
            lines.append(f"| {level} | {rating} | — | {'—' if not k else bar(None, level, kind)} | — | — | — |")
            continue
        against = f"{100 * below['score']:.1f}% ({100 * below['low']:.1f}-{100 * below['high']:.1f})"
        first = below.get("seed", 0)
        seeds = f"{below['games']} ({first}-{first + below['games'] - 1}{_run(below)})"
        lines.append(
            f"| {level} | {rating} | {against} | {bar(below, level, kind, ceiling)} | {seeds} "
            f"| {below['median_ms']:.2f} | {below['p99_ms']:.1f} |"
        )
    return [*lines, ""]


def _run(row: dict[str, Any]) -> str:
    return f", run {row['run'] + 1}" if "run" in row else ""


def mean_cell(mean: float, half: float) -> str:
    """A mean and its interval's half-width, to one decimal, or two where the half-width is under 0.1.

    Two intervals a few hundredths apart would look the same, or overlapping, to one decimal.

    >>> mean_cell(726.23, 7.61), mean_cell(8.6264, 0.069), mean_cell(-2.0, 0.0)
    ('726.2 ± 7.6', '8.63 ± 0.07', '-2.0 ± 0.0')
    """
    digits = 2 if 0 < half < 0.1 else 1
    return f"{mean:.{digits}f} ± {half:.{digits}f}"


def solitaire_table(setup: str, rows: list[dict[str, Any]], kind: str = "search") -> list[str]:
    lines = [f"### {setup}", ""]
    if kind in ("store", "solved", "ahead", "values") and any(r["level"] == "expert" for r in rows):
        lines.extend([f"The expert here: {KINDS[kind]}.", ""])
    lines += [
        "| level | mean score (95% CI) | games (seeds) | above the level below | ms/decision median | p99 |",
        "|---|---:|---:|---|---:|---:|",
    ]
    for k, r in enumerate(rows):
        if k and r["level"] == "expert" and kind == "exact":
            above = "plays as hard (the optimum)"
        elif k:
            prev = rows[k - 1]
            above = "yes" if r["mean"] - r["half"] > prev["mean"] + prev["half"] else "**no** (intervals overlap)"
        else:
            above = "—"
        first = r.get("seed", 0)
        lines.append(
            f"| {r['level']} | {mean_cell(r['mean'], r['half'])} | {r['games']} ({first}-{first + r['games'] - 1}"
            f"{_run(r)}) | {above} | {r['median_ms']:.2f} | {r['p99_ms']:.1f} |"
        )
    return [*lines, ""]


def picture(ratings: dict[str, dict[str, tuple[float, float]]]) -> str:
    """An SVG of every setup's ratings: one line per setup, a dot and an interval per level."""
    width, left, line = 800, 210, 26
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


def run_info(
    args: argparse.Namespace, where: str, wall: float, setups: Sequence[str], argv: Sequence[str] | None = None
) -> dict[str, Any]:
    """Where and when a run played, and what: one entry of the JSON's ``runs``."""
    return {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()} with {os.cpu_count()} CPU(s)",
        "python": platform.python_version(),
        "yamskit": yamskit.__version__,
        "where": where,
        "wall_s": wall,
        "games": args.games,
        "solitaire_games": args.solitaire,
        "seed": args.seed,
        "setups": list(setups),
        "command": " ".join(["python benchmarks/ladder.py", *map(_quoted, sys.argv[1:] if argv is None else argv)]),
    }


def _quoted(arg: str) -> str:
    return f'"{arg}"' if " " in arg else arg


def merge(slices: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The ladder of several runs' JSON (`--json`): each match-up, one-player level and kind from the last run.

    Each row gets ``run``, the index of its run in the merged ``runs``.

    >>> a = {"runs": [{"date": "d1"}], "versus": {"s": [{"first": "b", "second": "a", "score": 0.6}]}}
    >>> b = {"runs": [{"date": "d2"}], "versus": {"s": [{"first": "b", "second": "a", "score": 0.7}]}}
    >>> merged = merge([a, b])
    >>> [r["date"] for r in merged["runs"]], merged["versus"]["s"][0]["score"], merged["versus"]["s"][0]["run"]
    (['d1', 'd2'], 0.7, 1)
    """
    runs: list[dict[str, Any]] = []
    versus: dict[str, dict[tuple[str, str], dict[str, Any]]] = {}
    solo: dict[str, dict[str, dict[str, Any]]] = {}
    kinds: dict[str, str] = {}
    for data in slices:
        offset = len(runs)
        mine = data.get("runs") or [{}]
        runs.extend(mine)
        for label, rows in data.get("versus", {}).items():
            for row in rows:
                versus.setdefault(label, {})[(row["first"], row["second"])] = {**row, "run": offset + row.get("run", 0)}
        for label, rows in data.get("solitaire", {}).items():
            for row in rows:
                solo.setdefault(label, {})[row["level"]] = {**row, "run": offset + row.get("run", 0)}
        kinds.update(data.get("kinds", {}))
    return {
        "runs": runs,
        "versus": {label: list(pairs.values()) for label, pairs in versus.items()},
        "solitaire": {label: [levels[lv] for lv in LEVELS if lv in levels] for label, levels in solo.items()},
        "kinds": kinds,
    }


def _levels_of(rows: Sequence[dict[str, Any]]) -> list[str]:
    return [level for level in LEVELS if any(level in (r["first"], r["second"]) for r in rows)]


def page(ladder: dict[str, Any]) -> str:
    """The docs page of a (merged) ladder: its runs, a table per setup, and what is not measured yet."""
    versus, solo, kinds = ladder["versus"], ladder["solitaire"], ladder.get("kinds", {})
    lines = [
        "# The ladder of bot levels",
        "",
        "<!-- Written by `python benchmarks/ladder.py --write`: edit the script, not this page. -->",
        "",
        "Every pair of levels plays a match of seeded games in each setup, seats swapped every other game "
        "(at a table of three, one side holds one seat, then two: an even match scores one half); "
        "each one-player level plays the same dice seeds. The figures come from these runs:",
        "",
    ]
    for k, run in enumerate(ladder["runs"]):
        lines.append(
            f"{k + 1}. {run.get('date', '?')}, {run.get('machine', '?')}, Python {run.get('python', '?')}, "
            f"yamskit {run.get('yamskit', '?')}, {run.get('where', '?')}, {took(run.get('wall_s', 0))}: "
            f"{', '.join(run.get('setups', [])) or 'the setups below'}"
            + (f" (`{run['command']}`)." if run.get("command") else ".")
        )
    lines += [
        "",
        "A rating is in Elo points with `random` at 0 (a level 200 points above another is expected to "
        "score 76% against it); the interval is 95%. The column *against the level below* is that level's "
        "own score in the games of the adjacent pair, a shared win counting half, with its Wilson interval; "
        f"the *bar* is {100 * BAR_SCORE:.0f}% with the interval above {100 * BAR_LOW:.0f}%. The times are "
        "milliseconds a decision, of the level's side in that pair, on the run's machine.",
        "",
        "![Ratings of every setup](../pictures/ladder.svg)",
        "",
        "## Games with opponents",
        "",
    ]
    bounds = ceilings()
    variants = {s.label: s.variant for s in VERSUS}
    for setup, rows in versus.items():
        moved = levels_note(variants[setup]()) if setup in variants else None
        lines.extend(versus_table(setup, rows, _levels_of(rows), kinds.get(setup, "search"), bounds.get(setup), moved))
    if solo:
        lines.extend(["## One-player games", ""])
        for setup, rows in solo.items():
            lines.extend(solitaire_table(setup, rows, kinds.get(setup, "search")))
    missing = [s.label for s in VERSUS if s.label not in versus]
    missing += [f"{name} solitaire" for name, _ in SOLITAIRE if f"{name} solitaire" not in solo]
    partial = [
        f"{label} ({', '.join(lv for lv in LEVELS if lv not in present)})"
        for label, present in [
            *((label, _levels_of(rows)) for label, rows in versus.items()),
            *((label, [r["level"] for r in rows]) for label, rows in solo.items()),
        ]
        if any(lv not in present for lv in LEVELS)
    ]
    if missing or partial:
        lines += ["## Not measured yet", ""]
    if missing:
        lines += [f"No run of this page has played: {', '.join(missing)}.", ""]
    if partial:
        lines += [f"Levels no run has played in a setup: {'; '.join(partial)}.", ""]
    searching = [label for label in [*versus, *solo] if kinds.get(label) == "search"]
    if searching:
        per_game = [
            f"{label} {r['decisions'] / r['games']:.0f}"
            for label, rows in versus.items()
            for r in rows
            if label in searching and (r["first"], r["second"]) == ("hard", "medium") and r.get("decisions")
        ]
        counted = f" ({', '.join(per_game)}, hard's seat in its games against medium)" if per_game else ""
        lines += [
            f"The expert of {', '.join(searching)} searches by rollouts for `decision_time` (1 s by default) "
            f"at each decision where its candidates differ, and a seat takes tens to hundreds of decisions a "
            f"game{counted}, so each of its match-ups of 200 games costs hours of a core: those pairs are a "
            "cluster's work (`--scheduler`), or a slice of their own.",
            "",
        ]
    return "\n".join(lines)


def ratings_of(versus: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, tuple[float, float]]]:
    """Each setup's fitted ratings, for the picture (setups whose levels did not all meet are left out)."""
    out = {}
    for label, rows in versus.items():
        try:
            out[label] = fit(_levels_of(rows), [(r["first"], r["second"], r["score"], r["games"]) for r in rows])
        except ValueError:
            continue
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair of levels (default 200; 0: none)")
    parser.add_argument("--solitaire", type=int, default=0, metavar="N", help="also N one-player games per level")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--only", nargs="+", metavar="SETUP", help="setups to play (labels or variant names)")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), help=f"levels, weakest first (default {LEVELS})")
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="play on this Dask cluster (pip install 'yamskit[dask]')"
    )
    parser.add_argument(
        "--with", dest="only_with", metavar="LEVEL", help="only the pairs that include LEVEL (one-player: only LEVEL)"
    )
    parser.add_argument("--write", action="store_true", help="write docs/explanation/ladder.md and its picture")
    parser.add_argument("--json", type=Path, metavar="FILE", help="keep every match-up's figures in FILE")
    parser.add_argument(
        "--from", dest="sources", type=Path, nargs="+", metavar="FILE", help="play nothing: read these --json runs"
    )
    args = parser.parse_args(argv)
    if args.scheduler and args.jobs != 1:
        parser.error("--jobs and --scheduler exclude each other: the cluster's workers play the games")
    if args.only_with is not None and args.only_with not in args.levels:
        parser.error(f"--with {args.only_with}: not one of the levels {args.levels}")
    unknown = [level for level in args.levels if level not in KNOWN_LEVELS]
    if unknown:
        parser.error(f"unknown level(s) {unknown}: yamskit knows {KNOWN_LEVELS}")
    if args.sources:
        try:
            ladder = merge([json.loads(path.read_text(encoding="utf-8")) for path in args.sources])
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            parser.error(f"cannot read the runs: {error}")
    else:
        ladder = play_ladder(args, argv)
    if args.json and not args.sources:
        write_atomic(args.json, json.dumps(ladder, indent=1, default=list) + "\n")
    if args.write:
        write_atomic(PAGE, page(ladder))
        write_atomic(PICTURE, picture(ratings_of(ladder["versus"])))
        print(f"wrote {PAGE.relative_to(ROOT)} and {PICTURE.relative_to(ROOT)}")
    return 0


def play_ladder(args: argparse.Namespace, argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Play the setups ``args`` names; the ladder of this one run (as `merge` returns it)."""
    wanted = None if args.only is None else set(args.only)
    setups = [s for s in VERSUS if (wanted is None or s.label in wanted or s.name in wanted) and args.games > 0]
    solos = [(n, o) for n, o in SOLITAIRE if wanted is None or n in wanted or f"{n} solitaire" in wanted]
    started = time.perf_counter()
    versus: dict[str, list[dict[str, Any]]] = {}
    solo: dict[str, list[dict[str, Any]]] = {}
    kinds: dict[str, str] = {}
    with bots._dask(args.scheduler) as (executor, where):
        where = where or f"{args.jobs} job(s)"
        print(f"# ladder: {args.games} games per pair, seed {args.seed}, {where}, levels {args.levels}", flush=True)
        for setup in setups:
            kinds[setup.label] = expert_kind(setup.variant(), setup.seats)
            rows = round_robin(
                setup,
                args.levels,
                games=args.games,
                seed=args.seed,
                jobs=args.jobs,
                executor=executor,
                only_with=args.only_with,
            )
            versus[setup.label] = rows
            table = versus_table(setup.label, rows, args.levels, kinds[setup.label], moved=levels_note(setup.variant()))
            print("\n".join(table), flush=True)
    if args.solitaire:
        for name, options in solos:
            label = f"{name} solitaire"
            kinds[label] = expert_kind(yamskit.variant(name, **dict(options)), 1)
            played = [level for level in args.levels if args.only_with in (None, level)]
            rows = [solitaire(name, options, level, args.solitaire, args.seed) for level in played]
            solo[label] = rows
            print("\n".join(solitaire_table(label, rows, kinds[label])), flush=True)
    wall = time.perf_counter() - started
    run = run_info(args, where, wall, [*versus, *solo], argv)
    return {"runs": [run], "versus": versus, "solitaire": solo, "kinds": kinds}


if __name__ == "__main__":
    bots.run_script(main)
