"""Yams Challenge: property tests of the scores, the fill orders, the dry column and plus > minus."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import examples, face_lists, rolls, seeds
from tests.variants.challenge.test_challenge import COLUMNS, ROWS, V, new, only_left, roll, with_cells
from yamskit import ColumnConditionError, Dice, FillOrderError, OccupiedError, Roll, Score, Scratch
from yamskit.scorecard import Cell, ScorecardGame
from yamskit.variants.challenge import PlusMinusError

# ---------------------------------------------------------------- scores


@given(face_lists)
def test_kind_rows_score_only_the_matching_dice_and_five_of_a_kind_counts_everywhere(faces: list[int]) -> None:
    dice = Dice(faces)
    counts = Counter(faces)
    face, most = counts.most_common(1)[0]
    assert V.score("three_of_a_kind", dice) == (3 * face if most >= 3 else 0)
    assert V.score("four_of_a_kind", dice) == (4 * face if most >= 4 else 0)
    is_full = sorted(counts.values()) in ([2, 3], [5])
    assert V.score("full_house", dice) == (sum(faces) if is_full else 0)
    assert V.score("yams", dice) == (40 if most == 5 else 0)
    assert V.score("plus", dice) == V.score("minus", dice) == sum(faces)
    if most == 5:
        assert (V.score("three_of_a_kind", dice), V.score("four_of_a_kind", dice)) == (3 * face, 4 * face)
        assert V.score("full_house", dice) == 5 * face


# ---------------------------------------------------------------- fill orders


@pytest.mark.parametrize(("column", "order"), [("down", ROWS), ("up", ROWS[::-1])])
@settings(max_examples=examples(40))
@given(data=st.data())
def test_ordered_columns_accept_boxes_only_in_their_order(
    column: str, order: tuple[str, ...], data: st.DataObject
) -> None:
    """Whatever box a player tries, the legal placements in an ordered column follow the order."""
    game = new()
    written: list[str] = []
    while len(written) < len(ROWS):
        game = game.apply(Roll(outcome=data.draw(rolls)))
        legal_rows = {r for r in ROWS if game.is_legal(Scratch(r, column))}
        assert legal_rows == {order[len(written)]}
        attempt = data.draw(st.sampled_from(ROWS))
        action = data.draw(st.sampled_from((Score, Scratch)))(attempt, column)
        if not game.is_legal(action):
            error = OccupiedError if attempt in written else PlusMinusError if attempt in legal_rows else FillOrderError
            with pytest.raises(error):
                game.apply(action)
            (attempt,) = legal_rows
            action = Scratch(attempt, column)
        game = game.apply(action)
        written.append(attempt)
    assert tuple(written) == order
    assert game.is_over is False
    assert all(not game.cell(0, r, column).is_empty for r in ROWS)


# ---------------------------------------------------------------- dry


@st.composite
def turns(draw: st.DrawFn, game: ScorecardGame) -> ScorecardGame:
    """``game`` after 1 to 3 throws with any keeps and faces."""
    game = game.apply(Roll(outcome=draw(rolls)))
    for _ in range(draw(st.integers(0, 2))):
        keep = draw(st.sampled_from(game.dice.sub_multisets()))
        faces = draw(st.lists(st.integers(1, 6), min_size=5 - len(keep), max_size=5 - len(keep)))
        action = Roll(keep=keep, outcome=Dice(faces))
        game = game.apply(action)
    return game


@given(data=st.data())
def test_dry_accepts_exactly_the_turns_whose_last_throw_rolled_all_five_dice(data: st.DataObject) -> None:
    game = data.draw(turns(new()))
    row = data.draw(st.sampled_from(ROWS))
    last_throw_all_five = len(game.turn.throws[-1].kept) == 0
    for action in (Score(row, "dry"), Scratch(row, "dry")):
        if last_throw_all_five:
            game.apply(action)
        else:
            with pytest.raises(ColumnConditionError):
                game.apply(action)
    assert game.is_legal(Scratch(row, "disorder"))


@settings(max_examples=examples(40))
@given(data=st.data(), open_rows=st.sets(st.sampled_from(ROWS), min_size=1))
def test_with_only_dry_boxes_left_every_turn_ends_in_a_dry_box(data: st.DataObject, open_rows: set[str]) -> None:
    """Never stranded: whatever legal throws are chosen, the turn can end in dry."""
    game = only_left(new(), {(r, "dry") for r in open_rows})
    while not game.turn.has_thrown or not any(isinstance(a, (Score, Scratch)) for a in game.legal_actions()):
        throws = [a for a in game.legal_actions() if isinstance(a, Roll)]
        assert throws, "a player must never be left without a legal action"
        if game.turn.throws_left == 1:
            assert throws == [Roll()]
        keep = data.draw(st.sampled_from(throws)).keep
        faces = data.draw(st.lists(st.integers(1, 6), min_size=5 - len(keep), max_size=5 - len(keep)))
        game = game.apply(Roll(keep=keep, outcome=Dice(faces)))
    assert game.turn.all_dice_thrown
    for row in open_rows:
        assert game.is_legal(Scratch(row, "dry"))


# ---------------------------------------------------------------- plus > minus


@given(first=rolls, second=rolls, column=st.sampled_from(COLUMNS), plus_first=st.booleans())
def test_plus_minus_rule_accepts_a_score_exactly_when_plus_stays_above_minus(
    first: Dice, second: Dice, column: str, plus_first: bool
) -> None:
    order = ("plus", "minus") if plus_first else ("minus", "plus")
    if column in ("down", "up"):
        order = ("plus", "minus") if column == "down" else ("minus", "plus")
    # every other box of the column is written, so the ordered columns reach plus and minus
    game = with_cells(new(), {(r, column): Cell(points=0) for r in ROWS[:-2]})
    game = roll(game, str(first)).apply(Score(order[0], column))
    game = roll(game, str(second))
    values = {order[0]: first.total, order[1]: second.total}
    action = Score(order[1], column)
    if values["plus"] > values["minus"]:
        assert game.apply(action).cell(0, order[1], column) == Cell(points=second.total)
    else:
        with pytest.raises(PlusMinusError, match=rf"plus \({values['plus']}\) must be greater than minus"):
            game.apply(action)
        assert game.is_legal(Scratch(order[1], column))


def _plus_minus_lover(rng: random.Random, game: ScorecardGame) -> Score | Scratch | Roll:
    """A random player that writes plus and minus as numbers whenever it can."""
    legal = list(game.legal_actions())
    eager = [a for a in legal if isinstance(a, Score) and a.row in ("plus", "minus")]
    return rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(legal)


@settings(max_examples=10)
@given(seed=seeds)
def test_plus_is_greater_than_minus_on_every_finished_sheet(seed: int) -> None:
    rng = random.Random(seed)
    game = V.new_game(players=["Ann"], seed=seed)
    while not game.is_over:
        game = game.apply(_plus_minus_lover(rng, game))
    sheet = game.sheets[0]
    for c in range(len(COLUMNS)):
        plus, minus = sheet.cell(ROWS.index("plus"), c), sheet.cell(ROWS.index("minus"), c)
        if plus.holds_number and minus.holds_number:
            assert plus.value > minus.value
