"""Balut: the rule pages' worked values and points table, the boxes of a category, the declared result, the tools.

Sources (docs/rules/balut.md lists them): diceworldgame.com *Balut!* (the points table, the bands,
"29 points is the maximum you can score"), dice-play.com *Balut* (the categories and their values:
the straight 15 or 20, the full house and choice the sum, a balut 20 plus the sum),
playonlinedicegames.com *Balut Dice Game Rules* (the same), goldcup.games (the simple game won on
the total).
"""

from __future__ import annotations

from typing import Any

import pytest

import yamskit
from yamskit import Dice, Roll, Score, Scratch
from yamskit.categories import Category, face_sum, total
from yamskit.errors import FillOrderError, IllegalActionError, OccupiedError, RuleConfigError
from yamskit.scorecard import Award, Column, FillPolicy, PointsTable, ScorecardGame, ScorecardVariant
from yamskit.variants.balut import BANDS, POINTS

BALUT = yamskit.variant("balut")
CATEGORIES = ("fours", "fives", "sixes", "straight", "full_house", "choice", "balut")


@pytest.mark.parametrize(
    ("dice", "row", "points"),
    [
        # dice-play.com: a roll scored in sixes gives the sixes' sum (18), in fives 0, in fours 4
        ("66645", "sixes", 18),
        ("66645", "fives", 5),
        ("66645", "fours", 4),
        ("66632", "fives", 0),
        # the straights: 1-2-3-4-5 is 15, 2-3-4-5-6 is 20 (dice-play.com, playonlinedicegames.com)
        ("12345", "straight", 15),
        ("65432", "straight", 20),
        ("12346", "straight", 0),
        # the full house and choice score the sum of the dice; a balut 20 plus the sum
        ("33366", "full_house", 21),
        ("66655", "full_house", 28),  # goldcup.games' spot prize: the "high house" of 28
        ("33336", "full_house", 0),
        ("12366", "choice", 18),
        ("44444", "balut", 40),
        ("66666", "balut", 50),
        ("66665", "balut", 0),
    ],
)
def test_the_worked_values_of_the_rule_pages(dice: str, row: str, points: int) -> None:
    assert BALUT.score(row, Dice.parse(dice)) == points


def _sheet(game: ScorecardGame, player: int, moves: list[tuple[str, str]]) -> ScorecardGame:
    """``game`` with ``player``'s boxes written by ``moves`` (faces, category), the others crossing out choice."""
    for faces, row in moves:
        while game.current_player != player:
            game = game.apply(Roll(outcome="11111")).apply(Scratch(game.legal_actions()[-1].row))
        game = game.apply(Roll(outcome=faces)).apply(Score(row))
    return game


def _best_moves() -> list[tuple[str, str]]:
    """A sheet earning every point: four fours, fives and sixes, straights, full houses, 100+ choice, four baluts."""
    return [
        *[("44444", "fours")] * 4,  # 4 x 20 = 80 >= 52
        *[("55555", "fives")] * 4,  # 100 >= 65
        *[("66666", "sixes")] * 4,  # 120 >= 78
        *[("23456", "straight")] * 4,
        *[("66655", "full_house")] * 4,
        *[("66666", "choice")] * 4,  # 120 >= 100
        *[("66666", "balut")] * 4,  # four baluts: 8 points
    ]


def test_a_sheet_earning_everything_makes_29_points_the_maximum_of_diceworldgame() -> None:
    game = _sheet(BALUT.new_game(["Ann"], seed=1), 0, _best_moves())
    result = game.result()
    assert game.is_over
    assert result.scores == (29,)
    assert result.totals == (80 + 100 + 120 + 80 + 112 + 120 + 200,)
    earned = {line["award"].split(":")[0]: line["points"] for line in result.details["players"][0]["awards"]}
    assert earned == {
        "fours": 2,
        "fives": 2,
        "sixes": 2,
        "straight": 4,
        "full_house": 3,
        "choice": 2,
        "balut": 8,
        "total": 6,
    }


