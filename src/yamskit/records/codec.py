"""The JSON codec of game records: every field checked on the way in, one move a line on the way out.

Reading is strict and bounded: malformed input raises `DeserializationError`, never
anything else, and takes time proportional to its size. `GameRecord.to_data`,
`GameRecord.from_data` and `GameRecord.dump` are thin layers over these functions.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from ..actions import Action, Roll, action_from_data, action_to_data
from ..errors import DeserializationError, brief
from ..history import Move
from ..serialization import expect
from .schema import FORMAT, MAX_MOVES, MAX_POINTS, MAX_SEED, VERSION


class RecordFields(Protocol):
    """What the writers here read of a record (a `yamskit.records.GameRecord`, which they serve).

    Examples:
        >>> import yamskit
        >>> record = yamskit.GameRecord("classic", players=["Ann"], seed=1)
        >>> record_to_data(record)["players"]
        ['Ann']
    """

    @property
    def variant(self) -> str:
        """The variant's registered name."""

    @property
    def options(self) -> dict[str, Any]:
        """The variant's options (JSON values: ``Any``)."""

    @property
    def players(self) -> tuple[str, ...]:
        """The names, in seat order."""

    @property
    def seed(self) -> int | None:
        """The dice stream's seed."""

    @property
    def setup(self) -> dict[str, Any]:
        """Further keyword arguments of ``new_game`` (JSON values: ``Any``)."""

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move, throws with their faces."""

    @property
    def claimed(self) -> dict[str, int] | None:
        """The points the players claim, by name."""

    @property
    def metadata(self) -> dict[str, Any]:
        """Free JSON (``Any``)."""


__all__ = ["RecordFields", "check_python_fields", "fields_from_data", "record_to_data", "record_to_text"]

_MAX_DEPTH = 32
_KEYS = {"format", "version", "variant", "players", "seed", "setup", "moves", "claimed", "metadata"}


def _check_json(value: Any, where: str, depth: int = 0) -> None:
    """Refuse JSON nested deeper than ``_MAX_DEPTH`` (it must be dumped again later)."""
    if depth > _MAX_DEPTH:
        raise DeserializationError(f"{where} is nested more than {_MAX_DEPTH} levels deep")
    if isinstance(value, dict):
        for key, item in value.items():
            _check_json(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_json(item, f"{where}[{i}]", depth + 1)


def _setup_value(value: Any, where: str) -> Any:
    def small(v: Any) -> bool:
        return type(v) is int and abs(v) <= MAX_POINTS

    if isinstance(value, list):
        if len(value) > 64 or not all(small(v) for v in value):
            raise DeserializationError(f"{where} must be a list of at most 64 whole numbers")
    elif isinstance(value, str):
        if len(value) > 100:
            raise DeserializationError(f"{where} is a string longer than 100 characters")
    elif not (value is None or type(value) is bool or small(value)):
        raise DeserializationError(f"{where} must be a whole number, string, boolean, null or list of numbers")
    return value


def _move_from_data(data: Any, i: int, players: int) -> Move:
    where = f"record.moves[{i}]"
    if not isinstance(data, dict):
        raise DeserializationError(f"{where} must be a JSON object, not {type(data).__name__}")
    extra = set(data) - {"player", "action"}
    if extra:
        raise DeserializationError(f"{where} has unknown keys: {', '.join(sorted(map(str, extra)))}")
    player = expect(data, "player", int, where)
    if not 0 <= player < players:
        raise DeserializationError(f"{where}.player must be a seat from 0 to {players - 1}, not {player}")
    try:
        action = action_from_data(expect(data, "action", dict, where))
    except DeserializationError as error:
        raise DeserializationError(f"{where}: {error}") from None
    if isinstance(action, Roll) and action.outcome is None:
        raise DeserializationError(f"{where}: a recorded throw must give its faces ('outcome')")
    return Move(player, action)


def check_python_fields(record: RecordFields) -> None:
    """What `record_to_data` needs before the JSON checks of `fields_from_data` can run."""
    if not isinstance(record.variant, str):
        raise DeserializationError(f"record.variant must be a name, not {type(record.variant).__name__}")
    for i, move in enumerate(record.moves):
        where = f"record.moves[{i}]"
        if not isinstance(move, Move):
            raise DeserializationError(f"{where} must be a Move(player, action), not {type(move).__name__}")
        if type(move.player) is not int:
            raise DeserializationError(f"{where}.player must be int, not {type(move.player).__name__}")
        if not isinstance(move.action, Action.__args__):
            raise DeserializationError(f"{where}.action is not an action: {type(move.action).__name__}")


def record_to_data(record: RecordFields) -> dict[str, Any]:
    """A JSON-ready dict of ``record`` (see the record format page)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": {"name": record.variant, "options": record.options},
        "players": list(record.players),
        "seed": record.seed,
        "setup": record.setup,
        "moves": [{"player": m.player, "action": action_to_data(m.action)} for m in record.moves],
    }
    if record.claimed is not None:
        data["claimed"] = record.claimed
    if record.metadata:
        data["metadata"] = record.metadata
    return data


