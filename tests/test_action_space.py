"""The fixed action space of every variant: layout, round trips, ids and masks of states."""

from __future__ import annotations

import random
from typing import Any

import pytest

import yamskit
from yamskit import (
    ActionSpace,
    DeclareChallenge,
    Pass,
    Place,
    RemoveToken,
    Roll,
    Score,
    Scratch,
    TakeChip,
    UnknownActionError,
)
from yamskit.action_space import NUM_ROLL_IDS, ROLL_ACTIONS
from yamskit.categories import Category, total, upper
from yamskit.dice import dice_tables
from yamskit.scorecard import Column, FillPolicy

from .oracle import MODES, mode_id

IDS = [mode_id(name, options) for name, options, _ in MODES]


def _user_variant() -> yamskit.ScorecardVariant:
    return yamskit.ScorecardVariant.define(
        "mini",
        rows=[upper(5), upper(6), Category("chance", total)],
        columns=[Column("down", FillPolicy.down()), Column("free")],
        allow_scratch=False,
    )


@pytest.mark.parametrize(("name", "options", "players"), MODES, ids=IDS)
def test_every_id_round_trips_through_index(name: str, options: dict[str, Any], players: list[str]) -> None:
    space = yamskit.variant(name, **options).actions
    assert isinstance(space, ActionSpace)
    assert [space.index(space[i]) for i in range(len(space))] == list(range(len(space)))


@pytest.mark.parametrize(("name", "options", "players"), MODES, ids=IDS)
def test_throw_ids_are_the_keeps_in_keeps_order(name: str, options: dict[str, Any], players: list[str]) -> None:
    variant = yamskit.variant(name, **options)
    space = variant.actions
    keeps = dice_tables(getattr(getattr(variant, "rules", None), "dice", 5)).keeps  # KEEPS for five dice
    assert tuple(space[: len(keeps)]) == tuple(Roll(keep=k) for k in keeps)
    if len(keeps) == NUM_ROLL_IDS:  # five dice: the shared throw actions themselves
        assert all(space[i] is ROLL_ACTIONS[i] for i in range(NUM_ROLL_IDS))


def test_scorecard_layout_puts_scores_column_by_column_then_scratches() -> None:
    space = yamskit.variant("challenge").actions
    rows, columns = yamskit.variant("challenge").rows, yamskit.variant("challenge").columns
    assert len(space) == 462 + 2 * len(rows) * len(columns)
    for c, column in enumerate(columns):
        for r, row in enumerate(rows):
            assert space[462 + c * len(rows) + r] == Score(row, column)
            assert space[462 + (len(columns) + c) * len(rows) + r] == Scratch(row, column)


def test_one_column_sheet_accepts_the_column_id_as_an_alias() -> None:
    space = yamskit.variant("classic").actions
    assert space.index(Score("chance", "main")) == space.index(Score("chance")) == 474
    assert space.index(Scratch("ones", "main")) == 475


def test_competitive_space_has_no_scratches() -> None:
    space = yamskit.variant("competitive").actions
    assert len(space) == 462 + 13 * 6
    assert not any(isinstance(a, Scratch) for a in space)


def test_yam_master_layout() -> None:
    space = yamskit.variant("yam-master").actions
    assert (space[462], space[463]) == (DeclareChallenge(), Pass())
    assert space[464 + 5 * 3 + 1] == Place((3, 1))
    assert space[489 + 5 * 4 + 4] == RemoveToken((4, 4))
    assert len(space) == 514


def test_yamslam_layout_is_the_same_in_every_mode() -> None:
    spaces = {mode: yamskit.variant("yamslam", mode=mode).actions for mode in ("standard", "solo", "team")}
    assert spaces["standard"] == spaces["solo"] == spaces["team"]
    space = spaces["standard"]
    assert space[462] == TakeChip("two_pairs")
    assert space[468] == TakeChip("large_straight")
    assert space[469] == TakeChip("two_pairs", from_discard=True)
    assert space[476] == Pass()


def test_user_defined_variant_gets_a_space_from_its_sheet() -> None:
    space = _user_variant().actions
    assert len(space) == 462 + 3 * 2
    assert space[462:] == (
        Score("fives", "down"),
        Score("sixes", "down"),
        Score("chance", "down"),
        Score("fives", "free"),
        Score("sixes", "free"),
        Score("chance", "free"),
    )


def test_index_of_an_action_outside_the_space_raises_unknown_action() -> None:
    space = yamskit.variant("classic").actions
    with pytest.raises(UnknownActionError, match="not in the action space of classic"):
        space.index(Pass())
    assert Place((0, 0)) not in space
    assert Score("no_such_row") not in space


def test_a_throw_with_faces_maps_to_its_keep() -> None:
    space = yamskit.variant("yamslam").actions
    assert space.index(Roll(keep="25", outcome="666")) == space.index(Roll(keep="25"))
    assert Roll(outcome="12345") in space


def _walk(name: str, options: dict[str, Any], players: list[str], seed: int, steps: int = 400) -> list[Any]:
    v = yamskit.variant(name, **options)
    game = v.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    states = [game]
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(v.actions[rng.choice(game.legal_action_ids())])
        states.append(game)
    return states


@pytest.mark.parametrize(("name", "options", "players"), MODES, ids=IDS)
def test_legal_ids_are_the_ids_of_the_legal_actions(name: str, options: dict[str, Any], players: list[str]) -> None:
    for state in _walk(name, options, players, seed=11):
        space = state.variant.actions
        ids = state.legal_action_ids()
        assert list(ids) == sorted(set(ids))
        assert ids == tuple(sorted(space.index(a) for a in state.legal_actions()))
        mask = state.legal_action_mask()
        assert isinstance(mask, bytes)
        assert len(mask) == len(space)
        assert [i for i, b in enumerate(mask) if b] == list(ids)
        assert set(mask) <= {0, 1}
        if state.is_over:
            assert ids == ()


@pytest.mark.parametrize(("name", "options", "players"), MODES, ids=IDS)
def test_an_id_whose_mask_byte_is_zero_raises_and_changes_nothing(
    name: str, options: dict[str, Any], players: list[str]
) -> None:
    rng = random.Random(5)
    for state in _walk(name, options, players, seed=3)[::7]:
        space = state.variant.actions
        mask = state.legal_action_mask()
        illegal = [i for i, b in enumerate(mask) if not b]
        before = state.to_json()
        for i in rng.sample(illegal, min(12, len(illegal))):
            with pytest.raises(yamskit.IllegalActionError):
                state.apply(space[i])
            assert not state.is_legal(space[i])
        assert state.to_json() == before


def test_a_whole_game_through_ids_ends() -> None:
    states = _walk("classic", {}, ["Ann"], seed=2, steps=10_000)
    assert states[-1].is_over
    assert len(states[-1].history) == len(states) - 1
