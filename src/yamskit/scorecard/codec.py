"""Scorecard saves: the ``"state"`` part of a scorecard game's JSON, written and read back.

The envelope (format, version, variant) and the pieces every state shares (turn, stream,
history, bounded JSON) are `yamskit.serialization`'s; this module knows the sheets.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    >>> sorted(state_to_data(g))
    ['column_weights', 'current_player', 'first_player', 'history', 'players', 'sheets', 'stream', 'turn']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..errors import DeserializationError, YamskitError, brief
from ..position.saves import origin_to_data
from ..serialization import expect, expect_int, shared_fields, shared_to_data
from ..state_checks import check_cell_points, check_column_weights, check_extra
from ..turn import MAX_SAVED
from .rules import EarlyEnd, SheetVariant
from .sheet import SCRATCHED, Cell, Sheet
from .state import ScorecardGame

__all__ = ["state_fields", "state_to_data"]

_T = TypeVar("_T")


def _cell_to_data(cell: Cell) -> int | str | None:
    return "x" if cell.scratched else cell.points


def _cell_from_data(value: Any, where: str) -> Cell:
    if value is None:
        return Cell()
    if value == "x":
        return SCRATCHED
    if type(value) is int and 0 <= value < 10**6:
        return Cell(points=value)
    raise DeserializationError(f"{where} must be null, 'x' or points from 0, not {brief(value)}")


def state_to_data(game: ScorecardGame) -> dict[str, Any]:
    """The ``"state"`` part of a scorecard game's JSON, as plain data.

    A game a rule ended at once (`ScorecardGame.ended`) also has ``"ended"``: the winner's
    seat and the rule's reason. A game with saved throws also has ``"saved_throws"``: each
    player's store (`ScorecardGame.saved_throws`); other games' saves are as before.

    Examples:
        >>> import yamskit
        >>> state_to_data(yamskit.variant("classic").new_game(players=["Ann"], seed=1))["sheets"][0]["extra"]
        0
    """
    ended = {"ended": {"player": game.ended.player, "reason": game.ended.reason}} if game.ended else {}
    saved = {"saved_throws": list(game.saved_throws)} if game.saved_throws else {}
    return {
        **shared_to_data(game),
        "column_weights": list(game.column_weights),
        "sheets": [
            {"cells": [[_cell_to_data(c) for c in col] for col in sheet.cells], "extra": sheet.extra}
            for sheet in game.sheets
        ],
        **ended,
        **saved,
        **origin_to_data(game, state_to_data),
    }


def _ended_from_data(variant: SheetVariant, data: Any, players: int, current: int) -> EarlyEnd | None:
    """The ``"ended"`` part of a save: a seat and one of the variant's end reasons, the seat just before ``current``."""
    if not isinstance(data, dict) or "ended" not in data:
        return None
    where = "state.ended"
    value = data["ended"]
    if not isinstance(value, dict) or set(value) != {"player", "reason"}:
        raise DeserializationError(f"{where} must be {{'player': seat, 'reason': text}}, not {brief(value)}")
    player = expect_int(value, "player", where, 0, players - 1)
    reason = value["reason"]
    if reason not in variant.rules.end_reasons:
        known = ", ".join(repr(r) for r in variant.rules.end_reasons) or "none: no rule of it ends a game at once"
        raise DeserializationError(f"{where}.reason {brief(reason)} is not how {variant.name} ends (reasons: {known})")
    if (player + 1) % players != current:
        raise DeserializationError(
            f"{where}: the game ended on seat {player}'s turn, so seat {(player + 1) % players} would be next, "
            f"not {current}"
        )
    return EarlyEnd(player, reason)


def _stores_from_data(variant: SheetVariant, data: Any) -> tuple[int, ...]:
    """The ``"saved_throws"`` of a save: one whole number per seat in a game with saved throws, else absent."""
    where = "state.saved_throws"
    has = isinstance(data, dict) and "saved_throws" in data
    if not variant.rules.saved_throws:
        if has:
            raise DeserializationError(f"{where}: {variant.name} keeps no saved throws (its rules have none)")
        return ()
    if not has:
        raise DeserializationError(f"state: {variant.name} saves unused throws, so its save needs 'saved_throws'")
    values = data["saved_throws"]
    if not isinstance(values, list) or not values or len(values) > 8:
        raise DeserializationError(f"{where} must be a list of each player's stored throws, not {brief(values)}")
    for i, value in enumerate(values):
        if type(value) is not int or not 0 <= value <= MAX_SAVED:
            raise DeserializationError(f"{where}[{i}] must be a whole number of throws from 0, not {brief(value)}")
    return tuple(values)


