"""Served bonuses, a served win and a box that opens later, against a brute-force oracle written here.

The oracle shares nothing with the solver: it enumerates the throws of ``k`` dice itself,
scores rows with the plain functions below, and recurses in exact fractions over (filled
rows, upper total, whether the awaited box holds points). On a turn's first throw a box
pays its served points; a Score with points in a winning row then ends the game (the
result is the sheet as it stands, the upper bonus counted on the total reached); the box
that opens later takes only a cross until the box it waits for holds points. Keeping every
die and throwing none is a throw like any other (the game allows it), after which nothing
is served. The solver must equal the oracle to 1e-12, from the start and part-way through
games, and the engine's own brute force (`yamskit.solver.reference`) on the smallest sheets.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest

from yamskit import ScorecardVariant
from yamskit.categories import Category, upper
from yamskit.errors import RuleConfigError
from yamskit.scorecard import UpperBonus
from yamskit.scorecard.game_rules import OpensAfter, ServedBonus, ServedWin
from yamskit.scorecard.house_rules import Joker
from yamskit.solver import solve
from yamskit.solver.model import model_of
from yamskit.solver.reference import exact_value

from .oracle_dice import number, outcomes, sub_keeps

Faces = tuple[int, ...]


ROWS: dict[str, Callable[[Faces], int]] = {
    "ones": number(1),
    "twos": number(2),
    "fives": number(5),
    "sixes": number(6),
    "chance": sum,
    "pair": lambda faces: 10 if max(Counter(faces).values()) >= 2 else 0,
    "same": lambda faces: 20 if len(set(faces)) == 1 else 0,
    "again": lambda faces: 30 if len(set(faces)) == 1 else 0,
    "different": lambda faces: 15 if len(set(faces)) == len(faces) else 0,
}
NUMBER_ROWS = ("ones", "twos", "fives", "sixes")


class ServedOracle:
    """Exact expected points still to come of a one-column sheet with served rules, by brute force."""

    def __init__(
        self,
        rows: list[str],
        *,
        dice: int,
        throws: int,
        bonus: tuple[int, int] | None,
        served: tuple[tuple[str, ...], int] | None,
        wins: tuple[str, ...],
        opens: tuple[str, str] | None,
        scratch: bool = True,
    ) -> None:
        self.rows, self.dice, self.throws, self.bonus, self.scratch = rows, dice, throws, bonus, scratch
        self.served_rows, self.served_points = served if served else ((), 0)
        self.wins, self.opens = wins, opens
        self.counted = [r in NUMBER_ROWS for r in rows]
        self.cap = bonus[0] if bonus else 0
        self.full = (1 << len(rows)) - 1
        self._values: dict[tuple[int, int, bool], Fraction] = {}
        self._turns: dict[tuple[int, int, bool], tuple[list[dict[Faces, Fraction]], dict[Faces, Fraction]]] = {}

    def earned(self, upper: int) -> Fraction:
        return Fraction(self.bonus[1] if self.bonus is not None and upper >= self.bonus[0] else 0)

    def value(self, filled: int, upper: int, opened: bool) -> Fraction:
        """Expected points still to come at the start of a turn (the upper bonus included)."""
        key = (filled, min(upper, self.cap), opened)
        if key not in self._values:
            if filled == self.full:
                self._values[key] = self.earned(key[1])
            else:
                first = self.turn(*key)[1]
                self._values[key] = sum((p * first[faces] for faces, p in outcomes(self.dice)), Fraction(0))
        return self._values[key]

    def options(
        self, filled: int, upper: int, opened: bool, faces: Faces, *, served: bool
    ) -> Iterator[tuple[int, int, int, bool, bool]]:
        """Every way to write ``faces``: (filled rows, upper total, points paid, box opened, game over) after it."""
        for r, name in enumerate(self.rows):
            if filled >> r & 1:
                continue
            points = ROWS[name](faces)
            if served and name in self.served_rows and points > 0:
                points += self.served_points
            closed = self.opens is not None and name == self.opens[0] and not opened
            options = [] if closed else [points]
            if self.scratch:
                options.append(0)
            for paid in options:
                total = upper + paid if self.counted[r] else upper
                now_open = opened or (self.opens is not None and name == self.opens[1] and paid > 0)
                yield filled | 1 << r, total, paid, now_open, served and paid > 0 and name in self.wins

    def write(self, filled: int, upper: int, opened: bool, faces: Faces, *, served: bool) -> Fraction:
        best: Fraction | None = None
        for after, total, paid, now_open, ended in self.options(filled, upper, opened, faces, served=served):
            # a served win ends the game: its points and the upper bonus then are the last
            v = paid + (self.earned(min(total, self.cap)) if ended else self.value(after, total, now_open))
            best = v if best is None or v > best else best
        assert best is not None
        return best

    def turn(self, filled: int, upper: int, opened: bool) -> tuple[list[dict[Faces, Fraction]], dict[Faces, Fraction]]:
        """``([t][faces], first[faces])``: a roll after a rethrow with ``t`` throws left; the turn's first throw."""
        key = (filled, min(upper, self.cap), opened)
        if key not in self._turns:
            self._turns[key] = served_turn(
                self.dice, self.throws, lambda faces, served: self.write(*key, faces, served=served)
            )
        return self._turns[key]


