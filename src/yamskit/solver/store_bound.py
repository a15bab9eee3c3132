"""A sound upper bound on the optimal expected score of a sheet with saved throws, its store uncapped.

The store solver (`yamskit.solver.store`) is exact over a store capped at ``store_cap`` and
loses the throws above it: a lower bound. This module bounds the real game from above by a
relaxation that keeps the store exactly up to the cap and trades the throws above it at a
``price`` (lambda >= 0) a throw: a turn that has spent its own and its stored throws may
throw again, paying ``price`` each time, and a turn that ends with more unused throws than
the cap is paid ``price`` for each throw above it instead of losing it.

Why it is an upper bound: play any strategy of the real game in the relaxed one, spending
the free throws first. Call ``bank`` the real store less the relaxed one (0 at the start).
In each turn the throws paid for less the throws paid back equal the bank's fall in that
turn, and a turn pays only for throws the real store holds (so the bank never goes below
0). Over the game the strategy pays ``price * (paid - paid back) = price * (0 - final bank)
<= 0`` in all: its relaxed score is at least its real one, so the relaxed game's optimum is
at least the real game's, for every price and every cap. The bound is the least over the
prices tried. With ``store_cap=0`` it is the Lagrangian relaxation of the game's throw
budget (``rows * max_throws`` throws, at least one a turn): ``price * budget`` plus the best
expected score less ``price`` a throw; a larger cap keeps more of the store exact.

Each turn is the store solver's chain over the free throws left (writing with ``t`` of them
left reads the values of store ``min(t, cap)`` and is paid ``price * (t - cap)`` above the
cap), below which sits a stopping problem over the rolls once no free throw is left: write
now, or pay ``price`` and throw the unkept dice again. Its value is the fixed point of a
monotone map; started above it (the best any roll can write, which no stopping beats),
every sweep stays above it, so the turn's value, and by induction from the last turn back
the value of every state, is an upper bound after any number of sweeps (up to floating
point). More sweeps tighten it; they stop once they settle (`SETTLED`) or at ``sweeps``.

Examples:
    >>> import yamskit
    >>> from yamskit.categories import Category, total, upper
    >>> rows = [upper(6), Category("chance", total)]
    >>> sheet = yamskit.ScorecardVariant.define("saving", rows=rows, saved_throws=True)
    >>> bounds = [store_bound(sheet, price=2.0, store_cap=c).value for c in (0, 1)]
    >>> [round(b, 2) for b in bounds], 38.0969 <= min(bounds)  # the exact optimum: solve_store, store_cap=2
    ([40.73, 40.45], True)
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import numpy as np

from ..errors import RuleConfigError
from ..scorecard.variant import ScorecardVariant
from .expectimax import _best_of_sub_keeps, _mean_over_throw, _work_arrays
from .final import final_values
from .store import StoreModel, backward_values, store_model_of
from .tables import FloatArray, IntArray, SolverTables

__all__ = ["SETTLED", "SWEEPS", "StoreBound", "store_bound", "store_bound_values"]

#: A turn's paid-throw sweeps stop once no roll's value falls by more than this.
SETTLED = 1e-9
#: The most paid-throw sweeps a turn makes by default.
SWEEPS = 60


@attrs.frozen
class StoreBound:
    """An upper bound on the optimal expected score of a sheet with saved throws, its store uncapped (`store_bound`).

    Attributes:
        variant: the variant's name.
        price: the price of a throw above the store's cap (lambda).
        store_cap: the store kept exactly (the throws above it are traded at ``price``).
        sweeps: the most sweeps of each turn's paid-throw stopping problem.
        value: the bound.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> sheet = yamskit.ScorecardVariant.define("s", rows=[upper(6)], saved_throws=True)
        >>> bound = store_bound(sheet, price=1.0)
        >>> bound.store_cap, round(bound.value, 4)  # one row: its unused throws are paid for (the exact: 12.6389)
        (0, 19.9766)
    """

    variant: str
    price: float
    store_cap: int
    sweeps: int
    value: float


def _paid_layer(
    t: SolverTables, written: FloatArray, work: FloatArray, spare: FloatArray, price: float, sweeps: int
) -> FloatArray:
    """An upper bound on each roll's value once no free throw is left, (rolls in working order, states).

    ``written`` is each roll's value written now. The value is the fixed point of the
    monotone map ``U -> max(written, best keep's mean of U after the throw - price)``; the
    sweeps start from the best written value of the state, which is above it (no stopping
    writes more), and so stay above it. They stop once no roll's value falls by more than
    `SETTLED`, or after ``sweeps``.
    """
    full = t.size_slices[t.count]
    work[full] = written.max(axis=0)
    before = np.empty_like(written)
    for _ in range(sweeps):
        before[...] = work[full]
        _mean_over_throw(t, work, spare)
        work -= price  # each keep's value is that of its throw, paid for
        _best_of_sub_keeps(t, work, spare)
        np.maximum(work[full], written, out=work[full])
        before -= work[full]
        if float(before.max()) <= SETTLED:
            break
    bound: FloatArray = work[full].copy()
    return bound


def _turn_block(
    store: StoreModel, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray, price: float, sweeps: int
) -> FloatArray:
    """The relaxed start value (an upper bound) of each state of a block with each store 0..cap, (cap + 1, states).

    The paid throws' layer is `_paid_layer`'s bound.
    """
    model = store.model
    t = model.dice
    cap = store.store_cap
    full = t.size_slices[t.count]
    # writing now with t free throws left: the values of store min(t, cap), and price for each throw above the cap
    written = [final_values(model, values[s], filled, flag, upper)[t.work_rolls] for s in range(cap + 1)]
    work, spare = _work_arrays(t, len(filled))
    work[full] = _paid_layer(t, written[0], work, spare, price, sweeps)
    starts = np.empty((cap + 1, len(filled)))
    for left in range(1, store.chain + 1):  # free throws left: as the capped store's chain, refunds above the cap
        _mean_over_throw(t, work, spare)
        _best_of_sub_keeps(t, work, spare)
        now = written[cap] + price * (left - cap) if left > cap else written[left]
        np.maximum(work[full], now, out=work[full])
        s = left - (model.max_throws - 1)
        if s >= 0:  # the store s turn's start: the mean over its first (free) throw
            rolls = np.take(work[full], t.work_roll_position, axis=0)
            rolls *= t.roll_probabilities[:, None]
            starts[s] = rolls.sum(axis=0)
    return starts


def _checked(price: float, sweeps: int) -> float:
    """``price`` as a float; `RuleConfigError` if it or ``sweeps`` is out of range."""
    if isinstance(price, bool) or not isinstance(price, (int, float)) or not 0 <= price < float("inf"):
        raise RuleConfigError(f"yamskit.solver: a throw's price must be a finite number >= 0, not {price!r}")
    if type(sweeps) is not int or sweeps < 0:
        raise RuleConfigError(f"yamskit.solver: sweeps must be a whole number >= 0, not {sweeps!r}")
    return float(price)


def store_bound_values(
    variant: ScorecardVariant,
    *,
    price: float,
    store_cap: int = 0,
    sweeps: int = SWEEPS,
    quiet: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> FloatArray:
    """The relaxed value (an upper bound, see the module) of every state, dense ``[store, filled, flag, upper]``.

    Unreachable entries hold NaN. Arguments and errors as `store_bound`.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> sheet = yamskit.ScorecardVariant.define("s", rows=[upper(6)], saved_throws=True)
        >>> values = store_bound_values(sheet, price=0.0)
        >>> values.shape, round(float(values[0, 0, 0, 0]), 9)  # throws cost nothing: five sixes in the end
        ((1, 2, 1, 1), 30.0)
    """
    cost = _checked(price, sweeps)
    store = store_model_of(variant, store_cap=store_cap)
    return backward_values(
        store, lambda values, f, y, u: _turn_block(store, values, f, y, u, cost, sweeps), "bounding", quiet, progress
    )


def store_bound(
    variant: ScorecardVariant,
    *,
    price: float,
    store_cap: int = 0,
    sweeps: int = SWEEPS,
    quiet: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> StoreBound:
    """An upper bound on the optimal expected score of ``variant`` with its store uncapped (see the module).

    Every ``price`` and ``store_cap`` gives a bound; the least of several is the best. A
    larger cap costs what the store solver's does (`yamskit.solver.store.solve_store`), plus
    the paid-throw sweeps.

    Args:
        variant: a sheet with saved throws the store solver models (`yamskit.solver.store.store_model_of`).
        price: the price of a throw above the cap (lambda >= 0).
        store_cap: the store kept exactly (a cap above the most the store can hold is lowered to it).
        sweeps: the most sweeps of each turn's paid-throw stopping problem (fewer: looser, never unsound).
        quiet: no progress bar.
        progress: called with (done, total) states as the solve goes.

    Raises:
        RuleConfigError: the variant does not save throws, the store solver refuses its sheet or cap
            (`yamskit.solver.store.store_model_of`), ``price`` is not a finite number >= 0, or
            ``sweeps`` not a whole number >= 0.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> sheet = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], dice=2, saved_throws=True)
        >>> [round(store_bound(sheet, price=p).value, 3) for p in (0.5, 1.0, 2.0)]
        [17.036, 13.0, 14.317]
    """
    values = store_bound_values(
        variant, price=price, store_cap=store_cap, sweeps=sweeps, quiet=quiet, progress=progress
    )
    cap = store_model_of(variant, store_cap=store_cap).store_cap
    return StoreBound(
        variant=variant.name, price=float(price), store_cap=cap, sweeps=sweeps, value=float(values[0, 0, 0, 0])
    )
