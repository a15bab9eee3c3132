"""Saved games: exact round trips, and hostile JSON that only ever raises DeserializationError."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yamskit
from yamskit import DeserializationError, Roll, Score, Scratch
from yamskit.actions import action_from_data, action_to_data
from yamskit.serialization import parse_json

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def saved_game() -> dict[str, Any]:
    game = yamskit.variant("classic", joker="free").new_game(players=["Ann", "Bob"], seed=9)
    game = game.apply(Roll(outcome="22555")).apply(Score("full_house")).apply(Roll()).apply(Roll(keep=""))
    return dict(json.loads(game.to_json()))


def test_round_trip_keeps_everything() -> None:
    data = saved_game()
    game = yamskit.load_game(json.dumps(data))
    assert game.to_json() == json.dumps(data, separators=(",", ":"))
    assert yamskit.load_game(game.to_json().encode()) == game


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '{"format": "yamskit.game"}',
        '{"format": "other", "version": 1}',
        '{"format": "yamskit.game", "version": 2, "variant": {}, "state": {}}',
        '{"format": "yamskit.game", "version": 1, "variant": {"name": "nope", "options": {}}, "state": {}}',
        '{"format": "yamskit.game", "version": 1, "variant": {"name": "classic", "options": {"x": 1}}, "state": {}}',
        '{"format": "yamskit.game", "version": 1.0}',
        '{"format": "yamskit.game", "version": NaN}',
        '{"format": "yamskit.game", "version": ' + "9" * 5000 + "}",
        "[" * 100_000 + "]" * 100_000,
        b"\xff\xfe",
    ],
)
def test_malformed_text_is_a_deserialization_error(text: str | bytes) -> None:
    with pytest.raises(DeserializationError):
        yamskit.load_game(text)


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("state", "players"), ["Ann"]),
        (("state", "players"), ["Ann", "Ann"]),
        (("state", "current_player"), 2),
        (("state", "current_player"), "0"),
        (("state", "sheets", 0, "cells", 0, 0), -3),
        (("state", "sheets", 0, "cells", 0, 0), "X"),
        (("state", "sheets", 0, "cells", 0), [None] * 12),
        (("state", "sheets", 1, "cells", 0, 8), 25),  # Bob filled a box but it is his turn
        (("state", "turn", "max_throws"), 4),
        (("state", "turn", "throws"), [{"kept": "", "rolled": "1234"}]),
        (("state", "turn", "throws"), [{"kept": "6", "rolled": "1234"}]),
        (("state", "turn", "throws"), [{"kept": "", "rolled": "12345"}] * 4),
        (("state", "stream", "seed"), -1),
        (("state", "stream", "draws"), 2**70),
        (("state", "history", 0, "action"), {"type": "fly"}),
        (("state", "history", 0, "player"), 7),
        (("state", "history"), "none"),
        (("state", "sheets", 0, "extra"), -5),
    ],
)
def test_impossible_states_are_refused(path: tuple[Any, ...], value: Any) -> None:
    with pytest.raises(DeserializationError):
        yamskit.load_game(json.dumps(_set(saved_game(), path, value)))


@given(json_values)
def test_any_json_value_loads_or_raises_a_deserialization_error(value: Any) -> None:
    try:
        game = yamskit.load_game(json.dumps(value))
    except DeserializationError as error:
        refusal = str(error)
    else:
        # Only a JSON object can hold a saved game, and what loads must round-trip exactly.
        assert isinstance(value, dict)
        assert yamskit.load_game(game.to_json()) == game
        return
    assert refusal, "the refusal must say what is wrong"


@pytest.mark.parametrize("value", [None, 0, 1.5, "classic", [], [1, 2], True])
def test_a_save_that_is_not_a_json_object_is_refused(value: Any) -> None:
    with pytest.raises(DeserializationError):
        yamskit.load_game(json.dumps(value))


@given(st.sampled_from(["state", "variant"]), st.text(max_size=10), json_values)
def test_corrupting_one_field_never_crashes(part: str, key: str, value: Any) -> None:
    data = saved_game()
    if isinstance(data[part], dict):
        data[part][key if key else "players"] = value
    try:
        game = yamskit.load_game(json.dumps(data))
    except DeserializationError:
        return
    assert yamskit.load_game(game.to_json()) == game


@given(json_values)
def test_action_data_is_validated(value: Any) -> None:
    try:
        action = action_from_data(value)
    except DeserializationError:
        return
    assert action_from_data(action_to_data(action)) == action


@pytest.mark.parametrize(
    "action",
    [
        Roll(),
        Roll(keep="33", outcome="124"),
        Score("yams"),
        Scratch("ones", "dry"),
        yamskit.Pass(),
        yamskit.DeclareChallenge(),
        yamskit.Place((2, 3)),
        yamskit.RemoveToken((0, 0)),
        yamskit.TakeChip("flush", from_discard=True),
    ],
)
def test_every_action_round_trips(action: Any) -> None:
    assert action_from_data(json.loads(json.dumps(action_to_data(action)))) == action


def test_a_user_variant_needs_to_be_passed_back() -> None:
    from yamskit.categories import Category, total

    mine = yamskit.ScorecardVariant.define("unregistered_mine", rows=[Category("chance", total)])
    game = mine.new_game(seed=1)
    with pytest.raises(DeserializationError, match="unregistered_mine"):
        yamskit.load_game(game.to_json())
    assert yamskit.load_game(game.to_json(), variant=mine) == game
    with pytest.raises(DeserializationError):
        yamskit.load_game(game.to_json(), variant=yamskit.variant("classic"))


def test_parse_json_bounds_numbers() -> None:
    assert parse_json("[1, -2]") == [1, -2]
    with pytest.raises(DeserializationError):
        parse_json("1e400")


def test_floats_are_read_only_when_asked_for_and_only_finite_and_short() -> None:
    assert parse_json("[0.5, -2e-3, 7]", floats=True) == [0.5, -0.002, 7]
    with pytest.raises(DeserializationError, match="non-integer"):
        parse_json("[0.5]")
    for text in ("[1e400]", "[-1e400]", "[NaN]", "[Infinity]", "[0." + "1" * 60 + "]"):
        with pytest.raises(DeserializationError):
            parse_json(text, floats=True)


def test_duplicate_json_keys_are_refused() -> None:
    with pytest.raises(DeserializationError, match="duplicate key 'seed'"):
        parse_json('{"seed": 1, "seed": 2}')


def test_a_save_with_a_duplicate_key_is_refused() -> None:
    text = yamskit.variant("classic").new_game(seed=1).to_json().replace('"seed":1', '"seed":1,"seed":2')
    with pytest.raises(DeserializationError, match="duplicate key"):
        yamskit.load_game(text)


def test_a_record_given_to_load_game_is_refused_with_the_way_to_read_it() -> None:
    game = yamskit.variant("classic").new_game(players=["Ann"], seed=4)
    record = yamskit.GameRecord.from_game(game).dump()
    with pytest.raises(DeserializationError, match=r"format 'yamskit.record'.*GameRecord.load\(text\).to_game\(\)"):
        yamskit.load_game(record)
    assert yamskit.GameRecord.load(record).to_game() == game
