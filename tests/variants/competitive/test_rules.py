"""Competitive Yams: row scores, zeros, the golden rule, the two sums and the sec joker."""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import pytest
from hypothesis import given

import yamskit
from tests.strategies import rolls
from yamskit import Cell, Dice, Roll, Score, ScorecardGame
from yamskit.scorecard import SCRATCHED

NAMES = {"1v1": ["Ann", "Bob"], "1v1v1": ["Ann", "Bob", "Cy"], "2v2": ["Ann", "Bob", "Cy", "Dee"]}


def new_game(mode: str = "1v1", seed: int = 1, **options: object) -> ScorecardGame:
    """A fresh competitive game with the usual names."""
    game: ScorecardGame = yamskit.variant("competitive", mode=mode, **options).new_game(players=NAMES[mode], seed=seed)
    return game


def with_cells(game: ScorecardGame, player: int, cells: Mapping[tuple[str, str], int]) -> ScorecardGame:
    """``game`` with boxes ``(row, column)`` of ``player`` set: 0 crossed out, else the points."""
    sheet = game.sheets[player]
    for (row, column), value in cells.items():
        cell = SCRATCHED if value == 0 else Cell(points=value)
        sheet = sheet.with_cell(game.rules.row_index(row), game.rules.column_index(column), cell)
    return attrs.evolve(game, sheets=(*game.sheets[:player], sheet, *game.sheets[player + 1 :]))


def _score_and_read(game: ScorecardGame, row: str, column: str) -> int:
    """Score ``row``/``column`` and read back the box actually written (0 = crossed out).

    The preview (`placement`) must announce exactly what is written.
    """
    player, preview = game.current_player, game.placement(Score(row, column))
    cell = game.apply(Score(row, column)).cell(player, row, column)
    assert cell.value == preview.points
    assert cell.scratched == (cell.value == 0), "in Competitive Yams a 0 is a crossed-out box and only that"
    return cell.value


def written(game: ScorecardGame, dice: str, row: str, column: str = "free") -> int:
    """What the current player writes in ``row``/``column`` after a first throw of ``dice``."""
    return _score_and_read(game.apply(Roll(outcome=dice)), row, column)


def written_later(game: ScorecardGame, dice: str, row: str, column: str = "free") -> int:
    """The same, with ``dice`` shown after a second throw (so never a sec)."""
    game = game.apply(Roll(outcome="12346")).apply(Roll(keep="", outcome=dice))
    return _score_and_read(game, row, column)


# ---------------------------------------------------------------- row scores


@pytest.mark.parametrize(
    ("row", "dice", "points"),
    [
        ("ones", "11123", 3),
        ("threes", "33325", 9),
        ("fives", "55512", 15),
        ("sixes", "66666", 30),
        ("small_sum", "44444", 20),
        ("small_sum", "33334", 0),
        ("large_sum", "66665", 29),
        ("large_sum", "66666", 30),
        ("full_house", "22555", 39),
        ("full_house", "55555", 45),
        ("full_house", "66666", 50),
        ("full_house", "22556", 0),
        ("four_of_a_kind", "22223", 38),
        ("four_of_a_kind", "66661", 54),
        ("four_of_a_kind", "66666", 54),
        ("four_of_a_kind", "66611", 0),
        ("straight", "12345", 45),
        ("straight", "23456", 50),
        ("straight", "12346", 0),
        ("yams", "11111", 75),
        ("yams", "44444", 90),
        ("yams", "66666", 100),
        ("yams", "66665", 0),
    ],
)
def test_rows_score_by_the_rulings(row: str, dice: str, points: int) -> None:
    assert yamskit.variant("competitive").score(row, dice) == points


@pytest.mark.parametrize(("dice", "points"), [("11111", 75), ("11112", 70), ("11113", 65), ("11114", 60), ("11115", 0)])
def test_less_than_8_pays_60_plus_5_per_point_under_8(dice: str, points: int) -> None:
    assert Dice.parse(dice).total in range(5, 10)
    assert yamskit.variant("competitive").score("less_than_8", dice) == points


def test_row_maxima_are_the_sheets() -> None:
    v = yamskit.variant("competitive")
    maxima = {row: v.category(row).max for row in v.rows}
    assert maxima["four_of_a_kind"] == 54
    assert maxima["yams"] == 100
    assert maxima["less_than_8"] == 75
    assert maxima["full_house"] == 50
    assert maxima["straight"] == 50
    assert [maxima[r] for r in v.rows[:6]] == [5, 10, 15, 20, 25, 30]


