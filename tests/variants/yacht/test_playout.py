"""Whole Yacht games: random playouts with every invariant checked at every step."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import yamskit
from tests.playout import five_of_a_kind_often
from tests.variants.preset_checks import check_totals, check_turns, play_and_check
from yamskit import Score, Scratch

OPTIONS = [
    {"four_of_a_kind": four, "full_house_from_five": five}
    for four in ("four_dice", "all_dice")
    for five in (False, True)
]


@pytest.mark.parametrize(
    ("options", "players"),
    [(o, 1 + i % 3) for i, o in enumerate(OPTIONS)],
    ids=[f"{o['four_of_a_kind']}-{o['full_house_from_five']}-{1 + i % 3}p" for i, o in enumerate(OPTIONS)],
)
def test_random_games_keep_every_invariant_at_every_step(options: dict[str, Any], players: int) -> None:
    variant = yamskit.variant("yacht", **options)
    rng = random.Random(f"yacht {sorted(options.items())} {players}")
    start, final, chosen = play_and_check(variant, players, rng, bonus=None, every=1 if players == 1 else 2)
    assert final.is_over
    replayed = start  # the same seed and the same actions: the same game
    for action in chosen:
        replayed = replayed.apply(action)
    assert replayed == final


GAMES = 200 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 60


def test_many_random_games_end_after_twelve_turns_each() -> None:
    rng = random.Random(1938)
    for index in range(GAMES):
        players = [f"P{i}" for i in range(1 + index % 4)]
        game = yamskit.variant("yacht", **OPTIONS[index % len(OPTIONS)]).new_game(players=players, seed=index)
        turns = 0
        while not game.is_over:
            action = five_of_a_kind_often(game, rng)
            game = game.apply(action)
            turns += isinstance(action, Score | Scratch)  # a turn ends when a box is filled
            check_turns(game)
        assert turns == 12 * len(players)
        check_totals(game, None)
        if index % 20 == 0:
            assert yamskit.load_game(game.to_json()) == game
