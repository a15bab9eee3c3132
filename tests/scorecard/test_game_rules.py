"""The three declarations of yamskit.scorecard.game_rules on any sheet: a served bonus, a game that ends at once,
a box that opens only once another holds points; define() refuses each where the sheet lacks a row it names."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import yamskit
from yamskit import ClosedBoxError, GameOverError, Roll, RuleConfigError, Score, Scratch
from yamskit.categories import Category, is_five_of_a_kind, total, upper, when
from yamskit.errors import DeserializationError, NotationError
from yamskit.position import PositionError
from yamskit.records import GameRecord, check_record
from yamskit.scorecard import ScorecardVariant
from yamskit.scorecard.game_rules import OpensAfter, ServedBonus, ServedWin
from yamskit.scorecard.placement import PlacementRuleBase
from yamskit.scorecard.rules import EarlyEnd

ROWS = [
    *(upper(face) for face in range(1, 7)),
    Category("chance", total),
    Category("yams", when(is_five_of_a_kind, 50)),
    Category("second_yams", when(is_five_of_a_kind, 100)),
]


def _mine(*rules: Any, name: str = "mine") -> ScorecardVariant:
    return ScorecardVariant.define(name, rows=ROWS, rules=list(rules))


# ------------------------------------------------------------------ define() refuses what the sheet cannot honour
@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (ServedBonus(["chance", "straight"]), "ServedBonus(5): the served row 'straight' is not a row of this sheet"),
        (ServedWin(["yams", "generala"]), "ServedWin: the winning row 'generala' is not a row of this sheet"),
        (
            OpensAfter("double", "yams"),
            "OpensAfter('double', 'yams'): the row that opens later 'double' is not a row of this sheet",
        ),
        (
            OpensAfter("second_yams", "generala"),
            "OpensAfter('second_yams', 'generala'): the row it waits for 'generala' is not a row of this sheet",
        ),
    ],
)
def test_define_refuses_a_declaration_naming_a_row_the_sheet_lacks(rule: Any, message: str) -> None:
    with pytest.raises(RuleConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        _mine(rule)


@pytest.mark.parametrize("rows", [5, None, (), ["yams", "yams"]])
def test_a_served_rules_rows_that_name_no_distinct_rows_are_refused_by_the_rule(rows: object) -> None:
    # a number or None once failed as a bare TypeError in the converter
    for rule in (ServedBonus, ServedWin):
        with pytest.raises(RuleConfigError, match=f"{rule.__name__}: rows must be one or more distinct row ids, not "):
            rule(rows)  # type: ignore[arg-type]
    assert ServedBonus("straight").rows == ("straight",)  # one id given alone is one row


@pytest.mark.parametrize(
    "make",
    [
        lambda: ServedBonus([]),
        lambda: ServedBonus(["chance", "chance"]),
        lambda: ServedBonus("chance", 0),
        lambda: ServedBonus("chance", True),
        lambda: ServedWin("yams", ""),
        lambda: ServedWin([]),
        lambda: OpensAfter("yams", "yams"),
    ],
)
def test_a_declaration_with_values_out_of_range_is_refused_when_made(make: Any) -> None:
    with pytest.raises(RuleConfigError):
        make()


def test_a_rule_that_ends_games_needs_a_reason_and_reasons_are_distinct() -> None:
    @attrs.frozen
    class Silent(PlacementRuleBase):
        def __call__(self, game: Any, p: Any) -> Any:
            return p

        def ends_game(self, game: Any, p: Any) -> bool:
            return False

    with pytest.raises(RuleConfigError, match="Silent: a rule that ends games needs"):
        _mine(Silent())
    with pytest.raises(RuleConfigError, match="two rules that end games give one reason"):
        _mine(ServedWin("yams", "lucky"), ServedWin("second_yams", "lucky"))


# ------------------------------------------------------------------ a served bonus
def test_a_served_bonus_pays_on_the_first_throw_only_and_only_where_the_dice_pay() -> None:
    game = _mine(ServedBonus("yams", 7)).new_game(seed=1)
    first = game.apply(Roll(outcome="44444"))
    assert first.placement(Score("yams")).points == 57
    assert first.placement(Score("yams")).notes == ("served +7",)
    assert first.placement(Score("chance")).points == 20  # not a bonus row
    assert first.placement(Scratch("yams")).crossed
    third = game.apply(Roll(outcome="12346")).apply(Roll(outcome="44444"))
    assert third.placement(Score("yams")).points == 50
    assert game.apply(Roll(outcome="12346")).placement(Score("yams")).points == 0  # a 0 stays 0


def test_a_served_bonus_widens_the_values_a_position_may_hold() -> None:
    variant = _mine(ServedBonus("yams", 7))
    assert variant.rules.box_values[variant.rules.row_index("yams")] == frozenset({0, 50, 57})
    for value in (50, 57):
        state = variant.position(["Ann"], sheets=[{"yams": value}], seed=1)
        assert variant.witness(state).to_game(variant=variant).cell(0, "yams").points == value
    with pytest.raises(PositionError, match="no roll gives 52"):
        variant.position(["Ann"], sheets=[{"yams": 52}])


# ------------------------------------------------------------------ a box that opens later
def test_a_closed_box_is_not_offered_is_refused_by_name_and_may_be_crossed_out() -> None:
    variant = _mine(OpensAfter("second_yams", "yams"))
    game = variant.new_game(seed=1).apply(Roll(outcome="33333"))
    assert Score("second_yams") not in game.legal_actions()
    assert Scratch("second_yams") in game.legal_actions()
    before = game.to_json()
    with pytest.raises(ClosedBoxError, match=r"OpensAfter\('second_yams', 'yams'\): the box 'second_yams' opens"):
        game.apply(Score("second_yams"))
    assert game.to_json() == before  # nothing half-applied
    assert not game.is_legal(Score("second_yams"))
    assert game.apply(Scratch("second_yams")).cell(0, "second_yams").scratched


def test_a_box_opens_only_once_the_other_holds_points_not_a_zero() -> None:
    variant = _mine(OpensAfter("second_yams", "yams"))
    zero = variant.new_game(seed=1).apply(Roll(outcome="12346")).apply(Score("yams"))
    assert zero.cell(0, "yams").points == 0
    assert Score("second_yams") not in zero.apply(Roll(outcome="55555")).legal_actions()
    fifty = variant.new_game(seed=1).apply(Roll(outcome="22222")).apply(Score("yams"))
    after = fifty.apply(Roll(outcome="55555"))
    assert Score("second_yams") in after.legal_actions()
    assert after.apply(Score("second_yams")).cell(0, "second_yams").points == 100


def test_a_position_with_the_box_scored_before_it_opened_is_refused() -> None:
    variant = _mine(OpensAfter("second_yams", "yams"))
    with pytest.raises(PositionError, match="opens only once 'yams' holds points") as caught:
        variant.position(["Ann"], sheets=[{"yams": 0, "second_yams": 0}])
    assert caught.value.rule == "opens_after"
    crossed = variant.position(["Ann"], sheets=[{"second_yams": "x"}], seed=1)
    assert crossed.cell(0, "second_yams").scratched
    opened = variant.position(["Ann"], sheets=[{"yams": 50, "second_yams": 100}], seed=1)
    assert [str(m.action) for m in variant.witness(opened).moves][-1] == "score second_yams"


# ------------------------------------------------------------------ a game that ends at once
def _ended(players: tuple[str, ...] = ("Ann", "Bob", "Cy")) -> yamskit.ScorecardGame:
    game = _mine(ServedWin("yams", "a yams at once")).new_game(list(players), seed=3)
    game = game.apply(Roll(outcome="12346")).apply(Score("chance"))  # Ann
    game = game.apply(Roll(outcome="66666")).apply(Score("yams"))  # Bob, served
    return game


def test_a_served_combination_scored_in_its_row_ends_the_game_with_that_player_the_winner() -> None:
    game = _ended()
    assert game.is_over
    assert game.ended == EarlyEnd(1, "a yams at once")
    assert list(game.legal_actions()) == []
    assert game.legal_action_ids() == ()
    result = game.result()
    assert result.winners == (1,)
    assert result.ranking == ((1,), (0,), (2,))
    assert result.scores == (16, 50, 0)
    assert result.details["ended"] == {"player": 1, "reason": "a yams at once"}
    with pytest.raises(GameOverError):
        game.apply(Roll())
    assert "Game over (a yams at once). Winner: Bob" in str(game)


def test_the_winner_wins_whatever_the_points() -> None:
    game = _mine(ServedWin("ones", "a served one")).new_game(["Ann", "Bob"], seed=1)
    game = game.apply(Roll(outcome="66666")).apply(Score("yams"))
    game = game.apply(Roll(outcome="12346")).apply(Score("ones"))
    assert game.ended == EarlyEnd(1, "a served one")
    assert game.result().scores == (50, 1)
    assert game.result().winners == (1,)


@pytest.mark.parametrize(
    "moves",
    [
        [Roll(outcome="12346"), Roll(outcome="66666"), Score("yams")],  # made on the second throw
        [Roll(outcome="66666"), Score("sixes")],  # served, but scored in another row
        [Roll(outcome="66666"), Scratch("yams")],  # crossed out
        [Roll(outcome="12346"), Score("yams")],  # a 0
    ],
)
def test_the_game_ends_early_only_on_its_event(moves: list[Any]) -> None:
    game = _mine(ServedWin("yams", "a yams at once")).new_game(["Ann", "Bob"], seed=1)
    for move in moves:
        game = game.apply(move)
    assert not game.is_over
    assert game.ended is None


def test_an_ended_game_round_trips_through_json_notation_and_a_record() -> None:
    game = _ended()
    assert yamskit.load_game(game.to_json(), variant=game.variant) == game
    text = game.to_notation()
    assert text.split()[2].split("/")[1].endswith("!")
    back = game.variant.from_notation(text)
    assert back.ended == game.ended
    assert back.to_notation() == text
    assert back.is_over
    record = GameRecord.from_game(game, claimed=True)
    report = check_record(record, variant=game.variant)
    assert report.valid
    assert report.finished


def test_a_save_or_notation_that_ends_a_game_the_rules_do_not_is_refused() -> None:
    game = _ended()
    data = json.loads(game.to_json())
    for ended, why in [
        ({"player": 1, "reason": "luck"}, "is not how mine ends"),
        ({"player": 0, "reason": "a yams at once"}, "so seat 1 would be next, not 2"),
        ({"player": 1}, "must be"),
    ]:
        data["state"]["ended"] = ended
        with pytest.raises(DeserializationError, match=why):
            yamskit.load_game(json.dumps(data), variant=game.variant)
    with pytest.raises(NotationError, match="has no rule that ends a game at once"):
        yamskit.variant("classic").from_notation("classic Ann 1!,,,,,,,,,,,, 0:0 - 1:0")


def test_an_ended_position_needs_a_last_turn_that_ends_it() -> None:
    variant = _mine(ServedWin("yams", "a yams at once"))
    state = variant.position(["Ann", "Bob"], sheets=[{"yams": 50, "ones": 2}, {"ones": 3}], ended="Ann", seed=4)
    assert state.is_over
    assert state.current_player == 1
    moves = [str(m.action) for m in variant.witness(state).moves]
    assert moves[-2:] == ["roll 11111", "score yams"]
    for sheets, rule in [
        ([{"ones": 2}, {}], "early_end"),  # no box a served yams wrote
        ([{"yams": 50}, {"yams": 50}], "turn_order"),  # Ann played first: Bob played after her win
    ]:
        with pytest.raises(PositionError) as caught:
            variant.position(["Ann", "Bob"], sheets=sheets, ended="Ann", first_player="Ann")
        assert caught.value.rule == rule, caught.value
    with pytest.raises(PositionError, match="no turn is under way"):
        variant.position(["Ann", "Bob"], sheets=[{"yams": 50}, {}], ended="Ann", dice="12345")
    with pytest.raises(PositionError, match="has no rule that ends a game at once"):
        yamskit.variant("classic").position(["Ann"], sheets=[{"yams": 50}], ended="Ann")
