"""Target play on sheets whose boxes depend on the turn (Generala's served rules), against a brute force.

The oracle here follows the served-rules oracle of test_served_oracle.py (its sheets, its row
functions, its reading of the rules) with a need in place of expected points: on a turn's
first throw a box pays its served points, a Score with points in a winning row ends the game
(the need is made when those points and the upper bonus of the total reached cover it), and
the box that opens later takes only a cross until the box it waits for holds points. It
shares no table with the solver.
"""

from __future__ import annotations

import functools
import math
import random
from fractions import Fraction

import pytest

import yamskit
from yamskit.bots import play
from yamskit.solver import solve
from yamskit.solver.target import solve_target

from .oracle_dice import outcomes, sheet_position
from .test_served_oracle import CASES, _oracle, _sheet, served_turn
from .test_target import _Aimed

Faces = tuple[int, ...]


class TargetOracle:
    """The best chance of making ``need`` more points on a one-column sheet with served rules, by brute force."""

    def __init__(self, spec: dict[str, object]) -> None:
        self.rules = _oracle(spec)  # the rules as the served-rules oracle reads them (its `options`)

    @functools.cache  # noqa: B019 - one oracle per test, dropped with it
    def chance(self, filled: int, upper: int, opened: bool, need: int) -> Fraction:
        """At the start of a turn."""
        rules = self.rules
        upper = min(upper, rules.cap)
        if filled == rules.full:
            return Fraction(int(rules.earned(upper) >= need))
        first = self.turn(filled, upper, opened, need)[1]
        return sum((p * first[faces] for faces, p in outcomes(rules.dice)), Fraction(0))

    def write(self, filled: int, upper: int, opened: bool, need: int, faces: Faces, *, served: bool) -> Fraction:
        best = Fraction(0)
        for after, total, paid, now_open, ended in self.rules.options(filled, upper, opened, faces, served=served):
            if ended:  # the need is made by the points the game ends with, or never
                v = Fraction(int(paid + self.rules.earned(min(total, self.rules.cap)) >= need))
            else:
                v = self.chance(after, total, now_open, max(0, need - paid))
            best = max(best, v)
        return best

    @functools.cache  # noqa: B019
    def turn(
        self, filled: int, upper: int, opened: bool, need: int
    ) -> tuple[list[dict[Faces, Fraction]], dict[Faces, Fraction]]:
        """``([t][faces], first[faces])``: a roll after a rethrow with ``t`` throws left; the turn's first throw."""
        return served_turn(
            self.rules.dice,
            self.rules.throws,
            lambda faces, served: self.write(filled, upper, opened, need, faces, served=served),
        )


def _targets(variant: yamskit.ScorecardVariant) -> list[int]:
    mean = solve(variant, quiet=True).expected_score()
    return [0, 1, int(mean) // 2, int(mean), int(mean) + 5, int(1.6 * mean)]


def _close(got: float, exact: Fraction) -> bool:
    return math.isclose(got, float(exact), abs_tol=1e-12)


@pytest.mark.parametrize("case", list(CASES))
def test_equals_the_oracle_from_the_start(case: str) -> None:
    variant = _sheet(case.replace("-", "_"), CASES[case])
    oracle = TargetOracle(CASES[case])
    for target in _targets(variant):
        got = solve_target(variant, target).at_least()
        assert _close(got, oracle.chance(0, 0, False, target)), (case, target, got)


@pytest.mark.parametrize("case", list(CASES))
def test_equals_the_oracle_part_way_through_games(case: str) -> None:
    """Inside turns too: a served first throw, a throw after keeping every die (nothing served), later turns."""
    spec = CASES[case]
    variant = _sheet(case.replace("-", "_"), spec)
    oracle = TargetOracle(spec)
    target = int(solve(variant, quiet=True).expected_score()) + 2
    plan = solve_target(variant, target)
    opens = oracle.rules.opens
    checked = 0
    for seed in range(3):
        pick = random.Random(seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            filled, so_far, upper = sheet_position(game, oracle.rules.counted)
            upper = min(oracle.rules.cap, upper)
            opened = opens is not None and game.sheets[0].cells[0][variant.rules.row_index(opens[1])].value > 0
            need = max(0, target - so_far)
            if not game.turn.has_thrown:
                exact = oracle.chance(filled, upper, opened, need)
            else:
                layers, first = oracle.turn(filled, upper, opened, need)
                left = game.turn.throws_left
                exact = first[game.dice.faces] if left == oracle.rules.throws - 1 else layers[left][game.dice.faces]
            assert _close(plan.at_least(game), exact), (case, seed, str(game.dice), float(exact))
            checked += 1
            # the best action half the time (a served win taken when it is best), else any legal one,
            # among them keeping every die (a throw of none, after which nothing is served)
            game = game.apply(plan.best_action(game) if pick.random() < 0.5 else pick.choice(game.legal_actions()))
    assert checked >= 6


def test_games_through_the_api_reach_the_target_as_often_as_stated() -> None:
    case = "2d-3rows-2throws-all"  # served points, two winning rows, a box that opens later
    variant = _sheet("all", CASES[case])
    plan = solve_target(variant, 40)
    stated = plan.at_least()
    games = 1500
    made = sum(
        play(variant.new_game(seed=seed), [_Aimed(plan)]).result().scores[0] >= 40
        for seed in random.Random(8).sample(range(10**6), games)
    )
    error = math.sqrt(stated * (1 - stated) / games)
    assert 0.05 < stated < 0.95
    assert abs(made / games - stated) <= 4 * error, (made / games, stated)


def test_generala_target_play_never_falls_below_the_solved_strategy() -> None:
    """No strategy reaches a score more often than the one that aims at it: Generala's solved strategy included."""
    generala = yamskit.variant("generala")
    optimal = solve(generala, quiet=True).distribution()
    plan = solve_target(generala, 200)
    for need in (0, 100, 150, 170, 200):
        assert plan.chances[0, need] >= optimal.at_least(need) - 1e-12, need
    assert plan.chances[0, 0] == 1.0
    assert plan.chances[0, 150] > optimal.at_least(150) + 0.05  # aiming pays: 62.0% against 53.3%
