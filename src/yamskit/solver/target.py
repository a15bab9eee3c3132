"""Playing a one-column sheet to reach a target: the strategy that maximises P(final score >= t).

The solved strategy (`yamskit.solver.solve`) maximises the expected final score. A player
who needs a given score (to beat a record, to pass a qualifying mark, to finish above a
known total) wants the highest *chance* of reaching it instead. `solve_target` works that
strategy out exactly for a one-column sheet the solver models.

What it computes. Between turns a sheet is a turn state (filled rows, five-of-a-kind flag,
upper total capped where the bonus stops caring) as for the expected score, and the player
still *needs* some points ``n`` from the turns to come (the target less what the sheet
already holds). ``chances[state, n]`` is the best chance of making at least ``n`` more points,
the upper bonus at the end included. A full sheet makes ``n`` exactly when its bonus is at
least ``n``. A turn is the usual expectimax with a vector of needs in place of one number:

1. writing roll ``r`` in a box that pays ``p`` (extra points included) and leads to state
   ``s'`` is worth ``chances[s', max(0, n - p)]``; each roll takes the best box for each need;
2. each keep is worth the mean over the throw of the other dice, each roll the best of writing
   and its keeps, throw by throw back to the turn's first throw.

Generala's rules that depend on the turn are played as the game plays them: a roll written on
the turn's first throw pays its served points (`yamskit.solver.model.Model.served`); a Score
with points in a winning row then ends the game, so it makes ``n`` exactly when its points and
the upper bonus of the total it reaches are ``n`` or more; a box that opens later takes only a
cross until the box it waits for holds points.

The states are the solver's (`yamskit.solver.space.StateSpace`: reachable upper totals only,
and one total, 0, worked out for all those that can no longer earn a bonus, then copied),
taken by number of filled rows, the fullest first, a block of states and all their needs at
once. The writing chances are gathered once for each distinct (next state, points) pair of
the block; the keeps then go up and down the keep lattice with the expected-score solver's
own steps (`yamskit.solver.expectimax`), a column per (state, need). The table has
``2**rows * flags * (cap + 1) * (target + 1)`` chances (`table_size`); `solve_target`
refuses a sheet whose table would pass ``max_bytes`` (by default `MAX_TARGET_BYTES`, 1 GiB),
naming the size: Yacht's for 200 points is 6.6 MB, Yahtzee's for 300 points 2.5 GB
(docs/explanation/targets.md gives the times).

Examples:
    >>> import yamskit
    >>> from yamskit.categories import upper
    >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], dice=2, max_throws=2)
    >>> plan = solve_target(sixes, 12)  # both dice must end on six
    >>> round(plan.at_least(), 6), round((11 / 36) ** 2, 6)  # a six on each die within two throws
    (0.093364, 0.093364)
"""

from __future__ import annotations

import math

import attrs
import numpy as np

from ..actions import Action, Roll, Score, Scratch
from ..errors import RuleConfigError, RulesMismatchError, brief
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from .distribution import TIE, _placements
from .expectimax import _best_of_sub_keeps, _mean_over_throw, _to_work, keep_values
from .model import Model, model_of, sheet_of
from .space import StateSpace
from .tables import FloatArray, IntArray, SolverTables

__all__ = ["MAX_TARGET_BYTES", "TargetStrategy", "solve_target", "table_size"]

#: The largest table of chances `solve_target` builds by default (1 GiB of float64).
MAX_TARGET_BYTES = 1 << 30
#: About how many (state, need) columns a block of states works on at once: for five dice the
#: keeps of a block, 462 rows of them, take some 7 MB.
_BLOCK_COLUMNS = 2048


#: One sheet as the stepped games read it: filled rows, flag, upper total (arrays of one).
_Sheet = tuple[IntArray, IntArray, IntArray]


