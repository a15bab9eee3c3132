"""``yamskit play --level``: bots by level, in process through :func:`yamskit.cli.main`."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest

import yamskit
from yamskit.bots import play, player
from yamskit.cli import main


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as done:
            code = int(done.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_play_level_hard_plays_the_game_the_library_plays() -> None:
    code, out, _ = run("play", "yam-master", "--bots", "2", "--level", "hard", "--seed", "4")
    assert code == 0
    variant = yamskit.variant("yam-master")
    final = play(variant.new_game(["Bot 1", "Bot 2"], seed=4), [player(variant, "hard", seed=4 + i) for i in range(2)])
    assert final.is_over
    assert final.render() in out  # the same final board, and the outcome it states


def test_play_level_perfect_is_refused_where_no_solver_exists() -> None:
    code, _, err = run("play", "challenge", "--bots", "1", "--level", "perfect", "--seed", "1")
    assert code == 2
    # 0.1.0 said only "no 'perfect' level for challenge", even for classic without numpy
    (line,) = err.splitlines()
    assert "'challenge'" in line
    assert "classic, crag, kniffel, yacht, yahtzee, yatzy" in line  # the variants the solver handles
    assert "--level hard" in line


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_play_level_finishes_a_bots_game(level: str) -> None:
    code, out, _ = run("play", "yamslam", "--bots", "2", "--level", level, "--seed", "2")
    assert code == 0
    assert "Result" in out
