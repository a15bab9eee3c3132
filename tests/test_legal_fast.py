"""The legal moves computed from tables are exactly the reference set, and ``apply`` accepts exactly them.

The reference (tests/oracle.py) tries every candidate action through the full ``check``.
Random walks over every built-in variant and mode and two user-defined variants (a
joker and a five-of-a-kind bonus; a custom column condition and a placement rule that
cannot say which rows it refuses) visit thousands of positions in CI.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import yamskit
from yamskit import IllegalActionError, Roll
from yamskit.scorecard.state import ScorecardGame

from .oracle import MODES, kniffel, mode_id, reference_actions, reference_ids, two_columns

CI = os.environ.get("HYPOTHESIS_PROFILE") == "ci"
#: Positions visited per variant and mode.
STATES = 2500 if CI else 300

USER = [(kniffel, ["Ann", "Bob"]), (two_columns, ["Ann", "Bob", "Cy"])]
CASES = [(lambda n=name, o=options: yamskit.variant(n, **o), players) for name, options, players in MODES] + USER
IDS = [mode_id(name, options) for name, options, _ in MODES] + ["user-kniffel", "user-columns"]


def scorecard_place(state: ScorecardGame, action: Any) -> tuple[int, ...]:
    """Where ``action`` comes in a scorecard's listing: the throws in id order, then the boxes column by
    column and row by row, each box's Score before its Scratch."""
    if isinstance(action, Roll):
        return (0, state.variant.actions.index(action))
    rules = state.rules
    column = 0 if action.column is None else rules.column_index(action.column)
    return (1, column, rules.row_index(action.row), isinstance(action, yamskit.Scratch))


def positions(make: Any, players: list[str], count: int, seed: int = 0) -> Iterator[Any]:
    """``count`` positions from random games; half the games favour placing early, to reach other phases."""
    rng = random.Random(seed)
    variant = make()
    space = variant.actions
    seen = 0
    while True:
        game = variant.new_game(players=players, seed=rng.getrandbits(32))
        eager = rng.random() < 0.5
        while True:
            yield game
            seen += 1
            if seen >= count:
                return
            if game.is_over:
                break
            ids = game.legal_action_ids()
            if eager and rng.random() < 0.7:
                ids = tuple(i for i in ids if not isinstance(space[i], Roll)) or ids
            game = game.apply(space[rng.choice(ids)])


@pytest.mark.parametrize(("make", "players"), CASES, ids=IDS)
def test_fast_legal_ids_equal_the_generate_and_test_reference(make: Any, players: list[str]) -> None:
    for state in positions(make, players, STATES):
        fast = state.legal_action_ids()
        assert fast == reference_ids(state), state.to_json()
        listed = list(state.legal_actions())
        assert sorted(map(repr, listed)) == sorted(map(repr, reference_actions(state)))
        assert all(a is state.variant.actions[state.variant.actions.index(a)] for a in listed), "interned"
        if isinstance(state, ScorecardGame):
            assert listed == sorted(listed, key=lambda a: scorecard_place(state, a)), "the documented order"
        mask = state.legal_action_mask()
        assert [i for i, b in enumerate(mask) if b] == list(fast)


@pytest.mark.parametrize(("make", "players"), CASES, ids=IDS)
def test_apply_accepts_exactly_the_legal_ids(make: Any, players: list[str]) -> None:
    rng = random.Random(7)
    for n, state in enumerate(positions(make, players, STATES // 4, seed=1)):
        space = state.variant.actions
        legal = set(state.legal_action_ids())
        for i in legal:
            after = state.apply(space[i])
            assert after.history[-1].player == state.current_player
        illegal = [i for i in range(len(space)) if i not in legal]
        before = state.to_json() if n % 10 == 0 else None
        for i in rng.sample(illegal, min(10, len(illegal))):
            with pytest.raises(IllegalActionError):
                state.apply(space[i])
        if n % 25 == 0:  # now and then every id of the space, through is_legal
            assert {i for i in range(len(space)) if state.is_legal(space[i])} == legal
        if before is not None:
            assert state.to_json() == before


@pytest.mark.parametrize(("make", "players"), CASES, ids=IDS)
def test_a_throw_with_given_faces_after_the_legal_ids_were_listed_equals_the_fully_checked_one(
    make: Any, players: list[str]
) -> None:
    rng = random.Random(11)
    for state in positions(make, players, STATES // 8, seed=2):
        space = state.variant.actions
        count = getattr(state.turn, "dice_count", 5)  # the game's dice: three for Crag
        throws = [i for i in state.legal_action_ids() if isinstance(space[i], Roll)]
        for i in rng.sample(throws, min(3, len(throws))):
            keep = space[i].keep  # type: ignore[attr-defined]
            faces = yamskit.Dice(tuple(rng.randint(1, 6) for _ in range(count - len(keep))))
            fresh = attrs.evolve(state)  # a copy without its legal ids listed: the full check runs
            assert fresh._legal is None
            assert state.apply(Roll(keep, faces)) == fresh.apply(Roll(keep, faces))
            with pytest.raises(yamskit.ThrowOutcomeError):
                state.apply(Roll(keep, yamskit.Dice((*faces.faces, 1)) if len(faces) < count else yamskit.Dice()))
        keeps = sum(1 for action in space if isinstance(action, Roll))  # the throw ids: 462 for five dice
        kept = [i for i in range(1, keeps) if i not in set(throws)]
        if state.turn.has_thrown and kept:
            with pytest.raises(IllegalActionError):
                state.apply(Roll(space[kept[0]].keep, "1" * (count - len(space[kept[0]].keep))))  # type: ignore[attr-defined]


def test_the_stranding_guard_refuses_a_third_throw_when_only_the_second_throw_column_is_left() -> None:
    v = two_columns()
    game = v.new_game(players=["Ann"], seed=3)
    # cross out every box but ('ones', 'patient'); the 'patient' column takes dice of the second throw only
    while game.sheets[0].empty_count > 1:
        game = game.apply(Roll(outcome="11111"))
        crosses = [
            a
            for a in game.legal_actions()
            if isinstance(a, yamskit.Scratch) and (a.row, a.column) != ("ones", "patient")
        ]
        if crosses:
            game = game.apply(crosses[0])
    game = game.apply(Roll(outcome="12345"))
    assert game.legal_action_ids() == reference_ids(game)
    assert all(i < 462 for i in game.legal_action_ids())  # nothing to place on the first throw
    game = game.apply(Roll(keep="12", outcome="345"))
    ids = game.legal_action_ids()
    assert not any(i < 462 for i in ids)  # a third throw would leave no box
    with pytest.raises(yamskit.ColumnConditionError):
        game.apply(Roll())
