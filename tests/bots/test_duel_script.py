"""benchmarks/duel.py on a few games of Yacht: the line it prints and the paired figure's parts.

The measurement itself (tens of thousands of games) runs in the script, not here.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
if not (BENCHMARKS / "duel.py").is_file():
    pytest.skip("no benchmarks/ here (the source distribution does not carry it)", allow_module_level=True)


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("duel_under_test", BENCHMARKS / "duel.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_few_games_print_both_figures(capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    assert script.main(["--variant", "yacht", "--games", "6", "--seed", "3"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("yacht, 6 games (seeds 3..8), endgame 4: won ")
    won = float(re.search(r"won ([\d.]+)%", line).group(1))  # type: ignore[union-attr]
    assert 0 <= won <= 100
    assert abs(won * 6 / 50 - round(won * 6 / 50)) < 0.01  # whole games, a draw half
    assert "paired" in line


def test_the_wilson_interval_holds_the_share() -> None:
    script = _script()
    low, high = script.wilson(30, 40)
    assert low < 30 / 40 < high
    assert script.wilson(0, 0) == (0.0, 1.0)
