"""The position notation of Yam Master: ``HEAD PLAYERS BOARD OUT SEATS TURN STREAM TURNS``.

The shared fields (head, players, seats, turn, stream) are `yamskit.notation.grammar`'s;
this module writes and reads the board, the tokens out of the game and the turn counter.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
    >>> write_yam_master(g.apply(yamskit.Roll(outcome="22255")).apply(yamskit.Place((1, 2))))
    'yam-master Ann,Bob ...../..X../...../...../..... 0,0 1:0 - 1:0 1'
"""

from __future__ import annotations

from typing import Any

from ...errors import NotationError, YamskitError, brief
from ...notation import grammar
from ...position.errors import ImpossibleBoardError
from .board import Board
from .game import YamMasterGame
from .rules import MAX_THROWS, TOKENS, BoardVariant

__all__ = ["read_yam_master", "write_yam_master"]


def write_yam_master(game: YamMasterGame) -> str:
    """The notation of a Yam Master game.

    ``BOARD``: five rows of five marks separated by ``/`` (``X`` the first player, ``O``
    the second, ``.`` free); ``OUT``: each player's tokens out of the game; ``TURNS``:
    turns played, both players counted. Tokens to place are 12 minus the others.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
        >>> write_yam_master(g.apply(yamskit.Roll(outcome="22255")).apply(yamskit.Place((1, 2))))
        'yam-master Ann,Bob ...../..X../...../...../..... 0,0 1:0 - 1:0 1'
    """
    return " ".join(
        [
            grammar.variant_head(game.variant),
            grammar.write_names(game.players),
            "/".join(game.board.to_data()),
            ",".join(str(n) for n in game.out),
            f"{game.current_player}:{game.first_player}",
            grammar.write_turn(game.turn),
            grammar.write_stream(game.stream),
            str(game.turns),
        ]
    )


def read_yam_master(variant: BoardVariant, fields: list[str]) -> dict[str, Any]:
    """The fields of the Yam Master state a notation describes (not yet checked for reachability).

    `YamMasterVariant.from_notation` builds the state from them and checks it.

    Examples:
        >>> import yamskit
        >>> text = "yam-master Ann,Bob ...../..X../...../...../..... 0,0 1:0 - 1:0 1"
        >>> read_yam_master(yamskit.variant("yam-master"), text.split())["supply"]
        (11, 12)
    """
    grammar.expect_fields(fields, variant.name, "HEAD PLAYERS BOARD OUT SEATS TURN STREAM TURNS", (8,))
    players = grammar.read_names(fields[1], "PLAYERS")
    if len(players) != 2:
        raise NotationError(f"PLAYERS: Yam Master is for 2 players, not {len(players)}")
    if fields[2].count("/") != 4:
        raise NotationError(f"BOARD must be 5 rows of 5 marks separated by '/', not {brief(fields[2][:40])}")
    try:
        board = Board.parse(fields[2])
    except YamskitError as error:
        raise NotationError(f"BOARD: {error}") from None
    out = grammar.read_ints(fields[3], "OUT", 2, TOKENS)
    supply = tuple(TOKENS - board.count(p) - out[p] for p in (0, 1))
    if min(supply) < 0:
        p = 0 if supply[0] < 0 else 1
        raise ImpossibleBoardError(
            f"{players[p]} has {board.count(p)} tokens on the board and {out[p]} out: more than {TOKENS}",
            rule="tokens",
        )
    current, first = grammar.read_seats(fields[4], 2)
    return {
        "variant": variant,
        "players": players,
        "board": board,
        "supply": supply,
        "out": (out[0], out[1]),
        "current_player": current,
        "turn": grammar.read_turn(fields[5], MAX_THROWS, game=variant.name),
        "stream": grammar.read_stream(fields[6]),
        "turns": grammar.read_int(fields[7], "TURNS", 0, 10**6),
        "first_player": first,
    }
