"""Witnesses: a game that reaches a position, as plain data the core can replay and compare.

A position is *reachable* when some game of its variant, started as ``new_game``
starts it, reaches it by legal moves. Each family builds such a game for a position it
accepts (its ``witness_of`` function); the core keeps it as a `Witness`: the variant,
the players, the seed, the ``new_game`` set-up (who starts, column coefficients) and
every move, throws with their faces. `verify` replays it and checks that it ends on
the position, field by field (only the dice stream and the history may differ): so a
position the checks accept has a game that reaches it, by construction.

`as_record` turns a witness into a `yamskit.records.GameRecord`. The records are an
edge the core cannot import: `yamskit.records` registers the maker here when it is
imported, and the package loads it on first use (`add_loader`), as the pictures do.

Examples:
    >>> import yamskit
    >>> from yamskit import Move, Roll, Score
    >>> v = yamskit.variant("classic")
    >>> w = Witness(v, ("Ann",), 1, {}, (Move(0, Roll(outcome="66612")), Move(0, Score("sixes"))))
    >>> state = v.position(["Ann"], sheets=[{"sixes": 18}], seed=1)
    >>> verify(w, state)
    >>> w.replay().cell(0, "sixes").points
    18
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .._hooks import RECORDS
from ..errors import YamskitError
from ..game import GameState, Witness
from .errors import ImpossibleBoardError, ImpossibleChipsError, ImpossibleSheetError, ImpossibleTurnError, PositionError

__all__ = [
    "IGNORED_FIELDS",
    "RECORDS",
    "Witness",
    "add_loader",
    "as_record",
    "difference",
    "record_reaching",
    "register_record",
    "verify",
]

#: The fields a witness may end on differently from the position: how the game got there.
IGNORED_FIELDS = frozenset({"stream", "history", "_history", "_origin", "_legal", "_over"})


def difference(reached: GameState, state: GameState) -> str | None:
    """The first field (other than the stream and the history) in which ``reached`` differs from ``state``.

    ``None`` when they are the same position. Fields that take no part in equality
    (caches) are skipped. A state class that is not an attrs class is compared whole
    (``"state"`` when the two differ).

    Examples:
        >>> import yamskit
        >>> a = yamskit.variant("classic").new_game(seed=1)
        >>> difference(a, a.apply(yamskit.Roll(outcome="12345")))
        'turn'
    """
    cls = type(state)
    if type(reached) is not cls:
        return "type"
    if not attrs.has(cls):
        return None if reached == state else "state"
    for field in attrs.fields(cls):
        name: str = field.name
        if name in IGNORED_FIELDS or not field.eq:
            continue
        if getattr(reached, name) != getattr(state, name):
            return name.lstrip("_")
    return None


_ERRORS: dict[str, type[PositionError]] = {
    "sheets": ImpossibleSheetError,
    "column_weights": ImpossibleSheetError,
    "board": ImpossibleBoardError,
    "supply": ImpossibleBoardError,
    "out": ImpossibleBoardError,
    "rack": ImpossibleChipsError,
    "discard": ImpossibleChipsError,
    "collections": ImpossibleChipsError,
    "last_draw": ImpossibleChipsError,
}


def verify(witness: Witness, state: GameState) -> None:
    """Raise a `PositionError` unless replaying ``witness`` ends on ``state`` (stream and history aside).

    This is what makes an accepted position reachable by construction: the family's
    checks found a game, and the rules themselves replay it.

    Raises:
        PositionError: with rule ``witness``, naming the first field that differs or the
            move the rules refused (the family's witness builder has a gap).

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> verify(Witness(v, ("Ann",), 1), v.new_game(players=["Bob"], seed=1))  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        ImpossibleTurnError: the game found does not reach this position: its players differ (rule: witness)
    """
    try:
        reached = witness.replay()
    except YamskitError as error:
        raise ImpossibleTurnError(
            f"the game found for this position breaks a rule ({error}): no game is known to reach it", rule="witness"
        ) from None
    field = difference(reached, state)
    if field is not None:
        kind = _ERRORS.get(field, ImpossibleTurnError)
        raise kind(f"the game found does not reach this position: its {field} differ", rule="witness")


# ------------------------------------------------------------------ the record hook


def add_loader(loader: Callable[[], None]) -> None:
    """Run ``loader`` (which registers the record maker) before the first `as_record`.

    Examples:
        >>> add_loader(lambda: None)
    """
    RECORDS.add_loader(loader)


def register_record(maker: Callable[[Witness], Any]) -> None:
    """Make `as_record` build records with ``maker`` (`yamskit.records` registers ``GameRecord.from_witness``).

    Examples:
        >>> import yamskit.records
        >>> RECORDS.get("record").__name__
        'from_witness'
    """
    RECORDS.register("record", maker)


def as_record(witness: Witness) -> Any:
    """The witness as a game record (a `yamskit.records.GameRecord`), through the registered maker.

    The records are an edge above the core: what the hook makes is a ``GameRecord``,
    which this module cannot name (``Any``).

    Raises:
        YamskitError: no maker is registered (``yamskit.records`` could not be loaded).

    Examples:
        >>> import yamskit
        >>> record = as_record(Witness(yamskit.variant("classic"), ("Ann",), 4))
        >>> type(record).__name__, record.players
        ('GameRecord', ('Ann',))
    """
    maker = RECORDS.get("record")
    if maker is None:
        raise YamskitError("no game-record maker is registered: import yamskit.records")
    return maker(witness)


def record_reaching(check: Callable[[GameState], Witness], state: GameState) -> Any:
    """A game record of a game that reaches ``state``: what every variant's ``witness(state)`` returns.

    ``check`` is the variant's ``check_position``: it raises a `PositionError` naming the
    first rule no game satisfies and the box, cell or chip concerned, or returns the game
    it found, which `as_record` turns into a `yamskit.records.GameRecord`. The record starts
    a new game with the state's players, seed and set-up (who starts; Competitive's column
    coefficients) and plays every move with its faces; its ``to_game()`` is ``state`` in
    every field but the dice stream and the history.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> record = record_reaching(v.check_position, v.position(["Ann"], sheets=[{"ones": 2}], seed=1))
        >>> [str(move.action) for move in record.moves]
        ['roll 11222', 'score ones']
    """
    return as_record(check(state))
