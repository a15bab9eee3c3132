"""The batch play of a store strategy (`yamskit.solver.store_sim`) against the game API and the exact values.

Each game of `simulate_store` must be the game `StoreStrategy.best_action` plays through the
game API with the same dice (the faces the simulation drew, given as each throw's outcome),
the engine's store included; the mean of the capped games must agree with the exact value
of the capped game (`StoreStrategy.expected_score`, itself checked against the oracle of
store_oracle.py), within 4 standard errors.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from yamskit import Roll, ScorecardVariant
from yamskit.categories import Category, total, upper
from yamskit.scorecard import UpperBonus
from yamskit.solver import StoreStrategy, solve
from yamskit.solver.store import store_model_of
from yamskit.solver.store_sim import simulate_store

from .store_oracle import oracle_value
from .test_store import CASES


def _pairs_sheet(dice: int) -> ScorecardVariant:
    """Fives, sixes, a pair (with three dice) and chance, an upper bonus, no scratching."""

    def pair(roll: object) -> int:
        faces = roll.faces  # type: ignore[attr-defined]
        best = [f for f in range(1, 7) if faces.count(f) >= 2]
        return 2 * max(best) if best else 0

    rows = [upper(5), upper(6), Category("pair", pair), Category("chance", total)]
    bonus = UpperBonus.single(10, 12, rows=("fives", "sixes"))
    return ScorecardVariant.define("pairs", rows=rows, dice=dice, bonus=bonus, allow_scratch=False, saved_throws=True)


def _replay(
    strategy: StoreStrategy, faces: list[npt.NDArray[np.int8]], stores: list[npt.NDArray[np.int64]], game_no: int
) -> int:
    """Play game ``game_no`` through the game API with `StoreStrategy.best_action`, throwing the simulation's faces."""
    variant = strategy.variant
    dice = variant.rules.dice
    game = variant.new_game(seed=0)

    def shown(row: npt.NDArray[np.int8], count: int) -> str:
        return "".join(str(int(face) + 1) for face in row[:count])

    for turn, drawn in enumerate(faces):
        assert game.turn.saved == stores[turn][game_no]  # the engine's store is the one the simulation kept
        throws = drawn[game_no]
        game = game.apply(Roll(outcome=shown(throws[0], dice)))
        made = 1
        while True:
            action = strategy.best_action(game)
            if not isinstance(action, Roll):
                game = game.apply(action)
                break
            game = game.apply(Roll(keep=action.keep, outcome=shown(throws[made], dice - len(action.keep))))
            made += 1
    assert game.is_over
    return int(game.result().scores[0])


@pytest.mark.parametrize(("dice", "cap", "games"), [(2, 0, 300), (2, 1, 300), (2, 3, 200), (3, 1, 150)])
def test_each_game_is_the_game_best_action_plays(dice: int, cap: int, games: int) -> None:
    strategy = solve(_pairs_sheet(dice), quiet=True, store_cap=cap)
    assert isinstance(strategy, StoreStrategy)
    faces: list[npt.NDArray[np.int8]] = []
    stores: list[npt.NDArray[np.int64]] = []

    def record(drawn: npt.NDArray[np.int8], saved: npt.NDArray[np.int64]) -> None:
        faces.append(drawn.copy())
        stores.append(saved)

    result = simulate_store(strategy, games, seed=10 + cap, faces_hook=record)
    assert len(faces) == 4
    played = [_replay(strategy, faces, stores, n) for n in range(games)]
    assert result.scores.tolist() == played
    if cap < strategy.store.most:  # the engine keeps more than the cap: the strategy spends the surplus
        assert max(int(s.max()) for s in stores) > cap


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_capped_games_average_to_the_exact_value(name: str, variant: ScorecardVariant) -> None:
    most = store_model_of(variant, store_cap=0).most
    for cap in sorted({0, 1, most}):
        strategy = solve(variant, quiet=True, store_cap=cap)
        assert isinstance(strategy, StoreStrategy)
        result = simulate_store(strategy, 4000, seed=cap, capped=True)
        assert abs(result.mean - strategy.expected_score()) < 4 * result.stderr, (name, cap)
    # a cap that holds every throw: the engine's games are the capped ones, and the real game's oracle value
    engine = simulate_store(strategy, 4000, seed=most)
    assert engine.scores.tolist() == result.scores.tolist()
    assert abs(engine.mean - float(oracle_value(variant))) < 4 * engine.stderr, name


def test_the_engine_store_plays_at_least_as_well_as_the_capped_one() -> None:
    strategy = solve(_pairs_sheet(2), quiet=True, store_cap=0)
    assert isinstance(strategy, StoreStrategy)
    engine = simulate_store(strategy, 20_000, seed=4)
    capped = simulate_store(strategy, 20_000, seed=4, capped=True)
    assert capped.policy == "store cap 0, capped"
    assert engine.policy == "store cap 0"
    # cap 0 is the game without saved throws; the engine's store gives the same strategy throws to spend
    assert engine.mean > capped.mean
    assert abs(capped.mean - strategy.expected_score()) < 4 * capped.stderr


def test_the_same_seed_plays_the_same_games() -> None:
    strategy = solve(_pairs_sheet(2), quiet=True, store_cap=1)
    assert isinstance(strategy, StoreStrategy)
    a, b = (simulate_store(strategy, 1000, seed=9) for _ in range(2))
    assert a.scores.tolist() == b.scores.tolist()
    assert a.scores.tolist() != simulate_store(strategy, 1000, seed=8).scores.tolist()
    assert a.games == 1000
    assert a.rows == ("fives", "sixes", "pair", "chance")


@pytest.mark.parametrize("games", [0, -1, 2.5])
def test_a_count_of_games_must_be_a_positive_whole_number(games: object) -> None:
    strategy = solve(_pairs_sheet(2), quiet=True, store_cap=0)
    assert isinstance(strategy, StoreStrategy)
    with pytest.raises(ValueError, match="positive whole number"):
        simulate_store(strategy, games)  # type: ignore[arg-type]
