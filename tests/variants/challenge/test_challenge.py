"""Yams Challenge: the rule sheet's worked examples, the scores, the columns and the rulings."""

from __future__ import annotations

import runpy
from collections.abc import Mapping
from pathlib import Path

import attrs
import pytest

import yamskit
from tests.playout import assert_illegal
from yamskit import (
    ColumnConditionError,
    ConstraintError,
    Dice,
    FillOrderError,
    MustRollFirstError,
    OccupiedError,
    Roll,
    Score,
    Scratch,
    UnknownActionError,
)
from yamskit.scorecard import Cell, ScorecardGame
from yamskit.variants.challenge import PlusAboveMinus, PlusMinusError

ROWS = (
    *("ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind", "four_of_a_kind"),
    *("full_house", "small_straight", "large_straight", "yams", "plus", "minus"),
)
COLUMNS = ("down", "up", "disorder", "dry")
V = yamskit.variant("challenge")


def new(players: tuple[str, ...] = ("Ann",), seed: int = 1) -> ScorecardGame:
    return V.new_game(players=players, seed=seed)


def with_cells(game: ScorecardGame, cells: Mapping[tuple[str, str], Cell], player: int = 0) -> ScorecardGame:
    """``game`` with some boxes of ``player``'s sheet already written (a sheet situation)."""
    sheet = game.sheets[player]
    for (row, column), cell in cells.items():
        sheet = sheet.with_cell(ROWS.index(row), COLUMNS.index(column), cell)
    return attrs.evolve(game, sheets=(*game.sheets[:player], sheet, *game.sheets[player + 1 :]))


def only_left(game: ScorecardGame, keep_open: set[tuple[str, str]]) -> ScorecardGame:
    """``game`` with every box but ``keep_open`` crossed out."""
    cells = {(r, c): Cell(scratched=True) for r in ROWS for c in COLUMNS if (r, c) not in keep_open}
    return with_cells(game, cells)


def roll(game: ScorecardGame, outcome: str, keep: str = "") -> ScorecardGame:
    return game.apply(Roll(keep=Dice.parse(keep), outcome=Dice.parse(outcome)))


def placements(game: ScorecardGame) -> set[Score | Scratch]:
    return {a for a in game.legal_actions() if isinstance(a, (Score, Scratch))}


# ---------------------------------------------------------------- the variant


def test_variant_declares_fourteen_rows_four_columns_and_no_chance() -> None:
    assert V.rows == ROWS
    assert V.columns == COLUMNS
    assert "chance" not in V.rows
    assert V.options == {}
    assert yamskit.variant("challenge") == V
    assert "challenge" in yamskit.variant_names()


def test_variant_has_no_options() -> None:
    with pytest.raises(yamskit.RuleConfigError, match="no option"):
        yamskit.variant("challenge", joker="free")


def test_describe_lists_columns_conditions_and_rulings() -> None:
    text = V.describe()
    assert "dry: any order; the dice must come from one throw of all five dice" in text
    assert "down: top to bottom" in text
    assert "up: bottom to top" in text
    assert "30 at 60+" in text
    assert "plus must be greater than minus" in text


# ---------------------------------------------------------------- scores


@pytest.mark.parametrize(
    ("row", "dice", "points"),
    [
        ("threes", "33325", 9),
        ("ones", "23456", 0),
        ("sixes", "66616", 24),
        ("three_of_a_kind", "33325", 9),
        ("three_of_a_kind", "44421", 12),
        ("three_of_a_kind", "33336", 9),
        ("three_of_a_kind", "12345", 0),
        ("four_of_a_kind", "33336", 12),
        ("four_of_a_kind", "33366", 0),
        ("full_house", "22555", 19),
        ("full_house", "22556", 0),
        ("small_straight", "12346", 10),
        ("small_straight", "23456", 10),
        ("small_straight", "12356", 0),
        ("large_straight", "12345", 20),
        ("large_straight", "12346", 0),
        ("yams", "44444", 40),
        ("yams", "44443", 0),
        ("plus", "45555", 24),
        ("minus", "11112", 6),
    ],
)
def test_rows_score_as_the_rule_sheet_says(row: str, dice: str, points: int) -> None:
    assert V.score(row, dice) == points


