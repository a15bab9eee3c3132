"""Competitive column coefficients given by the caller: what is accepted, and the messages that refuse.

``new_game(column_weights=...)`` (and a record's setup) must be coefficients the variant
could have dealt: a permutation of 8, 10, 12, 14, 16, 18, or exactly the coefficients a
``coefficients=`` option fixes. Anything else is a `RuleConfigError` that shows the
coefficients expected and the value given (cut at 80 characters).
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs
import pytest

import yamskit
from yamskit import DeserializationError, Roll, RuleConfigError, Score
from yamskit.records import GameRecord, check_record

V = yamskit.variant("competitive")
COLUMNS = V.columns
GIVEN = dict(zip(COLUMNS, (3, 1, 4, 1000, 5, 9), strict=True))
FIXED = yamskit.variant("competitive", coefficients=GIVEN)
#: The setup type of Competitive Yams (the column coefficients), whatever module holds it.
Coefficients = type(V.rules.setup)

DEALT = "column_weights must be the coefficients 8, 10, 12, 14, 16, 18 in some order (one per column), not "
FIXES = "column_weights must be the coefficients this variant fixes, [3, 1, 4, 1000, 5, 9], not "


@pytest.mark.parametrize("weights", [[18, 16, 14, 12, 10, 8], (8, 10, 12, 14, 16, 18), [12, 8, 18, 10, 16, 14]])
def test_any_order_of_the_dealt_coefficients_is_accepted_and_used(weights: list[int]) -> None:
    game = V.new_game(players=["Ann", "Bob"], seed=1, column_weights=weights)
    assert game.column_weights == tuple(weights)


@pytest.mark.parametrize(
    ("weights", "shown"),
    [
        ([8, 10, 12, 14, 16, 16], "[8, 10, 12, 14, 16, 16]"),
        ([8, 10, 12, 14, 16], "[8, 10, 12, 14, 16]"),
        ([8.0, 10, 12, 14, 16, 18], "[8.0, 10, 12, 14, 16, 18]"),
        ([True, 10, 12, 14, 16, 18], "[True, 10, 12, 14, 16, 18]"),
        ({8, 10, 12, 14, 16, 18}, repr({8, 10, 12, 14, 16, 18})),
        ("8,10,12,14,16,18", "'8,10,12,14,16,18'"),
        (8, "8"),
        ({"down": 8}, "{'down': 8}"),
        (list(range(100)), repr(list(range(100)))[:77] + "..."),
    ],
)
def test_weights_the_draw_could_not_deal_are_refused_with_what_was_given(weights: object, shown: str) -> None:
    with pytest.raises(RuleConfigError, match=re.escape(DEALT + shown) + "$"):
        V.new_game(players=["Ann", "Bob"], seed=1, column_weights=weights)  # type: ignore[arg-type]


def test_a_variant_with_fixed_coefficients_accepts_exactly_those() -> None:
    game = FIXED.new_game(players=["Ann", "Bob"], seed=1, column_weights=[3, 1, 4, 1000, 5, 9])
    assert game.column_weights == (3, 1, 4, 1000, 5, 9)
    assert FIXED.new_game(players=["Ann", "Bob"], seed=1).column_weights == (3, 1, 4, 1000, 5, 9)
    for weights, shown in (([8, 10, 12, 14, 16, 18], "[8, 10, 12, 14, 16, 18]"), ((1, 3, 4, 1000, 5, 9), "[1, 3, ...")):
        with pytest.raises(RuleConfigError, match=re.escape(FIXES + shown.removesuffix(", ..."))):
            FIXED.new_game(players=["Ann", "Bob"], seed=1, column_weights=weights)


@pytest.mark.parametrize("top", [1, 2, 999, 1000])
def test_a_coefficient_option_takes_whole_numbers_from_1_to_1000(top: int) -> None:
    variant = yamskit.variant("competitive", coefficients={**GIVEN, "down": top})
    assert variant.new_game(players=["Ann", "Bob"], seed=1).column_weights[COLUMNS.index("down")] == top


@pytest.mark.parametrize("bad", [0, 1001, -5, 2.0, True, "7"])
def test_a_coefficient_option_outside_1_to_1000_is_refused(bad: object) -> None:
    with pytest.raises(RuleConfigError, match="coefficients must be whole numbers from 1 to 1000, not "):
        yamskit.variant("competitive", coefficients={**GIVEN, "down": bad})


@pytest.mark.parametrize("count", [1, 6, 64])
def test_fixed_coefficients_of_up_to_64_columns_are_read(count: int) -> None:
    values = tuple(range(1, count + 1))
    assert Coefficients(given=values).check_weights(list(values)) == values


def test_weights_longer_than_64_are_never_read() -> None:
    values = tuple(range(1, 66))
    with pytest.raises(RuleConfigError, match="this variant fixes"):
        Coefficients(given=values).check_weights(list(values))


@pytest.mark.parametrize(
    "named",
    [
        {"Down": 8, "Free": 10, "Up": 12, "Mid": 14, "Turbo": 16, "Connected": 18},
        {"descending": 8, "free": 10, "ascending": 12, "MID": 14, "turbo": 16, "connected": 18},
    ],
)
def test_coefficients_may_name_columns_by_label_or_alias(named: dict[str, int]) -> None:
    variant = yamskit.variant("competitive", coefficients=named)
    assert variant.options["coefficients"] == dict(zip(COLUMNS, (8, 10, 12, 14, 16, 18), strict=True))
    assert variant.new_game(players=["Ann", "Bob"], seed=1).column_weights == (8, 10, 12, 14, 16, 18)


def test_coefficients_naming_a_column_twice_are_refused() -> None:
    twice = {"down": 8, "Down": 9, "free": 10, "up": 12, "mid": 14, "turbo": 16, "connected": 18}
    message = "coefficients name a column twice: ['down', 'Down', 'free', 'up', 'mid', 'turbo', 'connected']"
    with pytest.raises(RuleConfigError, match=re.escape(message) + "$"):
        yamskit.variant("competitive", coefficients=twice)


def test_coefficients_keyed_by_something_else_than_a_column_name_are_refused() -> None:
    keyed = {5: 8, "free": 10, "up": 12, "mid": 14, "turbo": 16, "connected": 18}
    message = "coefficients must give one number for each column ['down', 'free', 'up', 'mid', 'turbo', 'connected']"
    with pytest.raises(RuleConfigError, match=re.escape(message) + "$"):
        yamskit.variant("competitive", coefficients=keyed)  # type: ignore[dict-item]
    with pytest.raises(RuleConfigError, match=re.escape("coefficients: unknown column 'dwn'; did you mean 'down'?")):
        yamskit.variant("competitive", coefficients={"dwn": 8})


def _list_shown_in(length: int) -> list[int]:
    """A list of whole numbers whose repr is exactly ``length`` characters long."""
    values = [10] * ((length - 2) // 4)
    while len(repr(values)) < length:
        values[0] = values[0] * 10
    assert len(repr(values)) == length
    return values


@pytest.mark.parametrize(("length", "cut"), [(79, False), (80, False), (81, True), (82, True)])
def test_weights_are_shown_in_full_up_to_80_characters(length: int, cut: bool) -> None:
    weights = _list_shown_in(length)
    shown = repr(weights)[:77] + "..." if cut else repr(weights)
    with pytest.raises(RuleConfigError, match=re.escape(DEALT + shown) + "$"):
        V.new_game(players=["Ann", "Bob"], seed=1, column_weights=weights)


# ---------------------------------------------------------------- weights in new games and records
@pytest.mark.parametrize(
    "weights",
    [
        [8, 10, 12, 14, 16, -18],
        [8, 10, 12, 14, 16, 0],
        [8, 10, 12, 14, 16, 10**6],
        [8, 10, 12],
        [8, 10, 12, 14, 16, 18, 20],
        [8, 10, 12, 14, 16, True],
        [8, 10, 12, 14, 16, 16],
    ],
)
def test_competitive_column_weights_are_a_deal_of_the_coefficients(weights: list[Any]) -> None:
    variant = yamskit.variant("competitive")
    with pytest.raises(RuleConfigError, match="column_weights"):
        variant.new_game(players=["Ann", "Bob"], seed=1, column_weights=weights)
    record = GameRecord("competitive", players=("Ann", "Bob"), seed=1, setup={"column_weights": weights})
    with pytest.raises(DeserializationError, match="column_weights"):
        check_record(record.dump())


def test_competitive_column_weights_may_be_any_deal() -> None:
    game = yamskit.variant("competitive").new_game(
        players=["Ann", "Bob"], seed=1, column_weights=[18, 16, 14, 12, 10, 8]
    )
    assert game.column_weights == (18, 16, 14, 12, 10, 8)


def test_competitive_column_weights_must_match_given_coefficients() -> None:
    coefficients = dict(zip(("down", "free", "up", "mid", "turbo", "connected"), (1, 2, 3, 4, 5, 6), strict=True))
    variant = yamskit.variant("competitive", coefficients=coefficients)
    assert variant.new_game(players=["Ann", "Bob"], seed=1, column_weights=[1, 2, 3, 4, 5, 6]).column_weights == (
        1,
        2,
        3,
        4,
        5,
        6,
    )
    with pytest.raises(RuleConfigError, match="column_weights"):
        variant.new_game(players=["Ann", "Bob"], seed=1, column_weights=[8, 10, 12, 14, 16, 18])


def test_competitive_coefficients_option_is_bounded() -> None:
    columns = ("down", "free", "up", "mid", "turbo", "connected")
    with pytest.raises(RuleConfigError, match="coefficients"):
        Coefficients.from_option(dict.fromkeys(columns, 10**9), columns)


def test_check_record_refuses_column_weights_that_would_flip_the_winner() -> None:
    game = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=3)
    game = game.apply(Roll(outcome="66654")).apply(Score("sixes", "free"))
    record = GameRecord.from_game(game)
    forged = attrs.evolve(record, setup={"column_weights": [-8, -10, -12, -14, -16, -18]})
    with pytest.raises(DeserializationError, match="column_weights"):
        check_record(forged)


def test_competitive_column_weights_in_a_save_must_be_a_deal() -> None:
    data: dict[str, Any] = json.loads(yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1).to_json())
    data["state"]["column_weights"] = [-8, -10, -12, -14, -16, -18]
    with pytest.raises(DeserializationError, match="column_weights"):
        yamskit.load_game(json.dumps(data))
