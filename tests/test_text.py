"""The text views: sheets side by side with per-column totals, results with teams, the duel table."""

from __future__ import annotations

import random

import yamskit
from yamskit import Roll, Score
from yamskit.game import Result
from yamskit.text import render_duels, render_result, render_scorecard


def _numbers(line: str) -> list[int]:
    return [int(part) for part in line.replace("|", " ").split() if part.lstrip("-").isdigit()]


def _line(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(label))


def test_challenge_sheets_sit_side_by_side_with_a_total_under_every_column() -> None:
    g = yamskit.variant("challenge").new_game(players=["Ann", "Bob"], seed=1)
    g = g.apply(Roll(outcome="66666")).apply(Score("yams", "disorder"))
    g = g.apply(Roll(outcome="66665")).apply(Score("sixes", "dry"))
    text = render_scorecard(g)
    head = text.splitlines()[0]
    assert head.index("Ann") < head.index("Bob")
    assert _numbers(_line(text, "Column total")) == [0, 0, 40, 0, 0, 0, 0, 24]
    assert _numbers(_line(text, "Upper total")) == [0, 0, 0, 0, 0, 0, 0, 24]
    assert _numbers(_line(text, "Total")) == [40, 24]
    assert text.splitlines()[-1] == "Ann to play: dice -, throws 0/3"


def test_a_classic_sheet_shows_the_upper_bonus_and_kept_dice() -> None:
    g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    for face in range(1, 7):
        g = g.apply(Roll(outcome=str(face) * 4 + "1")).apply(
            Score(["ones", "twos", "threes", "fours", "fives", "sixes"][face - 1])
        )
    g = g.apply(Roll(outcome="12355")).apply(Roll(keep="55", outcome="666"))
    text = render_scorecard(g)
    assert _numbers(_line(text, "Upper total")) == [1 * 5 + 2 * 4 + 3 * 4 + 4 * 4 + 5 * 4 + 6 * 4]
    assert _numbers(_line(text, "Upper bonus")) == [35]
    assert _numbers(_line(text, "Total")) == [85 + 35]
    assert text.splitlines()[-1] == "Ann to play: dice 55666 (kept 55), throws 2/3"


def _finished_2v2(seed: int) -> yamskit.ScorecardGame:
    g = yamskit.variant("competitive", mode="2v2").new_game(players=["Ann", "Bob", "Cy", "Dee"], seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        legal = list(g.legal_actions())
        scores = [a for a in legal if isinstance(a, Score)]
        g = g.apply(rng.choice(scores) if scores and rng.random() < 0.6 else rng.choice(legal))
    return g


def test_competitive_sheets_show_duel_points_per_column_and_team_totals() -> None:
    g = _finished_2v2(4)
    result = g.result()
    text = render_scorecard(g)
    duel_lines = [line for line in text.splitlines() if line.startswith("Duel points")]
    shown = [n for line in duel_lines for n in _numbers(line)]
    assert sum(shown) == 0
    assert len(shown) == 4 * 6
    assert [n for line in text.splitlines() if line.startswith("Score (duels)") for n in _numbers(line)] == list(
        result.scores
    )
    teams = {team["score"] for team in result.details["teams"]}
    assert {n for line in text.splitlines() if line.startswith("Team total") for n in _numbers(line)} == teams
    assert "Game over. " in text.splitlines()[-1]


def test_results_have_a_team_column_and_team_totals() -> None:
    result = _finished_2v2(5).result()
    text = render_result(result)
    lines = text.splitlines()
    assert lines[0].split() == ["Place", "Player", "Team", "Score"]
    assert "Ann + Cy" in lines[1] or "Bob + Dee" in lines[1]
    scores = {line.split()[1]: int(line.split()[-1]) for line in lines[1:5]}
    assert scores == dict(zip(result.players, result.scores, strict=True))
    totals = lines[5]
    for team in result.details["teams"]:
        assert f"{' + '.join(team['names'])} {team['score']}" in totals
    assert lines[-1].startswith(("Winning team: ", "Draw"))


def test_yamslam_team_results_name_each_team() -> None:
    g = yamskit.variant("yamslam", mode="team").new_game(players=["Ann", "Bob", "Cy", "Dee"], seed=2)
    g = g.apply(Roll(outcome="22334")).apply(yamskit.TakeChip("two_pairs"))
    text = render_result(g.result())
    assert "Team" in text.splitlines()[0]
    assert "Team totals:" in text
    assert " 5" in _line(text, "Team totals:")


def test_a_result_without_teams_has_no_team_column() -> None:
    text = render_result(Result.from_scores(["Ann", "Bob"], [3, 3]))
    assert text.splitlines() == [
        "Place  Player  Score",
        "1      Ann         3",
        "1      Bob         3",
        "Draw: Ann, Bob",
    ]


def test_the_duel_table_lists_every_duel_with_its_points() -> None:
    result = _finished_2v2(6).result()
    lines = render_duels(result).splitlines()
    duels = result.details["duels"]
    assert len(lines) == 1 + len(duels) + 1
    for line, duel in zip(lines[1:], duels, strict=False):
        assert line.split()[0] == duel["column"]
        assert int(line.split()[-1]) == duel["points"][0]
        assert int(line.split()[-2]) == duel["difference"]
    assert lines[-1] == "Duel scores: " + ", ".join(
        f"{n} {s}" for n, s in zip(result.players, result.scores, strict=True)
    )
