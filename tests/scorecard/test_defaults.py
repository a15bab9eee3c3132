"""The documented defaults of the scorecard engine's building blocks: each exact value, and one behaviour on it.

Every test names the default it pins. A default changed in the code (``UpperBonus()``
paying at 62 instead of 63, a column that is no longer filled in any order...) breaks the
test of its value and the test of what it does. The core's defaults are in
tests/test_defaults.py.
"""

from __future__ import annotations

import attrs
import pytest

import yamskit
from yamskit import Dice, Roll, RuleConfigError, Score, ScorecardGame, ScorecardVariant, Scratch
from yamskit.categories import Category, total, upper
from yamskit.history import EMPTY_HISTORY
from yamskit.scorecard import (
    EMPTY,
    Cell,
    Column,
    FillPolicy,
    ScorecardRules,
    Sheet,
    TurnCondition,
    UpperBonus,
)
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker
from yamskit.scorecard.placement import Placement
from yamskit.scorecard.text import table
from yamskit.turn import Turn

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
CLASSIC_ROWS = yamskit.variant("classic").rules.rows
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")


def mini(**definition: object) -> ScorecardVariant:
    """A two-row variant, sixes and chance, with everything else left to the defaults."""
    return ScorecardVariant.define("mini", rows=[upper(6), Category("chance", total)], **definition)  # type: ignore[arg-type]


def with_boxes(game: ScorecardGame, boxes: dict[str, int], player: int = 0) -> ScorecardGame:
    """``game`` with boxes of the first column of ``player``'s sheet written."""
    sheet = game.sheets[player]
    for row, points in boxes.items():
        sheet = sheet.with_cell(game.rules.row_index(row), 0, Cell(points=points))
    return attrs.evolve(game, sheets=(*game.sheets[:player], sheet, *game.sheets[player + 1 :]))


def upper_game(bonus: UpperBonus, upper_total: int) -> ScorecardGame:
    """A one-player game of the six number rows and chance, numbers adding up to ``upper_total``, chance open."""
    variant = ScorecardVariant.define(
        "upper", rows=[*(upper(f) for f in range(1, 7)), Category("chance", total)], bonus=bonus
    )
    values = dict(zip(UPPER, (3, 6, 9, 12, 15, 18), strict=True))  # 63
    values["ones"] += upper_total - 63
    return with_boxes(variant.new_game(players=["Ann"], seed=1), values)


# ---------------------------------------------------------------- the upper bonus
def test_upper_bonus_default_rows_are_ones_to_sixes() -> None:
    assert UpperBonus().rows == UPPER
    bonus = UpperBonus()
    assert [bonus.points(t) for t in (62, 63)] == [0, 35]
    game = upper_game(UpperBonus(), 63).apply(Roll(outcome="12346")).apply(Score("chance"))
    assert game.upper_total(0) == 63  # the six number rows, counted
    assert game.result().scores == (63 + 16 + 35,)


def test_upper_bonus_default_tiers_pay_35_from_63() -> None:
    assert UpperBonus().tiers == ((63, 35),)
    bonus = UpperBonus()
    assert [bonus.points(t) for t in (0, 62, 63, 64, 105)] == [0, 0, 35, 35, 35]


@pytest.mark.parametrize(("upper_total", "paid"), [(62, 0), (63, 35), (64, 35)])
def test_upper_bonus_default_pays_35_at_63_but_0_at_62_in_a_game(upper_total: int, paid: int) -> None:
    game = upper_game(UpperBonus(), upper_total).apply(Roll(outcome="12346")).apply(Score("chance"))
    assert game.result().scores == (upper_total + 16 + paid,)


def test_upper_bonus_single_rows_default_is_ones_to_sixes() -> None:
    bonus = UpperBonus.single(60, 30)
    assert bonus.rows == UPPER
    assert bonus.tiers == ((60, 30),)
    assert [bonus.points(t) for t in (59, 60)] == [0, 30]


# ---------------------------------------------------------------- boxes, columns, sheets
def test_cell_default_is_an_empty_box() -> None:
    cell = Cell()
    assert (cell.points, cell.scratched) == (None, False)
    assert cell == EMPTY
    assert (cell.is_empty, cell.holds_number, cell.value, str(cell)) == (True, False, 0, "")
    sheet = Sheet.empty(rows=2, columns=1).with_cell(0, 0, Cell(points=5))
    assert sheet.with_cell(0, 0, Cell()).masks == (0,)  # writing the default empties the box again


