"""How close the hard bot comes to the optimum in one-column solitaire when it has no strategy table.

Usage::

    python benchmarks/solitaire_strength.py --games 7000                 # classic
    python benchmarks/solitaire_strength.py --games 3000 --variant yatzy # Scandinavian Yatzy (defined below)
    python benchmarks/solitaire_strength.py --games 300 --regret         # the gap by summed regrets (faster)
    python benchmarks/solitaire_strength.py --games 300 --regret --variant yatzy16  # 16 rows (Yatzy + one)
    python benchmarks/solitaire_strength.py --games 300 --bot split      # the split evaluation instead
    python benchmarks/solitaire_strength.py --games 300 --regret --bot view   # the sheet view (hard on Challenge)
    python benchmarks/solitaire_strength.py --games 300 --regret --bot ahead  # the view one turn deeper (expert)

The bot is ``StrongPlayer(variant, time_budget=0)``: it never solves the sheet; it
fits values on a sample of the sheet's states and plays them one turn deeper
(`yamskit.bots.fitted_values`; the fit is timed and printed, not counted in the
decision times). ``--bot split`` plays the split evaluation with its fitted
corrections instead (`yamskit.bots.split`, `yamskit.bots.fitted`: the ``"medium"``
level's evaluation, and the hard bot's on sheets of more than 16 rows). ``--bot view``
plays the sheet view (`yamskit.bots.sheet.choose_on_sheet`, with the one-column bonus
factor), the evaluation hard plays on the sheets it neither solves nor fits (Balut, Yams
Challenge), and ``--bot ahead`` that view one turn deeper at the box
(`yamskit.bots.ahead.AheadPlayer`, the expert there): on a sheet the solver handles, they
show how far that view stands from the optimum. Game ``i`` uses dice seed ``seed + i``. The optimum is the
exact solver's expected score (solved once here, on one process, and not counted in
the decision times). The score is given with its 95% interval (normal, 1.96 standard
errors). ``--regret`` estimates the gap instead by adding up, along each game, how
much each of the bot's decisions loses against the best one by the exact values: the
same expectation as the gap, with a much smaller spread, and splits it between the
keeps (throwing again) and the boxes (ending the turn).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import yamskit
from yamskit.bots import StrongPlayer
from yamskit.bots.ahead import AheadPlayer
from yamskit.bots.sheet import bonus_factor_of, choose_on_sheet
from yamskit.bots.split import choose_split
from yamskit.categories import Category, total, upper
from yamskit.dice import Dice
from yamskit.scorecard import UpperBonus

#: The bots ``--bot`` names, and how the report calls each.
BOTS: dict[str, str] = {
    "hard": "StrongPlayer(time_budget=0)",
    "split": "the split evaluation",
    "view": "the sheet view",
    "ahead": "the sheet view one turn deeper (AheadPlayer)",
}


def _counts(dice: Dice) -> Counter[int]:
    return Counter(dice.faces)


def _pairs(dice: Dice) -> list[int]:
    return sorted((face for face, n in _counts(dice).items() if n >= 2), reverse=True)


def _of_a_kind(n: int) -> Any:
    def score(dice: Dice) -> int:
        faces = [face for face, k in _counts(dice).items() if k >= n]
        return n * max(faces) if faces else 0

    return score


def yatzy() -> yamskit.ScorecardVariant:
    """Scandinavian Yatzy, a user-defined sheet of 15 rows (50 bonus points at 63), as a user would declare it."""
    rows = [
        *(upper(face) for face in range(1, 7)),
        Category("one_pair", lambda d: 2 * _pairs(d)[0] if _pairs(d) else 0),
        Category("two_pairs", lambda d: 2 * sum(_pairs(d)) if len(_pairs(d)) == 2 else 0),
        Category("three_of_a_kind", _of_a_kind(3)),
        Category("four_of_a_kind", _of_a_kind(4)),
        Category("small_straight", lambda d: 15 if d.faces == (1, 2, 3, 4, 5) else 0),
        Category("large_straight", lambda d: 20 if d.faces == (2, 3, 4, 5, 6) else 0),
        Category("full_house", lambda d: d.total if sorted(_counts(d).values()) == [2, 3] else 0),
        Category("chance", total),
        Category("yatzy", lambda d: 50 if len(set(d.faces)) == 1 else 0),
    ]
    return yamskit.ScorecardVariant.define("yatzy", rows=rows, bonus=UpperBonus.single(63, 50))


def _four_in_a_row(dice: Dice) -> int:
    faces = set(dice.faces)
    return 25 if any(set(range(low, low + 4)) <= faces for low in (1, 2, 3)) else 0


def yatzy16() -> yamskit.ScorecardVariant:
    """Yatzy with a 16th row, four faces in a row for 25: the largest sheet the solver's model takes."""
    rows = [*yatzy().rules.rows, Category("four_in_a_row", _four_in_a_row)]
    return yamskit.ScorecardVariant.define("yatzy16", rows=rows, bonus=UpperBonus.single(63, 50))


