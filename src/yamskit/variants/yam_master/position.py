"""Positions of Yam Master: the board, the tokens, the turn counter.

`check_yam_master` raises unless some game can reach a `YamMasterGame`:

* ``tokens`` — at most twelve tokens a player, and on the board + to place + out of
  the game = twelve; tokens out of the game only with ``removed="out"``;
* ``five_in_a_row`` — not both players, and the player who made it has just played;
* ``last_token`` — a player with no token left has just played, and not both;
* ``turn_count`` — the turns played fit whose turn it is, the bound ``max_turns``, and
  are enough for the tokens placed and removed;
* ``throws``, ``kept``, ``challenge``, ``finished_game`` — the turn.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yam-master")
    >>> g = yam_master_position(v, ["Ann", "Bob"], board="XX.../...../..O../...../.....", current_player="Bob", seed=1)
    >>> g.supply, g.turns, g.first_player
    ((10, 11), 3, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...errors import YamskitError, brief
from ...position.errors import ImpossibleBoardError, ImpossibleTurnError, PositionArgumentError, PositionError
from ...position.turns import (
    argument,
    build_turn,
    check_bool,
    check_stream_of,
    check_turn,
    make_stream,
    players_of,
    seat,
)
from ...position.witness import Witness, verify
from .board import SIZE, Board
from .game import YamMasterGame
from .rules import MAX_THROWS, TOKENS, BoardVariant
from .witness import witness_of

__all__ = ["check_yam_master", "yam_master_position"]


def _turns_of(turns: int, first: int, player: int) -> int:
    return (turns + 1) // 2 if player == first else turns // 2


def _turns_needed(board: Board, out: Sequence[int], player: int) -> int:
    """The fewest turns ``player`` played: a placement per own token on the board or out, a removal per opponent's."""
    return board.count(player) + out[player] + out[1 - player]


def check_yam_master(game: YamMasterGame) -> Witness:
    """Raise a `PositionError` subclass unless some game of its variant can reach ``game``; return that game.

    The rules checked are listed in the module docs. ``game.history`` is not looked at.

    Examples:
        >>> import attrs, yamskit
        >>> g = yamskit.variant("yam-master").new_game(seed=1)
        >>> check_yam_master(attrs.evolve(g, supply=(12, 11)))  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        ImpossibleBoardError: Player 2 has 0 tokens on the board, 11 to place and 0 out: not 12
    """
    players, board, v = game.players, game.board, game.variant
    players_of(list(players), 2, 2)
    for value, what in ((game.current_player, "current_player"), (game.first_player, "first_player")):
        if type(value) is not int or value not in (0, 1):
            raise ImpossibleTurnError(f"{what} must be seat 0 or 1, not {brief(value)}", rule="seats")
    for p in (0, 1):
        on_board = board.count(p)
        if on_board > TOKENS:
            raise ImpossibleBoardError(
                f"{players[p]} has {on_board} tokens on the board, more than {TOKENS}", rule="tokens"
            )
        supply, out = game.supply[p], game.out[p]
        if type(supply) is not int or type(out) is not int or supply < 0 or out < 0:
            raise ImpossibleBoardError(f"{players[p]}'s tokens to place and out must be whole numbers", rule="tokens")
        if on_board + supply + out != TOKENS:
            raise ImpossibleBoardError(
                f"{players[p]} has {on_board} tokens on the board, {supply} to place and {out} out: not {TOKENS}",
                rule="tokens",
            )
        if out and v.removed == "supply":
            raise ImpossibleBoardError(
                f"{players[p]} has {out} tokens out of the game, but removed tokens go back to the supply",
                rule="tokens",
            )
    # Both ends of the game come at once: the player who made it has just played, and only one can.
    for ended, rule, both, done in (
        (
            {run.player for run in board.fives},
            "five_in_a_row",
            "both players have five in a row, but the first one ends the game",
            "made five in a row",
        ),
        (
            {p for p in (0, 1) if game.supply[p] == 0},
            "last_token",
            "both players have placed every token, but the first to do so ends the game",
            "placed the last token",
        ),
    ):
        if len(ended) > 1:
            raise ImpossibleBoardError(both, rule=rule)
        for p in ended:
            if game.current_player == p:
                raise ImpossibleTurnError(
                    f"{players[p]} {done}, so {players[p]} played last and {players[1 - p]} is next", rule=rule
                )
    turns = game.turns
    if type(turns) is not int or not 0 <= turns <= v.max_turns:
        raise ImpossibleTurnError(
            f"turns played must be 0 to max_turns ({v.max_turns}), not {brief(turns)}", rule="turn_count"
        )
    if game.current_player != (game.first_player + turns) % 2:
        raise ImpossibleTurnError(
            f"{players[game.first_player]} played first and {turns} turns were played, so "
            f"{players[(game.first_player + turns) % 2]} is to play, not {players[game.current_player]}",
            rule="turn_count",
        )
    for p in (0, 1):
        had, needed = _turns_of(turns, game.first_player, p), _turns_needed(board, game.out, p)
        if had < needed:
            raise ImpossibleTurnError(
                f"{players[p]} has played {had} of the {turns} turns, too few to place {board.count(p) + game.out[p]} "
                f"tokens and remove {game.out[1 - p]}",
                rule="turn_count",
            )
    check_turn(game.turn, max_throws=MAX_THROWS, challenge=True, game=game.variant.name)
    check_stream_of(game.stream)
    if game.turn.has_thrown and game.is_over:
        raise ImpossibleTurnError(f"the game is over ({game.end_reason}): no turn is under way", rule="finished_game")
    witness = witness_of(game)
    verify(witness, game)
    return witness


