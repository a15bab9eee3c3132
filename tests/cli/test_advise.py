"""``yamskit advise``: the advice of `yamskit.solver.advice` for a position given by its notation."""

from __future__ import annotations

from pathlib import Path

import pytest

import yamskit
from yamskit import Roll, Score
from yamskit.cli import main
from yamskit.solver.advice import cached_strategy, ranked, render_advice

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
