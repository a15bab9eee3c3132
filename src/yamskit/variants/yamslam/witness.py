"""Witnesses for Yamslam positions: a game that leaves the rack, the discard pile and the collections as they stand.

A discard always takes the highest chip left in the rack, so `witness_of` moves the chips
out of the rack from the highest kind down: for each kind, the rounds without a chip that
discard it, then the rounds in which a player takes it. Only the game's last event is
pinned down by the position:

* a rack emptied by a take (``last_draw``): that chip stayed in the rack through every
  discard, so it is of a kind no higher than the lowest discarded one; a normal take by
  the player before the one to play, or a Yamslam by the player to play;
* a rack emptied by a discard: the lowest discarded chip, at the end of a round;
* a chip taken in the round under way (``round_chip``): a take by a player who already
  played in it, or a Yamslam by the player to play (a chip of a kind no higher than any
  discarded, from the rack; or one of a kind no lower than any in the rack, discarded
  earlier and taken back from the discard pile);
* a solo Yamslam's first chip, when its second is due (``second_pick``).

Every other round is one chip taken by one player while the others pass, or everyone
passing (a discard); solo plays one turn a chip. The turn under way comes last.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yamslam")
    >>> g = v.position(["Ann", "Bob"], collections=[["flush"]], discard=["large_straight"], seed=1)
    >>> [str(m.action) for m in witness_of(g).moves if not isinstance(m.action, yamskit.Roll)]
    ['pass', 'pass', 'take flush', 'pass']
"""

from __future__ import annotations

from typing import NoReturn

import attrs

from ...actions import Pass, Roll, TakeChip
from ...dice import Dice
from ...history import Move
from ...position.errors import ImpossibleChipsError, ImpossibleTurnError
from ...position.witness import Witness
from .chips import KINDS, Chip
from .game import YamslamGame

__all__ = ["witness_of"]

#: Dice that win each kind without being a Yamslam (which would play again).
_DICE: dict[Chip, Dice] = {
    Chip.TWO_PAIRS: Dice.parse("11223"),
    Chip.THREE_OF_A_KIND: Dice.parse("11124"),
    Chip.SMALL_STRAIGHT: Dice.parse("12346"),
    Chip.FLUSH: Dice.parse("11335"),
    Chip.FULL_HOUSE: Dice.parse("22333"),
    Chip.FOUR_OF_A_KIND: Dice.parse("22223"),
    Chip.LARGE_STRAIGHT: Dice.parse("12345"),
}
_NOTHING = Dice.parse("11256")  # wins no chip
_YAMSLAM = Dice.parse("66666")


@attrs.frozen
class _Event:
    """A chip leaving the rack (or the discard pile): taken by ``side``, or discarded (``side`` None)."""

    kind: int
    side: int | None
    from_discard: bool = False
    yamslam: bool = False
    player: int | None = None  # who takes it, when it is pinned down


def _refuse(rule: str, message: str, *, turn: bool = False) -> NoReturn:
    raise (ImpossibleTurnError if turn else ImpossibleChipsError)(message, rule=rule)


def _kind_name(kind: int) -> str:
    return KINDS[kind].value


@attrs.define
class _Plan:
    game: YamslamGame

    @property
    def sides(self) -> int:
        return len(self.game.collections)

    def side(self, player: int) -> int:
        return self.game.variant.side(player)

    def lowest_discarded(self) -> int:
        counts = self.game.discard.counts
        return min((k for k in range(len(KINDS)) if counts[k]), default=len(KINDS))

    def highest_in_rack(self) -> int:
        counts = self.game.rack.counts
        return max((k for k in range(len(KINDS)) if counts[k]), default=-1)

    def before(self, player: int) -> list[int]:
        """The players who have played in the round under way, in seat order (the first player first)."""
        game = self.game
        n = len(game.players)
        return [(game.first_player + i) % n for i in range((player - game.first_player) % n)]

    def rack_take(self, sides: list[int], *, below: int) -> _Event | None:
        """A chip one of ``sides`` holds, of a kind no higher than ``below``, to take from the rack last."""
        for kind in range(min(below, len(KINDS) - 1), -1, -1):
            for side in sides:
                if self.game.collections[side].counts[kind]:
                    return _Event(kind, side)
        return None

    def discard_take(self, sides: list[int]) -> _Event | None:
        """A chip one of ``sides`` holds, of a kind no lower than any in the rack: discarded, then taken back."""
        floor = self.highest_in_rack()
        for kind in range(len(KINDS) - 1, max(floor, 0) - 1, -1):
            for side in sides:
                if self.game.collections[side].counts[kind]:
                    return _Event(kind, side, from_discard=True, yamslam=True)
        return None