def test_sheet_extra_default_is_0() -> None:
    sheet = Sheet(((EMPTY, EMPTY),))
    assert sheet.extra == 0
    assert Sheet.empty(rows=2, columns=1).extra == 0
    assert sheet.with_cells([(0, 0, Cell(points=3))]).extra == 0  # with_cells adds no extra by default
    assert sheet.with_cells([(0, 0, Cell(points=3))], extra=100).extra == 100


def test_fill_policy_defaults_are_free_with_no_first_rows() -> None:
    policy = FillPolicy()
    assert (policy.kind, policy.first) == ("free", ())
    assert policy == FillPolicy.free()
    assert policy.allowed(("a", "b", "c"), (False, True, False)) == (0, 2)
    assert policy.describe() == "any order"


def test_column_policy_default_is_free() -> None:
    column = Column("a")
    assert column.policy == FillPolicy("free", ())
    variant = mini(columns=[column])
    game = variant.new_game(players=["Ann"], seed=1).apply(Roll(outcome="66612"))
    assert game.is_legal(Score("chance", "a"))  # the bottom box first: any order
    assert game.is_legal(Score("sixes", "a"))


def test_column_condition_default_is_none_so_any_turn_may_write_there() -> None:
    assert Column("a").condition is None
    variant = mini(columns=[Column("a"), Column("dry", condition=TurnCondition.dry())])
    game = variant.new_game(players=["Ann"], seed=1).apply(Roll(outcome="66612")).apply(Roll(keep="666", outcome="66"))
    assert game.is_legal(Score("sixes", "a"))
    assert not game.is_legal(Score("sixes", "dry"))


def test_column_label_default_is_empty_so_the_label_comes_from_the_id() -> None:
    assert Column("main").label == ""
    names = mini(columns=[Column("main")]).rules.column_names
    assert [(n.id, n.label) for n in names.entries] == [("main", "Main")]
    assert mini(columns=[Column("main")]).rules.column_index("Main") == 0


def test_turn_condition_has_no_defaults_and_at_most_throws_names_its_limit() -> None:
    # TurnCondition documents no default: its name, description and check are all given
    with pytest.raises(TypeError):
        TurnCondition()  # type: ignore[call-arg]
    condition = TurnCondition.at_most_throws(2)
    assert (condition.name, condition.description) == ("at_most_2_throws", "the turn may use at most 2 throws")
    turn = Turn.start().throw(Dice(), Dice.parse("12345"))
    assert condition.check(turn.throw(Dice(), Dice.parse("12345")))
    assert not condition.check(turn.throw(Dice(), Dice.parse("12345")).throw(Dice(), Dice.parse("12345")))


# ---------------------------------------------------------------- placements and placement rules
def _placement(**fields: object) -> Placement:
    base: dict[str, object] = {
        "player": 0,
        "row": "yams",
        "column": "main",
        "dice": Dice.parse("66666"),
        "turn": Turn.start().throw(Dice(), Dice.parse("66666")),
        "scratch": False,
        "points": 50,
        "crossed": False,
    }
    return Placement(**{**base, **fields})  # type: ignore[arg-type]


def test_placement_defaults_are_no_extra_no_other_boxes_and_no_notes() -> None:
    p = _placement()
    assert (p.extra, p.also_cross, p.notes) == (0, (), ())
    zero = p.written_as_zero("why")
    assert (zero.points, zero.crossed, zero.extra, zero.also_cross, zero.notes) == (0, True, 0, (), ("why",))
    game = yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(Roll(outcome="12356"))
    written = game.placement(Score("chance"))
    assert (written.extra, written.also_cross, written.notes) == (0, (), ())


def test_five_of_a_kind_bonus_defaults_are_100_on_the_yams_row() -> None:
    bonus = FiveOfAKindBonus()
    assert (bonus.points, bonus.row, bonus.extra_points) == (100, "yams", 100)
    variant = ScorecardVariant.define("bonus", rows=CLASSIC_ROWS, rules=[FiveOfAKindBonus()])
    game = variant.new_game(players=["Ann"], seed=1).apply(Roll(outcome="22222")).apply(Score("yams"))
    game = game.apply(Roll(outcome="55555"))
    assert game.placement(Score("fives")).extra == 100
    assert game.apply(Score("fives")).sheets[0].extra == 100