def _check_stores(
    variant: SheetVariant, stores: tuple[int, ...], sheets: tuple[Sheet, ...], players: tuple[str, ...]
) -> None:
    """Refuse a store larger than the player's finished turns could have saved, or one entry per seat missing."""
    where = "state.saved_throws"
    if len(stores) != len(players):
        raise DeserializationError(f"{where} must have {len(players)} entries (one per player), not {len(stores)}")
    rules = variant.rules
    boxes = len(rules.rows) * len(rules.columns)
    for p, (store, sheet) in enumerate(zip(stores, sheets, strict=True)):
        turns = boxes - sheet.empty_count  # at least one box a turn: at most this many turns are over
        most = turns * (rules.max_throws - 1)
        if store > most:
            raise DeserializationError(
                f"{where}[{p}]: {players[p]} has {store} saved throws, but {turns} finished "
                f"turn{'' if turns == 1 else 's'} save{'s' if turns == 1 else ''} at most {most}"
            )


def _list_of(data: Any, key: str, where: str, size: int, item: Callable[[Any, str], _T]) -> tuple[_T, ...]:
    values = expect(data, key, list, where)
    if len(values) != size:
        raise DeserializationError(f"{where}.{key} must have {size} entries, not {len(values)}")
    return tuple(item(v, f"{where}.{key}[{i}]") for i, v in enumerate(values))


def state_fields(variant: SheetVariant, data: Any) -> dict[str, Any]:
    """The fields of the state the ``"state"`` part of a save describes, checked to fit the variant.

    `ScorecardVariant.state_from_data` builds the state from them.

    Raises:
        DeserializationError: a missing or malformed field, or an impossible state.

    Examples:
        >>> import yamskit, json
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
        >>> state_fields(g.variant, json.loads(g.to_json())["state"])["players"]
        ('Ann',)
    """
    where = "state"
    rules = variant.rules
    stores = _stores_from_data(variant, data)
    seat = data.get("current_player") if stores else None
    saved = stores[seat] if type(seat) is int and 0 <= seat < len(stores) else 0
    shared = shared_fields(
        data, players=rules.players, max_throws=rules.max_throws, dice=rules.dice, game=variant.name, saved=saved
    )
    players = shared["players"]
    n = len(players)
    rows, cols = len(variant.rows), len(variant.columns)

    def sheet(value: Any, at: str) -> Sheet:
        columns = _list_of(value, "cells", at, cols, lambda col, w: _list_of({"c": col}, "c", w, rows, _cell_from_data))
        extra = expect_int(value, "extra", at, 0, 10**6)
        return Sheet(columns, extra)

    sheets = _list_of(data, "sheets", where, n, sheet)
    row_ids = [row.id for row in variant.rules.rows]
    for p, loaded in enumerate(sheets):
        at = f"{where}.sheets[{p}]"
        for column in loaded.cells:
            for row, cell in zip(row_ids, column, strict=True):
                check_cell_points(variant, row, cell.value, at)
        check_extra(variant, loaded.extra, rows * cols - loaded.empty_count, at)
    weights = expect(data, "column_weights", list, where)
    try:
        weights = list(check_column_weights(variant, weights))
    except YamskitError as error:
        raise DeserializationError(f"{where}.{error}") from None
    fields: dict[str, Any] = {"variant": variant, **shared, "sheets": sheets, "column_weights": tuple(weights)}
    if stores:
        _check_stores(variant, stores, sheets, players)
        fields["saved_throws"] = stores
    first, current = fields["first_player"], fields["current_player"]
    fields["ended"] = ended = _ended_from_data(variant, data, n, current)
    if ended is not None and shared["turn"].has_thrown:
        raise DeserializationError(f"{where}: the game ended at once ({ended.reason}), so no turn is under way")
    empties = [s.empty_count for s in sheets]
    order = [(first + i) % n for i in range(n)]
    now = order.index(current)
    expected = [empties[current] - (1 if i < now else 0) for i in range(n)]
    if [empties[p] for p in order] != expected and not all(s.is_full for s in sheets):
        raise DeserializationError(
            f"{where}: the sheets' filled boxes do not match whose turn it is ({players[current]})"
        )
    return fields