def _last_event(plan: _Plan) -> _Event | None:
    """The event the position pins down as the last one (see the module docs), or ``None``."""
    game = plan.game
    solo = game.variant.mode == "solo"
    low = plan.lowest_discarded()
    c = game.current_player
    if game.second_pick:  # solo: the Yamslam's first chip was just taken
        found = plan.rack_take([0], below=low)
        if found is not None and (len(game.rack) or game.last_draw == 0):
            return attrs.evolve(found, yamslam=True, player=0)
        if len(game.rack):
            found = plan.discard_take([0])
            if found is not None:
                return attrs.evolve(found, player=0)
        _refuse(
            "second_pick",
            "the Yamslam's first chip came from the rack (so it is no higher than every discarded chip) or from "
            "the discard pile (so it is no lower than every chip in the rack): the collection holds no such chip",
        )
    if solo and not len(game.rack) and game.turn.has_thrown:  # a Yamslam took the last chip, none left for a second
        found = plan.rack_take([0], below=len(KINDS))
        if len(game.discard) or game.last_draw != 0 or found is None:
            _refuse(
                "last_draw",
                "the dice are showing after the game ended, so a solo Yamslam took the last chip of the rack "
                "with nothing left for its second chip: the discard pile must be empty and the last draw taken",
                turn=True,
            )
        return attrs.evolve(found, yamslam=True, player=0)
    if not len(game.rack):
        if game.last_draw is None:
            if not solo and (c != game.first_player or game.round_chip):
                _refuse(
                    "last_draw",
                    "a discard emptied the rack, so a round without a chip just ended: the first player is "
                    "to play and no chip is taken in the new round",
                    turn=True,
                )
            return _Event(low, None)
        side = game.last_draw
        found = plan.rack_take([side], below=low)
        if found is None:
            _refuse(
                "last_draw",
                f"{game.side_names[side]} took the last chip from the rack, which stayed there through every "
                f"discard, so it is no higher than {_kind_name(low)}: the collection holds no such chip",
            )
        assert found is not None
        if solo:
            return attrs.evolve(found, player=0)
        n = len(game.players)
        taker = (c - 1) % n
        if plan.side(taker) == side and game.round_chip == (c != game.first_player):
            return attrs.evolve(found, player=taker)
        if plan.side(c) == side and game.round_chip:
            return attrs.evolve(found, yamslam=True, player=c)
        _refuse(
            "last_draw",
            f"{game.side_names[side]} took the last chip, so {game.players[c]} is to play only after a Yamslam "
            f"or as the next player, and the round's chip flag must say a chip was taken in the round",
            turn=True,
        )
    if game.round_chip and not solo:
        takers = [*plan.before(c), c]
        for p in takers:
            side = plan.side(p)
            found = plan.rack_take([side], below=low) or plan.discard_take([side])
            if found is not None:
                yamslam = found.yamslam or p == c
                return attrs.evolve(found, yamslam=yamslam, player=p)
        _refuse(
            "round_chip",
            "a chip was taken in the round under way, but no player who has played in it (nor a Yamslam of "
            f"{game.players[c]}) holds a chip that could have been taken last",
            turn=True,
        )
    return None


