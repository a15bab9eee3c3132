"""Values fitted layer by layer (fitted value iteration) and the strategy that plays them one turn deeper."""

from __future__ import annotations

import numpy as np
import pytest

import yamskit
from tests.bots.test_fitted import SACRIFICES
from yamskit.bots import StrongPlayer, player
from yamskit.bots.fitted_values import (
    FIT_MAX_ROWS,
    FittedStrategy,
    _Basis,
    _design,
    feature_names,
    fit_values,
    fitted_strategy,
)
from yamskit.bots.sheet import MEDIUM_WORTH, choose_on_sheet
from yamskit.bots.split import choose_split
from yamskit.categories import Category, total, upper
from yamskit.errors import RuleConfigError, RulesMismatchError
from yamskit.scorecard import UpperBonus
from yamskit.solver import solve
from yamskit.solver.expectimax import solve_values
from yamskit.solver.model import model_of
from yamskit.solver.space import StateSpace


def _counts(faces: tuple[int, ...]) -> list[int]:
    return sorted(faces.count(face) for face in set(faces))


def _sheet(lower: int) -> yamskit.ScorecardVariant:
    """The six number rows with a bonus of 35 at 63, and ``lower`` of five lower rows."""
    rows = [
        Category("chance", total),
        Category("full", lambda d: 25 if _counts(d.faces) == [2, 3] else 0),
        Category("square", lambda d: d.total if max(_counts(d.faces)) >= 4 else 0),
        Category("yams", lambda d: 50 if len(set(d.faces)) == 1 else 0),
        Category("brelan", lambda d: d.total if max(_counts(d.faces)) >= 3 else 0),
    ][:lower]
    return yamskit.ScorecardVariant.define(
        f"sheet{lower}", rows=[*(upper(face) for face in range(1, 7)), *rows], bonus=UpperBonus.single(63, 35)
    )


def _largest_layer(variant: yamskit.ScorecardVariant) -> int:
    space = StateSpace.of(model_of(variant))
    return max(len(space.layer(count)[0]) for count in range(len(variant.rules.rows)))


def test_with_samples_covering_every_layer_the_fit_is_the_exact_solve() -> None:
    sheet = _sheet(2)
    exact = solve_values(model_of(sheet), processes=1, quiet=True)
    fitted = fit_values(sheet, samples=_largest_layer(sheet))
    assert np.array_equal(np.isnan(fitted), np.isnan(exact))
    assert np.allclose(fitted[~np.isnan(exact)], exact[~np.isnan(exact)])


def test_a_fit_on_a_small_sample_stays_close_to_the_exact_values() -> None:
    sheet = _sheet(4)
    model = model_of(sheet)
    exact = solve_values(model, processes=1, quiet=True)
    fitted = fit_values(sheet, samples=400)  # most layers are fitted, not solved
    space = StateSpace.of(model)
    sampled_layers = [count for count in range(len(sheet.rules.rows)) if len(space.layer(count)[0]) > 400]
    assert len(sampled_layers) >= 4
    assert abs(fitted[0, 0, 0] - exact[0, 0, 0]) < 1.5
    for count in sampled_layers:
        f, y, u = space.layer(count)
        error = fitted[f, y, u] - exact[f, y, u]
        assert np.sqrt(np.mean(error**2)) < 3.0, count
        # without the fit (a layer's mean for every state) the error is far larger
        assert np.sqrt(np.mean(error**2)) < 0.5 * np.std(exact[f, y, u]), count


def test_the_fit_depends_on_its_seed_only() -> None:
    sheet = _sheet(3)
    first = fit_values(sheet, samples=300, seed=4)
    assert np.array_equal(first, fit_values(sheet, samples=300, seed=4), equal_nan=True)
    assert not np.array_equal(first, fit_values(sheet, samples=300, seed=5), equal_nan=True)


def test_the_feature_names_label_every_column_of_the_design() -> None:
    for variant in (yamskit.variant("classic"), yamskit.variant("yahtzee"), _sheet(1)):
        model = model_of(variant)
        f, y, u = StateSpace.of(model).layer(4)
        design, _ = _design(_Basis.of(variant, model), f[:5], y[:5], u[:5])
        names = feature_names(variant)
        assert design.shape[1] == len(names) == len(set(names))
    no_bonus = yamskit.ScorecardVariant.define("plain", rows=[upper(5), upper(6), Category("chance", total)])
    assert "bonus part squared" not in feature_names(no_bonus)


