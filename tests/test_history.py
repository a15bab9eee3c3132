"""The persistent history: it reads like a tuple of moves, and playing or replaying is linear."""

from __future__ import annotations

import gc
import json
import pickle
import time
from collections.abc import Callable

import pytest

import yamskit
from yamskit import GameRecord, Move, Pass, Roll, Score, check_record
from yamskit.game import EMPTY_HISTORY, History


def _moves(n: int) -> list[Move]:
    """Turns of two players who throw once and pass (a Yam Master game that lasts)."""
    return [Move(i // 2 % 2, Roll(outcome="12346") if i % 2 == 0 else Pass()) for i in range(n)]


def test_history_reads_like_the_tuple_of_its_moves() -> None:
    moves = _moves(7)
    h = EMPTY_HISTORY
    for m in moves[:4]:
        h = h.append(m)
    h = History.of(h.moves).append(moves[4]).append(moves[5]).append(moves[6])
    as_tuple = tuple(moves)
    assert h == as_tuple
    assert as_tuple == h
    assert len(h) == 7
    assert [h[i] for i in range(-7, 7)] == [as_tuple[i] for i in range(-7, 7)]
    assert h[2:5] == as_tuple[2:5]
    assert list(h) == moves
    assert list(reversed(h)) == moves[::-1]
    assert hash(h) == hash(as_tuple)
    assert repr(h) == repr(as_tuple)
    assert h + (moves[0],) == (*as_tuple, moves[0])  # noqa: RUF005 - History.__add__ is what is tested
    with pytest.raises(IndexError):
        h[7]
    assert h != as_tuple[:-1]


def test_appending_shares_the_history_it_extends() -> None:
    base = History.of(_moves(3))
    longer = base.append(Move(0, Pass()))
    assert len(base) == 3
    assert len(longer) == 4
    assert longer._parent is base  # nothing copied


def test_each_state_links_to_the_history_of_the_state_before() -> None:
    v = yamskit.variant("classic")
    game = v.new_game(seed=1)
    after = game.apply(Roll())
    assert after.history._parent is game.history
    scored = after.apply(Score("chance"))
    assert scored.history._parent is after.history
    assert scored.history == (Move(0, after.history[0].action), Move(0, Score("chance")))


@pytest.mark.parametrize("name", ["classic", "challenge", "yam-master", "yamslam"])
def test_json_and_equality_are_those_of_the_moves(name: str) -> None:
    v = yamskit.variant(name)
    game = v.new_game(players=["Ann", "Bob"], seed=4, first_player=0).apply(Roll(outcome="12345"))
    data = json.loads(game.to_json())["state"]["history"]
    assert data == [{"player": 0, "action": {"type": "roll", "keep": "", "outcome": "12345"}}]
    loaded = yamskit.load_game(game.to_json())
    assert loaded == game
    assert loaded.history == game.history
    assert game != v.new_game(players=["Ann", "Bob"], seed=4, first_player=0).apply(Roll(outcome="12346"))


def test_a_long_history_pickles_and_is_freed_without_recursion() -> None:
    h = EMPTY_HISTORY
    for m in _moves(200_000):
        h = h.append(m)
    copy = pickle.loads(pickle.dumps(h))
    assert copy == h
    assert copy[-1] == h[-1]
    del h, copy  # a chain of 200,000 links is released without overflowing the stack


def _record(moves: int) -> GameRecord:
    return GameRecord(
        "yam-master",
        options={"removed": "supply", "max_turns": 100_000},
        players=("A", "B"),
        seed=1,
        moves=tuple(_moves(moves)),
    )


def _cpu(run: Callable[[], object]) -> float:
    # The cyclic garbage collector scans every live object, so its cost grows with the
    # history itself; it is paused to measure replay alone, not the collector.
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(5):
            start = time.process_time()
            run()
            best = min(best, time.process_time() - start)
    finally:
        if enabled:
            gc.enable()
    return best


def test_checking_twice_the_moves_takes_about_twice_the_work() -> None:
    # A ratio, not a time limit: linear replay gives about 2, copying the history at every
    # move gave about 4 at these sizes (10,000 moves took 0.5 s, 40,000 took 8.5 s).
    short, long = _record(8_000), _record(16_000)
    assert check_record(short).valid
    assert check_record(long).valid
    ratio = _cpu(lambda: check_record(long)) / _cpu(lambda: check_record(short))
    assert ratio < 3.0, f"doubling the moves multiplied the work by {ratio:.2f}"
