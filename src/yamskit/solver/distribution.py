"""The exact distribution of the final score when a solved strategy plays a game to its end.

`Strategy.distribution <yamskit.solver.strategy.Strategy.distribution>` returns a
`ScoreDistribution`: the chance of every final score when the optimal (expected-score)
player plays from a position, the points already on the sheet included.

It is worked out forwards, turn by turn, from the position. Between turns the game is a
probability over pairs (turn state, points written so far); the turn state is the one the
solver's tables index (filled rows, five-of-a-kind flag, upper total, with the dead upper
totals merged as the solver merges them). One turn of a block of states moves that
probability through the policy with numpy, never roll by roll in Python:

1. the box the player writes for each roll of each state (`_Turns.boxes`): every legal Score
   and Scratch, rated as the advice rates it (points now plus the value of the state after),
   the first best in the order of ``legal_actions()``;
2. the chance of each roll at each throw: the first throw's chances, then for each throw
   left either the box (when a box is within `TIE` of the best option: the bot writes
   rather than throws on a tie) or the best keep (the first best in the order of
   ``legal_actions()``), whose chance moves to the rolls the next throw makes (a matrix of
   chances keep -> roll);
3. the turn's outcome: for each state, the chance of each (next state, points written).

With served rules (Generala's, `yamskit.solver.model.Model.served`), the rolls of a turn's
first throw are written with the served model (its points, and a Score in a winning row ends
the game: those games leave the pass with their final score, the sheet's points and the upper
bonus of the total reached, as the solver's value counts them); a box that opens later takes a
Score only once the box it waits for holds points.

The points written so far shift along with the moves. This is the policy of
`Strategy.best_action <yamskit.solver.strategy.Strategy.best_action>` (and so of
`yamskit.bots.OptimalPlayer`), with one difference: the bot rates its options with the
points already written added, the forward pass without them. Adding them may round two
values that differ in their last bits to the same float (or two equal ones apart), and so
swap two options whose values tie to within rounding, which changes no expected score.

A strategy that plays for something else than the expected score (say the chance of
reaching a target) would give its own `_Turns` (its box and keep choices) to the same
forward pass (`_propagate`).

Examples:
    >>> import yamskit
    >>> from yamskit.categories import upper
    >>> from yamskit.solver import solve
    >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], dice=1, max_throws=2)
    >>> d = solve(sixes, quiet=True).distribution()  # one die, two throws: keep a six, else throw again
    >>> d.minimum, d.maximum, [round(p * 36) for p in d.probabilities]
    (0, 6, [25, 0, 0, 0, 0, 0, 11])
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import attrs
import numpy as np

from .._cache import LruCache
from ..errors import RuleConfigError
from .batch_sheets import _Games
from .expectimax import keep_values, turn_tables
from .model import Model
from .space import StateSpace
from .tables import BoolArray, FloatArray, IntArray, SolverTables

__all__ = ["TIE", "ScoreDistribution", "has_upper_bonus", "optimal_distribution"]

#: Options whose values are closer than this are a tie (the value `yamskit.solver.strategy.TIE` has).
TIE = 1e-9
#: About how many (roll, state, candidate keep) entries a block of states works on at once.
_BLOCK_ENTRIES = 1 << 22
#: About how many chances a step of the forward pass moves at once (some 100 MB of work arrays).
_PUSH_FLOATS = 1 << 21
#: The throw matrices already made, by dice count (five dice: 0.9 MB; eight: 31 MB).
_THROWS: LruCache[int, FloatArray] = LruCache(
    "solver: throw chances per dice count", size=4, key="a dice count (1 to 8)"
)


def _probabilities(values: Iterable[float]) -> tuple[float, ...]:
    return tuple(float(v) for v in values)


@attrs.frozen
class ScoreDistribution:
    """The chance of each final score: ``probabilities[i]`` is the chance of scoring ``minimum + i``.

    Attributes:
        minimum: the lowest score with a chance above 0.
        probabilities: the chance of each score from ``minimum`` to `maximum` (some may be 0).
        bonus_probability: the chance of ending the game with the upper bonus (its lowest tier or
            more, when it has tiers); ``None`` for a sheet without an upper bonus, or when not known.

    Examples:
        >>> d = ScoreDistribution(minimum=10, probabilities=(0.25, 0.0, 0.75))
        >>> d.maximum, d.mean, d.median, d.at_least(11), d.probability(12)
        (12, 11.5, 12, 0.75, 0.75)
        >>> round(d.std, 6)
        0.866025
        >>> ScoreDistribution(minimum=0, probabilities=(1.0,), bonus_probability=0.0).bonus_probability
        0.0
    """

    minimum: int
    probabilities: tuple[float, ...] = attrs.field(converter=_probabilities)
    bonus_probability: float | None = attrs.field(default=None, kw_only=True)

    @classmethod
    def of(
        cls, chances: Iterable[float], *, offset: int = 0, bonus_probability: float | None = None
    ) -> ScoreDistribution:
        """The distribution whose score ``offset + i`` has the ``i``-th chance, without the zeros at either end.

        Examples:
            >>> ScoreDistribution.of([0.0, 0.5, 0.5, 0.0], offset=3)
            ScoreDistribution(minimum=4, probabilities=(0.5, 0.5), bonus_probability=None)
        """
        array = np.asarray(list(chances), dtype=np.float64)
        nonzero = np.flatnonzero(array > 0)
        if not len(nonzero):
            raise ValueError("a score distribution needs a score with a chance above 0")
        lo, hi = int(nonzero[0]), int(nonzero[-1])
        return cls(offset + lo, tuple(array[lo : hi + 1].tolist()), bonus_probability=bonus_probability)

    @property
    def maximum(self) -> int:
        """The highest score with a chance above 0."""
        return self.minimum + len(self.probabilities) - 1

    @property
    def mean(self) -> float:
        """The expected final score."""
        p = np.asarray(self.probabilities)
        return float(np.dot(p, np.arange(len(p)))) + self.minimum * float(p.sum())

    @property
    def variance(self) -> float:
        """The variance of the final score."""
        p = np.asarray(self.probabilities)
        centred = np.arange(len(p)) + self.minimum - self.mean
        return float(np.dot(p, centred * centred))

    @property
    def std(self) -> float:
        """The standard deviation of the final score."""
        return math.sqrt(self.variance)

    @property
    def median(self) -> int:
        """The lowest score that half the games do not beat: `quantile` 0.5."""
        return self.quantile(0.5)

    def quantile(self, q: float) -> int:
        """The lowest score ``s`` with a chance of at least ``q`` of scoring ``s`` or less (to 1e-12).

        Examples:
            >>> d = ScoreDistribution(minimum=0, probabilities=(0.1, 0.2, 0.7))
            >>> d.quantile(0.1), d.quantile(0.3), d.quantile(0.31), d.quantile(1.0)
            (0, 1, 2, 2)
        """
        if not 0.0 <= q <= 1.0:
            raise ValueError(f"a quantile is between 0 and 1, not {q!r}")
        below = np.cumsum(self.probabilities)
        at = int(np.searchsorted(below, q - 1e-12, side="left"))
        return self.minimum + min(at, len(self.probabilities) - 1)

    def at_least(self, score: int) -> float:
        """The chance of a final score of ``score`` or more.

        Examples:
            >>> d = ScoreDistribution(minimum=0, probabilities=(0.1, 0.2, 0.7))
            >>> [round(d.at_least(s), 12) for s in (-5, 0, 1, 2, 3)]
            [1.0, 1.0, 0.9, 0.7, 0.0]
        """
        start = score - self.minimum
        if start >= len(self.probabilities):
            return 0.0
        # summed from the top score down, so that the chances never grow with the score
        tails = np.cumsum(self.probabilities[::-1])[::-1]
        return float(tails[max(0, start)])

    def probability(self, score: int) -> float:
        """The chance of a final score of exactly ``score``."""
        i = score - self.minimum
        return self.probabilities[i] if 0 <= i < len(self.probabilities) else 0.0


# ---------------------------------------------------------------------------- one turn of a block of states
def _throw_matrix(t: SolverTables) -> FloatArray:
    """The chance of each roll after keeping each keep and throwing the other dice, (rolls, keeps), read-only."""
    return _THROWS.get(t.count, lambda: _throw_chances(t))


def _throw_chances(t: SolverTables) -> FloatArray:
    chances = np.zeros((t.num_keeps, t.num_rolls))
    chances[t.roll_offset + np.arange(t.num_rolls), np.arange(t.num_rolls)] = 1.0
    for size in range(t.count - 1, -1, -1):
        block = t.size_slices[size]
        chances[block] = chances[t.children[block]].mean(axis=1)
    matrix = np.ascontiguousarray(chances.T)
    matrix.flags.writeable = False
    return matrix


def _state_key(model: Model, space: StateSpace, filled: IntArray, flag: IntArray, upper: IntArray) -> IntArray:
    """The turn states' flat indices in the solver's values, with its canonical upper totals (dead totals as 0)."""
    shape = np.shape(upper)
    filled, flag = np.broadcast_to(filled, shape), np.broadcast_to(flag, shape)
    canonical = space.canonical_upper(filled.reshape(-1), np.minimum(upper, model.cap).reshape(-1)).reshape(shape)
    key: IntArray = (filled * model.flags + flag) * (model.cap + 1) + canonical
    return key


@attrs.frozen(eq=False)
class _Placements:
    """Every Score and Scratch of some (sheet, roll) pairs as the game pays them: ``(n, rows, 2)``, Score first.

    Attributes:
        legal: where the option is legal (a Scratch only where the sheet allows one).
        paid: the points it writes, extra points (jokers, five-of-a-kind bonuses) included.
        filled: the filled rows after writing each row, ``(n, rows)``.
        flag: the five-of-a-kind flag after it.
        upper: the upper total after it, capped at the model's cap (not made canonical).
        ends: where the option ends the game at once (a Score with points in a winning row of the
            turn's first throw, `Model.win_rows`): the sheet is then the final score.
    """

    legal: BoolArray
    paid: IntArray
    filled: IntArray
    flag: IntArray
    upper: IntArray
    ends: BoolArray


def _placements(
    model: Model, filled: IntArray, flag: IntArray, upper: IntArray, roll: IntArray, *, turn_rules: bool = False
) -> _Placements:
    """Every way to write roll ``roll[i]`` on sheet ``i`` (filled rows, flag, upper total), as the game pays it.

    Shared by the forward pass (which picks the best option), the duel ratings (which rate
    every option by its chance to win) and target play, so all read a roll exactly as the game
    does. A sheet with served points, a served win or a box that opens later is refused
    (`RuleConfigError` naming the rule) unless ``turn_rules``: the caller then plays those rules,
    as the forward pass does. For a roll of the turn's first throw it passes the model of that
    throw (`Model.served`): its points are the served ones and its winning rows end the game
    (``ends``). A Score in a box that opens later is legal only once the box it waits for holds
    points (the flag); a Scratch always.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> from yamskit.solver.model import model_of
        >>> m = model_of(yamskit.ScorecardVariant.define("hi", rows=[upper(5), upper(6)], dice=2))
        >>> zero = np.zeros(1, dtype=np.int64)
        >>> p = _placements(m, zero, zero, zero, np.array([m.dice.roll_of((5, 6))]))
        >>> p.paid[0].tolist(), p.filled[0].tolist()  # fives 5 or crossed, sixes 6 or crossed
        ([[5, 0], [6, 0]], [1, 2])
    """
    n, rows = len(filled), model.num_rows
    g = _Games.start(model, n, turn_rules=turn_rules)
    g.filled, g.flag, g.upper = filled, flag, upper
    games = np.arange(n)
    points, extra = g.scores(games, roll, filled=filled)
    legal = g.legal_rows(games, roll, filled=filled)
    scorable = g.score_rows(legal, games, flag=flag)
    after = filled[:, None] | (1 << np.arange(rows))[None, :]
    moved = np.where(model.bonus_rows[None, :], np.minimum(upper[:, None] + points, model.cap), upper[:, None])
    kept = np.broadcast_to(upper[:, None], moved.shape)
    flag_now = np.broadcast_to(flag[:, None], moved.shape)
    scored_flag, crossed_flag = flag_now, flag_now
    if model.needs_flag:
        at_flag = (np.arange(rows) == model.flag_row)[None, :]
        scored_flag = np.where(at_flag, points > 0, flag_now).astype(np.int64)
        crossed_flag = np.where(at_flag, 0, flag_now)
    crossed_extra = np.zeros_like(extra) if model.number_bonus else extra  # a number-box bonus needs a Score
    return _Placements(
        legal=np.stack([scorable, legal & model.allow_scratch], axis=2),
        paid=np.stack([points + extra[:, None], np.broadcast_to(crossed_extra[:, None], points.shape)], axis=2),
        filled=after,
        flag=np.stack([scored_flag, crossed_flag], axis=2),
        upper=np.stack([moved, kept], axis=2),
        ends=np.stack([g.ends_game(points), np.zeros(points.shape, dtype=np.bool_)], axis=2),
    )


#: The key of a game that a served win ended (`_Boxes.key`), without and with the upper bonus earned.
_ENDED, _ENDED_WITH_BONUS = -1, -2


@attrs.frozen(eq=False)
class _Boxes:
    """The box each roll of each state is written in, (rolls, states): its value, points, and next state key.

    A box that ends the game (a served win) has the key `_ENDED` (or `_ENDED_WITH_BONUS`) and its
    points include the upper bonus of the total reached: they are the last points of the game.
    """

    value: FloatArray
    points: IntArray
    key: IntArray


@attrs.frozen(eq=False)
class _Turns:
    """The optimal player's choices in a turn (see the module's description)."""

    model: Model
    values: FloatArray
    space: StateSpace
    throw: FloatArray  # `_throw_matrix` of the model's dice

    def key(self, filled: IntArray, flag: IntArray, upper: IntArray) -> IntArray:
        """The states' keys, with the solver's canonical upper totals (the dead totals as 0)."""
        return _state_key(self.model, self.space, filled, flag, upper)

    def boxes(self, filled: IntArray, flag: IntArray, upper: IntArray, *, first: bool = False) -> _Boxes:
        """The box of each roll of each state: the best legal Score or Scratch, the first in legal order on a tie.

        ``first``: the rolls of the turn's first throw, written with the served model (`Model.served`, if any):
        served points, and a Score in a winning row worth its points and the bonus then, the game over
        (as `yamskit.solver.final` rates it).
        """
        m = self.model.served if first and self.model.served is not None else self.model
        rolls, states, rows = m.dice.num_rolls, len(filled), m.num_rows
        p = _placements(
            m,
            np.repeat(filled, rolls),
            np.repeat(flag, rolls),
            np.repeat(upper, rolls),
            np.tile(np.arange(rolls), states),
            turn_rules=True,
        )
        later = self.values[p.filled[:, :, None], p.flag, p.upper]
        if m.win_rows:  # a served win: the points and the bonus of the total reached, nothing more to come
            later = np.where(p.ends, m.bonus[p.upper].astype(np.float64), later)
        worth = np.where(p.legal, p.paid + later, -np.inf)
        flat = worth.reshape(rolls * states, 2 * rows)  # Score, Scratch of each row: the order of legal_actions
        choice = np.argmax(flat, axis=1)
        at = np.arange(rolls * states)
        row, crossed = choice // 2, choice % 2
        written = p.paid[at, row, crossed]
        key = self.key(p.filled[at, row], p.flag[at, row, crossed], p.upper[at, row, crossed])
        if m.win_rows:
            ends = p.ends[at, row, crossed]
            earned = m.bonus[p.upper[at, row, crossed]]
            written = np.where(ends, written + earned, written)
            key = np.where(ends, np.where(earned > 0, _ENDED_WITH_BONUS, _ENDED), key)
        shape = (states, rolls)
        return _Boxes(flat[at, choice].reshape(shape).T, written.reshape(shape).T, key.reshape(shape).T)

    def keeps(self, keep_layer: FloatArray) -> tuple[FloatArray, IntArray]:
        """The best keep of each roll and its value, (rolls, states), from the keeps' values (keeps, states).

        On a tie, the first keep in legal order (the roll's sub-multisets by keep index).
        """
        t = self.model.dice
        padded = np.concatenate([keep_layer, np.full((1, keep_layer.shape[1]), -np.inf)])
        candidates = padded[t.roll_keeps]  # (rolls, sub-keeps, states); -1 pads read the -inf row
        pick = np.argmax(candidates, axis=1)
        best = np.take_along_axis(candidates, pick[:, None, :], axis=1)[:, 0, :]
        keep = np.take_along_axis(np.broadcast_to(t.roll_keeps[:, :, None], candidates.shape), pick[:, None, :], axis=1)
        return best, keep[:, 0, :]

    def outcomes(
        self, filled: IntArray, flag: IntArray, upper: IntArray, first: FloatArray, left: int
    ) -> list[tuple[FloatArray, IntArray, IntArray]]:
        """A turn of states from rolls of chances ``first`` (rolls, states) with ``left`` throws left.

        Returns, for the rolls written on the turn's first throw (with served rules, when ``left``
        is that throw's) and for those written later, the chance that each roll is written there
        (rolls, states), the points it writes and the key of the state after: one such triple
        without served rules.
        """
        m = self.model
        t = m.dice
        plain = self.boxes(filled, flag, upper)
        opening = plain
        if m.served is not None and left == m.max_throws - 1:
            opening = self.boxes(filled, flag, upper, first=True)
        written = np.zeros_like(first)
        # without served rules one sum, in the order of the throws
        written_first = written if opening is plain else np.zeros_like(first)
        boxes, into = opening, written_first
        chance = first
        if left > 0:
            layers = turn_tables(m, self.values, filled, flag, upper)
            throw = self.throw
            column = np.arange(len(filled))[None, :]
            for throws_left in range(left, 0, -1):
                best, keep = self.keeps(keep_values(layers[throws_left - 1], dice=t))
                write = best - boxes.value <= TIE
                into += np.where(write, chance, 0.0)
                kept = np.bincount(
                    (keep * len(filled) + column)[~write],
                    weights=chance[~write],
                    minlength=t.num_keeps * len(filled),
                ).reshape(t.num_keeps, len(filled))
                chance = throw @ kept
                boxes, into = plain, written  # a rethrow is never served
        into += chance
        if opening is plain:
            return [(written, plain.points, plain.key)]
        return [(written_first, opening.points, opening.key), (written, plain.points, plain.key)]


def _transitions(
    written: FloatArray, points: IntArray, keys: IntArray
) -> tuple[IntArray, IntArray, IntArray, FloatArray] | None:
    """A turn's moves from `_Turns.outcomes`' ``(written, points, keys)`` (rolls, states), the rolls merged.

    Returns, one entry per (state, next state, points) some roll leads to, sorted by state:
    the state's column, the next state's key, the points written and the chance; ``None``
    when no roll is written.

    Examples:
        >>> import numpy as np
        >>> written = np.array([[0.5], [0.25], [0.25]])  # three rolls of one state
        >>> moves = _transitions(written, np.array([[3], [3], [0]]), np.array([[7], [7], [7]]))
        >>> [m.tolist() for m in moves]  # two of them write 3 points into state 7
        [[0, 0], [7, 7], [0, 3], [0.25, 0.75]]
    """
    some = written > 0
    if not some.any():
        return None
    state = np.broadcast_to(np.arange(written.shape[1])[None, :], written.shape)
    # one entry per (state, next state, points): merge the rolls that lead to the same, by one integer code
    after, key_id = np.unique(keys[some], return_inverse=True)
    points_some = points[some]
    span = int(points_some.max()) + 1
    code = (state[some] * len(after) + key_id.reshape(-1)) * span + points_some
    merged, inverse = np.unique(code, return_inverse=True)
    rest, paid = np.divmod(merged, span)
    local, next_id = np.divmod(rest, len(after))
    weight: FloatArray = np.bincount(inverse.reshape(-1), weights=written[some], minlength=len(merged)).astype(
        np.float64, copy=False
    )
    local_state: IntArray = local
    points_paid: IntArray = paid
    return local_state, after[next_id], points_paid, weight


# ---------------------------------------------------------------------------- the forward pass
@attrs.frozen(eq=False)
class _Layer:
    """The probability between two turns: each state's chances of the points written so far, from its lowest.

    State ``keys[s]`` has the chances ``chances[starts[s]:starts[s + 1]]`` of ``low[s]``, ``low[s] + 1``, ...
    points. A state's points lie in a window much narrower than the layer's range (in Yahtzee a
    tenth of it on average: its filled rows and upper total pin most of them), so each state keeps
    its own window, one after the other in ``chances``, rather than a row as wide as the layer's
    range. Speed note: with rows that wide, 95 to 98% of the numbers a turn moved in the middle
    of a Yahtzee game were zeros; moving the windows instead took the whole game's distribution
    from 172 s to 78 s on one core (the moves themselves from 101 s to 9 s), the same chances
    to 4e-15 of each.
    """

    keys: IntArray
    low: IntArray
    starts: IntArray
    chances: FloatArray

    @classmethod
    def single(cls, key: IntArray, points: int) -> _Layer:
        """The layer of one state (``key``, one entry) with ``points`` written for sure."""
        return cls(key, np.array([points]), np.array([0, 1]), np.ones(1))

    @property
    def spans(self) -> IntArray:
        """The width of each state's window."""
        spans: IntArray = np.diff(self.starts)
        return spans

    def rows(self, keep: BoolArray) -> _Layer:
        """The layer of the states where ``keep`` holds."""
        spans = self.spans[keep]
        starts = np.concatenate([np.zeros(1, dtype=np.int64), np.cumsum(spans)])
        return _Layer(self.keys[keep], self.low[keep], starts, self.chances[np.repeat(keep, self.spans)])

    def mass(self, keep: BoolArray) -> float:
        """The chance of being in a state where ``keep`` holds."""
        return float(self.chances[np.repeat(keep, self.spans)].sum())


def _decode(model: Model, keys: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    rest, upper = np.divmod(keys, model.cap + 1)
    filled, flag = np.divmod(rest, model.flags)
    return filled, flag, upper


def _step(turns: _Turns, layer: _Layer, first: FloatArray | None, left: int) -> tuple[_Layer, _Layer | None]:
    """Play one turn from every state of ``layer`` (``first``: the chances of the first roll, if not a fresh throw).

    Returns the layer after the turn and the games a served win ended in it (``None`` if none): a
    layer whose keys are `_ENDED` or `_ENDED_WITH_BONUS` and whose points are final.
    """
    m = turns.model
    t = m.dice
    filled, flag, upper = _decode(m, layer.keys)
    per_state = t.num_rolls * int(t.roll_keeps.shape[1])
    block = max(1, _BLOCK_ENTRIES // per_state)
    sources: list[IntArray] = []
    targets: list[IntArray] = []
    shifts: list[IntArray] = []
    weights: list[FloatArray] = []
    for start in range(0, len(filled), block):
        part = slice(start, start + block)
        count = len(filled[part])
        if first is None:
            chances = np.repeat(t.roll_probabilities[:, None], count, axis=1)
        else:
            chances = np.repeat(first[:, None], count, axis=1)
        for written, points, keys in turns.outcomes(filled[part], flag[part], upper[part], chances, left):
            moves = _transitions(written, points, keys)
            if moves is None:  # (with served rules: no roll of the block written on the first throw)
                continue
            local, after, paid, weight = moves
            sources.append(local + start)
            targets.append(after)
            shifts.append(paid)
            weights.append(weight)
    source, target, shift = (np.concatenate(a) for a in (sources, targets, shifts))
    weight = np.concatenate(weights)
    keys, target = np.unique(target, return_inverse=True)
    target = target.reshape(-1)
    played = _pushed(layer, keys, source, target, shift, weight)
    ended = keys < 0  # the games a served win ended (their keys sort first)
    if not ended.any():
        return played, None
    return played.rows(~ended), played.rows(ended)


def _pushed(
    layer: _Layer, keys: IntArray, source: IntArray, target: IntArray, shift: IntArray, weight: FloatArray
) -> _Layer:
    """The layer of the states ``keys`` that the moves source -> target (an index in ``keys``) lead to.

    Move ``i`` carries ``weight[i]`` times the window of state ``source[i]``, ``shift[i]`` points
    on, into state ``target[i]``. Each target's window runs from the lowest to the highest points
    its moves bring. The moves are taken in order of target, a bounded number of chances at once,
    each piece summed into the targets' windows it reaches (`numpy.bincount`).
    """
    spans = layer.spans
    order = np.argsort(target, kind="stable")
    source, target, shift, weight = source[order], target[order], shift[order], weight[order]
    lo = layer.low[source] + shift
    count = spans[source]
    low = np.full(len(keys), np.iinfo(np.int64).max, dtype=np.int64)
    high = np.full(len(keys), np.iinfo(np.int64).min, dtype=np.int64)
    np.minimum.at(low, target, lo)
    np.maximum.at(high, target, lo + count)
    starts = np.concatenate([np.zeros(1, dtype=np.int64), np.cumsum(high - low)])
    out = np.zeros(int(starts[-1]))
    dest = starts[target] + (lo - low[target])  # where each move's first chance lands in ``out``
    ends = np.cumsum(count)
    cuts = np.searchsorted(ends, np.arange(_PUSH_FLOATS, int(ends[-1]), _PUSH_FLOATS), side="right")
    for a, b in zip([0, *cuts.tolist()], [*cuts.tolist(), len(count)], strict=True):
        if a == b:
            continue
        c = count[a:b]
        before = ends[a:b] - c - (ends[a] - c[0])  # each move's first place in the piece
        total = int(before[-1] + c[-1])
        along = np.arange(total)
        read = np.repeat(layer.starts[source[a:b]] - before, c) + along
        land = np.repeat(dest[a:b] - before, c) + along
        lowest = int(starts[target[a]])  # the targets are in order: the piece lands in one stretch of ``out``
        moved = layer.chances[read] * np.repeat(weight[a:b], c)
        piece = np.bincount(land - lowest, weights=moved)
        out[lowest : lowest + len(piece)] += piece
    return _Layer(keys, low, starts, out)


def _propagate(turns: _Turns, layer: _Layer, first: FloatArray | None, left: int) -> ScoreDistribution:
    """Play every turn to the end of the game from ``layer`` and return the final score's distribution.

    ``first`` and ``left``: the chances of the first turn's current roll and its throws left
    (``None``: the first turn starts with a throw of all the dice).
    """
    m = turns.model
    full = (1 << m.num_rows) - 1
    filled, _, _ = _decode(m, layer.keys)
    ended: list[_Layer] = []  # the games a served win ended, turn by turn
    while len(layer.keys) and int(filled[0]) != full:
        layer, over = _step(turns, layer, first, left)
        if over is not None:
            ended.append(over)
        first, left = None, m.max_throws - 1
        filled, _, _ = _decode(m, layer.keys)
    _, _, upper = _decode(m, layer.keys)
    bonus = m.bonus[upper]
    # every final score: the games played to the end with their upper bonus, and those a served win
    # ended (their points already hold the bonus they earned)
    finals = [(layer, bonus), *((over, np.zeros(len(over.keys), dtype=np.int64)) for over in ended)]
    places = [
        np.repeat(part.low + extra - part.starts[:-1], part.spans) + np.arange(len(part.chances))
        for part, extra in finals
    ]
    lowest = min(int(at.min()) for at in places if len(at))
    width = max(int(at.max()) for at in places if len(at)) - lowest + 1
    final = np.zeros(width)
    for at, (part, _) in zip(places, finals, strict=True):
        final += np.bincount(at - lowest, weights=part.chances, minlength=width)
    earned = None
    if has_upper_bonus(m):
        # the final states' upper totals are the solver's canonical ones: a total that missed the bonus reads 0,
        # one that made it reads as the capped total, so the bonus's chance is the mass of the states it pays
        earned = layer.mass(bonus > 0)
        earned += sum(over.mass(over.keys == _ENDED_WITH_BONUS) for over in ended)
    return ScoreDistribution.of(final.tolist(), offset=lowest, bonus_probability=earned)


def has_upper_bonus(model: Model) -> bool:
    """Whether the solved sheet pays an upper bonus for some upper total.

    Examples:
        >>> import yamskit
        >>> from yamskit.solver.model import model_of
        >>> has_upper_bonus(model_of(yamskit.variant("yatzy"))), has_upper_bonus(model_of(yamskit.variant("yacht")))
        (True, False)
    """
    return bool(model.bonus.max() > 0)


def optimal_distribution(
    model: Model,
    values: FloatArray,
    *,
    filled: int = 0,
    flag: int = 0,
    upper: int = 0,
    so_far: int = 0,
    roll: int | None = None,
    throws_left: int | None = None,
) -> ScoreDistribution:
    """The final score's distribution when the optimal player plays on from a position.

    Args:
        model: the rules (`yamskit.solver.model.model_of`).
        values: the solved value of every turn state (`yamskit.solver.Strategy.values`).
        filled: the filled rows (bits), ``flag`` the five-of-a-kind flag, ``upper`` the upper total.
        so_far: the points already written (boxes and extra points).
        roll: inside a turn, the roll index of the dice showing (``model.dice.roll_of``); ``None``
            at the start of a turn.
        throws_left: inside a turn, the throws left after that roll.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver import solve
        >>> chance = yamskit.ScorecardVariant.define("chance", rows=[Category("chance", total)], max_throws=1)
        >>> s = solve(chance, quiet=True)
        >>> d = optimal_distribution(s.model, s.values)  # one throw of five dice, written in chance
        >>> d.minimum, d.maximum, round(d.mean, 6), round(d.probability(5) * 6**5, 6)
        (5, 30, 17.5, 1.0)
    """
    if (roll is None) != (throws_left is None):
        raise RuleConfigError("give both the roll and the throws left inside a turn, or neither")
    turns = _Turns(model, values, StateSpace.of(model), _throw_matrix(model.dice))
    key = turns.key(np.array([filled]), np.array([flag]), np.array([upper]))
    layer = _Layer.single(key, so_far)
    if filled == (1 << model.num_rows) - 1:
        return _propagate(turns, layer, None, 0)
    if roll is None:
        return _propagate(turns, layer, None, model.max_throws - 1)
    first = np.zeros(model.dice.num_rolls)
    first[roll] = 1.0
    assert throws_left is not None
    return _propagate(turns, layer, first, throws_left)
