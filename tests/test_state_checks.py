"""A state read from outside that no game can reach is refused (`yamskit.state_checks`).

Boxes above their row's maximum, points beside the boxes that no rule pays, column weights
that no setup deals, and dice streams near the end of their counter.

The checks that only Competitive Yams's coefficients make are in
tests/variants/competitive/test_coefficient_checks.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import yamskit
from yamskit import DeserializationError, Roll, RuleConfigError, Score


def saved(game: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(game.to_json())
    return data


def load(data: dict[str, Any]) -> Any:
    return yamskit.load_game(json.dumps(data))


def classic_game(**options: Any) -> Any:
    game = yamskit.variant("classic", **options).new_game(players=["Ann"], seed=2)
    return game.apply(Roll(outcome="22222")).apply(Score("yams"))


# ---------------------------------------------------------------- boxes: at most their row's maximum
def test_a_box_above_its_rows_maximum_is_refused() -> None:
    data = saved(classic_game())
    data["state"]["sheets"][0]["cells"][0][11] = 999999
    with pytest.raises(DeserializationError, match="more than its maximum 50"):
        load(data)


def test_a_box_at_its_rows_maximum_loads() -> None:
    data = saved(classic_game())
    data["state"]["sheets"][0]["cells"][0][11] = 50
    assert load(data).sheets[0].cells[0][11].points == 50


def test_a_save_holding_a_competitive_sec_at_its_rows_maximum_loads() -> None:
    game = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
    game = game.apply(Roll(outcome="22222")).apply(Score("straight", "free"))
    assert yamskit.load_game(game.to_json()) == game


# ---------------------------------------------------------------- points beside the boxes
def test_points_beside_the_boxes_need_a_bonus_rule() -> None:
    data = saved(classic_game())
    data["state"]["sheets"][0]["extra"] = 100
    with pytest.raises(DeserializationError, match="extra"):
        load(data)
    bonus = saved(classic_game(yams_bonus=100))
    bonus["state"]["sheets"][0]["extra"] = 100  # one box filled: no further Yams yet
    with pytest.raises(DeserializationError, match="extra"):
        load(bonus)


# ---------------------------------------------------------------- column weights
def test_classic_saves_carry_no_column_weights() -> None:
    data = saved(classic_game())
    data["state"]["column_weights"] = [7]
    with pytest.raises(DeserializationError, match="column_weights"):
        load(data)


@pytest.mark.parametrize("name", ["classic", "challenge", "yahtzee"])
def test_column_weights_are_refused_where_a_variant_has_no_coefficients(name: str) -> None:
    with pytest.raises(RuleConfigError, match="column_weights"):
        yamskit.variant(name).new_game(players=["Ann"], seed=1, column_weights=[3])


def test_a_users_setup_without_its_own_check_takes_one_positive_weight_per_column() -> None:
    from yamskit import ScorecardVariant
    from yamskit.categories import Category, total, upper
    from yamskit.scorecard import Column

    def deal(stream: Any, _players: int) -> tuple[tuple[int, ...], Any]:
        return (1, 2), stream

    mini = ScorecardVariant.define(
        "mini", rows=[upper(6), Category("chance", total)], columns=[Column("a"), Column("b")], setup=deal
    )
    assert mini.new_game(players=["Ann"], seed=1, column_weights=[3, 4]).column_weights == (3, 4)
    for weights in ([0, 4], [3], [3, 4, 5], [3, True]):
        with pytest.raises(RuleConfigError, match="column_weights"):
            mini.new_game(players=["Ann"], seed=1, column_weights=weights)


# ---------------------------------------------------------------- dice streams
@pytest.mark.parametrize("name", ["classic", "yamslam", "yam-master"])
def test_a_stream_counter_near_its_end_is_refused(name: str) -> None:
    variant = yamskit.variant(name)
    game = variant.new_game(players=["Ann", "Bob"] if name != "classic" else ["Ann"], seed=1)
    data = saved(game)
    data["state"]["stream"]["draws"] = 2**64 - 2
    with pytest.raises(DeserializationError, match="draws"):
        load(data)
