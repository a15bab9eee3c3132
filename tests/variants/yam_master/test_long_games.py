"""Yam Master games of thousands of turns: their positions are accepted, and they read back everywhere.

``max_turns`` lets a game run to 20,000 turns, so that its longest game (five moves a turn) is
the 100,000 moves a save or a record holds (``yamskit.history.MAX_MOVES``). The witness search
that orders a position's turns once recursed a level a turn, so positions past about 1,000
turns were refused by a ``RecursionError`` (notation, ``position``, ``witness``, saves with an
empty history).
"""

from __future__ import annotations

import json

import pytest

import yamskit
from tests.notation.test_notation import same_position
from yamskit import DeclareChallenge, Dice, Pass, Roll
from yamskit.errors import DeserializationError, RuleConfigError
from yamskit.history import MAX_MOVES
from yamskit.records import GameRecord
from yamskit.variants.yam_master import YamMasterGame
from yamskit.variants.yam_master.rules import LARGEST_MAX_TURNS, MOST_MOVES_A_TURN

LONG = yamskit.variant("yam-master", max_turns=LARGEST_MAX_TURNS)


@pytest.mark.parametrize("turns", [1_000, 2_000, 19_998])
def test_a_long_position_in_notation_is_accepted_and_its_witness_reaches_it(turns: int) -> None:
    text = f"yam-master(max_turns=20000) Ann,Bob ...../...../...../...../..... 0,0 0:0 - 1:0 {turns}"
    game = yamskit.from_notation(text)
    assert isinstance(game, YamMasterGame)
    assert game.turns == turns
    witness = LONG.witness(game)
    assert len(witness.moves) == 2 * turns  # a throw and a pass a turn: the board is empty
    assert game.to_notation() == text


def test_a_long_position_by_keywords_round_trips_through_its_save() -> None:
    game = LONG.position(["Ann", "Bob"], turns=2_000, seed=1)
    assert len(game.history) == 0  # a position: its save has no moves to replay
    back = yamskit.load_game(game.to_json())
    assert same_position(back, game)
    assert back.turns == 2_000


def test_a_game_of_2000_turns_round_trips_through_notation_json_and_a_record() -> None:
    game = LONG.new_game(["Ann", "Bob"], seed=1)
    while game.turns < 2_000:
        actions = game.legal_actions()
        passes = [a for a in actions if isinstance(a, Pass)]
        game = game.apply(passes[0] if passes else next(a for a in actions if isinstance(a, Roll)))
    assert len(game.history) == 4_000
    assert same_position(yamskit.from_notation(game.to_notation()), game)
    assert yamskit.load_game(game.to_json()) == game
    record = GameRecord.from_game(game)
    back = GameRecord.load(record.dump())
    assert back == record
    *_, last = back.replay()
    assert last == game


def _longest_turns(game: YamMasterGame, turns: int) -> YamMasterGame:
    """``turns`` more turns of the most moves a turn allows: a throw, a challenge, two throws, a pass."""
    kept = Dice.parse("1234")
    longest = (Roll(outcome="12346"), DeclareChallenge(), Roll(keep=kept, outcome="6"), Roll(keep=kept, outcome="6"))
    for _ in range(turns):
        for action in longest:
            game = game.apply(action)
        assert not game.is_legal(Roll())  # no fourth throw: the turn can only end now
        game = game.apply(Pass())
    return game


def test_the_bound_on_max_turns_is_the_most_moves_a_save_holds() -> None:
    # the longest turn the rules allow, checked through the protocol: five moves, then the next player's
    game = _longest_turns(LONG.new_game(["Ann", "Bob"], seed=1), 1)
    assert len(game.history) == MOST_MOVES_A_TURN
    assert game.current_player == 1
    assert LARGEST_MAX_TURNS * MOST_MOVES_A_TURN == MAX_MOVES
    with pytest.raises(RuleConfigError, match=r"from 1 to 20000 .*100000 moves"):
        yamskit.variant("yam-master", max_turns=LARGEST_MAX_TURNS + 1)


def test_a_save_longer_than_any_legal_game_is_refused_naming_the_limit() -> None:
    data = json.loads(LONG.new_game(["Ann", "Bob"], seed=1).to_json())
    data["state"]["history"] = [{"player": 0, "action": {"type": "pass"}}] * (MAX_MOVES + 1)
    with pytest.raises(DeserializationError, match=r"more than 100000 .*MAX_MOVES"):
        yamskit.load_game(json.dumps(data))


@pytest.mark.slow
def test_the_longest_legal_game_reads_back_from_json_a_record_and_notation() -> None:
    game = _longest_turns(LONG.new_game(["Ann", "Bob"], seed=1), LARGEST_MAX_TURNS)
    assert game.is_over
    assert game.end_reason == "max_turns"
    assert len(game.history) == MAX_MOVES
    assert yamskit.load_game(game.to_json()) == game
    record = GameRecord.from_game(game)
    back = GameRecord.load(record.dump())
    *_, last = back.replay()
    assert last == game
    assert same_position(yamskit.from_notation(game.to_notation()), game)
