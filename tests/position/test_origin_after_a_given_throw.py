"""A position's first move keeps the position as its origin, whichever path the engine takes for it.

A throw with its faces given goes through a quick path once the state's legal ids are
known (asking for them, as a bot or an adapter does, remembers them). That path must
start the history at the position too, or the save of the game is refused when read back.
"""

from __future__ import annotations

from typing import Any

import pytest

import yamskit


def _positions() -> list[tuple[str, Any]]:
    return [
        ("classic", yamskit.variant("classic").position(["Ann"], sheets=[{"ones": 3}], seed=1)),
        (
            "challenge",
            yamskit.variant("challenge").position(
                ["Ann", "Bob"],
                sheets=[{"descending": {"ones": 1, "twos": 2}}, {"descending": {"ones": 3, "twos": 4}}],
                seed=2,
            ),
        ),
        ("yam-master", yamskit.variant("yam-master").position(["Ann", "Bob"], turns=6, current_player=0, seed=3)),
    ]


@pytest.mark.parametrize("asked", [False, True], ids=["legal ids unknown", "legal ids asked first"])
@pytest.mark.parametrize(("name", "start"), _positions(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_given_throw_from_a_position_starts_the_history_there(name: str, start: Any, asked: bool) -> None:
    if asked:
        assert start.legal_action_ids()  # remembers them: the quick path is taken
    after = start.apply(yamskit.Roll(outcome="12345"))
    assert after.origin == start, name
    back = yamskit.load_game(after.to_json())
    assert back == after
    assert back.origin == start


def test_a_given_throw_from_a_new_game_starts_the_history_there() -> None:
    game = yamskit.variant("yahtzee").new_game(players=["Ann"], seed=4)
    game.legal_action_ids()
    after = game.apply(yamskit.Roll(outcome="66666"))
    assert after.origin == game
    assert yamskit.load_game(after.to_json()) == after
