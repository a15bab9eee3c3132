"""Play a seeded 1v1 game of Competitive Yams between two random players and print the duel table.

Run: python examples/competitive_duel.py [SEED] [MODE]   (MODE: 1v1, 1v1v1 or 2v2)
"""

from __future__ import annotations

import sys

import yamskit
from yamskit.bots import RandomPlayer, play

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def duel_table(result: yamskit.Result) -> str:
    """The duels of a competitive result as a text table, then each player's and team's score."""
    head = f"{'column':<10}{'coef':>5}  {'pair':<10}{'raws':>11}{'clean':>8}{'x':>3}{'diff':>6}{'points':>16}"
    lines = [head, "-" * len(head)]
    for d in result.details["duels"]:
        clean = "/".join("C" if c else "-" for c in d["clean"])
        lines.append(
            f"{d['column']:<10}{d['coefficient']:>5}  {' v '.join(d['players']):<10}"
            f"{d['raw'][0]:>5} {d['raw'][1]:>5}{clean:>8}{d['multiplier']:>3}{d['difference']:>6}"
            f"{d['points'][0]:>8}{d['points'][1]:>8}"
        )
    lines.append("")
    lines.extend(f"{name}: {score}" for name, score in zip(result.players, result.scores, strict=True))
    if result.details["mode"] == "2v2":
        lines.extend(f"Team {'+'.join(t['names'])}: {t['score']}" for t in result.details["teams"])
    lines.append("Winner(s): " + ", ".join(result.winner_names))
    return "\n".join(lines)


def main(seed: int = 7, mode: str = "1v1") -> yamskit.Result:
    """Play the game, print the final sheets and the duel table, and return the result."""
    variant = yamskit.variant("competitive", mode=mode)
    names = NAMES[: {"1v1": 2, "1v1v1": 3, "2v2": 4}[mode]]
    game = variant.new_game(players=names, seed=seed)
    final = play(game, [RandomPlayer(seed=seed + i) for i in range(len(names))])
    print(final.render())
    print()
    result = final.result()
    print(duel_table(result))
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7, sys.argv[2] if len(sys.argv) > 2 else "1v1")
