"""Fit the worth of saved throws (`yamskit.bots.store`) by simulated play: Maxi Yatzy alone.

Usage::

    python benchmarks/store_worth.py --games 300 --settings 0:0.8 5:0.8 10:0.8 12:0.7 15:0.6 10:0.9 --jobs 2

Each setting ``WORTH:DECAY`` is the worth of a store's first throw and the share each
further throw keeps (`SAVED_THROW_WORTH`, `SAVED_THROW_DECAY`); ``0:...`` is the bot that
gives saved throws no worth. The hard bot plays Maxi Yatzy alone (saved throws, the
preset's rules) on the dice seeds ``seed + i``, the same for every setting: its mean score
with a 95% interval (normal). The ``"medium"`` level plays the same seeds in the same run
as the yardstick; the solver's value of the game capped at 21 stored throws (at least
496.63, `docs/explanation/solver.md`) is the ceiling.

The setting is the bot's own: the module's two figures are swapped in for each decision.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from worth_factor import interval  # benchmarks/worth_factor.py: the sweeps' one interval

import yamskit
from yamskit.bots import StrongPlayer, play, player
from yamskit.bots import store as store_module

#: The solver's lower bound of Maxi Yatzy's optimum (the store capped at 21 throws).
OPTIMUM = 496.63


class WithStoreWorth:
    """The hard bot, deciding with its own worth of saved throws."""

    def __init__(self, variant: Any, worth: float, decay: float) -> None:
        self.bot = StrongPlayer(variant, time_budget=0.0)
        self.setting = (worth, decay)

    def choose(self, state: Any) -> Any:
        saved = store_module.SAVED_THROW_WORTH, store_module.SAVED_THROW_DECAY
        store_module.SAVED_THROW_WORTH, store_module.SAVED_THROW_DECAY = self.setting
        try:
            return self.bot.choose(state)
        finally:
            store_module.SAVED_THROW_WORTH, store_module.SAVED_THROW_DECAY = saved


def one_game(task: tuple[tuple[float, float] | None, int]) -> int:
    """The score of one game: the hard bot with a setting, or the medium level when it is ``None``."""
    setting, seed = task
    variant = yamskit.variant("maxi-yatzy")
    bot = player(variant, "medium", seed=seed) if setting is None else WithStoreWorth(variant, *setting)
    return play(variant.new_game(["A"], seed=seed), [bot]).result().scores[0]


def _setting(text: str) -> tuple[float, float]:
    worth, _, decay = text.partition(":")
    try:
        return float(worth), float(decay)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a setting is WORTH:DECAY, such as 10:0.8, not {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per setting (default 300)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--settings", type=_setting, nargs="+", default=[(0.0, 0.8), (10.0, 0.8)])
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    now = (store_module.SAVED_THROW_WORTH, store_module.SAVED_THROW_DECAY)
    print(f"# saved-throw worth sweep, Maxi Yatzy alone: {args.games} games each, seed {args.seed}; now {now}")
    print("| player | mean (95% CI) |")
    print("|---|---:|")
    rows: list[tuple[str, tuple[float, float] | None]] = [("medium level", None)]
    rows += [(f"worth {worth:g}, decay {decay:g}", (worth, decay)) for worth, decay in args.settings]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for label, setting in rows:
            scores = list(pool.map(one_game, [(setting, args.seed + i) for i in range(args.games)], chunksize=5))
            print(f"| {label} | {interval(scores)} |", flush=True)
    print(f"| optimum (solver, store capped at 21) | at least {OPTIMUM} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