@pytest.mark.parametrize(
    ("total", "points"),
    [
        (0, -2),
        (299, -2),
        (300, -1),
        (349, -1),
        (350, 0),
        (400, 1),
        (450, 2),
        (500, 3),
        (550, 4),
        (600, 5),
        (649, 5),
        (650, 6),
        (812, 6),
    ],
)
def test_the_bands_of_the_grand_total(total: int, points: int) -> None:
    assert Award.bands(BANDS).earned({}, {}, total) == points


def test_the_thresholds_are_reached_at_the_total_given_and_not_below() -> None:
    at_least = {a.row: a for a in POINTS.awards if a.kind == "at_least"}
    assert {row: (a.threshold, a.points) for row, a in at_least.items()} == {
        "fours": (52, 2),
        "fives": (65, 2),
        "sixes": (78, 2),
        "choice": (100, 2),
    }
    for award in at_least.values():
        assert award.earned({award.row: award.threshold}, {}, 0) == award.points
        assert award.earned({award.row: award.threshold - 1}, {}, 0) == 0


def test_a_straight_or_full_house_box_holding_0_or_a_cross_loses_the_points() -> None:
    straight = Award.no_zero("straight", 4)
    assert straight.earned({}, {"straight": (15, 20, 20, 15)}, 0) == 4
    assert straight.earned({}, {"straight": (15, 20, 0, 15)}, 0) == 0
    assert straight.earned({}, {"straight": (15, 20, None, 15)}, 0) == 0  # not earned until filled
    moves = [*[("12345", "straight")] * 3, ("11111", "straight")]
    game = _sheet(BALUT.new_game(["Ann"], seed=1), 0, moves)
    assert [c.points for c in game.rules.category_boxes(game.sheets[0], "straight")] == [15, 15, 15, 0]
    assert not any(line["award"].startswith("straight") for line in game.result().details["players"][0]["awards"])


def test_each_balut_earns_2_points() -> None:
    game = _sheet(BALUT.new_game(["Ann"], seed=1), 0, [("22222", "balut"), ("33333", "balut"), ("12345", "balut")])
    lines = game.result().details["players"][0]["awards"]
    assert {"award": "balut: 2 for each box above 0", "points": 4} in lines


def test_score_fills_the_first_free_box_of_the_category_and_the_game_lasts_28_turns() -> None:
    game = BALUT.new_game(["Ann"], seed=1)
    for n, faces in enumerate(("66612", "66123", "61234", "11234"), start=1):
        game = game.apply(Roll(outcome=faces))
        assert Score("sixes") in game.legal_actions()
        assert not any(a.row.startswith("sixes_") for a in game.legal_actions() if isinstance(a, (Score, Scratch)))
        game = game.apply(Score("sixes"))
        filled = [c.points for c in game.rules.category_boxes(game.sheets[0], "sixes")]
        assert filled == [18, 12, 6, 0][:n] + [None] * (4 - n)
    game = game.apply(Roll(outcome="66666"))
    assert Score("sixes") not in game.legal_actions()
    with pytest.raises(OccupiedError):
        game.apply(Score("sixes"))
    with pytest.raises(FillOrderError, match="one of the boxes of 'sixes'"):
        game.apply(Score("sixes_2"))
    assert len([a for a in game.legal_actions() if isinstance(a, Score)]) == 6
    turns = 4
    while not game.is_over:
        game = game.apply(Roll(outcome="12345") if not game.turn.throws else game.legal_actions()[-1])
        turns += not game.turn.throws
    assert turns == 28
    assert game.sheets[0].is_full


def test_a_further_box_is_never_named_even_when_it_is_next() -> None:
    game = BALUT.new_game(["Ann"], seed=1).apply(Roll(outcome="44412")).apply(Score("fours"))
    game = game.apply(Roll(outcome="44412"))
    assert not game.is_legal(Score("fours_2"))
    assert game.apply(Score("Fours")).cell(0, "fours_2").points == 12  # the label names the category too


def test_a_crossed_out_box_counts_0_and_the_next_scratch_takes_the_next_box() -> None:
    game = BALUT.new_game(["Ann"], seed=1)
    for _ in range(2):
        game = game.apply(Roll(outcome="12345")).apply(Scratch("choice"))
    assert [str(c) for c in game.rules.category_boxes(game.sheets[0], "choice")] == ["x", "x", "", ""]


