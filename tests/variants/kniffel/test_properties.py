"""Kniffel: property tests of its scoring, over dice drawn in any order, and of a further Kniffel's placement."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples, face_lists
from yamskit import Dice, Roll, Score, Scratch

KNIFFEL = yamskit.variant("kniffel")
YAHTZEE = yamskit.variant("yahtzee")
NUMBER_ROWS = KNIFFEL.rows[:6]
LOWER_ROWS = KNIFFEL.rows[6:]


@settings(max_examples=examples(150))
@given(face_lists)
def test_a_score_depends_on_the_dice_not_their_order_and_never_passes_the_box_maximum(faces: list[int]) -> None:
    for row in KNIFFEL.rows:
        points = KNIFFEL.score(row, Dice(faces))
        assert 0 <= points <= KNIFFEL.category(row).max
        for order in itertools.islice(itertools.permutations(faces), 0, None, 17):
            assert KNIFFEL.score(row, Dice(list(order))) == points


@settings(max_examples=examples(150))
@given(face_lists)
def test_every_box_scores_as_the_sheet_says_and_as_yahtzees_box_in_its_place(faces: list[int]) -> None:
    dice, counts = Dice(faces), Counter(faces)
    shape = sorted(counts.values())
    runs = {tuple(range(start, start + n)) for n in (4, 5) for start in range(1, 8 - n)}
    present = set(faces)
    expected = [face * counts[face] for face in range(1, 7)] + [
        sum(faces) if shape[-1] >= 3 else 0,
        sum(faces) if shape[-1] >= 4 else 0,
        25 if shape == [2, 3] else 0,
        30 if any(len(r) == 4 and set(r) <= present for r in runs) else 0,
        40 if any(len(r) == 5 and set(r) == present for r in runs) else 0,
        50 if shape == [5] else 0,
        sum(faces),
    ]
    assert [KNIFFEL.score(row, dice) for row in KNIFFEL.rows] == expected
    assert expected == [YAHTZEE.score(row, dice) for row in YAHTZEE.rows]


@settings(max_examples=examples(50), deadline=None)
@given(
    st.integers(min_value=1, max_value=6),
    st.sets(st.sampled_from(range(13)), max_size=11),
    st.booleans(),
)
def test_a_further_kniffel_goes_where_the_sheet_says_and_earns_50_only_in_its_number_box(
    face: int, filled: set[int], kniffel_points: bool
) -> None:
    """After any entry in the Kniffel box, with any other boxes filled, a further Kniffel of ``face``."""
    kniffel_row = KNIFFEL.rows.index("kniffel")
    filled.discard(kniffel_row)
    sheet: dict[str, int | str] = {KNIFFEL.rows[r]: "x" for r in filled}
    sheet["kniffel"] = 50 if kniffel_points else "x"  # an entry: points, or crossed out
    game = KNIFFEL.position(["Anna"], sheets=[sheet], seed=1)
    game = game.apply(Roll(outcome=str(face) * 5))
    number = NUMBER_ROWS[face - 1]
    open_lower = [row for row in LOWER_ROWS if KNIFFEL.rows.index(row) not in filled and row != "kniffel"]
    legal = {a.row for a in game.legal_actions() if isinstance(a, Score)}
    if KNIFFEL.rows.index(number) not in filled:
        assert legal == {number}
        after = game.apply(Score(number))
        assert (after.cell(0, number).points, after.sheets[0].extra) == (5 * face, 50)
    elif open_lower:
        assert legal == set(open_lower)
        for row in open_lower:
            placed = game.apply(Score(row))
            assert placed.sheets[0].extra == 0
            assert placed.cell(0, row).points == {"full_house": 25, "kleine_strasse": 30, "grosse_strasse": 40}.get(
                row, 5 * face
            )
    else:
        assert legal == {row for row in NUMBER_ROWS if KNIFFEL.rows.index(row) not in filled}
        assert all(game.apply(Score(row)).sheets[0].extra == 0 for row in legal)
    for action in game.legal_actions():
        if isinstance(action, Score | Scratch):
            assert game.apply(action).result().scores[0] >= 0
