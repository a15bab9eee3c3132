"""Generala scores and plays as the outside sources say.

Sources (cited on docs/rules/generala.md):

* Wikipedia, *Generala* (https://en.wikipedia.org/wiki/Generala): the boxes and their points,
  the worked examples below (4-4-4-2-6 in fours, twos, sixes; 5-5-5-3-3 a full house;
  2-2-2-2-6 four of a kind; 3-3-3-3-3 also in threes or four of a kind), the 5- or 10-point
  bonus on the first roll, the generala on the first roll that wins at once, the straight
  that wraps around and the 1 that replaces a 2 as variations, generala 50 or 60, double 100
  or 120;
* gambiter.com, *Generala* (http://gambiter.com/dice/Generala.html): the same boxes, the
  double generala for a second five of a kind, optional;
* the Wikipedia text as mirrored at ldplayerx.com (Generala on PC): a generala crossed out
  and then rolled on the first roll is no automatic win.
"""

from __future__ import annotations

from typing import Any

import pytest

import yamskit
from yamskit import ClosedBoxError, Dice, Roll, RuleConfigError, Score, Scratch

GENERALA = yamskit.variant("generala")


@pytest.mark.parametrize(
    ("dice", "row", "points"),
    [
        # Wikipedia: "4-4-4-2-6 would score 4 + 4 + 4 = 12 points in Fours or 2 points in Twos, or even 6 in Sixes"
        ("44426", "cuatros", 12),
        ("44426", "doses", 2),
        ("44426", "seises", 6),
        ("12345", "escalera", 20),  # a straight: 1-2-3-4-5 or 2-3-4-5-6, 20 points
        ("23456", "escalera", 20),
        ("55533", "full", 30),  # "5-5-5-3-3", 30 points
        ("22226", "poker", 40),  # "2-2-2-2-6", 40 points
        ("33333", "generala", 50),  # five of a kind, 50 (or 60)
        ("33333", "treses", 15),  # "one need not enter 3-3-3-3-3 in Generala: it may go in Threes ..."
        ("33333", "poker", 40),  # "... or Four of a kind"
        ("33333", "doble_generala", 100),  # a second five of a kind, 100 (or 120)
    ],
)
def test_the_worked_examples_of_the_rule_pages(dice: str, row: str, points: int) -> None:
    assert GENERALA.score(row, dice) == points


@pytest.mark.parametrize(
    ("options", "dice", "points"),
    [
        ({}, "34561", 0),
        ({"straight_wraps": True}, "34561", 20),  # "3-4-5-6-1 ... wrap around"
        ({"straight_wraps": True}, "45612", 20),  # "four, five, six, one, and two"
        ({"straight_wraps": True}, "11345", 0),
        ({"one_for_two": True}, "11345", 20),  # "a 1 to replace a 2: 1, 1, 3, 4, 5 or 1, 3, 4, 5, 6"
        ({"one_for_two": True}, "13456", 20),
        ({"one_for_two": True}, "45612", 0),
    ],
)
def test_the_two_straight_variations_are_options(options: dict[str, Any], dice: str, points: int) -> None:
    assert yamskit.variant("generala", **options).score("escalera", dice) == points


def test_a_straight_full_or_poker_on_the_first_throw_is_worth_five_more_or_ten() -> None:
    # Wikipedia: "a Straight, Full House, or Four of a Kind on the first roll ... is worth 5 or 10 extra points"
    for bonus in (5, 10):
        game = yamskit.variant("generala", served_bonus=bonus).new_game(["Ann", "Bob"], seed=1)
        for dice, row, points in [("54321", "escalera", 20), ("22444", "full", 30), ("66663", "poker", 40)]:
            served = game.apply(Roll(outcome=dice))
            assert served.placement(Score(row)).points == points + bonus
            later = game.apply(Roll(outcome="11236")).apply(Roll(outcome=dice))
            assert later.placement(Score(row)).points == points
        assert game.apply(Roll(outcome="11236")).placement(Score("escalera")).points == 0