@pytest.mark.parametrize("face", range(1, 7))
def test_five_of_a_kind_counts_as_three_four_of_a_kind_and_full_house(face: int) -> None:
    dice = str(face) * 5
    game = roll(new(), dice)
    expected = {"three_of_a_kind": 3 * face, "four_of_a_kind": 4 * face, "full_house": 5 * face, "yams": 40}
    for row, points in expected.items():
        assert V.score(row, dice) == points
        assert game.placement(Score(row, "disorder")).points == points
        assert game.placement(Score(row, "dry")).points == points


@pytest.mark.parametrize(
    ("numbers", "bonus"),
    [
        ({"sixes": 30, "fives": 25, "fours": 4}, 0),
        ({"sixes": 30, "fives": 25, "threes": 3, "twos": 2}, 30),
        ({"sixes": 30, "fives": 25, "fours": 20}, 30),
    ],
)
def test_upper_bonus_is_30_per_column_at_60(numbers: dict[str, int], bonus: int) -> None:
    game = with_cells(new(), {(row, "disorder"): Cell(points=p) for row, p in numbers.items()})
    upper = sum(numbers.values())
    column = game.result().details["players"][0]["columns"]["disorder"]
    assert column == {"boxes": upper, "upper": upper, "bonus": bonus, "total": upper + bonus}
    assert game.result().scores == (upper + bonus,)


def test_totals_are_boxes_plus_bonus_per_column_summed_per_player() -> None:
    cells = {(r, "dry"): Cell(points=p) for r, p in zip(ROWS[:6], (3, 6, 9, 12, 15, 18), strict=True)}
    cells[("yams", "up")] = Cell(points=40)
    cells[("plus", "down")] = Cell(points=22)
    cells[("minus", "down")] = Cell(scratched=True)
    game = with_cells(new(("Ann", "Bob")), cells, player=1)
    result = game.result()
    columns = result.details["players"][1]["columns"]
    assert columns["dry"]["total"] == 63 + 30
    assert columns["up"]["total"] == 40
    assert columns["down"]["total"] == 22
    assert result.scores == (0, 63 + 30 + 40 + 22)
    assert result.winner_names == ("Bob",)


# ---------------------------------------------------------------- worked examples of the sheet


def test_sheet_example_1_three_threes_score_nine_in_three_of_a_kind() -> None:
    game = roll(new(), "23356")
    game = roll(game, "134", keep="33")
    game = roll(game, "25", keep="333")
    assert game.dice == Dice.parse("33325")
    assert game.placement(Score("three_of_a_kind", "disorder")).points == 9
    # dice were kept: dry refuses; descending starts at ones; ascending at minus.
    assert_illegal(game, Score("three_of_a_kind", "dry"), ColumnConditionError)
    assert_illegal(game, Score("three_of_a_kind", "down"), FillOrderError)
    assert_illegal(game, Score("three_of_a_kind", "up"), FillOrderError)
    after = game.apply(Score("three_of_a_kind", "disorder"))
    assert after.cell(0, "three_of_a_kind", "disorder") == Cell(points=9)


def test_sheet_example_2_taking_every_die_back_scores_twelve() -> None:
    game = roll(new(), "12356")
    game = roll(game, "36", keep="123")
    game = roll(game, "44421")  # every die taken back
    assert game.placement(Score("three_of_a_kind", "disorder")).points == 12
    # a throw of all five dice, so dry accepts it as well
    assert game.placement(Score("three_of_a_kind", "dry")).points == 12


def test_sheet_example_3_dry_after_rethrowing_all_five_dice() -> None:
    game = roll(new(), "23455")
    game = roll(game, "124", keep="55")
    error = assert_illegal(game, Score("four_of_a_kind", "dry"), ColumnConditionError)
    assert "all five dice" in str(error)
    game = roll(game, "33336")
    assert game.placement(Score("four_of_a_kind", "dry")).points == 12
    assert game.apply(Score("four_of_a_kind", "dry")).cell(0, "four_of_a_kind", "dry") == Cell(points=12)


def test_dry_column_refuses_dice_when_two_were_kept() -> None:
    game = roll(roll(new(), "23455"), "124", keep="55")
    assert not any(a.column == "dry" for a in placements(game))
    assert_illegal(game, Scratch("yams", "dry"), ColumnConditionError)
    assert game.is_legal(Score("twos", "disorder"))


