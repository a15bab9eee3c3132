"""Playing a one-column duel to win: the chance to finish above the opponent, and the turn that raises it.

The solved strategy (`yamskit.solver.Strategy`) maximises a player's expected final score.
Across the table from one opponent, what counts is the chance to finish above them. This
module works that chance out exactly, for the endgame of a two-player game of a sheet the
solver plays:

* `beat_chance`: the chance that one final-score distribution ends above another (a tie
  counts half), for two players who both play the solved strategy from where they stand;
* `duel_ratings`: for the player to move, each legal action rated by the chance of
  winning when this turn is played to win and the turns after it by the solved strategy,
  against an opponent whose final score has a given distribution.

How a turn is played to win. The opponent plays the solved strategy whatever we do, so
their final score has a distribution that does not depend on our play
(`Strategy.distribution` of their sheet). Writing a box with ``P`` points on the sheet
after it and the sheet in state ``s'`` leads, under the solved strategy, to ``P`` plus the
points still to come from ``s'``, whose distribution ``R(s')`` the forward pass gives.
The end of the turn is worth the chance that ``P + R(s')`` beats the opponent; the rest of
the turn is the usual expectimax over the rerolls (the keeps' means, the best of each
roll's keeps), with that chance in place of the expected score. Choosing each turn this
way, with the solved strategy after it, is a policy improvement of the solved strategy for
the chance to win: it never does worse against this opponent than the solved strategy.

A distribution ``R(s')`` costs about 10 ms with three or four boxes open and grows fast
with more (a second or more with six open number boxes), so the duel player
(`yamskit.bots.duel`) plays to win in the last turns and by the solved strategy before.

Examples:
    >>> import yamskit
    >>> from yamskit.solver import ScoreDistribution
    >>> mine = ScoreDistribution(minimum=10, probabilities=(0.5, 0.5))  # 10 or 11
    >>> theirs = ScoreDistribution(minimum=10, probabilities=(1.0,))  # 10
    >>> beat_chance(mine, theirs)  # a tie half the time (counts half), a win the other half
    0.75
"""

from __future__ import annotations

import attrs
import numpy as np

from .._cache import Memo
from ..actions import Action, Roll, Score, Scratch
from ..errors import RuleConfigError
from ..scorecard.state import ScorecardGame
from .batch import stepped
from .distribution import ScoreDistribution, _placements, _state_key, _throw_matrix, _transitions, _Turns
from .expectimax import keep_values
from .space import StateSpace
from .strategy import Strategy
from .tables import FloatArray, IntArray, SolverTables

__all__ = ["DuelRating", "PointsToCome", "TurnChances", "beat_chance", "beat_table", "duel_ratings", "turn_chances"]


def beat_table(theirs: ScoreDistribution) -> tuple[int, FloatArray]:
    """The chance that each final score beats ``theirs`` (a tie half): ``(low, chances)``.

    ``chances[i]`` is the chance for a score of ``low + i``; below ``low`` it is 0, past the
    end 1.

    Examples:
        >>> from yamskit.solver import ScoreDistribution
        >>> low, chances = beat_table(ScoreDistribution(minimum=5, probabilities=(0.25, 0.75)))
        >>> low, chances.tolist()  # 4 never wins, 5 ties a quarter, 6 wins a quarter and ties the rest
        (4, [0.0, 0.125, 0.625, 1.0])
    """
    p = np.asarray(theirs.probabilities, dtype=np.float64)
    below = np.concatenate([[0.0], np.cumsum(p)])  # below[i]: chance they score under minimum + i
    chances = np.concatenate([[0.0], below[:-1] + p / 2, [1.0]])
    return theirs.minimum - 1, chances


def _beats(low: int, chances: FloatArray, scores: IntArray) -> FloatArray:
    result: FloatArray = chances[np.clip(scores - low, 0, len(chances) - 1)]
    return result


