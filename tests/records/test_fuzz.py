"""Hostile input: loading and checking records only ever raises DeserializationError.

Whatever the bytes, ``GameRecord.load`` returns a record or raises
``DeserializationError``, and ``check_record`` returns a report or raises it. Time is
bounded by the input: every input here is small, and the large ones (huge numbers,
deep nesting, too many moves) are refused before any work proportional to their
content is done.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples
from yamskit import CheckReport, DeserializationError, GameRecord, Move, Roll, Score, check_record
from yamskit.bots import RandomPlayer, play

json_scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=12)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@functools.cache
def valid_data() -> dict[str, Any]:
    """A small valid record of every kind of field, as parsed JSON."""
    moves = [Move(0, Roll(outcome="22555")), Move(0, Score("full_house")), Move(1, Roll(outcome="12345"))]
    record = GameRecord(
        "classic",
        {"joker": "free", "yams_bonus": 0},
        ("Ann", "Bob"),
        seed=3,
        setup={"first_player": 0},
        moves=moves,
        claimed={"Ann": 25},
        metadata={"event": "club"},
    )
    return record.to_data()


def load_or_refuse(payload: Any) -> None:
    """Load and check ``payload``: a record and a report, or DeserializationError (nothing else)."""
    text = payload if isinstance(payload, (str, bytes)) else json.dumps(payload)
    try:
        record = GameRecord.load(text)
    except DeserializationError:
        with pytest.raises(DeserializationError):
            check_record(text)
        return
    assert isinstance(record, GameRecord)
    try:
        report = check_record(text)
    except DeserializationError:
        # check_record may refuse a well-formed record only when its game cannot start.
        with pytest.raises(DeserializationError, match=r"cannot start|cannot rebuild"):
            record.start()
        return
    assert isinstance(report, CheckReport)
    assert report.moves == len(record.moves)
    assert report.valid == (report.index is None and not report.claim_errors)


@given(json_values)
def test_arbitrary_json_is_refused_cleanly(value: Any) -> None:
    load_or_refuse(value)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*prefix, i))
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    return [_replace(v, rest, new) if i == head else v for i, v in enumerate(value)]


@settings(max_examples=examples(200))
@given(data=st.data(), new=json_values)
def test_a_record_with_any_field_replaced_by_any_json_is_refused_cleanly(data: st.DataObject, new: Any) -> None:
    base = valid_data()
    path = data.draw(st.sampled_from(_paths(base)), label="path")
    load_or_refuse(_replace(base, path, new))


@given(data=st.data())
def test_a_record_with_a_field_removed_or_added_is_refused_cleanly(data: st.DataObject) -> None:
    base = valid_data()
    paths = [p for p in _paths(base) if p and isinstance(p[-1], str)]
    path = data.draw(st.sampled_from(paths), label="path")
    container = base
    for key in path[:-1]:
        container = container[key]
    trimmed = _replace(base, path[:-1], {k: v for k, v in container.items() if k != path[-1]})
    load_or_refuse(trimmed)
    load_or_refuse(_replace(base, path[:-1], {**container, "zz_unknown": 1}))


@given(cut=st.integers(0, 2000))
def test_a_truncated_record_file_is_refused_cleanly(cut: int) -> None:
    text = GameRecord.from_data(valid_data()).dump()
    cut = cut % len(text)
    with pytest.raises(DeserializationError):
        GameRecord.load(text[:cut])


@given(st.binary(max_size=64))
def test_arbitrary_bytes_are_refused_cleanly(blob: bytes) -> None:
    load_or_refuse(blob)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"variant": {"name": "no-such-game", "options": {}}}, "unknown variant"),
        ({"variant": {"name": "classic", "options": {"joker": "sometimes"}}}, "joker"),
        ({"variant": {"name": "classic", "options": {"colour": "red"}}}, "no option"),
        ({"variant": {"name": "classic", "options": {}, "rules": "mine"}}, "unknown keys"),
        ({"format": "yamskit.game"}, "not a yamskit game record"),
        ({"version": 2}, "version 2"),
        ({"players": ["Ann", "Ann"]}, "distinct"),
        ({"players": []}, "players"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"seed": "7"}, "seed"),
        ({"setup": {"first_player": 9}}, "first_player"),
        ({"setup": {"no_such_argument": 1}}, "cannot start"),
        ({"setup": {"first_player": {"a": 1}}}, "setup.first_player"),
        ({"moves": {"0": "roll"}}, "moves"),
        ({"moves": [{"player": 5, "action": {"type": "pass"}}]}, "seat"),
        ({"moves": [{"player": 0, "action": {"type": "roll", "keep": ""}}]}, "faces"),
        ({"moves": [{"player": 0, "action": {"type": "fly"}}]}, "unknown action type"),
        ({"moves": [{"player": 0, "action": {"type": "roll", "outcome": "12x45"}}]}, "invalid face"),
        ({"claimed": {"Zoe": 3}}, "not a player"),
        ({"claimed": {"Ann": True}}, "whole number"),
        ({"metadata": [1, 2]}, "metadata"),
        ({"extra": 1}, "unknown keys"),
    ],
)
def test_malformed_records_name_what_is_wrong(change: dict[str, Any], message: str) -> None:
    text = json.dumps({**valid_data(), **change})
    with pytest.raises(DeserializationError, match=message):
        check_record(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "yamskit.record", "version": ' + "9" * 5000 + "}",
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 50_000 + "1" + "}" * 50_000,
        '{"format": "yamskit.record", "version": 1.5}',
        '{"format": "yamskit.record", "version": NaN}',
        "",
        "\xff\xfe",
    ],
    ids=["huge-number", "deep-list", "deep-object", "float", "nan", "empty", "odd-text"],
)
def test_huge_numbers_and_deep_nesting_are_refused(text: str) -> None:
    with pytest.raises(DeserializationError):
        check_record(text)


def test_deep_metadata_is_refused_before_it_can_hurt_a_dump() -> None:
    deep: Any = 1
    for _ in range(200):
        deep = {"a": deep}
    with pytest.raises(DeserializationError, match="nested"):
        GameRecord.from_data({**valid_data(), "metadata": deep})


def test_too_many_moves_are_refused_before_replaying_any() -> None:
    move = {"player": 0, "action": {"type": "pass"}}
    data = {**valid_data(), "moves": [move] * (yamskit.records.MAX_MOVES + 1)}
    with pytest.raises(DeserializationError, match="more than"):
        GameRecord.from_data(data)


def test_a_record_for_an_unregistered_variant_needs_that_variant() -> None:
    from yamskit.categories import Category, total

    mine = yamskit.ScorecardVariant.define("just_chance_records", rows=[Category("chance", total)])
    record = GameRecord("just_chance_records", seed=1, moves=[Move(0, Roll(outcome="66666")), Move(0, Score("chance"))])
    with pytest.raises(DeserializationError, match="unknown variant"):
        check_record(record)
    report = check_record(record.dump(), variant=mine)
    assert report.valid
    assert report.finished
    assert report.scores == (30,)
    with pytest.raises(DeserializationError, match="not"):
        check_record(record, variant=yamskit.variant("classic"))


def _ids(state: Any) -> list[str]:
    """Row, column and chip ids a variant knows, read from its legal actions over a game."""
    found: set[str] = set()
    for move in state.history:
        for value in attrs.asdict(move.action).values():
            if isinstance(value, str):
                found.add(value)
    return sorted(found) or ["chance"]


@functools.cache
def bot_game(name: str) -> Any:
    variant = yamskit.variant(name)
    try:
        state = variant.new_game(["Ann", "Bob"], seed=8)
    except yamskit.RuleConfigError:
        state = variant.new_game(["Ann"], seed=8)
    return play(state, [RandomPlayer(seed=s) for s in range(len(state.players))])


def any_action(ids: list[str]) -> st.SearchStrategy[Any]:
    dice = st.lists(st.integers(1, 6), max_size=6).map(lambda f: "".join(map(str, f)))
    ident = st.sampled_from(ids) | st.text(max_size=6)
    column = st.none() | ident
    cell = st.tuples(st.integers(0, 99), st.integers(0, 99))
    return st.one_of(
        st.builds(lambda k, o: {"type": "roll", "keep": k, "outcome": o}, dice, dice),
        st.builds(lambda r, c: {"type": "score", "row": r, "column": c}, ident, column),
        st.builds(lambda r, c: {"type": "scratch", "row": r, "column": c}, ident, column),
        st.just({"type": "pass"}),
        st.just({"type": "declare_challenge"}),
        st.builds(lambda c: {"type": "place", "cell": list(c)}, cell),
        st.builds(lambda c: {"type": "remove_token", "cell": list(c)}, cell),
        st.builds(lambda k, d: {"type": "take_chip", "kind": k, "from_discard": d}, ident, st.booleans()),
    )


@pytest.mark.parametrize("name", yamskit.variant_names())
@settings(max_examples=examples(60))
@given(data=st.data())
def test_any_action_anywhere_in_any_variant_gives_a_report(name: str, data: st.DataObject) -> None:
    state = bot_game(name)
    record = GameRecord.from_game(state)
    raw = attrs.evolve(record, moves=record.moves[:150]).to_data()  # long enough to reach mid-game rules
    count = data.draw(st.integers(1, 3), label="changes")
    for _ in range(count):
        index = data.draw(st.integers(0, len(raw["moves"]) - 1), label="index")
        action = data.draw(any_action(_ids(state)), label="action")
        player = data.draw(st.integers(0, len(state.players) - 1), label="player")
        raw["moves"][index] = {"player": player, "action": action}
    load_or_refuse(raw)
