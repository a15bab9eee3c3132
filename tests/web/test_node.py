"""yamskit in Pyodide under Node plays every variant exactly as CPython does.

Pyodide is loaded from the installed npm package (``node_modules/pyodide`` of the build), the
yamskit and attrs wheels and the page's Python from the built bundle. Each variant, in
each of its modes, plays one seeded game between random and easy bots; the result, the
record, the save, the notation and the pictures must equal CPython's byte for byte. This
is the test run of Python 3.14, Pyodide's Python.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import yamskit
from yamskit.records import GameRecord, check_record

from .conftest import BUILT_IN, build_module, cases, need_node, page_module

HERE = Path(__file__).resolve().parent


def run_in_pyodide(bundle: Path, games: list[dict[str, object]], tmp_path: Path) -> dict[str, object]:
    """Play ``games`` in Pyodide under Node; what tests/web/pyodide_games.mjs writes."""
    node = need_node()
    cases_file, out_file = tmp_path / "cases.json", tmp_path / "out.json"
    cases_file.write_text(json.dumps(games), encoding="utf-8")
    script = HERE / "pyodide_games.mjs"
    pyodide = build_module().pyodide_package() / "pyodide.mjs"
    command = [node, str(script), str(pyodide), str(bundle), str(cases_file), str(out_file)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(out_file.read_text(encoding="utf-8")))


@pytest.mark.slow
def test_every_variant_plays_the_same_game_in_pyodide_as_in_cpython(bundle: Path, tmp_path: Path) -> None:
    games = cases()
    assert {game["name"] for game in games} == set(BUILT_IN)
    pyodide = run_in_pyodide(bundle, games, tmp_path)
    assert str(pyodide["python"]).startswith("3.14.")
    played = pyodide["games"]
    assert isinstance(played, list)
    page = page_module()
    for game, in_pyodide in zip(games, played, strict=True):
        in_cpython = page.autoplay(game["name"], game["mode"], game["bots"], game["seed"])
        assert in_pyodide["out"] == in_cpython, game  # byte for byte
        out = json.loads(in_cpython)
        assert out["over"], game
        assert out["moves"] > 0
        # the record replays into the saved game, and the referee accepts it with its totals
        assert GameRecord.load(out["record"]).to_game() == yamskit.load_game(out["save"])
        report = check_record(out["record"])
        assert report.valid, (game, report)
        claimed = GameRecord.load(out["record"]).claimed
        assert claimed is not None
        assert list(claimed.values()) == out["scores"], game
