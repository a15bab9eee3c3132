"""Yam Master games of thousands of turns: their positions are accepted, and they read back everywhere.

``max_turns`` lets a game run to 100,000 turns, each a throw and a pass. The witness search
that orders a position's turns once recursed a level a turn, so positions past about 1,000
turns were refused by a ``RecursionError`` (notation, ``position``, ``witness``, saves with an
empty history).
"""

from __future__ import annotations

import pytest

import yamskit
from tests.notation.test_notation import same_position
from yamskit import Pass, Roll
from yamskit.records import GameRecord
from yamskit.variants.yam_master import YamMasterGame

LONG = yamskit.variant("yam-master", max_turns=100_000)


@pytest.mark.parametrize("turns", [1_000, 2_000, 20_000, 99_998])
def test_a_long_position_in_notation_is_accepted_and_its_witness_reaches_it(turns: int) -> None:
    text = f"yam-master(max_turns=100000) Ann,Bob ...../...../...../...../..... 0,0 0:0 - 1:0 {turns}"
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
