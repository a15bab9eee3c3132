"""The Yamslam game state (`YamslamGame`) and its protocol methods; the rules it applies are in `.rules`.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.TakeChip("large_straight"))
    >>> g.players[g.current_player], g.chips(0)
    ('Ann', ChipSet.of('large_straight'))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

import attrs

from ..._fast import memo_slot, replacer
from ...actions import Action, DiceLike, Pass, Roll, TakeChip
from ...dice import Dice, DiceStream
from ...errors import UnknownActionError, game_over_error
from ...game import GameState
from ...history import EMPTY_HISTORY, History, to_history
from ...result import Result, Team
from ...seats import resolve_player
from ...transitions import GameStateBase, Transitions
from ...turn import Turn
from .chips import KINDS, Chip, ChipSet, chip_kind, is_yamslam, tally
from .rules import (
    ACTIONS,
    DISCARD_ID,
    MAX_THROWS,
    TAKE_ID,
    ChipVariant,
    check_end,
    check_take,
    discard_highest,
    end_of_turn,
    is_over,
    legal_ids,
)

__all__ = ["TRANSITIONS", "YamslamGame"]

_START = Turn.start(max_throws=MAX_THROWS)


@attrs.frozen(repr=False)
class YamslamGame(GameStateBase):
    """The state of a Yamslam game; follows the game protocol of `yamskit.game`.

    Attributes:
        rack: the chips still on the rack.
        discard: the discard pile.
        collections: one chip set per player (per team in team play).
        round_chip: whether a chip was taken in the round so far (not used in solo).
        second_pick: solo only: a Yamslam's first chip was taken, the second is due.
        last_draw: the collection that took the last chip from the rack, once it is taken.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=2)
        >>> g = g.apply(yamskit.Roll(outcome="66666"))
        >>> g.is_legal(yamskit.TakeChip("large_straight")), g.is_legal(yamskit.TakeChip("flush", from_discard=True))
        (True, False)
    """

    variant: ChipVariant
    players: tuple[str, ...]
    rack: ChipSet
    discard: ChipSet
    collections: tuple[ChipSet, ...]
    current_player: int
    turn: Turn
    stream: DiceStream
    _history: History = attrs.field(default=EMPTY_HISTORY, converter=to_history, alias="history")
    first_player: int = 0
    round_chip: bool = False
    second_pick: bool = False
    last_draw: int | None = None
    #: Whether the rack is empty and no solo Yamslam still owes its second chip (worked out once,
    #: when the state is made).
    is_over: bool = attrs.field(init=False, eq=False)
    _legal: tuple[int, ...] | None = attrs.field(init=False, default=None, eq=False)
    #: The position this state's history starts from (``None`` for a state with an empty history).
    _origin: GameState | None = attrs.field(default=None, eq=False, alias="origin")

    @is_over.default
    def _rack_done(self) -> bool:
        return is_over(self.rack, self.second_pick)

    # ------------------------------------------------------------------ queries

    @property
    def shows_yamslam(self) -> bool:
        """Whether the dice of the turn, thrown, are a Yamslam (five of a kind: any chip).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam").new_game(players=["A", "B"], seed=1)
            >>> g.shows_yamslam, g.apply(yamskit.Roll(outcome="33333")).shows_yamslam
            (False, True)
        """
        return self.turn.has_thrown and is_yamslam(self.turn.dice)

    @property
    def side_names(self) -> tuple[str, ...]:
        """The name of each collection (player names, or team names in team play)."""
        return self.variant.side_names(self.players)

    def chips(self, player: int) -> ChipSet:
        """The chips ``player`` holds (their team's, in team play), in value order."""
        return self.collections[self.variant.side(player)]

    # ------------------------------------------------------------------ legality
    def _check_end(self, what: str) -> Dice:
        return check_end(self.turn, self.second_pick, self.players[self.current_player], what)

    def check(self, action: Action, *, player: int | str | None = None) -> None:
        """Raise the `IllegalActionError` that ``action`` would raise; else nothing.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> g.check(yamskit.TakeChip("flush"))  # doctest: +IGNORE_EXCEPTION_DETAIL
            Traceback (most recent call last):
            yamskit.variants.yamslam.rules.ChipNotQualifiedError: ...
        """
        if self.is_over:
            raise game_over_error(self.players)
        resolve_player(self.players, self.current_player, player)
        if isinstance(action, Roll):
            if self.second_pick:
                self._check_end("throwing")
            self.turn.check_throw(action.keep, action.outcome, game=self.variant.name)
        elif isinstance(action, TakeChip):
            check_take(action, self.turn, self.rack, self.discard, self.second_pick, self.players[self.current_player])
        elif isinstance(action, Pass):
            self._check_end("passing")
        else:
            raise UnknownActionError(f"yamslam has no action {type(action).__name__}")

    def _generate(self) -> tuple[Action, ...]:
        return ACTIONS.pick(self.legal_action_ids())

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids in `ACTIONS` of the legal decisions, ascending.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam").new_game(seed=1).apply(yamskit.Roll(outcome="13355"))
            >>> [ACTIONS[i] for i in g.legal_action_ids() if i >= 462]
            [TakeChip(kind='two_pairs', from_discard=False), TakeChip(kind='flush', from_discard=False), Pass()]
        """
        legal = self._legal
        if legal is not None:  # remembered: this state is not over
            return legal
        if self.is_over:
            return ()
        # computed once (`remembered_legal_ids`, inlined: this runs at every step)
        legal = legal_ids(self.turn, self.rack, self.discard, self.second_pick)
        _set_legal(self, legal)
        return legal

    # ------------------------------------------------------------------ doing
    def _take(self, kind: Chip, from_discard: bool, history: History) -> YamslamGame:
        side = self.variant.side(self.current_player)
        rack, discard = self.rack, self.discard
        if from_discard:
            discard = discard.remove(kind)
        else:
            rack = rack.remove(kind)
        taken = list(self.collections)
        taken[side] = taken[side].add(kind)
        collections = tuple(taken)
        last_draw = side if not from_discard and not len(rack) else self.last_draw
        me, round_chip = self.current_player, self.round_chip
        if self.second_pick:  # solo: the Yamslam's second chip; the turn is over, the player throws again
            return self._decided(rack, discard, collections, me, _START, history, round_chip, False, last_draw)
        if not is_yamslam(self.turn.dice):
            return self._end_turn(True, rack, discard, collections, last_draw, history)
        if self.variant.mode == "solo":  # the second chip is due, unless nothing is left to take
            due = bool(len(rack) or len(discard))
            return self._decided(rack, discard, collections, me, self.turn, history, round_chip, due, last_draw)
        return self._decided(rack, discard, collections, me, _START, history, True, False, last_draw)  # plays again

    def _end_turn(
        self,
        chip: bool,
        rack: ChipSet,
        discard: ChipSet,
        collections: tuple[ChipSet, ...],
        last_draw: int | None,
        history: History,
    ) -> YamslamGame:
        """The state at the end of the turn: the next player, and a chip discarded where the round asks it."""
        following, round_chip, discarding = end_of_turn(
            self.variant.mode, len(self.players), self.current_player, self.first_player, self.round_chip, chip
        )
        if discarding:
            rack, discard = discard_highest(rack, discard)
        second = self.second_pick
        return self._decided(rack, discard, collections, following, _START, history, round_chip, second, last_draw)

    def _decided(
        self,
        rack: ChipSet,
        discard: ChipSet,
        collections: tuple[ChipSet, ...],
        current_player: int,
        turn: Turn,
        history: History,
        round_chip: bool,
        second_pick: bool,
        last_draw: int | None,
    ) -> YamslamGame:
        """The state after a chip is taken or a turn passed (its end worked out anew; the stream is the same)."""
        end = is_over(rack, second_pick)
        return _decided(
            self, rack, discard, collections, current_player, turn, history, round_chip, second_pick, last_draw, end
        )

    # ------------------------------------------------------------------ scoring
    def result(self) -> Result:
        """Points (chips plus bonuses), ranking and winners; per-player breakdown in ``details``.

        In team play every player scores their team's total. Also works mid-game (the points so far).

        Examples:
            >>> import yamskit
            >>> r = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1).result()
            >>> r.scores, len(r.details["players"]), r.details["mode"]
            ((0, 0), 2, 'standard')
        """
        names = self.side_names
        tallies = [
            {"name": names[s], "chips": chips.to_data(), **tally(chips, last_draw=self.last_draw == s).to_data()}
            for s, chips in enumerate(self.collections)
        ]
        sides = [self.variant.side(p) for p in range(len(self.players))]
        details: dict[str, Any] = {
            "mode": self.variant.mode,
            "players": [tallies[s] for s in sides],
            "rack": self.rack.to_data(),
            "discard": self.discard.to_data(),
        }
        teams: tuple[Team, ...] = ()
        if self.variant.mode == "team":
            details["teams"] = tallies
            teams = tuple(
                Team(t["name"], tuple(p for p, side in enumerate(sides) if side == s), t["total"])
                for s, t in enumerate(tallies)
            )
        return Result.from_scores(self.players, [tallies[s]["total"] for s in sides], details=details, teams=teams)

    # ------------------------------------------------------------------ the class's parts of the protocol
    #: What each decision makes of a state (set below, once the transitions are defined).
    transitions: ClassVar[Transitions[YamslamGame]]
    #: The picture Jupyter shows: the rack `yamskit.svg` draws (see ``yamskit._display``).
    picture_kind: ClassVar[str] = "rack"

    def outcomes(self, keep: DiceLike = "") -> tuple[tuple[Dice, Fraction], ...]:
        """Every five-dice result of throwing all dice but ``keep``, with exact probabilities.

        Raises:
            SecondChipError: a solo Yamslam's second chip is due, so no throw comes now.

        Examples:
            >>> import yamskit
            >>> len(yamskit.variant("yamslam").new_game(seed=1).outcomes())
            252
        """
        if self.second_pick:
            self._check_end("listing throw outcomes")
        return GameStateBase.outcomes(self, keep)


#: The state after a throw (the ``thrown`` transition: nothing else changes), and after a decision:
#: ``attrs.evolve`` without the checks, naming the fields that change, the legal ids to be worked out anew
#: (see `yamskit._fast`).
_thrown_state = replacer(YamslamGame, "turn", "stream", "history", fresh=["_legal"])
_decided = replacer(
    YamslamGame,
    "rack",
    "discard",
    "collections",
    "current_player",
    "turn",
    "history",
    "round_chip",
    "second_pick",
    "last_draw",
    "is_over",
    fresh=["_legal"],
)
#: Remembers a state's legal ids once they are asked for.
_set_legal = memo_slot(YamslamGame, "_legal")


def _take_chip(state: YamslamGame, _action: TakeChip, i: int, history: History) -> YamslamGame:
    return state._take(KINDS[(i - TAKE_ID) % len(KINDS)], i >= DISCARD_ID, history)


def _pass(state: YamslamGame, _action: Pass, _i: int, history: History) -> YamslamGame:
    return state._end_turn(False, state.rack, state.discard, state.collections, state.last_draw, history)


def _canonical(_state: YamslamGame, action: Action) -> Action:
    """A legal `TakeChip` spelled with a label or alias: the decision of `ACTIONS` it stands for."""
    if isinstance(action, TakeChip):
        return ACTIONS[(DISCARD_ID if action.from_discard else TAKE_ID) + KINDS.index(chip_kind(action.kind))]
    return action


#: What each Yamslam decision makes of a state (applied by `yamskit.transitions.GameStateBase.apply`).
TRANSITIONS: Transitions[YamslamGame] = Transitions(
    thrown=_thrown_state, moves={TakeChip: _take_chip, Pass: _pass}, canonical=_canonical
)
YamslamGame.transitions = TRANSITIONS
