"""What a type checker sees of the public API: checked by ``mypy --strict tests/typing`` in .ci/run.

Each ``assert_type`` is a no-op at run time (pytest runs these functions too), but mypy
fails if the inferred type differs. Lines marked ``type: ignore[...]`` must stay errors:
with ``warn_unused_ignores`` (part of ``--strict``) mypy reports an ignore that is no
longer needed, so the mistakes users make are proven to be caught.
"""

from __future__ import annotations

from typing import assert_type

import pytest

import yamskit
from yamskit import (
    Dice,
    GameState,
    GreedyPlayer,
    OptimalPlayer,
    RandomPlayer,
    Result,
    Roll,
    Score,
    ScorecardGame,
    ScorecardVariant,
    Variant,
)
from yamskit.errors import DiceMismatchError
from yamskit.position import ImpossibleSheetError
from yamskit.variants.yam_master import YamMasterGame, YamMasterVariant
from yamskit.variants.yamslam import ChipNotQualifiedError, YamslamGame, YamslamVariant


def test_variant_is_precise_for_each_built_in_name() -> None:
    assert_type(yamskit.variant("classic"), ScorecardVariant)
    assert_type(yamskit.variant("yahtzee"), ScorecardVariant)
    assert_type(yamskit.variant("challenge"), ScorecardVariant)
    assert_type(yamskit.variant("competitive", mode="1v1"), ScorecardVariant)
    assert_type(yamskit.variant("yam-master"), YamMasterVariant)
    assert_type(yamskit.variant("yamslam"), YamslamVariant)
    assert_type(yamskit.variant("yatzy"), ScorecardVariant)
    assert_type(yamskit.variant("yacht", four_of_a_kind="all_dice"), ScorecardVariant)
    assert_type(yamskit.variant("kniffel", kniffel_bonus=100), ScorecardVariant)
    assert_type(yamskit.variant("generala", doble_generala=False), ScorecardVariant)
    assert_type(yamskit.variant("maxi-yatzy", bonus=50), ScorecardVariant)
    assert_type(yamskit.variant("balut", won_on="total"), ScorecardVariant)
    assert_type(yamskit.variant("crag", thirteen_takes_crag=True), ScorecardVariant)


def _some_name() -> str:
    """A name only known at run time (a type checker sees ``str``, not a literal)."""
    return "classic"


def test_an_unknown_name_gives_the_common_protocol() -> None:
    v = yamskit.variant(_some_name())
    assert_type(v, Variant)
    assert_type(v.new_game(players=["Ann"], seed=1), GameState)


def test_new_game_and_apply_keep_the_concrete_state_type() -> None:
    g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    assert_type(g, ScorecardGame)
    assert_type(g.apply(Roll(keep=[], outcome=[1, 2, 3, 4, 5])), ScorecardGame)
    m = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
    assert_type(m.apply(Roll()), YamMasterGame)
    s = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1)
    assert_type(s.apply(Roll()), YamslamGame)


def test_play_returns_the_state_type_it_was_given() -> None:
    g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    final = yamskit.play(g, [RandomPlayer(seed=1)])
    assert_type(final, ScorecardGame)
    assert_type(final.result(), Result)
    assert_type(final.result().scores, tuple[int, ...])


def test_load_game_gives_the_protocol() -> None:
    g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    loaded = yamskit.load_game(g.to_json())
    assert_type(loaded, GameState)
    assert_type(loaded.apply(Roll()), GameState)


def test_every_state_is_a_game_state_and_every_bot_a_player() -> None:
    states: list[GameState] = [
        yamskit.variant("classic").new_game(players=["Ann"], seed=1),
        yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1),
        yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1),
    ]
    players: list[yamskit.Player] = [RandomPlayer(seed=1), GreedyPlayer()]
    assert len(states) == 3
    assert len(players) == 2
    assert OptimalPlayer is yamskit.bots.OptimalPlayer


def test_dice_like_input_is_accepted_where_dice_are() -> None:
    assert_type(Roll(keep=[6, 6]).keep, Dice)
    assert_type(yamskit.variant("classic").score("full_house", [2, 2, 5, 5, 5]), int)


def test_mistakes_users_make_are_type_errors() -> None:
    g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    with pytest.raises(yamskit.UnknownActionError):
        g.apply("roll")  # type: ignore[arg-type]
    with pytest.raises(yamskit.InvalidDiceError):
        yamskit.variant("classic").score("chance", 12345)  # type: ignore[arg-type]
    result = g.result()
    total: str = result.scores[0]  # type: ignore[assignment]
    assert isinstance(total, int)
    assert result.scores == (0,)
    score: Score = Score("chance")
    assert score.column is None


def test_errors_users_catch_are_exported_with_their_own_type() -> None:
    record = yamskit.GameRecord("classic", seed=1, moves=(yamskit.Move(0, Roll(outcome="66666")),))
    report = yamskit.check_record(record, strict_dice=True)
    assert report.error_type == DiceMismatchError.__name__
    error: yamskit.IllegalActionError = DiceMismatchError("strict dice")
    assert_type(DiceMismatchError("strict dice"), DiceMismatchError)
    assert_type(ChipNotQualifiedError("chip"), ChipNotQualifiedError)
    assert_type(ImpossibleSheetError("sheet"), ImpossibleSheetError)
    wrong: yamskit.DeserializationError = DiceMismatchError("x")  # type: ignore[assignment]
    assert isinstance(error, ValueError)
    assert not isinstance(wrong, yamskit.DeserializationError)
