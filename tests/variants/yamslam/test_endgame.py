"""The endgame of two sides played for the win: its chances against Monte-Carlo games and other solvers, its budget."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from yamskit import Roll
from yamskit.bots import StrongPlayer, player
from yamskit.errors import RuleConfigError
from yamskit.variants.yamslam.chips import CHIPS_PER_KIND, KINDS, ChipSet, tally
from yamskit.variants.yamslam.endgame import (
    BOUND_PER_SECOND,
    Endgame,
    EndgamePlayer,
    budget_for,
    positions_bound,
    win_chance,
)
from yamskit.variants.yamslam.game import YamslamGame
from yamskit.variants.yamslam.solo import solo_values

STANDARD = yamskit.variant("yamslam")
TEAM = yamskit.variant("yamslam", mode="team")
EXACT = 10**9  # a budget every position of these tests fits


def _down_to(variant: yamskit.Variant, players: int, chips: int, seed: int) -> YamslamGame:
    """A game played by hard at every seat until ``chips`` or fewer are left, at the start of a turn."""
    game = variant.new_game(players=[f"P{i}" for i in range(players)], seed=seed)
    hard = StrongPlayer(variant, seed=seed)
    while len(game.rack) > chips or game.turn.has_thrown:
        game = game.apply(hard.choose(game))
    assert isinstance(game, YamslamGame)
    assert not game.is_over
    return game


def _won(game: YamslamGame, seat: int) -> float:
    result = game.result()
    mine = result.scores[seat]
    best_other = max(s for p, s in enumerate(result.scores) if game.variant.side(p) != game.variant.side(seat))
    return 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0


@pytest.mark.parametrize(("variant", "players", "seed"), [(STANDARD, 2, 5), (STANDARD, 2, 8), (TEAM, 4, 3)])
def test_the_chance_agrees_with_games_played_out_by_the_endgame_player(
    variant: yamskit.Variant, players: int, seed: int
) -> None:
    start = _down_to(variant, players, 3, seed)
    seat = start.current_player
    chance = win_chance(start)
    bot = EndgamePlayer(StrongPlayer(variant), budget=EXACT)
    rng = random.Random(seed)
    games = 1500
    won = 0.0
    for _ in range(games):
        game = start
        while not game.is_over:
            assert bot.searches(game)
            action = bot.choose(game)
            if isinstance(action, Roll):  # the dice from this test's own generator, not the game's stream
                action = Roll(keep=action.keep, outcome=[rng.randint(1, 6) for _ in range(5 - len(action.keep))])
            game = game.apply(action)
        assert isinstance(game, YamslamGame)
        won += _won(game, seat)
    spread = math.sqrt(max(chance * (1 - chance), 0.01) / games)
    assert abs(won / games - chance) < 4 * spread, (won / games, chance)


def test_the_last_chip_agrees_with_the_solo_solver() -> None:
    # Ann must win the large straight in her turn (else Bob's flush wins); alone with everything
    # else, the solo solver's value of the same rack is 900 plus 100 times that same chance
    endgame = Endgame(STANDARD, players=2)
    rack = ChipSet.of("large_straight")
    chance = endgame.chance(rack, ChipSet(), (ChipSet(), ChipSet.of("flush")), mover=0)
    solo = solo_values(folder=None).value(rack, ChipSet())
    assert chance == pytest.approx((solo - 900) / 100, abs=1e-9)


@st.composite
def _positions(draw: st.DrawFn) -> tuple[ChipSet, ChipSet, tuple[ChipSet, ChipSet], int, bool]:
    """A position with one to three chips on the rack, at most two on the pile, the others with either side."""
    places: list[list[int]] = [[0] * len(KINDS) for _ in range(4)]  # rack, discard, side 0, side 1
    for k in range(len(KINDS)):
        for _ in range(CHIPS_PER_KIND):
            places[draw(st.sampled_from([2, 3]))][k] += 1
    for target, most in ((0, 3), (1, 2)):
        for k in draw(st.lists(st.integers(0, len(KINDS) - 1), min_size=1 - target, max_size=most)):
            source = next((side for side in (2, 3) if places[side][k]), None)
            if source is None:  # all four chips of the kind are already on the rack and the pile
                continue
            places[source][k] -= 1
            places[target][k] += 1
    rack, discard, side0, side1 = (ChipSet(tuple(c)) for c in places)
    return rack, discard, (side0, side1), draw(st.integers(0, 1)), draw(st.booleans())


@settings(max_examples=25, deadline=None)
@given(_positions())
def test_a_chance_is_a_chance_and_does_not_depend_on_the_seats_names(
    position: tuple[ChipSet, ChipSet, tuple[ChipSet, ChipSet], int, bool],
) -> None:
    rack, discard, (side0, side1), mover, round_chip = position
    chance = Endgame(STANDARD, players=2, first_player=0).chance(
        rack, discard, (side0, side1), mover=mover, round_chip=round_chip
    )
    assert 0.0 <= chance <= 1.0 + 1e-9
    # the same table with the seats swapped: the rounds start at the other seat, and the sides swap too
    swapped = Endgame(STANDARD, players=2, first_player=1).chance(
        rack, discard, (side1, side0), mover=1 - mover, round_chip=round_chip
    )
    assert swapped == pytest.approx(chance, abs=1e-9)
    # a side ahead of everything the other side could still collect has won
    left = rack + discard
    mine, theirs = (side0, side1) if mover == 0 else (side1, side0)
    if tally(mine).total > tally(theirs + left, last_draw=True).total:
        assert chance == pytest.approx(1.0)
    if tally(theirs).total > tally(mine + left, last_draw=True).total:
        assert chance == pytest.approx(0.0, abs=1e-9)


def test_the_player_searches_within_its_budget_and_plays_hard_before() -> None:
    hard = StrongPlayer(STANDARD, seed=2)
    budget = 3_000
    bot = EndgamePlayer(hard, budget=budget)
    game = STANDARD.new_game(players=["A", "B"], seed=9)
    first_searched: YamslamGame | None = None
    while not game.is_over:
        assert isinstance(game, YamslamGame)
        action = bot.choose(game)
        if bot.searches(game):
            assert positions_bound(game.rack, game.discard) <= budget
            first_searched = first_searched or game
        else:
            assert action == hard.choose(game)
        assert game.is_legal(action)
        game = game.apply(action)
    assert first_searched is not None
    (endgame,) = bot._solvers.values()
    # every position valued lies below the first one searched, which the budget admitted
    assert 0 < len(endgame._values) <= positions_bound(first_searched.rack, first_searched.discard) <= budget


def test_the_expert_level_plays_the_endgame_with_opponents_only() -> None:
    bot = player(STANDARD, "expert", decision_time=0.5, seed=1)
    assert isinstance(bot.versus, EndgamePlayer)
    assert bot.versus.budget == BOUND_PER_SECOND // 2
    assert isinstance(bot.versus.fallback, StrongPlayer)  # the strong bot, not the "hard" level's mix
    assert player(yamskit.variant("yamslam", mode="solo"), "expert", cache=False, time_budget=0).versus is None


def test_bad_positions_and_times_are_refused() -> None:
    with pytest.raises(RuleConfigError, match="two sides"):
        Endgame(STANDARD, players=3)
    with pytest.raises(RuleConfigError, match="two sides"):
        Endgame(yamskit.variant("yamslam", mode="solo"), players=1)
    with pytest.raises(RuleConfigError, match="first_player"):
        Endgame(STANDARD, players=2, first_player=2)
    for bad in (-1.0, float("nan"), True, "1"):
        with pytest.raises(RuleConfigError, match="decision_time"):
            budget_for(bad)  # type: ignore[arg-type]
    over = STANDARD.new_game(players=["A", "B"], seed=1)
    hard = StrongPlayer(STANDARD)
    while not over.is_over:
        over = over.apply(hard.choose(over))
    assert isinstance(over, YamslamGame)
    with pytest.raises(RuleConfigError, match="over"):
        win_chance(over)


def test_three_players_and_solo_are_left_to_the_fallback() -> None:
    hard = StrongPlayer(STANDARD)
    bot = EndgamePlayer(hard, budget=EXACT)
    three = _down_to(STANDARD, 3, 2, 4)
    assert not bot.searches(three)
    assert bot.choose(three) == hard.choose(three)
    solo = yamskit.variant("yamslam", mode="solo").new_game(seed=1)
    assert not bot.searches(solo)
