"""Competitive Yams rules checked on the boxes actually written and the duels actually scored.

Each test applies the Score and reads the sheet afterwards; where several players hold
values, the highest value sits on a lower-numbered seat than a smaller one (and the other
way round), so a rule that looked at seats instead of values would be caught.
"""

from __future__ import annotations

import attrs
import pytest

from tests.variants.competitive.test_rules import new_game, with_cells, written, written_later
from yamskit import Cell, Dice, Roll, RuleConfigError, Score, ScorecardGame
from yamskit.scorecard import SCRATCHED
from yamskit.scorecard.placement import Placement
from yamskit.turn import Turn
from yamskit.variants.competitive import rows
from yamskit.variants.competitive.duels import ColumnScore
from yamskit.variants.competitive.rules import Bounds, GoldenRule, Sec, SumPair

ROWS = (
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "small_sum",
    "large_sum",
    "full_house",
    "four_of_a_kind",
    "straight",
    "less_than_8",
    "yams",
)


# ---------------------------------------------------------------- golden rule


@pytest.mark.parametrize(("bob", "cy"), [(24, 12), (12, 24)])
def test_golden_rule_minimum_is_the_highest_value_whatever_the_seat(bob: int, cy: int) -> None:
    g = with_cells(new_game("1v1v1"), 1, {("sixes", "free"): bob})
    g = with_cells(g, 2, {("sixes", "free"): cy})
    assert written(g, "66612", "sixes") == 0  # 18 < 24
    assert written(g, "66661", "sixes") == 24  # equal to the best counts
    assert GoldenRule().bounds(g, 0, "sixes", "free").low == 24


def test_golden_rule_names_the_player_holding_the_best_value() -> None:
    g = with_cells(new_game("1v1v1"), 1, {("sixes", "free"): 24})
    g = with_cells(g, 2, {("sixes", "free"): 12})
    bounds = GoldenRule().bounds(g, 0, "sixes", "free")
    assert bounds == Bounds(low=24, why_low="Bob has 24 in free/sixes")
    note = g.apply(Roll(outcome="66612")).placement(Score("sixes", "free")).notes
    assert note == ("golden rule: 18 -> 0 (Bob has 24 in free/sixes)",)


def test_golden_rule_ignores_the_players_own_box_and_a_crossed_out_box_sets_no_minimum() -> None:
    g = with_cells(new_game("1v1v1"), 1, {("sixes", "free"): 0})
    assert GoldenRule().bounds(g, 0, "sixes", "free").low == 0
    assert written(g, "61234", "sixes") == 6
    assert GoldenRule().bounds(g, 1, "sixes", "free") == Bounds()


# ---------------------------------------------------------------- the two sums


@pytest.mark.parametrize(("bob", "cy"), [(25, 21), (21, 25)])
def test_large_sum_must_beat_the_highest_small_sum_whatever_the_seat(bob: int, cy: int) -> None:
    g = with_cells(new_game("1v1v1"), 1, {("small_sum", "free"): bob})
    g = with_cells(g, 2, {("small_sum", "free"): cy})
    assert written(g, "65543", "large_sum") == 0  # 23
    assert written(g, "65545", "large_sum") == 0  # 25, not above 25
    assert written(g, "65546", "large_sum") == 26
    assert SumPair().bounds(g, 0, "large_sum", "free").low == 26


def test_large_sum_bound_names_whose_small_sum_sets_it() -> None:
    g = with_cells(new_game("1v1v1"), 2, {("small_sum", "free"): 25})
    assert SumPair().bounds(g, 0, "large_sum", "free").why_low == "Cy's small_sum is 25 in free"
    own = with_cells(new_game(), 0, {("small_sum", "free"): 25})
    assert SumPair().bounds(own, 0, "large_sum", "free").why_low == "your small_sum is 25 in free"


def test_small_sum_may_be_one_below_the_own_large_sum() -> None:
    g = with_cells(new_game(), 0, {("large_sum", "free"): 25})
    assert written(g, "65544", "small_sum") == 24
    assert SumPair().bounds(g, 0, "small_sum", "free") == Bounds(
        low=20, high=24, why_low="a sum needs at least 20", why_high="your large_sum is 25"
    )


def test_sums_accept_exactly_20() -> None:
    assert written_later(new_game(), "44444", "small_sum") == 20
    assert written_later(new_game(), "44444", "large_sum") == 20
    assert SumPair().bounds(new_game(), 0, "large_sum", "free") == Bounds(low=20, why_low="a sum needs at least 20")


