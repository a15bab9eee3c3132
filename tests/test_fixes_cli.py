"""Issue 12, items 11-15: the command line with untrusted text, endless input, Ctrl-C and bad limits.

The signal tests run the real command in a subprocess and wait for it with a bound
(a hang fails the test); they assert on exit statuses and files, never on durations.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import yamskit
from yamskit import Move, Roll, Score
from yamskit.bots.simulate import max_jobs
from yamskit.cli import main
from yamskit.records import GameRecord, check_record

WAIT = 120  # seconds: the bound on waiting for a subprocess (only a hang reaches it)
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and /dev/zero")


def command(*args: str, **popen: object) -> subprocess.Popen[bytes]:
    env = {**os.environ, "COLUMNS": "100", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "yamskit", *args], env=env, **popen)  # type: ignore[call-overload,no-any-return]


def read_until(process: subprocess.Popen[bytes], marker: bytes) -> bytes:
    """Read the process's stdout until ``marker`` shows (bounded by WAIT)."""
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + WAIT
    while marker not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"no {marker!r} in {seen[-500:]!r}"
        ready, _, _ = select.select([process.stdout], [], [], left)
        if ready:
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, f"output ended before {marker!r}: {seen[-500:]!r}"
            seen += chunk
    return seen


def children(pid: int) -> set[int]:
    """The process ids whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def descendants(pid: int) -> set[int]:
    """Children, grandchildren... of ``pid`` (workers may hang below a fork server)."""
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def record_file(tmp_path: Path, name: str, players: tuple[str, ...] = ("Ann",), **fields: object) -> Path:
    moves = (Move(0, Roll(outcome="12345")), Move(0, Score("chance")))
    record = GameRecord("classic", players=players, seed=3, moves=moves[: len(players) * 2], **fields)  # type: ignore[arg-type]
    path = tmp_path / name
    path.write_text(json.dumps(record.to_data()), encoding="utf-8")
    return path


# ---------------------------------------------------------------- 14. Ctrl-C
@posix_only
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("engine", ["auto", "games"])  # auto: the numpy batch engine's pool, when numpy is here
def test_simulate_with_jobs_stops_on_ctrl_c_with_status_130(engine: str) -> None:
    process = command(
        "simulate", "classic", "-n", "5000000", "--jobs", "2", "--bot", "greedy", "--engine", engine, "--json",
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + WAIT
    while len(descendants(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = descendants(process.pid)
    assert len(workers) >= 2, "the worker processes never started"
    time.sleep(1)  # let the workers take up games
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=WAIT) == 130
    deadline = time.monotonic() + WAIT  # a bound for a hang, not a speed requirement
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers)


@posix_only
def test_play_saves_the_record_on_ctrl_c(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    process = command(
        "play", "classic", "--players", "Ann", "--seed", "4", "--save", str(target),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    assert process.stdin is not None
    read_until(process, b"Ann> ")
    process.stdin.write(b"roll\n")
    process.stdin.flush()
    read_until(process, b"Ann> ")
    process.send_signal(signal.SIGINT)
    rest = process.communicate(timeout=WAIT)[0]
    assert process.returncode == 130
    assert b"Record saved" in rest
    report = check_record(target.read_text(encoding="utf-8"))
    assert (report.valid, report.moves, report.finished) == (True, 1, False)


@pytest.mark.parametrize("where", ["directory", "missing"])
def test_play_checks_the_save_path_before_the_game_starts(
    tmp_path: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path if where == "directory" else tmp_path / "no" / "such" / "game.json"
    assert main(["play", "classic", "--bots", "1", "--seed", "1", "--save", str(path)]) == 2
    captured = capsys.readouterr()
    assert "cannot save the record" in captured.err
    assert "seed 1" not in captured.out  # refused before the game began


def test_exit_status_130_is_documented() -> None:
    text = Path(__file__).parents[1].joinpath("docs", "reference", "cli.md").read_text(encoding="utf-8")
    assert "130" in text


# ---------------------------------------------------------------- 13. size limit while reading
@posix_only
def test_check_stops_reading_an_endless_input(tmp_path: Path) -> None:
    with Path("/dev/zero").open("rb") as zeros:
        process = command("check", "-", stdin=zeros, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, _ = process.communicate(timeout=WAIT)
    assert process.returncode == 2
    assert b"larger than" in out


# ---------------------------------------------------------------- 12. untrusted text in output
def test_check_escapes_control_characters_and_lone_surrogates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = record_file(tmp_path, "forged.json", players=("Ann\nforged.json: valid: 99 moves",))
    surrogate = tmp_path / "surrogate.json"
    surrogate.write_text(
        record_file(tmp_path, "plain.json").read_text(encoding="utf-8").replace('"Ann"', '"Ann\\ud800"'),
        encoding="utf-8",
    )
    assert main(["check", str(forged), str(surrogate), str(tmp_path / "plain.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert all(": valid: 2 moves" in line for line in lines)
    assert "Ann\\x0aforged.json" in lines[0]
    assert "Ann\\ud800" in lines[1]


@posix_only
def test_check_with_a_surrogate_name_in_a_real_process_reports_valid(tmp_path: Path) -> None:
    path = tmp_path / "surrogate.json"
    path.write_text(
        record_file(tmp_path, "plain.json").read_text(encoding="utf-8").replace('"Ann"', '"Ann\\ud800"'),
        encoding="utf-8",
    )
    process = command("check", str(path), str(tmp_path / "plain.json"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate(timeout=WAIT)
    assert (process.returncode, err) == (0, b"")
    assert out.count(b": valid:") == 2


# ---------------------------------------------------------------- 15. limits and messages
@posix_only
def test_a_broken_pipe_with_files_left_is_not_success(tmp_path: Path) -> None:
    files = [str(record_file(tmp_path, f"r{i}.json")) for i in range(40)]
    process = command("check", *files, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()  # the reader goes away before anything is written
    _, err = process.communicate(timeout=WAIT)
    assert process.returncode == 2
    assert b"Traceback" not in err


def test_jobs_are_capped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "-n", "2", "--jobs", str(max_jobs() + 1)]) == 2
    assert f"--jobs must be 1 to {max_jobs()}" in capsys.readouterr().err
    with pytest.raises(yamskit.RuleConfigError, match="jobs"):
        yamskit.bots.simulate.simulate("classic", 2, jobs=max_jobs() + 1)


@pytest.mark.parametrize("bins", ["0", "-3"])
def test_histogram_bins_must_be_positive(bins: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "-n", "2", "--bins", bins]) == 2
    assert "--bins must be 1 or more" in capsys.readouterr().err


def test_an_option_that_is_not_json_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "classic", "-o", "yams_bonus=1.5"]) == 2
    assert "yams_bonus=1.5 is not valid JSON" in capsys.readouterr().err
    assert main(["rules", "classic", "-o", "joker=free"]) == 0


# ---------------------------------------------------------------- 11. --strict-dice
def test_check_strict_dice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = yamskit.variant("classic").new_game(players=["Ann"], seed=5).apply(Roll()).apply(Score("chance"))
    record = GameRecord.from_game(game)
    drawn = record.moves[0].action
    assert isinstance(drawn, Roll)
    faces = "66666" if str(drawn.outcome) != "66666" else "11111"
    forged = GameRecord("classic", players=("Ann",), seed=5, moves=(Move(0, Roll(outcome=faces)), record.moves[1]))
    honest_path, forged_path = tmp_path / "honest.json", tmp_path / "forged.json"
    honest_path.write_text(record.dump(), encoding="utf-8")
    forged_path.write_text(forged.dump(), encoding="utf-8")
    assert main(["check", str(honest_path), str(forged_path)]) == 0
    assert main(["check", "--strict-dice", str(honest_path)]) == 0
    assert main(["check", "--strict-dice", str(forged_path)]) == 1
    assert "strict dice" in capsys.readouterr().out