def _keeps(dice: int, below: dict[Faces, Fraction]) -> dict[Faces, Fraction]:
    """Each keep of ``dice`` dice: the mean over the throw of the others of ``below`` (a value per roll)."""
    return {
        kept: sum((p * below[tuple(sorted(kept + more))] for more, p in outcomes(dice - size)), Fraction(0))
        for size in range(dice + 1)
        for kept, _ in outcomes(size)
    }


def served_turn(
    dice: int, throws: int, write: Callable[[Faces, bool], Fraction]
) -> tuple[list[dict[Faces, Fraction]], dict[Faces, Fraction]]:
    """A turn's rolls, ``([t][faces], first[faces])``, from ``write(faces, served)``: what writing a roll is worth.

    ``layers[t]`` is a roll after a rethrow with ``t`` throws left; ``first`` a roll of the
    turn's first throw, written served, or kept (every die kept: a throw of none, after which
    nothing is served). Shared by the expected points here and the target chances of
    test_target_served.py.
    """
    layers = [{faces: write(faces, False) for faces, _ in outcomes(dice)}]
    for _ in range(1, throws - 1):
        keeps = _keeps(dice, layers[-1])
        layers.append({faces: max(keeps[k] for k in sub_keeps(faces)) for faces, _ in outcomes(dice)})
    first = {faces: write(faces, True) for faces, _ in outcomes(dice)}
    if throws > 1:
        keeps = _keeps(dice, layers[-1])
        for faces in first:
            first[faces] = max(first[faces], *(keeps[k] for k in sub_keeps(faces)))
    return layers, first


def _sheet(name: str, case: dict[str, object]) -> ScorecardVariant:
    rows: list[str] = case["rows"]  # type: ignore[assignment]
    bonus: tuple[int, int] | None = case.get("bonus")  # type: ignore[assignment]
    categories = [Category(r, (lambda f: lambda d: f(d.faces))(ROWS[r])) for r in rows]
    counted = tuple(r for r in rows if r in NUMBER_ROWS)
    rules: list[object] = []
    if case.get("served"):
        served_rows, points = case["served"]  # type: ignore[misc]
        rules.append(ServedBonus(served_rows, points))
    if case.get("opens"):
        rules.append(OpensAfter(*case["opens"]))  # type: ignore[misc]
    if case.get("wins"):
        rules.append(ServedWin(case["wins"]))  # type: ignore[arg-type]
    return ScorecardVariant.define(
        name,
        rows=categories,
        dice=case["dice"],  # type: ignore[arg-type]
        max_throws=case["throws"],  # type: ignore[arg-type]
        bonus=UpperBonus.single(bonus[0], bonus[1], rows=counted) if bonus else None,
        allow_scratch=case.get("scratch", True),  # type: ignore[arg-type]
        rules=rules,
    )


def _oracle(case: dict[str, object]) -> ServedOracle:
    return ServedOracle(
        case["rows"],  # type: ignore[arg-type]
        dice=case["dice"],  # type: ignore[arg-type]
        throws=case["throws"],  # type: ignore[arg-type]
        bonus=case.get("bonus"),  # type: ignore[arg-type]
        served=case.get("served"),  # type: ignore[arg-type]
        wins=tuple(case.get("wins", ())),  # type: ignore[arg-type]
        opens=case.get("opens"),  # type: ignore[arg-type]
        scratch=case.get("scratch", True),  # type: ignore[arg-type]
    )


CASES: dict[str, dict[str, object]] = {
    "1d-2rows-3throws-served": {"dice": 1, "rows": ["sixes", "chance"], "throws": 3, "served": (("sixes",), 4)},
    "1d-3rows-2throws-win": {"dice": 1, "rows": ["ones", "sixes", "chance"], "throws": 2, "wins": ("sixes",)},
    "2d-3rows-2throws-all": {
        "dice": 2,
        "rows": ["pair", "same", "again"],
        "throws": 2,
        "served": (("pair",), 5),
        "wins": ("same", "again"),
        "opens": ("again", "same"),
    },
    "2d-4rows-1throw-bonus": {
        "dice": 2,
        "rows": ["fives", "sixes", "pair", "chance"],
        "throws": 1,
        "bonus": (16, 25),
        "served": (("sixes", "pair"), 3),
        "wins": ("sixes",),
    },
    "3d-4rows-3throws-bonus": {
        "dice": 3,
        "rows": ["fives", "sixes", "same", "again"],
        "throws": 3,
        "bonus": (20, 15),
        "served": (("sixes", "same"), 10),
        "wins": ("same", "again"),
        "opens": ("again", "same"),
    },
    "3d-3rows-3throws-no-scratch": {
        "dice": 3,
        "rows": ["twos", "different", "same"],
        "throws": 3,
        "bonus": (6, 12),
        "served": (("different",), 5),
        "wins": ("same",),
        "scratch": False,
    },
    "4d-3rows-2throws": {
        "dice": 4,
        "rows": ["different", "same", "chance"],
        "throws": 2,
        "served": (("different", "chance"), 2),
        "wins": ("same",),
    },
    "4d-4rows-3throws-bonus": {
        "dice": 4,
        "rows": ["ones", "twos", "same", "again"],
        "throws": 3,
        "bonus": (8, 20),
        "served": (("twos",), 6),
        "wins": ("again",),
        "opens": ("again", "same"),
    },
}


