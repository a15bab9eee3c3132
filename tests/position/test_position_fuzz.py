"""``variant.position(...)`` with values of any type: only yamskit's own errors come out.

Every argument of every variant's ``position`` is given values hypothesis draws from a
wide mix (None, booleans, numbers, floats, text, bytes, lists, dicts, tuples, nested):
a value that is not what the argument takes raises a `YamskitError` subclass (a
`PositionError`, most often `PositionArgumentError` naming the argument), never Python's
own `TypeError`, `AttributeError` or `KeyError`. The flags (``challenge``,
``round_chip``, ``second_pick``) take real booleans only: the string ``"no"`` is refused,
not read as true.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples
from yamskit.errors import YamskitError
from yamskit.position import PositionArgumentError

ANY = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=True),
        st.text(max_size=8),
        st.binary(max_size=4),
        st.sampled_from(["Ann", "Bob", "x", "no", "flush", "ones", "free", "66666", "XX.../...../...../...../....."]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(
            st.one_of(st.text(max_size=6), st.integers(-3, 9), st.sampled_from(["Ann", "Bob"])), inner, max_size=3
        ),
    ),
    max_leaves=8,
)

ARGUMENTS = {
    "classic": (
        "sheets",
        "extra",
        "current_player",
        "first_player",
        "dice",
        "throws",
        "kept",
        "seed",
        "draws",
        "totals",
    ),
    "challenge": ("sheets", "extra", "current_player", "dice", "throws", "kept", "totals"),
    "competitive": ("sheets", "current_player", "first_player", "dice", "throws", "column_weights", "totals"),
    "yam-master": ("board", "out", "current_player", "first_player", "turns", "dice", "throws", "kept", "challenge"),
    "yamslam": (
        "collections",
        "discard",
        "rack",
        "current_player",
        "first_player",
        "round_chip",
        "second_pick",
        "last_draw",
        "dice",
        "throws",
    ),
}
CASES = [(name, argument) for name, arguments in ARGUMENTS.items() for argument in (*arguments, "players")]


@pytest.mark.parametrize(("name", "argument"), CASES)
def test_any_value_of_any_argument_gives_a_yamskit_error_or_a_position(name: str, argument: str) -> None:
    variant = yamskit.variant(name)
    names = ["Ann", "Bob"]

    @settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(value=ANY)
    def check(value: Any) -> None:
        kwargs: dict[str, Any] = {argument: value}
        players: Any = value if argument == "players" else names
        kwargs.pop("players", None)
        try:
            state = variant.position(players, **kwargs)
        except YamskitError:
            return
        assert state.variant == variant
        if argument in ("challenge", "round_chip", "second_pick"):
            assert type(value) is bool

    check()


@pytest.mark.parametrize(
    ("name", "argument"),
    [("yam-master", "challenge"), ("yamslam", "round_chip"), ("yamslam", "second_pick")],
)
@pytest.mark.parametrize("value", ["no", "yes", 1, 0, None, [], "False"])
def test_flags_are_real_booleans(name: str, argument: str, value: Any) -> None:
    with pytest.raises(PositionArgumentError, match=argument) as info:
        yamskit.variant(name).position(["Ann", "Bob"], **{argument: value})
    assert info.value.rule == "argument"
    assert isinstance(info.value, TypeError)


def test_a_wrongly_typed_argument_is_named() -> None:
    with pytest.raises(PositionArgumentError, match="board"):
        yamskit.variant("yam-master").position(["Ann", "Bob"], board=3)
    with pytest.raises(PositionArgumentError, match="players"):
        yamskit.variant("classic").position(5)
    with pytest.raises(PositionArgumentError, match="draws"):
        yamskit.variant("classic").position(["Ann"], draws="7")
