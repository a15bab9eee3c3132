"""Every predicate and every scorecard row, on all 252 rolls, against a definition written apart.

The definitions below work from face counts and the rule sheets' wording (RULINGS.md), not
from `yamskit.categories`, so a mistake in one of the library's building blocks shows up as
a disagreement on some roll. Checking all 252 rolls costs a few milliseconds, so no roll is
left to chance.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

import yamskit
from yamskit import Dice
from yamskit.categories import (
    face_sum,
    full_house,
    is_five_of_a_kind,
    is_full_house,
    is_large_straight,
    is_small_straight,
    kind_face,
    matching_sum,
    n_of_a_kind,
    sum_at_most,
    total,
)
from yamskit.dice import ROLLS, dice_tables

NUMBER_ROWS = ("ones", "twos", "threes", "fours", "fives", "sixes")


def _shape(dice: Dice) -> list[int]:
    """How many dice show each face that appears, largest group first (32111 → [3, 1, 1])."""
    return sorted(Counter(dice.faces).values(), reverse=True)


def _most_common_face(dice: Dice) -> int:
    """The face of the largest group (ties cannot matter where this is used: groups of 3+)."""
    counts = Counter(dice.faces)
    return max(counts, key=lambda f: (counts[f], f))


def _has_run(dice: Dice, length: int) -> bool:
    digits = "".join(str(f) for f in sorted(set(dice.faces)))
    return any(str("123456"[start : start + length]) in digits for start in range(7 - length))


def _three_and_two(dice: Dice) -> bool:
    return _shape(dice) == [3, 2]


def _yams(dice: Dice) -> bool:
    return _shape(dice) == [5]


def test_there_are_252_distinct_rolls() -> None:
    assert len(ROLLS) == len(set(ROLLS)) == 252
    assert all(len(roll) == 5 for roll in ROLLS)


@pytest.mark.parametrize("roll", ROLLS, ids=str)
def test_every_predicate_matches_its_definition(roll: Dice) -> None:
    shape = _shape(roll)
    for n in range(1, 6):
        assert n_of_a_kind(n)(roll) == (shape[0] >= n), n
        expected_face = max((f for f in range(1, 7) if roll.faces.count(f) >= n), default=None)
        assert kind_face(roll, n) == expected_face, n
    assert is_five_of_a_kind(roll) == _yams(roll)
    assert is_full_house(roll) == _three_and_two(roll)
    assert full_house(five_of_a_kind=False)(roll) == _three_and_two(roll)
    assert full_house(five_of_a_kind=True)(roll) == (_three_and_two(roll) or _yams(roll))
    assert is_small_straight(roll) == _has_run(roll, 4)
    assert is_large_straight(roll) == _has_run(roll, 5)
    for limit in (5, 8, 20, 30):
        assert sum_at_most(limit)(roll) == (sum(roll.faces) <= limit)


@pytest.mark.parametrize("roll", ROLLS, ids=str)
def test_every_scorer_matches_its_definition(roll: Dice) -> None:
    assert total(roll) == sum(roll.faces)
    for face in range(1, 7):
        assert face_sum(face)(roll) == face * roll.faces.count(face)
    for n in range(1, 6):
        face = kind_face(roll, n)
        assert matching_sum(n)(roll) == (0 if face is None else n * face)


def _classic(row: str, dice: Dice) -> int:
    if row in NUMBER_ROWS:
        face = NUMBER_ROWS.index(row) + 1
        return face * dice.faces.count(face)
    shape, points = _shape(dice), sum(dice.faces)
    return {
        "three_of_a_kind": points if shape[0] >= 3 else 0,
        "four_of_a_kind": points if shape[0] >= 4 else 0,
        "full_house": 25 if _three_and_two(dice) else 0,
        "small_straight": 30 if _has_run(dice, 4) else 0,
        "large_straight": 40 if _has_run(dice, 5) else 0,
        "yams": 50 if _yams(dice) else 0,
        "chance": points,
    }[row]


def _challenge(row: str, dice: Dice) -> int:
    if row in NUMBER_ROWS:
        return _classic(row, dice)
    shape, points, face = _shape(dice), sum(dice.faces), _most_common_face(dice)
    return {
        "three_of_a_kind": 3 * face if shape[0] >= 3 else 0,
        "four_of_a_kind": 4 * face if shape[0] >= 4 else 0,
        "full_house": points if _three_and_two(dice) or _yams(dice) else 0,
        "small_straight": 10 if _has_run(dice, 4) else 0,
        "large_straight": 20 if _has_run(dice, 5) else 0,
        "yams": 40 if _yams(dice) else 0,
        "plus": points,
        "minus": points,
    }[row]


def _competitive(row: str, dice: Dice, *, all_dice: bool = False) -> int:
    if row in NUMBER_ROWS:
        return _classic(row, dice)
    shape, points, face = _shape(dice), sum(dice.faces), _most_common_face(dice)
    straight = {(1, 2, 3, 4, 5): 45, (2, 3, 4, 5, 6): 50}.get(tuple(sorted(dice.faces)), 0)
    return {
        "small_sum": points if points >= 20 else 0,
        "large_sum": points if points >= 20 else 0,
        "full_house": 20 + points if _three_and_two(dice) or _yams(dice) else 0,
        "four_of_a_kind": (30 + (points if all_dice else 4 * face)) if shape[0] >= 4 else 0,
        "straight": straight,
        "less_than_8": 60 + 5 * (8 - points) if points <= 8 else 0,
        "yams": 75 + 5 * (face - 1) if _yams(dice) else 0,
    }[row]


def _yatzy(row: str, dice: Dice, *, two_pairs_from_four: bool = False, full_house_from_five: bool = False) -> int:
    if row in NUMBER_ROWS:
        return _classic(row, dice)
    counts, points = Counter(dice.faces), sum(dice.faces)
    best = {n: max((f for f, c in counts.items() if c >= n), default=0) for n in (2, 3, 4)}
    pairs = [f for f, c in counts.items() if c >= 2]
    two_pairs = 2 * sum(pairs) if len(pairs) == 2 else 4 * best[4] if two_pairs_from_four else 0
    full = _three_and_two(dice) or (full_house_from_five and _yams(dice))
    return {
        "one_pair": 2 * best[2],
        "two_pairs": two_pairs,
        "three_of_a_kind": 3 * best[3],
        "four_of_a_kind": 4 * best[4],
        "small_straight": 15 if sorted(dice.faces) == [1, 2, 3, 4, 5] else 0,
        "large_straight": 20 if sorted(dice.faces) == [2, 3, 4, 5, 6] else 0,
        "full_house": points if full else 0,
        "chance": points,
        "yatzy": 50 if _yams(dice) else 0,
    }[row]


def _yacht(row: str, dice: Dice, *, openspiel: bool = False) -> int:
    if row in NUMBER_ROWS:
        return _classic(row, dice)
    shape, points, face = _shape(dice), sum(dice.faces), _most_common_face(dice)
    full = _three_and_two(dice) or (openspiel and _yams(dice))
    return {
        "full_house": points if full else 0,
        "four_of_a_kind": (points if openspiel else 4 * face) if shape[0] >= 4 else 0,
        "little_straight": 30 if sorted(dice.faces) == [1, 2, 3, 4, 5] else 0,
        "big_straight": 30 if sorted(dice.faces) == [2, 3, 4, 5, 6] else 0,
        "choice": points,
        "yacht": 50 if _yams(dice) else 0,
    }[row]


#: Kniffel's rows are classic's under the German ids of the Schmidt Spiele block, in the same order.
_KNIFFEL_AS_CLASSIC = dict(
    zip(
        yamskit.variant("kniffel").rows,
        (*NUMBER_ROWS, "three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "yams"),
        strict=False,  # (chance, the last, is chance)
    )
) | {"chance": "chance"}


def _kniffel(row: str, dice: Dice) -> int:
    return _classic(_KNIFFEL_AS_CLASSIC[row], dice)


_GENERALA_NUMBERS = ("unos", "doses", "treses", "cuatros", "cincos", "seises")


def _generala(row: str, dice: Dice, *, wraps: bool = False, one_for_two: bool = False, points: int = 50) -> int:
    """Generala's boxes as Wikipedia's *Generala* words them (no served bonus: that is the sheet's, not the row's)."""
    if row in _GENERALA_NUMBERS:
        face = _GENERALA_NUMBERS.index(row) + 1
        return face * dice.faces.count(face)
    faces, shape = sorted(dice.faces), _shape(dice)
    straight = faces in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6])
    straight = straight or (wraps and shape == [1] * 5) or (one_for_two and faces in ([1, 1, 3, 4, 5], [1, 3, 4, 5, 6]))
    return {
        "escalera": 20 if straight else 0,
        "full": 30 if _three_and_two(dice) else 0,
        "poker": 40 if shape[0] >= 4 else 0,
        "generala": points if _yams(dice) else 0,
        "doble_generala": 2 * points if _yams(dice) else 0,
    }[row]


def _balut(row: str, dice: Dice, *, house_from_five: bool = False) -> int:
    """Balut's categories as dice-play.com words them; each of the four boxes of a category scores alike."""
    category = row.rsplit("_", 1)[0] if row[-1].isdigit() else row
    faces, total = sorted(dice.faces), sum(dice.faces)
    house = _three_and_two(dice) or (house_from_five and _yams(dice))
    return {
        "fours": 4 * faces.count(4),
        "fives": 5 * faces.count(5),
        "sixes": 6 * faces.count(6),
        "straight": 15 if faces == [1, 2, 3, 4, 5] else 20 if faces == [2, 3, 4, 5, 6] else 0,
        "full_house": total if house else 0,
        "choice": total,
        "balut": 20 + total if _yams(dice) else 0,
    }[category]


