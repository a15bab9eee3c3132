"""JSON for game states: a versioned envelope, strict validation at the boundary.

A saved game is ``{"format": "yamskit.game", "version": 1, "variant": {"name": ...,
"options": {...}}, "state": {...}}``. `load_game` rebuilds the variant from
the registry (or takes the one you pass) and lets it read its state. Reading never
executes anything (no pickle): it parses JSON with bounded numbers and size, checks
every field, and raises `DeserializationError` naming what is wrong.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=5).apply(yamskit.Roll())
    >>> yamskit.load_game(g.to_json()) == g
    True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from . import _registry
from .actions import Action, action_from_data, action_to_data
from .dice import NUM_DICE, Dice, DiceStream
from .errors import DeserializationError, YamskitError, brief
from .game import GameState, Variant
from .history import MAX_MOVES, Move
from .jsontext import MAX_TEXT, expect, expect_int, parse_json, unique_keys
from .seats import check_players
from .state_checks import check_stream
from .turn import Turn

__all__ = [
    "FORMAT",
    "MAX_TEXT",
    "VERSION",
    "dump_game",
    "expect",
    "expect_int",
    "history_from_data",
    "history_to_data",
    "load_game",
    "parse_json",
    "shared_fields",
    "shared_to_data",
    "stream_from_data",
    "stream_to_data",
    "turn_from_data",
    "turn_to_data",
    "unique_keys",
]

#: The ``format`` tag of a saved game.
FORMAT = "yamskit.game"
#: The current version of the saved-game format.
VERSION = 1


def _dice(text: Any, where: str) -> Dice:
    if not isinstance(text, str) or len(text) > 20:
        raise DeserializationError(f"{where} must be a string of dice such as '33325'")
    try:
        return Dice.parse(text)
    except YamskitError as error:
        raise DeserializationError(f"{where}: {error}") from None


def turn_to_data(turn: Turn) -> dict[str, Any]:
    """A JSON-ready dict of a turn.

    Examples:
        >>> from yamskit import Dice
        >>> turn_to_data(Turn.start().throw(Dice(), Dice.parse("12345")))
        {'max_throws': 3, 'throws': [{'kept': '', 'rolled': '12345'}], 'challenge': False}
    """
    return {
        "max_throws": turn.max_throws,
        "throws": [{"kept": str(t.kept), "rolled": str(t.rolled)} for t in turn.throws],
        "challenge": turn.challenge,
    }


def turn_from_data(
    data: Any, *, max_throws: int, dice: int = NUM_DICE, game: str = "this game", saved: int = 0
) -> Turn:
    """A turn from `turn_to_data`, checked against the variant's throw limit and its ``dice`` (``game``: its name).

    ``saved``: the stored throws the turn may spend beyond ``max_throws`` (a game with saved
    throws; its save holds them beside the turn).

    Examples:
        >>> turn_from_data({"max_throws": 3, "throws": [{"kept": "", "rolled": "66612"}], "challenge": False},
        ...                max_throws=3).dice
        Dice.parse('12666')
    """
    where = "state.turn"
    limit = expect_int(data, "max_throws", where, 1, 10)
    if limit != max_throws:
        raise DeserializationError(f"{where}.max_throws is {limit}, but this variant allows {max_throws}")
    raw = expect(data, "throws", list, where)
    if len(raw) > limit + saved:
        stored = f" (and {saved} saved)" if saved else ""
        raise DeserializationError(f"{where} has {len(raw)} throws, more than {limit}{stored}")
    turn = Turn.start(max_throws=limit, dice=dice, saved=saved)
    challenge = expect(data, "challenge", bool, where)
    for i, entry in enumerate(raw):
        kept = _dice(expect(entry, "kept", str, f"{where}.throws[{i}]"), f"{where}.throws[{i}].kept")
        rolled = _dice(expect(entry, "rolled", str, f"{where}.throws[{i}]"), f"{where}.throws[{i}].rolled")
        try:
            turn.check_throw(kept, rolled, game=game)
            turn = turn.thrown(kept, rolled)
        except YamskitError as error:
            raise DeserializationError(f"{where}.throws[{i}]: {error}") from None
        if challenge and i == 0:
            turn = turn.declare_challenge()
    if challenge and not turn.throws:
        raise DeserializationError(f"{where}: a challenge cannot be declared before the first throw")
    return turn


def stream_to_data(stream: DiceStream) -> dict[str, int]:
    """A JSON-ready dict of a dice stream.

    Examples:
        >>> stream_to_data(DiceStream(seed=7, draws=5))
        {'seed': 7, 'draws': 5}
    """
    return {"seed": stream.seed, "draws": stream.draws}


def stream_from_data(data: Any) -> DiceStream:
    """A dice stream from `stream_to_data`.

    Examples:
        >>> stream_from_data({"seed": 7, "draws": 5})
        DiceStream(seed=7, draws=5)
    """
    seed = expect_int(data, "seed", "state.stream", 0, 2**64 - 1)
    draws = expect_int(data, "draws", "state.stream", 0, 2**64 - 1)
    return DiceStream(seed=seed, draws=draws)


def history_to_data(history: Sequence[Move]) -> list[dict[str, Any]]:
    """A JSON-ready list of moves.

    Examples:
        >>> from yamskit import Score
        >>> history_to_data((Move(0, Score("chance")),))
        [{'player': 0, 'action': {'type': 'score', 'row': 'chance', 'column': None}}]
    """
    return [{"player": m.player, "action": action_to_data(m.action)} for m in history]


def history_from_data(data: Any, players: int, *, limit: int = MAX_MOVES) -> tuple[Move, ...]:
    """Moves from `history_to_data`, each action validated.

    Examples:
        >>> history_from_data([{"player": 1, "action": {"type": "pass"}}], players=2)
        (Move(player=1, action=Pass()),)
    """
    if not isinstance(data, list):
        raise DeserializationError("state.history must be a list")
    if len(data) > limit:
        raise DeserializationError(
            f"state.history has {len(data)} moves, more than {limit} (no legal game is longer: "
            "yamskit.history.MAX_MOVES)"
        )
    moves = []
    for i, entry in enumerate(data):
        player = expect_int(entry, "player", f"state.history[{i}]", 0, players - 1)
        action: Action = action_from_data(expect(entry, "action", dict, f"state.history[{i}]"))
        moves.append(Move(player, action))
    return tuple(moves)


def shared_to_data(state: GameState) -> dict[str, Any]:
    """The fields every state's save holds: players, seats, the turn, the dice stream, the history.

    Each family's codec adds its own fields (sheets, board, chips) to these.

    Examples:
        >>> import yamskit
        >>> sorted(shared_to_data(yamskit.variant("yamslam").new_game(seed=1)))
        ['current_player', 'first_player', 'history', 'players', 'stream', 'turn']
    """
    return {
        "players": list(state.players),
        "current_player": state.current_player,
        "first_player": state.first_player,
        "turn": turn_to_data(state.turn),
        "stream": stream_to_data(state.stream),
        "history": history_to_data(state.history),
    }


def shared_fields(
    data: Any,
    *,
    players: tuple[int, int],
    max_throws: int,
    dice: int = NUM_DICE,
    game: str = "this game",
    saved: int = 0,
) -> dict[str, Any]:
    """The fields `shared_to_data` writes, read back and checked (``players`` is the least and most seats).

    ``dice`` and ``game``: the variant's dice count and name, which the turn is checked against;
    ``saved``: the stored throws the turn may spend (see `turn_from_data`).

    Raises:
        DeserializationError: a missing or malformed field, names that are not distinct
            strings, seats out of range, a turn or a stream no game has.

    Examples:
        >>> import json, yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1)
        >>> fields = shared_fields(json.loads(g.to_json())["state"], players=(1, 8), max_throws=3)
        >>> fields["players"], fields["stream"] == g.stream
        (('Ann', 'Bob'), True)
    """
    where = "state"
    try:
        names = check_players(expect(data, "players", list, where), minimum=players[0], maximum=players[1])
    except YamskitError as error:
        raise DeserializationError(f"{where}.players: {error}") from None
    n = len(names)
    stream = stream_from_data(expect(data, "stream", dict, where))
    check_stream(stream)
    return {
        "players": names,
        "current_player": expect_int(data, "current_player", where, 0, n - 1),
        "first_player": expect_int(data, "first_player", where, 0, n - 1),
        "turn": turn_from_data(
            expect(data, "turn", dict, where), max_throws=max_throws, dice=dice, game=game, saved=saved
        ),
        "stream": stream,
        "history": history_from_data(expect(data, "history", list, where), n),
    }


def dump_game(variant: Variant, state: dict[str, Any]) -> str:
    """The JSON text of a saved game: the envelope around a variant's state data.

    Examples:
        >>> import yamskit
        >>> dump_game(yamskit.variant("yahtzee"), {})
        '{"format":"yamskit.game","version":1,"variant":{"name":"yahtzee","options":{}},"state":{}}'
    """
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "variant": {"name": variant.name, "options": variant.options},
            "state": state,
        },
        sort_keys=False,
        separators=(",", ":"),
    )


def load_game(text: str | bytes, *, variant: Variant | None = None) -> GameState:
    """Read a game saved by ``state.to_json()``.

    Args:
        text: the JSON text.
        variant: the variant to read it with; by default the one the envelope names,
            looked up in the registry (pass your own for unregistered variants).

    Raises:
        DeserializationError: malformed JSON, unknown format or version, unknown
            variant, or a state the variant rejects.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic", joker="free").new_game(seed=1)
        >>> yamskit.load_game(g.to_json()).variant.options["joker"]
        'free'
    """

    data = parse_json(text)
    if expect(data, "format", str, "game") != FORMAT:
        record = data["format"] == "yamskit.record"
        hint = ": a record (yamskit play --save writes them) loads with GameRecord.load(text).to_game()"
        raise DeserializationError(
            f"not a saved yamskit game (format {brief(data['format'])})" + (hint if record else "")
        )
    version = expect(data, "version", int, "game")
    if version != VERSION:
        raise DeserializationError(f"saved-game version {version} is not supported (this yamskit reads {VERSION})")
    info = expect(data, "variant", dict, "game")
    name = expect(info, "name", str, "game.variant")
    options = expect(info, "options", dict, "game.variant")
    variant = _registry.resolve(name, options, variant)
    state = expect(data, "state", dict, "game")
    try:
        return variant.state_from_data(state)
    except DeserializationError:
        raise
    except YamskitError as error:
        raise DeserializationError(f"impossible state: {error}") from None
