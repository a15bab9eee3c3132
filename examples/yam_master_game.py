"""Play a seeded game of Yam Master between two random players and show the board.

Run: python examples/yam_master_game.py [SEED]
"""

from __future__ import annotations

import sys

import yamskit
from yamskit.bots import RandomPlayer, play


def main(seed: int = 3) -> yamskit.Result:
    """Play the game, print the final board and how it ended, and return the result."""
    game = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=seed)
    final = play(game, [RandomPlayer(seed=seed), RandomPlayer(seed=seed + 1)])
    print(final.render())
    result = final.result()
    print(
        f"Ended after {final.turns} turns ({final.end_reason}); scores:",
        dict(zip(result.players, result.scores, strict=True)),
    )
    details = result.details
    for run in details.get("lines", []) + details["runs"]:
        cells = " ".join(f"({r},{c})" for r, c in run["cells"])
        direction = run["direction"].replace("_", "-")
        print(f"  {result.players[run['player']]}: {run['length']} tokens along a {direction}: {cells}")
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