def _crag(row: str, dice: Dice, *, wide: bool = False) -> int:
    """Crag's boxes as dice-play.com and Wikipedia word them; ``wide``: Wikipedia's thirteen takes a crag too."""
    faces = sorted(dice.faces)
    if row in NUMBER_ROWS:
        face = NUMBER_ROWS.index(row) + 1
        return face * faces.count(face)
    pair = len(set(faces)) == 2
    return {
        "odd_straight": 20 if faces == [1, 3, 5] else 0,
        "even_straight": 20 if faces == [2, 4, 6] else 0,
        "low_straight": 20 if faces == [1, 2, 3] else 0,
        "high_straight": 20 if faces == [4, 5, 6] else 0,
        "three_of_a_kind": 25 if len(set(faces)) == 1 else 0,
        "thirteen": 26 if sum(faces) == 13 and (wide or not pair) else 0,
        "crag": 50 if sum(faces) == 13 and pair else 0,
    }[row]


@pytest.mark.parametrize("wide", [False, True])
def test_every_row_of_crag_scores_as_its_sheet_says_on_all_56_rolls_of_three_dice(wide: bool) -> None:
    variant = yamskit.variant("crag", thirteen_takes_crag=wide)
    rolls = dice_tables(3).rolls
    assert len(variant.rows) == 13
    assert len(rolls) == 56
    for row in variant.rows:
        for roll in rolls:
            assert variant.score(row, roll) == _crag(row, roll, wide=wide), (row, roll)
    maxima = [max(table) for table in variant.rules.row_tables]
    assert maxima == [3, 6, 9, 12, 15, 18, 20, 20, 20, 20, 25, 26, 50]
    assert sum(maxima) == 244  # the best sheet, as Wikipedia gives it


