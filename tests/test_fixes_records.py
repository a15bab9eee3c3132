"""Issue 12, items 8-11: Python-built records, dump/load symmetry, duplicate keys, strict dice."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import yamskit
from yamskit import DeserializationError, Move, Roll, Score
from yamskit.records import DiceMismatchError, GameRecord, check_record
from yamskit.serialization import parse_json


def classic_record(**fields: Any) -> GameRecord:
    base: dict[str, Any] = {"players": ("Ann",), "seed": 1, "moves": (Move(0, Roll(outcome="12345")),)}
    base.update(fields)
    return GameRecord("classic", **base)


# ---------------------------------------------------------------- 8. Python-built records
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"claimed": {"Zed": 3}}, "'Zed', who is not a player"),
        ({"moves": (Move(3, Roll(outcome="12345")),)}, r"moves\[0\].player must be a seat"),
        ({"moves": ({"player": 0, "action": {"type": "roll"}},)}, r"moves\[0\] must be a Move"),
        ({"moves": (Move(0, "roll"),)}, r"moves\[0\].action is not an action"),  # type: ignore[arg-type]
        ({"moves": (Move(0, Roll()),)}, "must give its faces"),
        ({"claimed": {"Ann": "3"}}, "whole number of points"),
        ({"metadata": {"rating": 1.5}}, "non-integer number"),
    ],
)
def test_check_record_validates_a_python_record_like_a_loaded_one(fields: dict[str, Any], message: str) -> None:
    record = classic_record(**fields)
    with pytest.raises(DeserializationError, match=message):
        check_record(record)


# Python-built records are checked before they are replayed, as check_record and dump check them.
BAD_PYTHON_RECORDS = [
    pytest.param({"moves": (Move(3, Roll(outcome="12345")),)}, r"moves\[0\].player must be a seat", id="seat"),
    pytest.param({"moves": (Move("0", Roll(outcome="12345")),)}, r"moves\[0\].player must be int", id="seat-name"),  # type: ignore[arg-type]
    pytest.param({"moves": ((0, Roll(outcome="12345")),)}, r"moves\[0\] must be a Move", id="tuple-move"),
    pytest.param({"moves": (Move(0, "roll"),)}, r"moves\[0\].action is not an action", id="action"),  # type: ignore[arg-type]
    pytest.param({"moves": (Move(0, Roll()),)}, "must give its faces", id="throw-without-faces"),
    pytest.param({"claimed": {"Zed": 3}}, "'Zed', who is not a player", id="claimed-name"),
    pytest.param({"metadata": {"rating": 1.5}}, "non-integer number", id="metadata-float"),
    pytest.param({"seed": -1}, "seed must be null or a whole number", id="seed"),
    pytest.param({"setup": {"first player": 0}}, "is not a keyword name", id="setup-key"),
]


@pytest.mark.parametrize(("fields", "message"), BAD_PYTHON_RECORDS)
def test_to_game_validates_a_python_record_like_check_record(fields: dict[str, Any], message: str) -> None:
    record = classic_record(**fields)
    with pytest.raises(DeserializationError, match=message):
        check_record(record)
    with pytest.raises(DeserializationError, match=message):
        record.to_game()


@pytest.mark.parametrize(("fields", "message"), BAD_PYTHON_RECORDS)
def test_replay_validates_a_python_record_before_the_first_state(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(DeserializationError, match=message):
        classic_record(**fields).replay()  # raised by the call, not by the first next()


def test_start_validates_a_python_record() -> None:
    with pytest.raises(DeserializationError, match="not a player"):
        classic_record(claimed={"Zed": 3}).start()


def test_a_valid_python_record_still_replays() -> None:
    record = classic_record(moves=(Move(0, Roll(outcome="22555")), Move(0, Score("full_house"))))
    states = list(record.replay())
    assert len(states) == 3
    assert record.to_game() == states[-1]
    assert record.to_game().result().scores == (25,)
    assert record.start() == states[0]


def test_a_record_of_an_unregistered_variant_still_replays_with_variant() -> None:
    rules = yamskit.variant("classic")
    game = rules.new_game(players=["Ann"], seed=3).apply(Roll())
    record = attrs.evolve(GameRecord.from_game(game), variant="house-classic")
    with pytest.raises(DeserializationError, match="not 'classic'"):
        record.to_game(variant=rules)  # the record names another variant
    assert attrs.evolve(record, variant="classic").to_game(variant=rules) == game


def test_a_rule_break_in_a_python_record_is_still_an_illegal_action() -> None:
    record = classic_record(moves=(Move(0, Score("chance")),))
    with pytest.raises(yamskit.MustRollFirstError):
        record.to_game()


def test_a_single_string_is_not_a_list_of_players() -> None:
    with pytest.raises(DeserializationError, match="single string"):
        GameRecord("classic", players="Ann", seed=1)  # type: ignore[arg-type]


def test_a_valid_python_record_still_checks() -> None:
    report = check_record(classic_record(moves=(Move(0, Roll(outcome="12345")), Move(0, Score("chance")))))
    assert (report.valid, report.scores) == (True, (15,))


# ---------------------------------------------------------------- 9. dump writes only what load reads
@pytest.mark.parametrize(
    "metadata",
    [
        {"rating": 1.5},
        {"deep": json.loads("[" * 40 + "]" * 40)},
        {"big": 10**40},
    ],
)
def test_dump_refuses_what_load_would_refuse(metadata: dict[str, Any]) -> None:
    record = classic_record(metadata=metadata)
    with pytest.raises(DeserializationError) as refused:
        record.dump()
    with pytest.raises(DeserializationError) as loading:
        GameRecord.load(json.dumps(record.to_data()))
    assert str(refused.value) == str(loading.value)


def test_what_dump_writes_load_reads() -> None:
    record = classic_record(metadata={"event": "club night", "table": 3, "tags": ["a", "b"]})
    assert GameRecord.load(record.dump()) == record


# ---------------------------------------------------------------- 10. duplicate keys
def test_duplicate_json_keys_are_refused() -> None:
    with pytest.raises(DeserializationError, match="duplicate key 'seed'"):
        parse_json('{"seed": 1, "seed": 2}')


def test_a_record_with_a_duplicate_key_is_refused() -> None:
    text = classic_record().dump().replace('"seed": 1', '"seed": 1, "seed": 2')
    with pytest.raises(DeserializationError, match="duplicate key"):
        check_record(text)


def test_a_save_with_a_duplicate_key_is_refused() -> None:
    text = yamskit.variant("classic").new_game(seed=1).to_json().replace('"seed":1', '"seed":1,"seed":2')
    with pytest.raises(DeserializationError, match="duplicate key"):
        yamskit.load_game(text)


# ---------------------------------------------------------------- 11. strict dice
def seeded_game() -> Any:
    game = yamskit.variant("classic").new_game(players=["Ann"], seed=5)
    return game.apply(Roll()).apply(Roll(keep="")).apply(Score("chance"))


def test_strict_dice_accepts_a_record_whose_throws_come_from_its_seed() -> None:
    record = GameRecord.from_game(seeded_game())
    assert check_record(record, strict_dice=True).valid


def test_strict_dice_refuses_a_throw_that_is_not_the_seeds() -> None:
    record = GameRecord.from_game(seeded_game())
    drawn = record.moves[1].action
    assert isinstance(drawn, Roll)
    forged = "66666" if str(drawn.outcome) != "66666" else "11111"
    moves = (record.moves[0], Move(0, Roll(keep="", outcome=forged)), *record.moves[2:])
    tampered = GameRecord("classic", players=("Ann",), seed=5, moves=moves)
    assert check_record(tampered).valid  # physical dice: any faces
    report = check_record(tampered, strict_dice=True)
    assert (report.valid, report.index, report.error_type) == (False, 1, DiceMismatchError.__name__)
    assert forged in (report.error or "")


def test_strict_dice_needs_a_seed() -> None:
    record = GameRecord("classic", players=("Ann",), seed=None, moves=(Move(0, Roll(outcome="12345")),))
    with pytest.raises(DeserializationError, match="no seed"):
        check_record(record, strict_dice=True)
