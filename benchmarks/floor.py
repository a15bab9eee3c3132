"""How much of a classic step is the library's generality: a flat classic engine beside yamskit and pyhtzee.

Usage::

    python benchmarks/floor.py [--seconds 2] [--repeat 3] [--check 50]

The flat engine plays classic Yams (one player) as yamskit plays it: the same legal
decisions in the same order, the faces of the same seeded stream (it throws with
`yamskit.DiceStream` itself), states that are values linked to the moves before them.
It is written for this one rule set, with every answer looked up in a table; what it
leaves out is what makes yamskit a library: the variant's composed parts (fill policy,
turn conditions, placement rules, bonuses), the protocol's dispatch and checks, and the
`Placement`, `Cell` and `Sheet` values a write makes. It comes in two builds:

* ``flat, plain values``: a state is a slotted object of ints and tuples, the history a
  pair (the moves before, the action);
* ``flat, yamskit's values``: each step also makes what a yamskit state holds besides
  its sheet: the `Turn` after a throw, a `History` link with a shared `Move`, and a
  frozen attrs state of twelve fields built through its slots, as
  `yamskit.ScorecardGame` is.

Before timing, the script plays ``--check`` games with all three and stops if any
legal list, choice or box differs. The figures (steps per CPU second, the median of
``--repeat`` runs; pyhtzee timed just before each repeat, as in ``protocol.py``) bound what a rewrite of the hot
path could gain while keeping yamskit's values, and what only other values could: see
docs/performance.md, "What bounds a step".
"""

from __future__ import annotations

import argparse
import random
from bisect import bisect_left
from typing import Any

import attrs
from peers import ensure
from protocol import median_of, paired, pyhtzee_games, random_games, ratio_text

import yamskit
from yamskit._fast import builder
from yamskit.dice import KEEPS, NUM_DICE, SUB_KEEPS, DiceStream
from yamskit.history import EMPTY_HISTORY, History, Move
from yamskit.turn import Turn, thrown_parts

VARIANT = yamskit.variant("classic")
ACTIONS = VARIANT.actions
RULES = VARIANT.rules
ROWS = len(RULES.rows)
#: Each row's points for each of the 252 rolls.
POINTS = tuple(row.table for row in RULES.rows)
SCORE_BASE = RULES.tables.score_base
SCRATCH_BASE = SCORE_BASE + ROWS
ALL_FILLED = (1 << ROWS) - 1
BY_IDENTITY = {id(action): i for i, action in enumerate(ACTIONS)}
START = Turn.start(max_throws=RULES.max_throws)
#: The Score then the Scratch ids of the empty rows, by mask of the filled rows.
OPEN: dict[int, tuple[int, ...]] = {}


def open_ids(mask: int) -> tuple[int, ...]:
    """The Score ids, then the Scratch ids, of the rows ``mask`` leaves empty."""
    found = OPEN.get(mask)
    if found is None:
        empty = [r for r in range(ROWS) if not mask >> r & 1]
        found = OPEN[mask] = tuple(SCORE_BASE + r for r in empty) + tuple(SCRATCH_BASE + r for r in empty)
    return found


