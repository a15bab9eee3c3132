"""The table of optimal values: every shipped one-column game the solver takes, solved, with its distribution.

Usage::

    python benchmarks/optimal_values.py                   # print the table
    python benchmarks/optimal_values.py --write           # and write docs/explanation/optimal-values.md
    python benchmarks/optimal_values.py --only yatzy yacht --json results.json
    python benchmarks/optimal_values.py --load results.json --write   # the page from saved results

Each game is solved in a fresh subprocess, one after the other (the machine's cores are
shared; nothing runs in parallel), so that each child's peak memory is its own: the
parent reads it from ``os.wait4`` (``ru_maxrss``). The child measures the solve's CPU
time (``time.process_time``, every thread of the process) and wall time, then works out
the exact distribution of the final score under the optimal strategy
(`yamskit.solver.Strategy.distribution`): its mean, standard deviation, median and the
chance of the upper bonus. Where the distribution is too large for this machine
(``SIMULATED``: Maxi Yatzy without saved throws), the mean is the solver's exact value
and the spread, median and bonus chance come from ``--games`` optimal games in batch
(`yamskit.solver.simulate`), with 95% intervals.

``--json`` keeps each game's result as it comes (a later ``--load`` reads them back), so
a long run that stops part-way loses only the game it was on.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from bots import wilson  # benchmarks/bots.py: the one Wilson interval of the benchmarks

#: The page ``--write`` writes, from the repository's root.
PAGE = Path("docs/explanation/optimal-values.md")
#: The games whose exact distribution does not fit this machine: their spread comes from simulated games.
SIMULATED = frozenset({"maxi-yatzy-no-saved"})
#: z of a two-sided 95% interval.
Z95 = 1.959964


@attrs.frozen
class Game:
    """One row of the table: a label, the preset's name and its options."""

    key: str
    label: str
    name: str
    options: dict[str, Any] = attrs.field(factory=dict)

    def variant(self) -> Any:
        import yamskit

        return yamskit.variant(self.name, **self.options)

    @property
    def call(self) -> str:
        """How to build the variant, as Python."""
        args = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"yamskit.variant({self.name!r}{args})"


GAMES: tuple[Game, ...] = (
    Game("classic", "Classic (no joker, no Yams bonus)", "classic"),
    Game("yahtzee", "Yahtzee, forced joker", "yahtzee"),
    Game("yahtzee-free", "Yahtzee, free-choice joker", "classic", {"joker": "free", "yams_bonus": 100}),
    Game("yatzy", "Scandinavian Yatzy", "yatzy"),
    Game("kniffel", "Kniffel", "kniffel"),
    Game("yacht", "Yacht", "yacht"),
    Game("crag", "Crag (three dice)", "crag"),
    Game("generala", "Generala (served win ends the game)", "generala"),
    Game("maxi-yatzy-no-saved", "Maxi Yatzy, no saved throws", "maxi-yatzy", {"saved_throws": False}),
)

#: Published figures this table reproduces: (game key, what, value, digits compared, source).
PUBLISHED: tuple[tuple[str, str, float, int, str], ...] = (
    (
        "classic",
        "mean",
        245.87,
        2,
        "Tom Verhoeff and James Glenn, for Yahtzee without the Yahtzee bonus and joker, as yatzy-solver's "
        "rules page (precisit/yatzy-solver, docs/rules.md) reports them",
    ),
    (
        "yahtzee",
        "mean",
        254.5877,
        4,
        "yatzy-solver's rules page (precisit/yatzy-solver, docs/rules.md): 254.5877287 under the forced joker, "
        "the official placement rule",
    ),
    (
        "yahtzee-free",
        "mean",
        254.5896,
        4,
        "Tom Verhoeff, *How to Maximize Your Score in Solitaire Yahtzee* (draft, TU Eindhoven, June 1999), "
        "under his rules, a free-choice joker (yatzy-solver's docs/rules.md gives 254.5896095 for them)",
    ),
    (
        "yatzy",
        "mean",
        248.44,
        2,
        "yatzy-solver's rules page (precisit/yatzy-solver, docs/rules.md): 248.4399894, with Castux/yahtzee's "
        "248.4394 beside it; the 248.63 of Larsson and Sjöberg's thesis (*Optimal Yatzy Strategy*, KTH, 2012) "
        "comes, by yatzy-solver's reading of their code, from a single pair scoring in Two pairs",
    ),
)