def test_sheet_difficult_situation_minus_25_then_24_in_ascending() -> None:
    game = roll(new(), "55555").apply(Score("minus", "up"))
    game = roll(game, "45555")
    error = assert_illegal(game, Score("plus", "up"), PlusMinusError)
    assert isinstance(error, ConstraintError)
    assert str(error) == "plus (24) must be greater than minus (25) in column 'up'"
    # the sheet's options: cross the plus box out, or use the 24 elsewhere
    assert game.is_legal(Scratch("plus", "up"))
    assert game.is_legal(Score("plus", "disorder"))
    assert game.is_legal(Score("plus", "dry"))
    assert game.placement(Score("fives", "disorder")).points == 20
    crossed = game.apply(Scratch("plus", "up"))
    assert crossed.cell(0, "plus", "up") == Cell(scratched=True)


@pytest.mark.parametrize("column", ["disorder", "dry"])
@pytest.mark.parametrize(("minus", "plus", "legal"), [("44444", "44444", False), ("33333", "33336", True)])
@pytest.mark.parametrize("minus_first", [True, False])
def test_plus_must_be_strictly_greater_than_minus(
    column: str, minus: str, plus: str, legal: bool, minus_first: bool
) -> None:
    """The sheet's 20/20 (rejected) and 15/18 (accepted), in either order."""
    first, second = (("minus", minus), ("plus", plus)) if minus_first else (("plus", plus), ("minus", minus))
    game = roll(new(), first[1]).apply(Score(first[0], column))
    game = roll(game, second[1])
    action = Score(second[0], column)
    if legal:
        after = game.apply(action)
        assert after.cell(0, "plus", column).points == Dice.parse(plus).total
        assert after.cell(0, "minus", column).points == Dice.parse(minus).total
    else:
        error = assert_illegal(game, action, PlusMinusError)
        assert str(error) == f"plus (20) must be greater than minus (20) in column {column!r}"


def test_plus_minus_rule_applies_in_descending_when_minus_comes_last() -> None:
    game = only_left(new(), {("plus", "down"), ("minus", "down")})
    game = roll(game, "22222").apply(Score("plus", "down"))
    game = roll(game, "22223")
    assert_illegal(game, Score("minus", "down"), PlusMinusError)
    assert game.is_legal(Scratch("minus", "down"))
    game = roll(game, "11112", keep="")
    assert game.apply(Score("minus", "down")).is_over


@pytest.mark.parametrize("crossed", ["plus", "minus"])
def test_crossed_out_plus_or_minus_constrains_nothing(crossed: str) -> None:
    other = "minus" if crossed == "plus" else "plus"
    game = with_cells(new(), {(crossed, "disorder"): Cell(scratched=True)})
    for dice in ("11111", "66666"):
        assert roll(game, dice).is_legal(Score(other, "disorder"))


def test_plus_minus_rule_ignores_other_columns() -> None:
    game = with_cells(new(), {("minus", "disorder"): Cell(points=30)})
    game = roll(game, "11111")
    assert game.is_legal(Score("plus", "dry"))
    assert_illegal(game, Score("plus", "disorder"), PlusMinusError)


def test_plus_above_minus_is_a_value_rule() -> None:
    assert PlusAboveMinus() == PlusAboveMinus("plus", "minus")
    assert V.rules.placement_rules == (PlusAboveMinus(),)


# ---------------------------------------------------------------- columns and actions


def test_descending_column_accepts_only_the_next_box_from_the_top() -> None:
    game = roll(new(), "12345")
    assert [a.row for a in placements(game) if a.column == "down"] == ["ones", "ones"]
    error = assert_illegal(game, Score("twos", "down"), FillOrderError)
    assert "'twos' is not next (next: ones)" in str(error)
    game = roll(game.apply(Scratch("ones", "down")), "12345")
    assert {a.row for a in placements(game) if a.column == "down"} == {"twos"}


def test_ascending_column_starts_at_minus() -> None:
    game = roll(new(), "12345")
    assert {a.row for a in placements(game) if a.column == "up"} == {"minus"}
    assert_illegal(game, Score("plus", "up"), FillOrderError)
    game = roll(game.apply(Score("minus", "up")), "66666")
    assert {a.row for a in placements(game) if a.column == "up"} == {"plus"}


def test_disorder_column_accepts_any_empty_box() -> None:
    game = roll(new(), "12345")
    assert {a.row for a in placements(game) if a.column == "disorder"} == set(ROWS)


def test_a_filled_box_cannot_be_written_again() -> None:
    game = roll(roll(new(), "12345").apply(Score("large_straight", "disorder")), "12345")
    assert_illegal(game, Score("large_straight", "disorder"), OccupiedError)
    assert_illegal(game, Scratch("large_straight", "disorder"), OccupiedError)


