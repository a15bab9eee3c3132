"""The final score's distribution on sheets of 1 to 4 dice against a brute-force oracle in exact fractions.

The oracle reuses the sheets and the expectimax of `tests.solver.test_oracle_dice` (its own
throws and row functions, nothing of the solver's) and plays its optimal policy forward,
in fractions, to the probability of every final score.

Ties: the oracle breaks them the way `Strategy.best_action` documents it, on exact values:
a box rather than a throw when they tie; among boxes, the first in the order of
``legal_actions()`` (Score then Scratch, row by row); among keeps, the first in that order
(by number of dice, then faces). The solver compares floats, so two options that tie
exactly in fractions may differ in their last bits there and come in either order. The
oracle notes every exact tie between different options (``tied``). Such ties occur on most
of these sheets, but on eight of the ten they do not change the distribution (the tied
options lead to the same distribution, or the floats order them as the legal order does),
and there the distributions must be equal, from the start and from positions inside games.
On the two sheets of `TIED` they do change it: there the solver's distribution must still
be a distribution of optimal play (its mean the exact optimum) and the oracle must meet a tie.

`test_distribution_is_that_of_the_bot` compares with `Strategy.best_action` itself, played
through the game API over every throw's outcome, ties included.
"""

from __future__ import annotations

import functools
import math
import random
from collections import defaultdict
from fractions import Fraction

import attrs
import pytest

from tests.solver.api_distribution import bot_distribution
from yamskit import Roll
from yamskit.solver import Strategy, solve
from yamskit.solver.distribution import ScoreDistribution

from .oracle_dice import outcomes, sub_keeps
from .test_oracle_dice import CASES, ROWS, Faces, Oracle, _sheet


