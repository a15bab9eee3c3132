"""`yamskit.solver.advice`: exact advice from a strategy solved once and cached on disk."""

from __future__ import annotations

from pathlib import Path

import pytest

import yamskit
from yamskit import Roll, Score
from yamskit.cli import action_id
from yamskit.solver.advice import cached_strategy, ranked, render_advice

pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache holding the solved yahtzee table (solved once for the module)."""
    folder = tmp_path_factory.mktemp("cache")
    cached_strategy(yamskit.variant("yahtzee"), directory=folder, quiet=True)
    return folder


def test_the_cache_file_is_named_by_the_rules_fingerprint_and_read_back(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from yamskit.solver.model import model_of

    (path,) = cache.glob("*.npz")
    assert path.name == f"yahtzee-{model_of(yamskit.variant('yahtzee')).fingerprint[:32]}.npz"

    def no_solving(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("solved again instead of reading the cache")

    monkeypatch.setattr("yamskit.solver.solve", no_solving)
    strategy = cached_strategy(yamskit.variant("yahtzee"), directory=cache)
    assert round(strategy.expected_score(), 2) == 254.59  # the published optimum of this rule set


def test_other_options_never_reuse_a_table(cache: Path) -> None:
    from yamskit.solver.model import model_of

    joker = yamskit.variant("classic", joker="free")
    assert model_of(joker).fingerprint != model_of(yamskit.variant("yahtzee")).fingerprint
    assert not list(cache.glob(f"*{model_of(joker).fingerprint[:32]}*"))


def test_a_damaged_cache_file_is_solved_again(tmp_path: Path) -> None:
    from yamskit.categories import Category, total, upper

    tiny = yamskit.ScorecardVariant.define("tiny", rows=[upper(6), Category("chance", total)])
    first = cached_strategy(tiny, directory=tmp_path, quiet=True)
    (path,) = tmp_path.glob("*.npz")
    path.write_bytes(b"not a table")
    again = cached_strategy(tiny, directory=tmp_path, quiet=True)
    assert again.expected_score() == first.expected_score()
    assert path.read_bytes() != b"not a table"


def test_a_box_comes_before_a_throw_of_zero_dice_on_a_tie(cache: Path) -> None:
    strategy = cached_strategy(yamskit.variant("yahtzee"), directory=cache)
    game = yamskit.variant("yahtzee").new_game(seed=1).apply(Roll(outcome="66666"))
    options = ranked(strategy, game)
    assert options[0].action == Score("yams")
    zero = next(i for i, a in enumerate(options) if a.action == Roll(keep="66666"))
    assert abs(options[zero].expected - options[0].expected) < 1e-9
    assert all(not isinstance(a.action, Roll) for a in options[:zero])
    assert [round(a.regret, 9) for a in options] == sorted(round(a.regret, 9) for a in options)
    assert {a.action for a in options} == set(game.legal_actions())


def test_render_advice_lists_every_option_with_expected_score_and_regret(cache: Path) -> None:
    strategy = cached_strategy(yamskit.variant("yahtzee"), directory=cache)
    game = yamskit.variant("yahtzee").new_game(seed=2).apply(Roll(outcome="12346"))
    options = ranked(strategy, game)
    lines = render_advice(game, options).splitlines()
    assert lines[0] == "Player 1 to play: dice 12346, throws 1/3"
    assert len(lines) == 2 + len(options)
    for line, option in zip(lines[2:], options, strict=True):
        assert action_id(option.action) in line
        assert line.split()[-2:] == [f"{option.expected:.2f}", f"{option.regret:.2f}"]