class Flat:
    """A flat classic state (plain values): filled rows, points, the turn as ints, the stream, the moves."""

    __slots__ = ("_legal", "cells", "history", "is_over", "last", "mask", "stream", "throws")

    mask: int
    cells: tuple[int | None, ...]  # points, or None for an empty or crossed-out box (as `Cell.points`)
    throws: int
    last: int  # the roll index of the last throw
    stream: DiceStream
    history: Any
    is_over: bool
    _legal: tuple[int, ...] | None

    @classmethod
    def start(cls, seed: int) -> Flat:
        state = object.__new__(cls)
        state.mask, state.cells, state.throws, state.last = 0, (None,) * ROWS, 0, 0
        state.stream, state.history, state.is_over, state._legal = DiceStream(seed=seed), None, False, None
        return state

    def legal_action_ids(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            if not self.throws:
                legal = (0,)
            elif self.throws < START.max_throws:
                legal = SUB_KEEPS[self.last] + open_ids(self.mask)
            else:
                legal = open_ids(self.mask)
            self._legal = legal
        return legal

    def apply(self, action: object) -> Flat:
        if self.is_over:
            raise ValueError("the game is over")
        i = BY_IDENTITY.get(id(action))
        legal = self.legal_action_ids()
        k = bisect_left(legal, i) if i is not None else len(legal)
        if k == len(legal) or legal[k] != i:
            raise ValueError(f"{action!r} is not legal here")
        new = object.__new__(type(self))
        new._legal = None
        new.history = self.link(action)
        if i < SCORE_BASE:  # a throw, keeping KEEPS[i]
            keep = KEEPS[i]
            rolled, new.stream = self.stream.throw(NUM_DICE - len(keep.faces))
            throw = thrown_parts(keep, rolled)[1]
            new.mask, new.cells, new.throws, new.last, new.is_over = (
                self.mask,
                self.cells,
                self.throws + 1,
                throw.index,
                False,
            )
            self.thrown(new, throw)
        else:  # a Score or a Scratch
            r = (i - SCORE_BASE) % ROWS
            cells = self.cells
            new.cells = (*cells[:r], POINTS[r][self.last] if i < SCRATCH_BASE else None, *cells[r + 1 :])
            new.mask = self.mask | 1 << r
            new.stream, new.throws, new.last, new.is_over = self.stream, 0, 0, new.mask == ALL_FILLED
            self.written(new)
        return new

    def link(self, action: object) -> Any:
        return (self.history, action)

    def thrown(self, new: Flat, throw: Any) -> None:
        """Nothing more for plain values."""

    def written(self, new: Flat) -> None:
        """Nothing more for plain values."""


@attrs.frozen
class Twelve:
    """A frozen attrs value of twelve fields, the size of `yamskit.ScorecardGame`."""

    f0: Any
    f1: Any
    f2: Any
    f3: Any
    f4: Any
    f5: Any
    f6: Any
    f7: Any
    f8: Any
    f9: Any
    f10: Any
    f11: Any


# built field by field, as yamskit's own generated builders do (and as many fields as its scorecard state has)
_TWELVE = builder(Twelve)
if len(attrs.fields(Twelve)) != len(attrs.fields(yamskit.ScorecardGame)):
    raise SystemExit("yamskit.ScorecardGame no longer has twelve fields: update Twelve and FlatValues.frozen")
_MOVES: dict[int, Move] = {}


class FlatValues(Flat):
    """The flat state that also makes yamskit's values: a `Turn`, a `History` link, a frozen state of twelve fields."""

    __slots__ = ("turn", "value")

    turn: Turn
    value: Twelve

    @classmethod
    def start(cls, seed: int) -> Flat:
        state = super().start(seed)
        assert isinstance(state, FlatValues)
        state.history, state.turn = EMPTY_HISTORY, START
        return state

    def link(self, action: object) -> History:
        move = _MOVES.get(id(action))
        if move is None:
            move = _MOVES[id(action)] = Move(0, action)  # type: ignore[arg-type]
        history: History = self.history.append(move)
        return history

    def thrown(self, new: Flat, throw: Any) -> None:
        assert isinstance(new, FlatValues)
        new.turn = self.turn.with_throw(throw)
        new.value = self.frozen(new)

    def written(self, new: Flat) -> None:
        assert isinstance(new, FlatValues)
        new.turn = START
        new.value = self.frozen(new)

    def frozen(self, new: FlatValues) -> Twelve:
        fields = (VARIANT, ("P1",), new.cells, 0, new.turn, new.stream, new.history, 0, (1,), new.is_over, None, None)
        return _TWELVE(*fields)


def yamskit_start(seed: int) -> yamskit.ScorecardGame:
    game: yamskit.ScorecardGame = VARIANT.new_game(seed=seed)
    return game


def check(count: int) -> None:
    """Play ``count`` games with yamskit and both flat builds; stop at the first list, choice or box that differs."""
    rng = random.Random(7)
    for _ in range(count):
        seed = rng.getrandbits(63)
        states: list[Any] = [yamskit_start(seed), Flat.start(seed), FlatValues.start(seed)]
        choices = random.Random(seed)
        while not states[0].is_over:
            legal = [s.legal_action_ids() for s in states]
            if legal[1] != legal[0] or legal[2] != legal[0]:
                raise SystemExit(f"seed {seed}: the flat engine lists {legal[1]}, yamskit {legal[0]}")
            action = ACTIONS[choices.choice(legal[0])]
            states = [s.apply(action) for s in states]
        points = tuple(cell.points for cell in states[0].sheets[0].cells[0])
        if states[1].cells != points or states[2].cells != points or not (states[1].is_over and states[2].is_over):
            raise SystemExit(f"seed {seed}: the flat engine wrote {states[1].cells}, yamskit {points}")
    print(f"checked: {count} games play alike in yamskit and both flat builds")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--check", type=int, default=50, help="games played alike before timing")
    args = parser.parse_args()
    check(args.check)
    ph = ensure("pyhtzee", "pyhtzee")
    if ph is None:
        raise SystemExit("pyhtzee is needed as the peer")
    engines = {
        "yamskit classic (ids)": random_games(yamskit_start, ACTIONS),
        "flat, yamskit's values": random_games(FlatValues.start, ACTIONS),
        "flat, plain values": random_games(Flat.start, ACTIONS),
    }
    peer, rates = paired(pyhtzee_games(ph), list(engines.values()), args.seconds, args.repeat)
    print()
    print("| engine | steps/s | ÷ pyhtzee (range) |")
    print("|---|---:|---:|")
    print(f"| pyhtzee | {median_of(peer):,.0f} | 1.00 |")
    for label, mine in zip(engines, rates, strict=True):
        print(f"| {label} | {median_of(mine):,.0f} | {ratio_text(mine, peer)} |")


if __name__ == "__main__":
    main()
