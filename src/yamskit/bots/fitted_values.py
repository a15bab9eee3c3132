"""Values of a one-column sheet fitted layer by layer, for sheets too big to solve in the time budget.

The exact solver computes the value of every state of a sheet (which boxes are
filled, the upper total, the five-of-a-kind flag), from the full sheet back to the
empty one, one *layer* (number of filled boxes) at a time. `fit_values` follows the
same backward order but solves only a sample of each large layer (`SAMPLES` states
drawn with the seed): each sampled state gets its exact one-turn value *given the
fitted values of the next layer* (the solver's own turn expectimax), and a linear
model of the state's features, fitted to those values by least squares, gives the
value of every other state of the layer. Layers no larger than the sample are solved
whole. This is *fitted value iteration*; it needs no strategy table and no value
computed for another sheet, so it works the same on a user's own sheet.

The features (`feature_names`) are built from the sheet alone:

* which boxes are open, and which pairs of boxes are open together;
* the value of each *part* of the sheet played alone (`yamskit.bots.split`: the
  bonus rows with the bonus, the other rows in groups), and their products;
* for the bonus part, its value with fewer throws per turn too (1, 2, ... up to the
  sheet's throws less one), each alone and times each open box: with these the fit
  can tell how the chase of the bonus depends on the boxes and turns left;
* the five-of-a-kind flag, for sheets that have one.

The bot does not play the fitted values directly: `FittedStrategy` values the states
after the current turn by one more turn of exact expectimax over the fitted values
(the states two turns ahead), which removes one fitting error from every decision.
On classic Yams and on a user-defined Scandinavian Yatzy this plays within a point of
the optimum (docs/explanation/bots.md).

Examples:
    >>> import yamskit
    >>> from yamskit.categories import Category, total, upper
    >>> from yamskit.scorecard import UpperBonus
    >>> from yamskit.solver import solve
    >>> rows = [upper(4), upper(5), upper(6), Category("chance", total)]
    >>> bonus = UpperBonus.single(40, 20, rows=("fours", "fives", "sixes"))
    >>> sheet = yamskit.ScorecardVariant.define("mini", rows=rows, bonus=bonus)
    >>> values = fit_values(sheet, samples=30)  # layers of more than 30 states are fitted
    >>> round(float(values[0, 0, 0]), 2), round(solve(sheet, quiet=True).expected_score(), 2)
    (75.11, 75.11)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from itertools import combinations

import attrs
import numpy as np

from .._cache import LruCache, Memo
from .._fast import IdentityCache
from ..actions import Action
from ..errors import RuleConfigError, brief
from ..game import Variant
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from ..solver import Strategy
from ..solver.expectimax import CHUNK, _blocks, solve_values, turn_start_values
from ..solver.model import Model, model_of
from ..solver.space import StateSpace
from ..solver.tables import FloatArray, IntArray
from .split import part_variant, split_parts

__all__ = ["FIT_MAX_ROWS", "SAMPLES", "FittedStrategy", "feature_names", "fit_values", "fitted_strategy"]


#: States solved in each layer larger than this (the others of the layer are fitted).
SAMPLES = 20_000
#: The most rows a sheet may have for the bots to fit its values. The solver goes to 20, but
#: the fit of a 20-row sheet (Maxi Yatzy without its store) took 40 s and 1.6 GB when the bot
#: first moved; the split evaluation plays longer sheets at once.
FIT_MAX_ROWS = 16


@attrs.frozen(eq=False)
class _Basis:
    """What the features of a sheet's states are made of.

    ``parts`` are the sheet's parts (row indexes, solved values); ``bonus`` the index
    of the part holding the bonus rows (-1 if the sheet has no bonus) and
    ``bonus_values`` that part solved with fewer throws per turn.
    """

    model: Model
    parts: tuple[tuple[tuple[int, ...], FloatArray, int], ...]
    bonus: int
    bonus_values: tuple[FloatArray, ...]

    @classmethod
    def of(cls, variant: ScorecardVariant, model: Model) -> _Basis:
        parts = tuple((group, values, part_model.cap) for group, part_model, values in split_parts(variant))
        bonus = next((n for n, (_, _, cap) in enumerate(parts) if cap), -1)
        fewer: list[FloatArray] = []
        if bonus >= 0:
            for throws in range(1, model.max_throws):
                sub = part_variant(variant, parts[bonus][0], n=bonus, bonus=True, max_throws=throws)
                fewer.append(solve_values(model_of(sub), processes=1, quiet=True))
        return cls(model, parts, bonus, tuple(fewer))

    @property
    def bonus_count(self) -> int:
        """How many bonus-part columns the design has (the part with all throws, then fewer)."""
        return 0 if self.bonus < 0 else 1 + len(self.bonus_values)

    def part_value(self, n: int, values: FloatArray, filled: IntArray, upper: IntArray) -> FloatArray:
        group, _, cap = self.parts[n]
        bits = np.zeros_like(filled)
        for j, row in enumerate(group):
            bits |= ((filled >> row) & 1) << j
        return np.asarray(values[bits, 0, np.minimum(upper, cap) if cap else 0], dtype=np.float64)

    def set_columns(self, filled: IntArray) -> tuple[FloatArray, FloatArray]:
        """The features that depend on the filled set only: (all of them, those the bonus columns multiply)."""
        rows = self.model.num_rows
        zero = np.zeros_like(filled)
        opens = [((filled >> r) & 1 == 0).astype(np.float64) for r in range(rows)]
        others = [
            self.part_value(n, values, filled, zero) / 100
            for n, (_, values, _) in enumerate(self.parts)
            if n != self.bonus
        ]
        ones = np.ones(len(filled))
        plain = [ones, *opens, *(a * b for a, b in combinations(opens, 2)), *others, *_pairs(others)]
        return np.stack(plain, axis=1), np.stack([ones, *opens, *others], axis=1)

    def bonus_columns(self, filled: IntArray, upper: IntArray) -> list[FloatArray]:
        """The features that depend on the upper total: the bonus part's values (all throws, then fewer)."""
        if self.bonus < 0:
            return []
        part = self.parts[self.bonus]
        return [self.part_value(self.bonus, values, filled, upper) for values in (part[1], *self.bonus_values)]


