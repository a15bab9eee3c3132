"""Yam Master saves: the ``"state"`` part of a state's JSON, written and read back (see `yamskit.serialization`).

Examples:
    >>> import yamskit
    >>> state_to_data(yamskit.variant("yam-master").new_game(seed=1))["board"]
    ['.....', '.....', '.....', '.....', '.....']
"""

from __future__ import annotations

from typing import Any

from ...errors import DeserializationError, YamskitError, brief
from ...position.saves import origin_to_data
from ...serialization import expect, expect_int, shared_fields, shared_to_data
from .board import SIZE, Board
from .game import YamMasterGame
from .rules import MAX_THROWS, TOKENS, BoardVariant, end_reason

__all__ = ["state_fields", "state_to_data"]


def state_to_data(state: YamMasterGame) -> dict[str, Any]:
    """The ``"state"`` part of ``state``'s JSON, as plain data.

    Examples:
        >>> import yamskit
        >>> state_to_data(yamskit.variant("yam-master").new_game(seed=1))["supply"]
        [12, 12]
    """
    return {
        **shared_to_data(state),
        "board": state.board.to_data(),
        "supply": list(state.supply),
        "out": list(state.out),
        "turns": state.turns,
        **origin_to_data(state, state_to_data),
    }


def _pair(data: Any, key: str) -> tuple[int, int]:
    values = expect(data, key, list, "state")
    if len(values) != 2 or any(type(v) is not int or not 0 <= v <= TOKENS for v in values):
        raise DeserializationError(f"state.{key} must be two whole numbers from 0 to {TOKENS}, not {brief(values)}")
    return (values[0], values[1])


def state_fields(variant: BoardVariant, data: Any) -> dict[str, Any]:
    """The fields of the state the ``"state"`` part of a save describes, checked to be possible.

    `YamMasterVariant.state_from_data` builds the state from them.

    Raises:
        DeserializationError: a missing or malformed field, or an impossible state.

    Examples:
        >>> import yamskit, json
        >>> g = yamskit.variant("yam-master").new_game(seed=1)
        >>> state_fields(g.variant, json.loads(g.to_json())["state"])["supply"]
        (12, 12)
    """
    where = "state"
    shared = shared_fields(data, players=(2, 2), max_throws=MAX_THROWS, game="yam-master")
    players, first, current, turn = shared["players"], shared["first_player"], shared["current_player"], shared["turn"]
    rows = expect(data, "board", list, where)
    if not all(isinstance(row, str) for row in rows):
        raise DeserializationError(f"{where}.board must be {SIZE} strings of marks such as 'X.O..'")
    try:
        board = Board.parse("/".join(rows))
    except YamskitError as error:
        raise DeserializationError(f"{where}.board: {error}") from None
    supply, out = _pair(data, "supply"), _pair(data, "out")
    for p in range(2):
        if board.count(p) + supply[p] + out[p] != TOKENS:
            raise DeserializationError(
                f"{where}: {players[p]} has {board.count(p)} on the board, {supply[p]} to place and {out[p]} out, "
                f"not {TOKENS} tokens"
            )
    if variant.removed == "supply" and any(out):
        raise DeserializationError(f"{where}.out must be [0, 0]: removed tokens go back to the supply")
    if len({run.player for run in board.fives}) > 1:
        raise DeserializationError(f"{where}.board: both players cannot have five in a row")
    turns = expect_int(data, "turns", where, 0, variant.max_turns)
    if current != (first + turns) % 2:
        raise DeserializationError(f"{where}.current_player: after {turns} turns it is player {(first + turns) % 2}")
    if end_reason(board, supply, turns, variant.max_turns) is not None and turn.has_thrown:
        raise DeserializationError(f"{where}.turn: the game is over, so no turn is under way")
    return {"variant": variant, **shared, "board": board, "supply": supply, "out": out, "turns": turns}
