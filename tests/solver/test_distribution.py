"""The final score's distribution under the optimal strategy: a probability, whose mean is the expected score."""

from __future__ import annotations

import itertools
import math
import random

import pytest

import yamskit
from yamskit import ScorecardVariant
from yamskit.categories import Category, is_five_of_a_kind, is_large_straight, total, upper, when
from yamskit.scorecard import UpperBonus
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker, NumberBoxBonus
from yamskit.solver import ScoreDistribution, Strategy, simulate, solve
from yamskit.solver import distribution as distribution_module
from yamskit.solver import strategy as strategy_module

YAMS = Category("yams", when(is_five_of_a_kind, 50))
LARGE = Category("large_straight", when(is_large_straight, 40))
NUMBERS = [upper(f) for f in range(1, 7)]

SHEETS = {
    "sixes_and_chance": ScorecardVariant.define("a", rows=[upper(6), Category("chance", total)]),
    "upper_bonus_two_throws": ScorecardVariant.define(
        "b", rows=[upper(5), upper(6), YAMS], bonus=UpperBonus.single(18, 10, rows=("fives", "sixes")), max_throws=2
    ),
    "free_joker_and_yams_bonus": ScorecardVariant.define(
        "c",
        rows=[upper(6), YAMS, LARGE],
        bonus=UpperBonus.single(12, 35, rows=("sixes",)),
        rules=[Joker("free"), FiveOfAKindBonus(100)],
        max_throws=2,
    ),
    "seed_joker_no_scratch": ScorecardVariant.define(
        "d", rows=[upper(6), YAMS, LARGE], rules=[Joker("seed"), FiveOfAKindBonus(100)], allow_scratch=False
    ),
    "forced_joker_eight_rows": ScorecardVariant.define(
        "e",
        rows=[*NUMBERS, YAMS, LARGE],
        bonus=UpperBonus.single(20, 35),
        rules=[Joker("forced"), FiveOfAKindBonus(100)],
        max_throws=2,
    ),
    "number_box_bonus": ScorecardVariant.define(
        "f",
        rows=[*NUMBERS, YAMS, LARGE],
        bonus=UpperBonus.single(20, 35),
        rules=[Joker("forced"), NumberBoxBonus(50)],
        max_throws=1,
    ),
    "three_dice": ScorecardVariant.define("g", rows=[upper(4), upper(6), Category("chance", total)], dice=3),
    "seven_dice": ScorecardVariant.define("h", rows=[upper(6), Category("chance", total)], dice=7, max_throws=2),
}


@pytest.fixture(scope="module", params=sorted(SHEETS))
def solved(request: pytest.FixtureRequest) -> tuple[ScorecardVariant, Strategy]:
    variant = SHEETS[request.param]
    return variant, solve(variant, quiet=True)


def _check(strategy: Strategy, d: ScoreDistribution, expected: float) -> None:
    assert abs(sum(d.probabilities) - 1.0) < 1e-12
    assert abs(d.mean - expected) < 1e-9, (d.mean, expected)
    assert all(p >= 0 for p in d.probabilities)
    assert d.probabilities[0] > 0
    assert d.probabilities[-1] > 0
    chances = [d.at_least(s) for s in range(d.minimum - 2, d.maximum + 3)]
    assert all(a >= b for a, b in itertools.pairwise(chances))
    assert abs(d.at_least(d.minimum) - 1.0) < 1e-12
    assert d.at_least(d.maximum + 1) == 0.0
    assert d.minimum <= d.median <= d.maximum
    if strategy.model.bonus.max() > 0:
        assert d.bonus_probability is not None
        assert -1e-12 <= d.bonus_probability <= 1 + 1e-12
    else:
        assert d.bonus_probability is None


def test_from_the_start_sums_to_one_and_has_the_expected_score_as_mean(
    solved: tuple[ScorecardVariant, Strategy],
) -> None:
    _, strategy = solved
    _check(strategy, strategy.distribution(), strategy.expected_score())


