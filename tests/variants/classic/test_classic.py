"""Classic Yams (rule sheet 002) and the Yahtzee preset: scoring, bonus, jokers, errors."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yamskit
from tests.playout import assert_illegal
from tests.strategies import rolls
from yamskit import (
    Dice,
    FillOrderError,
    GameOverError,
    JokerRuleError,
    KeepError,
    MustRollFirstError,
    NotYourTurnError,
    OccupiedError,
    Roll,
    RuleConfigError,
    Score,
    Scratch,
    ThrowLimitError,
    UnknownActionError,
)
from yamskit.scorecard import ScorecardGame

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER = ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "yams", "chance")


def turn(game: ScorecardGame, dice: str, action: Any) -> ScorecardGame:
    """One whole turn: a throw showing ``dice``, then ``action``."""
    return game.apply(Roll(outcome=dice)).apply(action)


def solo(**options: Any) -> ScorecardGame:
    return yamskit.variant("classic", **options).new_game(players=["Ann"], seed=1)


def scores_offered(game: ScorecardGame) -> dict[str, int]:
    """Every legal Score and the points it would write."""
    return {a.row: game.placement(a).points for a in game.legal_actions() if isinstance(a, Score)}


# ---------------------------------------------------------------- the rule sheet's examples
def test_sheet_example_two_twos_and_three_fours() -> None:
    # The sheet's final roll shows two 2s and three 4s: twos 4 or fours 12,
    # three of a kind 16 or full house 25.
    v = yamskit.variant("classic")
    dice = Dice.parse("22444")
    assert v.score("twos", dice) == 4
    assert v.score("fours", dice) == 12
    assert v.score("three_of_a_kind", dice) == 16
    assert v.score("full_house", dice) == 25


def test_three_and_four_of_a_kind_count_all_five_dice() -> None:
    v = yamskit.variant("classic")
    assert v.score("three_of_a_kind", "33325") == 16
    assert v.score("four_of_a_kind", "66661") == 25
    assert v.score("four_of_a_kind", "66611") == 0


@pytest.mark.parametrize(
    ("row", "dice", "points"),
    [
        ("full_house", "22555", 25),
        ("full_house", "55555", 0),
        ("small_straight", "12346", 30),
        ("small_straight", "12345", 30),
        ("large_straight", "23456", 40),
        ("large_straight", "12346", 0),
        ("yams", "44444", 50),
        ("chance", "12356", 17),
        ("ones", "11123", 3),
    ],
)
def test_combination_values(row: str, dice: str, points: int) -> None:
    assert yamskit.variant("classic").score(row, dice) == points


@given(st.lists(rolls, min_size=6, max_size=6))
def test_upper_bonus_is_35_exactly_when_the_numbers_reach_63(dice: list[Dice]) -> None:
    game = solo()
    for row, roll in zip(UPPER, dice, strict=True):
        game = turn(game, str(roll), Score(row))
    upper = sum(yamskit.variant("classic").score(r, d) for r, d in zip(UPPER, dice, strict=True))
    assert game.upper_total(0) == upper
    assert game.result().scores[0] == upper + (35 if upper >= 63 else 0)


def test_bonus_boundary_63_pays_and_62_does_not() -> None:
    def upper_game(rolls_: list[str]) -> int:
        game = solo()
        for row, dice in zip(UPPER, rolls_, strict=True):
            game = turn(game, dice, Score(row))
        return game.result().scores[0]

    # 3 of each face: 3+6+9+12+15+18 = 63
    assert upper_game(["11122", "22213", "33312", "44412", "55512", "66612"]) == 63 + 35
    assert upper_game(["11222", "22213", "33312", "44412", "55512", "66612"]) == 62


def test_a_game_is_thirteen_turns_and_the_total_sums_boxes_and_bonus() -> None:
    game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=3)
    plan = ["11111", "22222", "33333", "44444", "55555", "66666", "66612", "66661", "22555", "12346", "23456",
            "44444", "66655"]  # fmt: skip
    rows = [*UPPER, *LOWER]
    for row, dice in zip(rows, plan, strict=True):
        for _ in range(2):
            assert not game.is_over
            game = turn(game, dice, Score(row))
    assert game.is_over
    expected = 5 + 10 + 15 + 20 + 25 + 30 + 35 + 21 + 25 + 25 + 30 + 40 + 50 + 28
    assert game.result().scores == (expected, expected)
    assert game.result().is_draw
    assert_illegal(game, Roll(), GameOverError)


# ---------------------------------------------------------------- illegal actions
def test_illegal_actions_raise_specific_errors_and_change_nothing() -> None:
    game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=5)
    assert_illegal(game, Score("chance"), MustRollFirstError)
    assert_illegal(game, Roll(keep="3"), KeepError)
    assert_illegal(game, Roll(), NotYourTurnError, player="Bob")
    assert_illegal(game, Roll(), NotYourTurnError, player="Zoe")
    game = game.apply(Roll(outcome="12345"))
    assert_illegal(game, Roll(keep="66"), KeepError)
    assert_illegal(game, Score("chance", "left"), UnknownActionError)
    assert_illegal(game, Score("bonus"), UnknownActionError)
    game = game.apply(Roll(keep="1234", outcome="1")).apply(Roll(keep="11", outcome="111"))
    assert_illegal(game, Roll(), ThrowLimitError)
    game = game.apply(Score("yams"))
    game = turn(game, "12345", Score("yams"))  # Bob's own box is free
    game = game.apply(Roll(outcome="11111"))
    assert_illegal(game, Score("yams"), OccupiedError)
    assert_illegal(game, Scratch("yams"), OccupiedError)


def test_any_box_may_be_crossed_out() -> None:
    game = turn(solo(), "66666", Scratch("yams"))
    assert game.cell(0, "yams").scratched
    assert game.result().scores == (0,)


def test_unknown_options_and_values_are_refused() -> None:
    with pytest.raises(RuleConfigError, match="joker"):
        yamskit.variant("classic", joker="sometimes")
    with pytest.raises(RuleConfigError, match="yams_bonus"):
        yamskit.variant("classic", yams_bonus=50)
    with pytest.raises(RuleConfigError, match="options: joker, yams_bonus"):
        yamskit.variant("classic", bonus=1)
    with pytest.raises(RuleConfigError, match="known variants"):
        yamskit.variant("klassic")


def test_yahtzee_preset_is_forced_joker_with_bonus() -> None:
    v = yamskit.variant("yahtzee")
    assert v.category("yams").label == "Yahtzee"
    game = turn(v.new_game(seed=1), "22222", Score("yams"))
    game = turn(game, "33333", Score("threes"))
    assert game.sheets[0].extra == 100


@pytest.mark.parametrize("name", ["classic", "yahtzee"])
def test_classic_rules_text_shows_options_and_rulings(name: str) -> None:
    text = yamskit.variant(name).describe()
    assert "\nOptions: " in text
    assert "\nRulings:" in text
    assert "63 or more" in text


def test_roll_off_decides_the_first_player_from_the_seed() -> None:
    v = yamskit.variant("classic")
    firsts = {v.new_game(players=["A", "B", "C"], seed=s, first_player="roll_off").current_player for s in range(30)}
    assert firsts == {0, 1, 2}
    g = v.new_game(players=["A", "B"], seed=11, first_player="roll_off")
    assert g == v.new_game(players=["A", "B"], seed=11, first_player="roll_off")
    with pytest.raises(RuleConfigError):
        v.new_game(players=["A", "B"], first_player=2)


def test_fill_order_is_free_in_classic() -> None:
    game = solo().apply(Roll(outcome="12345"))
    assert {a.row for a in game.legal_actions() if isinstance(a, Score)} == set(UPPER + LOWER)
    assert FillOrderError  # classic never raises it: one free column


# ---------------------------------------------------------------- jokers and the Yams bonus
def with_yams(points: str, **options: Any) -> ScorecardGame:
    """A solo game whose Yams box holds 50 ("50"), a scored 0 ("0") or a cross ("x")."""
    game = solo(**options)
    if points == "50":
        return turn(game, "44444", Score("yams"))
    if points == "0":
        return turn(game, "12346", Score("yams"))
    return turn(game, "44444", Scratch("yams"))


def test_no_joker_a_further_yams_scores_as_plain_dice() -> None:
    game = with_yams("50").apply(Roll(outcome="44444"))
    offered = scores_offered(game)
    assert set(offered) == set(UPPER + LOWER) - {"yams"}
    assert offered["full_house"] == 0
    assert offered["large_straight"] == 0
    assert offered["fours"] == 20
    assert game.apply(Score("fours")).sheets[0].extra == 0


def test_free_joker_pays_full_value_only_once_the_number_box_is_filled() -> None:
    game = with_yams("50", joker="free").apply(Roll(outcome="44444"))
    assert scores_offered(game)["full_house"] == 0  # fours still open: no joker
    game = turn(with_yams("50", joker="free"), "44412", Score("fours")).apply(Roll(outcome="44444"))
    offered = scores_offered(game)
    assert set(offered) == set(UPPER + LOWER) - {"yams", "fours"}  # any open box may be used
    assert offered["full_house"] == 25
    assert offered["small_straight"] == 30
    assert offered["large_straight"] == 40
    assert offered["three_of_a_kind"] == 20
    assert offered["chance"] == 20
    assert offered["ones"] == 0


def test_free_joker_also_applies_after_a_crossed_out_yams() -> None:
    game = turn(with_yams("x", joker="free"), "44412", Score("fours")).apply(Roll(outcome="44444"))
    assert scores_offered(game)["large_straight"] == 40


def test_forced_joker_must_use_the_matching_number_box_first() -> None:
    game = with_yams("50", joker="forced").apply(Roll(outcome="44444"))
    assert scores_offered(game) == {"fours": 20}
    assert [a for a in game.legal_actions() if isinstance(a, Scratch)] == [Scratch("fours")]
    error = assert_illegal(game, Score("full_house"), JokerRuleError)
    assert "fours" in str(error)


def test_forced_joker_then_any_lower_box_at_full_value() -> None:
    game = turn(with_yams("0", joker="forced"), "44412", Score("fours")).apply(Roll(outcome="44444"))
    offered = scores_offered(game)
    assert set(offered) == set(LOWER) - {"yams"}
    assert offered["full_house"] == 25
    assert offered["large_straight"] == 40
    assert_illegal(game, Score("sixes"), JokerRuleError)


def test_forced_joker_with_no_lower_box_left_takes_a_zero_in_a_number_box() -> None:
    game = with_yams("50", joker="forced")
    for row, dice in zip(("fours", *[r for r in LOWER if r != "yams"]), ["44412", *["12345"] * 6], strict=True):
        game = turn(game, dice, Score(row))
    game = game.apply(Roll(outcome="44444"))
    assert scores_offered(game) == {"ones": 0, "twos": 0, "threes": 0, "fives": 0, "sixes": 0}


def test_seed_joker_needs_a_50_in_the_yams_box() -> None:
    for yams, expected in (("50", 25), ("0", 0), ("x", 0)):
        game = turn(with_yams(yams, joker="seed"), "44412", Score("fours")).apply(Roll(outcome="44444"))
        assert scores_offered(game)["full_house"] == expected, yams


def test_seed_joker_needs_the_matching_number_box_filled() -> None:
    game = with_yams("50", joker="seed").apply(Roll(outcome="44444"))
    assert scores_offered(game)["full_house"] == 0
    assert "fours" in scores_offered(game)
    assert "sixes" in scores_offered(game)


@pytest.mark.parametrize("joker", [None, "free", "forced", "seed"])
def test_yams_bonus_is_paid_for_each_further_yams_while_the_box_holds_50(joker: str | None) -> None:
    game = with_yams("50", joker=joker, yams_bonus=100)
    game = turn(game, "44444", Score("fours"))
    assert game.sheets[0].extra == 100
    game = turn(game, "66666", Score("sixes"))
    assert game.sheets[0].extra == 200
    assert game.result().scores[0] == 50 + 20 + 30 + 200


@pytest.mark.parametrize("yams", ["0", "x"])
def test_no_yams_bonus_after_a_zero_in_the_yams_box(yams: str) -> None:
    game = turn(with_yams(yams, yams_bonus=100), "44444", Score("fours"))
    assert game.sheets[0].extra == 0


def test_the_first_yams_earns_no_bonus_wherever_it_goes() -> None:
    game = turn(solo(yams_bonus=100), "55555", Score("fives"))
    assert game.sheets[0].extra == 0
    game = turn(game, "55555", Score("yams"))
    assert game.sheets[0].extra == 0


def test_yams_bonus_is_paid_even_when_the_turn_crosses_a_box_out() -> None:
    game = turn(with_yams("50", yams_bonus=100), "44444", Scratch("ones"))
    assert game.sheets[0].extra == 100