def beat_chance(mine: ScoreDistribution, theirs: ScoreDistribution) -> float:
    """The chance that a final score drawn from ``mine`` beats one drawn from ``theirs``, a tie counting half.

    Examples:
        >>> from yamskit.solver import ScoreDistribution
        >>> a = ScoreDistribution(minimum=0, probabilities=(0.5, 0.0, 0.5))
        >>> beat_chance(a, a), beat_chance(a, ScoreDistribution(minimum=1, probabilities=(1.0,)))
        (0.5, 0.5)
    """
    low, chances = beat_table(theirs)
    scores = mine.minimum + np.arange(len(mine.probabilities))
    return float(np.dot(np.asarray(mine.probabilities), _beats(low, chances, scores)))


@attrs.frozen
class DuelRating:
    """An action and its chance to win the duel (the turn played to win, the solved strategy after it).

    Examples:
        >>> import yamskit
        >>> DuelRating(yamskit.Roll(), 0.5)
        DuelRating(action=Roll(keep=Dice.parse(''), outcome=None), chance=0.5)
    """

    action: Action
    chance: float


#: A distribution of points as (the lowest number of points, the chance of each from there on).
_Points = tuple[int, FloatArray]


@attrs.define(eq=False)
class PointsToCome:
    """The distribution of the points still to come from turn states, under the solved strategy, kept.

    The forward pass (`yamskit.solver.distribution.optimal_distribution`) plays every turn
    from one state to the end. The duel asks for the points to come from many states, which
    share the states after them, so here they are worked out backwards and each state's turn
    is played once: from a state, the turn writes each roll's box with some chance, for some
    points, into some next state, and its distribution is those chances times the next states'
    distributions shifted by the points (a full sheet's is its upper bonus). The same choices as
    the forward pass (`_Turns.outcomes`), so the same distributions but for the order of the sums
    (to about 1e-15). Kept for later calls in a bounded `yamskit._cache.Memo`
    (``bots: duel distributions``), by the solver's state key.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> from yamskit.solver import solve
        >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], dice=2, max_throws=2)
        >>> to_come = PointsToCome(solve(sixes, quiet=True))
        >>> d = to_come.distribution(filled=0, flag=0, upper=0)
        >>> d.minimum, d.maximum, round(d.mean, 4)  # 0 to 12 points, as the solved strategy plays
        (0, 12, 3.6667)
    """

    strategy: Strategy
    _turns: _Turns = attrs.field(init=False, repr=False)
    _known: Memo[int, _Points] = attrs.field(
        factory=lambda: Memo("bots: duel distributions", size=65_536, key="a solver turn state"),
        init=False,
        repr=False,
    )

    def __attrs_post_init__(self) -> None:
        model = stepped(self.strategy.model)
        self._turns = _Turns(model, self.strategy.values, StateSpace.of(model), _throw_matrix(model.dice))

    def distribution(self, *, filled: int, flag: int, upper: int, so_far: int = 0) -> ScoreDistribution:
        """The final score from the start of a turn in a state, ``so_far`` points written.

        The state: filled rows as bits, the flag, the upper total. The result is ``so_far`` plus the
        points still to come: `optimal_distribution` from that state.
        """
        key = int(self._turns.key(np.array([filled]), np.array([flag]), np.array([upper]))[0])
        low, chances = self.of([key])[key]
        return ScoreDistribution.of(chances.tolist(), offset=so_far + low)

    def of(self, keys: list[int]) -> dict[int, _Points]:
        """The points to come from each state of ``keys`` (solver state keys, `_state_key`)."""
        found: dict[int, _Points] = {}
        self._work_out(keys, found)
        return {key: found[key] for key in keys}

    def _work_out(self, keys: list[int], found: dict[int, _Points]) -> None:
        """Put every state of ``keys`` in ``found``: from the memo, or from its turn and the states after it."""
        model = self._turns.model
        full = (1 << model.num_rows) - 1
        todo = []
        for key in dict.fromkeys(keys):
            if key in found:
                continue
            known = self._known.get(key)
            if known is not None:
                found[key] = known
                continue
            rest, upper = divmod(key, model.cap + 1)
            if rest // model.flags == full:  # the sheet is full: only its upper bonus is still to come
                found[key] = (int(model.bonus[upper]), np.ones(1))
            else:
                todo.append(key)
        if not todo:
            return
        states = np.array(todo)
        rests, uppers = np.divmod(states, model.cap + 1)
        filled, flags = np.divmod(rests, model.flags)
        rolls = model.dice.roll_probabilities
        first = np.repeat(rolls[:, None], len(todo), axis=1)
        ((written, points, after),) = self._turns.outcomes(filled, flags, uppers, first, model.max_throws - 1)
        moves = _transitions(written, points, after)
        assert moves is not None  # every roll of a turn is written somewhere
        local, nxt, paid, weight = moves
        self._work_out(np.unique(nxt).tolist(), found)  # the states after these turns, first
        bounds = np.searchsorted(local, np.arange(len(todo) + 1))  # the moves of each state, in order
        for i, key in enumerate(todo):
            at = slice(int(bounds[i]), int(bounds[i + 1]))
            columns = nxt[at].tolist(), paid[at].tolist(), weight[at].tolist()
            parts = [(p + found[n][0], w, found[n][1]) for n, p, w in zip(*columns, strict=True)]
            low = min(start for start, _, _ in parts)
            total = np.zeros(max(start + len(chances) for start, _, chances in parts) - low)
            for start, w, chances in parts:
                total[start - low : start - low + len(chances)] += w * chances
            found[key] = self._known.put(key, (low, total))