def test_placing_needs_a_throw_and_a_column() -> None:
    game = new()
    assert_illegal(game, Score("ones", "disorder"), MustRollFirstError)
    game = roll(game, "11111")
    assert_illegal(game, Score("ones"), UnknownActionError)
    assert_illegal(game, Score("chance", "disorder"), UnknownActionError)
    assert_illegal(game, Score("ones", "sideways"), UnknownActionError)


def test_score_of_unqualified_dice_writes_zero_and_scratch_writes_x() -> None:
    game = roll(new(), "12346")
    assert game.apply(Score("yams", "disorder")).cell(0, "yams", "disorder") == Cell(points=0)
    assert game.apply(Scratch("yams", "disorder")).cell(0, "yams", "disorder") == Cell(scratched=True)


def test_turn_passes_to_the_next_player_after_a_placement() -> None:
    game = roll(new(("Ann", "Bob", "Cy")), "12345").apply(Score("large_straight", "dry"))
    assert game.current_player == 1
    assert game.cell(1, "large_straight", "dry").is_empty


# ---------------------------------------------------------------- never stranded


def test_only_dry_left_a_keep_on_the_last_throw_is_refused() -> None:
    game = only_left(new(), {("yams", "dry")})
    assert list(game.legal_actions()) == [Roll()]
    game = roll(game, "23455")
    # second throw of three: a keep is allowed, because a third throw of all five remains
    assert game.is_legal(Roll(keep=Dice.parse("55")))
    game = roll(game, "124", keep="55")
    assert placements(game) == set()
    assert list(game.legal_actions()) == [Roll()]
    error = assert_illegal(game, Roll(keep=Dice.parse("5")), ColumnConditionError)
    assert "would leave no box you may fill" in str(error)
    game = roll(game, "55555")
    assert placements(game) == {Score("yams", "dry"), Scratch("yams", "dry")}
    assert game.apply(Score("yams", "dry")).is_over


def test_only_dry_left_keeping_all_five_on_the_last_throw_is_refused() -> None:
    game = roll(roll(only_left(new(), {("ones", "dry")}), "11111"), "22222")
    assert_illegal(game, Roll(keep=Dice.parse("22222")), ColumnConditionError)
    assert game.is_legal(Roll())


def test_a_keep_on_the_last_throw_is_allowed_while_another_column_is_open() -> None:
    game = only_left(new(), {("yams", "dry"), ("ones", "down")})
    game = roll(roll(game, "23455"), "124", keep="55")
    assert game.is_legal(Roll(keep=Dice.parse("55")))
    game = roll(game, "555", keep="55")
    assert placements(game) == {Score("ones", "down"), Scratch("ones", "down")}


def _only_dry_yams_left() -> ScorecardGame:
    game: ScorecardGame = yamskit.variant("challenge").new_game(players=["Ann"], seed=1)
    rules = game.rules
    sheet = game.sheets[0]
    for c, column in enumerate(rules.column_ids):
        for r, row in enumerate(rules.row_ids):
            if (row, column) != ("yams", "dry"):
                sheet = sheet.with_cell(r, c, Cell(points=10 if row == "plus" else 5))
    return attrs.evolve(game, sheets=(sheet,))


def test_dry_only_keep_is_legal_while_a_later_throw_of_all_five_remains() -> None:
    game = _only_dry_yams_left().apply(Roll(outcome="55551"))
    assert game.is_legal(Roll(keep="5555"))
    kept = game.apply(Roll(keep="5555", outcome="5"))
    assert not kept.is_legal(Score("yams", "dry"))
    assert not kept.is_legal(Roll(keep="55555"))
    assert kept.is_legal(Roll(keep=""))


# ---------------------------------------------------------------- JSON, rendering, the example script


def test_json_round_trip_mid_turn() -> None:
    game = roll(roll(new(("Ann", "Bob")), "23455"), "124", keep="55")
    assert yamskit.load_game(game.to_json()) == game


def test_render_shows_the_four_columns() -> None:
    game = roll(new(), "55555").apply(Score("minus", "up"))
    text = game.render()
    for word in ("down", "up", "disorder", "dry", "Minus (-)"):
        assert word in text


def test_example_challenge_check_runs_and_explains_the_minus_25_situation(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).parents[3] / "examples" / "challenge_check.py"
    runpy.run_path(str(path), run_name="__main__")
    out = capsys.readouterr().out
    assert "plus (24) must be greater than minus (25) in column 'up'" in out
