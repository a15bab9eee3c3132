"""`state.chance_outcomes(keep)`: each distinct throw once, exact probabilities, ready to apply."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

import yamskit
from yamskit import Dice, Roll
from yamskit.dice import KEEPS
from yamskit.errors import IllegalActionError

VARIANTS = ["classic", "challenge", "competitive", "yam-master", "yamslam"]


def after_first_throw(name: str, faces: str) -> yamskit.GameState:
    return yamskit.variant(name).new_game(players=["Ann", "Bob"], seed=3).apply(Roll(outcome=faces))


@pytest.mark.parametrize("keep", ["", "6", "66", "666", "6662", "66612"])
def test_probabilities_are_exact_and_match_every_ordered_throw(keep: str) -> None:
    state = after_first_throw("classic", "66612")
    thrown = 5 - len(keep)
    # enumerate the 6**k ordered throws and count each sorted result
    counts = Counter(tuple(sorted(faces)) for faces in itertools.product(range(1, 7), repeat=thrown))
    expected = {faces: Fraction(n, 6**thrown) for faces, n in counts.items()}
    got = state.chance_outcomes(keep)
    assert sum(p for _, p in got) == 1
    assert all(type(p) is Fraction for _, p in got)
    assert {roll.outcome.faces: p for roll, p in got} == expected  # type: ignore[union-attr]
    assert len(got) == len(expected)  # each distinct outcome once
    assert all(roll.keep == Dice.parse(keep) for roll, _ in got)


def test_a_whole_throw_lists_252_outcomes_not_7776() -> None:
    state = yamskit.variant("classic").new_game(seed=1)
    got = state.chance_outcomes()
    assert len(got) == 252
    assert sum(p for _, p in got) == 1
    assert min(p for _, p in got) == Fraction(1, 7776)  # five of a kind: one order
    assert max(p for _, p in got) == Fraction(120, 7776)  # five different faces, any of 5! orders


@pytest.mark.parametrize("name", VARIANTS)
def test_every_outcome_applies_and_shows_the_kept_dice_plus_the_thrown_ones(name: str) -> None:
    state = after_first_throw(name, "33451")
    for keep in ("", "33", "3345"):
        for roll, _ in state.chance_outcomes(keep):
            after = state.apply(roll)
            assert after.turn.dice == Dice.parse(keep) + roll.outcome  # type: ignore[operator]
            assert after.history[-1].action == roll
            assert after.stream == state.stream  # faces given: the seeded stream is not used


@pytest.mark.parametrize("name", VARIANTS)
def test_random_positions_agree_with_outcomes(name: str) -> None:
    variant = yamskit.variant(name)
    rng = random.Random(4)
    state = variant.new_game(players=["A", "B"], seed=9)
    for _ in range(60):
        if state.is_over:
            break
        throws = [variant.actions[i] for i in state.legal_action_ids() if i < len(KEEPS)]
        for throw in throws[:3]:
            keep = throw.keep  # type: ignore[union-attr]
            pairs = state.chance_outcomes(keep)
            assert [(keep + r.outcome, p) for r, p in pairs] == list(state.outcomes(keep))  # type: ignore[operator]
        state = state.apply(variant.actions[rng.choice(state.legal_action_ids())])


def test_the_throws_are_shared_values() -> None:
    state = after_first_throw("yamslam", "12345")
    assert state.chance_outcomes("5") is state.chance_outcomes(Dice.parse("5"))


def test_a_throw_that_is_not_allowed_is_refused_with_the_rule() -> None:
    state = after_first_throw("classic", "66612")
    with pytest.raises(IllegalActionError, match="cannot keep 55"):
        state.chance_outcomes("55")
    fresh = yamskit.variant("classic").new_game(seed=1)
    with pytest.raises(IllegalActionError, match="before the first throw"):
        fresh.chance_outcomes("6")