def _board(value: Board | str | Mapping[Any, Iterable[Any]] | None, players: tuple[str, ...]) -> Board:
    if value is None:
        return Board.empty()
    if isinstance(value, Board):
        return value
    try:
        if isinstance(value, str):
            return Board.parse(value)
        if not isinstance(value, Mapping):
            raise PositionArgumentError(
                f"board must be a Board, rows of marks or {{player: [(row, col), ...]}}, not {brief(value)}",
                rule="argument",
            )
        board = Board.empty()
        for who, cells in value.items():
            p = seat(players, who, "board")
            for cell in cells:
                cell = tuple(cell)
                if len(cell) != 2 or any(type(x) is not int or not 0 <= x < SIZE for x in cell):
                    raise ImpossibleBoardError(
                        f"no cell {brief(cell)}: rows and columns are 0 to {SIZE - 1}", rule="tokens"
                    )
                if board.owner((cell[0], cell[1])) is not None:
                    raise ImpossibleBoardError(f"cell {cell} holds two tokens", rule="tokens")
                board = board.place((cell[0], cell[1]), p)
        return board
    except YamskitError as error:
        if isinstance(error, PositionError):
            raise
        raise ImpossibleBoardError(str(error), rule="tokens") from None


def _pair(value: Sequence[int] | Mapping[str, int] | None, players: tuple[str, ...], what: str) -> tuple[int, int]:
    if value is None:
        return (0, 0)
    if isinstance(value, Mapping):
        out = [0, 0]
        for who, n in value.items():
            out[seat(players, who, what)] = n
        return (out[0], out[1])
    if isinstance(value, (str, bytes)):
        raise ImpossibleBoardError(f"{what} must be two numbers, one per player, not {brief(value)}", rule="tokens")
    values = tuple(value)
    if len(values) != 2:
        raise ImpossibleBoardError(f"{what} must be two numbers, one per player, not {brief(value)}", rule="tokens")
    return (values[0], values[1])


def _fewest_turns(board: Board, out: tuple[int, int], current: int, first: int | None, limit: int) -> tuple[int, int]:
    for turns in range(limit + 1):
        f = (current - turns) % 2
        if first is not None and f != first:
            continue
        if all(_turns_of(turns, f, p) >= _turns_needed(board, out, p) for p in (0, 1)):
            return turns, f
    return limit, (current - limit) % 2 if first is None else first


def yam_master_position(
    variant: BoardVariant,
    players: Sequence[str] | None = None,
    *,
    board: Board | str | Mapping[Any, Iterable[Any]] | None = None,
    out: Sequence[int] | Mapping[str, int] | None = None,
    current_player: int | str = 0,
    first_player: int | str | None = None,
    turns: int | None = None,
    dice: Dice | str | Sequence[int] | None = None,
    throws: int | None = None,
    kept: Dice | str | Sequence[int] = "",
    challenge: bool = False,
    seed: int | None = None,
    draws: int = 0,
) -> YamMasterGame:
    """A position set up from a real board, checked against what a game can reach; its history is empty.

    Args:
        players: the two names, in seat order (default ``Player 1``, ``Player 2``).
        board: the tokens: a `Board`, five rows of marks (``"X..../.O.../..."``), or
            ``{player: [(row, col), ...]}`` by name or index.
        out: tokens of each player out of the game (``removed="out"`` only).
        current_player: the player to act, by index or name.
        first_player: who played first (default: from ``turns`` and whose turn it is).
        turns: turns played, both players counted (default: the fewest that fit the
            board, the tokens out and whose turn it is).
        dice: the five dice showing, if the player has thrown this turn.
        throws: throws used this turn (default 1 with dice, else 0).
        kept: the dice held back in the last throw (default none: all five thrown).
        challenge: whether a challenge (*défi*) was declared after the first throw.
        seed: the dice stream's seed (default a fresh random one).
        draws: faces already drawn from the stream.

    Raises:
        PositionError: a value no game can reach; the message names the rule,
            ``error.rule`` its id (see `yamskit.position`).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").position(["Ann", "Bob"], board={"Ann": [(0, 0)]}, current_player=1)
        >>> g.supply, g.turns
        ((11, 12), 1)
    """
    names = players_of(players if players is not None else ["Player 1", "Player 2"], 2, 2)
    with argument("board"):
        grid = _board(board, names)
    with argument("out"):
        gone = _pair(out, names, "out")
        if any(type(n) is not int for n in gone):
            raise TypeError(f"tokens out must be whole numbers, not {brief(out)}")
    check_bool(challenge, "challenge")
    if turns is not None and type(turns) is not int:
        raise PositionArgumentError(f"turns must be a whole number, not {brief(turns)}", rule="argument")
    current = seat(names, current_player)
    first = None if first_player is None else seat(names, first_player, "first_player")
    if turns is None:
        turns, first = _fewest_turns(grid, gone, current, first, variant.max_turns)
    elif first is None:
        first = (current - turns) % 2 if type(turns) is int else 0
    supply = tuple(TOKENS - grid.count(p) - (gone[p] if type(gone[p]) is int else 0) for p in (0, 1))
    game = YamMasterGame(
        variant=variant,
        players=names,
        board=grid,
        supply=supply,
        out=gone,
        current_player=current,
        turn=build_turn(
            dice=dice, throws=throws, kept=kept, challenge=challenge, max_throws=MAX_THROWS, game=variant.name
        ),
        stream=make_stream(seed, draws),
        turns=turns,
        first_player=first,
    )
    check_yam_master(game)
    return game
