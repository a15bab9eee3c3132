"""The Competitive *sec*: the row's maximum, or the dice's own value when that is higher, as written.

RULINGS: a sec (five of a kind on the first throw) writes the row's maximum, the dice's own
value if higher, lowered to what the other rules allow, else 0. Small sum's maximum is 29
(it must stay under a large sum of at most 30), yet 66666 is worth 30 there on its own.
"""

from __future__ import annotations

import pytest

import yamskit
from tests.variants.competitive.test_rules import with_cells
from yamskit import Roll, Score, ScorecardGame

V = yamskit.variant("competitive")
#: The sec rule type of Competitive Yams, whatever module holds it.
Sec = type(V.rules.placement_rules[0])


def _first_throw(dice: str) -> yamskit.GameState:
    return V.new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome=dice))


def competitive_game() -> ScorecardGame:
    """A fresh 1v1 game of Ann and Bob (seed 1)."""
    game: ScorecardGame = V.new_game(players=["Ann", "Bob"], seed=1)
    return game


def test_a_sec_of_sixes_writes_its_own_30_in_small_sum_above_the_maximum_of_29() -> None:
    game = _first_throw("66666").apply(Score("small_sum", "free"))
    assert game.cell(0, "small_sum", "free").points == 30


@pytest.mark.parametrize(("dice", "points"), [("11111", 29), ("55555", 29)])
def test_a_sec_of_lower_faces_writes_the_small_sum_maximum(dice: str, points: int) -> None:
    game = _first_throw(dice).apply(Score("small_sum", "free"))
    assert game.cell(0, "small_sum", "free").points == points


def test_a_sec_of_sixes_in_large_sum_writes_30() -> None:
    game = _first_throw("66666").apply(Score("large_sum", "free"))
    assert game.cell(0, "large_sum", "free").points == 30


def test_a_sec_value_asked_without_dice_is_the_row_maximum_even_when_it_is_0() -> None:
    game = V.new_game(players=["Ann", "Bob"], seed=1)
    assert Sec({"ones": 0, "yams": 100}).value(game, 0, "ones", "free") == (0, "")
    assert Sec({"ones": 0, "yams": 100}).value(game, 0, "yams", "free") == (100, "")
    assert Sec({"ones": 0}).value(game, 0, "ones", "free", dice_value=4) == (4, "")


def test_sec_pays_the_dices_own_value_when_the_golden_rule_asks_for_more_than_the_row_maximum() -> None:
    game = with_cells(competitive_game(), 1, {("small_sum", "free"): 30})
    thrown = game.apply(Roll(outcome="66666"))
    assert thrown.turn.is_first_throw
    assert thrown.placement(Score("small_sum", "free")).points == 30


def test_sec_pays_what_the_same_dice_thrown_later_pay() -> None:
    game = with_cells(competitive_game(), 1, {("small_sum", "free"): 30})
    later = game.apply(Roll(outcome="12346")).apply(Roll(keep="", outcome="66666"))
    sec = game.apply(Roll(outcome="66666"))
    assert later.placement(Score("small_sum", "free")).points == 30
    assert sec.placement(Score("small_sum", "free")).points == 30


def test_sec_in_small_sum_pays_29_or_the_dices_own_30() -> None:
    assert competitive_game().apply(Roll(outcome="22222")).placement(Score("small_sum", "free")).points == 29
    assert competitive_game().apply(Roll(outcome="66666")).placement(Score("small_sum", "free")).points == 30


def test_sec_value_above_the_row_maximum_is_the_dice_value_given_and_0_without_dice() -> None:
    game = with_cells(competitive_game(), 1, {("small_sum", "free"): 30})
    sec = game.rules.placement_rules[0]
    assert sec.value(game, 0, "small_sum", "free", dice_value=30)[0] == 30
    assert sec.value(game, 0, "small_sum", "free")[0] == 0


@pytest.mark.parametrize(("dice", "four_dice", "all_dice"), [("66665", 54, 59), ("11112", 34, 36), ("33333", 42, 45)])
def test_four_of_a_kind_scores_the_four_dice_or_all_five_as_the_option_says(
    dice: str, four_dice: int, all_dice: int
) -> None:
    assert yamskit.variant("competitive").score("four_of_a_kind", dice) == four_dice
    assert yamskit.variant("competitive", four_of_a_kind="all_dice").score("four_of_a_kind", dice) == all_dice