@attrs.define(eq=False)
class TurnChances:
    """One turn of a duel played to win: the chance of each way to end it, and of each keep.

    Built by `turn_chances` for the player to move and one opponent distribution; the
    same for every decision of that turn, so a player asks for it once a turn.

    Attributes:
        win: the chance to win after writing each box of each roll, ``(rolls, rows, 2)``
            (last axis: score, scratch), -1 where that is not a legal move.
        keeps: ``keeps[k - 1]`` is each keep's chance with ``k`` throws left after it
            (grown by `keep_chances` as far as a turn asks).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> from yamskit.solver import ScoreDistribution, solve
        >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], dice=2, max_throws=2)
        >>> strategy = solve(sixes, quiet=True)
        >>> game = sixes.new_game(seed=1).apply(yamskit.Roll(outcome="65"))
        >>> turn = turn_chances(strategy, game, ScoreDistribution(6, (1.0,)))
        >>> six = turn.dice.keep_of((6,))  # keep the six, throw the other die once more
        >>> turn.win.shape, round(float(turn.keep_chances(1)[six]), 4)
        ((21, 1, 2), 0.5833)
    """

    win: FloatArray
    dice: SolverTables
    keeps: list[FloatArray] = attrs.field(factory=list)

    def keep_chances(self, left: int) -> FloatArray:
        """Each keep's chance to win with ``left`` throws still to come (``left`` >= 1)."""
        if left < 1:
            raise RuleConfigError("a throw without throws left")  # the game never offers one
        write = self.win.reshape(self.dice.num_rolls, -1).max(axis=1)  # the best box of each roll
        while len(self.keeps) < left:
            layer = write
            if self.keeps:
                padded = np.concatenate([self.keeps[-1], [-np.inf]])
                layer = np.maximum(write, padded[self.dice.roll_keeps].max(axis=1))
            self.keeps.append(keep_values(layer[:, None], dice=self.dice)[:, 0])
        return self.keeps[left - 1]


