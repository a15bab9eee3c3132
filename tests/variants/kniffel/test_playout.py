"""Whole Kniffel games: random playouts with every invariant checked at every step, in every reading."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import yamskit
from tests.playout import five_of_a_kind_often
from tests.variants.preset_checks import check_totals, check_turns, play_and_check
from yamskit import Score, Scratch

BONUS = (63, 35)  # the sheet's upper bonus: 35 at 63 or more
#: Schmidt's sheet, Hasbro's reading, and the other jokers, each with the points one further Kniffel pays.
READINGS: list[tuple[dict[str, Any], int]] = [
    ({}, 50),
    ({"kniffel_bonus": 100, "bonus_when": "always"}, 100),
    ({"joker": "free", "kniffel_bonus": 0}, 0),
    ({"joker": "seed", "bonus_when": "always"}, 50),
    ({"joker": None, "kniffel_bonus": 100}, 100),
]


@pytest.mark.parametrize(
    ("options", "paid", "players"),
    [(o, paid, 1 + i % 2) for i, (o, paid) in enumerate(READINGS)],
    ids=[
        f"{'-'.join(f'{k}={v}' for k, v in o.items()) or 'schmidt'}-{1 + i % 2}p" for i, (o, _) in enumerate(READINGS)
    ],
)
def test_random_games_keep_every_invariant_at_every_step(options: dict[str, Any], paid: int, players: int) -> None:
    variant = yamskit.variant("kniffel", **options)
    rng = random.Random(f"kniffel {sorted(options.items())} {players}")
    start, final, chosen = play_and_check(
        variant, players, rng, bonus=BONUS, every=1 if players == 1 else 2, paid=paid, choose=five_of_a_kind_often
    )
    assert final.is_over
    replayed = start  # the same seed and the same actions: the same game
    for action in chosen:
        replayed = replayed.apply(action)
    assert replayed == final


GAMES = 200 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 60


def test_many_random_games_end_after_thirteen_turns_each_and_pay_the_bonus_in_number_boxes_only() -> None:
    rng = random.Random(1972)  # Kniffel's first year at Schmidt Spiele
    variant = yamskit.variant("kniffel")
    bonuses = 0
    for index in range(GAMES):
        players = [f"P{i}" for i in range(1 + index % 4)]
        game = variant.new_game(players=players, seed=index)
        turns = 0
        while not game.is_over:
            action = five_of_a_kind_often(game, rng)
            before = game
            game = game.apply(action)
            turns += isinstance(action, Score | Scratch)
            paid = sum(s.extra for s in game.sheets) - sum(s.extra for s in before.sheets)
            if paid:  # only a Kniffel written in the number box of its face, the Kniffel box filled
                assert isinstance(action, Score)
                assert paid == 50
                face = before.dice.faces[0]
                assert before.dice.faces == (face,) * 5
                assert action.row == variant.rows[face - 1]
                assert not before.cell(before.current_player, "kniffel").is_empty
                bonuses += 1
            check_turns(game)
        assert turns == 13 * len(players)
        check_totals(game, BONUS, paid=50)
        if index % 20 == 0:
            assert yamskit.load_game(game.to_json()) == game
    assert bonuses > 0
