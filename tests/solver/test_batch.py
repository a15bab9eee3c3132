"""Batch simulation: reproducible, consistent with the game's rules, and unbiased for the optimal policy."""

from __future__ import annotations

import random

import numpy as np
import pytest

import yamskit
from yamskit import Score, ScorecardVariant
from yamskit.bots import RandomPlayer, play
from yamskit.categories import Category, is_five_of_a_kind, is_large_straight, total, upper, when
from yamskit.scorecard import UpperBonus
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker
from yamskit.solver import batch, simulate, solve
from yamskit.solver.model import model_of


def test_same_seed_same_scores_other_seed_other_scores() -> None:
    v = yamskit.variant("yahtzee")
    for policy in ("random", "greedy"):
        a = simulate(v, 300, bot=policy, seed=5)
        b = simulate(v, 300, bot=policy, seed=5)
        c = simulate(v, 300, bot=policy, seed=6)
        assert np.array_equal(a.scores, b.scores)
        assert not np.array_equal(a.scores, c.scores)


def test_scores_add_up_from_rows_bonus_and_extra() -> None:
    result = simulate(yamskit.variant("classic", yams_bonus=100), 2000, bot="greedy", seed=1)
    assert result.mean == pytest.approx(result.row_means.sum() + 35 * result.bonus_rate + result.extra_mean)
    assert result.rows == yamskit.variant("classic").rows
    assert all(0 <= z <= 1 for z in result.row_zero_rates)
    assert "greedy policy, 2000 games" in result.summary()


@pytest.mark.parametrize("name", ["yahtzee", "classic"])
def test_batch_rules_match_the_game_on_random_positions(name: str) -> None:
    """Legal rows and the points and extra of every Score, as the batch computes them, equal the game's."""
    variant = yamskit.variant(name, **({"joker": "seed", "yams_bonus": 100} if name == "classic" else {}))
    model = model_of(variant)
    rng = random.Random(4)
    checked = 0
    for seed in range(12):
        game = variant.new_game(seed=seed)
        player = RandomPlayer(seed=seed)
        while not game.is_over:
            if game.turn.has_thrown:
                cells = game.sheets[0].cells[0]
                g = batch._Games.start(model, 1)
                g.filled[0] = sum(1 << i for i, c in enumerate(cells) if not c.is_empty)
                g.upper[0] = sum(c.value for c in cells[:6])
                g.flag[0] = int(cells[model.flag_row].value > 0) if model.needs_flag else 0
                roll = np.array([game.dice.index])
                legal = g.legal_rows(np.array([0]), roll)[0]
                for r, row in enumerate(variant.rows):
                    assert legal[r] == game.is_legal(Score(row)), (game.render(), row)
                    if legal[r]:
                        placed = game.placement(Score(row))
                        points, extra = g.placement(np.array([0]), roll, r)
                        assert (points[0], extra[0]) == (placed.points, placed.extra)
                checked += 1
            # steer towards five of a kind now and then, so the joker rules are exercised
            if game.turn.has_thrown and game.turn.throws_left and rng.random() < 0.5:
                game = game.apply(yamskit.Roll(yamskit.Dice(), yamskit.Dice.parse(str(rng.randint(1, 6)) * 5)))
            else:
                game = game.apply(player.choose(game))
    assert checked > 100


@pytest.fixture(scope="module")
def small() -> tuple[ScorecardVariant, object]:
    v = ScorecardVariant.define(
        "small",
        rows=[
            upper(5),
            upper(6),
            Category("yams", when(is_five_of_a_kind, 50)),
            Category("large_straight", when(is_large_straight, 40)),
            Category("chance", total),
        ],
        bonus=UpperBonus.single(35, 35, rows=("fives", "sixes")),
        rules=[Joker("free"), FiveOfAKindBonus(100)],
    )
    return v, solve(v, quiet=True)


def test_optimal_batch_mean_is_within_three_standard_errors_of_the_expected_score(
    small: tuple[ScorecardVariant, object],
) -> None:
    v, strategy = small
    result = simulate(v, 40_000, bot="optimal", strategy=strategy, seed=11)  # type: ignore[arg-type]
    assert abs(result.mean - strategy.expected_score()) < 3 * result.stderr  # type: ignore[attr-defined]


def test_optimal_batch_beats_greedy_which_beats_random(small: tuple[ScorecardVariant, object]) -> None:
    v, strategy = small
    means = [simulate(v, 5000, bot=p, strategy=strategy, seed=2).mean for p in ("optimal", "greedy", "random")]  # type: ignore[arg-type]
    assert means[0] > means[1] > means[2]


def test_random_batch_plays_like_the_random_player() -> None:
    v = yamskit.variant("yahtzee")
    players = [play(v.new_game(seed=s), [RandomPlayer(seed=s)]).result().scores[0] for s in range(40)]
    mean = sum(players) / len(players)
    sd = (sum((x - mean) ** 2 for x in players) / (len(players) - 1)) ** 0.5
    result = simulate(v, 20_000, bot="random", seed=9)
    assert abs(mean - result.mean) < 4 * sd / len(players) ** 0.5 + 4 * result.stderr


def test_bad_arguments_are_refused() -> None:
    v = yamskit.variant("classic")
    with pytest.raises(ValueError, match="games"):
        simulate(v, 0)
    with pytest.raises(ValueError, match="bot must be"):
        simulate(v, 10, bot="clever")  # type: ignore[arg-type]
    other = solve(ScorecardVariant.define("one", rows=[upper(6)]), quiet=True)
    with pytest.raises(yamskit.RuleConfigError):
        simulate(v, 10, bot=other)


def test_a_sheet_of_20_rows_plays_optimally_in_batch_and_by_advice() -> None:
    """20 rows (2**20 filled sets): the optimal batch mean meets the expected score; advice agrees with the bot."""
    rows = [
        upper(5),
        upper(6),
        *(Category(f"chance{i}", total) for i in range(9)),
        *(Category(f"high{i}", lambda d: d.total if d.total >= 4 else 0) for i in range(9)),
    ]
    v = ScorecardVariant.define("wide", rows=rows, dice=1, bonus=UpperBonus.single(8, 20, rows=("fives", "sixes")))
    strategy = solve(v, quiet=True)
    assert strategy.values.shape == (1 << 20, 1, 9)
    optimal = simulate(v, 20_000, bot=strategy, seed=3)
    assert abs(optimal.mean - strategy.expected_score()) < 3 * optimal.stderr
    assert optimal.mean > simulate(v, 5000, bot="greedy", seed=3).mean
    for seed in range(2):  # the perfect bot's games: its action is the best advice, worth the position's value
        game = v.new_game(seed=seed)
        while not game.is_over:
            advice = strategy.advise(game)
            assert strategy.expected_score(game) == pytest.approx(advice[0].expected, abs=1e-9)
            action = strategy.best_action(game)
            assert next(a.regret for a in advice if a.action == action) <= 1e-9
            game = game.apply(action)
