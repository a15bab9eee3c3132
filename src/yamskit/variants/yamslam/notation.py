"""The position notation of Yamslam: ``HEAD PLAYERS COLLECTIONS DISCARD SEATS TURN STREAM FLAGS``.

The shared fields (head, players, seats, turn, stream) are `yamskit.notation.grammar`'s;
this module writes and reads the chip sets and the round's flags.

Examples:
    >>> import yamskit
    >>> write_yamslam(yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=5, first_player=0))
    'yamslam Ann,Bob 0000000/0000000 0000000 0:0 - 5:0 -'
"""

from __future__ import annotations

from typing import Any

from ...errors import NotationError, brief
from ...notation import grammar
from ...position.errors import ImpossibleChipsError
from .chips import CHIPS_PER_KIND, KINDS, ChipSet
from .game import YamslamGame
from .rules import MAX_THROWS, ChipVariant

__all__ = ["read_yamslam", "write_yamslam"]


def _write_chips(chips: ChipSet) -> str:
    return "".join(str(n) for n in chips.counts)


def _read_chips(text: str, where: str) -> ChipSet:
    if len(text) != len(KINDS) or not text.isdigit() or not text.isascii():
        raise NotationError(f"{where}: a chip set is {len(KINDS)} digits, one count per kind, not {brief(text[:30])}")
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
            grammar.variant_head(game.variant),
            grammar.write_names(game.players),
            "/".join(_write_chips(chips) for chips in game.collections),
            _write_chips(game.discard),
            f"{game.current_player}:{game.first_player}",
            grammar.write_turn(game.turn),
            grammar.write_stream(game.stream),
            flags or "-",
        ]
    )


def read_yamslam(variant: ChipVariant, fields: list[str]) -> dict[str, Any]:
    """The fields of the Yamslam state a notation describes (not yet checked for reachability).

    `YamslamVariant.from_notation` builds the state from them and checks it.

    Examples:
        >>> import yamskit
        >>> text = "yamslam Ann,Bob 0001000/0000000 0000000 1:0 - 1:0 c"
        >>> read_yamslam(yamskit.variant("yamslam"), text.split())["rack"].count("flush")
        3
    """
    grammar.expect_fields(fields, variant.name, "HEAD PLAYERS COLLECTIONS DISCARD SEATS TURN STREAM FLAGS", (8,))
    players = grammar.read_names(fields[1], "PLAYERS")
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
            raise NotationError(f"FLAGS must be '-' or c, 2 and L<side> in this order, not {brief(flags[:20])}")
        last_draw = grammar.read_int(body[1:], "FLAGS (L<side>)", 0, 8)
    if flags == "":
        raise NotationError("FLAGS must not be empty: write '-'")
    current, first = grammar.read_seats(fields[4], len(players))
    return {
        "variant": variant,
        "players": players,
        "rack": ChipSet(tuple(counts)),
        "discard": discard,
        "collections": collections,
        "current_player": current,
        "turn": grammar.read_turn(fields[5], MAX_THROWS, game=variant.name),
        "stream": grammar.read_stream(fields[6]),
        "first_player": first,
        "round_chip": round_chip,
        "second_pick": second_pick,
        "last_draw": last_draw,
    }
