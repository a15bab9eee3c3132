"""The duel player: its chances against Monte-Carlo games, and whole games through the protocol."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

import yamskit
from yamskit import Roll, Score, ScorecardVariant
from yamskit.actions import Action
from yamskit.bots import OptimalPlayer, play, player
from yamskit.bots.duel import DuelPlayer
from yamskit.categories import Category, total, upper
from yamskit.scorecard import UpperBonus
from yamskit.scorecard.state import ScorecardGame
from yamskit.solver import ScoreDistribution, Strategy, solve
from yamskit.solver.distribution import optimal_distribution
from yamskit.solver.duel import PointsToCome, beat_chance, duel_ratings

DUO = ScorecardVariant.define("duo", rows=[upper(6), Category("chance", total)], dice=3, max_throws=2)
TRIO = ScorecardVariant.define("trio", rows=[upper(5), upper(6), Category("chance", total)], dice=3, max_throws=2)


def _position(variant: ScorecardVariant, actions: Sequence[Action], seed: int) -> ScorecardGame:
    game = variant.new_game(players=["A", "B"], seed=seed)
    for action in actions:
        game = game.apply(action)
    assert isinstance(game, ScorecardGame)
    return game


def _theirs(strategy: Strategy, game: ScorecardGame) -> ScoreDistribution:
    p = strategy.position(game, player=1 - game.current_player)
    return optimal_distribution(
        strategy.model, strategy.values, filled=p.filled, flag=p.flag, upper=p.upper, so_far=p.so_far
    )


def _won(game: ScorecardGame, seat: int) -> float:
    scores = game.result().scores
    mine, theirs = scores[seat], scores[1 - seat]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def _estimate(variant: ScorecardVariant, moves: Sequence[Action], action: Action, *, games: int) -> float:
    """The share of games won after ``action``: the rest of the turn played to win, then the solved strategy."""
    strategy = solve(variant, quiet=True)
    optimal, duel = OptimalPlayer(strategy), DuelPlayer(lambda: strategy, endgame=99)
    won = 0.0
    for seed in range(games):
        game = _position(variant, moves, seed)
        seat, turn = game.current_player, len(game.history)
        game = game.apply(action)
        assert isinstance(game, ScorecardGame)
        while not game.is_over:
            own_turn = game.current_player == seat and all(m.player == seat for m in game.history[turn:])
            bot = duel if own_turn else optimal
            game = game.apply(bot.choose(game))
            assert isinstance(game, ScorecardGame)
        won += _won(game, seat)
    return won / games


_A_CHANCE_15_B_ROLLS_124: list[Action] = [
    Roll(outcome="256"),
    Roll("6", "45"),
    Score("chance"),
    Roll(outcome="134"),
    Roll("", "124"),
]
CASES: dict[str, tuple[ScorecardVariant, list[Action]]] = {
    # B on its last box, a throw left: A's final score is known (21; B has 7 and needs three sixes)
    "last turn, a throw left": (
        DUO,
        [
            *_A_CHANCE_15_B_ROLLS_124,
            Score("chance"),
            Roll(outcome="365"),
            Roll("6", "12"),
            Score("sixes"),
            Roll(outcome="116"),
        ],
    ),
    # A's last box, the last throw: B has one turn to play after it
    "first player's last box": (
        DUO,
        [*_A_CHANCE_15_B_ROLLS_124, Score("chance"), Roll(outcome="236"), Roll("6", "35")],
    ),
    # two boxes left to A, a throw left: the turns after this one follow the solved strategy
    "two boxes left": (
        TRIO,
        [
            Roll(outcome="556"),
            Roll("55", "4"),
            Score("fives"),
            Roll(outcome="246"),
            Roll("6", "13"),
            Score("sixes"),
            Roll(outcome="135"),
        ],
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_duel_chances_agree_with_monte_carlo_games(case: str) -> None:
    variant, moves = CASES[case]
    strategy = solve(variant, quiet=True)
    game = _position(variant, moves, 0)
    ratings = duel_ratings(strategy, game, _theirs(strategy, game))
    assert [r.action for r in ratings] == list(game.legal_actions())
    best = max(ratings, key=lambda r: r.chance)
    games = 2000
    found = _estimate(variant, moves, best.action, games=games)
    error = math.sqrt(max(best.chance * (1 - best.chance), 1e-4) / games)
    assert abs(found - best.chance) < 4 * error, (best, found)


def test_the_chances_of_a_box_are_those_of_the_two_final_distributions() -> None:
    # writing a box on the game's last turn: the chance is the point mass of the score against theirs
    variant, moves = CASES["first player's last box"]
    strategy = solve(variant, quiet=True)
    game = _position(variant, moves, 0)
    theirs = _theirs(strategy, game)
    for rating in duel_ratings(strategy, game, theirs):
        after = game.apply(rating.action)
        assert isinstance(after, ScorecardGame)
        mine = ScoreDistribution(strategy.position(after, player=0).so_far, (1.0,))  # no bonus on this sheet
        assert rating.chance == pytest.approx(beat_chance(mine, theirs), abs=1e-12)


def test_a_decided_game_is_played_as_the_solved_strategy() -> None:
    # B cannot catch A (or cannot lose): every action has the same chance, the solved strategy's comes back
    strategy = solve(DUO, quiet=True)
    moves: list[Action] = [Roll(outcome="666"), Score("sixes"), Roll(outcome="111"), Roll("", "111"), Score("sixes")]
    game = _position(DUO, [*moves, Roll(outcome="666"), Score("chance"), Roll(outcome="123")], 0)
    assert DuelPlayer(lambda: strategy).choose(game) == OptimalPlayer(strategy).choose(game)


@pytest.mark.parametrize("name", ["yacht", "crag"])
def test_expert_plays_whole_duels_legally_and_the_same_for_a_seed(name: str) -> None:
    variant = yamskit.variant(name)
    scores = []
    for _ in range(2):
        bots = [player(variant, "expert", seed=5), player(variant, "hard", seed=6)]
        final = play(variant.new_game(players=["A", "B"], seed=11), bots)
        assert final.is_over
        scores.append(final.result().scores)
    assert scores[0] == scores[1]


def test_the_expert_level_plays_duels_with_the_duel_player() -> None:
    bot = player(yamskit.variant("yacht"), "expert")
    assert isinstance(bot.duel, DuelPlayer)  # type: ignore[attr-defined]
    assert player(yamskit.variant("generala"), "expert").duel is None  # type: ignore[attr-defined]
    assert player(yamskit.variant("yamslam"), "expert").duel is None  # type: ignore[attr-defined]


BONUSED = ScorecardVariant.define(
    "bonused",
    rows=[upper(1), upper(2), upper(3), Category("chance", total)],
    dice=2,
    max_throws=2,
    bonus=UpperBonus(rows=("ones", "twos", "threes"), tiers=((6, 10),)),
)


@pytest.mark.parametrize("variant", [DUO, TRIO, BONUSED, yamskit.variant("yacht")], ids=lambda v: v.name)
def test_the_points_to_come_worked_out_backwards_are_the_forward_pass(variant: ScorecardVariant) -> None:
    strategy = solve(variant, quiet=True)
    model = strategy.model
    to_come = PointsToCome(strategy)
    full = (1 << model.num_rows) - 1
    # every sheet of the small games; for Yacht, the sheets with at most two boxes open
    sheets = [f for f in range(full + 1) if model.num_rows <= 4 or bin(full & ~f).count("1") <= 2]
    checked = 0
    for filled in sheets:
        for upper_total in sorted({0, 3, 5, 6, min(model.cap, 9)} & set(range(model.cap + 1))):
            forward = optimal_distribution(model, strategy.values, filled=filled, upper=upper_total, so_far=7)
            backward = to_come.distribution(filled=filled, flag=0, upper=upper_total, so_far=7)
            assert backward.minimum == forward.minimum
            assert backward.probabilities == pytest.approx(forward.probabilities, abs=1e-12)
            checked += 1
    assert checked >= len(sheets) >= 4
