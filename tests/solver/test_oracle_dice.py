"""The solver on sheets of 1 to 4 dice against a brute-force expectimax oracle written here, in exact fractions.

The oracle shares nothing with the solver: it enumerates the throws of ``k`` dice itself
(``6 ** k`` ordered faces, counted into sorted multisets), scores the rows with the plain
functions below (the sheets' categories wrap the same functions), and recurses over
(filled rows, upper total) with `fractions.Fraction`. The solver's expected score must equal
it to 1e-12, from the start and from positions part-way through a game (between turns and
inside a turn, read from the game API).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from yamskit import ScorecardVariant
from yamskit.categories import Category
from yamskit.scorecard import UpperBonus
from yamskit.solver import solve

from .oracle_dice import number, outcomes, sub_keeps

Faces = tuple[int, ...]


#: Row functions of sorted faces: the oracle calls them, the sheets' categories wrap them.
ROWS: dict[str, Callable[[Faces], int]] = {
    "ones": number(1),
    "twos": number(2),
    "threes": number(3),
    "fives": number(5),
    "sixes": number(6),
    "chance": sum,
    "pair": lambda faces: 10 if max(Counter(faces).values()) >= 2 else 0,
    "same": lambda faces: 20 if len(set(faces)) == 1 else 0,
    "different": lambda faces: 15 if len(set(faces)) == len(faces) else 0,
    "big": lambda faces: sum(faces) if sum(faces) >= 4 * len(faces) else 0,
}
NUMBER_ROWS = ("ones", "twos", "threes", "fours", "fives", "sixes")


class Oracle:
    """Exact expected points still to come of a one-column sheet, by brute force."""

    def __init__(
        self,
        rows: list[str],
        *,
        dice: int,
        throws: int,
        bonus: tuple[int, int] | None,
        scratch: bool = True,
    ) -> None:
        self.rows, self.dice, self.throws, self.bonus, self.scratch = rows, dice, throws, bonus, scratch
        self.counted = [r in NUMBER_ROWS for r in rows]
        self.cap = bonus[0] if bonus else 0
        self.full = (1 << len(rows)) - 1
        self._values: dict[tuple[int, int], Fraction] = {}
        self._turns: dict[tuple[int, int], list[dict[Faces, Fraction]]] = {}

    def value(self, filled: int, upper: int) -> Fraction:
        """Expected points still to come at the start of a turn (the upper bonus included)."""
        upper = min(upper, self.cap)
        key = (filled, upper)
        if key not in self._values:
            if filled == self.full:
                earned = self.bonus is not None and upper >= self.bonus[0]
                self._values[key] = Fraction(self.bonus[1] if earned and self.bonus else 0)
            else:
                rolls = self.turn(filled, upper)[self.throws - 1]
                self._values[key] = sum((p * rolls[faces] for faces, p in outcomes(self.dice)), Fraction(0))
        return self._values[key]

    def write(self, filled: int, upper: int, faces: Faces) -> Fraction:
        """The best box for ``faces``: points now plus the value after (a 0 anywhere open when crossing out)."""
        best: Fraction | None = None
        for r, name in enumerate(self.rows):
            if filled >> r & 1:
                continue
            points = ROWS[name](faces)
            options = [points]
            if self.scratch:
                options.append(0)
            for paid in options:
                v = paid + self.value(filled | 1 << r, upper + paid if self.counted[r] else upper)
                best = v if best is None or v > best else best
        assert best is not None
        return best

    def turn(self, filled: int, upper: int) -> list[dict[Faces, Fraction]]:
        """``[t][faces]``: the value of a roll with ``t`` throws left."""
        upper = min(upper, self.cap)
        key = (filled, upper)
        if key not in self._turns:
            layers = [{faces: self.write(filled, upper, faces) for faces, _ in outcomes(self.dice)}]
            for _ in range(1, self.throws):
                below = layers[-1]
                keep_value: dict[Faces, Fraction] = {}
                for size in range(self.dice + 1):
                    for kept, _ in outcomes(size):
                        keep_value[kept] = sum(
                            (p * below[tuple(sorted(kept + more))] for more, p in outcomes(self.dice - size)),
                            Fraction(0),
                        )
                layers.append({faces: max(keep_value[k] for k in sub_keeps(faces)) for faces, _ in outcomes(self.dice)})
            self._turns[key] = layers
        return self._turns[key]


def _sheet(name: str, rows: list[str], dice: int, throws: int, bonus: tuple[int, int] | None, scratch: bool):
    categories = [Category(r, (lambda f: lambda d: f(d.faces))(ROWS[r])) for r in rows]
    counted = tuple(r for r in rows if r in NUMBER_ROWS)
    upper_bonus = UpperBonus.single(bonus[0], bonus[1], rows=counted) if bonus else None
    return ScorecardVariant.define(
        name, rows=categories, dice=dice, max_throws=throws, bonus=upper_bonus, allow_scratch=scratch
    )


#: (dice, rows, throws, upper bonus (threshold, points) or None, crossing out allowed)
CASES = {
    "1d-2rows-3throws": (1, ["sixes", "chance"], 3, None, True),
    "1d-4rows-2throws-bonus": (1, ["ones", "twos", "sixes", "big"], 2, (8, 30), True),
    "2d-3rows-2throws-bonus": (2, ["ones", "twos", "pair"], 2, (4, 10), True),
    "2d-4rows-1throw-bonus": (2, ["fives", "sixes", "pair", "chance"], 1, (16, 25), True),
    "3d-4rows-3throws-bonus": (3, ["fives", "sixes", "same", "chance"], 3, (20, 15), True),
    "3d-2rows-3throws-no-scratch": (3, ["threes", "different"], 3, (6, 12), False),
    "4d-3rows-2throws": (4, ["threes", "different", "chance"], 2, None, True),
    "4d-2rows-3throws-bonus": (4, ["sixes", "same"], 3, (18, 40), True),
    "4d-4rows-1throw-bonus": (4, ["ones", "sixes", "same", "big"], 1, (12, 25), False),
    "4d-4rows-3throws-bonus": (4, ["twos", "threes", "pair", "chance"], 3, (10, 20), True),
}


def _close(solver: float, exact: Fraction) -> bool:
    return math.isclose(solver, float(exact), rel_tol=1e-12, abs_tol=1e-12)


@pytest.mark.parametrize("case", list(CASES))
def test_solver_equals_oracle(case: str) -> None:
    dice, rows, throws, bonus, scratch = CASES[case]
    variant = _sheet(case.replace("-", "_"), rows, dice, throws, bonus, scratch)
    oracle = Oracle(rows, dice=dice, throws=throws, bonus=bonus, scratch=scratch)
    strategy = solve(variant, quiet=True)
    assert _close(strategy.expected_score(), oracle.value(0, 0)), (strategy.expected_score(), float(oracle.value(0, 0)))
    # positions part-way through games: random legal actions, compared at every step
    checked = 0
    for seed in range(3):
        pick = random.Random(seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            cells = game.sheets[0].cells[0]
            filled = sum(1 << i for i, cell in enumerate(cells) if not cell.is_empty)
            so_far = sum(cell.value for cell in cells)
            upper = sum(cell.value for i, cell in enumerate(cells) if oracle.counted[i])
            if not game.turn.has_thrown:
                exact = so_far + oracle.value(filled, upper)
            else:
                exact = so_far + oracle.turn(filled, upper)[game.turn.throws_left][game.dice.faces]
            assert _close(strategy.expected_score(game), exact), (case, seed, game.dice, float(exact))
            checked += 1
            game = game.apply(pick.choice(game.legal_actions()))
    assert checked >= 3 * len(rows)


def test_oracle_knows_one_die() -> None:
    """The oracle itself: one die, sixes, one throw is 6 * 1/6; two throws 1 + 5/6 * 1 (keep a six or throw again)."""
    assert Oracle(["sixes"], dice=1, throws=1, bonus=None).value(0, 0) == 1
    assert Oracle(["sixes"], dice=1, throws=2, bonus=None).value(0, 0) == Fraction(11, 6)


class KindOracle(Oracle):
    """The oracle of a sheet whose rows come in kinds of interchangeable copies (up to 20 rows and more).

    Rows of one kind score the same, so what is left of a game is how many rows of each kind are
    open: the state is that tuple of counts (and the upper total) instead of a bit set of rows, a
    few hundred states where the solver has 2**rows filled sets.
    """

    def __init__(self, kinds: list[tuple[str, int]], **options) -> None:
        super().__init__([kind for kind, _ in kinds], **options)
        self.start = tuple(count for _, count in kinds)
        self.full = tuple(0 for _ in kinds)  # nothing open: the game is over

    def write(self, filled, upper: int, faces: Faces) -> Fraction:  # type: ignore[override]
        """``filled`` is here the open count of each kind."""
        best: Fraction | None = None
        for r, name in enumerate(self.rows):
            if not filled[r]:
                continue
            after = (*filled[:r], filled[r] - 1, *filled[r + 1 :])
            points = ROWS[name](faces)
            for paid in (points, 0) if self.scratch else (points,):
                v = paid + self.value(after, upper + paid if self.counted[r] else upper)  # type: ignore[arg-type]
                best = v if best is None or v > best else best
        assert best is not None
        return best


#: (dice, (kind, copies) of the rows, throws, upper bonus or None, crossing out allowed): 17 to 20 rows
KIND_CASES = {
    "1d-17rows-2throws": (1, [("sixes", 1), ("chance", 10), ("big", 6)], 2, None, True),
    "2d-18rows-2throws-bonus-no-scratch": (
        2,
        [("ones", 1), ("sixes", 1), ("chance", 8), ("pair", 8)],
        2,
        (8, 20),
        False,
    ),
    "1d-20rows-3throws-bonus": (1, [("fives", 1), ("sixes", 1), ("chance", 9), ("big", 9)], 3, (8, 25), True),
}


@pytest.mark.parametrize("case", list(KIND_CASES))
def test_solver_equals_oracle_beyond_16_rows(case: str) -> None:
    dice, kinds, throws, bonus, scratch = KIND_CASES[case]
    ids = [kind if copies == 1 else f"{kind}_{i}" for kind, copies in kinds for i in range(copies)]
    kind_of = [k for k, (_, copies) in enumerate(kinds) for _ in range(copies)]
    assert 17 <= len(ids) <= 20
    categories = [
        Category(i, (lambda f: lambda d: f(d.faces))(ROWS[kinds[k][0]])) for i, k in zip(ids, kind_of, strict=True)
    ]
    counted = tuple(i for i, k in zip(ids, kind_of, strict=True) if kinds[k][0] in NUMBER_ROWS)
    variant = ScorecardVariant.define(
        case.replace("-", "_"),
        rows=categories,
        dice=dice,
        max_throws=throws,
        bonus=UpperBonus.single(bonus[0], bonus[1], rows=counted) if bonus else None,
        allow_scratch=scratch,
    )
    oracle = KindOracle(kinds, dice=dice, throws=throws, bonus=bonus, scratch=scratch)
    strategy = solve(variant, quiet=True)
    assert strategy.values.shape[0] == 1 << len(ids)
    assert _close(strategy.expected_score(), oracle.value(oracle.start, 0))  # type: ignore[arg-type]
    for seed in range(2):  # positions part-way through games, between turns and inside them
        pick = random.Random(seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            cells = game.sheets[0].cells[0]
            open_counts = tuple(
                sum(1 for i, cell in enumerate(cells) if cell.is_empty and kind_of[i] == k) for k in range(len(kinds))
            )
            so_far = sum(cell.value for cell in cells)
            upper = sum(cell.value for i, cell in enumerate(cells) if oracle.counted[kind_of[i]])
            if not game.turn.has_thrown:
                exact = so_far + oracle.value(open_counts, upper)  # type: ignore[arg-type]
            else:
                exact = so_far + oracle.turn(open_counts, upper)[game.turn.throws_left][game.dice.faces]  # type: ignore[arg-type]
            assert _close(strategy.expected_score(game), exact), (case, seed, game.dice, float(exact))
            game = game.apply(pick.choice(game.legal_actions()))