def test_bad_samples_and_unsupported_sheets_are_refused() -> None:
    for samples in (0, -3, 2.5, True, "100"):
        with pytest.raises(RuleConfigError, match="samples"):
            fit_values(_sheet(1), samples=samples)  # type: ignore[arg-type]
    with pytest.raises(RuleConfigError, match="seed"):
        fit_values(_sheet(1), seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(RuleConfigError):
        fit_values(yamskit.variant("challenge"))
    assert fitted_strategy(yamskit.variant("challenge")) is None
    assert fitted_strategy("not a variant") is None


def test_a_decision_leaves_the_fitted_values_as_they_were() -> None:
    sheet = _sheet(3)
    values = fit_values(sheet, samples=300)
    before = values.copy()
    ahead = FittedStrategy(sheet, values)
    game = sheet.new_game(seed=2)
    for _ in range(12):
        game = game.apply(ahead.best_action(game))
    assert np.array_equal(values, before, equal_nan=True)
    assert repr(ahead) == "FittedStrategy('sheet3')"
    with pytest.raises(RulesMismatchError):
        ahead.best_action(_sheet(2).new_game(seed=2))
    with pytest.raises(RuleConfigError, match="scorecard"):
        ahead.best_action(yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1))  # type: ignore[arg-type]
    assert np.array_equal(values, before, equal_nan=True)


def test_looking_one_turn_deeper_values_the_states_after_the_turn_by_their_backups() -> None:
    sheet = _sheet(3)
    model = model_of(sheet)
    values = fit_values(sheet, samples=300)
    ahead = FittedStrategy(sheet, values)
    game = sheet.new_game(seed=7).apply(yamskit.Roll(outcome="66612"))
    where, backed = ahead._backed_up(0, 0, 0)
    # the turn from the empty sheet ends with one box filled: every such state is backed up
    filled = where // (values.shape[1] * values.shape[2])
    assert sorted(set(filled.tolist())) == [1 << row for row in range(len(sheet.rules.rows))]
    # writing 18 in sixes leads to (sixes filled, upper 18): its backup, not its fitted value, decides
    sixes = 1 << model.rows.index("sixes")
    index = np.nonzero(where == (sixes * values.shape[1]) * values.shape[2] + 18)[0][0]
    exact = solve_values(model, processes=1, quiet=True)
    assert abs(backed[index] - exact[sixes, 0, 18]) <= abs(values[sixes, 0, 18] - exact[sixes, 0, 18]) + 1e-9
    assert game.is_legal(ahead.best_action(game))


def test_strong_player_without_a_budget_plays_the_fitted_strategy_and_medium_the_lower_worth() -> None:
    variant = yamskit.variant("classic")
    game = variant.new_game(seed=5)
    hard = StrongPlayer(variant, time_budget=0.0)
    medium = player(variant, "medium")
    ahead = fitted_strategy(variant)
    assert ahead is not None
    for _ in range(15):
        assert hard.choose(game) == ahead.best_action(game)
        if game.turn.has_thrown:
            assert medium.choose(game) == choose_on_sheet(game, depth=1, plain=False, worth_factor=MEDIUM_WORTH)
        game = game.apply(hard.choose(game))


def test_a_sheet_beyond_the_fit_falls_back_to_the_split() -> None:
    rows = [*(upper(face) for face in range(1, 7))] + [
        Category(f"chance{i}", total) for i in range(11)
    ]  # 17 rows: more than the bots fit (the solver takes 20)
    sheet = yamskit.ScorecardVariant.define("long", rows=rows, bonus=UpperBonus.single(63, 35))
    assert len(rows) == FIT_MAX_ROWS + 1
    assert fitted_strategy(sheet) is None
    game = sheet.new_game(seed=1).apply(yamskit.Roll(outcome="66612"))
    assert StrongPlayer(sheet, time_budget=0.0).choose(game) == choose_split(game)


@pytest.mark.parametrize(("text", "best"), SACRIFICES)
def test_the_fitted_strategy_sacrifices_the_box_the_optimum_does(text: str, best: str) -> None:
    variant = yamskit.variant("classic")
    assert StrongPlayer(variant, time_budget=0.0).choose(variant.from_notation(text)).row == best  # type: ignore[attr-defined]


def test_the_fitted_strategy_loses_fewer_points_than_the_split() -> None:
    variant = yamskit.variant("classic")
    strategy = solve(variant, processes=1, quiet=True)
    hard = StrongPlayer(variant, time_budget=0.0)
    lost = {"fitted": 0.0, "split": 0.0}
    for seed in range(6):
        for name, choose in (("fitted", hard.choose), ("split", choose_split)):
            game = variant.new_game(seed=seed)
            while not game.is_over:
                action = choose(game)
                if game.turn.has_thrown:
                    lost[name] += next(a.regret for a in strategy.advise(game) if a.action == action)
                game = game.apply(action)
    assert lost["fitted"] < lost["split"] / 2