def _find(key: str) -> Game:
    for game in GAMES:
        if game.key == key:
            return game
    raise SystemExit(f"no game {key!r}; games: {', '.join(g.key for g in GAMES)}")


# ---------------------------------------------------------------------------- the child: one game
def measure(game: Game, games: int) -> dict[str, Any]:
    """Solve ``game`` and describe its final score (in this process: the child's work)."""
    from yamskit.solver import simulate, solve

    variant = game.variant()
    cpu, wall = time.process_time(), time.perf_counter()
    strategy = solve(variant, quiet=True, processes=1)
    solve_cpu, solve_wall = time.process_time() - cpu, time.perf_counter() - wall
    result: dict[str, Any] = {
        "key": game.key,
        "mean": strategy.expected_score(),
        "solve_cpu": solve_cpu,
        "solve_wall": solve_wall,
    }
    cpu, wall = time.process_time(), time.perf_counter()
    if game.key in SIMULATED:
        batch = simulate(variant, games, bot=strategy, seed=2026, processes=1)
        scores = batch.scores
        ordered = sorted(scores.tolist())
        n = len(ordered)
        # the order statistics around the median that bound it at 95% (the normal approximation of the binomial)
        lo = max(0, math.floor(n / 2 - Z95 * math.sqrt(n) / 2) - 1)
        hi = min(n - 1, math.ceil(n / 2 + Z95 * math.sqrt(n) / 2))
        std = batch.stdev
        result.update(
            simulated=n,
            simulated_mean=batch.mean,
            simulated_stderr=batch.stderr,
            std=std,
            # the standard deviation's interval: about std * (1 +- z / sqrt(2 (n - 1))) for a near-normal score
            std_interval=(std * (1 - Z95 / math.sqrt(2 * (n - 1))), std * (1 + Z95 / math.sqrt(2 * (n - 1)))),
            median=float(ordered[n // 2]),
            median_interval=(float(ordered[lo]), float(ordered[hi])),
            bonus=batch.bonus_rate,
            bonus_interval=wilson(batch.bonus_rate, n),
        )
    else:
        ended = _count_served_wins() if strategy.model.served is not None else None
        d = strategy.distribution()
        result.update(std=d.std, median=float(d.median), bonus=d.bonus_probability)
        if ended is not None:
            result.update(served_win=sum(ended.values()), served_win_last=ended.get(len(strategy.model.rows) - 1, 0.0))
    result["extra_cpu"] = time.process_time() - cpu
    result["extra_wall"] = time.perf_counter() - wall
    return result


def _count_served_wins() -> dict[int, float]:
    """Count, in the next distributions worked out in this process, the chance of the games a served win ends.

    The returned dict fills as the forward pass plays (`yamskit.solver.distribution`'s turn step): the
    chance ended in the turn with that many boxes filled before it.
    """
    from yamskit.solver import distribution

    ended: dict[int, float] = {}
    step = distribution._step

    def counting(turns: Any, layer: Any, first: Any, left: int) -> Any:
        after, over = step(turns, layer, first, left)
        if over is not None:
            filled = int(distribution._decode(turns.model, layer.keys[:1])[0][0])
            boxes = bin(filled).count("1")
            ended[boxes] = ended.get(boxes, 0.0) + float(over.chances.sum())
        return after, over

    distribution._step = counting  # the child measures one game and exits
    return ended


def run_child(game: Game, games: int) -> dict[str, Any]:
    """Measure ``game`` in a fresh Python process; its peak memory is read from ``wait4``."""
    command = [sys.executable, __file__, "--child", game.key, "--games", str(games)]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{game.key}: the child failed with status {child.returncode}")
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    result["peak_mib"] = usage.ru_maxrss / 1024  # kilobytes on Linux
    result["child_cpu"] = usage.ru_utime + usage.ru_stime
    return result


# ---------------------------------------------------------------------------- the table
def _seconds(s: float) -> str:
    return f"{s:.2f} s" if s < 10 else f"{s:.1f} s" if s < 100 else f"{s:.0f} s"


def row(game: Game, r: dict[str, Any]) -> str:
    """One Markdown row of the table.

    >>> r = {"mean": 254.58772873, "std": 59.61, "median": 248.0, "bonus": 0.68, "solve_cpu": 30.0,
    ...      "solve_wall": 31.5, "peak_mib": 1400.0, "extra_cpu": 190.0, "extra_wall": 250.0}
    >>> row(_find("yahtzee"), r)
    '| Yahtzee, forced joker | 254.5877287 | 59.61 | 248 | 68.0% | 30.0 s / 31.5 s | 190 s / 250 s | 1,400 MiB |'
    """
    if "simulated" in r:
        lo, hi = r["std_interval"]
        std = f"{r['std']:.2f} ({lo:.2f}-{hi:.2f})*"
        mlo, mhi = r["median_interval"]
        median = f"{r['median']:.0f} ({mlo:.0f}-{mhi:.0f})*"
        blo, bhi = r["bonus_interval"]
        bonus = f"{r['bonus']:.1%} ({blo:.1%}-{bhi:.1%})*"
    else:
        std, median = f"{r['std']:.2f}", f"{r['median']:.0f}"
        bonus = "none" if r["bonus"] is None else f"{r['bonus']:.1%}"
    solve_time = f"{_seconds(r['solve_cpu'])} / {_seconds(r['solve_wall'])}"
    return (
        f"| {game.label} | {r['mean']:.7f} | {std} | {median} | {bonus} | {solve_time} | "
        f"{_seconds(r['extra_cpu'])} / {_seconds(r['extra_wall'])} | {r['peak_mib']:,.0f} MiB |"
    )


HEADER = (
    "| Game | Optimal mean | Std | Median | P(upper bonus) | Solve CPU / wall | Distribution CPU / wall "
    "| Peak memory |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|"
)


def table(results: dict[str, dict[str, Any]]) -> str:
    """The Markdown table of the games measured, in the order of `GAMES`.

    >>> print(table({}))
    | Game | Optimal mean | Std | Median | P(upper bonus) | Solve CPU / wall | Distribution CPU / wall | Peak memory |
    |---|---:|---:|---:|---:|---:|---:|---:|
    """
    return "\n".join([HEADER, *(row(g, results[g.key]) for g in GAMES if g.key in results)])


def checks(results: dict[str, dict[str, Any]]) -> list[str]:
    """One line per published figure: ours beside it, and whether they agree to the digits published.

    >>> print(checks({"yatzy": {"mean": 248.4399893779}})[0][:75])
    - Scandinavian Yatzy, mean: 248.44 published, 248.4399894 here: reproduced.
    """
    lines = []
    for key, what, value, digits, source in PUBLISHED:
        if key not in results:
            continue
        ours = float(results[key][what])
        agree = round(ours, digits) == round(value, digits)
        verdict = "reproduced" if agree else "NOT reproduced"
        lines.append(f"- {_find(key).label}, {what}: {value} published, {ours:.7f} here: {verdict}. Source: {source}.")
    return lines


def machine() -> str:
    """The machine's cores and processor, as the page gives them."""
    model = platform.processor() or "unknown processor"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model}), Python {platform.python_version()}"


