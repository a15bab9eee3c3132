"""Every variant and every state pickles to an equal value; a process pool plays games from states."""

from __future__ import annotations

import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

import yamskit
from yamskit import Roll, ScorecardVariant
from yamskit.categories import Category, upper

from .oracle import MODES, kniffel, mode_id, two_columns

CASES = [(lambda n=name, o=options: yamskit.variant(n, **o), players) for name, options, players in MODES] + [
    (kniffel, ["Ann", "Bob"]),
    (two_columns, ["Ann"]),
]
IDS = [mode_id(name, options) for name, options, _ in MODES] + ["user-kniffel", "user-columns"]


def play_out(state: Any, seed: int, steps: int | None = None) -> Any:
    """Random play through the action ids, from ``state``, for ``steps`` moves or to the end."""
    rng = random.Random(seed)
    space = state.variant.actions
    done = 0
    while not state.is_over and (steps is None or done < steps):
        state = state.apply(space[rng.choice(state.legal_action_ids())])
        done += 1
    return state


def _round_trip(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value))


@pytest.mark.parametrize(("make", "players"), CASES, ids=IDS)
def test_variant_and_states_pickle_to_equal_values(make: Any, players: list[str]) -> None:
    variant = make()
    assert _round_trip(variant) == variant
    assert _round_trip(variant).actions == variant.actions
    start = variant.new_game(players=players, seed=5)
    middle = play_out(start, seed=1, steps=25)
    end = play_out(middle, seed=2)
    assert end.is_over
    for state in (start, middle, middle.apply(middle.variant.actions[middle.legal_action_ids()[-1]]), end):
        copy = _round_trip(state)
        assert copy == state
        assert copy.history == state.history
        assert copy.legal_action_ids() == state.legal_action_ids()
        assert copy.to_json() == state.to_json()
        assert copy.result().scores == state.result().scores
    # the copy plays on exactly like the original, seeded dice included
    assert play_out(_round_trip(middle), seed=3) == play_out(middle, seed=3)


def test_a_scorer_written_as_a_lambda_is_the_one_thing_that_does_not_pickle() -> None:
    mine = ScorecardVariant.define("lambda-test", rows=[upper(6), Category("double", lambda d: 2 * d.total)])
    game = mine.new_game(seed=1).apply(Roll(outcome="66666"))
    assert game.apply(yamskit.Score("double")).sheets[0].cell(1, 0).points == 60  # it plays
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(mine)


def _finish(state: Any, seed: int) -> Any:
    return play_out(state, seed)


def test_a_process_pool_plays_games_from_states() -> None:
    states = [
        yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1),
        play_out(yamskit.variant("competitive").new_game(players=["A", "B"], seed=2), seed=0, steps=40),
        yamskit.variant("yam-master").new_game(seed=3).apply(Roll()),
        yamskit.variant("yamslam", mode="solo").new_game(seed=4),
        kniffel().new_game(seed=5),
    ]
    with ProcessPoolExecutor(max_workers=2) as pool:
        finished = list(pool.map(_finish, states, range(len(states))))
    assert finished == [_finish(state, seed) for seed, state in enumerate(states)]
    assert all(state.is_over for state in finished)