def variant_named(name: str) -> Any:
    """A registered variant, ``yatzy`` or ``yatzy16``."""
    own = {"yatzy": yatzy, "yatzy16": yatzy16}
    return own[name]() if name in own else yamskit.variant(name)


def optimum(variant: Any) -> Any:
    """The variant's solved strategy (one process, quiet)."""
    from yamskit.solver import solve

    return solve(variant, processes=1, quiet=True)


def measure(variant: Any, games: int, seed: int, strategy: Any = None, bot_name: str = "hard") -> dict[str, Any]:
    """Play ``games`` solitaire games; scores, decision times, set-up time and (with ``strategy``) summed regrets."""
    hard = StrongPlayer(variant, time_budget=0.0)
    bonus = bonus_factor_of(variant.rules)
    bots: dict[str, Callable[[Any], Any]] = {
        "hard": hard.choose,
        "split": choose_split,
        "view": lambda game: choose_on_sheet(game, depth=hard.depth, bonus_factor=bonus),
        "ahead": AheadPlayer().choose,
    }
    choose = bots[bot_name]
    start = time.perf_counter()
    choose(variant.new_game(seed=seed).apply(yamskit.Roll()))  # the fit or the parts, once, before the clock
    setup = time.perf_counter() - start
    times: list[float] = []
    scores: list[float] = []
    regrets: list[float] = []
    keep_regrets: list[float] = []
    for i in range(games):
        game = variant.new_game(seed=seed + i)
        lost = lost_keeping = 0.0
        while not game.is_over:
            start = time.perf_counter()
            action = choose(game)
            times.append(time.perf_counter() - start)
            if strategy is not None and game.turn.has_thrown:
                regret = next(a.regret for a in strategy.advise(game) if a.action == action)
                lost += regret
                lost_keeping += regret if isinstance(action, yamskit.Roll) else 0.0
            game = game.apply(action)
        scores.append(float(game.result().scores[0]))
        regrets.append(lost)
        keep_regrets.append(lost_keeping)
    times.sort()
    return {
        "scores": scores,
        "regrets": regrets,
        "keep_regrets": keep_regrets,
        "setup_s": setup,
        "median_ms": 1000 * statistics.median(times),
        "p99_ms": 1000 * times[min(len(times) - 1, int(0.99 * len(times)))],
    }


def _interval(values: list[float]) -> tuple[float, float]:
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=7000, help="games (default 7000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (default 0)")
    parser.add_argument("--variant", default="classic", help="a one-column variant, yatzy or yatzy16")
    parser.add_argument("--regret", action="store_true", help="also sum each decision's regret (slower per game)")
    parser.add_argument("--bot", choices=list(BOTS), default="hard", help=f"one of {', '.join(BOTS)} (default hard)")
    args = parser.parse_args(argv)
    variant = variant_named(args.variant)
    start = time.perf_counter()
    strategy = optimum(variant)
    solved = time.perf_counter() - start
    best = strategy.expected_score()
    row = measure(variant, args.games, args.seed, strategy if args.regret else None, args.bot)
    mean, half = _interval(row["scores"])
    bot = BOTS[args.bot]
    print(f"# {args.variant} solitaire, {bot}, {args.games} games from seed {args.seed}")
    print(f"# set-up (fit or parts, once): {row['setup_s']:.2f} s; the exact solve, one process: {solved:.2f} s")
    print(
        "| variant | games | mean (95% CI) | optimum | gap | gap by regrets | of which keeps | boxes "
        "| ms/decision median | p99 |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    by_regret = keeps = boxes = "-"
    if args.regret:
        by_regret, keeps, boxes = (
            "{:.2f} ± {:.2f}".format(*_interval(values))
            for values in (
                row["regrets"],
                row["keep_regrets"],
                [a - b for a, b in zip(row["regrets"], row["keep_regrets"], strict=True)],
            )
        )
    print(
        f"| {args.variant} | {args.games} | {mean:.2f} ± {half:.2f} | {best:.2f} | {best - mean:.2f} "
        f"| {by_regret} | {keeps} | {boxes} | {row['median_ms']:.2f} | {row['p99_ms']:.1f} |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