def record_to_text(data: dict[str, Any]) -> str:
    """The JSON text of a record's data, one move a line."""
    data = dict(data)
    moves = data.pop("moves")
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()]
    if moves:
        listed = ",\n".join(f"    {json.dumps(m)}" for m in moves)
        lines.append(f'  "moves": [\n{listed}\n  ]')
    else:
        lines.append('  "moves": []')
    return "{\n" + ",\n".join(lines) + "\n}"


def fields_from_data(data: Any) -> dict[str, Any]:
    """The `GameRecord` fields of parsed JSON, every field checked.

    Raises:
        DeserializationError: not a record, an unsupported version, or a field of
            the wrong type or size.
    """
    where = "record"
    if expect(data, "format", str, where) != FORMAT:
        raise DeserializationError(
            f"not a yamskit game record (format {brief(data['format'])}, expected {brief(FORMAT)})"
        )
    version = expect(data, "version", int, where)
    if version != VERSION:
        raise DeserializationError(f"record version {version} is not supported (this yamskit reads {VERSION})")
    extra = set(data) - _KEYS
    if extra:
        raise DeserializationError(f"{where} has unknown keys: {', '.join(sorted(map(str, extra)))}")
    info = expect(data, "variant", dict, where)
    if set(info) - {"name", "options"}:
        raise DeserializationError(f"{where}.variant has unknown keys (it holds 'name' and 'options')")
    name = expect(info, "name", str, f"{where}.variant")
    options = expect(info, "options", dict, f"{where}.variant") if "options" in info else {}
    _check_json(options, f"{where}.variant.options")
    names = expect(data, "players", list, where)
    if not 1 <= len(names) <= 64 or not all(isinstance(n, str) and 0 < len(n) <= 100 for n in names):
        raise DeserializationError(f"{where}.players must be 1 to 64 names of 1 to 100 characters")
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise DeserializationError(f"{where}.seed must be null or a whole number from 0 to 2**64-1")
    setup = expect(data, "setup", dict, where) if data.get("setup") is not None else {}
    if len(setup) > 16:
        raise DeserializationError(f"{where}.setup has more than 16 entries")
    for key, value in setup.items():
        if not key.isidentifier() or len(key) > 40:
            raise DeserializationError(f"{where}.setup key {brief(key[:40])} is not a keyword name")
        _setup_value(value, f"{where}.setup.{key}")
    raw = expect(data, "moves", list, where)
    if len(raw) > MAX_MOVES:
        raise DeserializationError(
            f"{where}.moves has {len(raw)} moves, more than {MAX_MOVES} (no legal game is longer: "
            "yamskit.history.MAX_MOVES)"
        )
    moves = tuple(_move_from_data(m, i, len(names)) for i, m in enumerate(raw))
    claimed = None
    if data.get("claimed") is not None:
        claimed = expect(data, "claimed", dict, where)
        for player, points in claimed.items():
            if player not in names:
                raise DeserializationError(f"{where}.claimed names {brief(player)}, who is not a player")
            if type(points) is not int or abs(points) > MAX_POINTS:
                raise DeserializationError(f"{where}.claimed[{brief(player)}] must be a whole number of points")
    metadata = expect(data, "metadata", dict, where) if data.get("metadata") is not None else {}
    _check_json(metadata, f"{where}.metadata")
    return {
        "variant": name,
        "options": options,
        "players": tuple(names),
        "seed": seed,
        "setup": setup,
        "moves": moves,
        "claimed": claimed,
        "metadata": metadata,
    }
