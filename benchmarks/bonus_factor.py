"""Fit the one-column bonus factor of the sheet view (`yamskit.bots.sheet.ONE_COLUMN_BONUS_FACTOR`) by simulated play.

Usage::

    python benchmarks/bonus_factor.py --games 300 --factors 1.0 1.2 1.3 1.4 1.5 --jobs 2
    python benchmarks/bonus_factor.py --challenge --games 200 --factors 1.0 1.15 1.3 --jobs 2

The hard bot plays Maxi Yatzy alone (six dice, an upper bonus of 100 at 84), with and
without saved throws, once per factor on the same dice seeds ``seed + i``: its mean score
with a 95% interval (normal). The ``"medium"`` level plays the same seeds in the same run,
as the yardstick; the exact optimum (`docs/explanation/solver.md`: 394.56 without saved
throws, at least 496.63 with them) is the ceiling. ``--challenge`` plays Yams Challenge
alone instead (four columns, where the bot keeps a factor of 1), with the same bot and
factors.

The factor is the bot's own (``StrongPlayer`` passes `bonus_factor_of` the rules to the
sheet view); the sweep plays `choose_on_sheet` with each factor directly.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from worth_factor import interval  # benchmarks/worth_factor.py: the sweeps' one interval

import yamskit
from yamskit.bots import play, player
from yamskit.bots.sheet import ONE_COLUMN_BONUS_FACTOR, choose_on_sheet

#: The optimum of each game from the solver's pages (no saved throws: exact; saved: cap 21's lower bound).
OPTIMUM = {False: 394.56, True: 496.63}


class WithFactor:
    """The hard bot's sheet play (three throws ahead) with its own bonus factor."""

    def __init__(self, factor: float) -> None:
        self.factor = factor

    def choose(self, state: Any) -> Any:
        return choose_on_sheet(state, depth=3, bonus_factor=self.factor)


def one_game(task: tuple[float | None, bool | None, int]) -> int:
    """The score of one game: the sweep's bot with ``factor``, or the medium level when it is ``None``.

    ``saved`` is Maxi Yatzy's saved-throws option, or ``None`` for a game of Yams Challenge.
    """
    factor, saved, seed = task
    variant = yamskit.variant("challenge") if saved is None else yamskit.variant("maxi-yatzy", saved_throws=saved)
    bot = player(variant, "medium", seed=seed) if factor is None else WithFactor(factor)
    return play(variant.new_game(["A"], seed=seed), [bot]).result().scores[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per factor and game (default 300)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--factors", type=float, nargs="+", default=[1.0, 1.2, 1.3, 1.4, 1.5])
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--challenge", action="store_true", help="Yams Challenge alone instead of Maxi Yatzy")
    args = parser.parse_args(argv)
    game = "Yams Challenge" if args.challenge else "Maxi Yatzy"
    games: tuple[bool | None, ...] = (None,) if args.challenge else (False, True)
    print(f"# bonus factor sweep, {game} alone: {args.games} games each, seed {args.seed}")
    print(f"# the hard bot's factor now: {ONE_COLUMN_BONUS_FACTOR} on one column, 1 on several")
    if args.challenge:
        print("| player | mean (95% CI) |")
        print("|---|---:|")
    else:
        print("| player | no saved throws: mean (95% CI) | saved throws: mean (95% CI) |")
        print("|---|---:|---:|")
    rows: list[tuple[str, float | None]] = [("medium level", None)]
    rows += [(f"factor {factor:.2f}", factor) for factor in args.factors]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for label, factor in rows:
            cells = []
            for saved in games:
                tasks = [(factor, saved, args.seed + i) for i in range(args.games)]
                cells.append(interval(list(pool.map(one_game, tasks, chunksize=5))))
            print(f"| {label} | {' | '.join(cells)} |", flush=True)
    if not args.challenge:
        print(f"| optimum (solver) | {OPTIMUM[False]} | at least {OPTIMUM[True]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
