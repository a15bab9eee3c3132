"""Yacht: property tests of its scoring, over dice drawn in any order, in both readings of its two boxes."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import yamskit
from tests.strategies import face_lists
from yamskit import Dice

READINGS = [
    {"four_of_a_kind": four, "full_house_from_five": five}
    for four in ("four_dice", "all_dice")
    for five in (False, True)
]
VARIANTS = [yamskit.variant("yacht", **options) for options in READINGS]
readings = st.sampled_from(range(len(READINGS)))


@given(face_lists, readings)
def test_a_score_depends_on_the_dice_not_their_order_and_never_passes_the_box_maximum(
    faces: list[int], reading: int
) -> None:
    variant = VARIANTS[reading]
    for row in variant.rows:
        points = variant.score(row, Dice(faces))
        assert 0 <= points <= variant.category(row).max
        for order in itertools.islice(itertools.permutations(faces), 0, None, 17):
            assert variant.score(row, Dice(list(order))) == points


@given(face_lists, readings)
def test_every_box_scores_as_its_rule_says(faces: list[int], reading: int) -> None:
    variant, options = VARIANTS[reading], READINGS[reading]
    dice, counts = Dice(faces), Counter(faces)
    shape = sorted(counts.values())
    face, most = counts.most_common(1)[0]
    for number, row in enumerate(variant.rows[:6], start=1):
        assert variant.score(row, dice) == number * counts[number]
    full = shape == [2, 3] or (shape == [5] and options["full_house_from_five"])
    assert variant.score("full_house", dice) == (sum(faces) if full else 0)
    four = 0 if most < 4 else (4 * face if options["four_of_a_kind"] == "four_dice" else sum(faces))
    assert variant.score("four_of_a_kind", dice) == four
    assert variant.score("little_straight", dice) == (30 if sorted(faces) == [1, 2, 3, 4, 5] else 0)
    assert variant.score("big_straight", dice) == (30 if sorted(faces) == [2, 3, 4, 5, 6] else 0)
    assert variant.score("choice", dice) == sum(faces)
    assert variant.score("yacht", dice) == (50 if shape == [5] else 0)


@given(face_lists)
def test_no_roll_fills_both_straights_or_a_full_house_and_four_of_a_kind(faces: list[int]) -> None:
    variant, dice = VARIANTS[0], Dice(faces)
    assert not (variant.score("little_straight", dice) and variant.score("big_straight", dice))
    assert not (variant.score("full_house", dice) and variant.score("four_of_a_kind", dice))
