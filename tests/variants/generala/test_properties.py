"""Generala: property tests of its scoring, over dice drawn in any order, in each reading of its options."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples, face_lists
from yamskit import Dice, Roll, Score

READINGS = [
    {"straight_wraps": wraps, "one_for_two": one, "generala_points": points, "served_bonus": bonus}
    for wraps in (False, True)
    for one in (False, True)
    for points, bonus in ((50, 5), (60, 10))
]
VARIANTS = [yamskit.variant("generala", **options) for options in READINGS]
readings = st.sampled_from(range(len(READINGS)))


@settings(max_examples=examples(100))
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


@settings(max_examples=examples(100))
@given(face_lists, readings)
def test_every_box_scores_as_its_rule_says(faces: list[int], reading: int) -> None:
    variant, options = VARIANTS[reading], READINGS[reading]
    dice, counts = Dice(faces), Counter(faces)
    shape = sorted(counts.values())
    for number, row in enumerate(variant.rows[:6], start=1):
        assert variant.score(row, dice) == number * counts[number]
    ordered = sorted(faces)
    straight = ordered in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6])
    straight |= options["straight_wraps"] and shape == [1] * 5
    straight |= options["one_for_two"] and ordered in ([1, 1, 3, 4, 5], [1, 3, 4, 5, 6])
    assert variant.score("escalera", dice) == (20 if straight else 0)
    assert variant.score("full", dice) == (30 if shape == [2, 3] else 0)
    assert variant.score("poker", dice) == (40 if shape[-1] >= 4 else 0)
    five = options["generala_points"] if shape == [5] else 0
    assert variant.score("generala", dice) == five
    assert variant.score("doble_generala", dice) == 2 * five


@settings(max_examples=examples(60))
@given(face_lists, readings, st.integers(min_value=1, max_value=3))
def test_a_box_pays_its_plain_points_plus_the_served_bonus_on_the_first_throw_only(
    faces: list[int], reading: int, throws: int
) -> None:
    variant, options = VARIANTS[reading], READINGS[reading]
    game = variant.new_game(["Ann", "Bob"], seed=1)
    for _ in range(throws - 1):
        game = game.apply(Roll(outcome="11236"))
    game = game.apply(Roll(outcome=faces))
    for row in variant.rows:
        plain = variant.score(row, Dice(faces))
        if row == "doble_generala":
            continue  # closed until the generala holds points
        written = game.placement(Score(row)).points
        served = throws == 1 and row in ("escalera", "full", "poker") and plain > 0
        assert written == plain + (options["served_bonus"] if served else 0)
        ends = game.apply(Score(row)).is_over
        assert ends == (throws == 1 and row == "generala" and plain > 0)
