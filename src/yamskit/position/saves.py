"""Loaded games: a save is accepted only if its history leads from where it starts to where it stands.

A save holds the state and its history; a game continued from a position (set up from
paper or read from a notation) also holds that position, its *origin*. `check_loaded`
takes a state read from a save:

* with an empty history, the state is checked as a position: some game must reach it
  (`yamskit.position.check_reachable`, which builds one);
* otherwise the history is replayed from its origin (itself checked as a position), or,
  in a save without one, from the new game the state's players, seed, first player and
  column coefficients make (with or without a roll-off); the replay must give exactly
  the state, field by field, and the dice stream must have drawn what the throws
  drawn from it account for.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    >>> g = g.apply(yamskit.Roll()).apply(yamskit.Score("chance"))
    >>> check_loaded(g, g.origin) is g
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar, cast

from .._fast import remember
from ..actions import Roll
from ..dice import Dice, DiceStream
from ..errors import DeserializationError, YamskitError
from ..game import GameState, Variant
from ..history import Move
from .witness import difference

__all__ = ["MAX_STREAM_BRANCHES", "check_loaded", "origin_to_data", "read_origin", "stream_reaches"]

_State = TypeVar("_State", bound=GameState)

#: The most draw counts followed at once while matching a history's throws with a stream.
MAX_STREAM_BRANCHES = 64


def stream_reaches(start: DiceStream, moves: Sequence[Move], draws: int) -> bool:
    """Whether ``start`` can have drawn ``draws`` faces after ``moves``: each throw drawn from it or given.

    A throw whose faces are what the stream throws next may have been drawn (the count
    moves on) or given by hand (it does not); any other throw was given. The counts
    followed are only those from which ``draws`` can still be reached.

    Examples:
        >>> from yamskit import Roll
        >>> stream = DiceStream(seed=5)
        >>> drawn, _ = stream.throw(5)
        >>> moves = [Move(0, Roll(outcome=drawn)), Move(0, Roll(outcome="12345"))]
        >>> stream_reaches(stream, moves, 5), stream_reaches(stream, moves, 0), stream_reaches(stream, moves, 10)
        (True, True, False)
    """
    faces = [
        len(move.action.outcome) for move in moves if isinstance(move.action, Roll) and move.action.outcome is not None
    ]
    left = sum(faces)
    counts = {start.draws} if start.draws <= draws <= start.draws + left else set()
    thrown_at: dict[tuple[int, int], tuple[Dice, int] | None] = {}  # (count, dice) -> what the stream throws there
    for move in moves:
        action = move.action
        if not counts or not isinstance(action, Roll) or action.outcome is None:
            continue
        thrown_faces = action.outcome
        left -= len(thrown_faces)
        grown = set()
        for count in counts:
            if count + left >= draws:
                grown.add(count)  # given by hand
            if count + len(thrown_faces) > draws:
                continue
            at = (count, len(thrown_faces))
            if at not in thrown_at:
                try:
                    thrown, after = DiceStream(seed=start.seed, draws=count).throw(len(thrown_faces))
                    thrown_at[at] = (thrown, after.draws)
                except YamskitError:
                    thrown_at[at] = None
            found = thrown_at[at]
            if found is not None and found[0] == thrown_faces:
                grown.add(found[1])  # drawn from the stream
        counts = grown if len(grown) <= MAX_STREAM_BRANCHES else set(sorted(grown, reverse=True)[:MAX_STREAM_BRANCHES])
    return draws in counts


def _new_games(state: GameState) -> Iterator[GameState]:
    """The new games a save without an origin may start from: its first player, given or rolled off."""
    variant, names, seed = state.variant, list(state.players), state.stream.seed
    weights = getattr(state, "column_weights", ())
    setups: list[dict[str, Any]] = [{"first_player": state.first_player}, {"first_player": "roll_off"}]
    if weights:
        setups = [*({**s, "column_weights": list(weights)} for s in setups), *setups]
    for setup in setups:
        try:
            game = variant.new_game(names, seed=seed, **setup)
        except (YamskitError, TypeError):
            continue
        if game.first_player == state.first_player:
            yield game


def _replay(start: GameState, moves: Sequence[Move]) -> GameState:
    state = start
    for i, move in enumerate(moves):
        try:
            state = state.apply(move.action, player=move.player)
        except YamskitError as error:
            raise DeserializationError(f"state.history[{i}] ({move.action}) breaks a rule: {error}") from None
    return state


def check_loaded(state: _State, origin: GameState | None = None) -> _State:
    """``state``, read from a save, with its origin, once its history is checked to lead to it from ``origin``.

    Args:
        state: the state as read (its fields checked one by one).
        origin: the position its history starts from, as `read_origin` reads it from the
            save (and checks it); ``None``: a new game (see the module docs).

    Raises:
        DeserializationError: a move of the history breaks a rule, the replay ends
            elsewhere than ``state``, or the dice stream does not follow from the throws.
        PositionError: an empty history and a position no game reaches.

    Examples:
        >>> import attrs, yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66612")).apply(yamskit.Score("sixes"))
        >>> forged = attrs.evolve(g, sheets=(g.sheets[0].with_cell(5, 0, yamskit.Cell(points=30)),))
        >>> check_loaded(forged, g.origin)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        DeserializationError: state: replaying its history from its start gives other sheets than the save holds
    """
    loaded: Any = state
    variant = loaded.variant
    moves = tuple(loaded.history)
    if not moves:
        variant.check_position(state)
        return state
    if origin is not None:
        if len(origin.history) or type(origin) is not type(state):
            raise DeserializationError("state.origin must be a state of the same game, with an empty history")
        starts: Iterator[Any] = iter((origin,))
    else:
        starts = _new_games(state)
    why = "no new game of these players, seed and first player starts it"
    for start in starts:
        try:
            reached = _replay(start, moves)
        except DeserializationError as error:
            why = str(error)
            continue
        field = difference(reached, state)
        if field is not None:
            why = f"state: replaying its history from its start gives other {field} than the save holds"
            continue
        stream: DiceStream = loaded.stream
        if stream.seed != start.stream.seed or not stream_reaches(start.stream, moves, stream.draws):
            why = (
                f"state.stream: {stream.draws} faces drawn from seed {stream.seed} do not follow from "
                "the start and the throws of the history"
            )
            continue
        remember(state, "_origin", start)  # a memo of the state just read, which nobody else holds yet
        return state
    raise DeserializationError(why)


def origin_to_data(state: _State, to_data: Callable[[_State], dict[str, Any]]) -> dict[str, Any]:
    """``{"origin": ...}`` for a save of ``state`` (its origin written by ``to_data``), or ``{}``.

    Only a state with a history has an origin worth writing: the position it starts from.

    Examples:
        >>> import yamskit
        >>> from yamskit.scorecard.codec import state_to_data
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
        >>> origin_to_data(g, state_to_data), sorted(origin_to_data(g.apply(yamskit.Roll()), state_to_data))
        ({}, ['origin'])
    """
    origin = state.origin
    if origin is None or not len(state.history):
        return {}
    return {"origin": to_data(cast(_State, origin))}  # (a state's origin is a state of its own class)


def read_origin(variant: Variant, data: Any) -> GameState | None:
    """The origin a save's ``"state"`` names, read by ``variant`` and checked as a position; ``None`` if none.

    Raises:
        DeserializationError: an origin that is not a state without history and origin.
        PositionError: an origin no game reaches.

    Examples:
        >>> import json, yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1).apply(yamskit.Roll())
        >>> read_origin(g.variant, json.loads(g.to_json())["state"]) == g.origin
        True
    """
    if not isinstance(data, dict) or "origin" not in data:
        return None
    raw = data["origin"]
    if not isinstance(raw, dict) or "origin" in raw or raw.get("history") != []:
        raise DeserializationError("state.origin must be a saved state with an empty history and no origin")
    return variant.state_from_data(raw)
