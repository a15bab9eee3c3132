"""After a plain ``pip install yamskit`` (no extras), every command works.

The wheel is built from this checkout and installed, with its real dependencies
(resolved by pip, never ``--no-deps``), into a bare virtual environment that has
neither rich nor numpy. Each command then runs through the installed ``yamskit``
script.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import yamskit

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def _run(*args: str | Path, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run a command without the caller's PYTHONPATH, so the bare venv sees only what pip installed in it.

    (With PYTHONPATH pointing at a checkout's src/, pip in the bare venv would take the
    checkout's yamskit.egg-info for an installed yamskit and skip the wheel and its script.)
    """
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    return subprocess.run(
        [str(a) for a in args], input=stdin, capture_output=True, text=True, timeout=900, check=False, cwd=cwd, env=env
    )


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory, source_tree: Path) -> Path:
    """The ``bin`` directory of a fresh venv holding the yamskit wheel and its dependencies only."""
    base = tmp_path_factory.mktemp("bare")
    wheels = base / "wheels"
    built = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels, source_tree)
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("yamskit-*.whl")
    venv.create(base / "venv", with_pip=True)
    bin_dir = base / "venv" / "bin"
    installed = _run(bin_dir / "python", "-m", "pip", "install", "-q", wheel)
    assert installed.returncode == 0, installed.stderr
    return bin_dir


def test_the_bare_venv_has_no_extras(bare: Path) -> None:
    for module in ("rich", "numpy"):
        done = _run(bare / "python", "-c", f"import {module}")
        assert done.returncode == 1, f"{module} is installed in the bare venv"
    done = _run(bare / "yamskit", "--version")
    assert done.returncode == 0, done.stderr
    assert yamskit.__version__ in done.stdout


def test_play_with_bots_prints_the_result_and_saves_a_record_that_checks(bare: Path, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    done = _run(bare / "yamskit", "play", "classic", "--bots", "2", "--seed", "7", "--save", save)
    assert done.returncode == 0, done.stderr
    names = ["Bot 1", "Bot 2"]
    from yamskit.bots import play
    from yamskit.bots.simulate import make_bot

    result = play(yamskit.variant("classic").new_game(names, seed=7), [make_bot("greedy", seed=7 + i) for i in (0, 1)])
    result = result.result()
    assert ("Draw: " if result.is_draw else "Winner: ") + ", ".join(result.winner_names) in done.stdout
    checked = _run(bare / "yamskit", "check", "--require-finished", save)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "valid" in checked.stdout


def test_play_competitive_prints_the_duel_table(bare: Path) -> None:
    done = _run(bare / "yamskit", "play", "competitive", "--bots", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "Duel scores: Bot 1 " in done.stdout


def test_play_hot_seat_reads_a_move(bare: Path) -> None:
    done = _run(bare / "yamskit", "play", "yamslam", "--players", "Ann", "Bob", "--seed", "1", stdin="1\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "Game left unfinished." in done.stdout


def test_score_simulate_and_rules(bare: Path) -> None:
    done = _run(bare / "yamskit", "score", "classic", "22555")
    assert done.returncode == 0, done.stderr
    assert "full_house" in done.stdout
    assert done.stdout.splitlines()[-1].split() == ["chance", "19"]
    done = _run(bare / "yamskit", "simulate", "classic", "-n", "5", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "(game by game)" in done.stdout  # no numpy: no batch engine
    assert "Points histogram" in done.stdout
    done = _run(bare / "yamskit", "simulate", "yamslam", "-n", "2", "--svg", "h.svg", cwd=bare)
    assert done.returncode == 0, done.stderr
    assert (bare / "h.svg").read_text().startswith("<svg")
    done = _run(bare / "yamskit", "rules")
    assert done.returncode == 0, done.stderr
    # the built-in variants (this process may have registered more, e.g. from the docs' examples)
    assert {"challenge", "classic", "competitive", "yahtzee", "yam-master", "yamslam"} <= set(done.stdout.split())
    done = _run(bare / "yamskit", "rules", "challenge")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == yamskit.variant("challenge").describe().strip()
