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
from yamskit.solver.target import TargetStrategy, solve_target

from .oracle_dice import outcomes, sub_keeps
from .test_served_oracle import CASES, NUMBER_ROWS, ROWS, _sheet

Faces = tuple[int, ...]


class TargetOracle:
    """The best chance of making ``need`` more points on a one-column sheet with served rules, by brute force."""

    def __init__(self, spec: dict[str, object]) -> None:
        self.rows: list[str] = spec["rows"]  # type: ignore[assignment]
        self.dice: int = spec["dice"]  # type: ignore[assignment]
        self.throws: int = spec["throws"]  # type: ignore[assignment]
        self.bonus: tuple[int, int] | None = spec.get("bonus")  # type: ignore[assignment]
        self.served_rows, self.served_points = spec.get("served") or ((), 0)  # type: ignore[misc]
        self.wins: tuple[str, ...] = tuple(spec.get("wins", ()))  # type: ignore[arg-type]
        self.opens: tuple[str, str] | None = spec.get("opens")  # type: ignore[assignment]
        self.scratch: bool = spec.get("scratch", True)  # type: ignore[assignment]
        self.counted = [r in NUMBER_ROWS for r in self.rows]
        self.cap = self.bonus[0] if self.bonus else 0
        self.full = (1 << len(self.rows)) - 1

    def earned(self, upper: int) -> int:
        return self.bonus[1] if self.bonus is not None and upper >= self.bonus[0] else 0

    @functools.cache  # noqa: B019 - one oracle per test, dropped with it
    def chance(self, filled: int, upper: int, opened: bool, need: int) -> Fraction:
        """At the start of a turn."""
        upper = min(upper, self.cap)
        if filled == self.full:
            return Fraction(int(self.earned(upper) >= need))
        first = self.turn(filled, upper, opened, need)[1]
        return sum((p * first[faces] for faces, p in outcomes(self.dice)), Fraction(0))

    def write(self, filled: int, upper: int, opened: bool, need: int, faces: Faces, *, served: bool) -> Fraction:
        best = Fraction(0)
        for r, name in enumerate(self.rows):
            if filled >> r & 1:
                continue
            points = ROWS[name](faces)
            if served and name in self.served_rows and points > 0:
                points += self.served_points
            closed = self.opens is not None and name == self.opens[0] and not opened
            for paid in ([] if closed else [points]) + ([0] if self.scratch else []):
                total = upper + paid if self.counted[r] else upper
                if served and paid > 0 and name in self.wins:  # the game ends here
                    v = Fraction(int(paid + self.earned(min(total, self.cap)) >= need))
                else:
                    now_open = opened or (self.opens is not None and name == self.opens[1] and paid > 0)
                    v = self.chance(filled | 1 << r, total, now_open, max(0, need - paid))
                best = max(best, v)
        return best

    def _keeps(self, below: dict[Faces, Fraction]) -> dict[Faces, Fraction]:
        return {
            kept: sum((p * below[tuple(sorted(kept + more))] for more, p in outcomes(self.dice - size)), Fraction(0))
            for size in range(self.dice + 1)
            for kept, _ in outcomes(size)
        }

    @functools.cache  # noqa: B019
    def turn(
        self, filled: int, upper: int, opened: bool, need: int
    ) -> tuple[list[dict[Faces, Fraction]], dict[Faces, Fraction]]:
        """``([t][faces], first[faces])``: a roll after a rethrow with ``t`` throws left; the turn's first throw."""
        state = (filled, upper, opened, need)
        layers = [{faces: self.write(*state, faces, served=False) for faces, _ in outcomes(self.dice)}]
        for _ in range(1, self.throws - 1):
            keeps = self._keeps(layers[-1])
            layers.append({faces: max(keeps[k] for k in sub_keeps(faces)) for faces, _ in outcomes(self.dice)})
        first = {faces: self.write(*state, faces, served=True) for faces, _ in outcomes(self.dice)}
        if self.throws > 1:
            keeps = self._keeps(layers[-1])
            for faces in first:
                first[faces] = max(first[faces], *(keeps[k] for k in sub_keeps(faces)))
        return layers, first


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
    opens = oracle.opens
    checked = 0
    for seed in range(3):
        pick = random.Random(seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            cells = game.sheets[0].cells[0]
            filled = sum(1 << i for i, cell in enumerate(cells) if not cell.is_empty)
            so_far = sum(cell.value for cell in cells)
            upper = min(oracle.cap, sum(cell.value for i, cell in enumerate(cells) if oracle.counted[i]))
            opened = opens is not None and cells[variant.rules.row_index(opens[1])].value > 0
            need = max(0, target - so_far)
            if not game.turn.has_thrown:
                exact = oracle.chance(filled, upper, opened, need)
            else:
                layers, first = oracle.turn(filled, upper, opened, need)
                left = game.turn.throws_left
                exact = first[game.dice.faces] if left == oracle.throws - 1 else layers[left][game.dice.faces]
            assert _close(plan.at_least(game), exact), (case, seed, str(game.dice), float(exact))
            checked += 1
            # the best action half the time (a served win taken when it is best), else any legal one,
            # among them keeping every die (a throw of none, after which nothing is served)
            game = game.apply(plan.best_action(game) if pick.random() < 0.5 else pick.choice(game.legal_actions()))
    assert checked >= 6


class _Aimed:
    def __init__(self, plan: TargetStrategy) -> None:
        self.plan = plan

    def choose(self, state: yamskit.GameState) -> yamskit.Action:
        assert isinstance(state, yamskit.ScorecardGame)
        return self.plan.best_action(state)


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
