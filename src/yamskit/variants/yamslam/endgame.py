"""Yamslam's last chips played for the win: the exact chance to win, and the player that plays by it.

Between two sides (two players, or two teams of two), the end of a game is a race for the
chips left. The ``"hard"`` strategy (`.strategy`) values a chip by its points and the
bonuses it brings within reach, whatever the score; near the end a side does better by
counting what each move leaves it: a smaller chip that leaves the other side fewer ways to
catch up, or a pass that keeps a chip it needs on the rack.

`Endgame` works out, for a position between two turns, the chance that the side to move
wins when both sides play for the win from there (a draw counts a half). Every move makes
the game shorter (a chip taken leaves the rack or the discard pile, a round without a chip
discards one, a pass hands the turn on within the round), so the values follow from the
end backwards: an empty rack is a finished game, scored by `.chips.tally`, and a position
is worth the exact expectimax of its turn (`yamskit.adapters.keep_search`, over the 252
rolls and 462 keeps), where stopping after a throw is worth the best of passing, each chip
the dice win, and for a Yamslam any chip of the rack or the pile and another turn. The
two sides' chances add up to one, so one number per position is enough.

The positions below a rack of ``n`` chips grow about threefold per chip (each chip can end
with either side or on the pile). `positions_bound` counts them from above, from the rack
and the pile alone, and `EndgamePlayer` plays exactly once that count fits its budget; it
plays its fallback (hard) until then. The budget comes from the expert's time per decision
(`BOUND_PER_SECOND`, measured), so whether it searches depends on the position alone
and play is deterministic for a seed.

Examples:
    >>> import yamskit
    >>> from yamskit.variants.yamslam.chips import ChipSet
    >>> v = yamskit.variant("yamslam")
    >>> endgame = Endgame(v, players=2, first_player=0)
    >>> # the last chip is a large straight; Ann (to move) holds nothing, Bob a flush (25). Ann wins
    >>> # only if her turn wins the chip: else Bob's does, or the round discards it and the game ends
    >>> chance = endgame.chance(ChipSet.of("large_straight"), ChipSet(), (ChipSet(), ChipSet.of("flush")), mover=0)
    >>> round(chance, 4)
    0.2653
"""

from __future__ import annotations

import math
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from ...actions import Action, Pass, Roll, TakeChip
from ...adapters import keep_search
from ...errors import RuleConfigError
from ...game import GameState
from .chips import KINDS, ChipSet, tally
from .game import YamslamGame
from .rules import _ROLL_KINDS, _ROLL_YAMSLAM, MAX_THROWS, ChipVariant, discard_highest, end_of_turn
from .strategy import better_keep

__all__ = ["BOUND_PER_SECOND", "Endgame", "EndgamePlayer", "budget_for", "positions_bound", "win_chance"]

FloatArray = npt.NDArray[np.float64]

#: How many positions, counted by `positions_bound`, a second of decision time allows. Measured
#: on the project's 2-core machine (2026-12-05, one core): `Endgame` values 5,900 to 6,800
#: positions a second (an expectimax of one turn each), and the bound counts 2.2 to 3 times the
#: positions a game reaches below (14,000 to 19,000 of the bound a second).
BOUND_PER_SECOND = 14_000
#: For each roll of five dice: the chip kinds it wins, and whether it is a Yamslam (the rules' tables, as arrays).
_WINS = np.array([[k in kinds for k in range(len(KINDS))] for kinds in _ROLL_KINDS], dtype=np.bool_)
_YAMSLAM = np.array(_ROLL_YAMSLAM, dtype=np.bool_)
_LOST = -1.0  # below any chance: a chip that is not there
#: A position between two turns: rack, discard pile, the two collections, the seat to move, a chip taken this round.
Key = tuple[ChipSet, ChipSet, tuple[ChipSet, ...], int, bool]


def positions_bound(rack: ChipSet, discard: ChipSet, *, seats: int = 2) -> int:
    """At least as many positions as a game from ``rack`` and ``discard`` can reach between two turns.

    Each kind's chips on the rack and the pile can end on the rack (no more than are there
    now), on the pile or with either side; the count multiplies those ways over the kinds,
    the seat to move and whether the round has taken a chip.

    Examples:
        >>> positions_bound(ChipSet.of("flush"), ChipSet())  # the flush stays, goes to a side or to the pile
        16
        >>> positions_bound(ChipSet(), ChipSet())
        4
    """
    ways = 1
    for kind in KINDS:
        on_rack, movable = rack.count(kind), rack.count(kind) + discard.count(kind)
        ways *= sum(math.comb(movable - kept + 2, 2) for kept in range(on_rack + 1))
    return ways * seats * 2