def _close(solver: float, exact: Fraction) -> bool:
    return math.isclose(solver, float(exact), rel_tol=1e-12, abs_tol=1e-12)


@pytest.mark.parametrize("case", list(CASES))
def test_solver_equals_served_oracle(case: str) -> None:
    spec = CASES[case]
    variant = _sheet(case.replace("-", "_"), spec)
    oracle = _oracle(spec)
    throws: int = spec["throws"]  # type: ignore[assignment]
    strategy = solve(variant, quiet=True)
    assert _close(strategy.expected_score(), oracle.value(0, 0, False)), (
        strategy.expected_score(),
        float(oracle.value(0, 0, False)),
    )
    opens: tuple[str, str] | None = spec.get("opens")  # type: ignore[assignment]
    checked = 0
    for seed in range(4):  # positions part-way through games: the best action or a random one, turn by turn
        pick = random.Random(seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            cells = game.sheets[0].cells[0]
            filled = sum(1 << i for i, cell in enumerate(cells) if not cell.is_empty)
            so_far = sum(cell.value for cell in cells)
            upper = sum(cell.value for i, cell in enumerate(cells) if oracle.counted[i])
            opened = opens is not None and cells[variant.rules.row_index(opens[1])].value > 0
            if not game.turn.has_thrown:
                exact = so_far + oracle.value(filled, upper, opened)
            else:
                layers, first = oracle.turn(filled, upper, opened)
                left = game.turn.throws_left
                exact = so_far + (first[game.dice.faces] if left == throws - 1 else layers[left][game.dice.faces])
            assert _close(strategy.expected_score(game), exact), (case, seed, game.dice, float(exact))
            best = max(strategy.advise(game), key=lambda a: a.expected)
            assert _close(best.expected, exact), (case, seed, best, float(exact))
            checked += 1
            action = strategy.best_action(game) if pick.random() < 0.5 else pick.choice(game.legal_actions())
            game = game.apply(action)
    assert checked >= 8


@pytest.mark.parametrize("case", ["1d-2rows-3throws-served", "1d-3rows-2throws-win", "2d-3rows-2throws-all"])
def test_served_oracle_equals_the_engine(case: str) -> None:
    """The oracle itself, on the smallest sheets, against a brute force that plays the game API (`exact_value`)."""
    spec = CASES[case]
    assert _oracle(spec).value(0, 0, False) == exact_value(_sheet(case.replace("-", "_"), spec))


def test_served_win_may_be_declined() -> None:
    """One die, one throw, sixes that wins when served: the game may end on a 6, or the six waits (chance first)."""
    spec: dict[str, object] = {"dice": 1, "rows": ["sixes", "chance"], "throws": 1, "wins": ("sixes",)}
    oracle = _oracle(spec)
    assert oracle.value(0, 0, False) == exact_value(_sheet("one_throw", spec))
    assert _close(solve(_sheet("one_throw", spec), quiet=True).expected_score(), oracle.value(0, 0, False))


def test_plain_sheets_keep_their_fingerprints() -> None:
    """Sheets without served rules get no served model and no flag (their states and fingerprints stay as they were)."""
    model = model_of(_sheet("plain", {"dice": 2, "rows": ["pair", "chance"], "throws": 2}))
    assert model.served is None
    assert model.opens_row == -1
    assert not model.needs_flag


def test_refuses_served_rules_with_a_joker() -> None:
    categories = [upper(6), *(Category(r, (lambda f: lambda d: f(d.faces))(ROWS[r])) for r in ("same", "chance"))]
    variant = ScorecardVariant.define("mixed", rows=categories, rules=[Joker("free", row="same"), ServedWin("same")])
    with pytest.raises(RuleConfigError, match="ServedWin"):
        model_of(variant)


def test_refuses_a_box_that_opens_later_without_crossing_out() -> None:
    spec: dict[str, object] = {
        "dice": 2,
        "rows": ["same", "again"],
        "throws": 2,
        "opens": ("again", "same"),
        "scratch": False,
    }
    with pytest.raises(RuleConfigError, match="OpensAfter"):
        model_of(_sheet("closed", spec))