def turn_chances(
    strategy: Strategy,
    state: ScorecardGame,
    theirs: ScoreDistribution,
    *,
    to_come: PointsToCome | None = None,
) -> TurnChances:
    """The chance tables of the turn of the player to move, played to win against ``theirs``.

    See `duel_ratings`, which reads them (and `TurnChances` for an example); ``to_come`` as there.
    """
    model = stepped(strategy.model)
    p = strategy.position(state)
    space = StateSpace.of(model)
    rolls = model.dice.num_rolls
    sheet = np.full(rolls, p.filled), np.full(rolls, p.flag), np.full(rolls, p.upper)
    options = _placements(model, *sheet, np.arange(rolls))
    state_keys = _state_key(model, space, options.filled[:, :, None], options.flag, options.upper)
    low, chances = beat_table(theirs)
    # the chance of each option: P + R(s') against theirs, one distribution R(s') per state after
    win = np.zeros(state_keys.shape)
    keys, where = np.unique(state_keys, return_inverse=True)
    where = where.reshape(state_keys.shape)
    found = (to_come if to_come is not None else PointsToCome(strategy)).of(keys.tolist())
    for i, key in enumerate(keys.tolist()):
        minimum, probabilities = found[key]
        at = where == i
        scores = p.so_far + options.paid[at][:, None] + minimum + np.arange(len(probabilities))
        win[at] = _beats(low, chances, scores) @ probabilities
    return TurnChances(np.where(options.legal, win, -1.0), model.dice)


def duel_ratings(
    strategy: Strategy,
    state: ScorecardGame,
    theirs: ScoreDistribution,
    *,
    to_come: PointsToCome | None = None,
    turn: TurnChances | None = None,
) -> tuple[DuelRating, ...]:
    """Each legal action of the player to move, rated by its chance to beat a final score drawn from ``theirs``.

    The rest of this turn is played to win and the turns after it by ``strategy`` (see the
    module's description); ``theirs`` is the opponent's final score (their
    `Strategy.distribution <yamskit.solver.Strategy.distribution>`). The actions keep the order
    of ``state.legal_actions()``. Its cost grows fast with the boxes still open: meant for the
    last few turns. ``to_come``: the distributions of the points to come from the states after
    the turn, kept between calls with the same strategy (a new one when not given).
    ``turn``: this turn's tables from `turn_chances` for this state's sheet and ``theirs``
    (the same for each decision of a turn), worked out here when not given.

    Raises:
        RuleConfigError: the sheet has rules the solver's stepped games do not play (served
            points or wins, a box that opens later).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> from yamskit.solver import ScoreDistribution, solve
        >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], dice=2, max_throws=2)
        >>> strategy = solve(sixes, quiet=True)
        >>> game = sixes.new_game(seed=1).apply(yamskit.Roll(outcome="65"))  # a six, one throw left
        >>> for r in duel_ratings(strategy, game, ScoreDistribution(6, (1.0,))):  # they finish on 6
        ...     print(r.action, round(r.chance, 4))
        roll 0.1667
        keep 5 roll 0.0833
        keep 6 roll 0.5833
        keep 56 roll 0.5
        score sixes 0.5
        scratch sixes 0.0
    """
    model = stepped(strategy.model)  # the rules first
    if not state.turn.has_thrown or state.is_over:
        return tuple(DuelRating(action, 0.0) for action in state.legal_actions())
    if turn is None:
        turn = turn_chances(strategy, state, theirs, to_come=to_come)
    dice = turn.dice
    roll = dice.roll_of(state.dice.faces)
    rows = model.rows
    rated = []
    for action in state.legal_actions():
        if isinstance(action, Roll):
            keeps = turn.keep_chances(state.turn.throws_left)
            rated.append(DuelRating(action, float(keeps[dice.keep_of(action.keep.faces)])))
        elif isinstance(action, (Score, Scratch)):
            chance = turn.win[roll, rows.index(action.row), int(isinstance(action, Scratch))]
            rated.append(DuelRating(action, float(chance)))
    return tuple(rated)
