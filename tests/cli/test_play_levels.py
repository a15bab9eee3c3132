"""``yamskit play --level``: bots by level, in process through :func:`yamskit.cli.main`."""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

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
    assert "classic, crag, generala, kniffel, yacht, yahtzee, yatzy" in line  # the variants the solver handles
    assert "--level hard" in line


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_play_level_finishes_a_bots_game(level: str) -> None:
    code, out, _ = run("play", "yamslam", "--bots", "2", "--level", level, "--seed", "2")
    assert code == 0
    assert "Result" in out


def test_play_level_expert_finishes_a_game_and_saves_its_thinking_time(tmp_path) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "game.json"
    args = ("play", "yamslam", "-o", "mode=solo", "--bots", "1", "--level", "expert", "--decision-time", "0.001")
    code, out, err = run(*args, "--seed", "3", "--save", str(save))
    assert code == 0, err
    assert "Result" in out or "Place" in out
    bots = yamskit.GameRecord.load(save.read_text()).metadata["play"]["bots"]
    assert bots == {"Bot 1": {"level": "expert", "decision_ms": 1, "seed": 3}}


def test_an_expert_seat_with_its_thinking_time_is_a_seat_play_can_resume() -> None:
    from yamskit.cli.play import _bot, _is_seat

    players = ("Bot 1",)
    assert _is_seat("Bot 1", {"level": "expert", "decision_ms": 250, "seed": 1}, players)
    assert not _is_seat("Bot 1", {"level": "hard", "decision_ms": 250, "seed": 1}, players)
    assert not _is_seat("Bot 1", {"level": "expert", "decision_ms": 0.5, "seed": 1}, players)
    bot = _bot(yamskit.variant("yamslam"), {"level": "expert", "decision_ms": 250, "seed": 1})
    assert getattr(bot, "decision_time", None) == 0.25


@pytest.mark.parametrize(
    ("extra", "message"),
    [(("--level", "hard"), "--level expert"), (("--level", "expert"), "0.001 to 600"), ((), "--level expert")],
)
def test_play_decision_time_needs_the_expert_level_and_a_sensible_time(extra: tuple[str, ...], message: str) -> None:
    time = "0" if extra == ("--level", "expert") else "1"
    code, _, err = run("play", "yamslam", "--bots", "2", "--decision-time", time, "--seed", "1", *extra)
    assert code == 2
    (line,) = err.splitlines()
    assert message in line


def test_play_level_perfect_says_once_that_it_solves_then_reads_the_cache(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from yamskit.bots import strong

    monkeypatch.setenv("YAMSKIT_CACHE", str(tmp_path))
    strong._STRATEGIES.clear()
    code, out, err = run("play", "yacht", "--bots", "1", "--level", "perfect", "--seed", "5")
    assert code == 0
    (line,) = err.splitlines()
    assert line.startswith("solving yacht once (cached afterwards)...")
    assert line.endswith("done")
    strong._STRATEGIES.clear()  # a new run: the strategy comes from the disk, silently
    again = run("play", "yacht", "--bots", "1", "--level", "perfect", "--seed", "5")
    assert again == (0, out, "")
    strong._STRATEGIES.clear()


def test_an_expert_without_its_store_strategy_says_how_to_get_it(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("YAMSKIT_CACHE", str(tmp_path))  # an empty cache: Maxi Yatzy's store is not solved
    args = ("play", "maxi-yatzy", "--bots", "1", "--level", "expert", "--decision-time", "0.001", "--seed", "4")
    code, out, err = run(*args)
    assert code == 0, err
    assert "Result" in out
    assert "the expert plays maxi-yatzy by rollouts until its store strategy is solved" in err
    # a sheet with saved throws whose store solves within the time budget: played by it, no hint
    from yamskit.categories import Category, total, upper

    def small() -> yamskit.ScorecardVariant:
        rows = [upper(5), upper(6), Category("chance", total)]
        return yamskit.ScorecardVariant.define("play-saving", rows=rows, dice=3, saved_throws=True)

    yamskit.register_variant("play-saving", small, replace=True)
    code, out, err = run("play", "play-saving", "--bots", "1", "--level", "expert", "--seed", "4")
    assert code == 0, err
    assert "Result" in out
    assert "by rollouts" not in err
    assert list(tmp_path.glob("play-saving-store4-*.npz"))  # solved and kept for the next run


def _quick_solo_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solo Yamslam's values forgotten by the process, then solved at once (the real solve takes 20 s, tested apart)."""
    import numpy as np

    from yamskit.variants.yamslam import solo

    def quick(progress: Callable[[int, int], None] | None = None) -> solo.SoloValues:
        if progress is not None:
            progress(solo.POSITIONS, solo.POSITIONS)
        return solo.SoloValues(np.zeros(solo.POSITIONS))

    monkeypatch.setattr(solo, "_VALUES", type(solo._VALUES)("example solo values", size=1, key="none: a test's own"))
    monkeypatch.setattr(solo, "solve_solo", quick)


def test_play_level_perfect_solves_solo_yamslam_once_then_reads_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("YAMSKIT_CACHE", str(tmp_path))
    args = ("play", "yamslam", "-o", "mode=solo", "--bots", "1", "--level", "perfect", "--seed", "5")
    _quick_solo_solve(monkeypatch)
    code, out, err = run(*args)
    assert code == 0, err
    assert "Result" in out
    (line,) = err.splitlines()
    assert line == "solving yamslam once (cached afterwards)... done"
    _quick_solo_solve(monkeypatch)  # a new process: the values come from the disk, silently
    assert run(*args) == (0, out, "")


def test_an_expert_of_solo_yamslam_without_its_values_says_how_to_get_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("YAMSKIT_CACHE", str(tmp_path))
    _quick_solo_solve(monkeypatch)
    args = ("play", "yamslam", "-o", "mode=solo", "--bots", "1", "--level", "expert", "--decision-time", "0.001")
    code, out, err = run(*args, "--seed", "4")
    assert code == 0, err
    assert "Result" in out
    assert "the expert plays yamslam by rollouts until its exact values are solved" in err
    assert not list(tmp_path.iterdir())  # nothing solved unasked
    code, _, err = run("play", "yamslam", "--bots", "2", "--level", "expert", "--decision-time", "0.001", "--seed", "4")
    assert code == 0, err
    assert "exact values" not in err  # with opponents there are none to solve