def test_joker_row_default_is_yams_and_upper_default_is_ones_to_sixes() -> None:
    joker = Joker("forced")
    assert (joker.row, joker.upper) == ("yams", UPPER)
    variant = ScorecardVariant.define("forced", rows=CLASSIC_ROWS, rules=[Joker("forced")])
    game = variant.new_game(players=["Ann"], seed=1).apply(Roll(outcome="44444")).apply(Score("yams"))
    game = game.apply(Roll(outcome="44444"))
    assert [a.row for a in game.legal_actions() if isinstance(a, Score)] == ["fours"]


# ---------------------------------------------------------------- rule sets and variants
def test_scorecard_rules_defaults() -> None:
    rules = ScorecardRules(rows=(upper(6), Category("chance", total)))
    assert rules.columns == (Column("main"),)
    assert rules.column_ids == ("main",)
    assert (rules.bonus, rules.max_throws, rules.allow_scratch) == (None, 3, True)
    assert (rules.placement_rules, rules.result, rules.setup, rules.players) == ((), None, None, (1, 8))
    assert rules.column_index(None) == 0  # one column: Score(row) needs no column


def test_define_columns_default_is_one_main_column_filled_in_any_order() -> None:
    variant = mini()
    assert variant.rules.columns == (Column("main", FillPolicy("free", ()), None, ""),)
    assert variant.columns == ("main",)
    game = variant.new_game(players=["Ann"], seed=1).apply(Roll(outcome="66612"))
    assert game.is_legal(Score("chance"))
    assert game.is_legal(Score("sixes"))
    assert game.apply(Score("chance")).cell(0, "chance", "main").points == 21


def test_define_bonus_default_is_none_so_no_upper_bonus_is_paid() -> None:
    variant = ScorecardVariant.define("no_bonus", rows=[*(upper(f) for f in range(1, 7)), Category("chance", total)])
    assert variant.rules.bonus is None
    game = with_boxes(variant.new_game(players=["Ann"], seed=1), dict(zip(UPPER, (5, 10, 15, 20, 25, 30), strict=True)))
    game = game.apply(Roll(outcome="12346")).apply(Score("chance"))
    assert game.result().scores == (105 + 16,)


def test_define_max_throws_default_is_3() -> None:
    variant = mini()
    assert variant.rules.max_throws == 3
    game = variant.new_game(players=["Ann"], seed=1)
    assert game.turn.max_throws == 3
    for _ in range(3):
        assert game.is_legal(Roll())
        game = game.apply(Roll())
    assert not game.is_legal(Roll())


def test_define_allow_scratch_default_is_true() -> None:
    variant = mini()
    assert variant.rules.allow_scratch is True
    game = variant.new_game(players=["Ann"], seed=1).apply(Roll(outcome="66612"))
    assert game.is_legal(Scratch("chance"))
    assert game.apply(Scratch("chance")).cell(0, "chance").scratched


def test_define_rules_default_is_none_so_boxes_get_their_rows_points() -> None:
    variant = ScorecardVariant.define("plain", rows=CLASSIC_ROWS)
    assert variant.rules.placement_rules == ()
    game = variant.new_game(players=["Ann"], seed=1).apply(Roll(outcome="44444")).apply(Score("yams"))
    game = game.apply(Roll(outcome="44444"))
    placement = game.placement(Score("full_house"))
    assert (placement.points, placement.extra, placement.notes) == (0, 0, ())  # no joker, no bonus


def test_define_result_default_sums_boxes_bonus_and_extra_points() -> None:
    variant = mini(bonus=UpperBonus(rows=("sixes",), tiers=((18, 7),)), rules=[FiveOfAKindBonus(5, "chance")])
    assert variant.rules.result is None
    game = variant.new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome="66666")).apply(Score("chance"))
    game = game.apply(Roll(outcome="11111")).apply(Score("sixes"))
    game = game.apply(Roll(outcome="66666")).apply(Score("sixes"))
    assert game.sheets[0].extra == 5
    game = game.apply(Roll(outcome="12345")).apply(Score("chance"))
    assert game.is_over
    assert game.result().scores == (30 + 30 + 7 + 5, 0 + 15)