def page(results: dict[str, dict[str, Any]], *, day: str, where: str) -> str:
    """The Markdown page of the table."""
    simulated = [r for r in results.values() if "simulated" in r]
    sims = ""
    if simulated:
        r = simulated[0]
        sims = (
            f"\n\\* Simulated: the mean is the solver's exact value; the standard deviation, median and "
            f"bonus chance come from {r['simulated']:,} games of the optimal strategy in batch "
            f"(`yamskit.solver.simulate`, seed 2026), with 95% intervals in brackets. Their mean, "
            f"{r['simulated_mean']:.3f} (standard error {r['simulated_stderr']:.3f}), lies "
            f"{abs(r['simulated_mean'] - r['mean']) / r['simulated_stderr']:.2f} standard errors from the exact "
            "value. The exact distribution is not worked out here: its forward pass would go through about 40 "
            "times Yatzy's between-turn states (57.5 million reachable against 1.43 million), each turn over "
            "462 rolls of six dice and 20 rows against Yatzy's 252 and 15: some hours of one core, and some GB "
            "for its largest layers (an estimate, not run).\n"
        )
    served = ""
    if results.get("generala", {}).get("served_win"):
        r = results["generala"]
        served = (
            "\nGenerala alone on its sheet: a served generala (made on the first throw and scored) wins a game of "
            "several players at once; a solitaire game has no one to beat, so the engine ends it there, at the score "
            "the sheet holds (the box's points and the boxes written before; Generala has no upper bonus), and the "
            "solver's value counts exactly that score ([The exact solver](solver.md), on Generala). The distribution "
            "counts those games at that score too: the optimal player takes the win only when it pays in points "
            "(keeping the five dice and writing the generala on the next throw pays the same 50 and plays on): "
            f"{r['served_win']:.4%} of its games end so, {r['served_win_last'] / r['served_win']:.0%} of them on "
            "the last turn (its last box open a generala or the doble generala, which also wins when served).\n"
        )
    rows = "\n".join(f"- `{g.key}`: `{g.call}`" for g in GAMES if g.key in results)
    published = "\n".join(checks(results))
    return f"""# Optimal values of the one-column games

The optimal player (the one that maximises the expected final score, `yamskit.solver.solve`) of
every shipped one-column game the solver takes, alone on its sheet: the expected final score,
and, from the exact distribution of the final score under that strategy
(`Strategy.distribution`), its standard deviation, median and the chance of ending with the
upper bonus (`ScoreDistribution.bonus_probability`; "none" where the sheet has no upper
bonus). The median is the lowest score that at least half the games do not beat.

Measured on {day} on {where}, by `python benchmarks/optimal_values.py --write`: each game is
solved in a fresh process, one after the other. Where other jobs share the machine, the times
move by some tens of percent from run to run and the wall times far more (the page on
[performance](../performance.md) says how busy each run was). Solve CPU / wall: building the
strategy table, in one process (`solve(..., processes=1)`). Distribution CPU / wall: the forward
pass of the distribution (or the simulated games, also in one process; its CPU time may pass
its wall time, as numpy's matrix products use both cores). Peak memory: the child
process's maximum resident size over the solve and the distribution together (`ru_maxrss`
from `os.wait4`).

{table(results)}
{sims}{served}
The games, as `yamskit.variant` builds them:

{rows}

## Published values reproduced

{published}

The other figures (the standard deviations, medians and bonus chances of every game, and the
optima of Kniffel with its number-box bonus, Yacht, Crag and Maxi Yatzy without saved throws)
we have not found published. Every mean is the solver's exact value, checked against a
brute-force oracle in fractions on small sheets; the tests hold the published optima above
(`tests/solver/test_optima.py`), and the distributions and bonus chances are checked against
the oracle and against optimal games in batch (`tests/solver/test_distribution*.py`). Games
left out: Maxi Yatzy with saved throws (the preset's default), whose store of saved throws
the solver takes only capped (its value lies between 496.6318, exact with the store capped at
21 throws, and an upper bound of 601.7433: [The exact solver](solver.md), "Saved throws"), and
the games of other shapes (several columns). How
the solver and the distribution work: [The exact solver](solver.md).
"""


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments and run.

    >>> parse(["--only", "yatzy", "crag", "--games", "1000"]).only
    ['yatzy', 'crag']
    """
    args = parse(argv)
    if args.child is not None:
        print(json.dumps(measure(_find(args.child), args.games)), flush=True)
        return
    results: dict[str, dict[str, Any]] = {}
    if args.load:
        results.update(json.loads(Path(args.load).read_text()))
    keys = [] if args.load and not args.only else (args.only or [g.key for g in GAMES])
    for key in keys:
        game = _find(key)
        print(f"{game.label} ...", file=sys.stderr, flush=True)
        results[key] = run_child(game, args.games)
        print(row(game, results[key]), flush=True)
        if args.json:
            Path(args.json).write_text(json.dumps(results, indent=1))
    print(table(results))
    if args.write:
        from yamskit._files import write_atomic

        day = datetime.datetime.now(datetime.UTC).date().isoformat()
        write_atomic(PAGE, page(results, day=day, where=machine()))
        print(f"wrote {PAGE}", file=sys.stderr)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", nargs="+", metavar="GAME", help="these games only (keys: " + ", ".join(g.key for g in GAMES) + ")"
    )
    parser.add_argument(
        "--games", type=int, default=100_000, help="optimal games simulated where the distribution is too large"
    )
    parser.add_argument("--json", metavar="PATH", help="keep the results here as they come")
    parser.add_argument("--load", metavar="PATH", help="start from results saved by --json")
    parser.add_argument("--write", action="store_true", help=f"write {PAGE}")
    parser.add_argument("--child", metavar="GAME", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    for key in args.only or []:
        _find(key)
    return args


if __name__ == "__main__":
    main()
