"""One match-up of `benchmarks/bots.py`, game by game, each outcome appended to a JSONL file as it ends.

Usage::

    python benchmarks/bots_incremental.py "competitive 1v1" hard easy 400 games.jsonl

The games are those of ``bots.py --seed 0`` (the same seeds, seats and bots); a rerun
resumes after the games already in the file. Each line holds the game's index, the
first side's outcome and its decision times in seconds, so a long run stopped early
still gives figures for the games it finished (summarise whole pairs of seatings).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bots import SETUPS, _prepare, play_one


def main(argv: list[str]) -> int:
    label, first, second, games, out = argv[0], argv[1], argv[2], int(argv[3]), Path(argv[4])
    setup = next(s for s in SETUPS if s.label == label)
    _prepare(setup, first)
    start = len(out.read_text().splitlines()) if out.exists() else 0
    with out.open("a") as f:
        for index in range(start, games):
            outcome, times = play_one((setup, first, second, 0, index))
            f.write(json.dumps({"i": index, "outcome": outcome, "times": times}) + "\n")
            f.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
