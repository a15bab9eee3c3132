"""`ExpertPlayer`, the ``"expert"`` level: a planning bot checked by Monte-Carlo rollouts.

At each decision the expert asks a few bots what they would play (the planner, the
``"hard"`` `yamskit.bots.StrongPlayer`, first; then the lighter ones), keeps the first
``candidates`` distinct actions, and plays each of them out to the end of the game many
times with a cheap rollout policy seated at every seat. Only the game protocol is used
(``legal_actions()``, ``apply()``, ``chance_outcomes()`` and ``result()``), so it plays every
variant, every mode and any number of players.

* A rollout is worth the final score of the expert's seat in a solitaire game, and the
  win in a game of several players: 1 for a win of its seat (or team), 0.5 for a shared
  first place, 0 for a loss.
* The dice of a rollout are drawn from the expert's own seeded generator, never from the
  game's stream (which would show it the real dice to come), with the probabilities of
  ``chance_outcomes()`` (fair dice, drawn directly, where the family keeps the engine's);
  round ``r`` starts the same generator for every candidate (common random numbers), so
  candidates are compared on alike dice.
* The planner's action is kept unless another candidate beats it, over at least
  `MIN_ROUNDS` rounds both played, by more than `SWITCH_Z` standard errors of the paired
  difference: with few rollouts, it plays as the planner.
* ``rollouts=N`` fixes the number of rollouts of a decision (deterministic for a seed);
  without it, whole rounds are played until ``decision_time`` seconds have passed.
* In a solitaire game of a sheet the planner already plays exactly (``exact=True``: a
  one-column sheet the solver handles within the planner's time budget), the expert
  plays as its planner; in a two-player game of such a sheet, it plays as ``duel``, the
  player that plays the last turns for the chance to win (`yamskit.bots.duel`).
* On a sheet whose unused throws are saved (Maxi Yatzy), once the solver's store strategy is
  at hand, it plays as ``alone`` in a solitaire game and as ``versus`` with opponents: the
  store strategy (`yamskit.bots.store_player`), which scores about 47 points a game above
  ``"hard"`` there and wins 70% of duels against it, where rollouts of cheap bots gained
  nothing.
* On a sheet of several columns whose fitted values ship with the package (Yams Challenge),
  it plays as ``alone`` and ``versus`` those values (`yamskit.bots.values_player.ValuesPlayer`;
  docs/explanation/bots.md gives its figures against ``"hard"``).
* On another sheet hard plays by its sheet view without solving it, won on a points table
  (Balut) or of several columns, it plays as ``alone`` and ``versus`` the sheet view one turn
  deeper at the box (`yamskit.bots.ahead.AheadPlayer`): 0.16 points a game above ``"hard"``
  alone in Balut over 10,000 games, and 52% of the games for two against the strong bot,
  where a rollout search cost some 50 to 120 decisions of a second a game and overruled hard
  at none of 91 (with opponents Balut's ``"hard"`` now stands below the strong bot:
  `yamskit.bots.strong.POINTS_TABLE_VERSUS`).
* Where it does search, a second of rollouts seldom tells a rival from the planner: against
  hard it overruled hard at 4 of 1,060 decisions (`benchmarks/expert_search.py`), so it
  plays nearly as the planner.
* In a family's one-player game that the family solves itself (solo Yamslam,
  `yamskit.adapters.EdgeAdapter.solitaire`), once what it plays by is at hand, it plays as
  ``alone``, that exact player: 24 points a game above ``"hard"`` in solo Yamslam.
* In a family's game with opponents that the family plays itself
  (`yamskit.adapters.EdgeAdapter.versus`), it plays as ``versus``, that player. Yamslam's
  plays hard's moves until the chips left are few enough to count within
  ``decision_time``, then the exact chance to win; the rollouts it replaces overruled hard
  at none of 142 Yamslam decisions.
* In a game with opponents of a sheet scored by column duels (Competitive Yams), it plays as
  ``versus``, the player that weighs every seat's columns and picks its box by the chance to
  win (`yamskit.bots.duel_sheet`): there a rollout of cheap bots misjudges the duels more
  than the search gains.

Examples:
    >>> import yamskit
    >>> from yamskit.bots import GreedyPlayer, StrongPlayer
    >>> v = yamskit.variant("yamslam")
    >>> bot = ExpertPlayer(StrongPlayer(v), proposers=[GreedyPlayer()], rollout_policy=GreedyPlayer(), rollouts=8)
    >>> g = v.new_game(players=["A", "B"], seed=3).apply(yamskit.Roll(outcome="66661"))
    >>> bot.search(g).rollouts, bot.choose(g) in g.legal_actions()
    (8, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence

import attrs

from ..actions import Action, Roll
from ..errors import RuleConfigError, YamskitError
from ..game import GameState
from ..transitions import GameStateBase
from .basic import Player

__all__ = ["MAX_ROLLOUTS", "MIN_ROUNDS", "SWITCH_Z", "CandidateStats", "ExpertPlayer", "Search", "rollout_value"]

#: The faces of a die.
_FACES = (1, 2, 3, 4, 5, 6)
#: How many standard errors of the paired difference another candidate must beat the planner's by.
#: (At one standard error the expert lost 65 points a game to hard in solitaire Yamslam, 100 games
#: of 12 rollouts a decision: switching on noise costs more than the rare real gain.)
SWITCH_Z = 2.5
#: The fewest rounds (rollouts of each candidate) before the planner's action may be overruled.
MIN_ROUNDS = 4
#: The most rollouts one decision plays when it stops by the clock (a guard for a very fast game).
MAX_ROLLOUTS = 100_000


def _players(bots: Iterable[Player]) -> tuple[Player, ...]:
    return tuple(bots)


def _positive_or_none(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (type(value) is not int or value < 0):
        raise RuleConfigError(f"{attribute.name} must be a whole number of at least 0 or None, not {value!r}")


def _non_negative(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not isinstance(value, (int, float)) or not value >= 0:
        raise RuleConfigError(f"{attribute.name} must be a number of seconds of at least 0, not {value!r}")


def _at_least_one(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise RuleConfigError(f"{attribute.name} must be a whole number of at least 1, not {value!r}")


@attrs.frozen
class CandidateStats:
    """One candidate action of a decision and what its rollouts gave.

    Attributes:
        action: the candidate.
        values: the value of each rollout, round by round (see the module docs).

    Examples:
        >>> import yamskit
        >>> c = CandidateStats(yamskit.Roll(), (1.0, 0.0, 0.5))
        >>> c.rollouts, c.mean
        (3, 0.5)
    """

    action: Action
    values: tuple[float, ...] = ()

    @property
    def rollouts(self) -> int:
        """How many rollouts it had."""
        return len(self.values)

    @property
    def mean(self) -> float:
        """The mean of its rollouts (NaN without any)."""
        return sum(self.values) / len(self.values) if self.values else math.nan


@attrs.frozen
class Search:
    """What one decision of `ExpertPlayer` looked at: the candidates, their rollouts and the choice.

    Attributes:
        choice: the action played.
        candidates: the candidates, the planner's first.

    Examples:
        >>> import yamskit
        >>> s = Search(yamskit.Roll(), (CandidateStats(yamskit.Roll(), (2.0,)),))
        >>> s.rollouts
        1
    """

    choice: Action
    candidates: tuple[CandidateStats, ...]

    @property
    def rollouts(self) -> int:
        """The rollouts played for this decision, all candidates together."""
        return sum(c.rollouts for c in self.candidates)


def rollout_value(state: GameState, seat: int) -> float:
    """What a finished game is worth to ``seat``: its score alone, else 1 / 0.5 / 0 for a win / shared first / loss.

    A seat wins when every winner is on its side (itself, or its team); it shares the
    first place when it is among winners from another side too.

    Examples:
        >>> import yamskit
        >>> from yamskit.bots import GreedyPlayer, play
        >>> v = yamskit.variant("classic")
        >>> final = play(v.new_game(players=["A", "B"], seed=2), [GreedyPlayer(), GreedyPlayer()])
        >>> sorted([rollout_value(final, 0), rollout_value(final, 1)])
        [0.0, 1.0]
        >>> rollout_value(play(v.new_game(seed=2), [GreedyPlayer()]), 0) > 100
        True
    """
    result = state.result()
    if len(result.scores) == 1:
        return float(result.scores[seat])
    side = next((set(team.seats) for team in result.teams if seat in team.seats), {seat})
    winners = set(result.winners)
    if seat not in winners and not winners & side:
        return 0.0
    return 1.0 if winners <= side else 0.5


def _throw(state: GameState, action: Action, rng: random.Random) -> GameState:
    """``state`` after ``action``, a throw whose faces are left to chance getting them from ``rng``."""
    if isinstance(action, Roll) and action.outcome is None:
        if type(state).chance_outcomes is GameStateBase.chance_outcomes:
            # the engine's chance: fair six-sided dice, so the faces are drawn directly (listing the
            # outcomes first would cost more than the rest of the rollout)
            thrown = state.turn.dice_count - len(action.keep)
            return state.apply(Roll(keep=action.keep, outcome=rng.choices(_FACES, k=thrown)))
        outcomes = state.chance_outcomes(action.keep)
        (action,) = rng.choices([thrown for thrown, _ in outcomes], weights=[float(p) for _, p in outcomes])
    return state.apply(action)


@attrs.frozen
class ExpertPlayer:
    """The ``"expert"`` bot: the planner's choice, checked against a few others by rollouts (see the module docs).

    Build it with ``yamskit.bots.player(variant, "expert", decision_time=..., rollouts=...)``,
    which gives it the ``"hard"`` bot as planner and the cheapest sound rollout policy.

    Attributes:
        planner: the bot whose action comes first and is kept unless clearly beaten.
        proposers: other bots whose actions join the candidates, in order.
        rollout_policy: the bot that plays every seat during a rollout (a cheap one: a
            rollout plays the whole rest of the game).
        seed: the seed of the rollouts' dice; with ``rollouts`` set, the choices depend only
            on it and the state.
        decision_time: seconds a decision may take when ``rollouts`` is ``None``; it stops
            after the round that passes this time.
        rollouts: the number of rollouts of each decision (all candidates together, shared
            round by round), or ``None`` to stop by the clock.
        candidates: the most candidate actions compared (1: play as the planner).
        exact: the planner plays the variant exactly in a solitaire game (it is then played
            as the planner, without rollouts).
        duel: the bot that plays a two-player game instead of the search (the duel player,
            `yamskit.bots.duel.DuelPlayer`, on the one-column sheets the solver plays), or ``None``.
        versus: the bot that plays every game with opponents instead of the search (the
            duel-sheet player, `yamskit.bots.duel_sheet.DuelSheetPlayer`, on a sheet scored by
            column duels; the store strategy on a sheet with saved throws; the fitted values,
            `yamskit.bots.values_player.ValuesPlayer`, on a sheet of several columns that has them;
            the sheet view one turn deeper on another sheet won on points or of several columns; a
            family's own player,
            `yamskit.adapters.EdgeAdapter.versus`), or ``None``.
        alone: the bot that plays a solitaire game instead of the search (the store strategy,
            `yamskit.bots.store_player.StorePlayer`, on a sheet with saved throws; the fitted values
            on a sheet of several columns that has them; the sheet view one turn deeper,
            `yamskit.bots.ahead.AheadPlayer`, on another sheet won on points or of several columns;
            a family's
            exact player of its one-player game, `yamskit.adapters.EdgeAdapter.solitaire`, such
            as solo Yamslam's), or ``None``.

    Examples:
        >>> import yamskit
        >>> from yamskit.bots import GreedyPlayer, StrongPlayer
        >>> v = yamskit.variant("yam-master")
        >>> bot = ExpertPlayer(StrongPlayer(v), rollout_policy=GreedyPlayer(), rollouts=4, seed=2)
        >>> bot.choose(v.new_game(players=["A", "B"], seed=1))  # the only first move: throw
        Roll(keep=Dice.parse(''), outcome=None)
    """

    planner: Player
    proposers: tuple[Player, ...] = attrs.field(default=(), kw_only=True, converter=_players)
    rollout_policy: Player = attrs.field(kw_only=True)
    seed: int = attrs.field(default=0, kw_only=True)
    decision_time: float = attrs.field(default=1.0, kw_only=True, validator=_non_negative)
    rollouts: int | None = attrs.field(default=None, kw_only=True, validator=_positive_or_none)
    candidates: int = attrs.field(default=3, kw_only=True, validator=_at_least_one)
    exact: bool = attrs.field(default=False, kw_only=True)
    duel: Player | None = attrs.field(default=None, kw_only=True)
    versus: Player | None = attrs.field(default=None, kw_only=True)
    alone: Player | None = attrs.field(default=None, kw_only=True)

    def choose(self, state: GameState) -> Action:
        """The action it takes in ``state`` (always legal there).

        Examples:
            >>> import yamskit
            >>> from yamskit.bots import GreedyPlayer, StrongPlayer
            >>> v = yamskit.variant("competitive")
            >>> bot = ExpertPlayer(StrongPlayer(v), rollout_policy=GreedyPlayer(), rollouts=0)
            >>> bot.choose(v.new_game(players=["A", "B"], seed=2).apply(yamskit.Roll(outcome="66612")))
            Roll(keep=Dice.parse('666'), outcome=None)
        """
        return self.search(state).choice

    def _candidates(self, state: GameState) -> list[Action]:
        found: list[Action] = []
        for bot in (self.planner, *self.proposers):
            if len(found) >= self.candidates:
                break
            action = bot.choose(state)
            if action not in found and state.is_legal(action):
                found.append(action)
        return found

    def search(self, state: GameState) -> Search:
        """The decision in ``state``, with the candidates and every rollout value behind it.

        Raises:
            YamskitError: the game is over (no legal action).

        Examples:
            >>> import yamskit
            >>> from yamskit.bots import GreedyPlayer, StrongPlayer
            >>> v = yamskit.variant("yamslam")
            >>> greedy = GreedyPlayer()
            >>> bot = ExpertPlayer(StrongPlayer(v), proposers=[greedy], rollout_policy=greedy, rollouts=6)
            >>> g = v.new_game(players=["A", "B"], seed=3).apply(yamskit.Roll(outcome="66543"))
            >>> s = bot.search(g)
            >>> [str(c.action) for c in s.candidates], [c.rollouts for c in s.candidates]
            (['keep 3456 roll', 'take small_straight'], [3, 3])
        """
        if state.is_over:
            raise YamskitError("no legal action to choose from: the game is over")
        if self.alone is not None and len(state.players) == 1:
            return Search(self.alone.choose(state), ())
        if self.exact and len(state.players) == 1:
            return Search(self.planner.choose(state), ())
        if self.duel is not None and len(state.players) == 2:
            return Search(self.duel.choose(state), ())
        if self.versus is not None and len(state.players) > 1:
            return Search(self.versus.choose(state), ())
        actions = self._candidates(state)
        if len(actions) == 1:
            return Search(actions[0], (CandidateStats(actions[0]),))
        values: list[list[float]] = [[] for _ in actions]
        seat = state.current_player
        start = time.perf_counter()
        done = 0
        limit = MAX_ROLLOUTS if self.rollouts is None else self.rollouts
        while done < limit:
            index, round_ = done % len(actions), done // len(actions)
            if index == 0 and self.rollouts is None and done and time.perf_counter() - start >= self.decision_time:
                break
            rng = random.Random(f"expert/{self.seed}/{len(state.history)}/{round_}")
            values[index].append(self._rollout(state, actions[index], seat, rng))
            done += 1
        stats = tuple(CandidateStats(action, tuple(v)) for action, v in zip(actions, values, strict=True))
        return Search(_pick(stats), stats)

    def _rollout(self, state: GameState, action: Action, seat: int, rng: random.Random) -> float:
        after = _throw(state, action, rng)
        while not after.is_over:
            after = _throw(after, self.rollout_policy.choose(after), rng)
        return rollout_value(after, seat)


def _paired_gain(other: CandidateStats, base: CandidateStats) -> tuple[float, float] | None:
    """``other``'s mean gain over ``base`` in their paired rounds and its standard error.

    ``None`` with fewer than `MIN_ROUNDS` paired rounds.
    """
    diffs = [a - b for a, b in zip(other.values, base.values, strict=False)]
    if len(diffs) < MIN_ROUNDS:
        return None
    mean = sum(diffs) / len(diffs)
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))


def _pick(stats: Sequence[CandidateStats]) -> Action:
    """The planner's candidate (the first), unless another beats it clearly over their paired rounds.

    Clearly: over at least `MIN_ROUNDS` rounds, by more than `SWITCH_Z` standard errors of the
    paired difference.
    """
    base = stats[0]
    best, best_gain = base.action, 0.0
    for other in stats[1:]:
        paired = _paired_gain(other, base)
        if paired is None:
            continue
        mean, error = paired
        if mean > SWITCH_Z * error and mean > best_gain:
            best, best_gain = other.action, mean
    return best
