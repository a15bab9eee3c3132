"""The command line with games of other dice counts than five: Crag's three dice and a user's six.

``score`` reads a roll of the variant's own dice and refuses another count by name; ``play``
reads throws and action text of that many dice, with the seed's dice and with real ones
(``--dice ask``); ``check`` checks the records and positions of such games; ``rules`` says
the count; ``simulate`` plays them.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import yamskit
from yamskit import GameRecord, Roll, Score, _registry
from yamskit.categories import Category, n_of_a_kind, total, upper, when
from yamskit.cli import main
from yamskit.scorecard import ScorecardVariant

SIX = "six-dice-cli"


def _six_dice() -> ScorecardVariant:
    rows = [
        *(upper(face) for face in range(1, 7)),
        Category("chance", total),
        Category("six", when(n_of_a_kind(6), 50)),
    ]
    return ScorecardVariant.define(SIX, rows=rows, dice=6)


@pytest.fixture(autouse=True)
def _six_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The six-dice sheet under a registry name for these tests only (other tests list every name)."""
    yamskit.variant_names()  # the built-in families load first, so the copy holds them
    monkeypatch.setattr(_registry, "_FACTORIES", dict(_registry._FACTORIES))
    yamskit.register_variant(SIX, _six_dice, replace=True)


def _play(monkeypatch: pytest.MonkeyPatch, lines: list[str], *args: str) -> str:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", *args]) == 0
    return out.getvalue()


@pytest.mark.parametrize(
    ("args", "out"),
    [
        (["crag", "crag", "166"], "50"),
        ([SIX, "six", "444444"], "50"),
        ([SIX, "chance", "123456"], "21"),
    ],
)
def test_score_reads_a_roll_of_the_variants_dice(args: list[str], out: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", *args]) == 0
    assert capsys.readouterr().out.strip() == out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["crag", "crag", "12345"], "a roll of crag is 3 dice, not 5"),
        (["crag", "66"], "a roll of crag is 3 dice, not 2"),
        ([SIX, "chance", "12345"], f"a roll of {SIX} is 6 dice, not 5"),
        (["classic", "chance", "123456"], "a roll of classic is 5 dice, not 6"),
    ],
)
def test_score_refuses_another_count_naming_the_variants(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", *args]) == 2
    assert message in capsys.readouterr().err


def test_score_lists_every_row_for_three_dice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "crag", "445"]) == 0
    out = capsys.readouterr().out
    assert "crag: 445" in out
    assert "crag" in out.splitlines()[-1]
    assert out.splitlines()[-1].split()[-1] == "50"


def test_rules_says_the_dice_and_the_maxima_of_the_sheets_own_dice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "crag"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("crag: 13 rows x 1 column(s), 3 dice, 2 throws a turn")
    assert "ones: Ones, max 3" in text
    assert "crag: Crag, max 50" in text
    assert main(["rules", SIX]) == 0
    text = capsys.readouterr().out
    assert "6 dice, 3 throws a turn" in text
    assert "sixes: Sixes, max 36" in text
    assert main(["rules", "classic"]) == 0
    assert "dice" not in capsys.readouterr().out.splitlines()[0]  # five dice go without saying


def test_play_reads_throws_and_boxes_of_three_dice_and_refuses_other_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "crag.json"
    lines = ["roll", "keep 1 roll 66", "roll 12345", "roll 1234567891", "keep all", "scratch crag", "roll", "quit"]
    text = _play(monkeypatch, lines, "crag", "--players", "Ann", "--seed", "3", "--save", str(save))
    assert "crag throws 3 dice, not 5 (12345)" in text
    assert "it names 10 dice, and this game throws 3" in text
    record = GameRecord.load(save.read_text())
    first = record.moves[0].action
    assert isinstance(first, Roll)
    assert first.outcome is not None
    assert not len(first.keep)
    assert len(first.outcome) == 3
    assert yamskit.check_record(record.dump()).valid


def test_play_with_real_dice_asks_for_the_games_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "table.json"
    lines = ["12345", "661", "crag", "12", "keep 1 roll 35", "135", "odd straight", "quit"]
    text = _play(monkeypatch, lines, "crag", "--players", "Ann", "--dice", "ask", "--seed", "1", "--save", str(save))
    assert "Throw: type the faces (123)" in text
    assert "3 dice were thrown, so give 3 faces, not 5: '12345'" in text
    assert "3 dice were thrown, so give 3 faces, not 2: '12'" in text
    report = yamskit.check_record(save.read_text())
    assert report.valid
    assert report.scores == (70,)
    moves = GameRecord.load(save.read_text()).moves
    assert [m.action for m in moves] == [
        Roll(outcome="166"),
        Score("crag"),
        Roll(outcome="135"),
        Score("odd_straight"),
    ]


def test_play_reads_six_dice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "six.json"
    lines = ["123456", "six", "roll 12345", "roll 1234566", "123455", "keep 55 roll 1234", "chance", "quit"]
    text = _play(monkeypatch, lines, SIX, "--players", "Ann", "--dice", "ask", "--save", str(save))
    assert "Throw: type the faces (123456)" in text
    assert "6 dice were thrown, so give 6 faces, not 5: '12345'" in text
    assert "6 dice were thrown, so give 6 faces, not 7: '1234566'" in text
    report = yamskit.check_record(save.read_text())
    assert report.valid
    assert report.scores == (0 + 1 + 2 + 3 + 4 + 5 + 5,)


def test_check_finds_three_dice_records_and_positions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "crag.json"
    assert main(["play", "crag", "--bots", "2", "--level", "easy", "--seed", "4", "--save", str(save)]) == 0
    capsys.readouterr()
    assert main(["check", str(save), "--require-finished"]) == 0
    assert "valid" in capsys.readouterr().out
    game = yamskit.variant("crag").position(
        ["Ann", "Bob"], sheets=[{"crag": 50, "sixes": 12}, {"thirteen": 26, "ones": "x"}], dice="445", seed=3
    )
    assert main(["check", "--position", game.to_notation(), "--witness"]) == 0
    out = capsys.readouterr().out
    assert "reachable" in out
    assert "Ann: roll -> 445" in out
    bad = game.to_notation().replace("50", "26", 1)
    assert main(["check", "--position", bad]) == 1
    assert "no roll gives 26 in crag" in capsys.readouterr().out


def test_check_refuses_a_record_with_a_throw_of_five_dice_in_crag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = yamskit.variant("crag").new_game(players=["Ann"], seed=1).apply(Roll(outcome="166"))
    data = json.loads(GameRecord.from_game(game).dump())
    data["moves"][0]["action"]["outcome"] = "16666"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    assert "crag throws 3 dice, not 5" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["crag", SIX])
def test_simulate_plays_games_of_other_dice_counts(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", name, "-n", "6", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == name
    assert report["games"] == 6