def test_define_setup_default_is_none_so_games_have_no_column_weights() -> None:
    variant = mini()
    assert variant.rules.setup is None
    game = variant.new_game(players=["Ann"], seed=1)
    assert game.column_weights == ()
    assert game.stream.draws == 0  # nothing dealt from the seed
    with pytest.raises(RuleConfigError, match="column_weights: mini has no column coefficients"):
        variant.new_game(players=["Ann"], seed=1, column_weights=[2])


def test_define_players_default_is_1_to_8() -> None:
    variant = mini()
    assert variant.rules.players == (1, 8)
    assert variant.new_game(players=NAMES[:1], seed=1).players == NAMES[:1]
    assert variant.new_game(players=NAMES[:8], seed=1).players == NAMES[:8]
    with pytest.raises(RuleConfigError, match="this game takes 1 to 8 players, not 9"):
        variant.new_game(players=NAMES, seed=1)


def test_define_options_default_is_empty_and_notes_default_is_none() -> None:
    variant = mini()
    assert (variant.options, variant.notes) == ({}, ())
    assert variant == ScorecardVariant.define("mini", rows=[upper(1)])  # equal: same name, same (no) options
    text = variant.describe()
    assert "Options: none" in text
    assert "Rulings:" not in text


def test_new_game_defaults_are_one_player_named_player_1_who_starts() -> None:
    variant = mini()
    game = variant.new_game(seed=4)
    assert game.players == ("Player 1",)
    assert (game.current_player, game.first_player, game.column_weights) == (0, 0, ())
    assert game.stream.draws == 0  # no roll-off by default
    two = variant.new_game(players=["Ann", "Bob"], seed=4)
    assert (two.current_player, two.first_player) == (0, 0)


def test_new_game_seed_default_is_a_fresh_random_seed_kept_in_the_state() -> None:
    variant = mini()
    seeds = {variant.new_game().stream.seed for _ in range(5)}
    assert len(seeds) > 1
    game = variant.new_game()
    assert yamskit.load_game(game.to_json(), variant=variant).stream == game.stream


def test_scorecard_game_history_first_player_and_column_weights_defaults() -> None:
    variant = mini()
    game = ScorecardGame(
        variant=variant,
        players=("Ann",),
        sheets=(Sheet.empty(rows=2, columns=1),),
        current_player=0,
        turn=Turn.start(),
        stream=yamskit.DiceStream(seed=1),
    )
    assert (game.history, game.first_player, game.column_weights) == (EMPTY_HISTORY, 0, ())
    assert game == variant.new_game(players=["Ann"], seed=1)
    assert len(game.apply(Roll()).history) == 1


def test_cell_and_upper_total_column_default_is_the_only_column() -> None:
    game = with_boxes(mini().new_game(players=["Ann"], seed=1), {"sixes": 24})
    assert game.cell(0, "sixes") == game.cell(0, "sixes", "main") == Cell(points=24)
    assert game.upper_total(0) == game.upper_total(0, "main")


# ---------------------------------------------------------------- positions and text
def test_position_players_default_is_player_1_and_on_for_the_fewest_players() -> None:
    assert mini().position().players == ("Player 1",)
    assert yamskit.variant("competitive").position().players == ("Player 1", "Player 2")


def test_position_throws_default_is_1_with_dice_else_0_and_kept_default_is_none() -> None:
    variant = mini()
    before = variant.position()
    assert (before.turn.throws_used, before.turn.has_thrown) == (0, False)
    thrown = variant.position(dice="66612")
    assert thrown.turn.throws_used == 1
    assert thrown.turn.kept == Dice()
    assert thrown.turn.all_dice_thrown  # nothing kept: all five were thrown
    assert thrown.is_legal(Roll(keep="666"))


def test_position_current_player_default_is_the_first_seat() -> None:
    game = mini().position(["Ann", "Bob"])
    assert game.current_player == 0
    assert game.players[game.current_player] == "Ann"


def test_position_column_weights_and_draws_defaults_are_what_a_new_game_deals() -> None:
    variant = yamskit.variant("competitive")
    position = variant.position(["Ann", "Bob"], seed=3)
    game = variant.new_game(players=["Ann", "Bob"], seed=3)
    assert position.column_weights == game.column_weights
    assert position.stream == game.stream


def test_table_gap_default_is_two_spaces() -> None:
    assert table([["a", "bb"], ["ccc", "d"]], [False, True]) == ["a    bb", "ccc   d"]
    assert table([["a", "b"]], [False, False], gap=" | ") == ["a | b"]
