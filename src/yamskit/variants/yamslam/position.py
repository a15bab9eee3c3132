"""Positions of Yamslam: the rack, the discard pile, the collections and the round.

`check_yamslam` raises unless some game can reach a `YamslamGame`:

* ``collections`` — one collection per player (per team in team play);
* ``chip_conservation`` — rack + discard pile + collections hold four chips of each kind;
* ``discard_order`` — a round without a chip discards the highest chip left in the rack,
  so the rack holds no kind above any kind in the discard pile;
* ``last_draw`` — only once the rack is empty, by a side holding chips; an empty rack
  without a last draw was emptied by a discard;
* ``second_pick`` and ``round_chip`` — the solo Yamslam's second chip, the round's chip;
* ``throws``, ``kept``, ``finished_game`` — the turn.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yamslam")
    >>> chips = {"Ann": ["flush"]}
    >>> g = yamslam_position(v, ["Ann", "Bob"], collections=chips, round_chip=True, current_player=1, seed=1)
    >>> len(g.rack), g.chips(0)
    (27, ChipSet.of('flush'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...dice import Dice
from ...errors import UnknownActionError, YamskitError, brief
from ...position.errors import ImpossibleChipsError, ImpossibleTurnError
from ...position.turns import (
    argument,
    build_turn,
    check_bool,
    check_stream_of,
    check_turn,
    make_stream,
    players_of,
    seat,
)
from ...position.witness import Witness, verify
from .chips import CHIPS_PER_KIND, KINDS, ChipSet, chip_kind, is_yamslam
from .game import YamslamGame
from .rules import MAX_THROWS, ChipVariant
from .witness import witness_of

__all__ = ["ChipsLike", "check_yamslam", "chip_set", "yamslam_position"]

#: Chips as users write them: a `ChipSet`, chip ids (repeated per chip), or id -> count.
ChipsLike = ChipSet | Sequence[str] | Mapping[str, int]


def chip_set(value: ChipsLike | None, where: str) -> ChipSet:
    """A `ChipSet` from chip ids or counts, raising `ImpossibleChipsError` naming ``where``.

    Examples:
        >>> chip_set(["flush", "flush"], "rack"), chip_set({"two_pairs": 2}, "rack")
        (ChipSet.of('flush', 'flush'), ChipSet.of('two_pairs', 'two_pairs'))
    """
    if value is None:
        return ChipSet()
    if isinstance(value, ChipSet):
        return value
    try:
        if isinstance(value, str):
            raise ImpossibleChipsError(f"{where}: give a list of chip ids, not the string {brief(value)}", rule="chips")
        if isinstance(value, Mapping):
            if any(type(n) is not int for n in value.values()):
                raise ImpossibleChipsError(f"{where}: chip counts are whole numbers, not {brief(value)}", rule="chips")
        elif not isinstance(value, (list, tuple)) or not all(isinstance(kind, str) for kind in value):
            raise ImpossibleChipsError(f"{where}: give a list of chip ids, not {brief(value)}", rule="chips")
        if isinstance(value, Mapping):
            counts = [0] * len(KINDS)
            for kind, n in value.items():
                counts[KINDS.index(chip_kind(kind))] = n
            return ChipSet(tuple(counts))
        return ChipSet.of(*value)
    except (ImpossibleChipsError, UnknownActionError):
        raise
    except YamskitError as error:
        raise ImpossibleChipsError(f"{where}: {error}", rule="chip_conservation") from None


def _where(game: YamslamGame, side: int) -> str:
    return f"{game.side_names[side]}'s collection"


def check_yamslam(game: YamslamGame) -> Witness:
    """Raise a `PositionError` subclass unless some game of its variant can reach ``game``; return that game.

    The rules checked are listed in the module docs. ``game.history`` is not looked at.

    Examples:
        >>> import attrs, yamskit
        >>> from yamskit.variants.yamslam.chips import ChipSet
        >>> g = yamskit.variant("yamslam").new_game(seed=1)
        >>> check_yamslam(attrs.evolve(g, discard=ChipSet.of("flush")))  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        ImpossibleChipsError: 5 flush chips in the rack, the discard pile and the collections, not 4
    """
    v, players = game.variant, game.players
    players_of(list(players), v.players[0], v.players[1])
    n, sides = len(players), len(v.side_names(players))
    for value, what in ((game.current_player, "current_player"), (game.first_player, "first_player")):
        if type(value) is not int or not 0 <= value < n:
            raise ImpossibleTurnError(f"{what} must be a seat from 0 to {n - 1}, not {brief(value)}", rule="seats")
    if len(game.collections) != sides:
        raise ImpossibleChipsError(
            f"{sides} collections, one per side, not {len(game.collections)}", rule="collections"
        )
    for i, kind in enumerate(KINDS):
        held = game.rack.counts[i] + game.discard.counts[i] + sum(c.counts[i] for c in game.collections)
        if held != CHIPS_PER_KIND:
            raise ImpossibleChipsError(
                f"{held} {kind.value} chips in the rack, the discard pile and the collections, not {CHIPS_PER_KIND}",
                rule="chip_conservation",
            )
    top = game.rack.highest
    for kind in game.discard.kinds:
        if top is not None and KINDS.index(top) > KINDS.index(kind):
            raise ImpossibleChipsError(
                f"the discard pile holds {kind.value}, but a round discards the highest chip in the rack and "
                f"the rack still holds {top.value}",
                rule="discard_order",
            )
    last = game.last_draw
    if last is not None:
        if type(last) is not int or not 0 <= last < sides:
            raise ImpossibleChipsError(
                f"last_draw must be a side from 0 to {sides - 1}, not {brief(last)}", rule="last_draw"
            )
        if len(game.rack):
            raise ImpossibleChipsError(
                f"{game.side_names[last]} took the last chip, but the rack still holds chips", rule="last_draw"
            )
        if not len(game.collections[last]):
            raise ImpossibleChipsError(
                f"{_where(game, last)} is empty, so it did not take the last chip", rule="last_draw"
            )
    elif not len(game.rack) and not len(game.discard):
        raise ImpossibleChipsError(
            "the rack is empty and nobody took its last chip, so a discard emptied it, but the discard pile is empty",
            rule="last_draw",
        )
    solo = v.mode == "solo"
    if game.second_pick and not (solo and is_yamslam(game.turn.dice) and len(game.rack) + len(game.discard)):
        raise ImpossibleTurnError(
            "a second chip is due only in solo, after a Yamslam's first chip, with chips left", rule="second_pick"
        )
    if game.second_pick and not len(game.collections[0]):
        raise ImpossibleChipsError(
            "a second chip is due, but the first one is not in the collection", rule="second_pick"
        )
    if game.round_chip and (solo or not any(len(c) for c in game.collections)):
        raise ImpossibleTurnError(
            "a chip taken this round needs a chip in a collection, and solo has no rounds", rule="round_chip"
        )
    check_turn(game.turn, max_throws=MAX_THROWS, game=game.variant.name)
    check_stream_of(game.stream)
    if game.turn.has_thrown and game.is_over and not (solo and is_yamslam(game.turn.dice)):
        raise ImpossibleTurnError("the rack is empty, so the game is over: no turn is under way", rule="finished_game")
    witness = witness_of(game)
    verify(witness, game)
    return witness


def _by_side(value: Any, game_players: tuple[str, ...], names: tuple[str, ...], team: bool) -> list[ChipSet]:
    out = [ChipSet()] * len(names)
    if value is None:
        return out
    if isinstance(value, Mapping):
        for key, chips in value.items():
            if key in names:
                side = names.index(key)
            else:
                side = seat(game_players, key, "collections")
                side = side % 2 if team else side
            out[side] = chip_set(chips, f"{names[side]}'s collection")
        return out
    items = list(value)
    if len(items) > len(names):
        raise ImpossibleChipsError(f"{len(items)} collections for {len(names)} sides", rule="collections")
    for side, chips in enumerate(items):
        out[side] = chip_set(chips, f"{names[side]}'s collection")
    return out


def yamslam_position(
    variant: ChipVariant,
    players: Sequence[str] | None = None,
    *,
    collections: Sequence[ChipsLike] | Mapping[str, ChipsLike] | None = None,
    discard: ChipsLike | None = None,
    rack: ChipsLike | None = None,
    current_player: int | str = 0,
    first_player: int | str = 0,
    round_chip: bool = False,
    second_pick: bool = False,
    last_draw: int | str | None = None,
    dice: Dice | str | Sequence[int] | None = None,
    throws: int | None = None,
    kept: Dice | str | Sequence[int] = "",
    seed: int | None = None,
    draws: int = 0,
) -> YamslamGame:
    """A position set up from the table, checked against what a game can reach; its history is empty.

    Chips are written as a `ChipSet`, a list of chip ids (one per chip) or ``{id: count}``.

    Args:
        players: names in seat order (default ``Player 1``... for the mode's fewest).
        collections: the chips each side holds, by seat (a list) or by name (a dict;
            in team play a player's name or the team's name, ``"Ann & Cy"``).
        discard: the discard pile.
        rack: the rack (default: the chips that are nowhere else).
        current_player: the player to act, by index or name.
        first_player: the player who begins each round, by index or name.
        round_chip: whether a chip was taken in the round so far.
        second_pick: solo only: a Yamslam's first chip is taken, the second is due.
        last_draw: the player (or side) that took the last chip from the rack.
        dice: the five dice showing, if the player has thrown this turn.
        throws: throws used this turn (default 1 with dice, else 0).
        kept: the dice held back in the last throw (default none: all five thrown).
        seed: the dice stream's seed (default a fresh random one).
        draws: faces already drawn from the stream.

    Raises:
        PositionError: a value no game can reach; the message names the pile and the
            rule, ``error.rule`` its id (see `yamskit.position`).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").position(["Ann", "Bob"], collections={"Bob": ["flush"]})
        >>> len(g.rack), g.chips(1)
        (27, ChipSet.of('flush'))
    """
    low, high = variant.players
    names = players_of(players if players is not None else [f"Player {i + 1}" for i in range(low)], low, high)
    sides = variant.side_names(names)
    check_bool(round_chip, "round_chip")
    check_bool(second_pick, "second_pick")
    with argument("collections"):
        held = _by_side(collections, names, sides, variant.mode == "team")
    with argument("discard"):
        pile = chip_set(discard, "discard pile")
    if rack is None:
        counts = [CHIPS_PER_KIND - pile.counts[i] - sum(c.counts[i] for c in held) for i in range(len(KINDS))]
        for i, count in enumerate(counts):
            if count < 0:
                raise ImpossibleChipsError(
                    f"{CHIPS_PER_KIND - count} {KINDS[i].value} chips in the discard pile and the collections, "
                    f"more than the {CHIPS_PER_KIND} of the game",
                    rule="chip_conservation",
                )
        shelf = ChipSet(tuple(counts))
    else:
        with argument("rack"):
            shelf = chip_set(rack, "rack")
    if last_draw is None:
        last = None
    elif isinstance(last_draw, str) and last_draw in sides:
        last = sides.index(last_draw)
    else:
        last = variant.side(seat(names, last_draw, "last_draw"))
    game = YamslamGame(
        variant=variant,
        players=names,
        rack=shelf,
        discard=pile,
        collections=tuple(held),
        current_player=seat(names, current_player),
        turn=build_turn(dice=dice, throws=throws, kept=kept, max_throws=MAX_THROWS, game=variant.name),
        stream=make_stream(seed, draws),
        first_player=seat(names, first_player, "first_player"),
        round_chip=round_chip,
        second_pick=second_pick,
        last_draw=last,
    )
    check_yamslam(game)
    return game
