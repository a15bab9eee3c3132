"""A position's Yams bonuses must be ones a game could have paid (`FiveOfAKindBonus.check_position`).

Classic Yams with ``yams_bonus=100`` pays 100 beside the boxes for each further five of a
kind while the Yams box holds points. So the points beside the boxes are a whole number of
bonuses, none unless the Yams box holds points (not a 0, not a cross), and each bonus needs
a filled box other than the Yams that a five of a kind could have filled: a number box
holding five of its face, a box that pays five of a kind its points (three of a kind,
chance), a crossed-out box, and under a joker a lower box at its full value. Each refusal
below is checked by its message, and each sits beside the nearest accepted position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

import yamskit
from tests.position.test_position import refused
from yamskit import ScorecardVariant
from yamskit.categories import Category, is_five_of_a_kind, upper, when
from yamskit.position import ImpossibleSheetError
from yamskit.scorecard.house_rules import FiveOfAKindBonus

CLASSIC = yamskit.variant("classic", yams_bonus=100)
YAHTZEE = yamskit.variant("yahtzee")


def _players(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


def bonus_refused(variant: ScorecardVariant, sheets: Sequence[Mapping[str, object]], extra: list[int]) -> str:
    """The message refusing the sheets (players P1, P2...) with ``extra`` beside them, by rule ``bonus_points``."""
    return refused(
        ImpossibleSheetError, "bonus_points", variant.position, _players(len(sheets)), sheets=sheets, extra=extra
    )


def extras(variant: ScorecardVariant, sheets: Sequence[Mapping[str, object]], extra: list[int]) -> list[int]:
    """The points beside the boxes of the position the sheets set up, once it is accepted."""
    return [sheet.extra for sheet in variant.position(_players(len(sheets)), sheets=sheets, extra=extra).sheets]


def test_the_points_are_a_whole_number_of_bonuses() -> None:
    assert extras(CLASSIC, [{"yams": 50, "ones": 5}], [100]) == [100]
    message = bonus_refused(CLASSIC, [{"yams": 50, "ones": 5}], [150])
    assert message == (
        "P1's points beside the boxes (150) must be a multiple of the 100-point bonus (rule: bonus_points)"
    )


@pytest.mark.parametrize("yams", [0, "x", None])
def test_a_bonus_needs_points_in_the_yams_box(yams: object) -> None:
    sheet = {"ones": 5, "sixes": 30} if yams is None else {"yams": yams, "ones": 5, "sixes": 30}
    message = bonus_refused(CLASSIC, [sheet], [100])
    assert message == (
        "P1's points beside the boxes (100): a bonus is paid only while the box 'yams' holds points "
        "(rule: bonus_points)"
    )


def test_a_box_after_empty_ones_gives_room_too() -> None:
    assert extras(CLASSIC, [{"yams": 50, "sixes": 30}], [100]) == [100]
    assert extras(CLASSIC, [{"yams": 50, "chance": 30}], [100]) == [100]  # the chance pays 66666 its 30


def test_each_crossed_out_box_gives_room_for_one_bonus() -> None:
    assert extras(CLASSIC, [{"yams": 50, "ones": "x", "twos": "x"}], [200]) == [200]
    message = bonus_refused(CLASSIC, [{"yams": 50, "ones": "x"}], [200])
    assert message == (
        "P1's points beside the boxes (200): 2 further five of a kind need 2 other filled boxes a five of a kind "
        "can fill, but there are 1 (rule: bonus_points)"
    )


def test_a_box_no_five_of_a_kind_fills_gives_no_room() -> None:
    for sheet in ({"yams": 50, "full_house": 25}, {"yams": 50, "ones": 4}, {"yams": 50, "large_straight": 40}):
        assert "but there are 0" in bonus_refused(CLASSIC, [sheet], [100])


def test_under_a_joker_a_lower_box_at_full_value_gives_room() -> None:
    # Yahtzee's forced joker writes 25 in the full house once the number box is filled
    assert extras(YAHTZEE, [{"yams": 50, "full_house": 25, "twos": 10}], [100]) == [100]
    assert extras(YAHTZEE, [{"yams": 50, "chance": 30, "sixes": 30}], [200]) == [200]
    message = bonus_refused(YAHTZEE, [{"yams": 50, "sixes": 30}], [200])
    assert "2 further five of a kind need 2 other filled boxes a five of a kind can fill, but there are 1" in message


def test_every_players_points_are_checked_and_the_refusal_names_the_player() -> None:
    ann, bob = {"yams": 50, "ones": 5}, {"yams": 50, "twos": 8}
    assert extras(CLASSIC, [ann, bob], [100, 0]) == [100, 0]
    assert extras(CLASSIC, [ann, {"yams": 50, "twos": 10}], [0, 100]) == [0, 100]
    for extra in ([100, 100], [0, 100]):  # P1 without points beside the boxes is passed over, not the end of it
        message = bonus_refused(CLASSIC, [ann, bob], extra)
        assert message.startswith("P2's points beside the boxes (100): 1 further five of a kind need 1 other filled")


def test_a_free_joker_writes_its_own_0_in_a_lower_box_while_the_number_box_is_open() -> None:
    """66666 in the full house before the sixes: classic's full house pays it 0, and the bonus is paid."""
    free = yamskit.variant("classic", joker="free", yams_bonus=100)
    assert extras(free, [{"yams": 50, "full_house": 0}], [100]) == [100]
    assert extras(free, [{"yams": 50, "full_house": 25, "sixes": 12}], [100]) == [100]  # at full value after the sixes


def test_a_yams_row_of_a_users_own_that_pays_1_still_holds_points() -> None:
    rows = [upper(6), Category("yams", when(is_five_of_a_kind, 1))]
    small = ScorecardVariant.define("one-point-yams", rows=rows, rules=[FiveOfAKindBonus(100)])
    assert extras(small, [{"yams": 1, "sixes": 30}], [100]) == [100]
    assert "holds points" in bonus_refused(small, [{"yams": 0, "sixes": 30}], [100])


def test_the_witness_tells_apart_the_sheets_the_forced_joker_reads() -> None:
    """A bonus the joker allows only once other boxes are filled is found: the search orders the boxes for it.

    In the first sheet the bonus is 55555 written as a full house at 25, which the forced joker
    allows only once the fives are filled (before, 55555 must go there): so what writing the
    full house can earn depends on which number boxes are filled. In the second it is 44444
    written as a 0 in the sixes, which the forced joker allows only once the fours and every
    lower box are filled: so it depends on whether a lower box is still open.
    """
    first = {"yams": 50, "fives": 20, "chance": 30, "full_house": 25}
    assert extras(YAHTZEE, [first], [100]) == [100]
    lower = {"three_of_a_kind": 17, "four_of_a_kind": 0, "full_house": 0, "small_straight": 0, "large_straight": 0}
    second = {"yams": 50, "fours": 16, "sixes": 0, "chance": 17, **lower}
    assert extras(YAHTZEE, [second], [100]) == [100]
