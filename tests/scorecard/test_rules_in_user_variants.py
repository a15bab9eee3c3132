"""Placement rules composed into a variant of your own keep the meaning their docs give them.

The shipped variants never reach some values these rules accept: a five-of-a-kind box
worth 1 point, a sum pair whose boxes may hold 0 or 1, a *sec* that comes after the rule
writing a 0. A user's variant can, and what is written must still follow the rule.
"""

from __future__ import annotations

import pytest

import yamskit
from yamskit import Roll, Score, ScorecardGame, ScorecardVariant, Scratch
from yamskit.categories import Category, is_five_of_a_kind, total, upper, when
from yamskit.position.errors import ImpossibleSheetError
from yamskit.scorecard.house_rules import FiveOfAKindBonus
from yamskit.scorecard.plus_minus import PlusAboveMinus
from yamskit.scorecard.sheet import Column

_COMPETITIVE = yamskit.variant("competitive").rules.placement_rules
#: Competitive Yams' rules, whatever module holds them: the sec, 0 is a scratch, the sums.
Sec, ZeroIsScratch, SumPair = type(_COMPETITIVE[0]), type(_COMPETITIVE[1]), type(_COMPETITIVE[3])
ROWS = [*(upper(face) for face in range(1, 7)), Category("chance", total)]


def _play(variant: ScorecardVariant, *turns: tuple[str, Score | Scratch]) -> ScorecardGame:
    game = variant.new_game(players=["Ann"], seed=1)
    for dice, action in turns:
        game = game.apply(Roll(outcome=dice)).apply(action)
    return game


def test_a_five_of_a_kind_bonus_is_paid_while_its_box_holds_even_1_point() -> None:
    tiny = Category("yams", when(is_five_of_a_kind, 1))
    variant = ScorecardVariant.define("tiny-yams", rows=[*ROWS, tiny], rules=[FiveOfAKindBonus(points=100)])
    game = _play(variant, ("22222", Score("yams")), ("55555", Score("fives")))
    assert (game.cell(0, "yams").points, game.cell(0, "fives").points, game.sheets[0].extra) == (1, 25, 100)


def test_crossing_out_one_box_of_a_sum_pair_crosses_a_partner_holding_1() -> None:
    variant = ScorecardVariant.define("pair", rows=ROWS, rules=[SumPair(small="ones", large="chance", minimum=0)])
    game = _play(variant, ("12346", Score("ones")), ("12346", Scratch("chance")))
    assert game.cell(0, "ones").scratched
    assert game.cell(0, "chance").scratched


def test_a_large_box_of_a_sum_pair_with_minimum_1_takes_1_before_any_small_is_written() -> None:
    variant = ScorecardVariant.define("pair", rows=ROWS, rules=[SumPair(small="twos", large="ones", minimum=1)])
    game = _play(variant, ("12346", Score("ones")))
    assert game.cell(0, "ones").points == 1
    assert not game.cell(0, "ones").scratched


def test_a_sec_after_the_rule_that_writes_0_still_writes_the_row_maximum() -> None:
    variant = ScorecardVariant.define("late-sec", rows=ROWS, rules=[ZeroIsScratch(), Sec({"ones": 5, "chance": 30})])
    game = _play(variant, ("22222", Score("ones")))
    assert game.cell(0, "ones").points == 5
    assert not game.cell(0, "ones").scratched


def test_the_pair_rule_on_a_sheet_of_its_two_rows_alone_refuses_a_position_naming_seat_column_and_points() -> None:
    """A sheet may hold nothing but the two rows the pair rule compares; its positions are still checked."""
    variant = ScorecardVariant.define(
        "pair-only",
        rows=[Category("high", total), Category("low", total)],
        columns=(Column("left"), Column("right")),
        rules=[PlusAboveMinus(plus="high", minus="low")],
    )
    ann = {"left": {"high": 30}}
    for low in (26, 25):
        bob = {"left": {"high": 20}, "right": {"high": 25, "low": low}}
        with pytest.raises(ImpossibleSheetError) as refused:
            variant.position(["Ann", "Bob"], sheets=[{**ann, "right": {"low": 5, "high": 9}}, bob], current_player=0)
        assert refused.value.rule == "plus_above_minus"
        assert str(refused.value) == (
            f"Bob's column 'right': high (25) must be greater than low ({low}) (rule: plus_above_minus)"
        )
    fine = {"left": {"high": 20}, "right": {"high": 25, "low": 24}}
    game = variant.position(["Ann", "Bob"], sheets=[{**ann, "right": {"low": 5, "high": 9}}, fine], current_player=0)
    assert game.cell(1, "low", "right").points == 24
