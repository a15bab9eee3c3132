"""Whole Generala games: random playouts with every invariant checked at every step.

A game ends after as many rounds as the sheet has boxes, or at once on a served generala,
and on nothing else; JSON and notation read back, witness games reach the positions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import yamskit
from tests.strategies import FULL_RUN
from tests.variants.preset_checks import check_notation, check_totals, check_turns, check_witness, play_and_check
from yamskit import Roll, Score, Scratch
from yamskit.scorecard import ScorecardGame

OPTIONS: list[dict[str, Any]] = [
    {},
    {"straight_wraps": True, "served_bonus": 10},
    {"one_for_two": True, "generala_points": 60},
    {"doble_generala": False},
]


def _fives_sometimes(game: ScorecardGame, rng: random.Random, often: float) -> Any:
    """A random legal action; a throw of all five dice shows five of a kind with chance ``often``."""
    actions = list(game.legal_actions())
    fresh = [a for a in actions if isinstance(a, Roll) and not len(a.keep)]
    if fresh and rng.random() < often:
        return Roll(outcome=[rng.randint(1, 6)] * 5)
    return rng.choice(actions)


def _served_generala(before: ScorecardGame, action: Any) -> bool:
    """Whether ``action`` scores a five of a kind of the turn's first throw in generala or doble generala."""
    turn = before.turn
    return (
        isinstance(action, Score)
        and action.row in ("generala", "doble_generala")
        and turn.throws_used == 1
        and len(set(turn.dice.faces)) == 1
    )


@pytest.mark.parametrize(
    ("options", "players"),
    [
        pytest.param(o, 1 + i % 3, marks=[pytest.mark.slow] if i % 3 else [])  # several players: 4-8 s each
        for i, o in enumerate(OPTIONS)
    ],
)
def test_random_games_keep_every_invariant_at_every_step(options: dict[str, Any], players: int) -> None:
    variant = yamskit.variant("generala", **options)
    rng = random.Random(f"generala {sorted(options.items())} {players}")
    start, final, chosen = play_and_check(
        variant, players, rng, bonus=None, every=1 if players == 1 else 2, witness_every=7 if FULL_RUN else 12
    )
    assert final.is_over
    replayed = start
    for action in chosen:
        replayed = replayed.apply(action)
    assert replayed == final


GAMES = 200 if FULL_RUN else 30


def test_many_games_end_after_every_box_or_at_once_on_a_served_generala_only() -> None:
    rng = random.Random(1880)
    early = full = 0
    for index in range(GAMES):
        players = [f"P{i}" for i in range(1 + index % 4)]
        options = OPTIONS[index % len(OPTIONS)]
        variant = yamskit.variant("generala", **options)
        game = variant.new_game(players=players, seed=index)
        turns = 0
        while not game.is_over:
            action = _fives_sometimes(game, rng, 0.02 if index % 2 else 0.2)
            after = game.apply(action)
            assert (after.ended is not None) == _served_generala(game, action), (game.to_notation(), action)
            turns += isinstance(action, Score | Scratch)
            check_turns(after)
            game = after
        check_totals(game, None)
        if game.ended is None:
            full += 1
            assert turns == len(variant.rows) * len(players)
        else:
            early += 1
            assert turns < len(variant.rows) * len(players) or game.ended.player == game.history[-1].player
            assert game.result().winners == (game.ended.player,)
        if index % 10 == 0 or (game.ended is not None and early <= 3):
            assert yamskit.load_game(game.to_json()) == game
            assert check_notation(variant, game).ended == game.ended
            check_witness(variant, game)  # a game that reaches it: for an early end, one that ends it alike
    assert early
    assert full
