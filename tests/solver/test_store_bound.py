"""The upper bound on the uncapped store (`yamskit.solver.store_bound`) against the brute-force oracle.

The bound must be at least the real game's optimum (store_oracle.py's `oracle_value` with no
cap) for every price, every cap kept exactly and any number of sweeps; more sweeps and a
larger cap tighten it on these sheets.
"""

from __future__ import annotations

import pytest

from yamskit import ScorecardVariant
from yamskit.categories import upper
from yamskit.errors import RuleConfigError
from yamskit.solver import StoreStrategy, solve
from yamskit.solver.store import store_model_of
from yamskit.solver.store_bound import store_bound, store_bound_values

from .store_oracle import oracle_value
from .test_store import CASES

PRICES = (0.0, 0.5, 1.0, 2.0, 4.0)


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_the_bound_is_above_the_exact_optimum_for_every_price_and_cap(name: str, variant: ScorecardVariant) -> None:
    exact = float(oracle_value(variant))
    most = store_model_of(variant, store_cap=0).most
    best = []
    for cap in sorted({0, 1, most}):
        bounds = [store_bound(variant, price=price, store_cap=cap).value for price in PRICES]
        assert min(bounds) >= exact - 1e-9, (name, cap)
        best.append(min(bounds))
    assert best == sorted(best, reverse=True)  # the store kept exactly tightens it here
    assert best[-1] - exact < best[0] - exact


@pytest.mark.parametrize("sweeps", [0, 1, 3])
def test_fewer_sweeps_give_a_looser_bound_never_an_unsound_one(sweeps: int) -> None:
    _, variant = CASES[1].values
    assert isinstance(variant, ScorecardVariant)
    exact = float(oracle_value(variant))
    for cap in (0, 1):
        few = store_bound(variant, price=1.0, store_cap=cap, sweeps=sweeps).value
        many = store_bound(variant, price=1.0, store_cap=cap).value
        assert few >= many - 1e-12
        assert many >= exact


def test_every_state_is_bounded_with_its_store() -> None:
    _, variant = CASES[1].values
    assert isinstance(variant, ScorecardVariant)
    most = store_model_of(variant, store_cap=0).most
    exact = solve(variant, quiet=True, store_cap=most)
    bound = store_bound_values(variant, price=1.5, store_cap=most)
    assert isinstance(exact, StoreStrategy)
    assert bound.shape == exact.values.shape
    for saved in range(most + 1):  # the states of the first turn, begun with each store
        assert bound[saved, 0, 0, 0] >= exact.value(0, 0, saved) - 1e-12


def test_a_free_throw_writes_the_best_roll_every_turn() -> None:
    sheet = ScorecardVariant.define("s", rows=[upper(6), upper(5)], dice=2, saved_throws=True)
    assert store_bound(sheet, price=0.0, store_cap=1).value == pytest.approx(22.0, abs=1e-9)  # 66 and 55


@pytest.mark.parametrize(("price", "sweeps"), [(-1.0, 3), (float("inf"), 3), (float("nan"), 3), (True, 3), (1.0, -1)])
def test_refusals_name_the_argument(price: float, sweeps: int) -> None:
    _, variant = CASES[1].values
    assert isinstance(variant, ScorecardVariant)
    with pytest.raises(RuleConfigError, match=r"price|sweeps"):
        store_bound(variant, price=price, sweeps=sweeps)


def test_a_game_without_saved_throws_is_refused() -> None:
    with pytest.raises(RuleConfigError, match="store_cap is for games with saved throws"):
        store_bound(ScorecardVariant.define("plain", rows=[upper(6)]), price=1.0)
