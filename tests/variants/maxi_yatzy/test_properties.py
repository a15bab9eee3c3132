"""Maxi Yatzy's scoring: every row on every roll of six dice against a brute-force reading, and properties.

The reference reads each box as its rule page words it, by trying every choice of dice among
the six (itertools.combinations), not by counting faces as the preset does.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yamskit
from yamskit.dice import Dice, dice_tables

MAXI = yamskit.variant("maxi-yatzy")
SIX = dice_tables(6).rolls


def _one_face(dice: tuple[int, ...]) -> bool:
    return len(set(dice)) == 1


def _best(faces: tuple[int, ...], size: int, fits: object) -> int:
    """The highest sum of ``size`` dice among ``faces`` that ``fits`` (a predicate of the chosen dice), else 0."""
    return max((sum(c) for c in combinations(faces, size) if fits(c)), default=0)  # type: ignore[operator]


def _pairs(chosen: tuple[int, ...], count: int) -> bool:
    """Whether ``chosen`` is ``count`` pairs of different faces."""
    return all(chosen.count(f) == 2 for f in set(chosen)) and len(set(chosen)) == count


def _three_and_two(chosen: tuple[int, ...]) -> bool:
    return sorted(chosen.count(f) for f in set(chosen)) == [2, 3]


def reference(row: str, faces: tuple[int, ...]) -> int:
    """What the rule page gives ``row`` for the six ``faces``."""
    shape = sorted((faces.count(f) for f in set(faces)), reverse=True)
    numbers = ("ones", "twos", "threes", "fours", "fives", "sixes")
    if row in numbers:
        face = numbers.index(row) + 1
        return face * faces.count(face)
    return {
        "one_pair": _best(faces, 2, _one_face),
        "two_pairs": _best(faces, 4, lambda c: _pairs(c, 2)),
        "three_pairs": _best(faces, 6, lambda c: _pairs(c, 3)),
        "three_of_a_kind": _best(faces, 3, _one_face),
        "four_of_a_kind": _best(faces, 4, _one_face),
        "five_of_a_kind": _best(faces, 5, _one_face),
        "small_straight": 15 if any(sorted(c) == [1, 2, 3, 4, 5] for c in combinations(faces, 5)) else 0,
        "large_straight": 20 if any(sorted(c) == [2, 3, 4, 5, 6] for c in combinations(faces, 5)) else 0,
        "full_straight": 21 if sorted(faces) == [1, 2, 3, 4, 5, 6] else 0,
        "full_house": _best(faces, 5, _three_and_two),
        "villa": sum(faces) if shape == [3, 3] else 0,
        "tower": sum(faces) if shape == [4, 2] else 0,
        "chance": sum(faces),
        "maxi_yatzy": 100 if shape == [6] else 0,
    }[row]


@pytest.mark.parametrize("row", MAXI.rows)
def test_every_row_on_every_roll_of_six_dice_is_the_rule_pages_reading(row: str) -> None:
    assert len(SIX) == 462
    for dice in SIX:
        assert MAXI.score(row, dice) == reference(row, dice.faces), (row, dice)


SIX_DICE = st.lists(st.integers(1, 6), min_size=6, max_size=6)


@given(faces=SIX_DICE, order=st.randoms(use_true_random=False))
def test_a_box_does_not_depend_on_the_order_of_the_dice(faces: list[int], order: object) -> None:
    shuffled = list(faces)
    order.shuffle(shuffled)  # type: ignore[attr-defined]
    for row in MAXI.rows:
        assert MAXI.score(row, Dice(tuple(faces))) == MAXI.score(row, Dice(tuple(shuffled)))


@given(faces=SIX_DICE)
def test_boxes_that_count_dice_never_count_more_than_the_dice_show(faces: list[int]) -> None:
    dice = Dice(tuple(faces))
    total = sum(faces)
    for row in MAXI.rows:
        points = MAXI.score(row, dice)
        assert points >= 0
        if row not in ("small_straight", "large_straight", "full_straight", "maxi_yatzy"):
            assert points <= total, row
    # the nested boxes: a kind of more dice holds one of fewer, three pairs hold two, two pairs one
    for more, fewer in (("five_of_a_kind", "four_of_a_kind"), ("four_of_a_kind", "three_of_a_kind")):
        if MAXI.score(more, dice):
            assert MAXI.score(fewer, dice)
    if MAXI.score("three_pairs", dice):
        assert MAXI.score("two_pairs", dice)
    if MAXI.score("two_pairs", dice):
        assert MAXI.score("one_pair", dice)
    if MAXI.score("villa", dice) or MAXI.score("tower", dice):
        assert MAXI.score("full_house", dice)


@given(face=st.integers(1, 6))
def test_six_of_a_kind_is_a_maxi_yatzy_and_every_kind_but_no_pattern_of_two_faces(face: int) -> None:
    dice = Dice((face,) * 6)
    assert MAXI.score("maxi_yatzy", dice) == 100
    assert [MAXI.score(r, dice) for r in ("three_of_a_kind", "four_of_a_kind", "five_of_a_kind")] == [
        3 * face,
        4 * face,
        5 * face,
    ]
    assert [MAXI.score(r, dice) for r in ("two_pairs", "three_pairs", "full_house", "villa", "tower")] == [0] * 5
