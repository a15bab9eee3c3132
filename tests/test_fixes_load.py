"""Issue 12, item 7: `load_game` refuses states that no game can reach."""

from __future__ import annotations

import json
from typing import Any

import pytest

import yamskit
from yamskit import DeserializationError, InvalidDiceError, Roll, Score
from yamskit.dice import DiceStream


def saved(game: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(game.to_json())
    return data


def load(data: dict[str, Any]) -> Any:
    return yamskit.load_game(json.dumps(data))


def classic_game(**options: Any) -> Any:
    game = yamskit.variant("classic", **options).new_game(players=["Ann"], seed=2)
    return game.apply(Roll(outcome="22222")).apply(Score("yams"))


def test_a_box_above_its_rows_maximum_is_refused() -> None:
    data = saved(classic_game())
    data["state"]["sheets"][0]["cells"][0][11] = 999999
    with pytest.raises(DeserializationError, match="more than its maximum 50"):
        load(data)


def test_a_box_at_its_rows_maximum_loads() -> None:
    data = saved(classic_game())
    data["state"]["sheets"][0]["cells"][0][11] = 50
    assert load(data).sheets[0].cells[0][11].points == 50


def test_the_competitive_sec_maximum_is_reachable_in_a_save() -> None:
    game = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
    game = game.apply(Roll(outcome="22222")).apply(Score("straight", "free"))
    assert yamskit.load_game(game.to_json()) == game


def test_points_beside_the_boxes_need_a_bonus_rule() -> None:
    data = saved(classic_game())
    data["state"]["sheets"][0]["extra"] = 100
    with pytest.raises(DeserializationError, match="extra"):
        load(data)
    bonus = saved(classic_game(yams_bonus=100))
    bonus["state"]["sheets"][0]["extra"] = 100  # one box filled: no further Yams yet
    with pytest.raises(DeserializationError, match="extra"):
        load(bonus)


def test_competitive_column_weights_in_a_save_must_be_a_deal() -> None:
    data = saved(yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1))
    data["state"]["column_weights"] = [-8, -10, -12, -14, -16, -18]
    with pytest.raises(DeserializationError, match="column_weights"):
        load(data)


def test_classic_saves_carry_no_column_weights() -> None:
    data = saved(classic_game())
    data["state"]["column_weights"] = [7]
    with pytest.raises(DeserializationError, match="column_weights"):
        load(data)


@pytest.mark.parametrize("name", ["classic", "yamslam", "yam-master"])
def test_a_stream_counter_near_its_end_is_refused(name: str) -> None:
    variant = yamskit.variant(name)
    game = variant.new_game(players=["Ann", "Bob"] if name != "classic" else ["Ann"], seed=1)
    data = saved(game)
    data["state"]["stream"]["draws"] = 2**64 - 2
    with pytest.raises(DeserializationError, match="draws"):
        load(data)


def test_a_used_up_stream_raises_a_dice_error_not_an_overflow() -> None:
    with pytest.raises(InvalidDiceError, match="used up"):
        DiceStream(seed=1, draws=2**64 - 2).throw(5)


def test_yamslam_chips_are_conserved_in_a_save() -> None:
    game = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    data = saved(game)
    data["state"]["collections"][0] = ["flush"]
    with pytest.raises(DeserializationError, match="4 chips of each kind"):
        load(data)
