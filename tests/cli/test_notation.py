"""``yamskit score`` with a position notation instead of a variant name."""

from __future__ import annotations

import pytest

from yamskit.cli import main

FIVE_SIXES = "classic(yams_bonus=100) Ann ,,,,,,,,,,,50, 0:0 66666 42:5"


def test_score_a_row_in_a_position_uses_the_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", FIVE_SIXES, "sixes"]) == 0
    assert capsys.readouterr().out.strip() == "30"


def test_score_a_position_lists_what_every_legal_box_takes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", FIVE_SIXES, "all"]) == 0
    out = capsys.readouterr().out
    assert "score sixes" in out
    assert "30 +100" in out
    assert "score yams" not in out  # already filled


def test_score_a_position_names_the_column(capsys: pytest.CaptureFixture[str]) -> None:
    position = "challenge Ann ,,,,,,,,,,,,,|,,,,,,,,,,,,,25|,,,,,,,,,,,,,|,,,,,,,,,,,,, 0:0 55556 2:0"
    assert main(["score", position, "plus", "ascending"]) == 0
    assert capsys.readouterr().out.strip() == "26"
    assert main(["score", position, "plus", "descending"]) == 2
    assert "fills top to bottom" in capsys.readouterr().err
    assert main(["score", position, "plus", "ascending", "again"]) == 2
    assert "usage: yamskit score NOTATION" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("position", "words"),
    [
        ("classic Ann ,,,,,,,,,,,, 0:0 - 1:0", "no dice thrown"),
        ("yamslam A,B 0000000/0000000 0000000 0:0 - 1:0 -", "no scorecard rows"),
        ("classic Ann ,,99,,,,,,,,,, 0:0 - 1:0", "rule: row_values"),
        ("classic Ann ,,, 0:0 - 1:0", "13"),
    ],
)
def test_score_a_bad_position_is_a_one_line_error(
    position: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", position, "all"]) == 2
    err = capsys.readouterr().err
    assert words in err
    assert err.count("\n") == 1
