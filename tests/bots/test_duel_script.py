"""benchmarks/duel.py on a few games of Yacht: the line it prints and the paired figure's parts.

The measurement itself (tens of thousands of games) runs in the script, not here.
"""

from __future__ import annotations

import importlib.util
import re
import sys
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
    path, had_bots = list(sys.path), "bots" in sys.modules
    sys.path.insert(0, str(BENCHMARKS))  # the script imports its neighbour bots.py by name
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = path
        if not had_bots:  # tests/bots/test_bench_dask.py loads bots.py under that name itself
            sys.modules.pop("bots", None)
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
    low, high = script.wilson(30 / 40, 40)
    assert low < 30 / 40 < high
    assert script.wilson(0, 0) == (0.0, 1.0)


def test_lines_sum_up_in_slices(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert script.main(["--variant", "yacht", "--games", "3", "--seed", "5", "--lines", str(first)]) == 0
    assert script.main(["--variant", "yacht", "--games", "3", "--seed", "8", "--lines", str(second)]) == 0
    capsys.readouterr()
    assert script.main(["--variant", "yacht", "--games", "6", "--seed", "5"]) == 0
    whole = capsys.readouterr().out.strip()
    with second.open("a", encoding="utf-8") as out:
        out.write('{"seed": 99, "won"')  # a run killed while writing its last line
    assert script.main(["--variant", "yacht", "--summary", str(first), str(second)]) == 0
    summed = capsys.readouterr().out.strip()
    assert summed.startswith("yacht, 6 games (seeds 5..10), endgame 4: won ")
    # the same figures as the six games in one run (the time of a game aside)
    assert summed.split("; duel game")[0] == whole.split("; duel game")[0]
    rows = script.read_lines([first, second])
    assert [row["seed"] for row in rows] == list(range(5, 11))
    assert all(row["seat"] == row["seed"] % 2 for row in rows)


def test_an_empty_summary_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "none.jsonl"
    empty.write_text("", encoding="utf-8")
    assert _script().main(["--summary", str(empty)]) == 1
