"""`AheadPlayer`, the expert alone on a points sheet: legal whole games, the same for the same dice, hard's play
where it does not look ahead, and the box it writes the best of its candidates one turn deeper."""

from __future__ import annotations

import random

import pytest

import yamskit
from yamskit.actions import Roll, Score, Scratch
from yamskit.bots import player
from yamskit.bots.ahead import AHEAD_TRIES, CANDIDATES, AheadPlayer
from yamskit.bots.lookahead import expected_first_throw
from yamskit.bots.sheet import WORTH_FACTOR, SheetView, bonus_factor_of, choose_on_sheet

BALUT = yamskit.variant("balut")


def _play(seed: int) -> yamskit.ScorecardGame:
    game = BALUT.new_game(seed=seed)
    bot = AheadPlayer()
    while not game.is_over:
        action = bot.choose(game)
        assert action in game.legal_actions()
        game = game.apply(action)
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_are_legal_and_the_same_for_the_same_dice(seed: int) -> None:
    first, again = _play(seed), _play(seed)
    assert first.history == again.history
    assert first.is_over
    assert first.sheets[0].is_full


def test_with_opponents_it_plays_as_hard() -> None:
    game = BALUT.new_game(players=["A", "B"], seed=4)
    pick = random.Random(4)
    for _ in range(60):
        if game.is_over:
            break
        expected = choose_on_sheet(game, depth=3, bonus_factor=bonus_factor_of(game.rules))
        assert AheadPlayer().choose(game) == expected
        game = game.apply(pick.choice(game.legal_actions()))


def _value_one_turn_deeper(game: yamskit.ScorecardGame, action: Score | Scratch) -> float:
    """The gain of writing ``action`` by a view built here, plus the next turn's expected gain after it."""
    bonus = bonus_factor_of(game.rules)
    view = SheetView.of(game, worth_factor=WORTH_FACTOR, bonus_factor=bonus, point_tries=AHEAD_TRIES)
    rules = game.rules
    placed = game.placement(action)
    r = rules.row_index(placed.row)
    points = 0.0 if placed.crossed else float(placed.points)
    gain = float(view.gain_of(r, 0, [points])[0]) + placed.extra
    after = game.apply(action)
    if after.is_over:
        return gain
    later = SheetView.of(after, bonus_factor=bonus_factor_of(rules), point_tries=AHEAD_TRIES)
    gains = later.gains()
    best = gains.max(axis=0)  # every open box can be written at any throw on Balut's sheet
    return gain + expected_first_throw(lambda used, fresh: best, max_throws=rules.max_throws, dice=rules.dice)


def test_the_box_it_writes_is_the_best_of_the_view_s_candidates_one_turn_deeper() -> None:
    checked = 0
    for seed in range(6):
        game = BALUT.new_game(seed=seed)
        pick = random.Random(seed)
        while not game.is_over and checked < 12:
            action = AheadPlayer().choose(game)
            if game.turn.has_thrown and not isinstance(action, Roll):
                boxes = [a for a in game.legal_actions() if isinstance(a, (Score, Scratch))]
                rated = sorted(boxes, key=lambda a: -_value_one_turn_deeper(game, a))
                # its box is among the best by this deeper value (it weighs only the view's best CANDIDATES)
                assert _value_one_turn_deeper(game, action) >= _value_one_turn_deeper(game, rated[CANDIDATES]) - 1e-9
                checked += 1
            game = game.apply(action if pick.random() < 0.7 else pick.choice(game.legal_actions()))
    assert checked >= 8


def test_the_expert_plays_it_alone_on_a_points_sheet_only() -> None:
    assert isinstance(player(BALUT, "expert").alone, AheadPlayer)
    assert player(yamskit.variant("challenge"), "expert").alone is None
    assert player(yamskit.variant("classic"), "expert").alone is None
