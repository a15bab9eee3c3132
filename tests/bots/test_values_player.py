"""The fitted values of a sheet of several columns and `ValuesPlayer`, the expert of Yams Challenge.

The turn's expectimax against one-box turns computed apart (`single_target_values`), the model's
sheets against the game's own after every box of random games, legal and reproducible whole games
alone and with opponents, the JSON record, and the fit."""

from __future__ import annotations

import json
import random

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.bots.test_dice_counts import four_dice_columns
from yamskit.actions import Score, Scratch
from yamskit.bots import player
from yamskit.bots.ahead import AheadPlayer
from yamskit.bots.lookahead import single_target_values
from yamskit.bots.sheet_fit import fit_values, sample_sheets
from yamskit.bots.sheet_values import SheetModel, SheetValues, signature, stored_values, supports
from yamskit.bots.values_player import ValuesPlayer, options, turn_value
from yamskit.categories import Category, total, upper
from yamskit.errors import DeserializationError, RuleConfigError
from yamskit.jsontext import MAX_TEXT
from yamskit.scorecard import Column, FillPolicy, PlacementRuleBase
from yamskit.scorecard.placement import Placement
from yamskit.scorecard.plus_minus import PlusAboveMinus

CHALLENGE = yamskit.variant("challenge")
MODEL = SheetModel.of(CHALLENGE.rules)
FULL = (1 << 14) - 1
ZERO = np.zeros(MODEL.size)


def _one_open(column: int, row: int, upper: int = 60, greater: int = -1, lesser: int = -1) -> tuple:
    """A sheet with every box filled but (row, column), the column's bonus rows at ``upper``."""
    state = [(FULL, 60, -1, -1)] * 4
    state[column] = (FULL & ~(1 << row), upper, greater, lesser)
    return tuple(state)


@pytest.mark.parametrize(("column", "row"), [(2, 11), (3, 11), (0, 8), (3, 12), (1, 9)])
def test_the_last_box_is_worth_one_turn_aimed_at_it(column: int, row: int) -> None:
    aimed = single_target_values(MODEL.tables[row][:, None], throws=3, fresh_only=MODEL.fresh_only[column])[0]
    assert turn_value(MODEL, ZERO, _one_open(column, row)) == pytest.approx(aimed, abs=1e-9)


def test_the_last_number_box_counts_the_bonus_it_completes() -> None:
    sixes = MODEL.tables[5]
    target = sixes + 30.0 * (sixes >= 12)  # 48 in the bonus rows: 12 more reach 60
    aimed = single_target_values(target[:, None], throws=3)[0]
    assert turn_value(MODEL, ZERO, _one_open(2, 5, upper=48)) == pytest.approx(aimed, abs=1e-9)


def test_the_pair_rule_bounds_the_last_box() -> None:
    totals = MODEL.tables[13]
    below = np.where(totals < 20, totals, 0.0)  # minus must stay under a plus of 20, else it is crossed out
    aimed = single_target_values(below[:, None], throws=3)[0]
    assert turn_value(MODEL, ZERO, _one_open(1, 13, greater=20)) == pytest.approx(aimed, abs=1e-9)
    above = np.where(totals > 20, totals, 0.0)
    aimed = single_target_values(above[:, None], throws=3, fresh_only=True)[0]
    assert turn_value(MODEL, ZERO, _one_open(3, 12, lesser=20)) == pytest.approx(aimed, abs=1e-9)


