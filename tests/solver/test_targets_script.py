"""benchmarks/targets.py on a small sheet: what it prints agrees with the solver it times.

The measurements themselves (Yahtzee's table, half an hour) run in the script, not here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import ModuleType

import pytest

import yamskit
from tests.benchmark_scripts import BENCHMARKS, benchmark_script
from yamskit.solver import solve, solve_target
from yamskit.solver.model import model_of
from yamskit.solver.target import table_size

if not (BENCHMARKS / "targets.py").is_file():
    pytest.skip("no benchmarks/ here (the source distribution does not carry it)", allow_module_level=True)


@pytest.fixture(scope="module")
def script() -> Iterator[ModuleType]:
    with benchmark_script("targets.py", neighbours=("bots", "optimal_values")) as module:
        yield module


def test_measure_reports_the_solver_s_chances_and_table(script: ModuleType) -> None:
    crag = yamskit.variant("crag")
    result = script.measure("crag", 60, mean_play=True)
    assert result["table_bytes"] == table_size(model_of(crag), 60) * 8
    assert result["target_play"] == round(solve_target(crag, 60).at_least(), 6)
    assert result["mean_play"] == round(solve(crag, quiet=True).distribution().at_least(60), 6)
    assert result["target_play"] >= result["mean_play"]
    assert result["cpu_s"] >= 0
    assert result["peak_mib"] > 0


def test_main_prints_the_machine_then_one_json_line(script: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    script.main(["--game", "crag", "--target", "30", "--no-mean-play"])
    first, last = capsys.readouterr().out.strip().splitlines()
    assert "cores" in first
    result = json.loads(last)
    assert (result["game"], result["target"]) == ("crag", 30)
    assert "mean_play" not in result
