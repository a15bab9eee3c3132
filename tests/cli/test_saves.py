"""``yamskit play --save``: written whole or not at all, never over another file, and resumed with ``--resume``.

Each case runs the real command in a subprocess; the full disk is a file size limit
(``RLIMIT_FSIZE``) set in the child, so the write fails for real.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from yamskit import GameRecord, Roll
from yamskit.records import check_record

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX resource limits")


def run(*args: str | Path, stdin: str = "", limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def limit_file_size() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "yamskit", *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        preexec_fn=limit_file_size,
    )


def one_line(done: subprocess.CompletedProcess[str], status: int, *words: str) -> str:
    assert done.returncode == status, done
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    for word in words:
        assert word in line, line
    return line


def hot_seat_save(path: Path, moves: str = "1\n") -> None:
    """Ann against a hard bot: Ann types ``moves``, then quits; the save holds the game so far."""
    done = run(
        "play", "classic", "--players", "Ann", "--bots", "1", "--level", "hard", "--seed", "11", "--save", path,
        stdin=moves + "quit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


@posix_only
def test_a_full_disk_leaves_the_previous_save_whole_and_says_which_file_in_one_line(tmp_path: Path) -> None:
    # 0.1.0 rewrote the file in place: a full disk left a truncated record and a traceback
    save = tmp_path / "game.json"
    hot_seat_save(save)
    before = save.read_bytes()
    done = run("play", "--resume", save, stdin="1\n1\n1\nquit\n", limit=len(before) + 10)
    line = one_line(done, 1, str(save), "File too large")
    assert line.startswith("yamskit: error: cannot write the record to")
    assert save.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary file left


def test_a_save_into_a_folder_that_became_unwritable_fails_in_one_line(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    folder = tmp_path / "ro"
    folder.mkdir()
    save = folder / "game.json"
    hot_seat_save(save)
    before = save.read_bytes()
    folder.chmod(0o500)
    try:
        one_line(run("play", "--resume", save, stdin="1\nquit\n"), 2, str(save), "not writable")
    finally:
        folder.chmod(0o700)
    assert save.read_bytes() == before


def test_play_refuses_to_overwrite_a_file_that_is_not_a_save_of_this_game(tmp_path: Path) -> None:
    # 0.1.0 overwrote any file without a word
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    one_line(run("play", "classic", "--bots", "2", "--seed", "1", "--save", notes), 2, str(notes), "--force")
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    other = tmp_path / "other.json"
    assert run("play", "classic", "--bots", "2", "--seed", "1", "--save", other).returncode == 0
    saved = other.read_text(encoding="utf-8")
    one_line(run("play", "classic", "--bots", "2", "--seed", "2", "--save", other), 2, "not a save of this game")
    assert other.read_text(encoding="utf-8") == saved
    # the same game again may overwrite its own save; --force overwrites anything
    assert run("play", "classic", "--bots", "2", "--seed", "1", "--save", other).returncode == 0
    assert run("play", "classic", "--bots", "2", "--seed", "3", "--save", notes, "--force").returncode == 0
    assert check_record(notes.read_text(encoding="utf-8")).valid


def test_resume_continues_the_saved_game_with_its_bots_levels_and_dice(tmp_path: Path) -> None:
    # 0.1.0 could not resume a game from the command line
    save = tmp_path / "game.json"
    hot_seat_save(save, moves="1\n1\n")
    record = GameRecord.load(save.read_text(encoding="utf-8"))
    assert record.metadata["play"] == {"bots": {"Bot 1": {"level": "hard", "seed": 11}}, "dice": "seed"}
    saved_moves = len(record.moves)
    done = run("play", "--resume", save, stdin="1\n" * 400)
    assert done.returncode == 0, done.stderr
    assert f"resumed from {save} after {saved_moves} moves" in done.stdout
    finished = GameRecord.load(save.read_text(encoding="utf-8"))
    assert finished.moves[:saved_moves] == record.moves
    assert check_record(finished).finished
    # the game is the one the library plays: same dice stream, the same hard bot
    from yamskit.bots import player

    game = record.to_game()
    bot = player(game.variant, "hard", seed=11)
    for move in finished.moves[saved_moves:]:
        if game.players[game.current_player] == "Bot 1":
            chosen = bot.choose(game)
            assert chosen.keep == move.action.keep if isinstance(chosen, Roll) else chosen == move.action
        if isinstance(move.action, Roll):  # the faces come from the saved dice stream
            game = game.apply(Roll(keep=move.action.keep))
            assert game.history[-1] == move
        else:
            game = game.apply(move.action)
    assert game == finished.to_game()
    assert GameRecord.load(save.read_text(encoding="utf-8")).to_game().is_over  # a plain load still works


def test_resume_refuses_options_the_save_already_fixes_and_files_that_are_not_saves(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    hot_seat_save(save)
    one_line(run("play", "classic", "--resume", save), 2, "--resume", "VARIANT")
    one_line(run("play", "--resume", save, "--bots", "2"), 2, "--bots")
    junk = tmp_path / "junk.json"
    junk.write_text("{}", encoding="utf-8")
    one_line(run("play", "--resume", junk), 2)
    data = json.loads(save.read_text(encoding="utf-8"))
    data["metadata"]["play"]["bots"]["Bot 1"]["level"] = "godlike"
    junk.write_text(json.dumps(data), encoding="utf-8")
    one_line(run("play", "--resume", junk), 2, "metadata.play")
    one_line(run("play", "--resume", tmp_path / "missing.json"), 2, "cannot read")
    one_line(run("play"), 2, "VARIANT", "--resume")
