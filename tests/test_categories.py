"""Category predicates and scorers, and their tables over the 252 rolls."""

from __future__ import annotations

import pytest
from hypothesis import given

from tests.strategies import face_lists, rolls
from yamskit import Dice, InvalidDiceError, RuleConfigError
from yamskit.categories import (
    Category,
    face_sum,
    full_house,
    is_five_of_a_kind,
    is_full_house,
    is_large_straight,
    is_small_straight,
    kind_face,
    matching_sum,
    n_of_a_kind,
    sum_at_most,
    total,
    when,
)
from yamskit.dice import ROLLS
from yamskit.variants.classic import ROWS


def _runs(faces: set[int]) -> int:
    best = run = 0
    for f in range(1, 7):
        run = run + 1 if f in faces else 0
        best = max(best, run)
    return best


@given(rolls)
def test_predicates_agree_with_their_definitions(dice: Dice) -> None:
    counts = sorted((c for c in dice.counts if c), reverse=True)
    assert n_of_a_kind(3)(dice) == (counts[0] >= 3)
    assert n_of_a_kind(4)(dice) == (counts[0] >= 4)
    assert is_five_of_a_kind(dice) == (counts == [5])
    assert is_full_house(dice) == (counts == [3, 2])
    assert full_house(five_of_a_kind=True)(dice) == (counts in ([3, 2], [5]))
    assert is_small_straight(dice) == (_runs(set(dice.faces)) >= 4)
    assert is_large_straight(dice) == (_runs(set(dice.faces)) == 5)
    assert sum_at_most(8)(dice) == (dice.total <= 8)


@given(rolls)
def test_a_large_straight_is_also_a_small_one_and_five_of_a_kind_is_every_kind(dice: Dice) -> None:
    if is_large_straight(dice):
        assert is_small_straight(dice)
    if is_five_of_a_kind(dice):
        assert n_of_a_kind(3)(dice)
        assert n_of_a_kind(4)(dice)
        assert not is_full_house(dice)


@given(face_lists)
def test_every_category_scores_the_same_whatever_the_order(faces: list[int]) -> None:
    for category in ROWS:
        assert category.score(Dice(faces)) == category.score(Dice(list(reversed(faces))))
        assert category.score(Dice(faces)) == category.scorer(Dice(faces))


@pytest.mark.parametrize("category", ROWS, ids=lambda c: c.id)
def test_a_category_never_exceeds_its_maximum(category: Category) -> None:
    assert all(0 <= category.score(roll) <= category.max for roll in ROLLS)
    assert category.max == max(category.scorer(roll) for roll in ROLLS)


def test_matching_sum_counts_only_the_matching_dice() -> None:
    assert matching_sum(3)(Dice.parse("33325")) == 9
    assert matching_sum(3)(Dice.parse("33333")) == 9
    assert matching_sum(4)(Dice.parse("33336")) == 12
    assert matching_sum(4)(Dice.parse("33366")) == 0
    assert kind_face(Dice.parse("12345"), 2) is None


def test_when_gives_points_only_if_the_predicate_holds() -> None:
    scorer = when(is_full_house, total)
    assert scorer(Dice.parse("22555")) == 19
    assert scorer(Dice.parse("22556")) == 0
    assert face_sum(4)(Dice.parse("44412")) == 12


def test_a_category_scores_exactly_five_dice() -> None:
    with pytest.raises(InvalidDiceError):
        ROWS[0].score(Dice.parse("1111"))


def test_scorers_must_give_whole_non_negative_points() -> None:
    with pytest.raises(RuleConfigError):
        Category("bad", lambda d: -1)
    with pytest.raises(RuleConfigError):
        Category("Not An Id", total)
    with pytest.raises(RuleConfigError):
        n_of_a_kind(9)  # 1 to 8 (MAX_DICE): six of a kind is a six-dice sheet's


def test_a_category_of_several_boxes_takes_one_row_per_box_labelled_and_numbered() -> None:
    single = Category("chance", total)
    assert single.box_rows() == (single,)
    pair = Category("fours", matching_sum(4), "Fours", boxes=2)
    first, second = pair.box_rows()
    assert first is pair
    assert (second.id, second.label, second.boxes, second.box) == ("fours_2", "Fours 2", 2, 2)
    assert second.table == pair.table  # the further box scores alike
    assert second.aliases == ()
    four = Category("choice", total, boxes=4).box_rows()
    assert [(row.id, row.label, row.box) for row in four] == [
        ("choice", "Choice", 1),
        ("choice_2", "Choice 2", 2),
        ("choice_3", "Choice 3", 3),
        ("choice_4", "Choice 4", 4),
    ]
    assert {row.boxes for row in four} == {4}
    assert second.box_rows() == ()  # a further row adds no rows of its own
    assert four[3].box_rows() == ()