def test_the_result_ranks_by_points_then_by_total() -> None:
    result = yamskit.Result.from_points(("Ann", "Bob", "Cy"), (3, 3, 5), (420, 410, 200))
    assert result.ranking == ((2,), (0,), (1,))
    assert result.to_data()["totals"] == [420, 410, 200]
    level = yamskit.Result.from_points(("Ann", "Bob"), (3, 3), (420, 420))
    assert level.is_draw
    assert level.headline == "Draw: Ann, Bob"
    assert "totals" not in yamskit.Result.from_scores(("A",), (1,)).to_data()


def test_the_text_view_and_describe_show_the_total_and_the_points() -> None:
    game = _sheet(BALUT.new_game(["Ann"], seed=1), 0, _best_moves())
    text = str(game)
    for part in ("Total", "Points", " 29", "Fours 4"):
        assert part in text
    described = BALUT.describe()
    assert "fours: Fours, max 20, 4 boxes (fours, fours_2, fours_3, fours_4)" in described
    assert "Won on points (the total breaks ties):" in described


@pytest.mark.parametrize(
    ("options", "winner"),
    [({}, "Bob"), ({"won_on": "total"}, "Ann")],
)
def test_won_on_points_by_default_and_on_the_total_as_an_option(options: dict[str, Any], winner: str) -> None:
    variant = yamskit.variant("balut", **options)
    game = variant.new_game(["Ann", "Bob"], seed=1)
    ann = ("choice", "sixes", "fives", "fours", "full_house", "balut", "straight")
    bob = ("balut", "choice", "fours", "fives", "sixes", "straight", "full_house")
    for _ in range(28):  # Ann: 66665 everywhere, a high total; Bob: 11111 everywhere, four baluts
        game = game.apply(Roll(outcome="66665")).apply(Score(_free(game, 0, ann)))
        game = game.apply(Roll(outcome="11111")).apply(Score(_free(game, 1, bob)))
    result = game.result()
    assert (result.totals or result.scores) == (116 + 96 + 20, 100 + 20)
    if options:
        assert result.scores == (232, 120)
    else:  # Ann: choice 116 and sixes 96 reach their thresholds (2 + 2), band -2; Bob: four baluts (8), band -2
        assert result.scores == (2, 6)
    assert game.is_over
    assert game.result().winner_names == (winner,)


def _free(game: ScorecardGame, player: int, order: tuple[str, ...]) -> str:
    """The first category of ``order`` with a free box on ``player``'s sheet."""
    rules = game.rules
    return next(row for row in order if any(c.is_empty for c in rules.category_boxes(game.sheets[player], row)))


def test_full_house_from_five_is_an_option() -> None:
    assert yamskit.variant("balut", full_house_from_five=True).score("full_house", Dice.parse("33333")) == 15
    assert BALUT.score("full_house", Dice.parse("33333")) == 0


@pytest.mark.parametrize("options", [{"won_on": "chips"}, {"won_on": 1}, {"full_house_from_five": "yes"}])
def test_an_option_outside_its_values_is_refused(options: dict[str, Any]) -> None:
    with pytest.raises(RuleConfigError):
        yamskit.variant("balut", **options)


def test_the_exact_solver_refuses_balut_naming_why() -> None:
    from yamskit.bots import solvable
    from yamskit.solver.model import model_of

    assert not solvable(BALUT)
    with pytest.raises(RuleConfigError, match="cannot solve 'balut': its categories are scored several times"):
        model_of(BALUT)
    with pytest.raises(RuleConfigError, match="cannot solve 'balut': its categories are scored several times"):
        model_of(yamskit.variant("balut", won_on="total"))


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_bot_level_plays_a_legal_game(level: str) -> None:
    from yamskit.bots import player as make_player

    game = BALUT.new_game(["Ann", "Bob"], seed=4)
    player = make_player(BALUT, level, seed=4, time_budget=0.05)
    while not game.is_over:
        action = player.choose(game)
        assert game.is_legal(action)
        game = game.apply(action)
    assert all(sheet.is_full for sheet in game.sheets)
    assert len(game.result().scores) == 2


