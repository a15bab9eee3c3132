"""benchmarks/duel_bound.py: its bound is the clairvoyant one, summed right, and its file is kept whole.

The bounds of the presets themselves (Generala's target table, some seconds each) are worked
out by the script; docs/explanation/duels.md records them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

import yamskit
from tests.benchmark_scripts import BENCHMARKS, benchmark_script
from yamskit.scorecard.game_rules import OpensAfter, ServedBonus, ServedWin
from yamskit.solver import solve

from .test_target import SHEETS, oracle_chance

if not (BENCHMARKS / "duel_bound.py").is_file():
    pytest.skip("no benchmarks/ here (the source distribution does not carry it)", allow_module_level=True)


@pytest.fixture(scope="module")
def script() -> Iterator[ModuleType]:
    with benchmark_script("duel_bound.py", neighbours=("bots", "optimal_values")) as module:
        yield module


@pytest.mark.parametrize("name", ["1 die, 3 boxes", "2 dice, 2 boxes"])
def test_the_bound_sums_the_best_chance_of_each_final_score_of_the_optimum(script: ModuleType, name: str) -> None:
    variant = SHEETS[name]
    opponent = solve(variant, quiet=True).distribution()
    exact = sum(
        (Fraction(p) * oracle_chance(variant, opponent.minimum + i) for i, p in enumerate(opponent.probabilities)),
        Fraction(0),
    )
    found = script.bound(variant)
    assert found["served_win"] == 0.0
    assert found["bound"] == found["clairvoyant"] == round(float(exact), 4)
    # no lower than the optimum against itself, a draw counted whole
    p = opponent.probabilities
    itself = sum(p[i] * sum(p[: i + 1]) for i in range(len(p)))
    assert itself - 1e-4 <= found["bound"] <= 1


def test_generala_is_bounded_on_its_sheet_without_the_served_win(script: ModuleType) -> None:
    generala = yamskit.variant("generala")
    plain = script.without_served_win(generala)
    assert [type(r) for r in plain.rules.placement_rules] == [ServedBonus, OpensAfter]
    assert plain.rules.rows == generala.rules.rows
    assert script.without_served_win(yamskit.variant("crag")) == yamskit.variant("crag")
    assert script.served_chance(generala) == pytest.approx(1 - (1 - 1 / 1296) ** 11)
    assert script.served_chance(yamskit.variant("yacht")) == 0.0
    assert any(isinstance(r, ServedWin) for r in generala.rules.placement_rules)


def test_main_prints_and_merges_its_file(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = tmp_path / "bounds.json"
    kept.write_text(json.dumps({"other": {"bound": 0.5}}), encoding="utf-8")
    script.main(["--variant", "crag", "--json", str(kept)])
    first, line = capsys.readouterr().out.strip().splitlines()
    assert "cores" in first
    assert json.loads(line)["variant"] == "crag"
    saved = json.loads(kept.read_text(encoding="utf-8"))
    assert sorted(saved) == ["crag", "other"]
    assert saved["crag"]["bound"] == json.loads(line)["bound"]
    assert [p.name for p in tmp_path.iterdir()] == ["bounds.json"]  # no temporary file left
