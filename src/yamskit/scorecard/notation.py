"""The position notation of scorecard games: ``HEAD PLAYERS SHEETS SEATS TURN STREAM [WEIGHTS]``.

The shared fields (head, players, seats, turn, stream) are `yamskit.notation.grammar`'s;
this module writes and reads the sheets and the column weights.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=3).apply(yamskit.Roll(outcome="33325"))
    >>> write_scorecard(g.apply(yamskit.Score("threes")))
    'classic Ann ,,9,,,,,,,,,, 0:0 - 3:0'
"""

from __future__ import annotations

from typing import Any

from ..errors import NotationError, brief
from ..notation import grammar
from ..turn import MAX_SAVED
from .rules import EarlyEnd, SheetVariant
from .sheet import EMPTY, SCRATCHED, Cell, Sheet
from .state import ScorecardGame

__all__ = ["read_scorecard", "write_scorecard"]


def _write_cell(cell: Cell) -> str:
    return "x" if cell.scratched else "" if cell.points is None else str(cell.points)


def _read_cell(text: str, who: str, column: str, row: str) -> Cell:
    if text == "":
        return EMPTY
    if text == "x":
        return SCRATCHED
    return Cell(points=grammar.read_int(text, f"SHEETS ({who}, {column}/{row})", 0, 10**6 - 1))


def write_scorecard(game: ScorecardGame) -> str:
    """The notation of a scorecard game.

    ``SHEETS``: one sheet per player, separated by ``/``; a sheet's columns separated by
    ``|``; a column's boxes, top to bottom, separated by ``,``: empty, ``x`` crossed
    out, or the points; ``+N`` after the sheet for points beside the boxes; ``~N`` for
    the player's store of saved throws, in a game with saved throws (none when it is
    empty; `ScorecardGame.saved_throws`, as the player's turn began); last, ``!`` after
    the sheet of the player whose event ended the game at once (``!N`` for the variant's
    N-th such rule, counted from 0, when it is not the first).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=3).apply(yamskit.Roll(outcome="33325"))
        >>> write_scorecard(g.apply(yamskit.Score("threes")))
        'classic Ann ,,9,,,,,,,,,, 0:0 - 3:0'
    """
    sheets = "/".join(
        "|".join(",".join(_write_cell(cell) for cell in column) for column in sheet.cells)
        + (f"+{sheet.extra}" if sheet.extra else "")
        + (f"~{game.saved_throws[p]}" if game.saved_throws and game.saved_throws[p] else "")
        + _write_end(game, p)
        for p, sheet in enumerate(game.sheets)
    )
    fields = [
        grammar.variant_head(game.variant),
        grammar.write_names(game.players),
        sheets,
        f"{game.current_player}:{game.first_player}",
        grammar.write_turn(game.turn),
        grammar.write_stream(game.stream),
    ]
    if game.column_weights:
        fields.append(",".join(str(w) for w in game.column_weights))
    return " ".join(fields)


def _write_end(game: ScorecardGame, player: int) -> str:
    """``!`` (``!N``) after the sheet of the player whose event ended the game, else nothing."""
    ended = game.ended
    if ended is None or ended.player != player:
        return ""
    n = game.rules.end_reasons.index(ended.reason)
    return f"!{n}" if n else "!"


def _read_end(text: str, variant: SheetVariant, who: str) -> tuple[str, str | None]:
    """A sheet's text without its ``!`` mark, and the end reason the mark names (``None`` without one)."""
    body, mark, number = text.partition("!")
    if not mark:
        return text, None
    reasons = variant.rules.end_reasons
    if not reasons:
        raise NotationError(
            f"SHEETS: {who}'s sheet is marked '!' (the game ended at once), but {variant.name} has "
            "no rule that ends a game at once"
        )
    n = grammar.read_int(number, f"SHEETS ({who}, !rule)", 1, len(reasons) - 1) if number else 0
    return body, reasons[n]


def _read_store(text: str, variant: SheetVariant, who: str) -> tuple[str, int]:
    """A sheet's text without its ``~N`` mark, and the saved throws it gives (0 without one)."""
    body, mark, number = text.partition("~")
    if not mark:
        return text, 0
    if not variant.rules.saved_throws:
        raise NotationError(
            f"SHEETS: {who}'s sheet is marked '~' (saved throws), but {variant.name} keeps no saved throws"
        )
    return body, grammar.read_int(number, f"SHEETS ({who}, ~saved throws)", 1, MAX_SAVED)


def _read_sheet(text: str, variant: SheetVariant, who: str) -> Sheet:
    row_ids, column_ids = variant.rows, variant.columns
    body, plus, extra = text.partition("+")
    parts = body.split("|")
    if len(parts) != len(column_ids):
        raise NotationError(f"SHEETS: {who}'s sheet has {len(parts)} columns, not {len(column_ids)}")
    cells = []
    for column, part in zip(column_ids, parts, strict=True):
        boxes = part.split(",")
        if len(boxes) != len(row_ids):
            raise NotationError(f"SHEETS: {who}'s column {brief(column)} has {len(boxes)} boxes, not {len(row_ids)}")
        cells.append(tuple(_read_cell(box, who, column, row) for box, row in zip(boxes, row_ids, strict=True)))
    return Sheet(tuple(cells), grammar.read_int(extra, f"SHEETS ({who}, +extra)", 1, 10**6) if plus else 0)


def read_scorecard(variant: SheetVariant, fields: list[str]) -> dict[str, Any]:
    """The fields of the scorecard state a notation describes (not yet checked for reachability).

    `ScorecardVariant.from_notation` builds the state from them and checks it.

    Examples:
        >>> import yamskit
        >>> fields = read_scorecard(yamskit.variant("classic"), "classic Ann ,,9,,,,,,,,,, 0:0 - 3:0".split())
        >>> fields["sheets"][0].cells[0][2].points
        9
    """
    grammar.expect_fields(fields, variant.name, "HEAD PLAYERS SHEETS SEATS TURN STREAM [WEIGHTS]", (6, 7))
    players = grammar.read_names(fields[1], "PLAYERS")
    sheets = fields[2].split("/")
    if len(sheets) != len(players):
        raise NotationError(f"SHEETS: {len(sheets)} sheets for {len(players)} players")
    current, first = grammar.read_seats(fields[3], len(players))
    weights = grammar.read_ints(fields[6], "WEIGHTS", len(variant.columns)) if len(fields) == 7 else ()
    ended = None
    bodies = []
    stores = []
    for p, (text, name) in enumerate(zip(sheets, players, strict=True)):
        body, reason = _read_end(text, variant, name)
        if reason is not None:
            if ended is not None:
                raise NotationError(f"SHEETS: two sheets are marked '!' (one player ends a game at once): {name}")
            ended = EarlyEnd(p, reason)
        body, store = _read_store(body, variant, name)
        bodies.append(body)
        stores.append(store)
    saved = tuple(stores) if variant.rules.saved_throws else ()
    turn = grammar.read_turn(
        fields[4], variant.rules.max_throws, variant.rules.dice, variant.name, saved=saved[current] if saved else 0
    )
    return {
        "variant": variant,
        "players": players,
        "sheets": tuple(_read_sheet(text, variant, name) for text, name in zip(bodies, players, strict=True)),
        "ended": ended,
        "current_player": current,
        "turn": turn,
        "stream": grammar.read_stream(fields[5]),
        "first_player": first,
        "column_weights": weights,
        "saved_throws": saved,
    }
