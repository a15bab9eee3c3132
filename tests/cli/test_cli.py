"""The ``yamskit`` command, through a subprocess (``python -m yamskit``) and in process (``main``).

Subprocesses are slow to start, so each command gets a few of them (output, exit
status, bad input); the per-variant and edge cases call :func:`yamskit.cli.main`.

The signal tests (Ctrl-C) run the real command in a subprocess and wait for it with a
bound (a hang fails the test); they assert on exit statuses and files, never on durations.
The same goes for endless input and a reader that goes away.
"""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

import yamskit
from tests.processes import WAIT, alive, descendants, wait_until
from yamskit import GameRecord, Move, Roll, Score
from yamskit.bots import RandomPlayer, play
from yamskit.bots.simulate import BotKind, make_bot, max_jobs, simulate
from yamskit.cli import action_id, main
from yamskit.records import check_record

VARIANTS = yamskit.variant_names()


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "yamskit", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def assert_one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("yamskit: error:")
    for word in words:
        assert word in lines[0]


def bots_final(name: str, seed: int, bots: int = 2, kind: BotKind = "greedy") -> Any:
    """The final state of the game ``yamskit play NAME --bots N --seed S --bot KIND`` plays, through the library."""
    names = [f"Bot {i + 1}" for i in range(bots)]
    state = yamskit.variant(name).new_game(names, seed=seed)
    return play(state, [make_bot(kind, seed=seed + i) for i in range(bots)])


def bots_game(name: str, seed: int, bots: int = 2, kind: BotKind = "greedy") -> yamskit.Result:
    """The result of the game ``yamskit play NAME --bots N --seed S --bot KIND`` plays."""
    return bots_final(name, seed, bots, kind).result()  # type: ignore[no-any-return]


def scorecard_variants() -> list[str]:
    return [n for n in VARIANTS if hasattr(yamskit.variant(n), "rows")]


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


def record_file(tmp_path: Path, name: str, players: tuple[str, ...] = ("Ann",), **fields: object) -> Path:
    moves = (Move(0, Roll(outcome="12345")), Move(0, Score("chance")))
    record = GameRecord("classic", players=players, seed=3, moves=moves[: len(players) * 2], **fields)  # type: ignore[arg-type]
    path = tmp_path / name
    path.write_text(json.dumps(record.to_data()), encoding="utf-8")
    return path


# ---------------------------------------------------------------- play
def test_play_with_only_bots_plays_a_whole_game_and_prints_the_result() -> None:
    done = run("play", "classic", "--bots", "2", "--seed", "7")
    assert done.returncode == 0, done.stderr
    result = bots_game("classic", 7)
    assert "Result" in done.stdout
    assert "Winner: " + ", ".join(result.winner_names) in done.stdout
    for name, points in zip(result.players, result.scores, strict=True):
        assert any(name in line and line.rstrip(" │").endswith(str(points)) for line in done.stdout.splitlines())


def test_play_hot_seat_reads_numbers_and_ids_and_survives_bad_input(tmp_path: Path) -> None:
    script = ["", "nonsense", "0", "999", "score", "?", "roll", "keep 6", "1"] + ["1"] * 400
    save = tmp_path / "game.json"
    done = run("play", "classic", "--players", "Ann", "--seed", "3", "--save", str(save), stdin="\n".join(script))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "not a choice: 'nonsense'" in out
    assert "no choice 999" in out
    assert "Game over" in out
    assert "Winner: Ann" in out
    assert "Ann: roll ->" in out
    report = yamskit.check_record(save.read_text())
    assert report.valid
    assert report.finished


def test_play_ends_cleanly_when_input_ends(tmp_path: Path) -> None:
    save = tmp_path / "half.json"
    done = run(
        "play", "yahtzee", "--players", "Ann", "Bob", "--bots", "1", "--seed", "5", "--save", str(save), stdin="1\n"
    )
    assert done.returncode == 0, done.stderr
    assert "Input ended" in done.stdout
    report = yamskit.check_record(save.read_text())
    assert report.valid
    assert not report.finished
    assert report.moves == 1


def test_play_refuses_a_bad_variant_and_bad_seat_counts() -> None:
    assert_one_line_error(run("play", "nope", "--bots", "2"), "unknown variant 'nope'", "classic")