def _pairs(values: Sequence[FloatArray]) -> list[FloatArray]:
    return [a * b for i, a in enumerate(values) for b in values[i:]]


@attrs.frozen(eq=False)
class _Fit:
    """The fitted coefficients of one layer, split by the blocks of the design."""

    plain: FloatArray
    flag: float
    scaled: tuple[FloatArray, ...]
    square: float


def _design(basis: _Basis, filled: IntArray, flag: IntArray, upper: IntArray) -> tuple[FloatArray, list[int]]:
    """The design matrix of some states, and the width of each block."""
    plain, scaling = basis.set_columns(filled)
    blocks = [plain, flag.astype(np.float64)[:, None]]
    columns = basis.bonus_columns(filled, upper)
    blocks += [column[:, None] * scaling for column in columns]
    if columns:
        blocks.append((columns[0] ** 2 / 100)[:, None])
    return np.concatenate(blocks, axis=1), [block.shape[1] for block in blocks]


def _fit(basis: _Basis, filled: IntArray, flag: IntArray, upper: IntArray, target: FloatArray) -> _Fit:
    design, widths = _design(basis, filled, flag, upper)
    # least squares through the normal equations, columns scaled to unit norm: the small
    # system is solved by SVD (the open-box columns add up to a constant, so it is singular);
    # a full SVD of the tall design costs far more, and much more again on a busy machine.
    gram = design.T @ design
    norms = np.sqrt(np.diag(gram))
    norms[norms == 0] = 1.0
    scaled = gram / norms[:, None] / norms[None, :]
    coefficients = np.linalg.lstsq(scaled, (design.T @ target) / norms, rcond=1e-12)[0] / norms
    cuts = np.cumsum(widths)[:-1]
    blocks = np.split(coefficients, cuts)
    columns = basis.bonus_count
    return _Fit(
        plain=blocks[0],
        flag=float(blocks[1][0]),
        scaled=tuple(blocks[2 : 2 + columns]),
        square=float(blocks[2 + columns][0]) if columns else 0.0,
    )


def _predict(basis: _Basis, fit: _Fit, filled: IntArray, flag: IntArray, upper: IntArray) -> FloatArray:
    """The fitted values of states, working out the filled-set features once per filled set."""
    sets, where = np.unique(filled, return_inverse=True)
    plain, scaling = basis.set_columns(sets)
    out = (plain @ fit.plain)[where] + fit.flag * flag
    columns = basis.bonus_columns(filled, upper)
    for column, weights in zip(columns, fit.scaled, strict=True):
        out += column * (scaling @ weights)[where]
    if columns:
        out += fit.square * columns[0] ** 2 / 100
    return np.asarray(out, dtype=np.float64)