def budget_for(decision_time: float) -> int:
    """The `positions_bound` a search of ``decision_time`` seconds may start from (`BOUND_PER_SECOND`).

    Raises:
        RuleConfigError: a time that is not a number of seconds of at least 0.

    Examples:
        >>> budget_for(1.0), budget_for(0.5)
        (14000, 7000)
    """
    if isinstance(decision_time, bool) or not isinstance(decision_time, (int, float)) or not decision_time >= 0:
        raise RuleConfigError(f"decision_time must be a number of seconds of at least 0, not {decision_time!r}")
    return int(min(decision_time, 1e9) * BOUND_PER_SECOND)


@attrs.frozen(eq=False)
class Endgame:
    """The exact chance to win from Yamslam positions between two turns, for a game of two sides (see the module).

    Values are kept once worked out (the positions a game reaches from one position are
    mostly those it reaches from the next), up to ``keep`` of them.

    Attributes:
        variant: a Yamslam variant of two sides: ``"standard"`` with two players, or ``"team"``.
        players: the number of players (2, or 4 in team play).
        first_player: the seat that starts each round (a round without a chip ends at the seat before it).
        keep: the most values kept (about 220 bytes each; a game counted from a budget of 14,000,
            the default second, values at most that many); past that, they are all forgotten and
            worked out again when asked.

    Raises:
        RuleConfigError: a variant or a number of players that does not make two sides.

    Examples:
        >>> import yamskit
        >>> from yamskit.variants.yamslam.chips import ChipSet
        >>> endgame = Endgame(yamskit.variant("yamslam"), players=2, first_player=0)
        >>> ahead = ChipSet.of("large_straight", "four_of_a_kind")  # 90 points against nothing
        >>> round(endgame.chance(ChipSet.of("flush"), ChipSet(), (ChipSet(), ahead), mover=0), 9)  # a flush: 45 at most
        0.0
    """

    variant: ChipVariant
    players: int
    first_player: int = 0
    keep: int = 100_000
    _values: dict[Key, float] = attrs.field(init=False, factory=dict, repr=False)

    def __attrs_post_init__(self) -> None:
        sides = {self.variant.side(p) for p in range(self.players)} if self.players > 0 else set()
        if self.variant.mode == "solo" or sides != {0, 1}:
            raise RuleConfigError(
                f"the endgame is worked out between two sides (two players, or two teams), not {self.players} "
                f"player(s) in {self.variant.mode} Yamslam"
            )
        if not 0 <= self.first_player < self.players:
            raise RuleConfigError(
                f"first_player must be a seat from 0 to {self.players - 1}, not {self.first_player!r}"
            )

    def chance(
        self, rack: ChipSet, discard: ChipSet, collections: tuple[ChipSet, ...], *, mover: int, round_chip: bool = False
    ) -> float:
        """The chance the side of seat ``mover`` wins (a draw a half), ``mover`` to throw, both playing for the win.

        Examples:
            >>> import yamskit
            >>> from yamskit.variants.yamslam.chips import ChipSet
            >>> endgame = Endgame(yamskit.variant("yamslam"), players=2)
            >>> # one chip left, nothing held: two pairs (or a Yamslam) in the mover's turn wins it, else
            >>> # the other side tries; a round without a chip discards it, and 0 to 0 is a draw
            >>> round(endgame.chance(ChipSet.of("two_pairs"), ChipSet(), (ChipSet(), ChipSet()), mover=0), 4)
            0.7977
        """
        if not len(rack):
            return self._final(collections, None, self.variant.side(mover))
        return self._value((rack, discard, tuple(collections), mover, round_chip))

    # ------------------------------------------------------------------ the values
    def _final(self, collections: tuple[ChipSet, ...], last_draw: int | None, side: int) -> float:
        """What a finished game is worth to ``side``: 1 for a win, 0.5 for a draw, 0 for a loss."""
        mine = tally(collections[side], last_draw=last_draw == side).total
        theirs = tally(collections[1 - side], last_draw=last_draw == 1 - side).total
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0

    def _after_turn(self, key: Key, chip: bool, last_draw: int | None) -> float:
        """What the end of the mover's turn (a chip taken or not) is worth to the mover's side."""
        rack, discard, collections, mover, round_chip = key
        side = self.variant.side(mover)
        following, round_chip, discarding = end_of_turn(
            self.variant.mode, self.players, mover, self.first_player, round_chip, chip
        )
        if discarding:
            rack, discard = discard_highest(rack, discard)
        if not len(rack):
            return self._final(collections, last_draw, side)
        value = self._value((rack, discard, collections, following, round_chip))
        return value if self.variant.side(following) == side else 1.0 - value

    def _again(self, rack: ChipSet, discard: ChipSet, collections: tuple[ChipSet, ...], mover: int) -> float:
        """A Yamslam's chip is taken: the mover throws again (or the game is over, the rack empty)."""
        if not len(rack):
            return self._final(collections, self.variant.side(mover), self.variant.side(mover))
        return self._value((rack, discard, collections, mover, True))

    def options(self, key: Key) -> tuple[float, FloatArray, FloatArray, FloatArray]:
        """What ending the turn is worth to the mover's side: passing, each chip of the rack, and after a Yamslam.

        Returns ``(pass, takes, yamslam_rack, yamslam_pile)``: one value per kind of `KINDS`
        in each array, -1 where no such chip is there.
        """
        rack, discard, collections, mover, round_chip = key
        side = self.variant.side(mover)
        passing = self._after_turn(key, False, None)
        takes = np.full(len(KINDS), _LOST)
        from_rack = np.full(len(KINDS), _LOST)
        from_pile = np.full(len(KINDS), _LOST)
        for i, kind in enumerate(KINDS):
            if not rack.count(kind) and not discard.count(kind):
                continue
            held = _with(collections, side, kind)
            if rack.count(kind):
                left = rack.remove(kind)
                taken = (left, discard, held, mover, round_chip)
                takes[i] = self._after_turn(taken, True, None if len(left) else side)
                from_rack[i] = self._again(left, discard, held, mover)
            if discard.count(kind):
                from_pile[i] = self._again(rack, discard.remove(kind), held, mover)
        return passing, takes, from_rack, from_pile

    def stops(self, key: Key) -> FloatArray:
        """What stopping after each roll (252 of five dice) is worth to the mover's side."""
        return _stop_table(*self.options(key))

    def _value(self, key: Key) -> float:
        found = self._values.get(key)
        if found is not None:
            return found
        table = self.stops(key)
        value = float(keep_search().single_target_values(table[:, None], throws=MAX_THROWS)[0])
        if len(self._values) >= self.keep:
            self._values.clear()
        self._values[key] = value
        return value


