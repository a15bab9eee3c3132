"""`AheadPlayer`, the expert on a points sheet or a sheet of several columns: legal whole games, the same for
the same dice, the box it writes the best of its candidates one turn deeper, and with opponents the play it
would make alone on the same sheet."""

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


def _own_game(game: yamskit.ScorecardGame) -> yamskit.ScorecardGame:
    """A game of the mover alone, through the mover's own moves of ``game`` (these sheets do not meet)."""
    alone = game.variant.new_game(seed=0)
    for move in game.history:
        if move.player == game.current_player:
            alone = alone.apply(move.action)
    return alone


@pytest.mark.parametrize(("name", "players"), [("balut", 2), ("balut", 3), ("challenge", 2)])
def test_with_opponents_it_plays_as_it_would_alone_on_the_same_sheet(name: str, players: int) -> None:
    game = yamskit.variant(name).new_game(players=[f"P{i}" for i in range(players)], seed=4)
    pick = random.Random(4)
    compared = deeper = 0
    while not game.is_over and compared < 150 * players:
        alone = _own_game(game)
        assert alone.sheets[0] == game.sheets[game.current_player]
        assert alone.turn == game.turn
        action = AheadPlayer().choose(game)
        assert action in game.legal_actions()
        assert action == AheadPlayer().choose(alone)
        compared += 1
        bonus = bonus_factor_of(game.rules)
        deeper += game.turn.has_thrown and action != choose_on_sheet(game, depth=3, bonus_factor=bonus)
        game = game.apply(action if pick.random() < 0.8 else pick.choice(game.legal_actions()))
    assert compared > 100 * players
    assert deeper > 0  # the turn deeper overruled hard's box somewhere, so the seats' sheets were read


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


def test_the_expert_plays_it_on_the_sheets_hard_plays_by_the_view() -> None:
    # Balut, won on points; Yams Challenge plays its fitted values (tests/bots/test_values_player.py)
    expert = player(yamskit.variant("balut"), "expert")
    assert isinstance(expert.alone, AheadPlayer)
    assert isinstance(expert.versus, AheadPlayer)
    # a one-column sheet hard solves or fits, and one scored by column duels, are played otherwise
    for name in ("classic", "yacht", "competitive", "challenge"):
        other = player(yamskit.variant(name), "expert", cache=False)
        assert not isinstance(other.alone, AheadPlayer)
        assert not isinstance(other.versus, AheadPlayer)