def test_a_small_sum_below_20_does_not_raise_the_large_sum_minimum() -> None:
    g = with_cells(new_game(), 1, {("small_sum", "free"): 0})
    assert SumPair().bounds(g, 0, "large_sum", "free").low == 20
    assert written_later(g, "44444", "large_sum") == 20  # Bob's crossed-out small_sum binds only Bob
    own = with_cells(new_game(), 0, {("small_sum", "free"): 0})
    assert written_later(own, "44444", "large_sum") == 0


def test_other_rows_are_not_bound_by_the_sums() -> None:
    g = with_cells(new_game(), 0, {("small_sum", "free"): 0})
    assert SumPair().bounds(g, 0, "sixes", "free") == Bounds()
    after = g.apply(Roll(outcome="66612")).apply(Score("sixes", "free"))
    assert after.cell(0, "sixes", "free") == Cell(points=18)


def test_scratching_one_sum_crosses_out_the_partner_in_that_column_only() -> None:
    g = with_cells(new_game(), 0, {("small_sum", "free"): 26, ("small_sum", "up"): 26})
    g = g.apply(Roll(outcome="12345")).apply(Score("large_sum", "free"))
    assert g.cell(0, "small_sum", "free") == SCRATCHED
    assert g.cell(0, "small_sum", "up") == Cell(points=26)
    assert g.cell(1, "small_sum", "free").is_empty


def test_a_valid_sum_leaves_the_partner_alone() -> None:
    g = with_cells(new_game(), 0, {("small_sum", "free"): 21})
    g = g.apply(Roll(outcome="66554")).apply(Score("large_sum", "free"))
    assert (g.cell(0, "small_sum", "free"), g.cell(0, "large_sum", "free")) == (Cell(points=21), Cell(points=26))


# ---------------------------------------------------------------- sec, as written


def _sec_written(game: ScorecardGame, dice: str, row: str, column: str = "free") -> Cell:
    player = game.current_player
    return game.apply(Roll(outcome=dice)).apply(Score(row, column)).cell(player, row, column)


