"""Yatzy: property tests of its scoring, over dice drawn in any order and every reading."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yamskit
from tests.strategies import face_lists
from yamskit import Dice

READINGS = [{"two_pairs_from_four": tp4, "full_house_from_five": fh5} for tp4 in (False, True) for fh5 in (False, True)]
VARIANTS = [yamskit.variant("yatzy", **options) for options in READINGS]
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
def test_pairs_and_kinds_count_only_their_matching_dice(faces: list[int], reading: int) -> None:
    variant, options = VARIANTS[reading], READINGS[reading]
    counts = Counter(faces)
    for n, row in [(2, "one_pair"), (3, "three_of_a_kind"), (4, "four_of_a_kind")]:
        best = max((face for face, count in counts.items() if count >= n), default=0)
        assert variant.score(row, Dice(faces)) == n * best
    pairs = sorted(face for face, count in counts.items() if count >= 2)
    four = [face for face, count in counts.items() if count >= 4]
    if len(pairs) == 2:
        expected = 2 * sum(pairs)
    elif four and options["two_pairs_from_four"]:
        expected = 4 * four[0]
    else:
        expected = 0
    assert variant.score("two_pairs", Dice(faces)) == expected
    assert expected % 2 == 0


@given(face_lists, readings)
def test_full_house_straights_chance_and_yatzy(faces: list[int], reading: int) -> None:
    variant, options = VARIANTS[reading], READINGS[reading]
    dice, shape = Dice(faces), sorted(Counter(faces).values())
    full = shape == [2, 3] or (shape == [5] and options["full_house_from_five"])
    assert variant.score("full_house", dice) == (sum(faces) if full else 0)
    assert variant.score("small_straight", dice) == (15 if sorted(faces) == [1, 2, 3, 4, 5] else 0)
    assert variant.score("large_straight", dice) == (20 if sorted(faces) == [2, 3, 4, 5, 6] else 0)
    assert variant.score("chance", dice) == sum(faces)
    assert variant.score("yatzy", dice) == (50 if shape == [5] else 0)
    if shape == [2, 3]:  # a full house holds two pairs: all its dice but the third of the triple
        triple = max(set(faces), key=faces.count)
        assert variant.score("two_pairs", dice) == sum(faces) - triple


@given(face_lists)
def test_number_boxes_add_up_to_the_chance(faces: list[int]) -> None:
    variant = VARIANTS[0]
    dice = Dice(faces)
    assert sum(variant.score(row, dice) for row in variant.rows[:6]) == variant.score("chance", dice) == sum(faces)


@pytest.mark.parametrize(
    ("boxes", "bonus"),
    [
        ((2, 6, 9, 12, 15, 18), 0),
        ((3, 6, 9, 12, 15, 18), 50),
        ((4, 6, 9, 12, 15, 18), 50),
        ((5, 10, 15, 20, 25, 30), 50),
    ],
)
def test_the_upper_bonus_is_50_from_63(boxes: tuple[int, ...], bonus: int) -> None:
    variant = yamskit.variant("yatzy")
    values = dict(zip(variant.rows[:6], boxes, strict=True))
    upper = sum(boxes)
    game = variant.position(["Ann"], sheets=[values], seed=1)
    game = game.apply(yamskit.Roll(outcome="12346")).apply(yamskit.Score("chance"))
    assert game.result().scores == (upper + 16 + bonus,)
