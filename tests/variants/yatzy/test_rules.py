"""Scandinavian Yatzy scores as the outside sources do: their worked examples, and yatzy-solver on every roll.

Sources (cited on docs/rules/yatzy.md):

* yatzy-solver's table of scoring cases, crates/yatzy-solver/tests/scoring.rs of
  https://github.com/precisit/yatzy-solver (the ``yatzy-scandinavian`` cases and those of its
  ``+fh5`` and ``+tp4`` switches), replayed as `SOLVER_CASES`;
* yatzy-solver 1.0.0's score of every roll in every box under each reading, recorded in
  tests/data/yatzy-solver-scores.json;
* the worked examples of the rules page of a Yatzy web game, http://mickael.pusku.com/yatze/yz.php,
  and of https://yatzy-yahtzeeeee.dk/en/yatzy-the-scandinavian-version-of-yahtzee/ (`PAGE_CASES`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import yamskit
from yamskit import Dice, RuleConfigError
from yamskit.dice import ROLLS

DATA = Path(__file__).resolve().parents[2] / "data" / "yatzy-solver-scores.json"

#: yatzy-solver's reading ids -> the options that give them here.
READINGS: dict[str, dict[str, bool]] = {
    "yatzy-scandinavian": {},
    "yatzy-scandinavian+tp4": {"two_pairs_from_four": True},
    "yatzy-scandinavian+fh5": {"full_house_from_five": True},
    "yatzy-scandinavian+fh5+tp4": {"two_pairs_from_four": True, "full_house_from_five": True},
}

#: precisit/yatzy-solver, crates/yatzy-solver/tests/scoring.rs: (reading, dice, box, points), every Yatzy case.
SOLVER_CASES = [
    ("yatzy-scandinavian", "1 1 2 3 4", "ones", 2),
    ("yatzy-scandinavian", "1 1 2 3 4", "twos", 2),
    ("yatzy-scandinavian", "1 1 2 3 4", "threes", 3),
    ("yatzy-scandinavian", "1 1 2 3 4", "fours", 4),
    ("yatzy-scandinavian", "1 1 2 3 4", "fives", 0),
    ("yatzy-scandinavian", "5 5 5 6 6", "fives", 15),
    ("yatzy-scandinavian", "5 5 5 6 6", "sixes", 12),
    ("yatzy-scandinavian", "6 6 6 6 6", "sixes", 30),
    ("yatzy-scandinavian", "1 1 2 3 4", "one_pair", 2),
    ("yatzy-scandinavian", "5 5 6 6 1", "one_pair", 12),
    ("yatzy-scandinavian", "4 4 4 4 2", "one_pair", 8),
    ("yatzy-scandinavian", "1 2 3 4 6", "one_pair", 0),
    ("yatzy-scandinavian", "6 6 6 6 6", "one_pair", 12),
    ("yatzy-scandinavian", "3 3 5 5 6", "two_pairs", 16),
    ("yatzy-scandinavian", "5 5 6 6 1", "two_pairs", 22),
    ("yatzy-scandinavian", "2 2 2 5 5", "two_pairs", 14),
    ("yatzy-scandinavian", "1 1 2 3 4", "two_pairs", 0),
    ("yatzy-scandinavian", "4 4 4 4 2", "two_pairs", 0),
    ("yatzy-scandinavian", "6 6 6 6 6", "two_pairs", 0),
    ("yatzy-scandinavian", "2 2 2 5 5", "three_of_a_kind", 6),
    ("yatzy-scandinavian", "4 4 4 4 2", "three_of_a_kind", 12),
    ("yatzy-scandinavian", "6 6 6 6 6", "three_of_a_kind", 18),
    ("yatzy-scandinavian", "3 3 5 5 6", "three_of_a_kind", 0),
    ("yatzy-scandinavian", "4 4 4 4 2", "four_of_a_kind", 16),
    ("yatzy-scandinavian", "6 6 6 6 6", "four_of_a_kind", 24),
    ("yatzy-scandinavian", "2 2 2 5 5", "four_of_a_kind", 0),
    ("yatzy-scandinavian", "1 2 3 4 5", "small_straight", 15),
    ("yatzy-scandinavian", "2 3 4 5 6", "small_straight", 0),
    ("yatzy-scandinavian", "1 2 3 4 4", "small_straight", 0),
    ("yatzy-scandinavian", "2 3 4 5 6", "large_straight", 20),
    ("yatzy-scandinavian", "1 2 3 4 5", "large_straight", 0),
    ("yatzy-scandinavian", "1 2 3 4 6", "large_straight", 0),
    ("yatzy-scandinavian", "2 2 3 3 3", "full_house", 13),
    ("yatzy-scandinavian", "2 2 2 3 3", "full_house", 12),
    ("yatzy-scandinavian", "5 5 5 6 6", "full_house", 27),
    ("yatzy-scandinavian", "4 4 4 4 2", "full_house", 0),
    ("yatzy-scandinavian", "3 3 5 5 6", "full_house", 0),
    ("yatzy-scandinavian", "6 6 6 6 6", "full_house", 0),
    ("yatzy-scandinavian", "1 1 2 3 4", "chance", 11),
    ("yatzy-scandinavian", "6 6 6 6 6", "chance", 30),
    ("yatzy-scandinavian", "6 6 6 6 6", "yatzy", 50),
    ("yatzy-scandinavian", "1 1 1 1 1", "yatzy", 50),
    ("yatzy-scandinavian", "1 1 1 1 2", "yatzy", 0),
    ("yatzy-scandinavian+fh5", "6 6 6 6 6", "full_house", 30),
    ("yatzy-scandinavian+fh5", "1 1 1 1 1", "full_house", 5),
    ("yatzy-scandinavian+fh5", "2 2 3 3 3", "full_house", 13),
    ("yatzy-scandinavian+fh5", "4 4 4 4 2", "full_house", 0),
    ("yatzy-scandinavian+fh5", "6 6 6 6 6", "two_pairs", 0),
    ("yatzy-scandinavian+tp4", "4 4 4 4 2", "two_pairs", 16),
    ("yatzy-scandinavian+tp4", "6 6 6 6 6", "two_pairs", 24),
    ("yatzy-scandinavian+tp4", "3 3 5 5 6", "two_pairs", 16),
    ("yatzy-scandinavian+tp4", "2 2 2 1 6", "two_pairs", 0),
    ("yatzy-scandinavian+tp4", "6 6 6 6 6", "full_house", 0),
    ("yatzy-scandinavian", "2 3 4 5 6", "ones", 0),
    ("yatzy-scandinavian", "1 3 4 5 6", "twos", 0),
    ("yatzy-scandinavian", "1 1 2 2 4", "threes", 0),
    ("yatzy-scandinavian", "1 1 2 3 5", "fours", 0),
    ("yatzy-scandinavian", "1 1 2 3 4", "fives", 0),
    ("yatzy-scandinavian", "1 1 2 3 4", "sixes", 0),
]

#: Worked examples of two rule pages: (page, dice in the page's order, box, points).
PAGE_CASES = [
    ("mickael.pusku.com", "53321", "one_pair", 6),
    ("mickael.pusku.com", "53344", "two_pairs", 14),
    ("mickael.pusku.com", "53332", "three_of_a_kind", 9),
    ("mickael.pusku.com", "54444", "four_of_a_kind", 16),
    ("mickael.pusku.com", "12345", "small_straight", 15),
    ("mickael.pusku.com", "23456", "large_straight", 20),
    ("mickael.pusku.com", "35533", "full_house", 19),
    ("mickael.pusku.com", "44422", "full_house", 16),
    ("mickael.pusku.com", "44431", "three_of_a_kind", 12),
    ("mickael.pusku.com", "44431", "fours", 12),
    ("yatzy-yahtzeeeee.dk", "25546", "one_pair", 10),
    ("yatzy-yahtzeeeee.dk", "65546", "two_pairs", 22),
    ("yatzy-yahtzeeeee.dk", "25545", "three_of_a_kind", 15),
    ("yatzy-yahtzeeeee.dk", "55545", "four_of_a_kind", 20),
]


@pytest.mark.parametrize(("reading", "dice", "row", "points"), SOLVER_CASES)
def test_every_scoring_case_of_yatzy_solver(reading: str, dice: str, row: str, points: int) -> None:
    variant = yamskit.variant("yatzy", **READINGS[reading])
    assert variant.score(row, Dice.parse(dice.replace(" ", ""))) == points


@pytest.mark.parametrize(("page", "dice", "row", "points"), PAGE_CASES)
def test_the_worked_examples_of_the_rule_pages(page: str, dice: str, row: str, points: int) -> None:
    assert yamskit.variant("yatzy").score(row, dice) == points, page


@pytest.fixture(scope="module")
def solver_scores() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("reading", sorted(READINGS))
def test_every_roll_in_every_box_scores_as_yatzy_solver_scores_it(reading: str, solver_scores: dict[str, Any]) -> None:
    variant = yamskit.variant("yatzy", **READINGS[reading])
    assert solver_scores["categories"] == list(variant.rows)
    table = solver_scores["scores"][reading]
    assert len(table) == len(ROLLS) == 252
    differ = [
        (str(roll), row, variant.score(row, roll), table[str(roll)][i])
        for roll in ROLLS
        for i, row in enumerate(variant.rows)
        if variant.score(row, roll) != table[str(roll)][i]
    ]
    assert not differ


@pytest.mark.parametrize("reading", sorted(READINGS))
def test_yatzy_solver_agrees_where_it_is_installed(reading: str) -> None:
    ys = pytest.importorskip("yatzy_solver", reason="yatzy-solver is not a dependency; its scores are in tests/data")
    theirs = ys.Variant(reading)
    variant = yamskit.variant("yatzy", **READINGS[reading])
    for roll in ROLLS:
        for row in variant.rows:
            assert variant.score(row, roll) == theirs.score(row, list(roll.faces)), (reading, row, roll)


def test_the_highest_possible_total_is_374() -> None:
    variant = yamskit.variant("yatzy")
    assert sum(variant.category(row).max for row in variant.rows) + 50 == 374
    assert [variant.category(row).max for row in variant.rows[6:]] == [12, 22, 18, 24, 15, 20, 28, 30, 50]


def test_the_sheet_has_fifteen_boxes_and_a_50_bonus_at_63() -> None:
    variant = yamskit.variant("yatzy")
    assert variant.rows == (
        "ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs", "three_of_a_kind",
        "four_of_a_kind", "small_straight", "large_straight", "full_house", "chance", "yatzy",
    )  # fmt: skip
    assert variant.columns == ("main",)
    bonus = variant.rules.bonus
    assert bonus is not None
    assert bonus == yamskit.UpperBonus.single(63, 50)
    assert variant.rules.placement_rules == ()
    assert variant.rules.max_throws == 3


def test_the_options_change_only_their_own_box() -> None:
    default = yamskit.variant("yatzy")
    for options, row in [({"two_pairs_from_four": True}, "two_pairs"), ({"full_house_from_five": True}, "full_house")]:
        other = yamskit.variant("yatzy", **options)
        changed = {r for roll in ROLLS for r in default.rows if default.score(r, roll) != other.score(r, roll)}
        assert changed == {row}


@pytest.mark.parametrize("spelling", ["yatzy", "Yatzy", "Scandinavian Yatzy", "scandinavian_yatzy", "YATZY"])
def test_the_preset_is_found_by_its_names(spelling: str) -> None:
    assert yamskit.variant(spelling).name == "yatzy"
    assert "yatzy" in yamskit.variant_names()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"two_pairs_from_four": 1}, "two_pairs_from_four must be True or False, not 1"),
        ({"full_house_from_five": "yes"}, "full_house_from_five must be True or False, not 'yes'"),
        (
            {"joker": "free"},
            "variant 'yatzy' has no option 'joker'; options: two_pairs_from_four, full_house_from_five",
        ),
    ],
)
def test_a_bad_option_is_refused_by_name(options: dict[str, object], message: str) -> None:
    with pytest.raises(RuleConfigError, match=message):
        yamskit.variant("yatzy", **options)


def test_options_are_recorded_so_a_save_rebuilds_the_same_variant() -> None:
    variant = yamskit.variant("yatzy", two_pairs_from_four=True)
    assert variant.options == {"two_pairs_from_four": True, "full_house_from_five": False}
    game = variant.new_game(players=["Ann", "Bob"], seed=3)
    assert yamskit.load_game(game.to_json()).variant == variant
    assert yamskit.load_game(game.to_json()) == game


def test_describe_names_every_box_the_bonus_the_rulings_and_the_options() -> None:
    text = yamskit.variant("yatzy").describe()
    assert text.splitlines()[0] == "yatzy: 15 rows x 1 column(s), 3 throws a turn"
    assert "Upper bonus per column: 50 at 63+" in text
    assert "a full house also counts as two pairs" in text
    assert "five of a kind is not a full house" in text
    assert "Options: two_pairs_from_four=False, full_house_from_five=False" in text
    for word in ("+tp4", "+fh5", "374", "end: after 15 rounds", "share the win"):
        assert word in text, word


def test_a_further_yatzy_earns_nothing_more_and_may_go_anywhere() -> None:
    game = yamskit.variant("yatzy").new_game(players=["Ann"], seed=1)
    game = game.apply(yamskit.Roll(outcome="44444")).apply(yamskit.Score("yatzy"))
    game = game.apply(yamskit.Roll(outcome="44444"))
    rows = {a.row for a in game.legal_actions() if isinstance(a, yamskit.Score)}
    assert rows == set(game.variant.rows) - {"yatzy"}
    after = game.apply(yamskit.Score("full_house"))
    assert after.cell(0, "full_house").points == 0
    assert after.sheets[0].extra == 0
    assert after.result().scores == (50,)
