"""Positions of sheets of other dice counts than five: accepted only with a game that reaches them.

The witness search throws the sheet's own dice, for any number of throws: a box holds only
what some roll of that many dice writes there; a turn under way shows that many dice; the
game found replays to the position, through its record, its notation and its save.
"""

from __future__ import annotations

from typing import Any

import pytest

import yamskit
from yamskit.categories import Category, n_of_a_kind, total, upper, when
from yamskit.position import check_reachable
from yamskit.position.witness import difference
from yamskit.scorecard import ScorecardGame, ScorecardVariant, UpperBonus


def _sheet(dice: int, throws: int) -> ScorecardVariant:
    rows = [
        *(upper(face) for face in range(1, 7)),
        Category("chance", total),
        Category("all_alike", when(n_of_a_kind(dice), 50)),
    ]
    return ScorecardVariant.define(
        f"sheet-{dice}x{throws}", rows=rows, dice=dice, max_throws=throws, bonus=UpperBonus.single(10 * dice, 35)
    )


SHEETS = [(1, 1), (3, 2), (4, 10), (6, 3), (6, 4), (8, 1)]


def _reaches(variant: ScorecardVariant, game: Any) -> None:
    record = variant.witness(game)
    reached = record.to_game(variant=variant)
    assert difference(reached, game) is None
    assert yamskit.load_game(game.to_json(), variant=variant) == game


@pytest.mark.parametrize(("dice", "throws"), SHEETS, ids=[f"{d}x{t}" for d, t in SHEETS])
def test_a_position_of_any_dice_and_throws_is_reached_by_its_witness(dice: int, throws: int) -> None:
    variant = _sheet(dice, throws)
    boxes = {"sixes": 6 * dice, "chance": 6 * dice, "all_alike": 50, "ones": "x", "twos": 2}
    game = variant.position(
        ["Ann", "Bob"], sheets=[boxes, {"threes": 3, "fours": "x", "chance": dice + 1, "fives": 0, "twos": 0}]
    )
    _reaches(variant, game)
    assert game.result().scores[0] == 6 * dice * 2 + 50 + 2 + (35 if 6 * dice + 2 >= 10 * dice else 0)
    shown = "1" * (dice - 1) + "6"
    kept = shown[:-1] if throws > 1 else ""  # the first throw keeps nothing
    mid = variant.position(["Ann"], sheets=[{"chance": dice}], dice=shown, throws=throws, kept=kept, seed=2)
    assert mid.turn.throws_used == throws
    assert str(mid.turn.dice) == "".join(sorted(shown))
    _reaches(variant, mid)


@pytest.mark.parametrize(("dice", "throws"), SHEETS, ids=[f"{d}x{t}" for d, t in SHEETS])
def test_a_box_no_roll_of_the_sheets_dice_writes_is_refused(dice: int, throws: int) -> None:
    variant = _sheet(dice, throws)
    with pytest.raises(yamskit.PositionError, match=f"no roll gives {6 * dice + 6} in sixes"):
        variant.position(["Ann"], sheets=[{"sixes": 6 * dice + 6}])
    with pytest.raises(yamskit.PositionError, match="in chance"):
        variant.position(["Ann"], sheets=[{"chance": dice - 1}])
    message = f"throws {dice} dice, not {dice + 1}" if dice < 8 else "a game throws at most 8"
    with pytest.raises(yamskit.PositionError, match=message):
        variant.position(["Ann"], dice="1" * (dice + 1))
    with pytest.raises(yamskit.PositionError, match=f"0 to {throws}"):
        variant.position(["Ann"], dice="1" * dice, throws=throws + 1)


def test_crag_positions_go_through_the_registry_the_notation_and_check_reachable() -> None:
    crag = yamskit.variant("Crag")
    game = crag.position(["Ann", "Bob"], sheets=[{"crag": 50, "thirteen": 26}, {"odd_straight": 20, "ones": 2}], seed=6)
    assert game.variant.name == "crag"
    back = crag.from_notation(game.to_notation())
    assert isinstance(back, ScorecardGame)
    assert isinstance(game, ScorecardGame)
    assert back.sheets == game.sheets
    assert yamskit.from_notation(game.to_notation()).variant == crag
    check_reachable(back)
    bad = game.to_notation().replace("50", "25", 1)
    with pytest.raises(yamskit.PositionError, match="no roll gives 25 in crag"):
        yamskit.from_notation(bad)
    with pytest.raises(yamskit.PositionError):
        crag.position(["Ann"], sheets=[{"three_of_a_kind": 24}])
