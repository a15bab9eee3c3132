"""The exact straights: 12345 (`is_low_straight`) and 23456 (`is_high_straight`)."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import any_dice, face_lists
from yamskit import Dice
from yamskit.categories import Category, is_high_straight, is_large_straight, is_low_straight, when
from yamskit.dice import ROLLS


@given(face_lists)
def test_each_exact_straight_is_exactly_its_five_faces(faces: list[int]) -> None:
    dice = Dice(faces)
    assert is_low_straight(dice) == (sorted(faces) == [1, 2, 3, 4, 5])
    assert is_high_straight(dice) == (sorted(faces) == [2, 3, 4, 5, 6])


@given(face_lists, st.randoms(use_true_random=False))
def test_order_does_not_matter(faces: list[int], random: Random) -> None:
    shuffled = list(faces)
    random.shuffle(shuffled)
    assert is_low_straight(Dice(faces)) == is_low_straight(Dice(shuffled))
    assert is_high_straight(Dice(faces)) == is_high_straight(Dice(shuffled))


@given(face_lists)
def test_the_two_exact_straights_are_the_large_straight_split_in_two(faces: list[int]) -> None:
    dice = Dice(faces)
    assert not (is_low_straight(dice) and is_high_straight(dice))
    assert is_large_straight(dice) == (is_low_straight(dice) or is_high_straight(dice))


@given(any_dice)
def test_fewer_than_five_dice_are_never_a_straight(dice: Dice) -> None:
    if len(dice) < 5:
        assert not is_low_straight(dice)
        assert not is_high_straight(dice)


def test_each_is_one_roll_of_the_252() -> None:
    assert [str(roll) for roll in ROLLS if is_low_straight(roll)] == ["12345"]
    assert [str(roll) for roll in ROLLS if is_high_straight(roll)] == ["23456"]


@pytest.mark.parametrize(
    ("faces", "low", "high"),
    [("12345", 30, 0), ("54321", 30, 0), ("23456", 0, 30), ("62534", 0, 30), ("12346", 0, 0), ("11234", 0, 0)],
)
def test_categories_score_them(faces: str, low: int, high: int) -> None:
    little = Category("little_straight", when(is_low_straight, 30))
    big = Category("big_straight", when(is_high_straight, 30))
    assert (little.score(Dice.parse(faces)), big.score(Dice.parse(faces))) == (low, high)
    assert little.max == big.max == 30
