"""``yamskit check --position``: a claimed position is reachable, with a game, or refused with its rule."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import yamskit
from yamskit.cli import main
from yamskit.records import PositionReport, check_position

REACHABLE = "yahtzee Ann ,,,,,30,,,,,,50,+100 0:0 - 3:0"
UNREACHABLE = "yahtzee Ann ,,,,,,,,,,,50,30+100 0:0 - 3:0"


def test_a_reachable_sheet_prints_reachable_and_the_game_with_witness(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--position", REACHABLE]) == 0
    assert capsys.readouterr().out.startswith("reachable: a game of 4 moves reaches it")
    assert main(["check", "--position", REACHABLE, "--witness"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == ["Ann: roll -> 11111", "Ann: score yams", "Ann: roll -> 66666", "Ann: score sixes"]


def test_an_unreachable_sheet_prints_the_rule_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--position", UNREACHABLE, "--witness"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("unreachable (bonus_points): Ann's points beside the boxes (100)")
    assert len(out.splitlines()) == 1


def test_json_report_holds_the_game_as_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--position", REACHABLE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["reachable"] is True
    record = yamskit.GameRecord.from_data(data["record"])
    assert record.to_game().to_notation().split()[2] == REACHABLE.split()[2]


def test_malformed_notation_or_files_with_position_are_usage_errors() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yamskit", "check", "--position", "yahtzee Ann"], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.startswith("yamskit: error:")
    assert "Traceback" not in done.stderr
    assert main(["check", "some.json", "--position", REACHABLE]) == 2
    assert main(["check", "some.json", "--witness"]) == 2


def test_the_python_call_behind_it() -> None:
    report = check_position(UNREACHABLE)
    assert report == PositionReport(False, rule="bonus_points", error=report.error, error_type="ImpossibleSheetError")
    state = yamskit.variant("yam-master").position(
        ["Ann", "Bob"], board="XXXXX/OOOO./...../...../.....", current_player=1
    )
    found = check_position(state)
    assert found.reachable
    assert found.witness_lines()[-1] == "Ann: place 0,0"
    assert found.record is not None
    assert found.record.to_game().board == state.board
