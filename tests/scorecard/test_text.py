"""The text view of scorecard games: sheets side by side with per-column totals, kept dice, duel points."""

from __future__ import annotations

import random

import yamskit
from yamskit import Roll, Score
from yamskit.scorecard.text import render_scorecard


def _numbers(line: str) -> list[int]:
    return [int(part) for part in line.replace("|", " ").split() if part.lstrip("-").isdigit()]


def line_starting(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(label))


def test_challenge_sheets_sit_side_by_side_with_a_total_under_every_column() -> None:
    g = yamskit.variant("challenge").new_game(players=["Ann", "Bob"], seed=1)
    g = g.apply(Roll(outcome="66666")).apply(Score("yams", "disorder"))
    g = g.apply(Roll(outcome="66665")).apply(Score("sixes", "dry"))
    text = render_scorecard(g)
    head = text.splitlines()[0]
    assert head.index("Ann") < head.index("Bob")
    assert _numbers(line_starting(text, "Column total")) == [0, 0, 40, 0, 0, 0, 0, 24]
    assert _numbers(line_starting(text, "Upper total")) == [0, 0, 0, 0, 0, 0, 0, 24]
    assert _numbers(line_starting(text, "Total")) == [40, 24]
    assert text.splitlines()[-1] == "Ann to play: dice -, throws 0/3"


def test_a_classic_sheet_shows_the_upper_bonus_and_kept_dice() -> None:
    g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    for face in range(1, 7):
        g = g.apply(Roll(outcome=str(face) * 4 + "1")).apply(
            Score(["ones", "twos", "threes", "fours", "fives", "sixes"][face - 1])
        )
    g = g.apply(Roll(outcome="12355")).apply(Roll(keep="55", outcome="666"))
    text = render_scorecard(g)
    assert _numbers(line_starting(text, "Upper total")) == [1 * 5 + 2 * 4 + 3 * 4 + 4 * 4 + 5 * 4 + 6 * 4]
    assert _numbers(line_starting(text, "Upper bonus")) == [35]
    assert _numbers(line_starting(text, "Total")) == [85 + 35]
    assert text.splitlines()[-1] == "Ann to play: dice 55666 (kept 55), throws 2/3"


def finished_2v2(seed: int) -> yamskit.ScorecardGame:
    """A finished 2v2 Competitive game of random legal actions (placing more often than throwing)."""
    g = yamskit.variant("competitive", mode="2v2").new_game(players=["Ann", "Bob", "Cy", "Dee"], seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        legal = list(g.legal_actions())
        scores = [a for a in legal if isinstance(a, Score)]
        g = g.apply(rng.choice(scores) if scores and rng.random() < 0.6 else rng.choice(legal))
    return g


def test_competitive_sheets_show_duel_points_per_column_and_team_totals() -> None:
    g = finished_2v2(4)
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
