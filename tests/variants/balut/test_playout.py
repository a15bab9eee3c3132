"""Whole Balut games: random playouts through legal_actions() and apply(), every invariant checked at every step.

28 turns a player, four boxes a category filled in order, the points recomputed here from the
sheet (`points_by_hand`), JSON and notation read back at every step, witness games reach the positions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import yamskit
from tests.playout import check_step
from tests.strategies import FULL_RUN
from tests.variants.balut.test_properties import CATEGORIES, points_by_hand
from tests.variants.preset_checks import candidates, check_notation, check_witness, placements
from yamskit import Roll, Score, Scratch
from yamskit.scorecard import ScorecardGame

OPTIONS: list[dict[str, Any]] = [{}, {"won_on": "total", "full_house_from_five": True}]


def _check_sheet_and_points(game: ScorecardGame) -> None:
    rules = game.rules
    result = game.result()
    counts = [placements(game, p) for p in range(len(game.players))]
    assert max(counts) - min(counts) <= 1
    assert max(counts) <= 28
    assert game.is_over == (min(counts) == 28)
    for p, sheet in enumerate(game.sheets):
        held: dict[str, list[int | None]] = {}
        filled = 0
        for row in CATEGORIES:
            boxes = rules.category_boxes(sheet, row)
            assert len(boxes) == 4
            empty = [cell.is_empty for cell in boxes]
            assert empty == sorted(empty), f"{row}: the boxes fill in order"  # filled ones first
            held[row] = [0 if cell.scratched else cell.points for cell in boxes]
            filled += empty.count(False)
        assert filled == counts[p]
        points, total = points_by_hand(held)
        if game.variant.options["won_on"] == "points":
            assert (result.scores[p], result.totals[p]) == (points, total)
        else:
            assert result.scores[p] == total
            assert result.totals == ()
    if game.is_over and game.variant.options["won_on"] == "points":
        best = max(zip(result.scores, result.totals, strict=True))
        assert {game.players[p] for p in result.winners} == {
            game.players[p] for p in range(len(game.players)) if (result.scores[p], result.totals[p]) == best
        }


def _balut_candidates(game: ScorecardGame) -> list[Any]:
    """Plausible actions, legal or not: the generic ones, a further box named, a full category."""
    rng = random.Random(len(game.history))
    row = rng.choice(CATEGORIES)
    return [*candidates(game), Score(f"{row}_{rng.randint(2, 4)}"), Scratch(row), Score(row)]


@pytest.mark.parametrize(
    ("options", "players"),
    [({}, 1), pytest.param({}, 2, marks=pytest.mark.slow), pytest.param(OPTIONS[1], 3, marks=pytest.mark.slow)],
)  # 6 s for one player; 25 and 40 s for two and three, left to the full run
def test_random_games_keep_every_invariant_at_every_step(options: dict[str, Any], players: int) -> None:
    variant = yamskit.variant("balut", **options)
    rng = random.Random(f"balut {sorted(options.items())} {players}")
    state = start = variant.new_game([f"P{i}" for i in range(players)], seed=rng.randrange(2**32))
    chosen = []
    witness_every = 9 if FULL_RUN else 40
    for step in range(10_000):
        _check_sheet_and_points(state)
        check_step(state, _balut_candidates(state), apply_all=players == 1)  # JSON read back inside
        assert yamskit.load_game(state.to_json()).to_json() == state.to_json()
        check_notation(variant, state)
        if step % witness_every == 0 or state.is_over:
            check_witness(variant, state)
        if state.is_over:
            break
        legal = state.legal_actions()
        for action in legal:  # a category is listed by its own row while it has a free box, never a box of it
            if isinstance(action, (Score, Scratch)):
                assert action.row in CATEGORIES
        action = rng.choice(list(legal))
        chosen.append(action)
        state = state.apply(action)
    assert state.is_over
    assert all(sheet.is_full for sheet in state.sheets)
    assert sum(isinstance(a, Score | Scratch) for a in chosen) == 28 * players
    replayed = start
    for action in chosen:
        replayed = replayed.apply(action)
    assert replayed == state


def test_games_full_of_baluts_and_straights_score_their_points() -> None:
    rng = random.Random(1979)
    variant = yamskit.variant("balut")
    for game_index in range(4 if FULL_RUN else 2):
        state = variant.new_game(["Ann", "Bob"], seed=game_index)
        while not state.is_over:
            if not state.turn.throws:
                faces = rng.choice(["66666", "23456", "12345", "66655", "44444"])
                state = state.apply(Roll(outcome=faces))
            else:
                state = state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Score)]))
            _check_sheet_and_points(state)
        check_witness(variant, state)


def test_a_record_of_a_game_replays_and_checks_its_claimed_points() -> None:
    from yamskit.records.check import check_record
    from yamskit.records.model import GameRecord

    rng = random.Random(9)
    state = yamskit.variant("balut").new_game(["Ann", "Bob"], seed=9)
    while not state.is_over:
        state = state.apply(rng.choice(list(state.legal_actions())))
    record = GameRecord.from_game(state, claimed=True)
    assert check_record(record.to_data(), strict_dice=True).valid
    assert record.claimed == dict(zip(state.players, state.result().scores, strict=True))
    wrong = {name: points + 1 for name, points in record.claimed.items()}
    assert not check_record(GameRecord.from_game(state, claimed=wrong)).valid
