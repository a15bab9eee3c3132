"""The text views of results: the ranking with teams and team totals, and the duel table."""

from __future__ import annotations

import yamskit
from tests.scorecard.test_text import finished_2v2, line_starting
from yamskit import Roll
from yamskit.result import Result
from yamskit.text import render_duels, render_result


def test_results_have_a_team_column_and_team_totals() -> None:
    result = finished_2v2(5).result()
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
    assert " 5" in line_starting(text, "Team totals:")


def test_a_result_without_teams_has_no_team_column() -> None:
    text = render_result(Result.from_scores(["Ann", "Bob"], [3, 3]))
    assert text.splitlines() == [
        "Place  Player  Score",
        "1      Ann         3",
        "1      Bob         3",
        "Draw: Ann, Bob",
    ]


def test_the_duel_table_lists_every_duel_with_its_points() -> None:
    result = finished_2v2(6).result()
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
