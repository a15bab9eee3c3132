"""Saved Yam Master games that contradict themselves are refused, each with its reason.

Each test starts from a real save, changes what one consistency check guards, and expects
`DeserializationError` naming that check; the untouched save must load, so a refusal is
always caused by the change.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import yamskit
from yamskit import DeserializationError

Save = dict[str, Any]

TURN_THROWN = {"max_throws": 3, "throws": [{"kept": "", "rolled": "11111"}], "challenge": False}


def _save(name: str, players: list[str] | None = None, **options: Any) -> Save:
    game = yamskit.variant(name, **options).new_game(players=players, seed=1)
    data: Save = json.loads(game.to_json())
    assert yamskit.load_game(json.dumps(data)) == game
    return data


def _refused(data: Save, message: str) -> None:
    with pytest.raises(DeserializationError, match=message):
        yamskit.load_game(json.dumps(data))


# ---------------------------------------------------------------- Yam Master


def _yam_master(change: Callable[[Save], None], **options: Any) -> Save:
    data = _save("yam-master", ["Ann", "Bob"], **options)
    change(data["state"])
    return data


def _five_in_a_row(state: Save) -> None:
    state["board"] = ["XXXXX", ".....", ".....", ".....", "....."]
    state["supply"] = [7, 12]
    state.update(turns=9, current_player=1)  # Ann placed one token a turn, Bob passed between


def _both_five_in_a_row(state: Save) -> None:
    state["board"] = ["XXXXX", "OOOOO", ".....", ".....", "....."]
    state["supply"] = [7, 7]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.update(board=[".....", 5, ".....", ".....", "....."]), r"state\.board must be 5 strings"),
        (lambda s: s.update(board=["....", ".....", ".....", ".....", "....."]), r"state\.board: a board is 5 rows"),
        (lambda s: s.update(supply=[12]), r"state\.supply must be two whole numbers from 0 to 12"),
        (lambda s: s.update(supply=[13, 12]), r"state\.supply must be two whole numbers"),
        (lambda s: s.update(out=[-1, 0]), r"state\.out must be two whole numbers"),
        (lambda s: s.update(supply=[True, 12]), r"state\.supply must be two whole numbers"),
        (lambda s: s.update(supply=[11, 12]), "Ann has 0 on the board, 11 to place and 0 out, not 12 tokens"),
        (lambda s: s.update(board=["X....", ".....", ".....", ".....", "....."]), "Ann has 1 on the board"),
        (lambda s: s.update(supply=[11, 12], out=[1, 0]), r"state\.out must be \[0, 0\]"),
        (_both_five_in_a_row, "both players cannot have five in a row"),
        (lambda s: s.update(current_player=1), r"state\.current_player: after 0 turns it is player 0"),
        (lambda s: s.update(turns=1, board=["XX...", ".....", ".....", ".....", "....."], supply=[10, 12]), "turns"),
        (lambda s: (_five_in_a_row(s), s.update(turn=TURN_THROWN)), "the game is over, so no turn is under way"),
        (lambda s: s.update(players=["Ann"]), r"state\.players"),
    ],
)
def test_an_inconsistent_yam_master_save_is_refused(change: Callable[[Save], None], message: str) -> None:
    _refused(_yam_master(change), message)


def test_tokens_out_of_the_game_are_accepted_when_the_option_takes_them_out() -> None:
    data = _yam_master(lambda s: s.update(supply=[11, 12], out=[1, 0], turns=2), removed="out")
    game = yamskit.load_game(json.dumps(data))
    assert (game.supply, game.out) == ((11, 12), (1, 0))
    _refused(_yam_master(lambda s: s.update(supply=[11, 12], out=[1, 0]), removed="out"), "turn_count")


def test_a_position_saved_with_turns_played_loads_back() -> None:
    """A position set up from paper with turns played has no history for them: it is checked as a position."""
    state = yamskit.variant("yam-master").position(["Ann", "Bob"], turns=6, current_player=0, seed=3)
    assert state.history == ()
    assert yamskit.load_game(state.to_json()) == state
    after = state.apply(yamskit.Roll(outcome="12345")).apply(yamskit.Place((2, 4)))
    back = yamskit.load_game(after.to_json())
    assert back == after
    assert back.origin == state


def test_a_finished_yam_master_save_without_a_turn_under_way_loads() -> None:
    data = _yam_master(_five_in_a_row)
    game = yamskit.load_game(json.dumps(data))
    assert game.is_over
    assert game.result().winner_names == ("Ann",)