@pytest.mark.parametrize(
    ("row", "points"),
    [
        ("ones", 5),
        ("twos", 10),
        ("threes", 15),
        ("fours", 20),
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
def test_a_sec_writes_the_rows_maximum_as_points_not_a_crossed_box(row: str, points: int) -> None:
    assert _sec_written(new_game(), "22222", row) == Cell(points=points)


def test_a_sec_lowered_by_the_own_large_sum_is_written_lowered() -> None:
    g = with_cells(new_game(), 0, {("large_sum", "free"): 26})
    assert _sec_written(g, "33333", "small_sum") == Cell(points=25)


def test_a_sec_no_value_can_satisfy_is_a_crossed_out_box_that_crosses_the_partner() -> None:
    g = with_cells(new_game(), 0, {("large_sum", "free"): 20})
    after = g.apply(Roll(outcome="11111")).apply(Score("small_sum", "free"))
    assert after.cell(0, "small_sum", "free") == SCRATCHED
    assert after.cell(0, "large_sum", "free") == SCRATCHED


def test_a_sec_note_says_what_lowered_it() -> None:
    g = with_cells(new_game(), 0, {("large_sum", "free"): 26})
    notes = g.apply(Roll(outcome="33333")).placement(Score("small_sum", "free")).notes
    assert notes == ("sec: small_sum maximum 29, 25 because your large_sum is 26",)


def test_five_of_a_kind_after_a_rethrow_is_no_sec_as_written() -> None:
    g = new_game().apply(Roll(outcome="22221")).apply(Roll(keep="2222", outcome="2")).apply(Score("yams", "free"))
    assert g.cell(0, "yams", "free") == Cell(points=80)


# ---------------------------------------------------------------- clean columns and duels


def _full_column(low_box: int) -> dict[tuple[str, str], int]:
    """A complete free column with no 0, whose ones box holds ``low_box``."""
    values = dict(zip(ROWS, (low_box, 8, 12, 16, 20, 24, 22, 25, 40, 42, 45, 70, 80), strict=True))
    return {(row, "free"): value for row, value in values.items()}


@pytest.mark.parametrize("low_box", [1, 2, 5])
def test_a_complete_column_without_a_zero_is_clean_even_with_a_one_point_box(low_box: int) -> None:
    g = with_cells(new_game(), 0, _full_column(low_box))
    score = ColumnScore.of(g.rules, g.sheets[0], g.rules.column_index("free"))
    assert score.clean
    assert score.upper == low_box + 80
    duel = next(d for d in g.result().details["duels"] if d["column"] == "free")
    assert duel["clean"] == [True, False]
    assert duel["clean_bonus"] == [200, 0]


def test_a_column_with_a_crossed_out_box_or_an_empty_box_is_not_clean() -> None:
    crossed = with_cells(new_game(), 0, {**_full_column(3), ("yams", "free"): 0})
    empty = with_cells(new_game(), 0, {k: v for k, v in _full_column(3).items() if k[0] != "yams"})
    for g in (crossed, empty):
        assert not ColumnScore.of(g.rules, g.sheets[0], g.rules.column_index("free")).clean


def test_the_clean_bonus_reaches_the_final_scores() -> None:
    g = with_cells(new_game(), 0, _full_column(1))
    free = g.column_weights[g.rules.column_index("free")]
    raw = sum(_full_column(1).values()) + 100  # upper 81: bonus 100
    result = g.result()
    assert result.details["columns"][0]["free"] == {
        "boxes": raw - 100,
        "upper": 81,
        "bonus": 100,
        "raw": raw,
        "clean": True,
    }
    assert result.scores == ((raw + 200) * free * 5, -(raw + 200) * free * 5)


# ---------------------------------------------------------------- bounds and the sec value, directly


def test_bounds_accept_both_limits_and_explain_only_refusals() -> None:
    b = Bounds(low=20, high=25, why_low="too low", why_high="too high")
    assert [b.accepts(v) for v in (19, 20, 25, 26)] == [False, True, True, False]
    assert [b.reason(v) for v in (19, 20, 22, 25, 26)] == ["too low", "", "", "", "too high"]
    assert Bounds(low=20).reason(10**6) == ""
    forbidden = Bounds(low=0, high=99, forbidden="crossed out")
    assert [forbidden.accepts(v) for v in (0, 50)] == [False, False]
    assert forbidden.reason(50) == "crossed out"


@attrs.frozen
class _Refuses:
    def bounds(self, game: object, player: int, row: str, column: str) -> Bounds:
        return Bounds(forbidden="house rule: never")


@attrs.frozen
class _AtMost:
    high: int

    def bounds(self, game: object, player: int, row: str, column: str) -> Bounds:
        return Bounds(high=self.high, why_high=f"at most {self.high}")


def test_a_sec_value_no_constraint_accepts_is_zero_with_the_reason() -> None:
    g = new_game()
    assert Sec({"yams": 100}, (_Refuses(),)).value(g, 0, "yams", "free") == (0, "house rule: never")


def test_a_sec_value_is_lowered_only_by_a_limit_below_the_maximum() -> None:
    g = new_game()
    assert Sec({"yams": 100}).value(g, 0, "yams", "free") == (100, "")
    assert Sec({"yams": 100}, (_AtMost(100),)).value(g, 0, "yams", "free") == (100, "")
    assert Sec({"yams": 100}, (_AtMost(150),)).value(g, 0, "yams", "free") == (100, "")
    assert Sec({"yams": 100}, (_AtMost(60), _AtMost(80))).value(g, 0, "yams", "free") == (60, "at most 60")
    assert Sec({"yams": 100}, (_AtMost(80), _AtMost(60))).value(g, 0, "yams", "free") == (60, "at most 60")


def test_a_sec_that_is_not_lowered_says_only_the_maximum() -> None:
    note = new_game().apply(Roll(outcome="22222")).placement(Score("straight", "free")).notes
    assert note == ("sec: straight maximum 50",)


@pytest.mark.parametrize("maxima", [{}, {"yams": -1}, {"yams": 2.5}, {"yams": True}])
def test_sec_maxima_must_be_whole_points(maxima: dict[str, object]) -> None:
    with pytest.raises(RuleConfigError, match="sec maxima"):
        Sec(maxima)  # type: ignore[arg-type]


def test_two_clean_columns_cancel_their_bonuses_in_the_duel() -> None:
    g = with_cells(with_cells(new_game(), 0, _full_column(1)), 1, _full_column(2))
    duel = next(d for d in g.result().details["duels"] if d["column"] == "free")
    assert duel["clean"] == [True, True]
    assert duel["difference"] == -1  # 1 point less in ones, and 200 - 200 for the clean columns
    assert duel["points"][0] == -1 * duel["coefficient"] * duel["multiplier"]


def test_the_result_details_name_mode_coefficients_columns_duels_scores_and_teams() -> None:
    g = with_cells(new_game("2v2"), 0, {("yams", "free"): 80})
    details = g.result().details
    assert sorted(details) == ["coefficients", "columns", "duels", "mode", "scores", "teams"]
    assert details["mode"] == "2v2"
    assert details["coefficients"] == dict(zip(g.rules.column_ids, g.column_weights, strict=True))
    assert details["scores"] == list(g.result().scores)
    assert [team["players"] for team in details["teams"]] == [[0, 2], [1, 3]]


def test_a_game_without_one_coefficient_per_column_cannot_be_scored() -> None:
    g = attrs.evolve(new_game(), column_weights=(8, 10, 12))
    with pytest.raises(RuleConfigError, match=r"one coefficient per column \(6\), not \[8, 10, 12\]"):
        g.result()


def test_a_small_sum_of_exactly_20_makes_the_large_sum_need_21() -> None:
    g = with_cells(new_game(), 1, {("small_sum", "free"): 20})
    assert SumPair().bounds(g, 0, "large_sum", "free").low == 21
    assert written_later(g, "44444", "large_sum") == 0
    assert written_later(g, "44445", "large_sum") == 21


def test_a_column_without_an_upper_bonus_rule_earns_no_bonus() -> None:
    g = with_cells(new_game(), 0, _full_column(5))
    column = g.rules.column_index("free")
    assert ColumnScore.of(g.rules, g.sheets[0], column).bonus == 100
    plain = ColumnScore.of(attrs.evolve(g.rules, bonus=None), g.sheets[0], column)
    assert (plain.bonus, plain.raw) == (0, plain.boxes)
    assert plain.boxes == sum(_full_column(5).values())


def test_dice_that_do_not_qualify_are_written_as_a_crossed_out_box_with_a_note() -> None:
    game = new_game().apply(Roll(outcome="12346"))
    assert game.placement(Score("yams", "free")).notes == ("yams: these dice do not qualify, 0",)
    assert game.apply(Score("yams", "free")).cell(0, "yams", "free") == SCRATCHED


def test_the_sums_explain_a_zero_and_the_partner_they_cross_out() -> None:
    g = with_cells(new_game(), 0, {("large_sum", "free"): 25})
    turn = g.apply(Roll(outcome="12346")).apply(Roll(keep="", outcome="66553"))
    assert turn.placement(Score("small_sum", "free")).notes == (
        "sums: 25 -> 0 (your large_sum is 25)",
        "sums: small_sum is 0, so large_sum (25) is crossed out too",
    )
    g = with_cells(new_game(), 0, {("small_sum", "free"): 26})
    placed = g.apply(Roll(outcome="12345")).placement(Score("large_sum", "free"))
    assert placed.notes == (
        "large_sum: these dice do not qualify, 0",
        "sums: large_sum is 0, so small_sum (26) is crossed out too",
    )
    assert placed.also_cross == (("small_sum", "free"),)


def _placement(game: ScorecardGame, row: str, dice: str) -> Placement:
    return Placement(
        player=0,
        row=row,
        column="free",
        dice=Dice.parse(dice),
        turn=Turn.start().throw(Dice(), Dice.parse(dice)),
        scratch=False,
        points=0,
        crossed=False,
    )


def test_a_sec_on_its_own_writes_a_refused_value_as_a_crossed_out_zero() -> None:
    g = new_game()
    refused = Sec({"yams": 100}, (_Refuses(),))(g, _placement(g, "yams", "22222"))
    assert (refused.points, refused.crossed) == (0, True)
    assert refused.notes[0].startswith("sec: yams maximum 100")
    granted = Sec({"yams": 100})(g, _placement(g, "yams", "22222"))
    assert (granted.points, granted.crossed, granted.notes) == (100, False, ("sec: yams maximum 100",))
    later = attrs.evolve(_placement(g, "yams", "22222"), turn=Turn.start().throw(Dice(), Dice.parse("12345")))
    later = attrs.evolve(later, turn=later.turn.throw(Dice(), Dice.parse("22222")))
    assert Sec({"yams": 100})(g, later) == later
    assert Sec({"sixes": 30})(g, _placement(g, "yams", "22222")) == _placement(g, "yams", "22222")


def test_a_sec_maximum_of_zero_is_allowed() -> None:
    assert Sec({"yams": 0}).maxima == {"yams": 0}


def test_the_rows_default_to_four_dice_four_of_a_kind() -> None:
    four_dice = rows()
    assert four_dice == rows("four_dice")
    assert [row.id for row in four_dice] == list(ROWS)
    assert next(row for row in four_dice if row.id == "four_of_a_kind").max == 54
    with pytest.raises(RuleConfigError, match="four_of_a_kind must be"):
        rows("five_dice")  # type: ignore[arg-type]
