"""Yacht scores as the outside sources do: every case of exercism's canonical data, OpenSpiel on every roll.

Sources (cited on docs/rules/yacht.md):

* exercism/problem-specifications, exercises/yacht/canonical-data.json: every case
  (``tests.test_yacht_howto.EXERCISM_CASES``, the same cases the how-to's Yacht is checked on);
* OpenSpiel's ``yacht`` (open_spiel/games/yacht/yacht.cc), asked for its score of every roll
  in every box where ``pyspiel`` is installed (the ``openspiel`` extra);
* Wikipedia, *Yacht (dice game)*: the highest possible total, 297, with both straights at 30.
"""

from __future__ import annotations

from typing import Any

import pytest

import yamskit
from tests.test_yacht_howto import EXERCISM_CASES, OPENSPIEL_ROWS, _openspiel_score
from yamskit import Dice, RuleConfigError
from yamskit.dice import ROLLS

OPENSPIEL = {"four_of_a_kind": "all_dice", "full_house_from_five": True}


@pytest.mark.parametrize(
    ("description", "dice", "category", "expected"), EXERCISM_CASES, ids=[c[0] for c in EXERCISM_CASES]
)
def test_every_case_of_exercisms_canonical_data(
    description: str, dice: list[int], category: str, expected: int
) -> None:
    assert yamskit.variant("yacht").score(category, Dice(dice)) == expected, description


def test_openspiels_yacht_scores_every_roll_as_openspiel_does() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the 'openspiel' extra")
    game = pyspiel.load_game("yacht", {"players": 1})
    variant = yamskit.variant("yacht", **OPENSPIEL)
    assert sorted(variant.rows) == sorted(OPENSPIEL_ROWS)
    differ = [
        (str(roll), row)
        for roll in ROLLS
        for category, row in enumerate(OPENSPIEL_ROWS)
        if variant.score(row, roll) != _openspiel_score(pyspiel, game, roll, category)
    ]
    assert not differ


def test_openspiels_reading_differs_from_exercisms_in_exactly_two_boxes() -> None:
    default, openspiel = yamskit.variant("yacht"), yamskit.variant("yacht", **OPENSPIEL)
    changed = {row for roll in ROLLS for row in default.rows if default.score(row, roll) != openspiel.score(row, roll)}
    assert changed == {"four_of_a_kind", "full_house"}
    # each option changes its own box only
    for options, row in [
        ({"four_of_a_kind": "all_dice"}, "four_of_a_kind"),
        ({"full_house_from_five": True}, "full_house"),
    ]:
        other = yamskit.variant("yacht", **options)
        assert {r for roll in ROLLS for r in default.rows if default.score(r, roll) != other.score(r, roll)} == {row}


def test_the_highest_possible_total_is_297_and_there_is_no_bonus() -> None:
    variant = yamskit.variant("yacht")
    assert sum(variant.category(row).max for row in variant.rows) == 297
    assert variant.rules.bonus is None
    assert variant.rules.placement_rules == ()
    assert variant.rows == (
        "ones", "twos", "threes", "fours", "fives", "sixes",
        "full_house", "four_of_a_kind", "little_straight", "big_straight", "choice", "yacht",
    )  # fmt: skip


@pytest.mark.parametrize("spelling", ["yacht", "Yacht", "YACHT", "Yacht Dice", "yacht_dice"])
def test_the_preset_is_found_by_its_names(spelling: str) -> None:
    assert yamskit.variant(spelling).name == "yacht"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"four_of_a_kind": "five_dice"}, "four_of_a_kind must be 'four_dice' or 'all_dice', not 'five_dice'"),
        ({"full_house_from_five": 0}, "full_house_from_five must be True or False, not 0"),
        (
            {"yams_bonus": 100},
            "variant 'yacht' has no option 'yams_bonus'; options: four_of_a_kind, full_house_from_five",
        ),
    ],
)
def test_a_bad_option_is_refused_by_name(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleConfigError, match=message):
        yamskit.variant("yacht", **options)


def test_options_are_recorded_so_a_save_rebuilds_the_same_variant() -> None:
    variant = yamskit.variant("yacht", **OPENSPIEL)
    assert variant.options == OPENSPIEL
    game = variant.new_game(players=["Ann", "Bob"], seed=5)
    assert yamskit.load_game(game.to_json()).variant == variant
    assert yamskit.variant("yacht").options == {"four_of_a_kind": "four_dice", "full_house_from_five": False}


def test_describe_names_every_box_the_rulings_and_the_options() -> None:
    text = yamskit.variant("yacht").describe()
    assert text.splitlines()[0] == "yacht: 12 rows x 1 column(s), 3 throws a turn"
    assert "Upper bonus" not in text
    assert "Options: four_of_a_kind='four_dice', full_house_from_five=False" in text
    for words in (
        "five of a kind is not a full house",
        "OpenSpiel",
        "exercism",
        "end: after 12 rounds",
        "share the win",
    ):
        assert words in text, words


def test_a_game_total_is_the_sum_of_its_boxes() -> None:
    game = yamskit.variant("yacht").new_game(players=["Ann"], seed=2)
    for outcome, row in [("66666", "yacht"), ("66666", "four_of_a_kind"), ("22444", "full_house"), ("12345", "choice")]:
        game = game.apply(yamskit.Roll(outcome=outcome)).apply(yamskit.Score(row))
    assert game.result().scores == (50 + 24 + 16 + 15,)
