"""Crag scores and plays as the outside sources say.

Sources (cited on docs/rules/crag.md):

* Wikipedia, *Crag (dice game)* (https://en.wikipedia.org/wiki/Crag_(dice_game)), after
  Reiner Knizia, *Dice Games Properly Explained* (2010), p. 149: three dice, a second throw
  of any of them, the thirteen boxes and their points, the thirteen as "any combination
  totalling 13", the best sheet 244, and one worked example a box (checked below);
* dice-play.com, *Crag* (http://dice-play.com/Games/Crag.htm): the score sheet, the thirteen
  as 2-5-6 or 3-4-6 and the crag as 1-6-6, 3-5-5 or 4-4-5, the second throw optional, a 0 in
  an unused box when the dice fit none.
"""

from __future__ import annotations

import pytest

import yamskit
from yamskit import Roll, RuleConfigError, Score, Scratch
from yamskit.errors import DiceCountError, NotationError

CRAG = yamskit.variant("crag")
WIDE = yamskit.variant("crag", thirteen_takes_crag=True)


@pytest.mark.parametrize(
    ("dice", "row", "points"),
    [
        # Wikipedia's example column, one roll a box
        ("661", "crag", 50),
        ("346", "thirteen", 26),
        ("444", "three_of_a_kind", 25),
        ("123", "low_straight", 20),
        ("456", "high_straight", 20),
        ("135", "odd_straight", 20),
        ("246", "even_straight", 20),
        ("666", "sixes", 18),
        ("125", "fives", 5),
        ("445", "fours", 8),
        ("333", "threes", 9),
        ("226", "twos", 4),
        ("111", "ones", 3),
        # dice-play.com's sheet: the thirteen's dice and the crag's
        ("256", "thirteen", 26),
        ("166", "crag", 50),
        ("355", "crag", 50),
        ("544", "crag", 50),
    ],
)
def test_the_worked_examples_of_the_rule_pages(dice: str, row: str, points: int) -> None:
    assert CRAG.score(row, dice) == points
    assert WIDE.score(row, dice) == points


@pytest.mark.parametrize("dice", ["166", "355", "445"])
def test_a_crag_is_a_thirteen_only_in_wikipedias_reading(dice: str) -> None:
    assert CRAG.score("thirteen", dice) == 0  # dice-play.com: a thirteen is 2-5-6 or 3-4-6
    assert WIDE.score("thirteen", dice) == 26  # Wikipedia: "any combination totalling 13"
    assert CRAG.score("crag", dice) == WIDE.score("crag", dice) == 50


@pytest.mark.parametrize("dice", ["255", "356", "111", "124", "135", "664"])
def test_dice_that_miss_a_box_write_zero_there(dice: str) -> None:
    for row in ("crag", "thirteen", "low_straight", "high_straight", "even_straight"):
        assert CRAG.score(row, dice) == 0, (row, dice)


def test_no_crag_is_a_three_of_a_kind_and_the_best_sheet_is_244() -> None:
    maxima = {row: max(table) for row, table in zip(CRAG.rows, CRAG.rules.row_tables, strict=True)}
    assert sum(maxima.values()) == 244  # Wikipedia
    assert CRAG.score("three_of_a_kind", "445") == 0
    assert CRAG.rules.bonus is None


def test_the_sheet_is_three_dice_two_throws_thirteen_boxes() -> None:
    rules = CRAG.rules
    assert (rules.dice, rules.max_throws, len(CRAG.rows)) == (3, 2, 13)
    assert CRAG.rows == (
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "odd_straight",
        "even_straight",
        "low_straight",
        "high_straight",
        "three_of_a_kind",
        "thirteen",
        "crag",
    )


def test_a_turn_throws_three_dice_then_any_of_them_once_and_may_stop_after_the_first() -> None:
    game = CRAG.new_game(["Ann", "Bob"], seed=5)
    first = game.apply(Roll(outcome="612"))
    assert first.is_legal(Score("ones"))  # the second throw is optional (dice-play.com)
    second = first.apply(Roll(keep="6", outcome="66"))
    assert str(second.dice) == "666"
    assert not second.is_legal(Roll())  # no third throw
    assert second.placement(Score("three_of_a_kind")).points == 25
    done = second.apply(Score("sixes"))
    assert done.cell(0, "sixes").points == 18
    assert done.current_player == 1
    # every die thrown again is allowed too
    assert first.is_legal(Roll(keep="", outcome="166"))


def test_other_dice_counts_are_refused_naming_three() -> None:
    game = CRAG.new_game(seed=1)
    with pytest.raises(DiceCountError, match="crag throws 3 dice, not 5"):
        game.apply(Roll(outcome="12345"))
    with pytest.raises(NotationError, match="crag throws 3 dice, not 4"):
        game.parse_action("roll 1234")
    assert game.parse_action("roll 661") == Roll(outcome="166")


def test_a_box_may_be_crossed_out_and_scores_zero() -> None:
    game = CRAG.new_game(["Ann"], seed=2).apply(Roll(outcome="123"))
    crossed = game.apply(Scratch("crag"))
    assert crossed.cell(0, "crag").scratched
    assert crossed.result().scores == (0,)


def test_a_whole_sheet_adds_up_to_the_total() -> None:
    game = CRAG.new_game(["Ann"], seed=3)
    turns = [
        ("111", "ones"),
        ("222", "twos"),
        ("333", "threes"),
        ("444", "fours"),
        ("555", "fives"),
        ("666", "sixes"),
        ("135", "odd_straight"),
        ("246", "even_straight"),
        ("123", "low_straight"),
        ("456", "high_straight"),
        ("222", "three_of_a_kind"),
        ("346", "thirteen"),
        ("445", "crag"),
    ]
    for dice, row in turns:
        game = game.apply(Roll(outcome=dice)).apply(Score(row))
    assert game.is_over
    assert game.result().scores == (244,)


@pytest.mark.parametrize("value", [1, "yes", None])
def test_an_option_outside_its_values_is_refused_by_name(value: object) -> None:
    with pytest.raises(RuleConfigError, match="thirteen_takes_crag must be True or False"):
        yamskit.variant("crag", thirteen_takes_crag=value)


def test_positions_are_accepted_only_with_a_game_that_reaches_them() -> None:
    game = CRAG.position(
        ["Ann", "Bob"], sheets=[{"crag": 50, "ones": "x"}, {"thirteen": 26, "twos": 4}], dice="445", seed=4
    )
    moves = [str(move.action) for move in CRAG.witness(game).moves]
    assert moves[-1] == "roll 445"
    assert "score crag" in moves
    with pytest.raises(yamskit.PositionError, match="no roll gives 26 in crag"):
        CRAG.position(["Ann"], sheets=[{"crag": 26}])
    with pytest.raises(yamskit.PositionError, match="crag throws 3 dice, not 5"):
        CRAG.position(["Ann"], dice="12345")
    assert WIDE.position(["Ann"], sheets=[{"thirteen": 26}], seed=1).cell(0, "thirteen").points == 26
