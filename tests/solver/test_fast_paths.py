"""The solver's fast paths against plain loops: working order, turn layers, final layer, state space, shared blocks."""

from __future__ import annotations

import numpy as np
import pytest

import yamskit
from yamskit import ScorecardVariant
from yamskit.categories import Category, is_five_of_a_kind, total, upper, when
from yamskit.scorecard import UpperBonus
from yamskit.scorecard.house_rules import FiveOfAKindBonus
from yamskit.solver import batch, simulate, tables
from yamskit.solver.batch import _Games
from yamskit.solver.expectimax import best_keeps, keep_layers, keep_values, padded_keep_layers
from yamskit.solver.final import final_values
from yamskit.solver.model import Model, model_of
from yamskit.solver.space import StateSpace


def test_working_order_keeps_sizes_children_and_parents() -> None:
    order, position = tables.WORK_ORDER, tables.WORK_POSITION
    assert sorted(order.tolist()) == list(range(tables.NUM_KEEPS))
    assert (position[order] == np.arange(tables.NUM_KEEPS)).all()
    assert (tables.KEEP_SIZES[order] == tables.KEEP_SIZES).all()  # each size keeps its slice
    for k in range(tables.SIZE_SLICES[5].start):
        assert (order[tables.WORK_CHILDREN[position[k]]] == tables.CHILDREN[k]).all()
    for size, spans in enumerate(tables.WORK_PARENT_SPANS):
        block = tables.SIZE_SLICES[size]
        for i, k in enumerate(order[block]):
            count = int(tables.PARENT_COUNTS[k])
            assert [i < span for span in spans] == [j < count for j in range(size)]  # a prefix per parent
            found = order[tables.WORK_PARENTS[block.start + i, :count]]
            assert sorted(found.tolist()) == sorted(tables.PARENTS[k, :count].tolist())
    assert (tables.WORK_ROLLS[tables.WORK_ROLL_POSITION] == np.arange(tables.NUM_ROLLS)).all()


def test_keep_values_and_best_keeps_equal_plain_loops_to_the_bit() -> None:
    rng = np.random.default_rng(3)
    rolls = rng.random((tables.NUM_ROLLS, 7)) * 50
    keeps = keep_values(rolls)
    plain = np.empty_like(keeps)
    plain[tables.SIZE_SLICES[5]] = rolls
    for k in range(tables.SIZE_SLICES[5].start - 1, -1, -1):  # larger keeps come later
        acc = plain[tables.CHILDREN[k, 0]].copy()
        for face in range(1, 6):
            acc += plain[tables.CHILDREN[k, face]]
        plain[k] = acc * (1.0 / 6.0)
    assert np.array_equal(keeps, plain)
    best = best_keeps(keeps.copy())
    for r in range(tables.NUM_ROLLS):
        subs = tables.ROLL_KEEPS[r, : tables.ROLL_KEEP_COUNTS[r]]
        assert np.array_equal(best[r], keeps[subs].max(axis=0))


def _variants() -> list[ScorecardVariant]:
    no_scratch = ScorecardVariant.define(
        "few",
        rows=[upper(5), upper(6), Category("yams", when(is_five_of_a_kind, 50)), Category("chance", total)],
        bonus=UpperBonus.single(20, 15, rows=("fives", "sixes")),
        rules=[FiveOfAKindBonus(100)],
        allow_scratch=False,
    )
    return [
        yamskit.variant("yahtzee"),
        yamskit.variant("classic"),
        yamskit.variant("classic", joker="free", yams_bonus=100),
        yamskit.variant("classic", joker="seed", yams_bonus=100),
        no_scratch,
    ]


def _plain_final(
    model: Model, values: np.ndarray, filled: np.ndarray, flag: np.ndarray, upper_: np.ndarray
) -> np.ndarray:
    """The final layer from the batch simulator's rules, row by row and roll by roll."""
    n = len(filled)
    games = _Games.start(model, n)
    games.filled[:], games.flag[:], games.upper[:] = filled, flag, upper_
    everyone = np.arange(n)
    out = np.empty((tables.NUM_ROLLS, n))
    for r in range(tables.NUM_ROLLS):
        roll = np.full(n, r)
        legal = games.legal_rows(everyone, roll)
        points, extra = games.scores(everyone, roll)
        best = np.full(n, -np.inf)
        for row in range(model.num_rows):

            def later(paid: np.ndarray, row: int = row) -> np.ndarray:
                new_flag = (paid > 0).astype(np.int64) if row == model.flag_row and model.needs_flag else flag
                new_upper = np.minimum(upper_ + paid, model.cap) if model.bonus_rows[row] else upper_
                return values[filled | (1 << row), new_flag, new_upper]

            paid = points[:, row]
            best = np.where(legal[:, row], np.maximum(best, paid + later(paid)), best)
            if model.allow_scratch:
                best = np.where(legal[:, row], np.maximum(best, later(np.zeros(n, dtype=np.int64))), best)
        out[r] = best + extra
    return out


