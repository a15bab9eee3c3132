"""The Python API's value entry points under any input: only `YamskitError` subclasses escape.

Each entry point gets values of every kind (numbers, text, bytes, containers of the wrong
shape, plain objects): the constructors of every action and of `Dice`, then what a state
does with what they made (`apply`, `is_legal`, `placement`), a sheet's `cell` and a
variant's `witness`. Positions by keyword have their own fuzz test
(`tests/position/test_position_fuzz.py`). In 0.2.0, ``Dice(5)``, ``Place(5)``,
``RemoveToken(None)``, ``g.cell(5, "ones")``, ``g.cell("Zed", "ones")`` and
``g.placement(object())`` escaped as `TypeError`, `ValueError`, `IndexError` or
`AttributeError`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples
from yamskit import (
    Dice,
    InvalidDiceError,
    Place,
    RemoveToken,
    Roll,
    Score,
    Scratch,
    TakeChip,
    YamskitError,
)
from yamskit.errors import NotYourTurnError, UnknownActionError

#: Values of every kind a caller could pass by mistake.
junk = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=True),
        st.text(max_size=8),
        st.binary(max_size=4),
        st.builds(object),
        st.sampled_from(["ones", "main", "yams", "22555", "a", "1,2", "Ann"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.tuples(inner, inner), st.dictionaries(st.text(max_size=3), inner)
    ),
    max_leaves=8,
)

CONSTRUCTORS: dict[str, Callable[[Any, Any], Any]] = {
    "Dice": lambda a, _b: Dice(a),
    "Dice.parse": lambda a, _b: Dice.parse(a),
    "Dice.of": lambda a, b: Dice.of(a, b),
    "Roll(keep)": lambda a, _b: Roll(keep=a),
    "Roll(outcome)": lambda a, b: Roll(keep=b, outcome=a),
    "Score": lambda a, b: Score(a, b),
    "Scratch": lambda a, b: Scratch(a, b),
    "Place": lambda a, _b: Place(a),
    "RemoveToken": lambda a, _b: RemoveToken(a),
    "TakeChip": lambda a, b: TakeChip(a, b),
}


def _states() -> list[Any]:
    """A state of every family in the middle of a turn, and one before the first throw."""
    out = []
    for name, options, players in [
        ("classic", {}, ["Ann", "Bob"]),
        ("challenge", {}, ["Ann"]),
        ("competitive", {}, ["Ann", "Bob"]),
        ("yam-master", {}, ["Ann", "Bob"]),
        ("yamslam", {}, ["Ann", "Bob"]),
    ]:
        game = yamskit.variant(name, **options).new_game(players, seed=5)
        out += [game, game.apply(Roll())]
    return out


STATES = _states()


@pytest.mark.parametrize("name", CONSTRUCTORS)
def test_a_constructor_and_what_a_state_makes_of_its_value_raise_only_yamskit_errors(name: str) -> None:
    build = CONSTRUCTORS[name]

    @settings(max_examples=examples(150), deadline=None)
    @given(a=junk, b=junk)
    def check(a: Any, b: Any) -> None:
        try:
            made = build(a, b)
        except YamskitError:
            return
        for state in STATES:
            for use in (state.apply, state.is_legal):
                with contextlib.suppress(YamskitError):
                    use(made)
            if hasattr(state, "placement"):
                with contextlib.suppress(YamskitError):
                    state.placement(made)

    check()


@settings(max_examples=examples(200), deadline=None)
@given(player=junk, row=junk, column=junk)
def test_a_sheets_cell_raises_only_yamskit_errors(player: Any, row: Any, column: Any) -> None:
    for state in STATES:
        if hasattr(state, "cell"):
            with contextlib.suppress(YamskitError):
                state.cell(player, row, column)


@settings(max_examples=examples(100), deadline=None)
@given(value=junk)
def test_a_placement_or_a_witness_of_anything_raises_only_yamskit_errors(value: Any) -> None:
    for state in STATES:
        if hasattr(state, "placement"):
            with pytest.raises(YamskitError):
                state.placement(value)
        with pytest.raises(YamskitError):
            state.variant.witness(value)


def test_the_cases_of_the_review_name_what_is_wrong() -> None:
    with pytest.raises(InvalidDiceError, match="not 5"):
        Dice(5)
    with pytest.raises(InvalidDiceError, match="not None"):
        Dice(None)
    assert Dice("22555") == Dice.parse("22555")  # as Roll(outcome="22555") reads it
    for bad in (5, (1, 2, 3), None, "a"):
        with pytest.raises(UnknownActionError, match="a cell is a \\(row, column\\) pair"):
            Place(bad)
        with pytest.raises(UnknownActionError, match="a cell is a \\(row, column\\) pair"):
            RemoveToken(bad)
    classic = yamskit.variant("classic").new_game(["Ann", "Bob"], seed=1)
    with pytest.raises(NotYourTurnError, match="no player 5 in this game of 2"):
        classic.cell(5, "ones")
    with pytest.raises(NotYourTurnError, match="no player named 'Zed'"):
        classic.cell("Zed", "ones")
    assert classic.cell("Bob", "ones") == classic.cell(1, "ones")
    with pytest.raises(UnknownActionError, match="a placement is a Score or a Scratch"):
        classic.apply(Roll()).placement(object())  # type: ignore[arg-type]
    yam_master = yamskit.variant("yam-master").new_game(["Ann", "Bob"], seed=1)
    with pytest.raises(yamskit.RulesMismatchError):
        yamskit.variant("classic").witness(yam_master)


def test_a_long_value_is_cut_in_the_message() -> None:
    with pytest.raises(InvalidDiceError) as caught:
        Dice("7" * 100_000)
    assert len(str(caught.value)) < 200
    assert "(100000 characters)" in str(caught.value)
