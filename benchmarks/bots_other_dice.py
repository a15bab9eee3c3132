"""The bots' strength on sheets of other than five dice: mean solitaire scores by level.

Usage::

    python benchmarks/bots_other_dice.py --games 200

Two sheets, each game with dice seed ``i`` and the bot seeded ``i`` (0 to ``games - 1``),
the same seeds for every level: a Crag-like sheet of three dice and two throws (ones to
sixes, thirteen worth 26, a run of three worth 20, three of a kind worth 25, chance), and a
sheet of six dice and three throws (ones to sixes with 50 at 84, six of a kind worth 100,
chance). It prints, per sheet and level, the mean score, its standard error and the seconds
the games took. docs/explanation/bots.md has the figures.
"""

from __future__ import annotations

import argparse
import statistics
import time

import yamskit
from yamskit.bots import player
from yamskit.categories import Category, constant, n_of_a_kind, total, upper, when
from yamskit.scorecard import ScorecardVariant, UpperBonus


def _thirteen(dice: yamskit.Dice) -> int:
    return 26 if dice.total == 13 else 0


def _run(dice: yamskit.Dice) -> int:
    return 20 if len(set(dice.faces)) == 3 and dice.faces[2] - dice.faces[0] == 2 else 0


def crag_like() -> ScorecardVariant:
    rows = [upper(f) for f in range(1, 7)]
    rows += [
        Category("thirteen", _thirteen),
        Category("run", _run),
        Category("three_of_a_kind", when(n_of_a_kind(3), constant(25))),
        Category("chance", total),
    ]
    return ScorecardVariant.define("crag-like", rows=rows, dice=3, max_throws=2)


def six_dice() -> ScorecardVariant:
    rows = [upper(f) for f in range(1, 7)]
    rows += [Category("six_of_a_kind", when(n_of_a_kind(6), constant(100))), Category("chance", total)]
    return ScorecardVariant.define("six-dice", rows=rows, dice=6, bonus=UpperBonus.single(84, 50))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    for make in (crag_like, six_dice):
        variant = make()
        for level in ("easy", "medium", "hard"):
            start = time.perf_counter()
            scores = []
            for seed in range(args.games):
                game = variant.new_game(seed=seed)
                bot = player(variant, level, seed=seed)
                while not game.is_over:
                    game = game.apply(bot.choose(game))
                scores.append(game.result().scores[0])
            error = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
            seconds = time.perf_counter() - start
            print(f"{variant.name:10} {level:7} mean {statistics.mean(scores):7.2f} ± {error:4.2f}  {seconds:6.1f} s")


if __name__ == "__main__":
    main()
