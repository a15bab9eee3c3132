"""Crag: property tests of its scoring, over three dice drawn in any order, in both readings of the thirteen."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples
from yamskit import Dice, Roll, Score

READINGS = [False, True]
VARIANTS = [yamskit.variant("crag", thirteen_takes_crag=wide) for wide in READINGS]
readings = st.sampled_from(range(len(READINGS)))
three_faces = st.lists(st.integers(min_value=1, max_value=6), min_size=3, max_size=3)
_STRAIGHTS = {
    "low_straight": [1, 2, 3],
    "high_straight": [4, 5, 6],
    "odd_straight": [1, 3, 5],
    "even_straight": [2, 4, 6],
}


@settings(max_examples=examples(100))
@given(three_faces, readings)
def test_a_score_depends_on_the_dice_not_their_order_and_never_passes_the_box_maximum(
    faces: list[int], reading: int
) -> None:
    variant = VARIANTS[reading]
    maxima = dict(zip(variant.rows, (max(t) for t in variant.rules.row_tables), strict=True))
    for row in variant.rows:
        points = variant.score(row, Dice(faces))
        assert 0 <= points <= maxima[row]
        for order in itertools.permutations(faces):
            assert variant.score(row, Dice(list(order))) == points


@settings(max_examples=examples(100))
@given(three_faces, readings)
def test_every_box_scores_as_its_rule_says(faces: list[int], reading: int) -> None:
    variant, wide = VARIANTS[reading], READINGS[reading]
    dice, counts = Dice(faces), Counter(faces)
    for number, row in enumerate(variant.rows[:6], start=1):
        assert variant.score(row, dice) == number * counts[number]
    for row, run in _STRAIGHTS.items():
        assert variant.score(row, dice) == (20 if sorted(faces) == run else 0)
    assert variant.score("three_of_a_kind", dice) == (25 if len(counts) == 1 else 0)
    pair = len(counts) == 2
    thirteen = sum(faces) == 13
    assert variant.score("crag", dice) == (50 if thirteen and pair else 0)
    assert variant.score("thirteen", dice) == (26 if thirteen and (wide or not pair) else 0)


@settings(max_examples=examples(100))
@given(three_faces)
def test_at_most_one_of_the_fixed_boxes_pays_in_the_narrow_reading(faces: list[int]) -> None:
    """The straights, three of a kind, thirteen and crag exclude each other (a crag is no thirteen)."""
    variant = VARIANTS[0]
    fixed = [row for row in variant.rows[6:] if variant.score(row, Dice(faces))]
    assert len(fixed) <= 1, fixed


@settings(max_examples=examples(50))
@given(three_faces, three_faces, st.integers(min_value=0, max_value=3), readings)
def test_a_turn_writes_what_its_last_throw_scores(first: list[int], second: list[int], keep: int, reading: int) -> None:
    """A rethrow keeps some dice of the first throw; the box takes the points of the three dice showing."""
    variant = VARIANTS[reading]
    game = variant.new_game(["Ann"], seed=1).apply(Roll(outcome=first))
    kept = sorted(first)[:keep]
    game = game.apply(Roll(keep=kept, outcome=second[: 3 - keep]))
    dice = game.dice
    assert len(dice) == 3
    assert sorted(dice.faces) == sorted(kept + second[: 3 - keep])
    for row in ("crag", "thirteen", "sixes"):
        assert game.placement(Score(row)).points == variant.score(row, dice)
