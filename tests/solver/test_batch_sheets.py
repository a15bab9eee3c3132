"""The batch's sheets and throws: the optimal policy's shortcuts equal the plain computations."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples
from yamskit.solver import batch_sheets, tables
from yamskit.solver.batch_sheets import _codes, _first_rolls, _Games, _rethrow, _tallied, _Tally, _throw
from yamskit.solver.model import model_of


def _dice_of_roll(roll: int) -> list[int]:
    """The five faces (0 to 5) of a roll index, sorted."""
    code = int(batch_sheets._KEEP_CODE[tables.ROLL_OFFSET + roll])
    return [face for face in range(6) for _ in range(code // 6**face % 6)]


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 300))
def test_first_rolls_and_rethrows_equal_the_cumulative_codes(seed: int, count: int) -> None:
    rng = np.random.default_rng(seed)
    faces = rng.integers(0, 6, size=(count, 3, 5), dtype=np.int8)
    keep = rng.integers(0, tables.NUM_KEEPS, size=count)
    codes = _codes(faces)
    assert np.array_equal(_first_rolls(faces[:, 0]), batch_sheets._CODE_TO_ROLL[codes[:, 0, 4]])
    for throw in (1, 2):
        assert np.array_equal(_rethrow(keep, faces[:, throw]), _throw(keep, codes[:, throw]))


def test_a_rethrow_keeps_the_kept_dice_and_adds_the_first_thrown_faces() -> None:
    """Worked example: keep 6-6, throw three dice showing 1, 2, 6 (the last two faces drawn are unused)."""
    keep = int(np.flatnonzero(batch_sheets._KEEP_CODE[: tables.ROLL_OFFSET] == 2 * 6**5)[0])
    faces = np.array([[0, 1, 5, 3, 3]], dtype=np.int8)
    assert _dice_of_roll(int(_rethrow(np.array([keep]), faces)[0])) == [0, 1, 5, 5, 5]
    assert _dice_of_roll(int(_first_rolls(np.array([[4, 4, 0, 2, 4]], dtype=np.int8))[0])) == [0, 2, 4, 4, 4]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_write_changes_each_game_as_one_game_at_a_time_would(seed: int) -> None:
    model = model_of(yamskit.variant("yahtzee"))
    rng = np.random.default_rng(seed)
    count = 40
    g = _Games.start(model, count)
    g.filled[:] = rng.integers(0, 1 << model.num_rows, size=count)
    g.upper[:] = rng.integers(0, 80, size=count)
    g.flag[:] = rng.integers(0, 2, size=count)
    g.extra[:] = rng.integers(0, 3, size=count) * 100
    games = rng.permutation(count)[: count // 2]
    row = rng.integers(0, model.num_rows, size=len(games))
    crossed = rng.random(len(games)) < 0.3
    points = rng.integers(0, 51, size=(len(games), model.num_rows))
    extra = np.where(rng.random(len(games)) < 0.2, 100, 0)
    expected = [(int(g.filled[i]), int(g.upper[i]), int(g.flag[i]), int(g.extra[i])) for i in range(count)]
    for k, i in enumerate(games.tolist()):
        r, paid = int(row[k]), 0 if crossed[k] else int(points[k, row[k]])
        filled, upper, flag, extra_before = expected[i]
        expected[i] = (
            filled | 1 << r,
            upper + (paid if model.bonus_rows[r] else 0),
            int(paid > 0) if model.needs_flag and r == model.flag_row else flag,
            extra_before + int(extra[k]),
        )
    g.write(games, row, crossed, (points, extra))
    assert [(int(g.filled[i]), int(g.upper[i]), int(g.flag[i]), int(g.extra[i])) for i in range(count)] == expected
    assert g.points[games, row].tolist() == np.where(crossed, 0, points[np.arange(len(games)), row]).tolist()


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 400), st.lists(st.integers(1, 399), max_size=4))
def test_tallies_of_any_cut_give_the_whole_batch_s_means_to_the_bit(seed: int, games: int, cuts: list[int]) -> None:
    model = model_of(yamskit.variant("yahtzee"))
    rng = np.random.default_rng(seed)
    rows = model.num_rows
    points = (rng.integers(0, 3, size=(games, rows)) * rng.integers(0, 50, size=rows)).astype(np.int32)  # many zeros
    upper = rng.integers(0, 90, size=games)
    extra = rng.integers(0, 2, size=games) * 100
    bounds = sorted({0, games, *(c for c in cuts if c < games)})
    tallies = [_Tally.of(model, points[a:b], upper[a:b], extra[a:b]) for a, b in itertools.pairwise(bounds)]
    scores, row_means, zero_rates, bonus_rate, extra_mean = _tallied(tallies)
    bonus = model.bonus[np.minimum(upper, model.cap)]
    assert np.array_equal(scores, points.sum(axis=1) + bonus + extra)
    assert np.array_equal(row_means, points.mean(axis=0))  # the same floats, not merely close
    assert np.array_equal(zero_rates, (points == 0).mean(axis=0))
    assert (bonus_rate, extra_mean) == (float((bonus > 0).mean()), float(extra.mean()))
