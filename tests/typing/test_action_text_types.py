"""What a type checker sees of the action text: ``parse_action`` gives an action, ``action_text`` a string.

Checked by ``mypy --strict tests/typing`` (see ``test_api_types.py``); pytest runs it too.
"""

from __future__ import annotations

from typing import assert_type

import pytest

import yamskit
from yamskit import GameState, Roll
from yamskit.actions import Action


def test_every_state_reads_and_writes_action_text() -> None:
    states: list[GameState] = [
        yamskit.variant("classic").new_game(players=["Ann"], seed=1),
        yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1),
        yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1),
    ]
    for state in states:
        assert_type(state.parse_action("roll"), Action)
        assert_type(state.action_text(Roll()), str)
        assert state.parse_action(state.action_text(Roll())) == Roll()
    g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    assert_type(g.parse_action("roll"), Action)
    with pytest.raises(yamskit.NotationError):
        g.parse_action(12)  # type: ignore[arg-type]