class DistributionOracle(Oracle):
    """`Oracle` plus the exact distribution of the final score under its optimal policy.

    ``tied`` turns true when the policy meets two options of exactly equal value that lead on
    differently (two boxes, or two keeps better than every box).
    """

    tied = False

    @functools.cache  # noqa: B019 - an oracle lives for one test
    def box(self, filled: int, upper: int, faces: Faces) -> tuple[int, int, int]:
        """The box the policy writes ``faces`` in: (row, points, upper after); the first best in legal order."""
        best: tuple[Fraction, int, int, int] | None = None
        for r, name in enumerate(self.rows):
            if filled >> r & 1:
                continue
            options = [ROWS[name](faces)] + ([0] if self.scratch else [])  # Score, then Scratch
            for paid in options:
                after = min(upper + paid, self.cap) if self.counted[r] else upper
                v = paid + self.value(filled | 1 << r, after)
                if best is not None and v == best[0] and (r, paid) != (best[1], best[2]):
                    self.tied = True  # two boxes of equal value that lead on differently
                if best is None or v > best[0]:
                    best = (v, r, paid, after)
        assert best is not None
        return best[1], best[2], best[3]

    @functools.cache  # noqa: B019
    def keep_value(self, filled: int, upper: int, kept: Faces, left: int) -> Fraction:
        """The value of keeping ``kept`` and throwing the other dice, ``left`` throws left before that throw."""
        below = self.turn(filled, upper)[left - 1]
        return sum((p * below[tuple(sorted(kept + more))] for more, p in outcomes(self.dice - len(kept))), Fraction(0))

    @functools.cache  # noqa: B019
    def keep(self, filled: int, upper: int, faces: Faces, left: int) -> Faces | None:
        """The keep the policy throws again with, or ``None`` when it writes a box now."""
        row, paid, after = self.box(filled, upper, faces)
        box_value = paid + self.value(filled | 1 << row, after)
        keeps = sorted(sub_keeps(faces), key=lambda k: (len(k), k))
        best_keep, best_value = None, None
        for kept in keeps:
            v = self.keep_value(filled, upper, kept, left)
            if v == best_value and box_value < v:
                self.tied = True  # two keeps of equal value, better than any box
            if best_value is None or v > best_value:
                best_keep, best_value = kept, v
        assert best_value is not None
        return None if box_value >= best_value else best_keep

    @functools.cache  # noqa: B019
    def outcomes(self, filled: int, upper: int, faces: Faces | None, left: int) -> dict[tuple[int, int, int], Fraction]:
        """One turn's outcomes: the chance of each (filled rows after, upper total after, points written)."""
        rolls = {faces: Fraction(1)} if faces is not None else dict(outcomes(self.dice))
        written: dict[Faces, Fraction] = defaultdict(Fraction)
        for t in range(left, 0, -1):
            thrown: dict[Faces, Fraction] = defaultdict(Fraction)
            for roll, p in rolls.items():
                kept = self.keep(filled, upper, roll, t)
                if kept is None:
                    written[roll] += p
                else:
                    for more, q in outcomes(self.dice - len(kept)):
                        thrown[tuple(sorted(kept + more))] += p * q
            rolls = thrown
        for roll, p in rolls.items():
            written[roll] += p
        after: dict[tuple[int, int, int], Fraction] = defaultdict(Fraction)
        for roll, p in written.items():
            row, paid, u_after = self.box(filled, upper, roll)
            after[(filled | 1 << row, u_after, paid)] += p
        return after

    def final_layer(
        self, filled: int = 0, upper: int = 0, so_far: int = 0, faces: Faces | None = None, left: int = 0
    ) -> dict[tuple[int, int, int], Fraction]:
        """The exact chance of each end of the game (full sheet, upper total, points in boxes), as `distribution`."""
        layer: dict[tuple[int, int, int], Fraction] = {(filled, min(upper, self.cap), so_far): Fraction(1)}
        first = faces
        while next(iter(layer))[0] != self.full:
            after: dict[tuple[int, int, int], Fraction] = defaultdict(Fraction)
            for (f, u, points), chance in layer.items():
                turn = self.outcomes(f, u, first, left if first is not None else self.throws - 1)
                for (f_after, u_after, paid), p in turn.items():
                    after[(f_after, u_after, points + paid)] += chance * p
            layer, first = after, None
        return layer

    def distribution(
        self, filled: int = 0, upper: int = 0, so_far: int = 0, faces: Faces | None = None, left: int = 0
    ) -> dict[int, Fraction]:
        """The exact chance of each final score, from a turn's start (``faces`` None) or a roll with ``left`` throws."""
        final: dict[int, Fraction] = defaultdict(Fraction)
        for (_, u, points), chance in self.final_layer(filled, upper, so_far, faces, left).items():
            earned = self.bonus is not None and u >= self.bonus[0]
            final[points + (self.bonus[1] if earned and self.bonus else 0)] += chance
        return final

    def bonus_chance(
        self, filled: int = 0, upper: int = 0, so_far: int = 0, faces: Faces | None = None, left: int = 0
    ) -> Fraction | None:
        """The exact chance of ending with the upper bonus (``None`` without one), from a position as `distribution`."""
        if self.bonus is None:
            return None
        layer = self.final_layer(filled, upper, so_far, faces, left)
        return sum((chance for (_, u, _), chance in layer.items() if u >= self.bonus[0]), Fraction(0))


def _same_bonus(found: float | None, exact: Fraction | None) -> bool:
    if exact is None or found is None:
        return found is None and exact is None
    return math.isclose(found, float(exact), abs_tol=1e-12)


#: The sheets whose optimal play meets exact ties (two boxes worth the same, for one): the solver's floats
#: may order such options either way, so there the distribution is only checked to be an optimal one.
TIED = {"2d-4rows-1throw-bonus", "4d-3rows-2throws"}


def _matches(found: ScoreDistribution, exact: dict[int, Fraction]) -> bool:
    scores = set(exact) | set(range(found.minimum, found.maximum + 1))
    return all(math.isclose(found.probability(s), float(exact.get(s, 0)), abs_tol=1e-12) for s in scores)


