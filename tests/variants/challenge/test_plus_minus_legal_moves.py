"""Plus above minus, as listed by the legal moves: exactly the boxes the rule accepts.

`legal_actions` does not try every box against `PlusAboveMinus`: the rule names the boxes
it might refuse (``refusable_rows``) and only those are checked one by one. These tests
compare what is listed with what `is_legal` (the full check) accepts, around the
boundary plus = minus, in Yams Challenge (where the rule is alone and names only the
boxes it does refuse), beside other rules, and between other rows.
"""

from __future__ import annotations

import itertools
from typing import ClassVar

import attrs
import pytest

import yamskit
from yamskit import Cell, Dice, Roll, Score, ScorecardGame, ScorecardVariant, Scratch
from yamskit.categories import upper
from yamskit.dice import ROLLS
from yamskit.scorecard.placement import Placement
from yamskit.variants.challenge import COLUMNS, ROWS, PlusAboveMinus, PlusMinusError

CHALLENGE = yamskit.variant("challenge")


@attrs.frozen
class Noted:
    """A rule that only adds a note: it makes `PlusAboveMinus` one rule among several."""

    refusable_rows: ClassVar[frozenset[str]] = frozenset()

    def __call__(self, game: ScorecardGame, p: Placement) -> Placement:
        return attrs.evolve(p, notes=(*p.notes, "noted"))


@attrs.frozen
class PlusLoses3:
    """A rule before `PlusAboveMinus` that writes plus 3 points lower (never refuses anything itself)."""

    refusable_rows: ClassVar[frozenset[str]] = frozenset()

    def __call__(self, game: ScorecardGame, p: Placement) -> Placement:
        if p.row != "plus" or p.crossed:
            return p
        return attrs.evolve(p, points=max(p.points - 3, 0))


def _challenge_with(*rules: object) -> ScorecardVariant:
    return ScorecardVariant.define("challenge-with-rules", rows=ROWS, columns=COLUMNS, rules=list(rules))


def _roll_totalling(total: int) -> Dice:
    return next(roll for roll in ROLLS if roll.total == total)


def _position(variant: ScorecardVariant, filled: dict[tuple[str, str], int], dice: Dice) -> ScorecardGame:
    game = variant.new_game(players=["Ann"], seed=1)
    sheet = game.sheets[0]
    for (row, column), points in filled.items():
        sheet = sheet.with_cell(game.rules.row_index(row), game.rules.column_index(column), Cell(points=points))
    return attrs.evolve(game, sheets=(sheet,)).apply(Roll(outcome=dice))


def _listed(game: ScorecardGame) -> set[Score | Scratch]:
    return {a for a in list(game.legal_actions()) if isinstance(a, (Score, Scratch))}


def _accepted(game: ScorecardGame) -> set[Score | Scratch]:
    candidates = [a for a in game.variant.actions if isinstance(a, (Score, Scratch))]
    return {a for a in candidates if game.is_legal(a)}


def _around(value: int) -> list[int]:
    return [t for t in (value - 1, value, value + 1) if 5 <= t <= 30]


@pytest.mark.parametrize("variant", [CHALLENGE, _challenge_with(PlusAboveMinus(), Noted())], ids=["alone", "beside"])
@pytest.mark.parametrize("side", ["minus", "plus"])
def test_listed_plus_and_minus_boxes_are_exactly_those_the_rule_accepts(variant: ScorecardVariant, side: str) -> None:
    other = "plus" if side == "minus" else "minus"
    for value in range(5, 31):
        for total in _around(value):
            game = _position(variant, {(side, "disorder"): value, (side, "dry"): value}, _roll_totalling(total))
            listed = _listed(game)
            assert listed == _accepted(game), (side, value, total)
            legal = total > value if other == "plus" else total < value
            assert (Score(other, "disorder") in listed) is legal, (side, value, total)
            assert Scratch(other, "disorder") in listed


def test_plus_equal_to_minus_is_not_listed_and_not_written() -> None:
    game = _position(CHALLENGE, {("minus", "disorder"): 20}, _roll_totalling(20))

    assert Score("plus", "disorder") not in _listed(game)
    with pytest.raises(PlusMinusError):
        game.apply(Score("plus", "disorder"))
    assert game.apply(Scratch("plus", "disorder")).cell(0, "plus", "disorder").scratched


_TWICE = PlusAboveMinus()


@pytest.mark.parametrize(
    "rules",
    [(PlusLoses3(), PlusAboveMinus()), (_TWICE, PlusLoses3(), _TWICE)],
    ids=["lowered_before", "checked_again_after_lowering"],
)
def test_a_rule_before_plus_above_minus_that_lowers_plus_is_seen_by_the_listed_moves(rules: tuple[object, ...]) -> None:
    variant = _challenge_with(*rules)
    for minus in range(5, 28):
        for total in [t for t in (minus + 2, minus + 3, minus + 4) if t <= 30]:
            game = _position(variant, {("minus", "disorder"): minus}, _roll_totalling(total))
            listed = _listed(game)
            assert listed == _accepted(game), (minus, total)
            assert (Score("plus", "disorder") in listed) is (total - 3 > minus), (minus, total)


def test_plus_above_minus_between_other_rows_beside_another_rule() -> None:
    variant = ScorecardVariant.define(
        "ones-above-twos",
        rows=[upper(face) for face in range(1, 7)],
        rules=[PlusAboveMinus(plus="ones", minus="twos"), Noted()],
    )
    rolls = [Dice.parse(text) for text in ("11111", "11112", "11122", "11222", "12222", "22222", "11356", "34566")]
    for twos, roll in itertools.product((0, 2, 4, 6, 8), rolls):
        game = _position(variant, {("twos", "main"): twos}, roll)
        listed = _listed(game)
        assert listed == _accepted(game), (twos, roll)
        assert (Score("ones") in listed) is (roll.faces.count(1) > twos), (twos, roll)
    written = _position(variant, {("twos", "main"): 2}, Dice.parse("11156")).apply(Score("ones"))
    assert written.cell(0, "ones").points == 3