def _events(plan: _Plan, last: _Event | None) -> list[_Event]:
    """Every chip leaving the rack before the last event, from the highest kind down."""
    game = plan.game
    discards = list(game.discard.counts)
    holds = [list(chips.counts) for chips in game.collections]
    if last is not None:
        if last.side is None:
            discards[last.kind] -= 1
        else:
            holds[last.side][last.kind] -= 1
            if last.from_discard:
                discards[last.kind] += 1  # discarded first, taken back last
    events: list[_Event] = []
    final_low: list[_Event] = []
    for kind in range(len(KINDS) - 1, -1, -1):
        events.extend(_Event(kind, None) for _ in range(discards[kind]))
        for side, counts in enumerate(holds):
            taken = [_Event(kind, side) for _ in range(counts[kind])]
            if last is not None and last.side is None and kind < last.kind:
                final_low.extend(taken)  # the rack's last chip is discarded after every lower kind is taken
            else:
                events.extend(taken)
    return events + final_low


def _players_of(plan: _Plan, side: int) -> list[int]:
    n = len(plan.game.players)
    return [p for p in range(n) if plan.side(p) == side]


def witness_of(game: YamslamGame) -> Witness:
    """A game of ``game``'s variant that reaches ``game`` (its dice stream and history aside).

    The position is assumed to have passed `yamskit.variants.yamslam.position`'s checks
    (chips conserved, discard order, flags); this orders the chips and the rounds.

    Raises:
        ImpossibleChipsError, ImpossibleTurnError: the last chip drawn, the round's chip or
            the solo Yamslam's first chip cannot be the last event (rules ``last_draw``,
            ``round_chip``, ``second_pick``).

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("yamslam", mode="solo")
        >>> g = v.position(["Sol"], collections=[["two_pairs"]], dice="44444", second_pick=True, seed=1)
        >>> [str(m.action) for m in witness_of(g).moves]
        ['roll 44444', 'take two_pairs']
    """
    plan = _Plan(game)
    n = len(game.players)
    first = game.first_player
    solo = game.variant.mode == "solo"
    last = _last_event(plan)
    turn = game.turn
    moves: list[Move] = []

    def take(player: int, event: _Event, *, yamslam: bool = False) -> None:
        moves.append(Move(player, Roll(outcome=_YAMSLAM if yamslam else _DICE[KINDS[event.kind]])))
        moves.append(Move(player, TakeChip(_kind_name(event.kind), from_discard=event.from_discard)))

    def pass_turn(player: int) -> None:
        moves.extend([Move(player, Roll(outcome=_NOTHING)), Move(player, Pass())])

    for event in _events(plan, last):
        if solo:
            take(0, event) if event.side is not None else pass_turn(0)
            continue
        taker = None if event.side is None else _players_of(plan, event.side)[0]
        for i in range(n):
            p = (first + i) % n
            take(p, event) if p == taker else pass_turn(p)
    c = game.current_player
    ends_turn = game.second_pick or (solo and not len(game.rack) and turn.has_thrown)
    if solo:
        if last is not None and last.side is None:
            pass_turn(0)
        elif last is not None and not ends_turn:
            take(0, last, yamslam=last.yamslam)
    elif last is None:
        for p in plan.before(c):
            pass_turn(p)
    elif last.side is None:  # a round without a chip empties the rack
        for i in range(n):
            pass_turn((first + i) % n)
    else:
        t = last.player
        assert t is not None
        for p in plan.before(t):
            pass_turn(p)
        take(t, last, yamslam=last.yamslam)
        if t != c:
            if last.yamslam:
                pass_turn(t)  # a Yamslam plays again: this time the player passes
            played = plan.before(c)
            for p in played[played.index(t) + 1 :] if t in played else []:
                pass_turn(p)
    moves.extend(Move(c, Roll(keep=throw.kept, outcome=throw.rolled)) for throw in turn.throws)
    if ends_turn:  # the turn under way is a solo Yamslam: its first chip is taken
        assert last is not None
        moves.append(Move(c, TakeChip(_kind_name(last.kind), from_discard=last.from_discard)))
    return Witness(game.variant, game.players, game.stream.seed, {"first_player": first}, tuple(moves))
