"""Rules fixes of issue 12: the sec floor, Yamslam's roll-off, dry-only endings, rule texts, setup checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest

import yamskit
from yamskit import Cell, DeserializationError, Roll, RuleConfigError, Score, ScorecardGame
from yamskit.records import GameRecord, check_record
from yamskit.scorecard import SCRATCHED
from yamskit.variants.competitive.duels import Coefficients


def competitive_game(**options: Any) -> ScorecardGame:
    game: ScorecardGame = yamskit.variant("competitive", **options).new_game(players=["Ann", "Bob"], seed=1)
    return game


def with_cells(game: ScorecardGame, player: int, cells: Mapping[tuple[str, str], int]) -> ScorecardGame:
    sheet = game.sheets[player]
    for (row, column), value in cells.items():
        cell = SCRATCHED if value == 0 else Cell(points=value)
        sheet = sheet.with_cell(game.rules.row_index(row), game.rules.column_index(column), cell)
    return attrs.evolve(game, sheets=(*game.sheets[:player], sheet, *game.sheets[player + 1 :]))


# ---------------------------------------------------------------- 1. the sec never pays less than the dice
def test_sec_pays_the_dices_own_value_when_the_golden_rule_asks_for_more_than_the_row_maximum() -> None:
    game = with_cells(competitive_game(), 1, {("small_sum", "free"): 30})
    thrown = game.apply(Roll(outcome="66666"))
    assert thrown.turn.is_first_throw
    assert thrown.placement(Score("small_sum", "free")).points == 30


def test_sec_equals_the_same_dice_thrown_later() -> None:
    game = with_cells(competitive_game(), 1, {("small_sum", "free"): 30})
    later = game.apply(Roll(outcome="12346")).apply(Roll(keep="", outcome="66666"))
    sec = game.apply(Roll(outcome="66666"))
    assert later.placement(Score("small_sum", "free")).points == 30
    assert sec.placement(Score("small_sum", "free")).points == 30


def test_sec_in_small_sum_pays_29_or_the_dices_own_30() -> None:
    assert competitive_game().apply(Roll(outcome="22222")).placement(Score("small_sum", "free")).points == 29
    assert competitive_game().apply(Roll(outcome="66666")).placement(Score("small_sum", "free")).points == 30


def test_sec_value_searches_from_the_dice_value() -> None:
    game = with_cells(competitive_game(), 1, {("small_sum", "free"): 30})
    sec = game.rules.rules[0]
    assert sec.value(game, 0, "small_sum", "free", dice_value=30)[0] == 30
    assert sec.value(game, 0, "small_sum", "free")[0] == 0


# ---------------------------------------------------------------- 2. Yamslam: who begins
def test_yamslam_first_player_is_decided_by_a_roll_off_by_default() -> None:
    variant = yamskit.variant("yamslam")
    starters = set()
    for seed in range(12):
        default = variant.new_game(players=["Ann", "Bob", "Cy"], seed=seed)
        rolled = variant.new_game(players=["Ann", "Bob", "Cy"], seed=seed, first_player="roll_off")
        assert default == rolled
        assert default.stream.draws >= 3  # each player threw one die at least
        starters.add(default.current_player)
    assert len(starters) > 1


def test_yamslam_first_player_may_still_be_named() -> None:
    game = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=4, first_player=1)
    assert (game.current_player, game.first_player, game.stream.draws) == (1, 1, 0)


def test_yamslam_solo_needs_no_roll_off() -> None:
    game = yamskit.variant("yamslam", mode="solo").new_game(seed=4)
    assert (game.current_player, game.stream.draws) == (0, 0)


# ---------------------------------------------------------------- 3. Challenge: only dry boxes left
def _only_dry_yams_left() -> ScorecardGame:
    game: ScorecardGame = yamskit.variant("challenge").new_game(players=["Ann"], seed=1)
    rules = game.rules
    sheet = game.sheets[0]
    for c, column in enumerate(rules.column_ids):
        for r, row in enumerate(rules.row_ids):
            if (row, column) != ("yams", "dry"):
                sheet = sheet.with_cell(r, c, Cell(points=10 if row == "plus" else 5))
    return attrs.evolve(game, sheets=(sheet,))


def test_dry_only_keep_is_legal_while_a_later_throw_of_all_five_remains() -> None:
    game = _only_dry_yams_left().apply(Roll(outcome="55551"))
    assert game.is_legal(Roll(keep="5555"))
    kept = game.apply(Roll(keep="5555", outcome="5"))
    assert not kept.is_legal(Score("yams", "dry"))
    assert not kept.is_legal(Roll(keep="55555"))
    assert kept.is_legal(Roll(keep=""))


# ---------------------------------------------------------------- 4. rule texts
@pytest.mark.parametrize("name", ["classic", "yahtzee"])
def test_classic_rules_text_shows_options_and_rulings(name: str) -> None:
    text = yamskit.variant(name).describe()
    assert "\nOptions: " in text
    assert "\nRulings:" in text
    assert "63 or more" in text


def test_yahtzee_rules_text_names_its_fixed_options() -> None:
    text = yamskit.variant("yahtzee").describe()
    options = next(line for line in text.splitlines() if line.startswith("Options: "))
    assert "joker='forced'" in options
    assert "yams_bonus=100" in options


# ---------------------------------------------------------------- 6. setup fields checked like options
@pytest.mark.parametrize(
    "weights",
    [
        [8, 10, 12, 14, 16, -18],
        [8, 10, 12, 14, 16, 0],
        [8, 10, 12, 14, 16, 10**6],
        [8, 10, 12],
        [8, 10, 12, 14, 16, 18, 20],
        [8, 10, 12, 14, 16, True],
        [8, 10, 12, 14, 16, 16],
    ],
)
def test_competitive_column_weights_are_a_deal_of_the_coefficients(weights: list[Any]) -> None:
    variant = yamskit.variant("competitive")
    with pytest.raises(RuleConfigError, match="column_weights"):
        variant.new_game(players=["Ann", "Bob"], seed=1, column_weights=weights)
    record = GameRecord("competitive", players=("Ann", "Bob"), seed=1, setup={"column_weights": weights})
    with pytest.raises(DeserializationError, match="column_weights"):
        check_record(record.dump())


def test_competitive_column_weights_may_be_any_deal() -> None:
    game = yamskit.variant("competitive").new_game(
        players=["Ann", "Bob"], seed=1, column_weights=[18, 16, 14, 12, 10, 8]
    )
    assert game.column_weights == (18, 16, 14, 12, 10, 8)


def test_competitive_column_weights_must_match_given_coefficients() -> None:
    coefficients = dict(zip(("down", "free", "up", "mid", "turbo", "connected"), (1, 2, 3, 4, 5, 6), strict=True))
    variant = yamskit.variant("competitive", coefficients=coefficients)
    assert variant.new_game(players=["Ann", "Bob"], seed=1, column_weights=[1, 2, 3, 4, 5, 6]).column_weights == (
        1,
        2,
        3,
        4,
        5,
        6,
    )
    with pytest.raises(RuleConfigError, match="column_weights"):
        variant.new_game(players=["Ann", "Bob"], seed=1, column_weights=[8, 10, 12, 14, 16, 18])


def test_competitive_coefficients_option_is_bounded() -> None:
    columns = ("down", "free", "up", "mid", "turbo", "connected")
    with pytest.raises(RuleConfigError, match="coefficients"):
        Coefficients.from_option(dict.fromkeys(columns, 10**9), columns)


@pytest.mark.parametrize("name", ["classic", "challenge", "yahtzee"])
def test_column_weights_are_refused_where_a_variant_has_no_coefficients(name: str) -> None:
    with pytest.raises(RuleConfigError, match="column_weights"):
        yamskit.variant(name).new_game(players=["Ann"], seed=1, column_weights=[3])


def test_column_weights_flip_no_winner_in_a_checked_record() -> None:
    game = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=3)
    game = game.apply(Roll(outcome="66654")).apply(Score("sixes", "free"))
    record = GameRecord.from_game(game)
    forged = attrs.evolve(record, setup={"column_weights": [-8, -10, -12, -14, -16, -18]})
    with pytest.raises(DeserializationError, match="column_weights"):
        check_record(forged)


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