def _stop_table(passing: float, takes: FloatArray, from_rack: FloatArray, from_pile: FloatArray) -> FloatArray:
    """Stopping after each roll, from the options of `Endgame.options`: the best the roll allows."""
    table: FloatArray = np.maximum(np.where(_WINS, takes[None, :], _LOST).max(axis=1), passing)
    table[_YAMSLAM] = max(passing, float(from_rack.max()), float(from_pile.max()))
    return table


def _with(collections: tuple[ChipSet, ...], side: int, kind: Any) -> tuple[ChipSet, ...]:
    """The collections once ``side`` has taken a chip of ``kind``."""
    return tuple(c.add(kind) if s == side else c for s, c in enumerate(collections))


def _key(state: YamslamGame) -> Key:
    return (state.rack, state.discard, tuple(state.collections), state.current_player, state.round_chip)


def win_chance(state: YamslamGame) -> float:
    """The chance that the side to move wins from ``state``, both sides playing for the win from its next throw.

    ``state`` is taken as the start of the mover's turn (the dice of a turn under way are
    ignored). It solves every position below this one (`Endgame`): quick with a few chips
    left (a rack of five: 365 to 1,016 positions, about a tenth of a second), far too slow
    for a full rack (see `positions_bound`).

    Raises:
        RuleConfigError: a game that is over, or not between two sides.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1)
        >>> hard = yamskit.bots.StrongPlayer(g.variant)  # the strong bot (the "hard" level mixes in "medium" here)
        >>> while len(g.rack) > 4 or g.turn.has_thrown:  # hard plays both seats down to four chips
        ...     g = g.apply(hard.choose(g))
        >>> g.rack, g.result().scores, g.current_player
        (ChipSet.of('two_pairs', 'two_pairs', 'large_straight', 'large_straight'), (325, 385), 1)
        >>> round(win_chance(g), 4)  # Bob, 60 points ahead, to throw
        0.8808
    """
    if state.is_over:
        raise RuleConfigError("the game is over: no chance is left to work out")
    endgame = Endgame(state.variant, players=len(state.players), first_player=state.first_player)
    return endgame.chance(
        state.rack, state.discard, state.collections, mover=state.current_player, round_chip=state.round_chip
    )


