"""Game records: a versioned JSON format for whole games, and the referee that checks them.

A record says which variant was played (name and options), by whom, how the game
started (the seed and any setup passed to ``new_game``), and every move in order,
each throw with its faces. It may also carry the totals the players claim and free
metadata (event, date, table...). `check_record` replays a record through the
game protocol and reports the first move that breaks a rule, with the rule's own
message and the state just before it, then checks the claimed totals. `check_position`
checks a claimed position instead (a score sheet, a board, chips on the table): it is
reachable, with a game that reaches it, or it breaks a rule no game can satisfy.

Records work for every registered variant, including user-defined ones (pass
``variant=`` for a variant that is not in the registry). Reading is strict and
bounded: malformed input raises `DeserializationError`, never
anything else, and takes time proportional to its size. A record built in Python
is checked the same way before it is dumped, replayed or checked.

The package has one module a job: `yamskit.records.model` (`GameRecord`),
`yamskit.records.codec` (its JSON), `yamskit.records.replay` (applying recorded
moves) and `yamskit.records.check` (`check_record` and `CheckReport`).

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=7)
    >>> game = game.apply(yamskit.Roll()).apply(yamskit.Score("chance"))
    >>> record = GameRecord.from_game(game)
    >>> GameRecord.load(record.dump()).to_game() == game
    True
    >>> check_record(record.dump()).valid
    True
"""

from __future__ import annotations

from ..errors import DiceMismatchError
from ..position import witness as _witness
from .check import CheckReport, PositionReport, check_position, check_record, describe_move
from .model import GameRecord
from .schema import FORMAT, MAX_MOVES, VERSION, record_schema

_witness.register_record(GameRecord.from_witness)

__all__ = [
    "FORMAT",
    "MAX_MOVES",
    "VERSION",
    "CheckReport",
    "DiceMismatchError",
    "GameRecord",
    "PositionReport",
    "check_position",
    "check_record",
    "describe_move",
    "record_schema",
]
