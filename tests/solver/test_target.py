"""Target play (`yamskit.solver.target`): the strategy that maximises P(final score >= t).

Its chances are checked against a brute-force oracle in exact fractions (the rules read
through the variant alone, no table shared with the solver), against the solved strategy's
own distribution (which no strategy can beat at its own target), and against games played
through the game API.
"""

from __future__ import annotations

import functools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

import yamskit
from yamskit import ScorecardVariant
from yamskit.bots import play
from yamskit.categories import Category, total, upper
from yamskit.dice import Dice
from yamskit.errors import RuleConfigError, RulesMismatchError
from yamskit.scorecard import UpperBonus
from yamskit.solver import solve
from yamskit.solver.target import TargetStrategy, solve_target, table_size

from .oracle_dice import Roll, outcomes, sub_keeps


def _pairs(dice: Dice) -> int:
    """The highest pair's two dice, else 0."""
    best = [f for f in range(1, 7) if dice.faces.count(f) >= 2]
    return 2 * max(best) if best else 0


BONUS = UpperBonus.single(10, 12, rows=("fives", "sixes"))
#: Sixes holding 6 leave a total that ones (2 at most) cannot lift to the threshold of 10: a dead
#: total, which the solve works out as total 0 and copies.
DEAD = UpperBonus.single(10, 14, rows=("ones", "sixes"))
SHEETS = {
    "1 die, 3 boxes": ScorecardVariant.define("a", rows=[upper(4), upper(5), upper(6)], dice=1),
    "2 dice, 2 boxes": ScorecardVariant.define("b", rows=[upper(6), Category("chance", total)], dice=2),
    "2 dice, 3 boxes, bonus, no scratch": ScorecardVariant.define(
        "c", rows=[upper(5), upper(6), Category("pair", _pairs)], dice=2, bonus=BONUS, allow_scratch=False
    ),
    "2 dice, 3 boxes, dead upper totals": ScorecardVariant.define(
        "e", rows=[upper(1), upper(6), Category("chance", total)], dice=2, bonus=DEAD
    ),
    "3 dice, 2 boxes, 2 throws": ScorecardVariant.define(
        "d", rows=[upper(6), Category("pair", _pairs)], dice=3, max_throws=2
    ),
}


def oracle_chance(variant: ScorecardVariant, target: int) -> Fraction:
    """The best chance of a final score of ``target`` or more, by brute force over every throw and choice."""
    rules = variant.rules
    rows = rules.row_ids
    bonus = rules.bonus
    bonus_rows = set(bonus.rows) if bonus is not None else set()
    full = (1 << len(rows)) - 1

    @functools.cache
    def points(row: int, roll: Roll) -> int:
        return variant.score(rows[row], "".join(map(str, roll)))

    @functools.cache
    def start(filled: int, upper_total: int, need: int) -> Fraction:
        if filled == full:
            earned = bonus.points(upper_total) if bonus is not None else 0
            return Fraction(1 if earned >= need else 0)
        left = rules.max_throws - 1
        return sum((p * after(filled, upper_total, need, roll, left) for roll, p in outcomes(rules.dice)), Fraction(0))

    @functools.cache
    def after(filled: int, upper_total: int, need: int, roll: Roll, left: int) -> Fraction:
        best = Fraction(0)
        for row in range(len(rows)):
            if filled >> row & 1:
                continue
            for got in [points(row, roll)] + ([0] if rules.allow_scratch else []):
                up = upper_total + got if rows[row] in bonus_rows else upper_total
                best = max(best, start(filled | 1 << row, up, max(0, need - got)))
        if left > 0:
            for keep in sub_keeps(roll):
                thrown = outcomes(rules.dice - len(keep))
                chance = sum(
                    (p * after(filled, upper_total, need, tuple(sorted(keep + more)), left - 1) for more, p in thrown),
                    Fraction(0),
                )
                best = max(best, chance)
        return best

    return start(0, 0, target)


