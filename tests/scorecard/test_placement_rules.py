"""Placements as they pass through placement rules: a 0 keeps what it was written for.

(A joker naming a row the sheet lacks is refused when the variant is defined: see
``test_rule_sheet_checks.py``.)
"""

from __future__ import annotations

import attrs

import yamskit
from yamskit import Roll, Score
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