def test_four_of_a_kind_all_dice_option_counts_the_fifth_die() -> None:
    v = yamskit.variant("competitive", four_of_a_kind="all_dice")
    assert v.score("four_of_a_kind", "22223") == 41
    assert v.score("four_of_a_kind", "66666") == 60


@given(rolls)
def test_four_of_a_kind_ignores_the_fifth_die(dice: Dice) -> None:
    v = yamskit.variant("competitive")
    face = max(range(1, 7), key=dice.count)
    expected = 30 + 4 * face if dice.count(face) >= 4 else 0
    assert v.score("four_of_a_kind", dice) == expected


@given(rolls)
def test_sums_pay_the_total_from_20(dice: Dice) -> None:
    v = yamskit.variant("competitive")
    for row in ("small_sum", "large_sum"):
        assert v.score(row, dice) == (dice.total if dice.total >= 20 else 0)


# ---------------------------------------------------------------- zeros


def test_a_box_the_dice_do_not_qualify_for_is_crossed_out() -> None:
    g = new_game().apply(Roll(outcome="12346")).apply(Score("yams", "free"))
    assert g.cell(0, "yams", "free") == SCRATCHED


def test_there_is_no_separate_crossing_out() -> None:
    g = new_game().apply(Roll(outcome="12346"))
    assert not g.is_legal(yamskit.Scratch("yams", "free"))
    assert not any(isinstance(a, yamskit.Scratch) for a in g.legal_actions())


# ---------------------------------------------------------------- golden rule


def test_golden_rule_sheet_example() -> None:
    """Opponent's 24 in free/sixes: three 6s (18) score 0, four 6s (24) count."""
    g = new_game().apply(Roll(outcome="66661")).apply(Score("sixes", "free"))
    assert g.cell(0, "sixes", "free").points == 24
    three = g.apply(Roll(outcome="66612")).apply(Score("sixes", "free"))
    assert three.cell(1, "sixes", "free") == SCRATCHED
    assert any("golden rule" in note for note in g.apply(Roll(outcome="66612")).placement(Score("sixes", "free")).notes)
    four = g.apply(Roll(outcome="66663")).apply(Score("sixes", "free"))
    assert four.cell(1, "sixes", "free").points == 24


def test_golden_rule_only_looks_at_the_same_column() -> None:
    g = new_game().apply(Roll(outcome="66661")).apply(Score("sixes", "free"))
    assert written(g, "66612", "sixes", "turbo") == 18


def test_golden_rule_includes_teammates() -> None:
    g = new_game("2v2").apply(Roll(outcome="66661")).apply(Score("sixes", "free"))
    g = g.apply(Roll(outcome="12345")).apply(Score("straight", "free"))
    assert g.current_player == 2  # Cy, Ann's teammate
    assert written(g, "66612", "sixes") == 0


def test_golden_rule_takes_the_best_of_all_players() -> None:
    g = with_cells(new_game("1v1v1"), 1, {("full_house", "free"): 40})
    g = with_cells(g, 2, {("full_house", "free"): 46})
    assert written(g, "55533", "full_house") == 0  # 41 < 46
    assert written(g, "66655", "full_house") == 48


# ---------------------------------------------------------------- small and large sums


def test_small_sum_must_be_below_own_large_sum() -> None:
    g = with_cells(new_game(), 0, {("large_sum", "free"): 25})
    assert written(g, "66554", "small_sum") == 0  # 26
    assert written(g, "66553", "small_sum") == 0  # 25: not strictly lower
    assert written(g, "65544", "small_sum") == 24


def test_small_sum_ignores_other_players_large_sums() -> None:
    g = with_cells(new_game(), 1, {("large_sum", "free"): 21})
    assert written(g, "66554", "small_sum") == 26


def test_large_sum_must_be_above_every_small_sum_of_the_column() -> None:
    g = with_cells(new_game(), 1, {("small_sum", "free"): 26})
    assert written(g, "66554", "large_sum") == 0
    assert written(g, "66564", "large_sum") == 27
    own = with_cells(new_game(), 0, {("small_sum", "free"): 24})
    assert written(own, "65544", "large_sum") == 0
    assert written(own, "65554", "large_sum") == 25


