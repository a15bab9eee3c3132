"""Fit the box-worth factor of multi-column sheets (`yamskit.bots.sheet.WORTH_FACTOR`) by simulated play.

Usage::

    python benchmarks/worth_factor.py --games 200 --factors 0.7 0.8 0.88 0.95 1.0 1.1

Two measures for each factor, every game with dice seed ``seed + i``, the same seeds
for every factor:

* **Yams Challenge, solitaire**: the hard bot's mean score (95% interval, normal);
* **Competitive Yams 1v1**: the hard bot with the factor against the hard bot with
  the current factor, seats swapped every other game: its mean duel margin (its
  final points less the other's; 95% interval) and its score (wins plus half the
  draws, over the games).

The factor is set for the bot's own decisions only (the module constant is swapped
around each call to ``choose``), so two factors can meet in one game.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from typing import Any

import yamskit
from yamskit.bots import StrongPlayer, play
from yamskit.bots import sheet as sheet_module

CURRENT = sheet_module.WORTH_FACTOR


class WithFactor:
    """The hard bot, deciding with its own worth factor."""

    def __init__(self, variant: Any, factor: float) -> None:
        self.bot = StrongPlayer(variant, time_budget=0.0)
        self.factor = factor

    def choose(self, state: Any) -> Any:
        saved = sheet_module.WORTH_FACTOR
        sheet_module.WORTH_FACTOR = self.factor
        sheet_module._RECENT.clear()  # a view cached with another factor must not be reused
        try:
            return self.bot.choose(state)
        finally:
            sheet_module.WORTH_FACTOR = saved
            sheet_module._RECENT.clear()


def interval(values: Sequence[float]) -> str:
    """The mean of ``values`` and the half-width of its 95% interval (normal): ``"245.7 ± 0.9"``."""
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{statistics.fmean(values):.1f} ± {half:.1f}"


def challenge(factor: float, games: int, seed: int) -> str:
    variant = yamskit.variant("challenge")
    bot = WithFactor(variant, factor)
    scores = [float(play(variant.new_game(seed=seed + i), [bot]).result().scores[0]) for i in range(games)]
    return interval(scores)


def competitive(factor: float, games: int, seed: int) -> tuple[str, float]:
    variant = yamskit.variant("competitive")
    margins: list[float] = []
    points = 0.0
    for i in range(games):
        mine, theirs = WithFactor(variant, factor), WithFactor(variant, CURRENT)
        seats = [theirs, mine] if i % 2 else [mine, theirs]
        me = seats.index(mine)
        result = play(variant.new_game(["A", "B"], seed=seed + i), seats).result()
        margins.append(float(result.scores[me] - result.scores[1 - me]))
        winners = set(result.winners)
        points += 1.0 if winners == {me} else 0.5 if me in winners else 0.0
    return interval(margins), points / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per factor and measure (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--factors", type=float, nargs="+", default=[0.7, 0.8, 0.88, 0.95, 1.0, 1.1])
    parser.add_argument("--only", choices=["challenge", "competitive"], help="one measure only")
    args = parser.parse_args(argv)
    print(f"# worth factor sweep: {args.games} games per factor and measure, seed {args.seed}; current {CURRENT}")
    print("| factor | challenge solitaire: mean (95% CI) | competitive 1v1 vs current: margin (95% CI) | score |")
    print("|---:|---:|---:|---:|")
    for factor in args.factors:
        solo = challenge(factor, args.games, args.seed) if args.only in (None, "challenge") else "-"
        margin, score = competitive(factor, args.games, args.seed) if args.only in (None, "competitive") else ("-", 0)
        print(f"| {factor:.2f} | {solo} | {margin} | {100 * score:.1f}% |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
