"""Every legal game fits what a save and a record hold (`yamskit.history.MAX_MOVES`).

The limits on a save's history and a record's moves are not arbitrary: each built-in
variant's longest legal game is bounded from its own rules here, and must fit. A family
whose game can be longer bounds its option instead (Yam Master's ``max_turns``, checked by
playing its longest game in tests/variants/yam_master/test_long_games.py).
"""

from __future__ import annotations

import json

import pytest

import yamskit
from yamskit import Dice, Roll
from yamskit.categories import Category, total
from yamskit.errors import RuleConfigError
from yamskit.history import MAX_MOVES, Move
from yamskit.jsontext import MAX_TEXT
from yamskit.scorecard import ScorecardVariant
from yamskit.serialization import history_to_data
from yamskit.variants.yam_master.rules import LARGEST_MAX_TURNS, MOST_MOVES_A_TURN
from yamskit.variants.yamslam import YamslamVariant
from yamskit.variants.yamslam.rules import MAX_THROWS as YAMSLAM_THROWS
from yamskit.variants.yamslam.rules import PLAYERS as YAMSLAM_PLAYERS


def _longest_sheet_game(variant: ScorecardVariant) -> int:
    # a turn: every throw, then the move that fills (or crosses out) one box of one sheet
    boxes = len(variant.rows) * len(variant.columns)
    return variant.rules.players[1] * boxes * (variant.rules.max_throws + 1)


SHEETS = [
    ("classic", {}),
    ("yahtzee", {}),
    ("challenge", {}),
    ("competitive", {"mode": "1v1"}),
    ("competitive", {"mode": "1v1v1"}),
    ("competitive", {"mode": "2v2"}),
    ("yatzy", {}),
    ("yacht", {}),
    ("kniffel", {}),
    ("generala", {}),
    ("maxi-yatzy", {}),  # saved throws only defer throws: a player's game still has at most 3 a box
    ("balut", {}),
    ("crag", {}),
]


@pytest.mark.parametrize(("name", "options"), SHEETS, ids=[f"{n}-{o}" for n, o in SHEETS])
def test_the_longest_game_of_every_sheet_fits_a_save_and_a_record(name: str, options: dict[str, str]) -> None:
    variant = yamskit.variant(name, **options)
    assert isinstance(variant, ScorecardVariant)
    assert _longest_sheet_game(variant) <= MAX_MOVES


@pytest.mark.parametrize("mode", sorted(YAMSLAM_PLAYERS))
def test_the_longest_yamslam_game_fits_a_save_and_a_record(mode: str) -> None:
    variant = yamskit.variant("yamslam", mode=mode)
    assert isinstance(variant, YamslamVariant)
    most = variant.players[1]
    # every throw, the chip (a solo Yamslam takes a second one) or the pass, each turn
    assert variant.max_turns(most) * (YAMSLAM_THROWS + 2) <= MAX_MOVES


def test_the_longest_yam_master_game_is_the_limit() -> None:
    assert yamskit.variant("yam-master", max_turns=LARGEST_MAX_TURNS).options["max_turns"] == LARGEST_MAX_TURNS
    assert LARGEST_MAX_TURNS * MOST_MOVES_A_TURN == MAX_MOVES


@pytest.mark.parametrize(
    "name",
    [
        "classic",
        "yahtzee",
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
def test_a_save_of_the_most_moves_fits_the_text_limit(name: str) -> None:
    # the longest move any action of the variant writes (a throw written with its longest keep
    # and outcome), times the most moves, leaves half the text limit for the rest of the save
    variant = yamskit.variant(name)
    dice = getattr(getattr(variant, "rules", None), "dice", 5)
    throw = Roll(keep=Dice.parse("12345"[: dice - 1]), outcome="6")
    actions = [throw if isinstance(a, Roll) else a for a in variant.actions]
    longest = max(len(json.dumps(history_to_data([Move(7, a)]), separators=(",", ":"))) for a in actions)
    assert longest * MAX_MOVES < MAX_TEXT // 2


def test_define_refuses_a_sheet_whose_longest_game_a_save_could_not_hold() -> None:
    rows = [Category(f"r{i}", total) for i in range(3_200)]  # 8 players x 3,200 boxes x 4 moves: 102,400
    with pytest.raises(RuleConfigError, match=r"= 102400 moves.*100000 moves"):
        ScorecardVariant.define("huge", rows=rows)
    assert ScorecardVariant.define("big", rows=rows, players=(1, 7)).rules.players == (1, 7)


def test_define_counts_the_text_of_long_row_ids() -> None:
    rows = [Category(f"r{i:0299d}", total) for i in range(1_000)]  # 32,000 moves of about 390 characters
    with pytest.raises(RuleConfigError, match="shorter ids"):
        ScorecardVariant.define("wordy", rows=rows)


def test_the_longest_game_of_a_large_sheet_that_is_accepted_reads_back() -> None:
    variant = ScorecardVariant.define("wide", rows=[Category(f"r{i:039d}", total) for i in range(300)], players=(1, 2))
    game = variant.new_game(["Ann", "Bob"], seed=1)
    while not game.is_over:
        game = game.apply(game.legal_actions()[-1] if game.turn.throws_left == 0 else Roll())
    assert len(game.history) == 2 * 300 * 4
    assert yamskit.load_game(game.to_json(), variant=variant) == game
