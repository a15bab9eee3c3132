"""Play a seeded Yamslam game between three greedy players, then a three-game match.

A greedy player takes the most valuable chip its dice win (after any throw); otherwise
it keeps the dice of its most common face and throws the rest again.

Run: python examples/yamslam_game.py [SEED]
"""

from __future__ import annotations

import sys
from typing import Any

import yamskit
from yamskit import Dice, Pass, Roll, TakeChip
from yamskit.variants.yamslam.chips import Chip
from yamskit.variants.yamslam.match import play_match


class Greedy:
    """Takes the best chip on offer; else keeps its most common face and throws again."""

    def choose(self, state: Any) -> yamskit.Action:
        legal = list(state.legal_actions())
        takes = [a for a in legal if isinstance(a, TakeChip)]
        if takes:
            return max(takes, key=lambda a: (Chip(a.kind).points, a.from_discard))
        if Roll() in legal and state.turn.has_thrown:
            counts = state.dice.counts
            face = max(range(1, 7), key=lambda f: (counts[f - 1], f))
            return Roll(keep=Dice.of(*[face] * counts[face - 1]))
        return Roll() if Roll() in legal else Pass()


def main(seed: int = 3) -> yamskit.Result:
    """Play one game and print it, then play a short match and print the standings."""
    game = yamskit.variant("yamslam").new_game(players=["Ann", "Bob", "Cy"], seed=seed, first_player="roll_off")
    final = yamskit.play(game, [Greedy(), Greedy(), Greedy()])
    print(final.render())
    if final.last_draw is None:
        print("The last chip on the rack was discarded: nobody scores the last draw.")
    result = final.result()
    for name, entry in zip(result.players, result.details["players"], strict=True):
        bonuses = {k: entry[k] for k in ("golden_7", "silver_6", "full_stacks", "last_draw") if entry[k]}
        print(f"  {name}: {entry['chip_points']} in chips, bonuses {bonuses or 'none'}, total {entry['total']}")

    match = play_match(yamskit.variant("yamslam"), [Greedy(), Greedy()], names=["Ann", "Bob"], games=3, seed=seed)
    print("\nA match of three games:")
    for standing in match.standings:
        leaders = " and ".join(match.players[i] for i in standing.leaders)
        print(f"  after game {standing.game}: scores {standing.scores}, totals {standing.totals}; leading: {leaders}")
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
