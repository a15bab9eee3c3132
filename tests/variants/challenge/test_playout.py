"""Yams Challenge: whole games played at random, with the step invariants checked along the way."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.playout import random_playout
from tests.variants.challenge.test_challenge import COLUMNS, ROWS, V, new, only_left
from yamskit import Dice, Roll, Score, Scratch
from yamskit.actions import Action
from yamskit.scorecard import ScorecardGame

TURNS_PER_PLAYER = len(ROWS) * len(COLUMNS)  # 56


def candidates(state: ScorecardGame) -> Iterator[Action]:
    """Actions worth trying at any step: boxes of every column (legal or not) and odd throws."""
    for column in COLUMNS:
        for row in ("ones", "three_of_a_kind", "yams", "plus", "minus"):
            yield Score(row, column)
            yield Scratch(row, column)
    yield Roll()
    yield Roll(keep=Dice.parse("66666"))
    if state.turn.has_thrown:
        yield Roll(keep=state.dice)
        yield Roll(keep=Dice(state.dice.faces[:2]))


def assert_finished_properly(game: ScorecardGame) -> None:
    """Every box filled, 56 placements each, totals add up, plus above minus."""
    assert game.is_over
    assert list(game.legal_actions()) == []
    result = game.result()
    for p, sheet in enumerate(game.sheets):
        assert sheet.is_full
        placed = [m for m in game.history if m.player == p and isinstance(m.action, (Score, Scratch))]
        assert len(placed) == TURNS_PER_PLAYER
        details = result.details["players"][p]
        for c, column in enumerate(COLUMNS):
            boxes = sum(cell.value for cell in sheet.cells[c])
            upper = sum(cell.value for cell in sheet.cells[c][:6])
            bonus = 30 if upper >= 60 else 0
            assert details["columns"][column] == {
                "boxes": boxes,
                "upper": upper,
                "bonus": bonus,
                "total": boxes + bonus,
            }
            plus, minus = sheet.cells[c][ROWS.index("plus")], sheet.cells[c][ROWS.index("minus")]
            if plus.holds_number and minus.holds_number:
                assert plus.value > minus.value
        assert result.scores[p] == sum(col["total"] for col in details["columns"].values())
    best = max(result.scores)
    assert {game.players[i] for i, s in enumerate(result.scores) if s == best} == set(result.winner_names)


def test_solo_game_checked_at_every_step() -> None:
    final, chosen = random_playout(new(seed=11), random.Random(11), candidates)
    assert_finished_properly(final)
    assert sum(isinstance(a, (Score, Scratch)) for a in chosen) == TURNS_PER_PLAYER


@pytest.mark.parametrize(("players", "every"), [(2, 5), (3, 17)])
def test_multiplayer_games_end_with_every_box_filled(players: int, every: int) -> None:
    names = tuple(f"P{i}" for i in range(players))
    final, chosen = random_playout(
        new(names, seed=players), random.Random(players), candidates, every=every, apply_all=False
    )
    assert_finished_properly(final)
    assert sum(isinstance(a, (Score, Scratch)) for a in chosen) == players * TURNS_PER_PLAYER


def test_dry_column_alone_is_played_to_the_end_without_stranding() -> None:
    """Only the 14 dry boxes open: every step checked, keeps on the last throw never offered."""
    game = only_left(new(("Ann",), seed=5), {(r, "dry") for r in ROWS})
    state, _ = random_playout(game, random.Random(5), candidates)
    assert state.is_over
    last_throw = None
    for move in state.history:
        if isinstance(move.action, Roll):
            last_throw = move.action
        else:
            assert isinstance(move.action, (Score, Scratch))
            assert move.action.column == "dry"
            assert last_throw is not None
            assert len(last_throw.keep) == 0, "dry takes only a throw of all five dice"


@pytest.mark.parametrize("seed", [1, 2])
def test_same_seed_and_same_actions_give_the_same_game(seed: int) -> None:
    names = ("Ann", "Bob")
    first, chosen = random_playout(new(names, seed=seed), random.Random(seed), every=1000, apply_all=False)
    replay = new(names, seed=seed)
    for action in chosen:
        replay = replay.apply(action)
    assert replay == first
    assert replay.to_json() == first.to_json()
    assert replay.history == first.history
    other, _ = random_playout(V.new_game(players=names, seed=seed + 100), random.Random(seed), every=1000)
    assert other.history != first.history
