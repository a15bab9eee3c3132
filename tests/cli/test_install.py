"""After a plain ``pip install yamskit`` (no extras), every command works, at every bot level.

The wheel is built from a copy of this checkout and installed, with its real
dependencies (resolved by pip, never ``--no-deps``: attrs and numpy), into a bare
virtual environment without any extra (no rich, no gymnasium). Each command then runs
through the installed ``yamskit`` script.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import yamskit
from yamskit._registry import builtin_names
from yamskit.bots import LEVELS
from yamskit.bots.strong import solvable

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


def solvable_sheet(name: str) -> bool:
    """Whether the exact solver plays the built-in ``name`` with its default options."""
    return solvable(yamskit.variant(name))


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


def test_the_bare_venv_has_numpy_and_no_extra(bare: Path) -> None:
    done = _run(bare / "python", "-c", "import numpy, attrs")
    assert done.returncode == 0, "numpy and attrs are yamskit's dependencies: pip installs them"
    for module in ("rich", "gymnasium"):
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


@pytest.mark.parametrize("level", LEVELS)
def test_play_at_every_level_after_a_plain_install(bare: Path, level: str) -> None:
    # 0.1.0: medium and hard crashed on a missing numpy, perfect gave a misleading refusal
    done = _run(bare / "yamskit", "play", "classic", "--bots", "2", "--level", level, "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "Result" in done.stdout
    # at most the one line a bot prints when it must solve the sheet first (not a terminal: no percentage)
    assert done.stderr in ("", "solving classic once (cached afterwards)... done\n"), done.stderr


@pytest.mark.parametrize("name", ["challenge", "competitive", "yam-master", "yamslam"])
def test_play_the_other_variants_with_strong_bots_and_refuse_perfect_in_one_line(bare: Path, name: str) -> None:
    done = _run(bare / "yamskit", "play", name, "--bots", "2", "--level", "medium", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "Result" in done.stdout
    done = _run(bare / "yamskit", "play", name, "--bots", "2", "--level", "perfect", "--seed", "3")
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert f"{name!r}" in line
    # every built-in one-column solitaire sheet is named, the presets too
    solvable = [n for n in builtin_names() if solvable_sheet(n)]
    assert {"classic", "yahtzee"} <= set(solvable)
    assert ", ".join(solvable) in line


def test_play_competitive_prints_the_duel_table(bare: Path) -> None:
    done = _run(bare / "yamskit", "play", "competitive", "--bots", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "Duel scores: Bot 1 " in done.stdout


def test_play_hot_seat_reads_a_move_and_resumes(bare: Path, tmp_path: Path) -> None:
    save = tmp_path / "hot.json"
    done = _run(
        bare / "yamskit", "play", "yamslam", "--players", "Ann", "--bots", "1", "--level", "hard", "--seed", "1",
        "--save", save, stdin="1\nquit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Game left unfinished." in done.stdout
    done = _run(bare / "yamskit", "play", "--resume", save, stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert "resumed from" in done.stdout


def test_score_check_simulate_advise_and_rules(bare: Path, tmp_path: Path) -> None:
    done = _run(bare / "yamskit", "score", "classic", "22555")
    assert done.returncode == 0, done.stderr
    assert "full_house" in done.stdout
    assert done.stdout.splitlines()[-1].split() == ["chance", "19"]
    done = _run(bare / "yamskit", "simulate", "classic", "-n", "2000", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "Engine: batch" in done.stdout  # 0.1.0 played these 2,000 games one by one, for 26 s
    assert "Points histogram" in done.stdout
    done = _run(bare / "yamskit", "simulate", "yamslam", "-n", "2", "--jobs", "2", "--svg", "h.svg", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "h.svg").read_text().startswith("<svg")
    notation = "classic Ann ,,,,,,,,,,,, 0:0 22555 3:5"
    done = _run(bare / "yamskit", "advise", "classic", notation, "--cache", tmp_path / "cache")
    assert done.returncode == 0, done.stderr
    assert "keep 555" in done.stdout
    record = tmp_path / "r.json"
    done = _run(bare / "yamskit", "play", "yam-master", "--bots", "2", "--level", "easy", "--save", record)
    assert done.returncode == 0, done.stderr
    done = _run(bare / "yamskit", "check", "--json", record)
    assert done.returncode == 0, done.stdout + done.stderr
    done = _run(bare / "yamskit", "rules")
    assert done.returncode == 0, done.stderr
    # the built-in variants (this process may have registered more, e.g. from the docs' examples)
    assert {"challenge", "classic", "competitive", "yahtzee", "yam-master", "yamslam"} <= set(done.stdout.split())
    done = _run(bare / "yamskit", "rules", "challenge")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == yamskit.variant("challenge").describe().strip()


_WITHOUT_NUMPY = (
    "import sys; sys.modules['numpy'] = None; sys.argv[0] = 'yamskit'; from _yamskit_cli import main; sys.exit(main())"
)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "classic", "--bots", "1", "--level", "hard"], "--level hard needs numpy"),
        (["advise", "classic", "classic Ann ,,,,,,,,,,,, 0:0 22555 3:5"], "advise needs numpy"),
    ],
)
def test_without_numpy_a_command_that_needs_it_says_so_in_one_line(bare: Path, args: list[str], words: str) -> None:
    # Pyodide pages may run without numpy: one line, no traceback
    done = _run(bare / "python", "-c", _WITHOUT_NUMPY, *args)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()
    assert words in line
    assert "pip install numpy" in line


def test_without_numpy_simulate_says_why_it_plays_game_by_game(bare: Path) -> None:
    done = _run(bare / "python", "-c", _WITHOUT_NUMPY, "simulate", "classic", "-n", "3")
    assert done.returncode == 0, done.stderr
    assert "Engine: games (game by game; the batch engine does not apply: it needs numpy" in done.stdout
    assert "numpy is not installed" in done.stderr
