"""Messages read as a new user reads them: the numbers in the right places, the right plurals."""

from __future__ import annotations

import pytest

import yamskit
from yamskit import GameRecord, Move, Roll, Score
from yamskit.position import ImpossibleTurnError


def test_a_turn_order_error_says_how_many_empty_boxes_a_sheet_should_have_and_has() -> None:
    # 0.2.0 said "so Ann has 13 empty boxes, not 7" of a sheet with 7 empty boxes
    upper = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}
    with pytest.raises(ImpossibleTurnError, match="so Ann should have 13 empty boxes, not 7"):
        yamskit.variant("classic").position(["Ann", "Bob"], sheets=[upper, {}], current_player=1)


@pytest.mark.parametrize(
    ("claimed", "said"), [(1, "claims 1 point,"), (2, "claims 2 points,"), (0, "claims 0 points,")]
)
def test_a_wrong_claim_counts_its_points_in_english(claimed: int, said: str) -> None:
    moves = (Move(0, Roll(outcome="12345")), Move(0, Score("chance")))
    record = GameRecord("classic", players=("Ann",), seed=3, moves=moves, claimed={"Ann": claimed})
    assert said in yamskit.check_record(record.dump()).summary()


@pytest.mark.parametrize(("name", "spelled"), [("classic", "Scratch(row)"), ("challenge", "Scratch(row, column)")])
def test_the_rules_text_spells_crossing_out_as_the_sheet_takes_it(name: str, spelled: str) -> None:
    # 0.2.0 showed Scratch(row, column) for one-column sheets too
    (line,) = [line for line in yamskit.variant(name).describe().splitlines() if line.startswith("Crossing out")]
    assert line == f"Crossing out: {spelled} writes x (0)"


def test_a_record_given_a_variant_object_says_what_to_pass() -> None:
    # 0.2.0 accepted it, then refused the record when written ("must be a name")
    from yamskit import DeserializationError

    with pytest.raises(DeserializationError, match=r"GameRecord\(variant.name, options=dict\(variant.options\)"):
        GameRecord(yamskit.variant("classic"), players=("Ann",), seed=1)  # type: ignore[arg-type]
    with pytest.raises(DeserializationError, match="a registry name such as 'classic', not 5"):
        GameRecord(5, players=("Ann",), seed=1)  # type: ignore[arg-type]


def test_the_text_of_an_action_no_longer_legal_says_so_before_the_rule() -> None:
    # 0.2.0 raised the rule's error alone ("Ann must throw the dice before placing") from a
    # call that only asked for a text
    game = yamskit.variant("classic").new_game(["Ann"], seed=1).apply(Roll())
    chance = Score("chance")
    with pytest.raises(yamskit.MustRollFirstError, match=r"^score chance is not legal now, so it has no short text"):
        game.apply(chance).action_text(chance)
