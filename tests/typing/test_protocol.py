"""The `GameState` protocol lists every public member that every built-in state has, and nothing more.

A type checker only lets users call what the protocol declares on a state typed
``GameState`` (what `yamskit.load_game` and `yamskit.from_notation` return), so a member
all states share but the protocol forgets is a call that works yet does not type-check.
Checked by mypy and pyright (strict) in .ci/run, and run by pytest.
"""

from __future__ import annotations

from typing import assert_type

import yamskit
from yamskit import Dice, GameState, ScorecardGame
from yamskit.turn import Turn
from yamskit.variants.yam_master import YamMasterGame
from yamskit.variants.yamslam import YamslamGame

STATES: list[type] = [ScorecardGame, YamMasterGame, YamslamGame]


def _public(cls: type) -> set[str]:
    return {name for name in dir(cls) if not name.startswith("_")}


def _protocol_members() -> set[str]:
    declared = set(vars(GameState)) | set(GameState.__annotations__)
    return {name for name in declared if not name.startswith("_")}


def test_the_protocol_declares_exactly_what_every_state_shares() -> None:
    first, *others = [_public(cls) for cls in STATES]
    shared = first.intersection(*others)
    assert _protocol_members() == shared


def test_every_built_in_state_is_a_game_state_at_run_time() -> None:
    states = [
        yamskit.variant("classic").new_game(players=["Ann"], seed=1),
        yamskit.variant("competitive", mode="2v2").new_game(players=["A", "B", "C", "D"], seed=1),
        yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1),
        yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1),
    ]
    for state in states:
        assert isinstance(state, GameState)


def test_what_a_loaded_or_read_state_offers_type_checks() -> None:
    game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=4).apply(yamskit.Roll())
    loaded = yamskit.load_game(game.to_json())
    read = yamskit.from_notation(game.to_notation())
    assert_type(read, GameState)
    assert_type(loaded, GameState)
    for state in (loaded, read):
        assert_type(state.to_notation(), str)
        assert_type(state.render(), str)
        assert_type(state.dice, Dice)
        assert_type(state.turn, Turn)
        assert_type(state.first_player, int)
        assert_type(state.picture_kind, str)
        assert state.to_notation() == game.to_notation()
        assert state.render() == str(state)
        assert state.dice == game.dice
    assert_type(read.origin, GameState | None)
    assert read.origin is None
    assert read.apply(yamskit.Roll(keep=read.dice.faces[:1])).origin == read


def test_placement_stays_with_the_scorecard_games_that_have_it() -> None:
    game = yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(yamskit.Roll(outcome="66612"))
    assert_type(game.placement(yamskit.Score("sixes")).points, int)
    assert "placement" not in _protocol_members()