def test_sums_need_at_least_20() -> None:
    assert written(new_game(), "33334", "small_sum") == 0
    assert written(new_game(), "33334", "large_sum") == 0


def test_a_crossed_out_partner_forces_a_zero() -> None:
    g = with_cells(new_game(), 0, {("large_sum", "free"): 0})
    assert written(g, "66554", "small_sum") == 0
    g = with_cells(new_game(), 0, {("small_sum", "free"): 0})
    assert written(g, "66554", "large_sum") == 0


def test_a_zero_in_one_sum_crosses_out_the_other_retroactively() -> None:
    g = with_cells(new_game(), 0, {("small_sum", "up"): 26})
    g = with_cells(g, 1, {("small_sum", "up"): 27})
    g = g.apply(Roll(outcome="66554")).apply(Score("large_sum", "free"))  # not the same column: no effect
    assert g.cell(0, "small_sum", "up").points == 26
    g = with_cells(new_game(), 0, {("small_sum", "free"): 26})
    g = g.apply(Roll(outcome="12345")).apply(Score("large_sum", "free"))  # 15: crossed out
    assert g.cell(0, "large_sum", "free") == SCRATCHED
    assert g.cell(0, "small_sum", "free") == SCRATCHED
    g = with_cells(new_game(), 0, {("large_sum", "free"): 28})
    g = g.apply(Roll(outcome="66665")).apply(Score("small_sum", "free"))  # 29 >= 28: crossed out
    assert g.cell(0, "small_sum", "free") == SCRATCHED
    assert g.cell(0, "large_sum", "free") == SCRATCHED


def test_the_retroactive_scratch_leaves_empty_partners_empty() -> None:
    g = new_game().apply(Roll(outcome="12345")).apply(Score("large_sum", "free"))
    assert g.cell(0, "large_sum", "free") == SCRATCHED
    assert g.cell(0, "small_sum", "free").is_empty


# ---------------------------------------------------------------- sec


@pytest.mark.parametrize(
    ("row", "points"),
    [
        ("ones", 5),
        ("fives", 25),
        ("sixes", 30),
        ("small_sum", 29),
        ("large_sum", 30),
        ("full_house", 50),
        ("four_of_a_kind", 54),
        ("straight", 50),
        ("less_than_8", 75),
        ("yams", 100),
    ],
)
def test_sec_writes_the_row_maximum(row: str, points: int) -> None:
    assert written(new_game(), "22222", row) == points


def test_sec_needs_the_first_throw() -> None:
    assert written_later(new_game(), "22222", "straight") == 0
    assert written_later(new_game(), "22222", "yams") == 80
    g = new_game().apply(Roll(outcome="22221")).apply(Roll(keep="2222", outcome="2"))
    assert g.placement(Score("yams", "free")).points == 80


def test_sec_small_sum_stays_below_own_large_sum() -> None:
    g = with_cells(new_game(), 0, {("large_sum", "free"): 26})
    assert written(g, "33333", "small_sum") == 25
    g = with_cells(new_game(), 0, {("large_sum", "free"): 20})
    assert written(g, "33333", "small_sum") == 0  # 19 would be below the minimum of 20


def test_sec_obeys_the_golden_rule() -> None:
    g = with_cells(new_game(), 1, {("small_sum", "free"): 30})
    assert written(g, "11111", "small_sum") == 0  # 29 < Bob's 30
    assert written(g, "11111", "large_sum") == 0  # 30 is not above Bob's small sum 30
    g = with_cells(new_game(), 1, {("small_sum", "free"): 27})
    assert written(g, "11111", "small_sum") == 29
    assert written(g, "11111", "large_sum") == 30


def test_sec_into_a_sum_whose_partner_is_crossed_out_is_zero() -> None:
    g = with_cells(new_game(), 0, {("small_sum", "free"): 0})
    assert written(g, "44444", "large_sum") == 0


def test_sec_with_all_dice_four_of_a_kind_uses_that_rows_maximum() -> None:
    assert written(new_game(four_of_a_kind="all_dice"), "22222", "four_of_a_kind") == 60


def test_sec_respects_the_columns_order() -> None:
    g = new_game().apply(Roll(outcome="55555"))
    assert not g.is_legal(Score("yams", "down"))
    assert g.placement(Score("yams", "up")).points == 100
