"""Balut: property tests of its scoring and of its points, against definitions written here from the rule pages."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples, face_lists
from yamskit import Dice
from yamskit.scorecard import Cell, Sheet

READINGS = [{"full_house_from_five": five} for five in (False, True)]
VARIANTS = [yamskit.variant("balut", **options) for options in READINGS]
readings = st.sampled_from(range(len(READINGS)))
BALUT = VARIANTS[0]
CATEGORIES = ("fours", "fives", "sixes", "straight", "full_house", "choice", "balut")


def _category_points(row: str, faces: list[int], *, house_from_five: bool) -> int:
    counts, ordered, total = Counter(faces), sorted(faces), sum(faces)
    shape = sorted(counts.values())
    if row in ("fours", "fives", "sixes"):
        face = 4 + ("fours", "fives", "sixes").index(row)
        return face * counts[face]
    if row == "straight":
        return 15 if ordered == [1, 2, 3, 4, 5] else 20 if ordered == [2, 3, 4, 5, 6] else 0
    if row == "full_house":
        return total if shape == [2, 3] or (house_from_five and shape == [5]) else 0
    if row == "choice":
        return total
    return 20 + total if shape == [5] else 0


@settings(max_examples=examples(100))
@given(face_lists, readings)
def test_every_box_of_every_category_scores_as_the_rule_pages_say_whatever_the_order(
    faces: list[int], reading: int
) -> None:
    variant = VARIANTS[reading]
    for row in variant.rows:  # the four boxes of a category score alike
        category = variant.category(row).head
        points = _category_points(category, faces, house_from_five=READINGS[reading]["full_house_from_five"])
        assert variant.score(row, Dice(faces)) == points
        assert 0 <= points <= variant.category(row).max
        for order in itertools.islice(itertools.permutations(faces), 0, None, 29):
            assert variant.score(row, Dice(list(order))) == points


def points_by_hand(boxes: dict[str, list[int | None]]) -> tuple[int, int]:
    """Balut's points and grand total, computed here from the points table as diceworldgame.com gives it."""
    value = {row: [b or 0 for b in held] for row, held in boxes.items()}
    total = sum(sum(held) for held in value.values())
    points = 0
    for row, threshold in (("fours", 52), ("fives", 65), ("sixes", 78), ("choice", 100)):
        points += 2 if sum(value[row]) >= threshold else 0
    points += 4 if all(b is not None and b > 0 for b in boxes["straight"]) else 0
    points += 3 if all(b is not None and b > 0 for b in boxes["full_house"]) else 0
    points += 2 * sum(1 for b in boxes["balut"] if b)
    bands = [(650, 6), (600, 5), (550, 4), (500, 3), (450, 2), (400, 1), (350, 0), (300, -1)]
    points += next((p for start, p in bands if total >= start), -2)
    return points, total


#: A box as the sheet may hold it: empty, crossed out, or any value the category pays.
def _box(row: str) -> st.SearchStrategy[int | None]:
    values = sorted(set(BALUT.category(row).table))
    return st.one_of(st.none(), st.just(-1), st.sampled_from(values))  # -1 stands for a cross


sheets = st.fixed_dictionaries({row: st.lists(_box(row), min_size=4, max_size=4) for row in CATEGORIES})


@settings(max_examples=examples(200))
@given(sheets)
def test_the_declared_points_are_the_points_table_of_the_rule_pages(drawn: dict[str, list[int | None]]) -> None:
    cells = []
    held: dict[str, list[int | None]] = {}
    for row in CATEGORIES:
        for box in drawn[row]:
            cells.append(Cell(scratched=True) if box == -1 else Cell(points=box))
        held[row] = [0 if box == -1 else box for box in drawn[row]]
    game = BALUT.new_game(["Ann"], seed=1)
    game = yamskit.scorecard.ScorecardGame(
        variant=BALUT,
        players=game.players,
        sheets=(Sheet((tuple(cells),)),),
        current_player=0,
        turn=game.turn,
        stream=game.stream,
    )
    result = game.result()
    assert (result.scores[0], result.totals[0]) == points_by_hand(held)
    assert -2 <= result.scores[0] <= 29


@settings(max_examples=examples(100))
@given(st.lists(st.tuples(st.integers(-2, 29), st.integers(0, 800)), min_size=1, max_size=6))
def test_the_ranking_is_by_points_then_by_total(pairs: list[tuple[int, int]]) -> None:
    names = [f"P{i}" for i in range(len(pairs))]
    result = yamskit.Result.from_points(names, [p for p, _ in pairs], [t for _, t in pairs])
    order = [seat for group in result.ranking for seat in group]
    assert sorted(order) == list(range(len(pairs)))
    keys = [pairs[seat] for seat in order]
    assert keys == sorted(keys, reverse=True)
    for group in result.ranking:
        assert len({pairs[seat] for seat in group}) == 1
