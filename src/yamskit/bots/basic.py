"""The simple players (random, greedy, optimal solitaire) and the loop that plays a game out.

A player is anything with ``choose(state) -> action``. Bots here only use
``legal_actions()``, so they play every variant, including user-defined ones.

Examples:
    >>> import yamskit
    >>> yams = yamskit.variant("yahtzee")
    >>> alone = play(yams.new_game(players=["Ann"], seed=3), [GreedyPlayer()])
    >>> alone.is_over, len(alone.sheets[0].filled(0))
    (True, 13)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, TypeGuard

import attrs

from ..actions import Action, DeclareChallenge, Pass, Roll, Score, Scratch
from ..dice import KEEP_CHILDREN, KEEPS, NUM_DICE, ROLLS, Dice, keep_index
from ..errors import RuleConfigError, YamskitError
from ..game import GameState, Player, play
from ..scorecard.state import ScorecardGame

__all__ = [
    "GreedyPlayer",
    "MixedPlayer",
    "OptimalPlayer",
    "PlainGreedyPlayer",
    "Player",
    "RandomPlayer",
    "TablePlayer",
    "play",
]


@attrs.frozen
class RandomPlayer:
    """Picks uniformly among the legal actions, reproducibly from its seed.

    The choice depends only on the seed and the state's history length, so a
    player holds no hidden state: the same seed and game give the same choices.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=3)
        >>> RandomPlayer(seed=9).choose(g)
        Roll(keep=Dice.parse(''), outcome=None)
    """

    seed: int = 0

    def choose(self, state: GameState) -> Action:
        """A uniformly random legal action."""
        actions = list(state.legal_actions())
        if not actions:
            raise YamskitError("no legal action to choose from")
        digest = hashlib.blake2b(
            f"{self.seed}:{len(state.history)}:{state.current_player}".encode(), digest_size=8
        ).digest()
        return actions[int.from_bytes(digest, "big") % len(actions)]


def greedy_keep_values(rows: Sequence[Any]) -> list[int]:
    """For each keep of `KEEPS`, the expected best immediate box after one more throw.

    ``rows`` are the open categories. The values are scaled by 6**5 so that they are
    exact integers, comparable across keep sizes.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> values = greedy_keep_values([v.category("sixes")])
        >>> values[-1] // 6**5, values[0] / 6**5  # keep 66666; throw all five: 5 * 6 / 6 on average
        (30, 5.0)
    """
    best = [max((row.table[r] for row in rows), default=0) for r in range(len(ROLLS))]
    values = [0] * (len(KEEPS) - len(ROLLS)) + best
    for k in range(len(KEEPS) - len(ROLLS) - 1, -1, -1):
        values[k] = sum(values[c] for c in KEEP_CHILDREN[k])
    return [v * 6 ** len(KEEPS[k]) for k, v in enumerate(values)]


@attrs.frozen
class GreedyPlayer:
    """Writes the box that pays most now, keeping the dice that promise the best box after one more throw.

    On a scorecard game, after each throw with throws left it compares every legal
    keep by the expected points of the best open box after throwing the other dice
    once (keeping all five means stopping); ties go to the larger keep. Then it writes
    the legal box paying most now (joker and bonuses included); ties go to the box
    whose best possible score is lowest, then to the upper row. It never crosses out
    when a Score is legal. On a sheet of other than five dice it writes the best box after
    its first throw (its keep values are of five dice, for now). On other games (Yam Master,
    Yamslam...) it takes the first legal action that places or takes something, else the first
    legal action.

    `yamskit.solver.simulate` with ``bot="greedy"`` plays the same way.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=3).apply(yamskit.Roll(outcome="66612"))
        >>> GreedyPlayer().choose(g)
        Roll(keep=Dice.parse('666'), outcome=None)
        >>> final = play(yamskit.variant("classic").new_game(seed=3), [GreedyPlayer()])
        >>> final.is_over
        True
    """

    def choose(self, state: GameState) -> Action:
        """The greedy action for the player to move."""
        actions: list[Action] = list(state.legal_actions())
        if not actions:
            raise YamskitError("no legal action to choose from")
        if not isinstance(state, ScorecardGame):
            for action in actions:
                if not isinstance(action, (Roll, Pass, DeclareChallenge)):
                    return action
            return actions[0]
        if not state.turn.has_thrown:
            return actions[0]
        rolls = [a for a in actions if isinstance(a, Roll)]
        if rolls and state.rules.dice == NUM_DICE:  # (its keep values are of five dice: other sheets score at once)
            keep = self._keep(state, rolls)
            if keep is not None:
                return keep
        return self._box(state, actions)

    @staticmethod
    def _keep(state: ScorecardGame, rolls: list[Roll]) -> Roll | None:
        sheet = state.sheets[state.current_player]
        rules = state.rules
        open_rows = [row for r, row in enumerate(rules.rows) if any(col[r].is_empty for col in sheet.cells)]
        values = greedy_keep_values(open_rows)
        best = max(rolls, key=lambda a: (values[_keep_slot(a.keep)], len(a.keep)))
        return None if len(best.keep) == NUM_DICE else best

    @staticmethod
    def _box(state: ScorecardGame, actions: list[Action]) -> Action:
        boxes: list[Score | Scratch] = [a for a in actions if isinstance(a, Score)]
        boxes = boxes or [a for a in actions if isinstance(a, Scratch)]
        if not boxes:
            return actions[0]
        rules = state.rules

        def key(item: tuple[int, Score | Scratch]) -> tuple[int, int, int]:
            order, action = item
            placed = state.placement(action)
            points = 0 if placed.crossed else placed.points
            return (points + placed.extra, -rules.rows[rules.row_index(action.row)].max, -order)

        return max(enumerate(boxes), key=key)[1]


def _keep_slot(keep: Dice) -> int:
    return keep_index(keep.faces)


@attrs.frozen
class PlainGreedyPlayer:
    """A plainer greedy player: it writes the box paying most now and keeps the face it shows most.

    On a scorecard game, after each throw with throws left it looks at the box paying most
    now (as `GreedyPlayer` writes it). If that box already pays its row's most, it writes it;
    otherwise it keeps the dice of the face it shows most often (on a tie, the higher face)
    and throws the others, whatever box they might make. With no throw left it writes that
    box. It does not weigh what the next throw could bring, as `GreedyPlayer` does, so it
    chases sets of equal dice where a straight or a better box was in reach. On other games
    it plays as `GreedyPlayer`.

    It is the ``"easy"`` level of the one-column sheets of five dice without an upper bonus
    (`yamskit.bots.player`), where `GreedyPlayer` comes too close to the exact optimum for
    levels to fit between them.

    Examples:
        >>> import yamskit
        >>> yacht = yamskit.variant("yacht").new_game(seed=3)
        >>> PlainGreedyPlayer().choose(yacht.apply(yamskit.Roll(outcome="12346")))  # the six, the face shown most
        Roll(keep=Dice.parse('6'), outcome=None)
        >>> PlainGreedyPlayer().choose(yacht.apply(yamskit.Roll(outcome="23456")))  # the big straight pays its most
        Score(row='big_straight', column=None)
        >>> play(yacht, [PlainGreedyPlayer()]).is_over
        True
    """

    def choose(self, state: GameState) -> Action:
        """The plainer greedy action for the player to move."""
        if not isinstance(state, ScorecardGame) or not state.turn.has_thrown:
            return GreedyPlayer().choose(state)
        actions: list[Action] = list(state.legal_actions())
        if not actions:
            raise YamskitError("no legal action to choose from")
        box = GreedyPlayer._box(state, actions)
        if state.turn.throws_left > 0 and isinstance(box, (Score, Scratch)):
            placed = state.placement(box)
            points = 0 if placed.crossed else placed.points
            if points < state.rules.rows[state.rules.row_index(box.row)].max:
                faces = state.turn.dice.faces
                face = max(set(faces), key=lambda f: (faces.count(f), f))
                keep = Roll(keep=Dice((face,) * faces.count(face)))
                if len(keep.keep) < len(faces) and state.is_legal(keep):
                    return keep
        return box


def _between(value: object, low: float, high: float) -> TypeGuard[float]:
    """Whether ``value`` is a number (not a bool) from ``low`` to ``high``: NaN is not, nor an infinity past them."""
    return not isinstance(value, bool) and isinstance(value, (int, float)) and low <= value <= high


def _a_share(_instance: object, attribute: Any, value: object) -> None:
    if not _between(value, 0.0, 1.0):
        raise RuleConfigError(f"{attribute.name} must be a number from 0 to 1, not {value!r}")


@attrs.frozen
class MixedPlayer:
    """Plays each turn as one of two players drawn from its seed: ``strong`` a ``share`` of the turns, else ``weak``.

    The draw depends only on the seed, the seat and the point of the game where the turn
    began (the moves made before its first throw), so the whole turn is played by one of
    the two, and the same seed and game give the same choices.

    It is the ``"medium"`` level of the one-column sheets of five dice without an upper
    bonus (`yamskit.bots.player`): half its turns as ``"hard"``, half as ``"easy"``; and
    every level a family sets on a rung between two of the four fast bots
    (`yamskit.bots.rungs`): Yamslam's ``"hard"`` with opponents plays 60% of its turns as
    the strong bot and the others as the one-throw bot, Yam Master's ``"medium"`` half its
    turns as the one-throw bot and half as ``"easy"``.

    Examples:
        >>> import yamskit
        >>> yacht = yamskit.variant("yacht")
        >>> both = MixedPlayer(GreedyPlayer(), PlainGreedyPlayer(), seed=1)
        >>> final = play(yacht.new_game(players=["A", "B"], seed=2), [both, GreedyPlayer()])
        >>> final.is_over
        True
        >>> MixedPlayer(GreedyPlayer(), RandomPlayer(), share=1.0).plays_strong(yacht.new_game(seed=2))
        True
        >>> MixedPlayer(GreedyPlayer(), RandomPlayer(), share=2)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        RuleConfigError: share must be a number from 0 to 1, not 2
    """

    strong: Player = attrs.field(eq=False)
    weak: Player = attrs.field(eq=False)
    share: float = attrs.field(default=0.5, kw_only=True, validator=_a_share)
    seed: int = attrs.field(default=0, kw_only=True)

    def plays_strong(self, state: GameState) -> bool:
        """Whether the turn of ``state`` is played by ``strong``."""
        turn = state.turn
        start = len(state.history) - turn.throws_used - turn.challenge  # the moves before the turn's first throw
        digest = hashlib.blake2b(f"mixed:{self.seed}:{start}:{state.current_player}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") < self.share * 2**64

    def choose(self, state: GameState) -> Action:
        """The action of the player drawn for this turn."""
        return (self.strong if self.plays_strong(state) else self.weak).choose(state)


@attrs.frozen
class TablePlayer:
    """Plays as ``alone`` in a solitaire game and as ``versus`` at a table with opponents.

    It is a level of `yamskit.bots.player` where a family sets that level on one rung alone
    and on another with opponents (`yamskit.bots.rungs`; Balut, whose results spread too
    widely for the levels below the expert to differ at a table of two as they do alone).

    Examples:
        >>> import yamskit
        >>> bot = TablePlayer(GreedyPlayer(), RandomPlayer(seed=1))
        >>> bot.player_for(yamskit.variant("yacht").new_game(seed=2))
        GreedyPlayer()
        >>> bot.player_for(yamskit.variant("yacht").new_game(players=["A", "B"], seed=2))
        RandomPlayer(seed=1)
        >>> bot == TablePlayer(GreedyPlayer(), RandomPlayer(seed=1)), bot == TablePlayer(GreedyPlayer(), RandomPlayer())
        (True, False)
    """

    alone: Player
    versus: Player

    def player_for(self, state: GameState) -> Player:
        """``alone`` if ``state`` is a solitaire game, else ``versus``."""
        return self.alone if len(state.players) == 1 else self.versus

    def choose(self, state: GameState) -> Action:
        """The action of the player for this table."""
        return self.player_for(state).choose(state)


@attrs.frozen
class OptimalPlayer:
    """Plays a solved strategy: the option with the highest expected final score.

    ``strategy`` is a `yamskit.solver.Strategy` (built by `yamskit.solver.solve`;
    needs numpy). On a tie it writes a box rather than throwing again.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> from yamskit.solver import solve
        >>> strategy = solve(yamskit.ScorecardVariant.define("sixes", rows=[upper(6)]), quiet=True)
        >>> first = strategy.variant.new_game(seed=1).apply(yamskit.Roll(outcome="66123"))
        >>> OptimalPlayer(strategy).choose(first)  # two sixes kept, two throws to come
        Roll(keep=Dice.parse('66'), outcome=None)
    """

    strategy: Any = attrs.field(eq=False)

    def choose(self, state: GameState) -> Action:
        """The best action according to the strategy; against opponents, a move that wins the game at once first.

        The strategy maximises one player's expected score, so on a sheet where a box ends
        the game (Generala's served generala) it may rather play on for more points; with
        opponents at the table the bot takes the win.
        """
        win = _winning_score(state, self.strategy.model)
        return win if win is not None else self.strategy.best_action(state)


def _winning_score(state: GameState, model: Any) -> Action | None:
    """A Score that ends the game with the player to move its only winner, where the sheet has such boxes."""
    served = model.served
    if served is None or not served.win_rows or len(state.players) < 2 or state.is_over:
        return None
    rows = {model.rows[r] for r in served.win_rows}
    me = state.current_player
    for action in state.legal_actions():
        if isinstance(action, Score) and action.row in rows:
            after = state.apply(action)
            if after.is_over and after.result().winners == (me,):
                return action
    return None
