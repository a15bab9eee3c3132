"""The pure parts of benchmarks/optimal_values.py: its games, arguments, table rows and the page it writes.

The measurements themselves (a full solve and distribution per game, minutes each) run in
the script, not here.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import yamskit
from tests.benchmark_scripts import BENCHMARKS, benchmark_script

if not (BENCHMARKS / "optimal_values.py").is_file():
    pytest.skip("no benchmarks/ here (the source distribution does not carry it)", allow_module_level=True)


@pytest.fixture(scope="module")
def script() -> Iterator[ModuleType]:
    with benchmark_script("optimal_values.py") as module:
        yield module


EXACT: dict[str, Any] = {
    "mean": 248.4399893779,
    "std": 38.5,
    "median": 249.0,
    "bonus": 0.5,
    "solve_cpu": 3.5,
    "solve_wall": 123.4,
    "extra_cpu": 250.0,
    "extra_wall": 300.0,
    "peak_mib": 1100.0,
}
SIMULATED: dict[str, Any] = {
    "mean": 394.5575068,
    "simulated": 100_000,
    "simulated_mean": 394.6,
    "simulated_stderr": 0.15,
    "std": 45.0,
    "std_interval": (44.8, 45.2),
    "median": 395.0,
    "median_interval": (394.0, 396.0),
    "bonus": 0.6,
    "bonus_interval": (0.597, 0.603),
    "solve_cpu": 300.0,
    "solve_wall": 320.0,
    "extra_cpu": 60.0,
    "extra_wall": 61.0,
    "peak_mib": 1536.0,
}


def test_every_game_builds_and_has_a_distinct_key(script: ModuleType) -> None:
    keys = [game.key for game in script.GAMES]
    assert len(keys) == len(set(keys))
    for game in script.GAMES:
        assert isinstance(game.variant(), yamskit.ScorecardVariant)
    assert set(keys) >= script.SIMULATED
    assert {key for key, *_ in script.PUBLISHED} <= set(keys)
    assert script._find("yahtzee-free").call == "yamskit.variant('classic', joker='free', yams_bonus=100)"


def test_arguments(script: ModuleType) -> None:
    args = script.parse(["--only", "yatzy", "crag", "--games", "1000", "--write"])
    assert (args.only, args.games, args.write, args.json, args.load) == (["yatzy", "crag"], 1000, True, None, None)
    assert script.parse([]).games == 100_000
    with pytest.raises(SystemExit):
        script.parse(["--only", "no-such-game"])


def test_rows_exact_and_simulated(script: ModuleType) -> None:
    exact = script.row(script._find("yatzy"), EXACT)
    assert (
        exact
        == "| Scandinavian Yatzy | 248.4399894 | 38.50 | 249 | 50.0% | 3.50 s / 123 s | 250 s / 300 s | 1,100 MiB |"
    )
    no_bonus = script.row(script._find("yacht"), {**EXACT, "bonus": None})
    assert "| none |" in no_bonus
    simulated = script.row(script._find("maxi-yatzy-no-saved"), SIMULATED)
    assert "| 45.00 (44.80-45.20)* | 395 (394-396)* | 60.0% (59.7%-60.3%)* |" in simulated


def test_the_page_checks_the_published_values(script: ModuleType) -> None:
    results = {"yatzy": EXACT, "yahtzee": {**EXACT, "mean": 254.59}, "maxi-yatzy-no-saved": SIMULATED}
    text = script.page(results, day="2026-12-03", where="2 cores (a test)")
    assert text.startswith("# Optimal values")
    assert "2026-12-03 on 2 cores (a test)" in text
    assert "Scandinavian Yatzy, mean: 248.44 published, 248.4399894 here: reproduced." in text
    assert "Yahtzee, forced joker, mean: 254.5877 published, 254.5900000 here: NOT reproduced." in text
    assert "Kniffel" not in text.split("## Published")[0]  # only the games measured are in the table
    assert "100,000 games of the optimal strategy" in text
    assert script.table({}).count("\n") == 1


def test_wilson_interval(script: ModuleType) -> None:
    lo, hi = script.wilson(0.5, 100)
    assert 0.40 < lo < 0.41
    assert 0.59 < hi < 0.60
    assert script.wilson(0.0, 10)[0] == 0.0