def test_a_generala_on_the_first_throw_wins_the_game_at_once() -> None:
    # Wikipedia: "A player who makes Generala on the first roll of a turn automatically wins the game"
    game = GENERALA.new_game(["Ann", "Bob", "Cy"], seed=5)
    game = game.apply(Roll(outcome="66663")).apply(Score("poker"))  # Ann: 45
    game = game.apply(Roll(outcome="22222")).apply(Score("generala"))  # Bob: served
    assert game.is_over
    assert game.ended is not None
    assert game.ended.reason == "a generala on the first throw"
    assert game.result().winner_names == ("Bob",)
    assert game.result().scores == (45, 50, 0)


def test_a_served_generala_after_a_crossed_out_generala_does_not_win() -> None:
    # the Wikipedia text (ldplayerx.com): "if a player scratches Generala and subsequently rolls Generala on the
    # first roll of a turn, it may not be used as an automatic win"
    game = GENERALA.new_game(["Ann"], seed=1).apply(Roll(outcome="12346")).apply(Scratch("generala"))
    served = game.apply(Roll(outcome="55555"))
    assert Score("doble_generala") not in served.legal_actions()  # closed: the generala holds no points
    for row in ("cincos", "poker"):
        assert not served.apply(Score(row)).is_over


def test_a_second_served_generala_in_the_doble_generala_wins_too() -> None:
    game = GENERALA.new_game(["Ann", "Bob"], seed=2)
    game = game.apply(Roll(outcome="12346")).apply(Roll(outcome="44444")).apply(Score("generala"))
    game = game.apply(Roll(outcome="12346")).apply(Score("unos"))
    game = game.apply(Roll(outcome="33333")).apply(Score("doble_generala"))
    assert game.ended is not None
    assert game.result().winner_names == ("Ann",)
    assert game.cell("Ann", "doble_generala").points == 100


def test_the_doble_generala_opens_only_once_the_generala_holds_points() -> None:
    game = GENERALA.new_game(["Ann"], seed=1).apply(Roll(outcome="12346")).apply(Roll(outcome="66666"))
    assert Score("doble_generala") not in game.legal_actions()
    with pytest.raises(ClosedBoxError, match="opens only once 'generala' holds points"):
        game.apply(Score("doble_generala"))
    zero = GENERALA.new_game(["Ann"], seed=1).apply(Roll(outcome="12346")).apply(Score("generala"))
    assert zero.cell(0, "generala").points == 0  # a generala scored 0 does not open it
    assert not zero.apply(Roll(outcome="12346")).is_legal(Score("doble_generala"))


def test_options_change_the_points_and_the_sheet() -> None:
    sixty = yamskit.variant("generala", generala_points=60)
    assert sixty.score("generala", "11111") == 60
    assert sixty.score("doble_generala", "11111") == 120
    plain = yamskit.variant("generala", doble_generala=False)
    assert "doble_generala" not in plain.rows
    assert len(plain.rows) == 10
    game = plain.new_game(["Ann"], seed=1).apply(Roll(outcome="44444")).apply(Score("generala"))
    assert game.ended is not None
    assert GENERALA.rules.bonus is None  # no upper bonus


@pytest.mark.parametrize(
    "options",
    [
        {"straight_wraps": 1},
        {"one_for_two": "yes"},
        {"generala_points": 55},
        {"generala_points": True},
        {"served_bonus": 7},
        {"doble_generala": None},
        {"poker": 40},
    ],
)
def test_an_option_outside_its_values_is_refused(options: dict[str, Any]) -> None:
    with pytest.raises(RuleConfigError):
        yamskit.variant("generala", **options)


def test_the_exact_solver_solves_generala_and_the_batch_refuses_it_naming_the_rule() -> None:
    from yamskit.bots import solvable
    from yamskit.solver.batch import batch_model
    from yamskit.solver.model import model_of

    assert solvable(GENERALA)
    assert model_of(GENERALA).served is not None
    with pytest.raises(RuleConfigError, match="do not play the placement rule ServedBonus on 'escalera'"):
        batch_model(GENERALA)


def test_five_of_a_kind_is_no_full() -> None:
    assert GENERALA.score("full", Dice.parse("44444")) == 0