@pytest.mark.parametrize("case", list(CASES))
def test_distribution_equals_oracle(case: str) -> None:
    dice, rows, throws, bonus, scratch = CASES[case]
    variant = _sheet(case.replace("-", "_"), rows, dice, throws, bonus, scratch)
    oracle = DistributionOracle(rows, dice=dice, throws=throws, bonus=bonus, scratch=scratch)
    strategy = solve(variant, quiet=True)
    exact = oracle.distribution()
    assert sum(exact.values()) == 1
    found = strategy.distribution()
    if case in TIED:
        assert abs(found.mean - float(sum(s * p for s, p in exact.items()))) < 1e-12
        assert abs(sum(found.probabilities) - 1) < 1e-12
        assert oracle.tied
        return
    assert _matches(found, exact), (found, {s: float(p) for s, p in sorted(exact.items())})
    assert _same_bonus(found.bonus_probability, oracle.bonus_chance()), (found.bonus_probability, oracle.bonus_chance())
    # from positions part-way through a game, between turns and inside them
    pick = random.Random(case)
    game = variant.new_game(seed=3)
    while not game.is_over:
        cells = game.sheets[0].cells[0]
        filled = sum(1 << i for i, cell in enumerate(cells) if not cell.is_empty)
        so_far = sum(cell.value for cell in cells)
        upper = sum(cell.value for i, cell in enumerate(cells) if oracle.counted[i])
        if game.turn.has_thrown:
            where: tuple[int, int, int, Faces | None, int] = (
                filled,
                upper,
                so_far,
                game.dice.faces,
                game.turn.throws_left,
            )
        else:
            where = (filled, upper, so_far, None, 0)
        found = strategy.distribution(game)
        assert _matches(found, oracle.distribution(*where)), (case, game.dice)
        assert _same_bonus(found.bonus_probability, oracle.bonus_chance(*where)), (case, game.dice)
        game = game.apply(pick.choice(game.legal_actions()))


def test_oracle_distribution_of_one_die() -> None:
    """One die, sixes, two throws: keep a six (11/36 in all), else 0."""
    exact = DistributionOracle(["sixes"], dice=1, throws=2, bonus=None).distribution()
    assert exact == {0: Fraction(25, 36), 6: Fraction(11, 36)}


def test_oracle_bonus_chance_of_one_die() -> None:
    """One die, sixes, two throws, a bonus at 6: the bonus exactly when a six is written (11/36); none at 7."""
    assert DistributionOracle(["sixes"], dice=1, throws=2, bonus=(6, 10)).bonus_chance() == Fraction(11, 36)
    assert DistributionOracle(["sixes"], dice=1, throws=2, bonus=(7, 10)).bonus_chance() == 0
    assert DistributionOracle(["sixes"], dice=1, throws=2, bonus=None).bonus_chance() is None


def test_bonus_chance_of_one_die_from_the_solver() -> None:
    """The same sheets through the solver: the forward pass's bonus chance, and its final positions' 0 or 1."""
    for bonus, expected in (((6, 10), 11 / 36), ((7, 10), 0.0)):
        variant = _sheet(f"sixes_bonus_{bonus[0]}", ["sixes"], 1, 2, bonus, True)
        strategy = solve(variant, quiet=True)
        found = strategy.distribution().bonus_probability
        assert found is not None
        assert math.isclose(found, expected, abs_tol=1e-15)
        game = variant.new_game(seed=1).apply(Roll(outcome="6"))
        game = game.apply(strategy.best_action(game))
        assert game.is_over
        assert strategy.distribution(game).bonus_probability == (1.0 if bonus[0] == 6 else 0.0)


@pytest.mark.parametrize("case", sorted(TIED | {"2d-3rows-2throws-bonus", "1d-4rows-2throws-bonus"}))
def test_distribution_is_that_of_the_bot(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The distribution equals that of `best_action` played through the game API, every outcome, ties included.

    The bot rates its options with the points already written added; on the sheets of
    `TIED`, that rounding reorders options of exactly equal value, so there the bot is
    compared rating them without those points (as the forward pass does). On the others,
    the plain bot is compared too.
    """
    dice, rows, throws, bonus, scratch = CASES[case]
    variant = _sheet(case.replace("-", "_"), rows, dice, throws, bonus, scratch)
    strategy = solve(variant, quiet=True)
    found = strategy.distribution()

    def same(bot: dict[int, float]) -> bool:
        return abs(sum(bot.values()) - 1) < 1e-12 and all(
            math.isclose(found.probability(s), p, abs_tol=1e-12) for s, p in bot.items()
        )

    plain = bot_distribution(strategy, variant.new_game(seed=1), {})
    assert same(plain) == (case not in TIED)
    position = Strategy.position
    monkeypatch.setattr(Strategy, "position", lambda self, state: attrs.evolve(position(self, state), so_far=0))
    assert same(bot_distribution(strategy, variant.new_game(seed=1), {}))
