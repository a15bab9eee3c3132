"""Placements as they pass through placement rules: a 0 keeps what it was written for, and
a joker naming a row the sheet lacks refuses every five of a kind.
"""

from __future__ import annotations

import attrs
import pytest

import yamskit
from yamskit import Roll, Score, ScorecardVariant, Scratch
from yamskit.categories import Category, total, upper
from yamskit.scorecard.house_rules import Joker
from yamskit.scorecard.placement import Placement


def test_a_placement_written_as_zero_keeps_its_box_dice_turn_and_what_was_asked() -> None:
    game = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
    game = game.apply(Roll(outcome="66661")).apply(Score("sixes", "free"))
    game = game.apply(Roll(outcome="66612"))
    before = Placement(1, "sixes", "free", game.turn.dice, game.turn, False, 18, False, 5, (("x", "y"),), ("n",))

    zero = before.written_as_zero("golden rule")

    assert zero == attrs.evolve(before, points=0, crossed=True, notes=("n", "golden rule"))
    # What the golden rule writes for the same box, through the public preview and the game.
    shown = game.placement(Score("sixes", "free"))
    assert (shown.dice, shown.turn, shown.scratch, shown.points, shown.crossed) == (
        game.turn.dice,
        game.turn,
        False,
        0,
        True,
    )
    after = game.apply(Score("sixes", "free"))
    assert after.cell(1, "sixes", "free").scratched


def _without_yams_row(joker: str) -> ScorecardVariant:
    """A sheet with no ``yams`` row, whose joker still names ``yams``."""
    return ScorecardVariant.define(
        "no-yams-row",
        rows=[*(upper(face) for face in range(1, 7)), Category("chance", total)],
        rules=[Joker(joker)],
    )


@pytest.mark.parametrize("joker", ["free", "forced", "seed"])
def test_a_joker_naming_a_row_the_sheet_lacks_refuses_every_five_of_a_kind(joker: str) -> None:
    game = _without_yams_row(joker).new_game(players=["Ann"], seed=1).apply(Roll(outcome="55555"))

    placements = [a for a in game.legal_actions() if isinstance(a, (Score, Scratch))]

    assert placements == []
    for action in (Score("fives"), Score("chance"), Scratch("ones")):
        assert not game.is_legal(action)
        with pytest.raises(yamskit.UnknownActionError, match="unknown row 'yams'"):
            game.apply(action)


@pytest.mark.parametrize("joker", ["free", "forced", "seed"])
def test_a_joker_naming_a_row_the_sheet_lacks_leaves_other_dice_alone(joker: str) -> None:
    game = _without_yams_row(joker).new_game(players=["Ann"], seed=1).apply(Roll(outcome="55554"))

    scores = {a.row for a in game.legal_actions() if isinstance(a, Score)}

    assert scores == {"ones", "twos", "threes", "fours", "fives", "sixes", "chance"}
    assert game.apply(Score("fives")).cell(0, "fives").value == 20