def table_size(model: Model, target: int) -> int:
    """How many chances the target table of ``model`` holds: filled sets x flags x upper totals x needs.

    Examples:
        >>> import yamskit
        >>> table_size(model_of(yamskit.variant("yacht")), 300)  # 12 rows, no bonus: 4,096 states
        1232896
    """
    return (1 << model.num_rows) * model.flags * (model.cap + 1) * (target + 1)


def _key(model: Model, filled: IntArray, flag: IntArray, upper: IntArray) -> IntArray:
    key: IntArray = (filled * model.flags + flag) * (model.cap + 1) + upper
    return key


def _write(
    model: Model, chances: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray, *, first: bool = False
) -> FloatArray:
    """The best chance of writing each roll of each state, for every need: (rolls, states, needs).

    Many boxes of many rolls lead to the same state with the same points (every box a roll
    misses pays 0), so the chances are gathered once for each distinct (next state, points)
    pair and each roll takes the best of its own pairs. ``first``: the rolls of the turn's
    first throw, written with the served model (`Model.served`) where the sheet has one: its
    served points, and a Score in a winning row that ends the game, its points and the upper
    bonus of the total it reaches then being the last (the need is made or it is not).
    """
    m = model.served if first and model.served is not None else model
    rolls, states = model.dice.num_rolls, len(filled)
    sheets = np.repeat(filled, rolls), np.repeat(flag, rolls), np.repeat(upper, rolls)
    p = _placements(m, *sheets, np.tile(np.arange(rolls), states), turn_rules=True)
    key = _key(model, np.broadcast_to(p.filled[:, :, None], p.upper.shape), p.flag, p.upper)
    paid = p.paid
    ended = len(chances)  # the key of a game a served win ended: past every state's
    if p.ends.any():
        key = np.where(p.ends, ended, key)
        paid = np.where(p.ends, p.paid + model.bonus[p.upper], p.paid)
    needs = chances.shape[1]
    legal = p.legal.reshape(rolls * states, -1)
    # points past the whole target leave nothing to make, as the target itself does
    pair = (key * needs + np.minimum(paid, needs - 1)).reshape(rolls * states, -1)[legal]
    pairs, which = np.unique(pair, return_inverse=True)
    at, got = np.divmod(pairs, needs)
    short = np.arange(needs)[None, :] - got[:, None]  # what each need still asks after these points
    over = at == ended
    worth = chances[np.where(over, 0, at)[:, None], np.maximum(short, 0)]
    worth[over] = short[over] <= 0  # an ended game makes a need with the points it has, or never
    # each roll's options, the legal ones first, as rows of `worth`; a missing one reads a row of 0
    counts = legal.sum(axis=1)
    slot = np.full((len(legal), int(counts.max())), len(pairs))
    slot[np.nonzero(legal)[0], (np.cumsum(legal, axis=1) - 1)[legal]] = which.ravel()
    worth = np.concatenate([worth, np.zeros((1, needs))])
    best = worth[slot[:, 0]]
    for column in range(1, slot.shape[1]):
        np.maximum(best, worth.take(slot[:, column], axis=0), out=best)
    result: FloatArray = best.reshape(states, rolls, needs).transpose(1, 0, 2)
    return result


def _throw_before(t: SolverTables, work: FloatArray, spare: FloatArray) -> None:
    """In place: from each roll's chance (the keeps of all the dice in ``work``), each roll's chance with a throw more.

    The expected-score solver's own steps over the keep lattice: each keep the mean of the
    keeps with one die more, then each keep (a roll, keeping all its dice, among them) the best
    of its sub-multisets. With `_write`'s gathering once per (next state, points) and the
    solver's reachable states, they took Yacht's table for 200 points from 64 s of CPU to 8 s
    (each roll's keep had been chosen among all its sub-multisets, each box gathered roll by roll).
    """
    _mean_over_throw(t, work, spare)
    _best_of_sub_keeps(t, work, spare)


