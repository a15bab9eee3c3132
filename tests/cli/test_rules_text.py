"""Every ruling is readable: ``yamskit rules VARIANT`` and each rules page cover the whole game.

For every variant: the set-up (the seats and who starts, with the roll-off), a turn, every
box, label or chip, the bonuses and special rules, the end, the winner and ties; the
rules pages say the same in their "At a glance" section, each ruling with what it rests on.
"""

from __future__ import annotations

import pathlib

import pytest

import yamskit
from yamskit.cli import main

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules"


def rules_text(name: str, capsys: pytest.CaptureFixture[str], *options: str) -> str:
    args = ["rules", name]
    for option in options:
        args += ["-o", option]
    assert main(args) == 0
    return capsys.readouterr().out.lower()


COMMON = ("set-up", "roll_off", "first_player", "turn", "end:", "winner", "tie")


@pytest.mark.parametrize(
    "name",
    [
        "classic",
        "yahtzee",
        "challenge",
        "competitive",
        "yam-master",
        "yatzy",
        "yacht",
        "kniffel",
        "generala",
        "maxi-yatzy",
        "balut",
        "crag",
    ],
)
def test_a_scorecard_or_board_variant_lists_every_part_of_the_game(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = rules_text(name, capsys)
    for word in COMMON:
        assert word in text, word
    if name == "yam-master":
        for label in ("carré", "yam", "full", "suite", "≤8", "sec", "défi", "five in a row", "max_turns", "draw"):
            assert label in text, label
    else:
        for row in yamskit.variant(name).rows:
            assert row in text, row
        assert "bonus" in text


def test_competitive_lists_coefficients_clean_column_turbo_and_every_mode(capsys: pytest.CaptureFixture[str]) -> None:
    text = rules_text("competitive", capsys)
    assert "8, 10, 12, 14, 16 and 18" in text
    assert "clean column" in text
    assert "turbo any order, but only on a turn of at most 2 throws" in text
    for mode in ("1v1:", "1v1v1:", "2v2:"):
        assert mode in text, mode
    assert "0 to 0 is a draw" in text


def test_the_sec_reads_one_way(capsys: pytest.CaptureFixture[str]) -> None:
    text = rules_text("competitive", capsys)
    assert "five times the box's own number" in text
    assert "whatever face the five dice show" in text
    game = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1).apply(yamskit.Roll(outcome="22222"))
    assert game.placement(yamskit.Score("sixes", "free")).points == 30  # what the words say, the rules do


@pytest.mark.parametrize("mode", ["standard", "solo", "team"])
def test_yamslam_lists_roll_off_chips_end_and_winner(mode: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = rules_text("yamslam", capsys, f"mode={mode}")
    assert "each player throws one die, the highest starts, tied leaders throw again" in text
    for chip in ("two_pairs", "three_of_a_kind", "small_straight", "flush", "full_house", "four_of_a_kind"):
        assert chip in text, chip
    assert "11223" in text  # what wins, not only what pays
    assert "five odd or five even" in text
    for word in ("end:", "winner:", "share the win", "golden 7", "silver 6", "full stack", "last draw", "solo", "team"):
        assert word in text, word


@pytest.mark.parametrize(
    "page",
    [
        "classic",
        "challenge",
        "competitive",
        "yam-master",
        "yamslam",
        "yatzy",
        "yacht",
        "kniffel",
        "generala",
        "maxi-yatzy",
        "balut",
        "crag",
    ],
)
def test_each_rules_page_has_the_game_at_a_glance(page: str) -> None:
    text = (DOCS / f"{page}.md").read_text(encoding="utf-8")
    glance = text.split("## At a glance", 1)[1].split("\n## ", 1)[0]
    for part in ("**Set-up.**", "**A turn.**", "**Special rules.**", "**The end.**", "**The winner and ties.**"):
        assert part in glance, part
    assert "roll" in glance.lower()
    assert "rests on" in glance
    assert "## Rulings" in text
