"""The final score's distribution on sheets with served points, a served win and a box that opens later.

The sheets and the exact expectimax are those of `tests.solver.test_served_oracle` (its own
throws and row functions, nothing of the solver's). The oracle here plays that expectimax's
policy forwards in fractions, to the chance of every final score: on a turn's first throw a
box pays its served points and a Score with points in a winning row ends the game, the
result being the sheet as it stands (the upper bonus counted on the total reached); a
rethrow, keeping every die included, is never served; the box that opens later takes only a
cross until the box it waits for holds points.

Ties are broken as `Strategy.best_action` documents it, on exact values: a box rather than a
throw; among boxes, the first in the order of ``legal_actions()`` (Score then Scratch, row by
row); among keeps, the first in that order (by number of dice, then faces). The solver
compares floats, so two options that tie exactly might come in the other order there. The
oracle notes every exact tie between options that lead on differently (``tied``): five of
these eight sheets meet one, and on all of them the solver's floats order the tied options
as the legal order does, so the distributions are equal everywhere (to 1e-12). Should a
change of the solver's arithmetic reorder such a tie, `test_distribution_is_that_of_the_bot`
(the bot itself, through the game API) is the check that stays exact.

Generala itself is checked by playing optimal games through the game API (a slow test).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import statistics
from collections import defaultdict
from fractions import Fraction

import pytest

import yamskit
from tests.solver.api_distribution import bot_distribution
from yamskit.bots import OptimalPlayer
from yamskit.scorecard.state import ScorecardGame
from yamskit.solver import ScoreDistribution, solve

from .oracle_dice import outcomes, sub_keeps
from .test_served_oracle import CASES, ROWS, Faces, ServedOracle, _oracle, _sheet

#: (filled rows, upper total, awaited box holds points, points written) after a turn, or the final score.
After = tuple[int, int, bool, int]


class DistributionOracle:
    """The exact distribution of the final score under the optimal policy of a `ServedOracle`."""

    def __init__(self, values: ServedOracle) -> None:
        self.v = values
        self.tied = False

    @functools.cache  # noqa: B019 - an oracle lives for one test
    def box(self, filled: int, upper: int, opened: bool, faces: Faces, served: bool) -> tuple[Fraction, int, int, bool]:
        """The box the policy writes ``faces`` in: (its value, points, upper total after, ends the game).

        Its row is put in the filled rows by `after`; the first best in legal order on a tie.
        """
        v = self.v
        best: tuple[Fraction, int, int, int, bool] | None = None
        for r, name in enumerate(v.rows):
            if filled >> r & 1:
                continue
            points = ROWS[name](faces)
            if served and name in v.served_rows and points > 0:
                points += v.served_points
            closed = v.opens is not None and name == v.opens[0] and not opened
            options = ([] if closed else [points]) + ([0] if v.scratch else [])  # Score, then Scratch
            for paid in options:
                total = min(upper + paid, v.cap) if v.counted[r] else upper
                ends = served and paid > 0 and name in v.wins
                if ends:
                    worth = paid + v.earned(total)
                else:
                    now_open = opened or (v.opens is not None and name == v.opens[1] and paid > 0)
                    worth = paid + v.value(filled | 1 << r, total, now_open)
                if best is not None and worth == best[0] and (r, paid) != (best[1], best[2]):
                    self.tied = True  # two boxes of equal value that lead on differently
                if best is None or worth > best[0]:
                    best = (worth, r, paid, total, ends)
        assert best is not None
        return best[0], best[2], best[3], best[4]

    @functools.cache  # noqa: B019
    def row(self, filled: int, upper: int, opened: bool, faces: Faces, served: bool) -> int:
        """The row of `box`'s choice (the first row whose option has its value, points and upper after)."""
        v = self.v
        worth, paid, total, ends = self.box(filled, upper, opened, faces, served)
        for r, name in enumerate(v.rows):
            if filled >> r & 1:
                continue
            points = ROWS[name](faces)
            if served and name in v.served_rows and points > 0:
                points += v.served_points
            closed = v.opens is not None and name == v.opens[0] and not opened
            options = ([] if closed else [points]) + ([0] if v.scratch else [])
            for option in options:
                after = min(upper + option, v.cap) if v.counted[r] else upper
                if option != paid or after != total or (served and option > 0 and name in v.wins) != ends:
                    continue
                now_open = opened or (v.opens is not None and name == v.opens[1] and option > 0)
                later = v.earned(after) if ends else v.value(filled | 1 << r, after, now_open)
                if option + later == worth:
                    return r
        raise AssertionError("no row has the chosen box")

    @functools.cache  # noqa: B019
    def keep(self, filled: int, upper: int, opened: bool, faces: Faces, left: int) -> Faces | None:
        """The keep the policy throws again with (``left`` throws left), or ``None`` when it writes a box now."""
        v = self.v
        box_value = self.box(filled, upper, opened, faces, left == v.throws - 1)[0]
        below = v.turn(filled, upper, opened)[0][left - 1]
        best_keep, best_value = None, None
        for kept in sorted(sub_keeps(faces), key=lambda k: (len(k), k)):
            worth = sum(
                (p * below[tuple(sorted(kept + more))] for more, p in outcomes(v.dice - len(kept))), Fraction(0)
            )
            if worth == best_value and box_value < worth:
                self.tied = True  # two keeps of equal value, better than any box
            if best_value is None or worth > best_value:
                best_keep, best_value = kept, worth
        assert best_value is not None
        return None if box_value >= best_value else best_keep

    @functools.cache  # noqa: B019
    def turn(
        self, filled: int, upper: int, opened: bool, faces: Faces | None, left: int
    ) -> tuple[dict[After, Fraction], dict[int, Fraction]]:
        """One turn: the chance of each state after it with the points written, and of each game it ends (points)."""
        v = self.v
        rolls = {faces: Fraction(1)} if faces is not None else dict(outcomes(v.dice))
        written: dict[tuple[Faces, bool], Fraction] = defaultdict(Fraction)  # (roll, on the first throw)
        for t in range(left, 0, -1):
            thrown: dict[Faces, Fraction] = defaultdict(Fraction)
            for roll, p in rolls.items():
                kept = self.keep(filled, upper, opened, roll, t)
                if kept is None:
                    written[roll, t == v.throws - 1] += p
                else:
                    for more, q in outcomes(v.dice - len(kept)):
                        thrown[tuple(sorted(kept + more))] += p * q
            rolls = thrown
        for roll, p in rolls.items():
            written[roll, v.throws == 1] += p
        after: dict[After, Fraction] = defaultdict(Fraction)
        ended: dict[int, Fraction] = defaultdict(Fraction)
        for (roll, served), p in written.items():
            _, paid, total, ends = self.box(filled, upper, opened, roll, served)
            if ends:
                ended[paid + int(v.earned(total))] += p
                continue
            r = self.row(filled, upper, opened, roll, served)
            now_open = opened or (v.opens is not None and v.rows[r] == v.opens[1] and paid > 0)
            after[filled | 1 << r, total, now_open, paid] += p
        return after, ended

    def distribution(
        self,
        filled: int = 0,
        upper: int = 0,
        opened: bool = False,
        so_far: int = 0,
        faces: Faces | None = None,
        left: int = 0,
    ) -> dict[int, Fraction]:
        """The exact chance of each final score, from a turn's start (``faces`` None) or a roll with ``left`` throws."""
        v = self.v
        final: dict[int, Fraction] = defaultdict(Fraction)
        layer: dict[tuple[int, int, bool, int], Fraction] = {(filled, min(upper, v.cap), opened, so_far): Fraction(1)}
        first = faces
        while layer:
            later: dict[tuple[int, int, bool, int], Fraction] = defaultdict(Fraction)
            for (f, u, o, points), chance in layer.items():
                if f == v.full:
                    final[points + int(v.earned(u))] += chance
                    continue
                after, ended = self.turn(f, u, o, first, left if first is not None else v.throws - 1)
                for score, p in ended.items():
                    final[points + score] += chance * p
                for (f_after, u_after, o_after, paid), p in after.items():
                    later[f_after, u_after, o_after, points + paid] += chance * p
            layer, first = later, None
        return final


