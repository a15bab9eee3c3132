"""Competitive Yams: bonuses, the crush multiplier, duel points, the duel table, modes, coefficients."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yamskit
from tests.variants.competitive.test_rules import NAMES, new_game, with_cells
from yamskit import RuleConfigError
from yamskit.dice import DiceStream
from yamskit.result import Team
from yamskit.variants.competitive.duels import (
    UPPER_BONUS,
    Coefficients,
    DuelScoring,
    crush_multiplier,
    duel_points,
    opponents,
    teams,
)

GIVEN = {"down": 8, "free": 14, "up": 18, "mid": 10, "turbo": 12, "connected": 16}
raws = st.integers(min_value=0, max_value=1500)


# ---------------------------------------------------------------- bonuses


@pytest.mark.parametrize(
    ("upper", "bonus"),
    [(0, 0), (59, 0), (60, 30), (69, 30), (70, 50), (79, 50), (80, 100), (89, 100), (90, 200), (99, 200), (100, 500)],
)
def test_upper_bonus_is_progressive(upper: int, bonus: int) -> None:
    assert UPPER_BONUS.points(upper) == bonus


# ---------------------------------------------------------------- duel arithmetic


@pytest.mark.parametrize(
    ("raw_a", "raw_b", "multiplier", "points"),
    [
        (150, 100, 1, (150 - 100) * 10 * 1),  # 500
        (199, 100, 1, 990),
        (200, 100, 2, 2000),
        (300, 100, 3, 6000),
        (400, 100, 4, 12000),
        (500, 100, 5, 20000),
        (900, 100, 5, 40000),  # 5 is the cap
        (50, 0, 5, 2500),  # an opponent raw of 0 gives 5
        (0, 0, 1, 0),
    ],
)
def test_duel_points_hand_computed(raw_a: int, raw_b: int, multiplier: int, points: int) -> None:
    assert crush_multiplier(raw_a, raw_b) == multiplier
    assert duel_points(raw_a, raw_b, clean_a=False, clean_b=False, coefficient=10) == points
    assert duel_points(raw_b, raw_a, clean_a=False, clean_b=False, coefficient=10) == -points


def test_clean_bonus_on_one_side_both_sides_neither() -> None:
    # 250 against 200, coefficient 8, multiplier 1
    assert duel_points(250, 200, clean_a=False, clean_b=False, coefficient=8) == 50 * 8
    assert duel_points(250, 200, clean_a=True, clean_b=False, coefficient=8) == 250 * 8
    assert duel_points(250, 200, clean_a=False, clean_b=True, coefficient=8) == -150 * 8
    assert duel_points(250, 200, clean_a=True, clean_b=True, coefficient=8) == 50 * 8


def test_clean_bonus_does_not_change_the_multiplier() -> None:
    # raws 300 and 140: multiplier 2 (300 >= 280); B's clean column turns the difference around
    assert duel_points(300, 140, clean_a=False, clean_b=True, coefficient=12) == (160 - 200) * 12 * 2


@given(raws, raws, st.booleans(), st.booleans(), st.sampled_from([8, 10, 12, 14, 16, 18]))
def test_duel_points_are_antisymmetric(a: int, b: int, ca: bool, cb: bool, k: int) -> None:
    there = duel_points(a, b, clean_a=ca, clean_b=cb, coefficient=k)
    back = duel_points(b, a, clean_a=cb, clean_b=ca, coefficient=k)
    assert there == -back
    assert crush_multiplier(a, b) in range(1, 6)


def test_the_scoring_hooks_the_bots_read_are_the_rules_own() -> None:
    """`DuelScoring.duel_points` and `pairs` (read by the bots' rewards) give what the rules compute."""
    for mode in ("1v1", "1v1v1", "2v2"):
        scoring = yamskit.variant("competitive", mode=mode).rules.result
        assert isinstance(scoring, DuelScoring)
        assert scoring.pairs == opponents(mode)
        for a, b, ca, cb, k in [(250, 200, True, False, 8), (300, 140, False, True, 12), (0, 95, False, False, 18)]:
            hook = scoring.duel_points(a, b, clean_a=ca, clean_b=cb, coefficient=k)
            assert hook == duel_points(a, b, clean_a=ca, clean_b=cb, coefficient=k)
    assert DuelScoring("1v1").duel_points(300, 140, clean_a=False, clean_b=True, coefficient=12) == -960
    assert DuelScoring("1v1").duel_points(140, 300, clean_a=True, clean_b=False, coefficient=12) == 960


@given(raws, raws)
def test_crush_multiplier_is_the_largest_covering_factor(a: int, b: int) -> None:
    high, low = max(a, b), min(a, b)
    m = crush_multiplier(a, b)
    if high and not low:
        assert m == 5
    elif high:
        assert m == 1 or high >= m * low
        assert m == 5 or high < (m + 1) * low


# ---------------------------------------------------------------- the duel table of a game


def worked_example() -> yamskit.ScorecardGame:
    """The duel example of docs/rules/competitive.md."""
    g = new_game(coefficients=GIVEN)
    ann = {
        "ones": 3, "twos": 6, "threes": 12, "fours": 16, "fives": 20, "sixes": 24, "small_sum": 24,
        "large_sum": 27, "full_house": 46, "four_of_a_kind": 50, "straight": 50, "less_than_8": 65, "yams": 90,
    }  # fmt: skip
    bob = {
        "ones": 2, "twos": 4, "threes": 9, "fours": 12, "fives": 15, "sixes": 18, "small_sum": 0,
        "large_sum": 0, "full_house": 41, "four_of_a_kind": 42, "straight": 45, "less_than_8": 0, "yams": 0,
    }  # fmt: skip
    g = with_cells(g, 0, {(row, "free"): v for row, v in ann.items()})
    g = with_cells(g, 1, {(row, "free"): v for row, v in bob.items()})
    return with_cells(g, 1, {("yams", "up"): 100})


def test_worked_example_duel_table() -> None:
    r = worked_example().result()
    free = next(d for d in r.details["duels"] if d["column"] == "free")
    assert r.details["columns"][0]["free"] == {"boxes": 433, "upper": 81, "bonus": 100, "raw": 533, "clean": True}
    assert r.details["columns"][1]["free"] == {"boxes": 188, "upper": 60, "bonus": 30, "raw": 218, "clean": False}
    assert free == {
        "column": "free",
        "coefficient": 14,
        "pair": [0, 1],
        "players": ["Ann", "Bob"],
        "raw": [533, 218],
        "clean": [True, False],
        "clean_bonus": [200, 0],
        "multiplier": 2,
        "difference": 515,
        "points": [14420, -14420],
    }
    up = next(d for d in r.details["duels"] if d["column"] == "up")
    assert (up["raw"], up["multiplier"], up["points"]) == ([0, 100], 5, [-9000, 9000])
    assert r.scores == (5420, -5420)
    assert r.winner_names == ("Ann",)
    json.dumps(r.to_data())


def test_a_player_score_is_the_sum_of_its_duels() -> None:
    r = worked_example().result()
    for seat in (0, 1):
        assert r.scores[seat] == sum(d["points"][d["pair"].index(seat)] for d in r.details["duels"])


def test_1v1_a_draw_at_zero() -> None:
    r = new_game().result()
    assert r.scores == (0, 0)
    assert r.is_draw


def test_1v1v1_everyone_duels_both_others() -> None:
    r = with_cells(new_game("1v1v1"), 2, {("yams", "free"): 80}).result()
    pairs = {tuple(sorted(d["pair"])) for d in r.details["duels"]}
    assert pairs == {(0, 1), (1, 2), (0, 2)}
    assert len(r.details["duels"]) == 3 * 6
    assert r.winner_names == ("Cy",)
    assert sum(r.scores) == 0


def test_2v2_each_player_duels_exactly_both_neighbours() -> None:
    g = with_cells(new_game("2v2"), 0, {("yams", "free"): 80})
    g = with_cells(g, 3, {("straight", "down"): 45})
    r = g.result()
    for column in g.variant.columns:
        duels = [d for d in r.details["duels"] if d["column"] == column]
        for seat in range(4):
            others = sorted(d["pair"][1 - d["pair"].index(seat)] for d in duels if seat in d["pair"])
            assert others == sorted([(seat + 1) % 4, (seat + 3) % 4])
    team_scores = [t["score"] for t in r.details["teams"]]
    assert sum(team_scores) == 0
    assert [t["players"] for t in r.details["teams"]] == [[0, 2], [1, 3]]
    assert team_scores[0] == r.scores[0] + r.scores[2]
    winners = (0, 2) if team_scores[0] > team_scores[1] else (1, 3)
    assert r.winners == winners
    names = [" + ".join(g.players[i] for i in seats) for seats in ((0, 2), (1, 3))]
    assert r.teams == (Team(names[0], (0, 2), team_scores[0]), Team(names[1], (1, 3), team_scores[1]))
    assert [t["names"] for t in r.details["teams"]] == [[g.players[0], g.players[2]], [g.players[1], g.players[3]]]
    assert r.ranking[1] == tuple(sorted({0, 1, 2, 3} - set(winners)))


@pytest.mark.parametrize("mode", ["1v1", "1v1v1"])
def test_without_teams_the_result_names_none(mode: str) -> None:
    r = with_cells(new_game(mode), 1, {("yams", "free"): 80}).result()
    assert r.teams == ()
    assert [t["players"] for t in r.details["teams"]] == [[seat] for seat in range(len(r.players))]
    assert r.details["mode"] == mode


def test_opponents_and_teams_per_mode() -> None:
    assert opponents("1v1v1") == ((0, 1), (1, 2), (2, 0))
    assert teams("1v1") == ((0,), (1,))
    for a, b in opponents("2v2"):
        assert (a % 2) != (b % 2)  # never teammates


# ---------------------------------------------------------------- coefficients and options


def test_coefficients_are_a_seeded_permutation() -> None:
    v = yamskit.variant("competitive")
    seen = set()
    for seed in range(30):
        weights = v.new_game(players=NAMES["1v1"], seed=seed).column_weights
        assert sorted(weights) == [8, 10, 12, 14, 16, 18]
        assert v.new_game(players=NAMES["1v1"], seed=seed).column_weights == weights
        seen.add(weights)
    assert len(seen) > 20


def test_coefficients_shuffle_reaches_every_position() -> None:
    firsts = {Coefficients()(DiceStream(seed=s), 2)[0][0] for s in range(200)}
    assert firsts == {8, 10, 12, 14, 16, 18}


def test_given_coefficients_are_used_and_saved() -> None:
    v = yamskit.variant("competitive", coefficients=GIVEN)
    g = v.new_game(players=NAMES["1v1"], seed=3)
    assert g.column_weights == (8, 14, 18, 10, 12, 16)
    assert yamskit.load_game(g.to_json()) == g
    assert yamskit.variant("competitive", **v.options) == v
    assert g.result().details["coefficients"] == GIVEN


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "3v3"},
        {"mode": None},
        {"mode": ["1v1"]},
        {"four_of_a_kind": "five_dice"},
        {"four_of_a_kind": ["four_dice"]},
        {"coefficients": {"down": 8}},
        {"coefficients": {**GIVEN, "down": 0}},
        {"coefficients": {**GIVEN, "down": 8.5}},
        {"coefficients": [8, 10, 12, 14, 16, 18]},
        {"colour": "red"},
    ],
)
def test_bad_options_raise_rule_config_error(options: dict[str, object]) -> None:
    with pytest.raises(RuleConfigError):
        yamskit.variant("competitive", **options)


@pytest.mark.parametrize(("mode", "count"), [("1v1", 3), ("1v1v1", 2), ("2v2", 3)])
def test_each_mode_has_its_number_of_players(mode: str, count: int) -> None:
    with pytest.raises(RuleConfigError):
        yamskit.variant("competitive", mode=mode).new_game(players=[f"P{i}" for i in range(count)])


def test_example_script_plays_a_duel_and_prints_the_table() -> None:
    script = Path(__file__).parents[3] / "examples" / "competitive_duel.py"
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    assert "Winner(s):" in run.stdout
    assert (
        sum(
            line.startswith(("down ", "free ", "up ", "mid ", "turbo ", "connected "))
            for line in run.stdout.splitlines()
        )
        == 6
    )
