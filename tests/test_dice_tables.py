"""The rolls, keeps and odds of every dice count (1 to 8), checked against brute force over ordered faces."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import examples
from yamskit import Dice, DiceStream, InvalidDiceError
from yamskit.dice import (
    KEEP_CHILDREN,
    KEEPS,
    MAX_DICE,
    NUM_DICE,
    ROLLS,
    SUB_KEEPS,
    dice_tables,
    interned,
    keep_index,
    outcome_probabilities,
)
from yamskit.turn import Throw

COUNTS = range(1, MAX_DICE + 1)


def _ordered(count: int) -> Counter[tuple[int, ...]]:
    """How many ordered throws of ``count`` dice show each sorted multiset (the brute-force oracle)."""
    return Counter(tuple(sorted(faces)) for faces in itertools.product(range(1, 7), repeat=count))


@pytest.mark.parametrize("count", COUNTS)
def test_the_rolls_are_every_multiset_of_that_many_dice_once(count: int) -> None:
    tables = dice_tables(count)
    oracle = _ordered(count)
    assert [d.faces for d in tables.rolls] == sorted(oracle)
    assert len(tables.rolls) == math.comb(count + 5, 5)
    assert tables.rolls == tables.keeps[tables.roll_offset :]
    assert all(tables.rolls[tables.roll_index(d.faces)] is d for d in tables.rolls)


@pytest.mark.parametrize("count", COUNTS)
def test_the_keeps_are_every_multiset_of_at_most_that_many_dice_by_size(count: int) -> None:
    tables = dice_tables(count)
    expected = [f for size in range(count + 1) for f in sorted(_ordered(size))] if count <= 6 else None
    faces = [d.faces for d in tables.keeps]
    if expected is not None:
        assert faces == expected
    assert faces == sorted(faces, key=lambda f: (len(f), f))
    assert len(set(faces)) == len(faces) == math.comb(count + 6, 6)
    assert all(keep_index(d.faces) == tables.keep_index(d.faces) == i for i, d in enumerate(tables.keeps))
    assert all(interned(d.faces) is d for d in tables.keeps)
    with pytest.raises(KeyError):
        tables.keep_index((1,) * (count + 1))


@pytest.mark.parametrize("count", range(1, 7))  # 6**8 ordered throws would be slow; 7 and 8 below by property
def test_outcome_probabilities_match_counting_ordered_throws(count: int) -> None:
    oracle = _ordered(count)
    odds = dice_tables(count).outcomes(count)
    assert {d.faces: p for d, p in odds} == {f: Fraction(n, 6**count) for f, n in oracle.items()}
    assert sum(p for _, p in odds) == 1


@pytest.mark.parametrize("count", COUNTS)
def test_the_keep_lattice_adds_one_die(count: int) -> None:
    tables = dice_tables(count)
    assert len(tables.keep_children) == tables.roll_offset
    for k, children in enumerate(tables.keep_children):
        for face, child in zip(range(1, 7), children, strict=True):
            assert tables.keeps[child] == tables.keeps[k] + Dice.of(face)


@pytest.mark.parametrize("count", COUNTS)
def test_the_sub_keeps_of_a_roll_are_its_sub_multisets(count: int) -> None:
    tables = dice_tables(count)
    for i, roll in enumerate(tables.rolls[:: max(1, len(tables.rolls) // 60)]):
        i = tables.roll_index(roll.faces)
        subs = {c for size in range(count + 1) for c in itertools.combinations(roll.faces, size)}
        assert tables.sub_keeps[i] == tuple(sorted(tables.keep_index(f) for f in subs))
        assert tables.sub_keep_sets[i] == frozenset(tables.sub_keeps[i])


def test_the_five_dice_tables_are_the_module_constants() -> None:
    five = dice_tables(NUM_DICE)
    assert five.keeps is KEEPS
    assert five.rolls is ROLLS
    assert five.keep_children is KEEP_CHILDREN
    assert five.sub_keeps is SUB_KEEPS
    assert five.roll_offset == 210
    assert dice_tables(6) is dice_tables(6)  # built once per count


@pytest.mark.parametrize("count", [0, 9, -1, True, 5.0, "5"])
def test_tables_exist_for_one_to_eight_dice_only(count: object) -> None:
    with pytest.raises(InvalidDiceError, match="1 to 8 dice"):
        dice_tables(count)  # type: ignore[arg-type]


@settings(max_examples=examples(200))
@given(st.integers(1, MAX_DICE).flatmap(lambda n: st.lists(st.integers(1, 6), min_size=n, max_size=n)))
def test_a_throw_knows_its_roll_index_among_the_rolls_of_its_count(faces: list[int]) -> None:
    dice = Dice(faces)
    throw = Throw(kept=Dice(), rolled=dice)
    assert dice_tables(len(faces)).rolls[throw.index] == dice
    assert interned(dice.faces) == dice


@settings(max_examples=examples(100))
@given(st.integers(min_value=0, max_value=MAX_DICE), st.data())
def test_the_odds_of_a_multiset_are_its_multinomial(count: int, data: st.DataObject) -> None:
    odds = dict(outcome_probabilities(count))
    faces = data.draw(st.lists(st.integers(1, 6), min_size=count, max_size=count))
    dice = Dice(faces)
    ways = math.factorial(count)
    for c in dice.counts:
        ways //= math.factorial(c)
    assert odds[dice] == Fraction(ways, 6**count)
    assert sum(odds.values()) == 1


@settings(max_examples=examples(100))
@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=MAX_DICE))
def test_a_stream_draws_the_same_faces_whatever_the_count(seed: int, count: int) -> None:
    stream = DiceStream(seed=seed)
    many, after = stream.throw(count)
    assert after.draws == count
    assert len(many) == count
    first, rest = stream.throw(min(count, NUM_DICE))
    more, _ = rest.throw(count - min(count, NUM_DICE))
    assert first + more == many  # the k-th die takes draw k, in a throw of five as in one of eight