_CASES: list[tuple[str, dict[str, object], Callable[[str, Dice], int]]] = [
    ("classic", {}, _classic),
    ("yahtzee", {}, _classic),
    ("challenge", {}, _challenge),
    ("competitive", {}, _competitive),
    ("competitive", {"four_of_a_kind": "all_dice"}, lambda row, dice: _competitive(row, dice, all_dice=True)),
    ("yatzy", {}, _yatzy),
    (
        "yatzy",
        {"two_pairs_from_four": True, "full_house_from_five": True},
        lambda row, dice: _yatzy(row, dice, two_pairs_from_four=True, full_house_from_five=True),
    ),
    ("yacht", {}, _yacht),
    (
        "yacht",
        {"four_of_a_kind": "all_dice", "full_house_from_five": True},
        lambda row, dice: _yacht(row, dice, openspiel=True),
    ),
    ("kniffel", {}, _kniffel),
    ("generala", {}, _generala),
    (
        "generala",
        {"straight_wraps": True, "one_for_two": True, "generala_points": 60},
        lambda row, dice: _generala(row, dice, wraps=True, one_for_two=True, points=60),
    ),
    ("generala", {"one_for_two": True}, lambda row, dice: _generala(row, dice, one_for_two=True)),
    ("balut", {}, _balut),
    ("balut", {"full_house_from_five": True}, lambda row, dice: _balut(row, dice, house_from_five=True)),
]


