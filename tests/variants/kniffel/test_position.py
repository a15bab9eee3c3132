"""A Kniffel position's points beside the boxes must be bonuses its sheet could have paid.

Schmidt Spiele's sheet pays 50 beside the boxes for a further Kniffel written in the number
box of its face, once the Kniffel box holds an entry (points or a 0): the rule
`yamskit.NumberBoxBonus`. So a position's points beside the boxes are a whole number of
bonuses, none before the Kniffel box is filled, and no more of them than number boxes holding
five of their face (five 1s in the Einser: 5, five 6s in the Sechser: 30). Each refused
position below sits beside the nearest one a game does reach, which is accepted, so the
refusal comes from what the test changed.
"""

from __future__ import annotations

import attrs
import pytest

import yamskit
from tests.position.test_yams_bonus_positions import bonus_refused, extras
from yamskit import Roll, Score, ScorecardVariant, Scratch
from yamskit.categories import Category, is_five_of_a_kind, upper, when
from yamskit.position import ImpossibleSheetError
from yamskit.scorecard.house_rules import NumberBoxBonus

KNIFFEL = yamskit.variant("kniffel")
FACES = ("einser", "zweier", "dreier", "vierer", "fuenfer", "sechser")


def test_the_points_are_a_whole_number_of_bonuses() -> None:
    sheets = [{"kniffel": 50, "sechser": 30}]
    assert extras(KNIFFEL, sheets, [50]) == [50]
    for extra in (25, 60, 99):
        message = bonus_refused(KNIFFEL, sheets, [extra])
        assert message.startswith(f"P1's points beside the boxes ({extra}) must be a multiple of the 50-point bonus")


def test_a_bonus_is_paid_only_once_the_kniffel_box_is_filled_by_points_or_a_0() -> None:
    for kniffel in (50, 0):
        assert extras(KNIFFEL, [{"kniffel": kniffel, "sechser": 30}], [50]) == [50]
    message = bonus_refused(KNIFFEL, [{"sechser": 30}], [50])
    assert "a bonus is paid only once the box 'kniffel' is filled" in message


@pytest.mark.parametrize("face", range(1, 7))
def test_each_number_box_holding_five_of_its_face_has_room_for_one_bonus(face: int) -> None:
    row = FACES[face - 1]
    assert extras(KNIFFEL, [{"kniffel": 50, row: 5 * face}], [50]) == [50]
    message = bonus_refused(KNIFFEL, [{"kniffel": 50, row: 4 * face}], [50])  # four of its face: no further Kniffel
    assert message.endswith(
        "1 further Kniffel need 1 number boxes holding five of their face, but there are 0 (rule: bonus_points)"
    )


def test_the_bonuses_are_counted_against_every_number_box_that_has_room() -> None:
    sheet = {"kniffel": 50, "einser": 5, "zweier": 10, "dreier": 12, "sechser": 30, "chance": 30}
    assert extras(KNIFFEL, [sheet], [150]) == [150]  # einser, zweier, sechser: three
    message = bonus_refused(KNIFFEL, [sheet], [200])
    assert "4 further Kniffel need 4 number boxes holding five of their face, but there are 3" in message
    full = {"kniffel": 0, **{row: 5 * face for face, row in enumerate(FACES, start=1)}}
    assert extras(KNIFFEL, [full], [300]) == [300]
    assert "7 further Kniffel" in bonus_refused(KNIFFEL, [full], [350])


def test_every_players_points_are_checked_and_the_refusal_names_the_player() -> None:
    ann, bob = {"kniffel": 50, "fuenfer": 25}, {"kniffel": 50, "fuenfer": 20}
    assert extras(KNIFFEL, [ann, bob], [50, 0]) == [50, 0]
    assert extras(KNIFFEL, [bob, ann], [0, 50]) == [0, 50]
    for extra in ([50, 50], [0, 50]):  # P1 without points beside the boxes is passed over, not the end of it
        message = bonus_refused(KNIFFEL, [ann, bob], extra)
        assert message.startswith("P2's points beside the boxes (50): 1 further Kniffel")


def test_another_bonus_counts_in_its_own_unit() -> None:
    hundred = yamskit.variant("kniffel", kniffel_bonus=100)
    assert extras(hundred, [{"kniffel": 0, "vierer": 20, "sechser": 30}], [200]) == [200]
    assert "multiple of the 100-point bonus" in bonus_refused(hundred, [{"kniffel": 50, "sechser": 30}], [50])
    assert "3 further Kniffel" in bonus_refused(hundred, [{"kniffel": 50, "vierer": 20, "sechser": 30}], [300])


def test_a_bonus_of_0_reads_no_points_beside_the_boxes() -> None:
    game = KNIFFEL.position(["Ann"], sheets=[{"kniffel": 50, "sechser": 30}], extra=[50])
    bonus = next(rule for rule in KNIFFEL.rules.placement_rules if isinstance(rule, NumberBoxBonus))
    assert bonus.check_position(game) is None
    assert attrs.evolve(bonus, points=0).check_position(game) is None  # nothing to divide by, nothing to check
    forged = attrs.evolve(game, sheets=(attrs.evolve(game.sheets[0], extra=60),))
    with pytest.raises(ImpossibleSheetError, match="multiple of the 50-point bonus"):
        bonus.check_position(forged)
    assert attrs.evolve(bonus, points=0).check_position(forged) is None


def test_on_a_sheet_without_some_number_rows_only_the_rows_it_has_give_room() -> None:
    rows = [upper(5, "fuenfer"), upper(6, "sechser"), Category("kniffel", when(is_five_of_a_kind, 50))]
    small = ScorecardVariant.define("kniffel-small", rows=rows, rules=[NumberBoxBonus(50, row="kniffel", upper=FACES)])
    assert extras(small, [{"kniffel": 50, "fuenfer": 25, "sechser": 30}], [100]) == [100]
    message = bonus_refused(small, [{"kniffel": 50, "fuenfer": 25}], [100])
    assert "2 further Kniffel need 2 number boxes holding five of their face, but there are 1" in message


def test_the_bonus_is_noted_on_the_placement_and_never_paid_for_a_cross() -> None:
    game = KNIFFEL.new_game(players=["Ann"], seed=1).apply(Roll(outcome="22222")).apply(Score("kniffel"))
    game = game.apply(Roll(outcome="55555"))
    written = game.placement(Score("fuenfer"))
    assert (written.points, written.extra, written.notes) == (25, 50, ("bonus 50",))
    crossed = game.placement(Scratch("fuenfer"))
    assert (crossed.crossed, crossed.extra, crossed.notes) == (True, 0, ())
    assert game.apply(Scratch("fuenfer")).sheets[0].extra == 0