def _work(t: SolverTables, write: FloatArray) -> tuple[FloatArray, FloatArray]:
    """The writing chances (rolls, columns) as the keeps of all the dice, in working order, and scratch space."""
    work, spare = np.empty((t.num_keeps, write.shape[1])), np.empty((t.spare_rows, write.shape[1]))
    _to_work(t, write, work)
    return work, spare


def _turn(model: Model, write: FloatArray, throws: int) -> list[FloatArray]:
    """Each roll's best chance with 0 .. ``throws`` throws left, from the writing chances (rolls, columns)."""
    t = model.dice
    work, spare = _work(t, write)
    layers = [write]
    for _ in range(throws):
        _throw_before(t, work, spare)
        layers.append(work[t.size_slices[t.count]][t.work_roll_position])
    return layers


def _first_throw(model: Model, write: FloatArray, served: FloatArray | None = None) -> FloatArray:
    """The chance at the start of a turn, before its first throw, from the writing chances (rolls, columns).

    ``served``: the writing chances of the turn's first throw where they differ (served rules,
    `_write` with ``first``); a roll of that throw is worth the better of them and of what its
    keeps make, keeping every die (a throw of none, after which nothing is served) among them,
    as in the expected-score solver (`yamskit.solver.expectimax`).
    """
    t = model.dice
    work, spare = _work(t, write)
    rolls = work[t.size_slices[t.count]]  # each roll's own entry (a view), in working order
    if served is not None and model.max_throws == 1:  # the only throw is the first: no throw of none to fall back on
        served.take(t.work_rolls, axis=0, out=rolls, mode="clip")
    for left in range(1, model.max_throws):
        _mean_over_throw(t, work, spare)
        if served is not None and left == model.max_throws - 1:
            np.maximum(rolls, served.take(t.work_rolls, axis=0), out=rolls)
        _best_of_sub_keeps(t, work, spare)
    _mean_over_throw(t, work, spare)  # the turn's first throw: the empty keep
    start: FloatArray = work[t.size_slices[0].start]
    return start