def _cells(game: yamskit.ScorecardGame, seat: int) -> set[tuple[int, int]]:
    sheet = game.sheets[seat]
    return {
        (r, c)
        for c in range(MODEL.columns)
        for r in range(MODEL.rows)
        if sheet.cell(r, c).points is not None or sheet.cell(r, c).scratched
    }


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_model_follows_the_game_box_by_box(seed: int) -> None:
    """After every box of a random game, the model's sheet is the game's, and it earned what the total gained;
    the player's choice is legal at every step."""
    rng = random.Random(seed)
    game = CHALLENGE.new_game(seed=seed)
    bot = ValuesPlayer(stored_values(CHALLENGE.rules))
    while not game.is_over:
        assert game.is_legal(bot.choose(game))  # from any sheet random play reaches, dry boxes alone included
        legal = game.legal_actions()
        action = rng.choice(legal)
        if isinstance(action, Score | Scratch):
            before = MODEL.state_of(game.sheets[0])
            # the box it writes is one the model offers
            c, r = CHALLENGE.rules.column_index(action.column), CHALLENGE.rules.row_index(action.row)
            assert (c, r) in [(c2, r2) for c2, r2, _, _ in options(MODEL, ZERO, before)]
            total = game.result().scores[0]
            after = game.apply(action)
            cell = after.sheets[0].cell(r, c)
            state, earned = MODEL.write(before, c, r, cell.points)
            assert state == MODEL.state_of(after.sheets[0])
            assert earned == after.result().scores[0] - total
            assert MODEL.layer(state) == len(_cells(after, 0))
            game = after
        else:
            game = game.apply(action)


def _play(players: int, seed: int) -> yamskit.ScorecardGame:
    bot = ValuesPlayer(stored_values(CHALLENGE.rules))
    game = CHALLENGE.new_game(players=[f"P{i}" for i in range(players)], seed=seed)
    while not game.is_over:
        action = bot.choose(game)
        assert game.is_legal(action)
        game = game.apply(action)
    return game


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4)])
def test_whole_games_are_legal_and_the_same_for_the_same_dice(players: int, seed: int) -> None:
    first, again = _play(players, seed), _play(players, seed)
    assert first.history == again.history
    assert all(sheet.is_full for sheet in first.sheets)


def test_with_an_opponent_it_plays_as_it_would_alone_on_the_same_sheet() -> None:
    bot = ValuesPlayer(stored_values(CHALLENGE.rules))
    game = CHALLENGE.new_game(players=["A", "B"], seed=9)
    compared = 0
    while not game.is_over and compared < 200:
        alone = CHALLENGE.new_game(seed=0)
        for move in game.history:
            if move.player == game.current_player:
                alone = alone.apply(move.action)
        assert alone.sheets[0] == game.sheets[game.current_player]
        action = bot.choose(game)
        assert action == bot.choose(alone)
        compared += 1
        game = game.apply(action)


def test_the_expert_plays_the_shipped_values_where_they_fit() -> None:
    expert = player(CHALLENGE, "expert")
    assert isinstance(expert.alone, ValuesPlayer)
    assert isinstance(expert.versus, ValuesPlayer)
    assert expert.alone.values.signature == signature(CHALLENGE.rules)
    balut = player(yamskit.variant("balut"), "expert")
    assert isinstance(balut.alone, AheadPlayer)


def test_values_of_other_rules_are_refused() -> None:
    values = stored_values(CHALLENGE.rules)
    assert values is not None
    other = SheetValues("f" * 32, values.weights, games=1, seed=0, ridge=1.0)
    game = CHALLENGE.new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
    with pytest.raises(RuleConfigError, match="other rules"):
        ValuesPlayer(other).choose(game)
    short = SheetValues(values.signature, values.weights[:10], games=1, seed=0, ridge=1.0)
    with pytest.raises(RuleConfigError, match="10 layers"):
        ValuesPlayer(short).choose(game)


def test_what_the_model_does_not_cover_is_named() -> None:
    assert supports(CHALLENGE.rules) is None
    assert "one column" in str(supports(yamskit.variant("classic").rules))
    assert "one column" in str(supports(yamskit.variant("balut").rules))
    assert "result rule" in str(supports(yamskit.variant("competitive").rules))
    with pytest.raises(RuleConfigError, match="one column"):
        SheetModel.of(yamskit.variant("yatzy").rules)