# ------------------------------------------------------------------ the declarations, for any sheet
def test_define_checks_boxes_and_the_points_table_against_the_sheet() -> None:
    rows = [Category("sixes", face_sum(6), boxes=2), Category("chance", total)]
    with pytest.raises(RuleConfigError, match=r"Award.at_least\('luck'\): the category 'luck' is not a row"):
        ScorecardVariant.define("x", rows=rows, result=PointsTable([Award.at_least("luck", 1, 1)]))
    with pytest.raises(RuleConfigError, match=r"'sixes_2' is a box of 'sixes': name the category"):
        ScorecardVariant.define("x", rows=rows, result=PointsTable([Award.per_box("sixes_2", 1)]))
    with pytest.raises(RuleConfigError, match="award bands"):
        ScorecardVariant.define("x", rows=rows, result=PointsTable([Award.bands([(10, 1), (0, 2)])]))
    with pytest.raises(RuleConfigError, match="non-empty list of Award"):
        ScorecardVariant.define("x", rows=rows, result=PointsTable([]))
    with pytest.raises(RuleConfigError, match="row 'sixes' has 2 boxes"):
        ScorecardVariant.define("x", rows=rows, columns=[Column("down", FillPolicy.down())])
    with pytest.raises(RuleConfigError, match="boxes must be a whole number from 1 to 10"):
        Category("sixes", face_sum(6), boxes=0)


def test_a_sheet_of_several_columns_holds_the_boxes_of_each() -> None:
    rows = [Category("sixes", face_sum(6), boxes=2), Category("chance", total)]
    v = ScorecardVariant.define("two", rows=rows, columns=[Column("a"), Column("b")])
    game = v.new_game(["Ann"], seed=1)
    for column in ("a", "b", "a"):
        game = game.apply(Roll(outcome="66123")).apply(Score("sixes", column))
    assert [c.points for c in v.rules.category_boxes(game.sheets[0], "sixes")] == [12, 12, 12, None]
    assert v.rules.category_totals(game.sheets[0]) == {"sixes": 36, "chance": 0}


def test_rules_made_anew_keep_their_boxes() -> None:
    import pickle

    copy = pickle.loads(pickle.dumps(BALUT))
    assert copy.rows == BALUT.rows
    assert copy.rules.row_heads == BALUT.rules.row_heads
    assert copy.rules.result == BALUT.rules.result


def test_a_sheet_without_boxes_is_unchanged() -> None:
    classic = yamskit.variant("classic")
    assert classic.rules.row_heads is None
    assert classic.rules.tables.heads is None
    assert all(row.boxes == 1 and row.box == 1 for row in classic.rules.rows)
    with pytest.raises(IllegalActionError):
        classic.new_game(seed=1).apply(Roll(outcome="12345")).apply(Score("ones")).apply(Roll(outcome="11111")).apply(
            Score("ones")
        )


def test_a_position_from_paper_holds_the_boxes_and_refuses_a_box_filled_before_the_one_above() -> None:
    from yamskit.position import ImpossibleSheetError

    game = BALUT.position(players=["Ann"], sheets=[{"fours": 8, "fours_2": 12, "balut": 40}])
    assert game.cell(0, "fours_2").points == 12
    assert game.result().totals == (60,)
    assert game.result().scores == (0,)  # a balut 2, the band under 300 -2
    with pytest.raises(ImpossibleSheetError, match="box_order"):
        BALUT.position(players=["Ann"], sheets=[{"fours_2": 8}])


@pytest.mark.parametrize(
    ("sheet", "named"),
    [({"fours_2": 8}, "'fours_2' is filled but 'fours'"), ({"choice": 20, "choice_3": 22}, "'choice_3' is filled")],
)
def test_a_paper_position_fills_a_categorys_boxes_in_order(sheet: dict[str, int], named: str) -> None:
    from yamskit.position import ImpossibleSheetError

    balut = yamskit.variant("balut")
    with pytest.raises(ImpossibleSheetError, match=named) as caught:
        balut.position(players=["Ann"], sheets=[sheet])
    assert caught.value.rule == "box_order"
    in_order = balut.position(players=["Ann"], sheets=[{"choice": 20, "choice_2": 22}])
    assert [c.points for c in in_order.rules.category_boxes(in_order.sheets[0], "choice")][:2] == [20, 22]
