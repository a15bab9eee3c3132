"""The position notation of each kind of variant: what follows the shared fields.

A notation is one line of fields separated by spaces. Every variant starts with
``HEAD PLAYERS`` and has ``SEATS TURN STREAM`` (see `yamskit.notation.grammar`); the
fields in between and after are its own:

* scorecard variants — ``HEAD PLAYERS SHEETS SEATS TURN STREAM [WEIGHTS]``;
* Yam Master — ``HEAD PLAYERS BOARD OUT SEATS TURN STREAM TURNS``;
* Yamslam — ``HEAD PLAYERS COLLECTIONS DISCARD SEATS TURN STREAM FLAGS``.

Examples:
    >>> import yamskit
    >>> write_yamslam(yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=5, first_player=0))
    'yamslam Ann,Bob 0000000/0000000 0000000 0:0 - 5:0 -'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import YamskitError
from ..position.errors import ImpossibleBoardError, ImpossibleChipsError
from ..scorecard import EMPTY, SCRATCHED, Cell, Sheet
from ..variants.yam_master.board import Board
from ..variants.yamslam.chips import CHIPS_PER_KIND, KINDS, ChipSet
from .grammar import (
    NotationError,
    read_int,
    read_ints,
    read_names,
    read_seats,
    read_stream,
    read_turn,
    variant_head,
    write_names,
    write_stream,
    write_turn,
)

if TYPE_CHECKING:
    from ..scorecard_game import ScorecardGame, ScorecardVariant
    from ..variants.yam_master import YamMasterGame, YamMasterVariant
    from ..variants.yamslam import YamslamGame, YamslamVariant

__all__ = [
    "read_scorecard",
    "read_yam_master",
    "read_yamslam",
    "write_scorecard",
    "write_yam_master",
    "write_yamslam",
]


def _fields(fields: list[str], name: str, layout: str, counts: tuple[int, ...]) -> None:
    if len(fields) not in counts:
        wanted = " or ".join(str(c) for c in counts)
        raise NotationError(f"a {name} notation has {wanted} fields ({layout}), not {len(fields)}")


# ------------------------------------------------------------------ scorecards
def _write_cell(cell: Cell) -> str:
    return "x" if cell.scratched else "" if cell.points is None else str(cell.points)


def _read_cell(text: str, who: str, column: str, row: str) -> Cell:
    if text == "":
        return EMPTY
    if text == "x":
        return SCRATCHED
    return Cell(points=read_int(text, f"SHEETS ({who}, {column}/{row})", 0, 10**6 - 1))


def write_scorecard(game: ScorecardGame) -> str:
    """The notation of a scorecard game.

    ``SHEETS``: one sheet per player, separated by ``/``; a sheet's columns separated by
    ``|``; a column's boxes, top to bottom, separated by ``,``: empty, ``x`` crossed
    out, or the points; ``+N`` after the sheet for points beside the boxes.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=3).apply(yamskit.Roll(outcome="33325"))
        >>> write_scorecard(g.apply(yamskit.Score("threes")))
        'classic Ann ,,9,,,,,,,,,, 0:0 - 3:0'
    """
    sheets = "/".join(
        "|".join(",".join(_write_cell(cell) for cell in column) for column in sheet.cells)
        + (f"+{sheet.extra}" if sheet.extra else "")
        for sheet in game.sheets
    )
    fields = [
        variant_head(game.variant),
        write_names(game.players),
        sheets,
        f"{game.current_player}:{game.first_player}",
        write_turn(game.turn),
        write_stream(game.stream),
    ]
    if game.column_weights:
        fields.append(",".join(str(w) for w in game.column_weights))
    return " ".join(fields)


def _read_sheet(text: str, variant: ScorecardVariant, who: str) -> Sheet:
    row_ids, column_ids = variant.rows, variant.columns
    body, plus, extra = text.partition("+")
    parts = body.split("|")
    if len(parts) != len(column_ids):
        raise NotationError(f"SHEETS: {who}'s sheet has {len(parts)} columns, not {len(column_ids)}")
    cells = []
    for column, part in zip(column_ids, parts, strict=True):
        boxes = part.split(",")
        if len(boxes) != len(row_ids):
            raise NotationError(f"SHEETS: {who}'s column {column!r} has {len(boxes)} boxes, not {len(row_ids)}")
        cells.append(tuple(_read_cell(box, who, column, row) for box, row in zip(boxes, row_ids, strict=True)))
    return Sheet(tuple(cells), read_int(extra, f"SHEETS ({who}, +extra)", 1, 10**6) if plus else 0)


def read_scorecard(variant: ScorecardVariant, fields: list[str]) -> ScorecardGame:
    """A scorecard game from its notation's fields (not yet checked for reachability).

    Examples:
        >>> import yamskit
        >>> g = read_scorecard(yamskit.variant("classic"), "classic Ann ,,9,,,,,,,,,, 0:0 - 3:0".split())
        >>> g.cell(0, "threes").points
        9
    """
    from ..scorecard_game import ScorecardGame

    _fields(fields, variant.name, "HEAD PLAYERS SHEETS SEATS TURN STREAM [WEIGHTS]", (6, 7))
    players = read_names(fields[1], "PLAYERS")
    sheets = fields[2].split("/")
    if len(sheets) != len(players):
        raise NotationError(f"SHEETS: {len(sheets)} sheets for {len(players)} players")
    current, first = read_seats(fields[3], len(players))
    weights = read_ints(fields[6], "WEIGHTS", len(variant.columns)) if len(fields) == 7 else ()
    return ScorecardGame(
        variant=variant,
        players=players,
        sheets=tuple(_read_sheet(text, variant, name) for text, name in zip(sheets, players, strict=True)),
        current_player=current,
        turn=read_turn(fields[4], variant.rules.max_throws),
        stream=read_stream(fields[5]),
        first_player=first,
        column_weights=weights,
    )


# ------------------------------------------------------------------ Yam Master
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
            variant_head(game.variant),
            write_names(game.players),
            "/".join(game.board.to_data()),
            ",".join(str(n) for n in game.out),
            f"{game.current_player}:{game.first_player}",
            write_turn(game.turn),
            write_stream(game.stream),
            str(game.turns),
        ]
    )


def read_yam_master(variant: YamMasterVariant, fields: list[str]) -> YamMasterGame:
    """A Yam Master game from its notation's fields (not yet checked for reachability).

    Examples:
        >>> import yamskit
        >>> text = "yam-master Ann,Bob ...../..X../...../...../..... 0,0 1:0 - 1:0 1"
        >>> read_yam_master(yamskit.variant("yam-master"), text.split()).supply
        (11, 12)
    """
    from ..variants.yam_master import MAX_THROWS, TOKENS, YamMasterGame

    _fields(fields, variant.name, "HEAD PLAYERS BOARD OUT SEATS TURN STREAM TURNS", (8,))
    players = read_names(fields[1], "PLAYERS")
    if len(players) != 2:
        raise NotationError(f"PLAYERS: Yam Master is for 2 players, not {len(players)}")
    if fields[2].count("/") != 4:
        raise NotationError(f"BOARD must be 5 rows of 5 marks separated by '/', not {fields[2][:40]!r}")
    try:
        board = Board.parse(fields[2])
    except YamskitError as error:
        raise NotationError(f"BOARD: {error}") from None
    out = read_ints(fields[3], "OUT", 2, TOKENS)
    supply = tuple(TOKENS - board.count(p) - out[p] for p in (0, 1))
    if min(supply) < 0:
        p = 0 if supply[0] < 0 else 1
        raise ImpossibleBoardError(
            f"{players[p]} has {board.count(p)} tokens on the board and {out[p]} out: more than {TOKENS}",
            rule="tokens",
        )
    current, first = read_seats(fields[4], 2)
    return YamMasterGame(
        variant=variant,
        players=players,
        board=board,
        supply=supply,
        out=(out[0], out[1]),
        current_player=current,
        turn=read_turn(fields[5], MAX_THROWS),
        stream=read_stream(fields[6]),
        turns=read_int(fields[7], "TURNS", 0, 10**6),
        first_player=first,
    )


# ------------------------------------------------------------------ Yamslam
def _write_chips(chips: ChipSet) -> str:
    return "".join(str(n) for n in chips.counts)


def _read_chips(text: str, where: str) -> ChipSet:
    if len(text) != len(KINDS) or not text.isdigit() or not text.isascii():
        raise NotationError(f"{where}: a chip set is {len(KINDS)} digits, one count per kind, not {text[:30]!r}")
    counts = tuple(int(char) for char in text)
    if max(counts) > CHIPS_PER_KIND:
        kind = KINDS[counts.index(max(counts))]
        raise ImpossibleChipsError(
            f"{where}: {max(counts)} {kind.value} chips, but the game has {CHIPS_PER_KIND}", rule="chip_conservation"
        )
    return ChipSet(counts)


def write_yamslam(game: YamslamGame) -> str:
    """The notation of a Yamslam game.

    ``COLLECTIONS``: one chip set per player (per team in team play) separated by ``/``;
    ``DISCARD``: the discard pile. A chip set is seven digits, the count of each kind
    in value order (two_pairs, three_of_a_kind, small_straight, flush, full_house,
    four_of_a_kind, large_straight); the rack holds the rest. ``FLAGS``: ``-``, or
    ``c`` (a chip was taken this round), ``2`` (a solo Yamslam's second chip is due)
    and ``L<side>`` (that side took the last chip from the rack), in this order.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
        >>> write_yamslam(g.apply(yamskit.Roll(outcome="22444")).apply(yamskit.TakeChip("flush")))
        'yamslam Ann,Bob 0001000/0000000 0000000 1:0 - 1:0 c'
    """
    flags = ("c" if game.round_chip else "") + ("2" if game.second_pick else "")
    if game.last_draw is not None:
        flags += f"L{game.last_draw}"
    return " ".join(
        [
            variant_head(game.variant),
            write_names(game.players),
            "/".join(_write_chips(chips) for chips in game.collections),
            _write_chips(game.discard),
            f"{game.current_player}:{game.first_player}",
            write_turn(game.turn),
            write_stream(game.stream),
            flags or "-",
        ]
    )


def read_yamslam(variant: YamslamVariant, fields: list[str]) -> YamslamGame:
    """A Yamslam game from its notation's fields (not yet checked for reachability).

    Examples:
        >>> import yamskit
        >>> text = "yamslam Ann,Bob 0001000/0000000 0000000 1:0 - 1:0 c"
        >>> read_yamslam(yamskit.variant("yamslam"), text.split()).rack.count("flush")
        3
    """
    from ..variants.yamslam import MAX_THROWS, YamslamGame

    _fields(fields, variant.name, "HEAD PLAYERS COLLECTIONS DISCARD SEATS TURN STREAM FLAGS", (8,))
    players = read_names(fields[1], "PLAYERS")
    collections = tuple(_read_chips(text, "COLLECTIONS") for text in fields[2].split("/"))
    discard = _read_chips(fields[3], "DISCARD")
    counts = [CHIPS_PER_KIND - discard.counts[i] - sum(c.counts[i] for c in collections) for i in range(len(KINDS))]
    if min(counts) < 0:
        kind = KINDS[counts.index(min(counts))]
        raise ImpossibleChipsError(
            f"{CHIPS_PER_KIND - min(counts)} {kind.value} chips in the discard pile and the collections, "
            f"but the game has {CHIPS_PER_KIND}",
            rule="chip_conservation",
        )
    flags = fields[7]
    body = "" if flags == "-" else flags
    round_chip = body.startswith("c")
    body = body[1:] if round_chip else body
    second_pick = body.startswith("2")
    body = body[1:] if second_pick else body
    last_draw = None
    if body:
        if not body.startswith("L"):
            raise NotationError(f"FLAGS must be '-' or c, 2 and L<side> in this order, not {flags[:20]!r}")
        last_draw = read_int(body[1:], "FLAGS (L<side>)", 0, 8)
    if flags == "":
        raise NotationError("FLAGS must not be empty: write '-'")
    current, first = read_seats(fields[4], len(players))
    return YamslamGame(
        variant=variant,
        players=players,
        rack=ChipSet(tuple(counts)),
        discard=discard,
        collections=collections,
        current_player=current,
        turn=read_turn(fields[5], MAX_THROWS),
        stream=read_stream(fields[6]),
        first_player=first,
        round_chip=round_chip,
        second_pick=second_pick,
        last_draw=last_draw,
    )
