"""``yamskit advise``: the advice of `yamskit.solver.advice` for a position given by its notation."""

from __future__ import annotations

from pathlib import Path

import pytest

import yamskit
from yamskit import Roll, Score
from yamskit.bots.store_player import EXPERT_STORE_CAP
from yamskit.categories import Category, total, upper
from yamskit.cli import main
from yamskit.solver.advice import cache_path, cached_strategy, ranked, render_advice
from yamskit.solver.store import solve_store

pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache holding the solved yahtzee table (solved once for the module)."""
    folder = tmp_path_factory.mktemp("cache")
    cached_strategy(yamskit.variant("yahtzee"), directory=folder, quiet=True)
    return folder


def test_advise_prints_the_ranked_advice_of_the_cached_strategy_for_each_notation(
    cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = yamskit.variant("yahtzee")
    game = variant.new_game(seed=3).apply(Roll(outcome="22555")).apply(Score("full_house"))
    game = game.apply(Roll(outcome="11223"))
    for state in (game, game.apply(Roll(keep="11", outcome="111"))):
        assert main(["advise", "yahtzee", state.to_notation(), "--cache", str(cache)]) == 0
        out = capsys.readouterr().out
        strategy = cached_strategy(variant, directory=cache)
        assert out == render_advice(state, ranked(strategy, state)) + "\n"


def _saving_sheet() -> yamskit.ScorecardVariant:
    """Three dice, four boxes, unused throws saved: solved with its store in a fraction of a second."""
    rows = [upper(4), upper(5), upper(6), Category("chance", total)]
    return yamskit.ScorecardVariant.define("advise-saving", rows=rows, dice=3, saved_throws=True)


def test_a_sheet_with_saved_throws_is_advised_by_its_store_strategy_and_cached(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    yamskit.register_variant("advise-saving", _saving_sheet, replace=True)
    variant = _saving_sheet()
    state = variant.new_game(seed=2).apply(Roll(outcome="456"))
    assert main(["advise", "advise-saving", state.to_notation(), "--cache", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    path = cache_path(variant, directory=tmp_path, store_cap=EXPERT_STORE_CAP)
    assert path.is_file()  # the file the expert bot reads
    strategy = solve_store(variant, store_cap=EXPERT_STORE_CAP)
    expected = ranked(strategy, state)
    assert out == render_advice(state, expected) + "\n"
    best = max(strategy.advise(state), key=lambda pair: pair[1])
    assert expected[0].expected == best[1]
    assert expected[0].regret == 0.0
    assert [option.regret >= 0 for option in expected] == [True] * len(expected)