def _targets(variant: ScorecardVariant) -> list[int]:
    mean = solve(variant, quiet=True).expected_score()
    return [0, 1, int(mean) // 2, int(mean), int(mean) + 5, int(1.6 * mean)]


@pytest.mark.parametrize("name", list(SHEETS))
def test_equals_the_oracle(name: str) -> None:
    variant = SHEETS[name]
    for target in _targets(variant):
        exact = oracle_chance(variant, target)
        got = solve_target(variant, target).at_least()
        assert math.isclose(got, float(exact), abs_tol=1e-12), (name, target, got, exact)


@pytest.mark.parametrize("name", list(SHEETS))
def test_never_below_the_solved_strategy_at_its_target(name: str) -> None:
    variant = SHEETS[name]
    optimal = solve(variant, quiet=True).distribution()
    for target in _targets(variant):
        aimed = solve_target(variant, target).at_least()
        assert aimed >= optimal.at_least(target) - 1e-12, (name, target)
    assert solve_target(variant, 0).at_least() == 1.0


def test_chances_fall_as_the_need_grows() -> None:
    plan = solve_target(SHEETS["2 dice, 3 boxes, bonus, no scratch"], 40)
    steps = np.diff(plan.chances, axis=1)
    assert (steps <= 1e-12).all()
    assert ((plan.chances >= 0) & (plan.chances <= 1 + 1e-12)).all()


class _Aimed:
    """A bot that plays a target strategy."""

    def __init__(self, plan: TargetStrategy) -> None:
        self.plan = plan

    def choose(self, state: yamskit.GameState) -> yamskit.Action:
        assert isinstance(state, yamskit.ScorecardGame)
        return self.plan.best_action(state)


def test_games_through_the_api_reach_the_target_as_often_as_stated() -> None:
    variant = SHEETS["2 dice, 2 boxes"]
    plan = solve_target(variant, 18)
    stated = plan.at_least()
    games = 1500
    seeds = random.Random(5).sample(range(10**6), games)
    made = 0
    for seed in seeds:
        game = variant.new_game(seed=seed)
        assert math.isclose(plan.at_least(game), stated)
        final = play(game, [_Aimed(plan)])
        made += final.result().scores[0] >= 18
    error = math.sqrt(stated * (1 - stated) / games)
    assert abs(made / games - stated) <= 4 * error, (made / games, stated)


def test_the_chance_inside_a_turn_is_the_best_action_s() -> None:
    variant = SHEETS["1 die, 3 boxes"]
    plan = solve_target(variant, 12)
    game = variant.new_game(seed=3).apply(yamskit.Roll(outcome="5"))
    rated = dict(plan.advise(game))
    assert list(rated) == list(game.legal_actions())
    assert plan.at_least(game) == max(rated.values())
    assert rated[plan.best_action(game)] == max(rated.values())
    final = play(game, [_Aimed(plan)])
    assert plan.at_least(final) in (0.0, 1.0)
    assert plan.advise(final) == ()


def test_refusals_name_the_problem() -> None:
    variant = SHEETS["2 dice, 2 boxes"]
    for bad in (-1, 2.5, True, "10"):
        with pytest.raises(RuleConfigError, match="a target is a whole number"):
            solve_target(variant, bad)  # type: ignore[arg-type]
    with pytest.raises(RuleConfigError, match=r"would take .* GiB"):
        solve_target(variant, 10, max_bytes=100)
    with pytest.raises(RuleConfigError, match="would take"):
        solve_target(yamskit.variant("yahtzee"), 300)
    other = SHEETS["1 die, 3 boxes"]
    with pytest.raises(RulesMismatchError, match="solved for other rules than 'a'"):
        solve_target(variant, 10).at_least(other.new_game(seed=1))


def test_table_size_counts_every_state_and_need() -> None:
    plan = solve_target(SHEETS["2 dice, 3 boxes, bonus, no scratch"], 30)
    assert plan.chances.size == table_size(plan.model, 30)
