"""Yam Master saves: the ``"state"`` part of a state's JSON, written and read back (see `yamskit.serialization`).

Examples:
    >>> import yamskit
    >>> state_to_data(yamskit.variant("yam-master").new_game(seed=1))["board"]
    ['.....', '.....', '.....', '.....', '.....']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import DeserializationError, YamskitError
from ...game import check_players
from ...serialization import (
    expect,
    expect_int,
    history_from_data,
    history_to_data,
    stream_from_data,
    stream_to_data,
    turn_from_data,
    turn_to_data,
)
from ...state_checks import check_stream
from .board import SIZE, Board
from .rules import MAX_THROWS, TOKENS, end_reason

if TYPE_CHECKING:
    from .game import YamMasterGame
    from .variant import YamMasterVariant

__all__ = ["state_fields", "state_to_data"]


def state_to_data(state: YamMasterGame) -> dict[str, Any]:
    """The ``"state"`` part of ``state``'s JSON, as plain data.

    Examples:
        >>> import yamskit
        >>> state_to_data(yamskit.variant("yam-master").new_game(seed=1))["supply"]
        [12, 12]
    """
    return {
        "players": list(state.players),
        "first_player": state.first_player,
        "current_player": state.current_player,
        "board": state.board.to_data(),
        "supply": list(state.supply),
        "out": list(state.out),
        "turns": state.turns,
        "turn": turn_to_data(state.turn),
        "stream": stream_to_data(state.stream),
        "history": history_to_data(state.history),
    }


def _pair(data: Any, key: str) -> tuple[int, int]:
    values = expect(data, key, list, "state")
    if len(values) != 2 or any(type(v) is not int or not 0 <= v <= TOKENS for v in values):
        raise DeserializationError(f"state.{key} must be two whole numbers from 0 to {TOKENS}, not {values!r}")
    return (values[0], values[1])


def state_fields(variant: YamMasterVariant, data: Any) -> dict[str, Any]:
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
    try:
        players = check_players(expect(data, "players", list, where), minimum=2, maximum=2)
    except YamskitError as error:
        raise DeserializationError(f"{where}.players: {error}") from None
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
    stream = stream_from_data(expect(data, "stream", dict, where))
    history = history_from_data(expect(data, "history", list, where), 2)
    check_stream(stream)
    first = expect_int(data, "first_player", where, 0, 1)
    turns = expect_int(data, "turns", where, 0, variant.max_turns)
    current = expect_int(data, "current_player", where, 0, 1)
    if current != (first + turns) % 2:
        raise DeserializationError(f"{where}.current_player: after {turns} turns it is player {(first + turns) % 2}")
    turn = turn_from_data(expect(data, "turn", dict, where), max_throws=MAX_THROWS)
    if end_reason(board, supply, turns, variant.max_turns) is not None and turn.has_thrown:
        raise DeserializationError(f"{where}.turn: the game is over, so no turn is under way")
    if len(history) < turns:
        raise DeserializationError(f"{where}.history has {len(history)} moves, fewer than the {turns} turns")
    return {
        "variant": variant,
        "players": players,
        "board": board,
        "supply": supply,
        "out": out,
        "current_player": current,
        "turn": turn,
        "stream": stream,
        "turns": turns,
        "history": history,
        "first_player": first,
    }