@attrs.frozen
class EndgamePlayer:
    """Plays the last chips of a two-sided Yamslam game for the win (`Endgame`), and ``fallback`` before.

    It plays exactly from the first position whose `positions_bound` is at most ``budget``,
    and as ``fallback`` elsewhere: before that, in a game of more than two sides, and in
    solo.

    Attributes:
        fallback: the player of the positions it does not search (the ``"hard"`` bot).
        budget: the most positions (by `positions_bound`) it searches from.

    Examples:
        >>> import yamskit
        >>> from yamskit.bots import StrongPlayer
        >>> v = yamskit.variant("yamslam")
        >>> bot = EndgamePlayer(StrongPlayer(v), budget=4_000)
        >>> g = v.new_game(players=["A", "B"], seed=1)
        >>> bot.choose(g)  # a full rack: far over the budget, hard's move
        Roll(keep=Dice.parse(''), outcome=None)
    """

    fallback: Any = attrs.field(repr=False)
    budget: int = BOUND_PER_SECOND
    _solvers: dict[tuple[int, int, Any], Endgame] = attrs.field(init=False, factory=dict, repr=False, eq=False)

    def searches(self, state: GameState) -> bool:
        """Whether it plays ``state`` by the exact chances (else as its fallback).

        Examples:
            >>> import yamskit
            >>> from yamskit.bots import StrongPlayer
            >>> v = yamskit.variant("yamslam")
            >>> EndgamePlayer(StrongPlayer(v)).searches(v.new_game(players=["A", "B"], seed=1))
            False
        """
        if not isinstance(state, YamslamGame) or state.is_over or len(state.collections) != 2:
            return False  # solo (and its second chip) has one collection, a table of three or more more
        return positions_bound(state.rack, state.discard, seats=len(state.players)) <= self.budget

    def endgame(self, state: YamslamGame) -> Endgame:
        """The values of ``state``'s game (one `Endgame` per variant, seats and first player, kept)."""
        key = (len(state.players), state.first_player, state.variant)
        found = self._solvers.get(key)
        if found is None:
            found = self._solvers[key] = Endgame(
                state.variant, players=len(state.players), first_player=state.first_player
            )
        return found

    def choose(self, state: GameState) -> Action:
        """The action with the best chance to win where it searches, else the fallback's.

        Examples:
            >>> import yamskit
            >>> from yamskit.bots import StrongPlayer
            >>> v = yamskit.variant("yamslam")
            >>> g = v.new_game(players=["A", "B"], seed=1)
            >>> bot = EndgamePlayer(StrongPlayer(v))
            >>> bot.choose(g) in g.legal_actions()
            True
        """
        if not self.searches(state):
            action: Action = self.fallback.choose(state)
            return action
        assert isinstance(state, YamslamGame)
        turn = state.turn
        if not turn.has_thrown:
            return Roll()
        endgame = self.endgame(state)
        key = _key(state)
        passing, takes, from_rack, from_pile = endgame.options(key)
        again = better_keep(turn, _stop_table(passing, takes, from_rack, from_pile))
        if again is not None:
            return again
        roll = turn.dice.index
        choices: list[tuple[float, Action]] = [(passing, Pass())]
        if _YAMSLAM[roll]:
            choices += [(float(from_rack[i]), TakeChip(k.value)) for i, k in enumerate(KINDS) if from_rack[i] > _LOST]
            choices += [
                (float(from_pile[i]), TakeChip(k.value, True)) for i, k in enumerate(KINDS) if from_pile[i] > _LOST
            ]
        else:
            choices += [
                (float(takes[i]), TakeChip(k.value)) for i, k in enumerate(KINDS) if _WINS[roll, i] and takes[i] > _LOST
            ]
        best = max(choices, key=lambda vc: vc[0])[0]
        return next(action for value, action in reversed(choices) if value >= best - 1e-12)
