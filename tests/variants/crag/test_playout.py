"""Whole Crag games: random playouts with every invariant checked at every step.

Three dice, two throws, thirteen boxes: a game ends after thirteen rounds and on nothing
else; JSON and notation read back, witness games reach the positions, the easy and random
bots play it to the end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import yamskit
from tests.strategies import FULL_RUN
from tests.variants.preset_checks import check_notation, check_totals, check_turns, check_witness, play_and_check
from yamskit import Roll, Score, Scratch
from yamskit.bots import player
from yamskit.scorecard import ScorecardGame

OPTIONS: list[dict[str, Any]] = [{}, {"thirteen_takes_crag": True}]


def _thirteens_often(game: ScorecardGame, rng: random.Random) -> Any:
    """A random legal action; a first throw shows a crag or a thirteen one time in four."""
    actions = list(game.legal_actions())
    fresh = [a for a in actions if isinstance(a, Roll) and not len(a.keep)]
    if fresh and rng.random() < 0.25:
        return Roll(outcome=rng.choice(["166", "355", "445", "256", "346"]))
    return rng.choice(actions)


@pytest.mark.parametrize(("options", "players"), [({}, 1), ({}, 3), ({"thirteen_takes_crag": True}, 2)])
def test_random_games_keep_every_invariant_at_every_step(options: dict[str, Any], players: int) -> None:
    variant = yamskit.variant("crag", **options)
    rng = random.Random(f"crag {sorted(options.items())} {players}")
    start, final, chosen = play_and_check(
        variant, players, rng, bonus=None, every=1 if players == 1 else 2, witness_every=7 if FULL_RUN else 12
    )
    assert final.is_over
    assert final.ended is None
    replayed = start
    for action in chosen:
        replayed = replayed.apply(action)
    assert replayed == final


GAMES = 200 if FULL_RUN else 30


def test_many_games_end_after_thirteen_rounds_and_every_die_shown_is_one_of_three() -> None:
    rng = random.Random(1940)
    for index in range(GAMES):
        players = [f"P{i}" for i in range(1 + index % 4)]
        variant = yamskit.variant("crag", **OPTIONS[index % 2])
        game = variant.new_game(players=players, seed=index)
        turns = 0
        while not game.is_over:
            action = _thirteens_often(game, rng)
            after = game.apply(action)
            if after.turn.has_thrown:
                assert len(after.dice) == 3
                assert after.turn.throws_used <= 2
            if isinstance(action, Score):
                player_ = game.current_player
                assert after.cell(player_, action.row).points == variant.score(action.row, game.dice)
            turns += isinstance(action, Score | Scratch)
            check_turns(after)
            game = after
        check_totals(game, None)
        assert turns == 13 * len(players)
        assert all(0 <= score <= 244 for score in game.result().scores)
        if index % 10 == 0:
            assert yamskit.load_game(game.to_json()) == game
            check_notation(variant, game)
            check_witness(variant, game)


@pytest.mark.parametrize("level", ["random", "easy"])
def test_the_random_and_easy_bots_play_a_whole_game(level: str) -> None:
    variant = yamskit.variant("crag")
    game = variant.new_game(["Ann", "Bob"], seed=7)
    bots = [player(variant, level, seed=1), player(variant, level, seed=2)]
    while not game.is_over:
        action = bots[game.current_player].choose(game)
        assert game.is_legal(action)
        game = game.apply(action)
    check_totals(game, None)
    assert len(game.history) <= 2 * 13 * 3
    assert yamskit.GameRecord.from_game(game).to_game() == game


def test_the_exact_solver_solves_the_sheet_in_both_readings() -> None:
    """Optimal solitaire play: the library's own figures (no source gives one), kept as a regression."""
    solver = pytest.importorskip("yamskit.solver")
    narrow = solver.solve(yamskit.variant("crag"), quiet=True).expected_score()
    wide = solver.solve(yamskit.variant("crag", thirteen_takes_crag=True), quiet=True).expected_score()
    assert round(narrow, 4) == 147.4061
    assert round(wide, 4) == 149.8476
    assert narrow < wide < 244  # a wider thirteen box can only help