def _solve(model: Model, target: int) -> FloatArray:
    needs = target + 1
    space = StateSpace.of(model)
    chances = np.zeros((math.prod(space.shape), needs))
    flags, uppers = model.flags, model.cap + 1
    flag_of = np.repeat(np.arange(flags), uppers)
    upper_of = np.tile(np.arange(uppers), flags)
    full = (1 << model.num_rows) - 1
    bonus = model.bonus[upper_of]
    chances[_key(model, np.full(len(flag_of), full), flag_of, upper_of)] = (
        bonus[:, None] >= np.arange(needs)[None, :]
    ).astype(np.float64)
    block = max(1, _BLOCK_COLUMNS // needs)
    by_state = chances.reshape(*space.shape, needs)
    for count in range(model.num_rows - 1, -1, -1):  # the fullest sheets first
        filled, flag, upper = space.layer(count)
        for lo in range(0, len(filled), block):
            f, y, u = filled[lo : lo + block], flag[lo : lo + block], upper[lo : lo + block]
            write = _write(model, chances, f, y, u)
            rolls, states = write.shape[0], write.shape[1]
            served = None if model.served is None else _write(model, chances, f, y, u, first=True)
            start = _first_throw(
                model,
                write.reshape(rolls, states * needs),
                None if served is None else served.reshape(rolls, states * needs),
            )
            chances[_key(model, f, y, u)] = start.reshape(states, needs)
        space.copy_dead(by_state, count)  # an upper total that can no longer earn a bonus plays as 0
    return chances


@attrs.frozen(eq=False)
class TargetStrategy:
    """The exact strategy that maximises the chance of a final score of at least `target` (see the module).

    Attributes:
        variant: the sheet it plays.
        model: the solver's model of it.
        target: the final score it aims at.
        chances: ``chances[key, n]``, the best chance of making at least ``n`` more points from the
            start of a turn in state ``key = (filled * flags + flag) * (cap + 1) + upper``.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total
        >>> chance = yamskit.ScorecardVariant.define("chance", rows=[Category("chance", total)], dice=1)
        >>> plan = solve_target(chance, 5)  # one die, three throws: a 5 or 6 within them
        >>> round(plan.at_least(), 6), round(1 - (4 / 6) ** 3, 6)
        (0.703704, 0.703704)
    """

    variant: ScorecardVariant
    model: Model
    target: int
    chances: FloatArray = attrs.field(repr=False)

    def _position(self, state: ScorecardGame) -> tuple[int, int, int, int]:
        """(filled, flag, capped upper total, points so far) of the player to move; checks the rules."""
        if not isinstance(state, ScorecardGame):
            raise RuleConfigError(f"a target strategy plays scorecard games, not {type(state).__name__}")
        if model_of(state.variant).fingerprint != self.model.fingerprint:
            raise RulesMismatchError(
                f"this target strategy was solved for other rules than {brief(state.variant.name)} "
                f"{state.variant.options}"
            )
        return sheet_of(self.model, state)

    def _need(self, so_far: int) -> int:
        return min(max(0, self.target - so_far), self.target)

    def at_least(self, state: ScorecardGame | None = None) -> float:
        """The chance that the player to move ends with `target` or more, playing this strategy from ``state``.

        ``None`` is the start of a game; a finished game gives 1.0 or 0.0.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import upper
            >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], dice=1, max_throws=2)
            >>> plan = solve_target(sixes, 6)
            >>> game = sixes.new_game(seed=1).apply(yamskit.Roll(outcome="3"))
            >>> round(plan.at_least(), 6), round(plan.at_least(game), 6)  # 11/36; a 3 showing: one throw left
            (0.305556, 0.166667)
        """
        if state is None:
            return float(self.chances[0, self.target])
        filled, flag, upper, so_far = self._position(state)
        if state.is_over:
            return 1.0 if state.result().scores[state.current_player] >= self.target else 0.0
        need = self._need(so_far)
        if not state.turn.has_thrown:
            return float(self.chances[_key(self.model, np.array(filled), np.array(flag), np.array(upper)), need])
        ratings = self.advise(state)
        return max(chance for _, chance in ratings)

    def advise(self, state: ScorecardGame) -> tuple[tuple[Action, float], ...]:
        """Each legal action of the player to move with its chance of reaching `target`, in legal order.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import Category, total, upper
            >>> v = yamskit.ScorecardVariant.define("v", rows=[upper(6), Category("chance", total)], dice=1)
            >>> plan = solve_target(v, 12)  # a six in each box
            >>> game = v.new_game(seed=1).apply(yamskit.Roll(outcome="6"))
            >>> for action, chance in plan.advise(game):  # a six written or kept: a six still to make in 3 throws
            ...     print(action, round(chance, 6))
            roll 0.128729
            keep 6 roll 0.421296
            score sixes 0.421296
            scratch sixes 0.0
            score chance 0.421296
            scratch chance 0.0
        """
        filled, flag, upper, so_far = self._position(state)
        if state.is_over:
            return ()
        m = self.model
        need = self._need(so_far)
        if not state.turn.has_thrown:
            at = self.chances[_key(m, np.array(filled), np.array(flag), np.array(upper)), need]
            return tuple((action, float(at)) for action in state.legal_actions())
        one = np.array([filled]), np.array([flag]), np.array([upper])
        write = _write(m, self.chances, *one)[:, 0, need]  # (rolls,): the best box of each roll
        left = state.turn.throws_left
        layers = _turn(m, write[:, None], left)
        roll = m.dice.roll_of(state.dice.faces)
        keeps = keep_values(layers[left - 1], dice=m.dice)[:, 0] if left > 0 else None
        rows = m.rows
        rated: list[tuple[Action, float]] = []
        boxes = _box_chances(m, self.chances, one, roll, need, first=left == m.max_throws - 1)
        for action in state.legal_actions():
            if isinstance(action, Roll):
                if keeps is None:
                    raise RuleConfigError("a throw without throws left")  # the game never offers one
                rated.append((action, float(keeps[m.dice.keep_of(action.keep.faces)])))
            elif isinstance(action, (Score, Scratch)):
                rated.append((action, float(boxes[rows.index(action.row), int(isinstance(action, Scratch))])))
        return tuple(rated)

    def best_action(self, state: ScorecardGame) -> Action:
        """The legal action with the best chance of reaching `target`: on a tie, a box before a throw, then legal order.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import Category, total, upper
            >>> v = yamskit.ScorecardVariant.define("v", rows=[upper(6), Category("chance", total)], dice=1)
            >>> game = v.new_game(seed=1).apply(yamskit.Roll(outcome="6"))
            >>> solve_target(v, 12).best_action(game)  # a six: written in sixes, where only a six counts
            Score(row='sixes', column=None)
        """
        rated = self.advise(state)
        if not rated:
            raise RuleConfigError("the game is over: no action to choose")
        best = max(chance for _, chance in rated)
        tied = [action for action, chance in rated if chance >= best - TIE]
        # on a tie a box is written rather than the dice thrown again, as the solved strategy does
        return next((action for action in tied if not isinstance(action, Roll)), tied[0])


def _box_chances(
    model: Model, chances: FloatArray, one: _Sheet, roll: int, need: int, *, first: bool = False
) -> FloatArray:
    """The chance of each Score and Scratch of ``roll`` in one state, (rows, 2); -1 where not legal.

    ``first``: ``roll`` is the turn's first throw, written as `_write` writes it then.
    """
    m = model.served if first and model.served is not None else model
    p = _placements(m, *one, np.array([roll]), turn_rules=True)
    key = _key(model, np.broadcast_to(p.filled[:, :, None], p.upper.shape), p.flag, p.upper)[0]
    left = np.clip(need - p.paid[0], 0, chances.shape[1] - 1)
    worth = chances[np.where(p.ends[0], 0, key), left]
    made = p.paid[0] + model.bonus[p.upper[0]] >= need  # a served win: the game ends with these points
    result: FloatArray = np.where(p.legal[0], np.where(p.ends[0], made.astype(np.float64), worth), -1.0)
    return result


def solve_target(variant: ScorecardVariant, target: int, *, max_bytes: int = MAX_TARGET_BYTES) -> TargetStrategy:
    """The strategy that maximises the chance of ending a solitaire game of ``variant`` with ``target`` or more.

    Raises:
        RuleConfigError: ``target`` is not a whole number from 0; the solver does not model the
            sheet (the message names the rule); or the table would pass ``max_bytes`` (the
            message gives its size).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], dice=3, max_throws=3)
        >>> q = 1 - (5 / 6) ** 3  # a die shows a six within three throws (sixes kept)
        >>> [round(solve_target(sixes, t).at_least(), 6) for t in (6, 12, 18)]  # one, two, three sixes
        [0.806193, 0.382919, 0.074776]
        >>> [round(x, 6) for x in (1 - (1 - q) ** 3, 3 * q * q * (1 - q) + q**3, q**3)]
        [0.806193, 0.382919, 0.074776]
    """
    if isinstance(target, bool) or not isinstance(target, int) or target < 0:
        raise RuleConfigError(f"a target is a whole number of points from 0, not {target!r}")
    model = model_of(variant)
    size = table_size(model, target) * 8
    if size > max_bytes:
        raise RuleConfigError(
            f"the target table of {variant.name} for {target} points would take {size / 2**30:.1f} GiB "
            f"({1 << model.num_rows} filled sets x {model.flags} flags x {model.cap + 1} upper totals x "
            f"{target + 1} needs), more than max_bytes={max_bytes}"
        )
    return TargetStrategy(variant, model, target, _solve(model, target))