@pytest.mark.parametrize("variant", _variants(), ids=lambda v: f"{v.name}")
def test_final_values_equal_the_best_legal_box_roll_by_roll(variant: ScorecardVariant) -> None:
    model = model_of(variant)
    rng = np.random.default_rng(7)
    space = StateSpace.of(model)
    values = rng.random(space.shape) * 100
    n = 60
    full = (1 << model.num_rows) - 1
    filled = rng.integers(0, full, size=n)  # never the full sheet
    flag = np.where(model.needs_flag & ((filled >> max(model.flag_row, 0)) & 1 == 1), rng.integers(0, 2, size=n), 0)
    upper_ = rng.integers(0, model.cap + 1, size=n)
    assert np.array_equal(
        final_values(model, values, filled, flag, upper_), _plain_final(model, values, filled, flag, upper_)
    )


def test_the_variants_above_cover_scratching_and_not() -> None:
    assert {model_of(v).allow_scratch for v in _variants()} == {True, False}
    assert {model_of(v).joker for v in _variants()} >= {None, "free", "forced", "seed"}


def test_padded_keep_layers_are_keep_layers_in_working_order() -> None:
    model = model_of(yamskit.variant("yahtzee"))
    rng = np.random.default_rng(1)
    values = rng.random(StateSpace.of(model).shape) * 100
    filled, flag, upper_ = np.array([0, 5, 300]), np.array([0, 0, 0]), np.array([0, 7, 63])
    plain, padded = (
        keep_layers(model, values, filled, flag, upper_),
        padded_keep_layers(model, values, filled, flag, upper_),
    )
    assert len(plain) == len(padded) == model.max_throws - 1
    for a, b in zip(plain, padded, strict=True):
        assert b.shape == (tables.NUM_KEEPS + 1, 3)
        assert np.array_equal(b[tables.WORK_POSITION], a)
        assert (b[-1] == -np.inf).all()


@pytest.mark.parametrize("name", ["yahtzee", "classic"])
def test_state_space_layers_equal_a_loop_over_filled_sets(name: str) -> None:
    space = StateSpace.of(model_of(yamskit.variant(name)))
    model = space.model
    for count in range(model.num_rows + 1):
        rows = []
        for filled in range(1 << model.num_rows):
            if filled.bit_count() == count:
                for flag in space.flags_of(filled):
                    rows += [(filled, flag, int(u)) for u in space.alive[filled & space.bonus_mask]]
        assert list(zip(*(a.tolist() for a in space.layer(count)), strict=True)) == rows


def test_copy_dead_gives_every_dead_total_the_value_of_total_zero() -> None:
    space = StateSpace.of(model_of(yamskit.variant("classic")))
    values = np.random.default_rng(2).random(space.shape)
    before = values.copy()
    space.copy_dead(values, 3)
    for filled in range(1 << space.model.num_rows):
        gone = space.dead[filled & space.bonus_mask]
        if filled.bit_count() == 3 and len(gone):
            assert (values[filled][:, gone] == before[filled][:, :1]).all()
        else:
            assert np.array_equal(values[filled], before[filled])


def test_a_block_shared_between_processes_plays_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "SHARE_MIN", 500)
    assert batch._tasks([3000], 9, 2) == [(3000, 9, 0, 0, 1500), (3000, 9, 0, 1500, 3000)]
    small = _variants()[-1]
    for v, bot in [(yamskit.variant("yahtzee"), "random"), (yamskit.variant("yahtzee"), "greedy"), (small, "optimal")]:
        alone = simulate(v, 3000, bot=bot, seed=9, processes=1)  # type: ignore[arg-type]
        shared = simulate(v, 3000, bot=bot, seed=9, processes=2)  # type: ignore[arg-type]
        assert np.array_equal(alone.scores, shared.scores)
        assert np.array_equal(alone.row_means, shared.row_means)
