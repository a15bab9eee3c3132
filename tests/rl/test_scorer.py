"""The adapters' running scores (`yamskit.rl.rewards.scorer`) equal the results' at every state.

The scorer keeps column sums and duel points from the states it saw before and counts
only what changed; these tests feed it whole random games, several games one after
another, and states out of order, and compare every figure with ``state.result()``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium")  # yamskit.rl needs it (the extra "rl")

import yamskit
from yamskit.bots import GreedyPlayer
from yamskit.rl.rewards import scorer, side_score

SETUPS: list[tuple[str, dict[str, Any], int]] = [
    ("classic", {}, 1),
    ("classic", {}, 3),
    ("yahtzee", {}, 2),
    ("challenge", {}, 2),
    ("competitive", {"mode": "1v1"}, 2),
    ("competitive", {"mode": "1v1v1"}, 3),
    ("competitive", {"mode": "2v2"}, 4),
    ("yamslam", {"mode": "team"}, 4),
]


def _games(variant: Any, players: list[str], count: int, seed: int) -> list[list[Any]]:
    """``count`` random legal games, each as the list of its states."""
    rng = random.Random(seed)
    games = []
    for g in range(count):
        state = variant.new_game(players=players, seed=seed * 100 + g)
        states = [state]
        while not state.is_over:
            state = state.apply(variant.actions[rng.choice(state.legal_action_ids())])
            states.append(state)
        games.append(states)
    return games


def _lucky_games(variant: Any, players: list[str], count: int, seed: int) -> list[list[Any]]:
    """Greedy games whose throws mostly show five of a kind: upper bonuses and clean columns happen."""
    rng = random.Random(seed)
    greedy = GreedyPlayer()
    games = []
    for g in range(count):
        state = variant.new_game(players=players, seed=seed * 100 + g)
        states = [state]
        while not state.is_over:
            action = greedy.choose(state)
            if isinstance(action, yamskit.Roll):
                face = str(rng.randint(1, 6)) if rng.random() < 0.8 else ""
                rolled = "".join(face or str(rng.randint(1, 6)) for _ in range(5 - len(action.keep)))
                action = yamskit.Roll(action.keep, rolled)
            state = state.apply(action)
            states.append(state)
        games.append(states)
    return games


@pytest.mark.parametrize(("name", "options", "n"), SETUPS, ids=lambda v: str(v))
def test_the_scorer_agrees_with_the_result_at_every_state(name: str, options: dict[str, Any], n: int) -> None:
    variant = yamskit.variant(name, **options)
    players = [f"P{i}" for i in range(n)]
    score = scorer(variant, players)
    seats = list(range(n))
    checked = 0
    lucky = _lucky_games(variant, players, 2, seed=n) if name != "yamslam" else []
    bonuses = 0
    for states in [*_games(variant, players, 3, seed=n + len(name)), *lucky]:
        for state in states:
            result = state.result()
            assert score(state, seats) == [side_score(result, s) for s in seats]
            checked += 1
        if states in lucky:
            last = states[-1]
            bonuses += sum(last.rules.bonus.points(last.rules.upper_total(sheet, 0)) > 0 for sheet in last.sheets)
    assert checked > 3 * 13 * n  # whole games were played
    assert bonuses or not lucky  # and upper bonuses counted


@pytest.mark.parametrize(("name", "options", "n"), SETUPS[:7], ids=lambda v: str(v))
def test_the_scorer_agrees_with_the_result_for_states_out_of_order(name: str, options: dict[str, Any], n: int) -> None:
    variant = yamskit.variant(name, **options)
    players = [f"P{i}" for i in range(n)]
    score = scorer(variant, players)
    states = [s for game in _games(variant, players, 2, seed=7) for s in game]
    random.Random(3).shuffle(states)
    seats = list(range(n))
    for state in states[:400]:
        result = state.result()
        assert score(state, seats) == [side_score(result, s) for s in seats]