def test_from_positions_inside_games(solved: tuple[ScorecardVariant, Strategy]) -> None:
    """Between turns and after each throw, along games of random legal actions."""
    variant, strategy = solved
    checked = 0
    small = len(variant.rules.rows) <= 4
    for seed in range(2 if small else 1):
        pick = random.Random(seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            if pick.random() < (0.4 if small else 0.15) or not game.turn.has_thrown:  # turn starts, some rolls
                _check(strategy, strategy.distribution(game), strategy.expected_score(game))
                checked += 1
            game = game.apply(pick.choice(game.legal_actions()))
        finished = strategy.distribution(game)
        assert (finished.minimum, finished.probabilities) == (game.result().scores[0], (1.0,))
        if variant.rules.bonus is None:
            assert finished.bonus_probability is None
        else:
            assert finished.bonus_probability in (0.0, 1.0)
    assert checked >= len(variant.rules.rows)


def test_classic_positions_near_the_end() -> None:
    """Thirteen rows, forced joker and Yams bonus: positions with two rows left, inside a turn too."""
    variant = yamskit.variant("yahtzee")
    rows = variant.rules.row_ids
    game = variant.new_game(seed=5)
    pick = random.Random(5)
    while sum(1 for cell in game.sheets[0].cells[0] if cell.is_empty) > 2:
        game = game.apply(pick.choice(game.legal_actions()))
    assert len(rows) == 13
    # solving all of Yahtzee takes seconds; its last two turns are what this position needs, so the
    # check is against the advice's own expected score, which reads the same solved table
    strategy = solve(variant, quiet=True)
    for _ in range(3):
        _check(strategy, strategy.distribution(game), strategy.expected_score(game))
        if game.is_over:
            break
        game = game.apply(pick.choice(game.legal_actions()))


def test_the_tie_threshold_is_the_bots() -> None:
    assert distribution_module.TIE == strategy_module.TIE


def test_the_distribution_is_that_of_the_optimal_player() -> None:
    """Plain games of `OptimalPlayer` from the seed land on scores the distribution gives a chance."""
    variant = SHEETS["free_joker_and_yams_bonus"]
    strategy = solve(variant, quiet=True)
    d = strategy.distribution()
    player = yamskit.OptimalPlayer(strategy)
    for seed in range(20):
        game = variant.new_game(seed=seed)
        while not game.is_over:
            game = game.apply(player.choose(game))
        assert d.probability(game.result().scores[0]) > 0


def test_a_score_distribution_is_a_value() -> None:
    d = ScoreDistribution.of([0, 0, 0.5, 0.25, 0.25, 0], offset=10)
    assert d == ScoreDistribution(12, (0.5, 0.25, 0.25))
    assert (d.minimum, d.maximum, d.median, d.quantile(0.8), d.probability(99)) == (12, 14, 12, 14, 0.0)
    assert d.at_least(13) == 0.5
    assert d.mean == 12.75
    with pytest.raises(ValueError, match="a chance above 0"):
        ScoreDistribution.of([0.0])
    with pytest.raises(ValueError, match="between 0 and 1"):
        d.quantile(1.5)


def test_a_score_distribution_keeps_its_bonus_chance() -> None:
    d = ScoreDistribution.of([0, 0.5, 0.5], offset=1, bonus_probability=0.25)
    assert d == ScoreDistribution(2, (0.5, 0.5), bonus_probability=0.25)
    assert d != ScoreDistribution(2, (0.5, 0.5))
    assert ScoreDistribution(2, (1.0,)).bonus_probability is None


def _wilson(p: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_the_bonus_chance_is_that_of_optimal_games_in_batch() -> None:
    """The upper section and chance with the 63-point bonus: the exact chance is in the 95% interval of 40,000 games."""
    variant = ScorecardVariant.define(
        "upper_and_chance", rows=[*NUMBERS, Category("chance", total)], bonus=UpperBonus.single(63, 35)
    )
    strategy = solve(variant, quiet=True)
    d = strategy.distribution()
    assert d.bonus_probability is not None
    assert 0.3 < d.bonus_probability < 0.95
    games = simulate(variant, 40_000, bot=strategy, seed=41, processes=1)
    lo, hi = _wilson(games.bonus_rate, games.games)
    assert lo <= d.bonus_probability <= hi, (d.bonus_probability, games.bonus_rate, (lo, hi))
    assert abs(games.mean - d.mean) <= 1.959964 * games.stderr


@pytest.mark.slow
def test_yahtzee_bonus_chance_is_that_of_optimal_games_in_batch() -> None:
    """Yahtzee (forced joker): the exact chance of the upper bonus against 100,000 optimal games (minutes)."""
    variant = yamskit.variant("yahtzee")
    strategy = solve(variant, quiet=True)
    d = strategy.distribution()
    assert d.bonus_probability is not None
    games = simulate(variant, 100_000, bot=strategy, seed=41, processes=1)
    lo, hi = _wilson(games.bonus_rate, games.games)
    assert lo <= d.bonus_probability <= hi, (d.bonus_probability, games.bonus_rate, (lo, hi))