def _matches(found: ScoreDistribution, exact: dict[int, Fraction]) -> bool:
    scores = set(exact) | set(range(found.minimum, found.maximum + 1))
    return all(math.isclose(found.probability(s), float(exact.get(s, 0)), abs_tol=1e-12) for s in scores)


def _mean(exact: dict[int, Fraction]) -> Fraction:
    return sum((s * p for s, p in exact.items()), Fraction(0))


def _position(game: ScorecardGame, oracle: ServedOracle) -> tuple[int, int, bool, int, Faces | None, int]:
    """The oracle's view of the player's sheet and turn: as `DistributionOracle.distribution` takes it."""
    cells = game.sheets[0].cells[0]
    filled = sum(1 << i for i, cell in enumerate(cells) if not cell.is_empty)
    so_far = sum(cell.value for cell in cells)
    upper = sum(cell.value for i, cell in enumerate(cells) if oracle.counted[i])
    opened = oracle.opens is not None and cells[game.variant.rules.row_index(oracle.opens[1])].value > 0
    if game.turn.has_thrown:
        return filled, upper, opened, so_far, game.dice.faces, game.turn.throws_left
    return filled, upper, opened, so_far, None, 0


#: The sheet whose oracle takes half a minute.
SLOW = {"4d-4rows-3throws-bonus"}


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c in SLOW else c for c in CASES])
def test_distribution_equals_the_served_oracle(case: str) -> None:
    spec = CASES[case]
    variant = _sheet(case.replace("-", "_"), spec)
    values = _oracle(spec)
    oracle = DistributionOracle(values)
    strategy = solve(variant, quiet=True)
    exact = oracle.distribution()
    assert sum(exact.values()) == 1
    assert _mean(exact) == values.value(0, 0, False)  # the policy's mean is the oracle's optimum
    found = strategy.distribution()
    assert abs(sum(found.probabilities) - 1) < 1e-12
    assert abs(found.mean - strategy.expected_score()) < 1e-9
    assert abs(found.mean - float(_mean(exact))) < 1e-12
    assert _matches(found, exact), (found, {s: float(p) for s, p in sorted(exact.items())})
    if values.bonus is None:
        assert found.bonus_probability is None
    # from positions part-way through games, between turns and inside them
    for seed in range(3):
        pick = random.Random(seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            found = strategy.distribution(game)
            expected = oracle.distribution(*_position(game, values))
            assert _matches(found, expected), (case, seed, game.dice, found)
            assert abs(found.mean - strategy.expected_score(game)) < 1e-9
            action = strategy.best_action(game) if game.turn.has_thrown and pick.random() < 0.5 else None
            game = game.apply(action if action is not None else pick.choice(game.legal_actions()))


def test_the_sheets_meet_exact_ties() -> None:
    """The exact comparison covers ties: two options of exactly equal value that lead on differently."""
    oracle = DistributionOracle(_oracle(CASES["2d-3rows-2throws-all"]))
    oracle.distribution()
    assert oracle.tied


@pytest.mark.parametrize(
    "case", ["1d-2rows-3throws-served", "1d-3rows-2throws-win", "2d-3rows-2throws-all", "2d-4rows-1throw-bonus"]
)
def test_distribution_is_that_of_the_bot(case: str) -> None:
    """The distribution equals that of `best_action` played through the game API over every outcome, served wins ended
    by the engine."""
    spec = CASES[case]
    variant = _sheet(case.replace("-", "_"), spec)
    strategy = solve(variant, quiet=True)
    bot = bot_distribution(strategy, variant.new_game(seed=1), {})
    assert _matches(strategy.distribution(), {s: Fraction(p) for s, p in bot.items()})


def test_a_served_win_ends_the_distribution() -> None:
    """One die, one throw, sixes (winning when served) and chance: the game may end on the first turn's six."""
    spec: dict[str, object] = {"dice": 1, "rows": ["sixes", "chance"], "throws": 1, "wins": ("sixes",)}
    values = _oracle(spec)
    exact = DistributionOracle(values).distribution()
    found = solve(_sheet("one_throw", spec), quiet=True).distribution()
    assert _matches(found, exact), (found, exact)
    assert found.mean == pytest.approx(float(values.value(0, 0, False)), abs=1e-12)


def test_every_game_ended_by_a_served_win() -> None:
    """One die, one row that wins when served, one throw: every game ends on its first throw, scoring its points."""
    spec: dict[str, object] = {"dice": 1, "rows": ["sixes"], "throws": 1, "wins": ("sixes",)}
    found = solve(_sheet("only_win", spec), quiet=True).distribution()
    assert (found.minimum, found.maximum) == (0, 6)
    assert found.probabilities == pytest.approx((5 / 6, 0, 0, 0, 0, 0, 1 / 6), abs=1e-15)


GENERALA = yamskit.variant("generala")


def test_generala_distribution_has_the_solver_mean() -> None:
    strategy = solve(GENERALA, quiet=True)
    d = strategy.distribution()
    assert abs(sum(d.probabilities) - 1) < 1e-12
    assert abs(d.mean - strategy.expected_score()) < 1e-9
    assert d.bonus_probability is None
    assert d.minimum >= 0
    ps = [d.at_least(s) for s in range(d.minimum, d.maximum + 1)]
    assert all(a >= b for a, b in itertools.pairwise(ps))


@pytest.mark.slow
def test_generala_games_average_the_distribution_mean() -> None:
    """Optimal games through the game API (`yamskit.bots.OptimalPlayer`, alone: a served generala only when it pays)."""
    strategy = solve(GENERALA, quiet=True)
    d = strategy.distribution()
    player = OptimalPlayer(strategy)
    scores = []
    for seed in range(300):
        game = GENERALA.new_game(seed=seed)
        while not game.is_over:
            game = game.apply(player.choose(game))
        scores.append(game.result().scores[0])
    mean, spread = statistics.fmean(scores), statistics.stdev(scores) / math.sqrt(len(scores))
    assert abs(mean - d.mean) < 4 * spread, (mean, spread, d.mean)
    assert abs(statistics.stdev(scores) - d.std) < 0.2 * d.std
