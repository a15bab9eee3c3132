"""Play a complete, seeded game of classic Yams between two greedy bots.

Run: python examples/quickstart.py [SEED]
"""

from __future__ import annotations

import sys

import yamskit
from yamskit.bots import GreedyPlayer, play


def main(seed: int = 7) -> yamskit.Result:
    """Play the game, print both score sheets and the winner, and return the result."""
    game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=seed)
    final = play(game, [GreedyPlayer(), GreedyPlayer()])
    print(final.render())
    result = final.result()
    print("Scores:", dict(zip(result.players, result.scores, strict=True)))
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
