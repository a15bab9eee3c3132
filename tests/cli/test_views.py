"""What ``yamskit play`` and ``yamskit simulate`` print: menus, duel tables, team ranking, histograms."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import yamskit
from yamskit import Roll, Score, Scratch
from yamskit.bots import play
from yamskit.bots.simulate import PERCENTILES, SimulationResult, make_bot, simulate
from yamskit.cli import _menu, main
from yamskit.text import render_duels


def bots_result(name: str, seed: int, bots: int, **options: object) -> yamskit.Result:
    names = [f"Bot {i + 1}" for i in range(bots)]
    state = yamskit.variant(name, **options).new_game(names, seed=seed)
    return play(state, [make_bot("greedy", seed=seed + i) for i in range(bots)]).result()  # type: ignore[no-any-return]


# ---------------------------------------------------------------- menu
def test_menu_has_one_choice_per_box_and_crosses_out_where_scoring_writes_zero() -> None:
    game = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome="22555"))
    menu = _menu(game, list(game.legal_actions()))
    boxes = [action for action, _ in menu if isinstance(action, (Score, Scratch))]
    assert len(boxes) == len({(a.row, a.column) for a in boxes}) == 13
    labels = {a.row: label for a, label in menu if isinstance(a, (Score, Scratch))}
    assert labels["full_house"] == "full_house: 25"
    assert labels["fives"] == "fives: 15"
    assert labels["yams"] == "yams: cross out"
    assert Scratch("yams") in [a for a, _ in menu]
    assert not any("(+" in label or "+0" in label for _, label in menu)


def test_menu_of_competitive_shows_the_box_value_not_duel_points() -> None:
    game = yamskit.variant("competitive").new_game(["Ann", "Bob"], seed=1).apply(Roll(outcome="66666"))
    menu = dict(_menu(game, list(game.legal_actions())))
    assert menu[Score("yams", "free")] == "yams free: " + str(game.placement(Score("yams", "free")).points)
    assert game.placement(Score("yams", "free")).points == 100  # a sec: the row's maximum


def test_menu_of_yamslam_gives_chip_values_and_pass_no_gain() -> None:
    game = yamskit.variant("yamslam").new_game(["Ann", "Bob"], seed=1)
    game = game.apply(Roll(outcome="22555"))
    labels = [label for _, label in _menu(game, list(game.legal_actions()))]
    assert "take full_house (+30 points)" in labels
    assert "pass" in labels


def test_a_typed_scratch_id_still_works_when_the_menu_shows_the_score(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("roll\nscratch chance\nquit\n"))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "classic", "--seed", "3"]) == 0
    assert "You: scratch chance" in out.getvalue()


# ---------------------------------------------------------------- results
def test_play_competitive_prints_the_duel_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "competitive", "--bots", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert render_duels(bots_result("competitive", 5, 2)) in out


def test_play_2v2_ranks_by_team_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "competitive", "-o", "mode=2v2", "--bots", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    result = bots_result("competitive", 3, 4, mode="2v2")
    ac = result.scores[0] + result.scores[2]
    assert f"Team totals: Bot 1 + Bot 3 {ac}, Bot 2 + Bot 4 {-ac}" in out
    assert "Players are ranked by their team's total." in out
    assert ("Winning team: Bot 1 + Bot 3" if ac > 0 else "Winning team: Bot 2 + Bot 4") in out


# ---------------------------------------------------------------- simulate
def test_percentiles_interpolate_between_ranks() -> None:
    result = SimulationResult("classic", ("A",), 0, tuple((v,) for v in (3, 1, 2, 10)), ((0,),) * 4)
    assert [result.percentile(q) for q in (0, 25, 50, 75, 100)] == [1.0, 1.75, 2.5, 4.75, 10.0]
    with pytest.raises(ValueError, match="0 to 100"):
        result.percentile(101)


def test_simulate_uses_the_batch_engine_for_one_column_solitaire(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "-n", "300", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = simulate("classic", 300, seed=4, bot="greedy", engine="batch")
    assert data["engine"] == "batch"
    assert data["mean"] == expected.mean
    assert data["percentiles"] == {str(q): expected.percentile(q) for q in PERCENTILES}


def test_simulate_plays_game_by_game_elsewhere_with_greedy_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "challenge", "-n", "3", "--seats", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    expected = simulate("challenge", 3, seats=2, seed=4, bot="greedy")
    assert "Engine: games (game by game; the batch engine does not apply: " in out
    assert "it has 4 columns" in out
    assert f"{expected.mean:.2f}" in out
    assert main(["simulate", "classic", "-n", "3", "--seats", "2", "--seed", "4", "--engine", "games"]) == 0
    out = capsys.readouterr().out
    assert "Engine: games (game by game through the game protocol, as --engine games asks)" in out
    assert f"{simulate('classic', 3, seats=2, seed=4, bot='greedy').mean:.2f}" in out
    assert main(["simulate", "challenge", "-n", "2", "--engine", "batch"]) == 2
    assert "batch engine does not apply" in capsys.readouterr().err


def test_simulate_prints_percentiles_and_writes_the_histogram_as_svg(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "h.svg"
    assert main(["simulate", "yahtzee", "-n", "500", "--seed", "2", "--bins", "6", "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    stats = simulate("yahtzee", 500, seed=2, bot="greedy", engine="auto")
    head = next(line for line in out.splitlines() if line.split()[:2] == ["mean", "stdev"])
    values = out.splitlines()[out.splitlines().index(head) + 1].split()
    assert values == [
        f"{stats.mean:.2f}",
        f"{stats.stdev:.2f}",
        str(stats.low),
        *(f"{stats.percentile(q):g}" for q in PERCENTILES),
        str(stats.high),
    ]
    root = ET.fromstring(picture.read_text())
    bars = [e for e in root.iter("{http://www.w3.org/2000/svg}rect") if e.get("class") == "bar"]
    assert [(int(b.get("data-low")), int(b.get("data-high")), int(b.get("data-count"))) for b in bars] == (
        stats.histogram(6)
    )
    assert sum(int(b.get("data-count")) for b in bars) == 500


def test_simulate_refuses_an_svg_path_it_cannot_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "-n", "2", "--svg", str(tmp_path / "no" / "h.svg")]) == 2
    assert "cannot save the histogram" in capsys.readouterr().err