@pytest.mark.parametrize(("name", "options", "definition"), _CASES, ids=lambda c: str(c) if isinstance(c, str) else "")
def test_every_row_of_every_scorecard_variant_scores_as_its_sheet_says(
    name: str, options: dict[str, object], definition: Callable[[str, Dice], int]
) -> None:
    variant = yamskit.variant(name, **options)
    assert len(variant.rows) == {"challenge": 14, "yatzy": 15, "yacht": 12, "generala": 11, "balut": 28}.get(name, 13)
    for row in variant.rows:
        for roll in ROLLS:
            assert variant.score(row, roll) == definition(row, roll), (name, row, roll)


@pytest.mark.parametrize(
    ("name", "maxima"),
    [
        ("classic", {"three_of_a_kind": 30, "four_of_a_kind": 30, "full_house": 25, "chance": 30, "yams": 50}),
        ("challenge", {"three_of_a_kind": 18, "four_of_a_kind": 24, "full_house": 30, "plus": 30, "yams": 40}),
        (
            "competitive",
            {"small_sum": 30, "full_house": 50, "four_of_a_kind": 54, "straight": 50, "less_than_8": 75, "yams": 100},
        ),
        ("yatzy", {"one_pair": 12, "two_pairs": 22, "three_of_a_kind": 18, "four_of_a_kind": 24, "full_house": 28}),
        ("yacht", {"full_house": 28, "four_of_a_kind": 24, "little_straight": 30, "big_straight": 30, "yacht": 50}),
        ("kniffel", {"dreierpasch": 30, "full_house": 25, "kleine_strasse": 30, "grosse_strasse": 40, "kniffel": 50}),
        ("generala", {"escalera": 20, "full": 30, "poker": 40, "generala": 50, "doble_generala": 100}),
        ("balut", {"fours": 20, "straight": 20, "full_house": 28, "choice": 30, "balut": 50, "balut_4": 50}),
    ],
)
def test_row_maxima_are_the_sheets_maxima(name: str, maxima: dict[str, int]) -> None:
    variant = yamskit.variant(name)
    for row, best in maxima.items():
        assert variant.category(row).max == best, (name, row)


def test_a_when_scorer_is_named_after_its_predicate() -> None:
    import functools

    from yamskit.categories import when

    assert when(is_full_house, 25).__name__ == "when_is_full_house"
    assert when(functools.partial(is_full_house), 25).__name__ == "when_predicate"
