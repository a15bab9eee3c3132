"""The Yatzy, Yacht, Kniffel, Generala and Crag presets from the command line: play, rules, score, check, simulate."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import yamskit
from yamskit import GameRecord, Roll, Score
from yamskit.cli import main


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "yamskit", *args], input=stdin, capture_output=True, text=True, timeout=120, check=False
    )


def test_play_yatzy_with_two_bots_ends_with_its_fifteen_boxes_and_a_winner() -> None:
    done = run("play", "yatzy", "--bots", "2", "--seed", "7")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    for label in ("One pair", "Two pairs", "Small straight", "Yatzy", "Upper bonus", "Total"):
        assert label in done.stdout, label
    assert "Game over. Winner" in done.stdout


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("yatzy", []),
        ("yatzy", ["-o", "two_pairs_from_four=true"]),
        ("yacht", []),
        ("yacht", ["-o", "four_of_a_kind=all_dice"]),
        ("kniffel", []),
        ("kniffel", ["-o", "kniffel_bonus=100", "-o", "bonus_when=always"]),
        ("generala", []),
        ("generala", ["-o", "doble_generala=false", "-o", "served_bonus=10"]),
        ("maxi-yatzy", []),
        ("maxi-yatzy", ["-o", "bonus=50", "-o", "saved_throws=false"]),
        ("balut", []),
        ("balut", ["-o", "won_on=total", "-o", "full_house_from_five=true"]),
        ("crag", []),
        ("crag", ["-o", "thirteen_takes_crag=true"]),
    ],
)
def test_play_saves_a_record_that_check_finds_valid(name: str, options: list[str], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert main(["play", name, *options, "--bots", "2", "--seed", "3", "--save", str(save)]) == 0
    record = GameRecord.load(save.read_text(encoding="utf-8"))
    assert record.variant == name
    game = record.to_game()
    assert game.is_over
    assert len(game.history) == sum(1 for _ in record.moves)
    assert main(["check", str(save)]) == 0


def test_check_finds_an_illegal_move_in_a_yacht_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = yamskit.variant("yacht").new_game(players=["Ann"], seed=1)
    game = game.apply(Roll(outcome="22444")).apply(Score("full_house"))
    data = json.loads(GameRecord.from_game(game).dump())
    data["moves"].append(data["moves"][-1])  # the full house box a second time
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    assert "illegal move 2" in capsys.readouterr().out


def test_check_finds_a_move_after_a_served_generala_ended_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = yamskit.variant("generala").new_game(players=["Ana", "Beto"], seed=1)
    game = game.apply(Roll(outcome="55555")).apply(Score("generala"))
    record = GameRecord.from_game(game, claimed=True)
    good = tmp_path / "good.json"
    good.write_text(record.dump(), encoding="utf-8")
    assert main(["check", str(good)]) == 0
    data = json.loads(record.dump())
    data["moves"].append({**data["moves"][0], "player": 1})  # Beto throws after the game ended
    data.pop("claimed", None)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    assert "illegal move 2 (Beto: roll outcome=55555): the game between Ana, Beto is over" in capsys.readouterr().out


def test_play_generala_with_two_bots_ends_with_a_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "generala", "--bots", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    for label in ("Unos", "Escalera", "Full", "Poker", "Generala", "Doble generala", "Total"):
        assert label in out, label
    assert "Game over" in out


@pytest.mark.parametrize("name", ["yatzy", "yacht", "kniffel", "generala", "balut", "crag"])
def test_rules_prints_every_box_the_rulings_and_the_options(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", name]) == 0
    text = capsys.readouterr().out
    assert text == yamskit.variant(name).describe() + "\n"
    for row in yamskit.variant(name).rows:
        assert row in text


@pytest.mark.parametrize(
    ("args", "points"),
    [
        (["yatzy", "two_pairs", "22555"], "14"),
        (["yatzy", "-o", "two_pairs_from_four=true", "two_pairs", "44442"], "16"),
        (["scandinavian_yatzy", "full_house", "55555"], "0"),
        (["yacht", "four of a kind", "33333"], "12"),
        (["yacht", "-o", "four_of_a_kind=all_dice", "-o", "full_house_from_five=true", "full_house", "22222"], "10"),
        (["kniffel", "fuenfer", "55512"], "15"),
        (["kniffel", "fünfer", "55512"], "15"),
        (["kniffel", "Große Straße", "23456"], "40"),
        (["kniffel", "large straight", "12345"], "40"),
        (["kniffel", "yahtzee", "66666"], "50"),
        (["kniffel", "dreierpasch", "33325"], "16"),
        (["generala", "escalera", "65432"], "20"),
        (["generala", "straight", "65432"], "20"),
        (["generala", "full house", "22333"], "30"),
        (["generala", "fours", "44412"], "12"),
        (["balut", "straight", "65432"], "20"),
        (["balut", "house", "33666"], "24"),
        (["balut", "balut", "44444"], "40"),
        (["generala", "-o", "straight_wraps=true", "escalera", "34561"], "20"),
        (["generala", "-o", "generala_points=60", "doble_generala", "22222"], "120"),
        (["crag", "crag", "661"], "50"),
        (["crag", "thirteen", "661"], "0"),
        (["crag", "-o", "thirteen_takes_crag=true", "thirteen", "661"], "26"),
        (["crag", "odd straight", "531"], "20"),
        (["crag", "fours", "445"], "8"),
    ],
)
def test_score_prints_the_points_of_one_box(args: list[str], points: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", *args]) == 0
    assert capsys.readouterr().out.strip() == points


def test_score_refuses_an_option_of_another_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "yacht", "-o", "joker=free", "chance", "12345"]) == 2
    assert "has no option 'joker'" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["yatzy", "yacht", "kniffel", "generala", "balut", "crag"])
def test_simulate_plays_the_preset_and_reports_its_games(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", name, "-n", "12", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == name
    assert report["games"] == 12


def test_play_kniffel_with_two_bots_shows_the_german_block() -> None:
    done = run("play", "kniffel", "--bots", "2", "--seed", "7")
    assert done.returncode == 0, done.stderr
    for label in ("Einser", "Fünfer", "Dreierpasch", "Kleine Straße", "Große Straße", "Kniffel", "Total"):
        assert label in done.stdout, label
    assert "Game over. Winner" in done.stdout


def test_play_kniffel_reads_a_players_german_and_english_row_names() -> None:
    moves = ["roll", "score fünfer", "roll", "score large straight", "roll", "score yahtzee"]
    done = run("play", "kniffel", "--players", "Anna", "--seed", "1", stdin="\n".join(moves) + "\n")
    assert "Traceback" not in done.stderr
    assert "not a choice" not in done.stdout
    for said in ("Anna: score fuenfer", "Anna: score grosse_strasse", "Anna: score kniffel"):
        assert said in done.stdout, said