def _backups(model: Model, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray) -> FloatArray:
    """The one-turn value of states (exact expectimax over ``values`` of the states after them)."""
    blocks = _blocks((filled, flag, upper), CHUNK)
    return np.concatenate([np.zeros(0), *(turn_start_values(model, values, *block) for block in blocks)])


def fit_values(variant: ScorecardVariant, *, samples: int = SAMPLES, seed: int = 0) -> FloatArray:
    """Approximate values of every state of a one-column sheet, a dense array like the solver's.

    ``values[filled, flag, upper]`` estimates the expected points still to come from the
    start of a turn. Layers of at most ``samples`` states are solved exactly (given the
    fitted layers after them); larger ones are fitted on ``samples`` states drawn with
    ``seed``. With ``samples`` at least the largest layer this is the exact solve.

    Raises:
        RuleConfigError: the sheet is not one the solver's model describes (more than 20
            rows, several columns, a fill order, a turn condition...), or ``samples`` is
            not a whole number of at least 1, or ``seed`` not a whole number.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total, upper
        >>> from yamskit.solver import solve
        >>> sheet = yamskit.ScorecardVariant.define("two", rows=[upper(6), Category("chance", total)])
        >>> float(fit_values(sheet)[0, 0, 0]) == solve(sheet, quiet=True).expected_score()  # small: solved whole
        True
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RuleConfigError(f"samples must be a whole number of states, at least 1, not {brief(samples)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RuleConfigError(f"seed must be a whole number, not {brief(seed)}")
    model = model_of(variant)
    basis = _Basis.of(variant, model)
    space = StateSpace.of(model)
    values = np.full(space.shape, np.nan)
    values[(1 << model.num_rows) - 1] = model.bonus.astype(np.float64)[None, :]
    rng = np.random.default_rng(seed)
    for count in range(model.num_rows - 1, -1, -1):
        filled, flag, upper = space.layer(count)
        if len(filled) <= samples:
            values[filled, flag, upper] = _backups(model, values, filled, flag, upper)
        else:
            pick = np.sort(rng.choice(len(filled), samples, replace=False))
            target = _backups(model, values, filled[pick], flag[pick], upper[pick])
            fit = _fit(basis, filled[pick], flag[pick], upper[pick], target)
            values[filled, flag, upper] = _predict(basis, fit, filled, flag, upper)
        space.copy_dead(values, count)
    return values


def feature_names(variant: ScorecardVariant) -> tuple[str, ...]:
    """The names of the features the fit uses for ``variant``, in the order of its design.

    Examples:
        >>> import yamskit
        >>> names = feature_names(yamskit.variant("classic"))
        >>> len(names), names[:3], names[-1]
        (141, ('1', 'open ones', 'open twos'), 'bonus part squared')
    """
    model = model_of(variant)
    basis = _Basis.of(variant, model)
    rows = model.rows
    others = [f"part {n}" for n in range(len(basis.parts)) if n != basis.bonus]
    opens = [f"open {row}" for row in rows]
    products = [f"{a} x {b}" for i, a in enumerate(others) for b in others[i:]]
    plain = ["1", *opens, *(f"open {a} and {b}" for a, b in combinations(rows, 2)), *others, *products]
    scaling = ["1", *opens, *others]
    names = [*plain, "flag"]
    if basis.bonus >= 0:
        throws = [f"bonus part ({t} throws)" for t in (model.max_throws, *range(1, model.max_throws))]
        names += [f"{column} x {s}" if s != "1" else column for column in throws for s in scaling]
        names.append("bonus part squared")
    return tuple(names)


class FittedStrategy:
    """Plays fitted values with one more turn of exact expectimax before them.

    At the start of its reasoning about a turn it computes, for every state the turn
    can end in, the exact one-turn value over the fitted values (`fit_values`) of the
    states after that, and decides on those; the fitted values are then only used two
    turns ahead. The values array is shared: the backed-up values are written into it
    for the decision and restored after it, under a lock.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total, upper
        >>> sheet = yamskit.ScorecardVariant.define("two", rows=[upper(6), Category("chance", total)])
        >>> ahead = FittedStrategy(sheet, fit_values(sheet))
        >>> ahead.best_action(sheet.new_game(seed=1).apply(yamskit.Roll(outcome="66612")))
        Roll(keep=Dice.parse('666'), outcome=None)
    """

    def __init__(self, variant: ScorecardVariant, values: FloatArray) -> None:
        self.name = variant.name
        self.model = model_of(variant)
        self.values = values
        self.strategy = Strategy(variant, self.model, values)
        self._lock = threading.Lock()
        self._ahead: Memo[tuple[int, int, int], tuple[IntArray, FloatArray]] = Memo(
            "bots: fitted look-ahead backups", size=256, key="a solver state (filled rows, flag, upper total)"
        )

    def __repr__(self) -> str:
        return f"FittedStrategy({self.name!r})"

    def _after_states(self, filled: int, flag: int, upper: int) -> tuple[IntArray, IntArray, IntArray]:
        """Every state a turn from (filled, flag, upper) can end in that still has a box open."""
        model = self.model
        full = (1 << model.num_rows) - 1
        seen: set[tuple[int, int, int]] = set()
        for row in range(model.num_rows):
            after = filled | (1 << row)
            if after in (filled, full):
                continue
            for points in model.written_values(row):
                new_upper = min(upper + points, model.cap) if model.bonus_rows[row] else upper
                new_flag = (1 if points > 0 else 0) if row == model.flag_row and model.needs_flag else flag
                seen.add((after, new_flag, new_upper))
        states = np.array(sorted(seen), dtype=np.int64).reshape(-1, 3)
        return states[:, 0], states[:, 1], states[:, 2]

    def _backed_up(self, filled: int, flag: int, upper: int) -> tuple[IntArray, FloatArray]:
        key = (filled, flag, upper)
        hit = self._ahead.get(key)
        if hit is None:
            states = self._after_states(filled, flag, upper)
            _, flags, uppers = self.values.shape
            where = (states[0] * flags + states[1]) * uppers + states[2]
            hit = self._ahead.put(key, (where, _backups(self.model, self.values, *states)))
        return hit

    def best_action(self, state: ScorecardGame) -> Action:
        """The best action when the states after this turn are valued one turn deeper.

        Raises:
            RuleConfigError: ``state`` is not a scorecard game, or the game is over.
            RulesMismatchError: ``state`` is played by other rules than the fit's.
        """
        p = self.strategy.position(state)  # checks the rules too
        with self._lock:
            where, backed = self._backed_up(p.filled, p.flag, p.upper)
            flat = self.values.reshape(-1)
            kept = flat[where].copy()
            flat[where] = backed
            try:
                return self.strategy.best_action(state)
            finally:
                flat[where] = kept


_FITTED: LruCache[str, FittedStrategy] = LruCache("bots: fitted strategies", size=8, key="a solver model's fingerprint")
_BY_RULES: IdentityCache[FittedStrategy | None] = IdentityCache(
    "bots: fitted strategy per rules", size=64, key="a ScorecardRules object"
)
_FITTING = threading.Lock()


def fitted_strategy(variant: Variant) -> FittedStrategy | None:
    """The fitted strategy of a one-column sheet the solver's model describes (fitted once), else ``None``.

    Sheets of more than `FIT_MAX_ROWS` rows get ``None`` (the split evaluation plays them).

    Examples:
        >>> import yamskit
        >>> fitted_strategy(yamskit.variant("challenge")) is None  # four columns: no solver model
        True
    """
    if not isinstance(variant, ScorecardVariant) or len(variant.rules.columns) != 1:
        return None
    if len(variant.rules.rows) > FIT_MAX_ROWS:
        return None
    with _FITTING:
        return _BY_RULES.get(variant.rules, lambda: _fitted_or_none(variant))


def _fitted_or_none(variant: ScorecardVariant) -> FittedStrategy | None:
    """The fitted strategy, shared by rules with the same fingerprint; ``None`` if there can be none."""
    try:
        model = model_of(variant)
        split_parts(variant)
    except (RuleConfigError, ImportError, ValueError):
        return None
    return _FITTED.get(model.fingerprint, lambda: FittedStrategy(variant, fit_values(variant)))
