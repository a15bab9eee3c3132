"""The persistent history: it reads like a tuple of moves, and playing or replaying is linear.

Linear is checked by counting the work a replay does for n and 2n moves, never by a clock.
"""

from __future__ import annotations

import json
import pickle
import sys
import tracemalloc
from collections.abc import Iterable
from types import FrameType

import pytest

import yamskit
from yamskit import GameRecord, Move, Pass, Roll, Score, check_record
from yamskit.history import EMPTY_HISTORY, History


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


def test_a_decision_is_recorded_as_it_was_spelled_whatever_was_applied_before() -> None:
    v = yamskit.variant("classic")
    thrown = v.new_game(seed=1).apply(Roll(outcome="12345"))
    interned = v.actions[v.actions.index(Score("chance"))]
    thrown.legal_action_ids()  # the quick path: the decision is found among the remembered legal ids
    spellings = [interned, Score("chance", "main"), Score("chance"), interned]

    recorded = [thrown.apply(action).history[-1] for action in spellings]

    assert [move.action for move in recorded] == spellings
    assert recorded[0] is recorded[3]  # the space's own action: one shared Move
    assert Score("chance", "main") != Score("chance")


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
        options={"removed": "supply", "max_turns": 20_000},
        players=("A", "B"),
        seed=1,
        moves=tuple(_moves(moves)),
    )


class _Work:
    """The work a replay does, counted, never timed.

    ``calls`` counts the Python and builtin function calls (``sys.setprofile``): a replay
    that went back over earlier moves at each move would show it. ``copied`` counts the
    moves written into new storage by `History`: one per appended link, plus the whole
    tuple whenever one is built (``History.of``, an append that copied, ``moves``). Copying
    the history at each move is one C-level tuple copy per move, invisible to ``calls``
    but quadratic in ``copied``.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        self.copied = 0
        of, append, moves = History.of.__func__, History.append, History.moves.fget  # type: ignore[attr-defined]

        def counted_of(cls: type[History], items: Iterable[Move]) -> History:
            history: History = of(cls, items)
            if history is not items and history._tuple:
                self.copied += len(history._tuple)
            return history

        def counted_append(history: History, move: Move) -> History:
            longer: History = append(history, move)
            self.copied += 1 if longer._tuple is None else len(longer._tuple)
            return longer

        def counted_moves(history: History) -> tuple[Move, ...]:
            built = history._tuple is None
            items: tuple[Move, ...] = moves(history)
            if built:
                self.copied += len(items)
            return items

        monkeypatch.setattr(History, "of", classmethod(counted_of))
        monkeypatch.setattr(History, "append", counted_append)
        monkeypatch.setattr(History, "moves", property(counted_moves))

    def check(self, record: GameRecord) -> tuple[int, int]:
        """The calls made and the moves copied while checking ``record``."""
        self.calls = self.copied = 0

        def profile(frame: FrameType, event: str, arg: object) -> None:
            if event in ("call", "c_call"):
                self.calls += 1

        sys.setprofile(profile)
        try:
            report = check_record(record)
        finally:
            sys.setprofile(None)
        assert report.valid
        return self.calls, self.copied


def _growth(monkeypatch: pytest.MonkeyPatch, moves: int) -> tuple[float, float, float]:
    """How much more work checking ``2 * moves`` moves takes than ``moves`` (calls, copies), and copies per move."""
    check_record(_record(10))  # first-use work (imports, caches) stays out of the counts
    work = _Work(monkeypatch)
    short_calls, short_copied = work.check(_record(moves))
    long_calls, long_copied = work.check(_record(2 * moves))
    return long_calls / short_calls, long_copied / short_copied, short_copied / moves


def test_checking_twice_the_moves_does_twice_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counted, not timed: linear replay gives ratios of 2 (1,000 moves: 1,500 links, one per
    # move and one more per throw tried from the seed's stream, and no copy).
    calls, copied, per_move = _growth(monkeypatch, 1_000)
    assert calls < 2.2, f"doubling the moves multiplied the function calls by {calls:.2f}"
    assert copied < 2.2, f"doubling the moves multiplied the moves copied by {copied:.2f}"
    assert per_move <= 3, f"{per_move:.1f} moves copied per move replayed"


def test_the_count_sees_an_append_that_copies_the_history(monkeypatch: pytest.MonkeyPatch) -> None:
    # The check above fails on the quadratic history it guards against: an append that
    # copies the moves into a new tuple (one C-level copy per move, the same calls).
    def copying_append(history: History, move: Move) -> History:
        return History.of((*history.moves, move))

    monkeypatch.setattr(History, "append", copying_append)
    calls, copied, per_move = _growth(monkeypatch, 1_000)
    assert calls < 2.2
    assert copied > 3.5
    assert per_move > 100


def test_hashing_every_state_of_a_20000_move_game_keeps_memory_linear() -> None:
    # Each state's history links to its predecessor's; 0.1.0 kept a tuple of the whole
    # history on every hashed link (800 MB for this game). Now a link keeps one number.
    v = yamskit.variant("yam-master", max_turns=20_000)
    game = v.new_game(players=["A", "B"], seed=1)
    seen: set[object] = set()
    tracemalloc.start()
    try:
        for i in range(20_000):
            game = game.apply(Roll() if i % 2 == 0 else Pass())
            seen.add(game)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(seen) == 20_000
    assert peak < 100_000_000, f"{peak / 1e6:.0f} MB allocated"
    assert hash(game.history) == hash(tuple(game.history))  # still the hash of the tuple it equals


def test_comparing_two_states_of_one_game_stops_at_the_history_they_share() -> None:
    h = History.of(_moves(3))
    for m in _moves(5_000):
        h = h.append(m)
    a, b = h.append(Move(0, Pass())), h.append(Move(0, Pass()))
    assert a == b
    assert a != h.append(Move(1, Pass()))
    assert a._parent is b._parent  # nothing was copied to compare
    tuples = [obj for obj in (a._tuple, b._tuple, h._tuple) if obj is not None]
    assert tuples == []
    assert hash(a) == hash(b) == hash(a.moves)
    assert a == a.moves
    assert a.moves == a
    assert a != (*a.moves[:-1], Move(1, Pass()))