def test_the_pair_rule_is_recognised_by_its_type_not_by_its_attributes_names() -> None:
    rows = [*(upper(face) for face in range(1, 7)), Category("high", total), Category("low", total)]
    columns = [Column("a", FillPolicy.free()), Column("b", FillPolicy.free())]
    paired = yamskit.ScorecardVariant.define(
        "paired", rows=rows, columns=columns, rules=[PlusAboveMinus(plus="high", minus="low")]
    )
    assert supports(paired.rules) is None
    assert SheetModel.of(paired.rules).pair == (6, 7)

    @attrs.frozen
    class LookAlike(PlacementRuleBase):
        """A rule of one's own whose fields happen to be called plus and minus: it doubles nothing, refuses nothing."""

        plus: str = "high"
        minus: str = "low"
        refusable_rows = frozenset()

        def __call__(self, game: object, placement: Placement) -> Placement:
            return placement

    lookalike = yamskit.ScorecardVariant.define("lookalike", rows=rows, columns=columns, rules=[LookAlike()])
    assert supports(lookalike.rules) == (
        "the placement rule LookAlike (only a pair of rows, plus above minus, is modelled)"
    )
    with pytest.raises(RuleConfigError, match="LookAlike"):
        SheetModel.of(lookalike.rules)


def test_the_record_reads_back_and_bad_records_are_refused() -> None:
    values = stored_values(CHALLENGE.rules)
    assert values is not None
    assert SheetValues.from_json(values.to_json()) == values
    good = json.loads(values.to_json())
    bad = [
        "not json",
        "[]",
        json.dumps({**good, "version": 2}),
        json.dumps({**good, "weights": [[1.0], [1.0, 2.0]]}),
        json.dumps({**good, "weights": [["x"]]}),
        json.dumps({**good, "weights": [[True]]}),
        json.dumps({**good, "weights": []}),
        json.dumps({**good, "signature": 3}),
        json.dumps({**good, "games": True}),
        "[" * 100000,
        json.dumps(good)[:-1] + ', "seed": 1}',  # a key given twice
        json.dumps({**good, "weights": [[1.0, "NaN"]]}).replace('"NaN"', "NaN"),
        json.dumps({**good, "weights": [[1.0, "big"]]}).replace('"big"', "1e400"),  # beyond a float
        json.dumps({**good, "weights": [[1.0, "long"]]}).replace('"long"', "0." + "1" * 60),  # too many digits
        " " * (MAX_TEXT + 1),
    ]
    for text in bad:
        with pytest.raises(DeserializationError):
            SheetValues.from_json(text)


def test_the_fit_is_the_same_for_the_same_games_and_seed() -> None:
    sheets = sample_sheets(CHALLENGE, level="easy", seeds=[1, 2])
    assert len(sheets) == 112
    first = fit_values(CHALLENGE, sheets, games=2, seed=5, ridge=5.0)
    again = fit_values(CHALLENGE, sheets, games=2, seed=5, ridge=5.0)
    assert first == again
    assert first.signature == signature(CHALLENGE.rules)
    assert len(first.weights) == 56
    # the last layer's sheets have one box left: their fitted value is close to the one turn aimed at it
    last = [s for s in sheets if MODEL.layer(s) == 55]
    for sheet in last:
        fitted = float(first.layer(55) @ MODEL.features(sheet))
        assert fitted == pytest.approx(turn_value(MODEL, ZERO, sheet), abs=8.0)


def test_a_sheet_of_four_dice_with_a_dry_column_is_fitted_and_played() -> None:
    """The model reads the dice count and the column conditions from the rules, not from Challenge."""
    variant = four_dice_columns()
    assert supports(variant.rules) is None
    model = SheetModel.of(variant.rules)
    assert model.fresh_only == (False, True)
    assert model.tables.shape == (4, 126)  # four rows, the 126 rolls of four dice
    values = fit_values(variant, sample_sheets(variant, level="hard", seeds=[1, 2, 3]), games=3, seed=1)
    bot = ValuesPlayer(values)
    for players in (1, 2):
        game = variant.new_game(players=[f"P{i}" for i in range(players)], seed=players)
        while not game.is_over:
            action = bot.choose(game)
            assert game.is_legal(action), (action, game.turn)
            game = game.apply(action)
        assert all(sheet.is_full for sheet in game.sheets)
