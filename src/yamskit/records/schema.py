"""The JSON Schema of game records (see `yamskit.records`).

The schema checks a record's shape; `yamskit.check_record` checks its rules. The docs
ship the same schema as ``record-schema.json``.

Examples:
    >>> record_schema()["properties"]["version"]
    {'const': 1}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..dice import MAX_DICE
from ..history import MAX_MOVES as HISTORY_MOVES

__all__ = ["FORMAT", "MAX_MOVES", "MAX_POINTS", "MAX_SEED", "VERSION", "record_schema"]

#: The ``format`` tag of a game record.
FORMAT = "yamskit.record"
#: The current version of the record format.
VERSION = 1
#: The most moves a record may hold: the most any legal game has (`yamskit.history.MAX_MOVES`).
MAX_MOVES = HISTORY_MOVES
#: The largest seed a record may name.
MAX_SEED = 2**64 - 1
#: The largest claimed total (in absolute value) a record may carry.
MAX_POINTS = 10**9


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a game record.

    The schema checks the shape; `check_record` checks the rules. The docs ship
    the same schema as ``record-schema.json``.

    Examples:
        >>> fields = record_schema()["properties"]
        >>> fields["format"], "moves" in fields
        ({'const': 'yamskit.record'}, True)
    """
    # up to the most dice a variant throws (six in Maxi Yatzy; `yamskit.dice.MAX_DICE`)
    dice = {"type": "string", "pattern": f"^[1-6]{{0,{MAX_DICE}}}$", "description": "dice faces, e.g. '33325'"}
    cell = {
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": 99},
        "minItems": 2,
        "maxItems": 2,
        "description": "[row, col] from the top left",
    }
    column = {"type": ["string", "null"], "description": "column id (null on a one-column sheet)"}

    def action(kind: str, props: dict[str, Any], required: Sequence[str] = ()) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {"type": {"const": kind}, **props},
            "required": ["type", *required],
            "additionalProperties": False,
        }

    actions = [
        action(
            "roll",
            {"keep": {**dice, "type": ["string", "null"]}, "outcome": dice},
            ["outcome"],
        ),
        action("score", {"row": {"type": "string"}, "column": column}, ["row"]),
        action("scratch", {"row": {"type": "string"}, "column": column}, ["row"]),
        action("pass", {}),
        action("declare_challenge", {}),
        action("place", {"cell": cell}, ["cell"]),
        action("remove_token", {"cell": cell}, ["cell"]),
        action("take_chip", {"kind": {"type": "string"}, "from_discard": {"type": ["boolean", "null"]}}, ["kind"]),
    ]
    number = {"type": "integer", "minimum": -MAX_POINTS, "maximum": MAX_POINTS}
    scalar = {"anyOf": [{"type": ["string", "boolean", "null"], "maxLength": 100}, number]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://yamskit.readthedocs.io/record-schema.json",
        "title": "yamskit game record",
        "description": "A whole game of a yamskit variant: start, moves with every throw's faces, claims.",
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": VERSION},
            "variant": {
                "type": "object",
                "properties": {
                    "name": {"type": "string", "description": "registry name, e.g. 'classic'"},
                    "options": {"type": "object", "description": "the variant's options"},
                },
                "required": ["name"],
                "additionalProperties": False,
            },
            "players": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 100},
                "minItems": 1,
                "maxItems": 64,
                "description": "player names in seat order",
            },
            "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEED},
            "setup": {
                "type": ["object", "null"],
                "description": "further keyword arguments of new_game, e.g. {'first_player': 1}",
                "maxProperties": 16,
                "propertyNames": {"pattern": "^[A-Za-z_][A-Za-z0-9_]*$", "maxLength": 40},
                "additionalProperties": {
                    "anyOf": [scalar, {"type": "array", "items": number, "maxItems": 64}],
                },
            },
            "moves": {
                "type": "array",
                "maxItems": MAX_MOVES,
                "items": {
                    "type": "object",
                    "properties": {
                        "player": {"type": "integer", "minimum": 0, "description": "seat index into players"},
                        "action": {"oneOf": actions},
                    },
                    "required": ["player", "action"],
                    "additionalProperties": False,
                },
            },
            "claimed": {
                "type": ["object", "null"],
                "description": "claimed points by player name",
                "additionalProperties": {"type": "integer", "minimum": -MAX_POINTS, "maximum": MAX_POINTS},
            },
            "metadata": {"type": ["object", "null"], "description": "free JSON kept with the record"},
        },
        "required": ["format", "version", "variant", "players", "moves"],
        "additionalProperties": False,
    }