@pytest.mark.parametrize("name", VARIANTS)
def test_play_with_bots_finishes_every_variant_and_saves_a_valid_record(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    assert main(["play", name, "--bots", "2", "--seed", "4", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    final = bots_final(name, 4)
    result = final.result()
    outcome = final.render().rstrip().splitlines()[-1]  # "Game over. Winner: Bot 2", a draw, the end's reason
    assert "game over" in outcome.lower()
    assert out.count(outcome) == 1
    assert result.headline not in out.replace(outcome, "")  # the winner is named once (0.1.0: twice)
    report = yamskit.check_record(save.read_text())
    assert report.valid
    assert report.finished
    assert report.scores == result.scores


@pytest.mark.parametrize("name", VARIANTS)
def test_hot_seat_against_a_bot_finishes_every_variant(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(["1"] * 3000)))
    code = main(["play", name, "--players", "Ann", "--bots", "1", "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Game over" in out


def test_quit_leaves_the_game(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("roll\nquit\n1\n"))
    assert main(["play", "classic", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Game left unfinished" in out
    assert "You: roll ->" in out


def test_action_ids_name_every_listed_action_once() -> None:
    state = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome="12345"))
    ids = [action_id(a) for a in state.legal_actions()]
    assert len(set(ids)) == len(ids)
    assert "score large_straight" in ids
    assert "keep 1234" in ids


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


# ---------------------------------------------------------------- score
def test_score_prints_one_row_s_points_and_every_row() -> None:
    name = scorecard_variants()[0]
    variant = yamskit.variant(name)
    row = variant.rows[-1]
    done = run("score", name, row, "33325")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(variant.score(row, "33325"))
    done = run("score", name, "33325")
    assert done.returncode == 0, done.stderr
    for r in variant.rows:
        line = next(line for line in done.stdout.splitlines() if line.split()[:1] == [r])
        assert line.rstrip(" │").endswith(str(variant.score(r, "33325")))


@pytest.mark.parametrize("name", scorecard_variants())
def test_score_matches_the_library_for_every_scorecard_variant(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    variant = yamskit.variant(name)
    roll = ("22555" + "234")[: variant.rules.dice]  # a roll of the variant's own dice: 225 for crag, 225552 for six
    for row in variant.rows:
        assert main(["score", name, row, roll]) == 0
        assert capsys.readouterr().out.strip() == str(variant.score(row, roll))


def test_score_refuses_bad_input_with_one_line() -> None:
    assert_one_line_error(run("score", "classic", "no_such_row", "33325"), "unknown row")
    assert_one_line_error(run("score", "classic", "chance", "3332"), "5 dice")
    assert_one_line_error(run("score", "classic", "chance", "33327"), "invalid face")


def test_score_refuses_in_process_cases(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "classic", "a", "b", "33325"]) == 2
    assert main(["score", "classic", "chance", "3,3,3,2,5"]) == 0
    assert main(["score", "classic", "-o", "joker", "12345"]) == 2
    assert main(["score", "no-such-variant", "12345"]) == 2
    err = capsys.readouterr().err
    assert "usage: yamskit score" in err
    assert "KEY=VALUE" in err
    assert "unknown variant" in err
    for name in VARIANTS:
        if not hasattr(yamskit.variant(name), "rows"):
            assert main(["score", name, "12345"]) == 2
            assert "scorecard" in capsys.readouterr().err


# ---------------------------------------------------------------- check
def _records(tmp_path: Path) -> tuple[Path, Path, Path]:
    state = play(yamskit.variant("classic").new_game(["Ann", "Bob"], seed=6), [RandomPlayer(1), RandomPlayer(2)])
    record = GameRecord.from_game(state, claimed=True)
    good = tmp_path / "good.json"
    good.write_text(record.dump())
    moves = list(record.moves)
    moves[1] = Move(1 - moves[1].player, moves[1].action)  # out of turn
    bad = tmp_path / "bad.json"
    bad.write_text(attrs.evolve(record, moves=moves).dump())
    broken = tmp_path / "broken.json"
    broken.write_text(record.dump()[:-40])
    return good, bad, broken


def test_check_exit_status_is_0_1_or_2(tmp_path: Path) -> None:
    good, bad, broken = _records(tmp_path)
    expected = yamskit.check_record(bad.read_text())
    assert expected.index is not None
    done = run("check", str(good))
    assert done.returncode == 0, done
    assert "valid" in done.stdout
    done = run("check", str(good), str(bad), "--verbose")
    assert done.returncode == 1
    assert f"illegal move {expected.index}" in done.stdout
    assert str(expected.error) in done.stdout
    assert "State before that move" in done.stdout
    done = run("check", str(good), str(bad), str(broken), str(tmp_path / "missing.json"))
    assert done.returncode == 2
    assert "bad record" in done.stdout
    assert "cannot read" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_check_reads_standard_input_and_prints_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad, _ = _records(tmp_path)
    done = run("check", "--json", "-", str(bad), stdin=good.read_text())
    assert done.returncode == 1
    reports = json.loads(done.stdout)
    assert [r["valid"] for r in reports] == [True, False]
    assert reports[1]["index"] == yamskit.check_record(bad.read_text()).index


def test_check_require_finished(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = yamskit.variant("classic").new_game(seed=1).apply(Roll())
    half = tmp_path / "half.json"
    half.write_text(GameRecord.from_game(state).dump())
    assert main(["check", str(half)]) == 0
    assert main(["check", "--require-finished", str(half)]) == 1
    assert "unfinished game" in capsys.readouterr().out


def test_check_needs_a_file() -> None:
    assert_one_line_error(run("check"), "FILE")


@posix_only
def test_check_stops_reading_an_endless_input(tmp_path: Path) -> None:
    with Path("/dev/zero").open("rb") as zeros:
        process = command("check", "-", stdin=zeros, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, _ = process.communicate(timeout=WAIT)
    assert process.returncode == 2
    assert b"larger than" in out


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


@posix_only
def test_check_with_a_broken_pipe_and_files_left_is_not_success(tmp_path: Path) -> None:
    files = [str(record_file(tmp_path, f"r{i}.json")) for i in range(40)]
    process = command("check", *files, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()  # the reader goes away before anything is written
    _, err = process.communicate(timeout=WAIT)
    assert process.returncode == 2
    assert b"Traceback" not in err


def test_check_strict_dice_fails_a_record_whose_throws_are_not_its_seeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
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


# ---------------------------------------------------------------- simulate
def test_simulate_prints_statistics_and_a_histogram() -> None:
    done = run("simulate", "classic", "-n", "6", "--seed", "2", "--seats", "2")
    assert done.returncode == 0, done.stderr
    stats = simulate("classic", 6, seats=2, seed=2, bot="greedy", engine="auto")
    assert stats.engine == "batch"  # two seats of a one-column sheet: the batch engine
    assert f"{stats.mean:.2f}" in done.stdout
    assert "Engine: batch" in done.stdout
    assert "histogram" in done.stdout
    assert "win rate" in done.stdout


def test_simulate_json_is_the_same_with_parallel_jobs() -> None:
    one = run("simulate", "yahtzee", "-n", "8", "--seed", "3", "--json")
    two = run("simulate", "yahtzee", "-n", "8", "--seed", "3", "--json", "--jobs", "2")
    assert one.returncode == two.returncode == 0, (one.stderr, two.stderr)
    assert (
        json.loads(one.stdout)
        == json.loads(two.stdout)
        == simulate("yahtzee", 8, seed=3, bot="greedy", engine="auto").to_data()
    )


def test_simulate_refuses_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_line_error(run("simulate", "classic", "-n", "0"), "number of games")
    assert main(["simulate", "classic", "-n", "x"]) == 2
    assert main(["simulate", "classic", "-n", "2", "--jobs", "0"]) == 2
    assert main(["simulate", "classic", "-n", "2", "--seats", "99"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 3


@pytest.mark.parametrize("name", VARIANTS)
def test_simulate_runs_every_variant(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", name, "-n", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


@posix_only
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("engine", ["auto", "games"])  # auto: the numpy batch engine's pool, when numpy is here
def test_simulate_with_jobs_stops_on_ctrl_c_with_status_130(engine: str) -> None:
    process = command(
        "simulate", "classic", "-n", "5000000", "--jobs", "2", "--bot", "greedy", "--engine", engine, "--json",
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    wait_until(lambda: len(descendants(process.pid)) >= 2, "the worker processes never started")
    workers = descendants(process.pid)
    time.sleep(1)  # let the workers take up games
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=WAIT) == 130
    wait_until(lambda: not any(alive(pid) for pid in workers), "a worker process survived")


def test_simulate_refuses_more_jobs_than_the_cap(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "-n", "2", "--jobs", str(max_jobs() + 1)]) == 2
    assert f"--jobs must be 1 to {max_jobs()}" in capsys.readouterr().err
    with pytest.raises(yamskit.RuleConfigError, match="jobs"):
        yamskit.bots.simulate.simulate("classic", 2, jobs=max_jobs() + 1)


@pytest.mark.parametrize("bins", ["0", "-3"])
def test_simulate_refuses_histogram_bins_below_1(bins: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "-n", "2", "--bins", bins]) == 2
    assert "--bins must be 1 or more" in capsys.readouterr().err


# ---------------------------------------------------------------- rules, usage, rich
def test_rules_lists_variants_and_describes_one() -> None:
    done = run("rules")
    assert done.returncode == 0
    assert done.stdout.split() == VARIANTS
    done = run("rules", "classic", "-o", "joker=free")
    assert done.returncode == 0
    assert done.stdout.strip() == yamskit.variant("classic", joker="free").describe().strip()
    assert_one_line_error(run("rules", "classic", "-o", "joker=sometimes"), "joker")


@pytest.mark.parametrize("name", VARIANTS)
def test_rules_describes_every_variant(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", name]) == 0
    assert capsys.readouterr().out.strip() == yamskit.variant(name).describe().strip()


def test_usage_errors_exit_2_with_one_line() -> None:
    assert_one_line_error(run(), "COMMAND")
    assert_one_line_error(run("fly"), "invalid choice")
    done = run("--version")
    assert done.returncode == 0
    assert yamskit.__version__ in done.stdout


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert main(["play", "--help"]) == 0
    assert "--bots" in capsys.readouterr().out


def test_without_rich_every_command_prints_plain_tables(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)
    assert main(["score", "classic", "12345"]) == 0
    assert "large_straight       40" in capsys.readouterr().out.splitlines()
    assert main(["simulate", "challenge", "-n", "2"]) == 0
    assert "Points histogram" in capsys.readouterr().out
    assert main(["play", "classic", "--bots", "1", "--seed", "2"]) == 0
    assert "Winner: Bot 1" in capsys.readouterr().out


def test_a_scorecard_score_from_the_issue(capsys: pytest.CaptureFixture[str]) -> None:
    name = "challenge" if "challenge" in VARIANTS else "classic"
    assert main(["score", name, "three_of_a_kind", "33325"]) == 0
    assert capsys.readouterr().out.strip() == str(yamskit.variant(name).score("three_of_a_kind", "33325"))


def test_a_game_record_from_play_checks_the_same_as_the_library(tmp_path: Path) -> None:
    record = GameRecord("classic", seed=1, moves=[Move(0, Roll(outcome="22555")), Move(0, Score("full_house"))])
    path = tmp_path / "r.json"
    path.write_text(record.dump())
    assert main(["check", str(path)]) == 0


def test_play_refuses_a_record_path_it_cannot_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "classic", "--bots", "1", "--save", str(tmp_path / "no" / "such" / "dir.json")]) == 2
    assert main(["play", "classic", "--bots", "-1"]) == 2
    assert main(["play", "classic", "--players", "Ann", "Ann"]) == 2
    assert main(["play", "classic", "--players", "Bot 1", "--bots", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 4
    assert all(line.startswith("yamskit: error:") for line in err)


def test_play_seats_random_bots_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "classic", "--bots", "2", "--seed", "5", "--bot", "random"]) == 0
    result = bots_game("classic", 5, kind="random")
    assert "Winner: " + ", ".join(result.winner_names) in capsys.readouterr().out


def test_simulate_seats_greedy_bots_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "-n", "3", "--seats", "1", "--bot", "greedy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    greedy = simulate("classic", 3, seats=1, bot="greedy", engine="auto")
    assert data == json.loads(json.dumps(greedy.to_data()))


def test_an_option_that_is_not_json_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "classic", "-o", "yams_bonus=1.5"]) == 2
    assert "yams_bonus=1.5 is not valid JSON" in capsys.readouterr().err
    assert main(["rules", "classic", "-o", "joker=free"]) == 0


def test_exit_status_130_is_documented() -> None:
    text = Path(__file__).parents[2].joinpath("docs", "reference", "cli.md").read_text(encoding="utf-8")
    assert "130" in text
