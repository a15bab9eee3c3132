"""Record a game, check it, then tamper with it and see the referee catch the change.

Run: python examples/check_record.py
"""

from __future__ import annotations

import attrs

import yamskit
from yamskit import GameRecord, Move, Score, check_record
from yamskit.bots import RandomPlayer, play


def main() -> int:
    """Check an honest record and a tampered one; return the exit status (0)."""
    game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=7)
    final = play(game, [RandomPlayer(seed=1), RandomPlayer(seed=2)])
    record = GameRecord.from_game(final, claimed=True, metadata={"event": "club night"})
    text = record.dump()  # what a server would store or a client would send

    honest = check_record(text)
    print("honest record:", honest.summary())

    # The first scoring move now fills the Yams box instead: legal there (it scores 0),
    # so the referee reports whatever breaks next: the move that fills the Yams box a
    # second time, or, if there is none, the claimed totals that no longer add up...
    first = next(i for i, m in enumerate(record.moves) if isinstance(m.action, Score))
    moves = list(record.moves)
    moves[first] = Move(moves[first].player, Score("yams"))
    print("changed box:  ", check_record(attrs.evolve(record, moves=moves)).summary())

    # ... and a move made out of turn is caught at its index, with the rule it breaks.
    moves = list(record.moves)
    moves[0] = Move(1 - moves[0].player, moves[0].action)
    report = check_record(attrs.evolve(record, moves=moves))
    print("out of turn:  ", report.summary())
    return 0 if honest.valid and not report.valid else 1


if __name__ == "__main__":
    raise SystemExit(main())
