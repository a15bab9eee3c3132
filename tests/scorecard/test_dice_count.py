"""Sheets of other than five dice: ``define(dice=N)``, games of six and of three dice played to the end."""

from __future__ import annotations

import random
import re

import pytest

import yamskit
from tests.strategies import examples
from yamskit import Roll, RuleConfigError, Score, Scratch
from yamskit.bots import player
from yamskit.bots.strong import StrongPlayer, solvable
from yamskit.categories import Category, constant, n_of_a_kind, total, upper, when
from yamskit.dice import dice_tables
from yamskit.errors import DiceCountError, IllegalActionError
from yamskit.scorecard import ScorecardGame, ScorecardRules, ScorecardVariant, UpperBonus
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker, NumberBoxBonus


def _thirteen(dice: yamskit.Dice) -> int:
    return 26 if dice.total == 13 else 0


def six_dice() -> ScorecardVariant:
    """A Maxi-Yatzy-like sheet of six dice: number rows with a bonus at 84, chance, six of a kind."""
    rows = [upper(f) for f in range(1, 7)]
    rows += [Category("chance", total), Category("maxi_yatzy", when(n_of_a_kind(6), constant(100)))]
    return ScorecardVariant.define("six-dice", rows=rows, dice=6, bonus=UpperBonus.single(84, 100))


def three_dice() -> ScorecardVariant:
    """A Crag-like sheet of three dice and two throws."""
    rows = [upper(f) for f in range(1, 7)]
    rows += [Category("thirteen", _thirteen), Category("three_of_a_kind", when(n_of_a_kind(3), constant(25)))]
    return ScorecardVariant.define("three-dice", rows=rows, dice=3, max_throws=2)


VARIANTS = {"six": six_dice, "three": three_dice}


def _check_step(before: ScorecardGame, action: object, after: ScorecardGame, dice: int) -> None:
    rules = after.rules
    # the dice showing are the sheet's count at every step, and the turn knows it
    assert after.turn.dice_count == dice
    assert not after.turn.throws or len(after.dice) == dice
    assert all(len(t.kept) + len(t.rolled) == dice for t in after.turn.throws)
    assert after.turn.throws_used <= rules.max_throws
    # totals are the sum of the boxes and the bonus
    for seat, sheet in enumerate(after.sheets):
        boxes = sum(cell.value for cell in sheet.cells[0])
        upper_total = rules.upper_total(sheet, 0)
        bonus = rules.bonus.points(upper_total) if rules.bonus else 0
        assert after.result().scores[seat] == boxes + bonus + sheet.extra
    assert before.turn.throws_used <= rules.max_throws


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_sheet_of_other_dice_plays_random_games_to_the_end(name: str) -> None:
    variant = VARIANTS[name]()
    dice = variant.rules.dice
    space = variant.actions
    assert len(space) == len(dice_tables(dice).keeps) + 2 * len(variant.rows)
    rng = random.Random(40)
    for game_number in range(max(2, examples(10))):
        players = ["Ann", "Bob"][: 1 + game_number % 2]
        game = variant.new_game(players=players, seed=game_number)
        turns = 0
        steps = 0
        while not game.is_over:
            ids = game.legal_action_ids()
            actions = list(game.legal_actions())
            assert ids == space.ids(actions)
            assert all(isinstance(a, (Roll, Score, Scratch)) for a in actions)
            if steps % 7 == 0:  # the tables' legal ids are those the full check accepts
                accepted = tuple(i for i, a in enumerate(space) if game.is_legal(a))
                assert accepted == ids
            too_many = Roll(outcome="1" * (dice + 1))
            with pytest.raises(DiceCountError, match=f"{variant.name} throws {dice} dice, not {dice + 1}"):
                game.apply(too_many)
            action = rng.choice(actions)
            after = game.apply(action)
            _check_step(game, action, after, dice)
            if isinstance(action, (Score, Scratch)):
                turns += 1
                assert after.turn.throws_used == 0
            game = after
            steps += 1
        assert turns == len(players) * len(variant.rows)
        with pytest.raises(IllegalActionError):
            game.apply(Roll())


def test_a_seeded_game_of_six_dice_is_the_same_game_every_time() -> None:
    variant = six_dice()

    def play(seed: int) -> list[str]:
        game = variant.new_game(seed=seed)
        bot = player(variant, "easy")
        seen = []
        while not game.is_over:
            game = game.apply(bot.choose(game))
            seen.append(str(game.dice))
        return seen

    assert play(3) == play(3)
    assert all(len(d) in (0, 6) for d in play(3))


def test_explicit_faces_and_chance_outcomes_use_the_sheets_dice() -> None:
    game = three_dice().new_game(seed=1).apply(Roll(outcome="256"))
    assert game.dice == yamskit.Dice.parse("256")
    outcomes = game.chance_outcomes(keep="56")
    assert len(outcomes) == 6
    assert sum(p for _, p in outcomes) == 1
    assert game.apply(outcomes[0][0]).dice == yamskit.Dice.parse("156")
    assert len(game.outcomes()) == 56
    assert game.apply(Roll(keep="56", outcome="4")).placement(Score("fours")).points == 4
    with pytest.raises(yamskit.ThrowOutcomeError):
        game.apply(Roll(keep="56", outcome="44"))


def test_score_reads_the_sheets_dice() -> None:
    assert six_dice().score("maxi_yatzy", "666666") == 100
    assert six_dice().score("chance", "123456") == 21
    assert three_dice().score("thirteen", "355") == 26
    with pytest.raises(DiceCountError, match="three-dice throws 3 dice, not 5"):
        three_dice().score("chance", "12345")
    with pytest.raises(DiceCountError, match="classic throws 5 dice, not 6"):
        yamskit.variant("classic").score("chance", "123456")


@pytest.mark.parametrize("dice", [0, 9, -1, "6", 5.0, True])
def test_define_refuses_a_dice_count_outside_one_to_eight(dice: object) -> None:
    with pytest.raises(RuleConfigError, match="dice must be a whole number from 1 to 8"):
        ScorecardVariant.define("bad", rows=[upper(1)], dice=dice)  # type: ignore[arg-type]
    with pytest.raises(RuleConfigError, match="dice must be a whole number from 1 to 8"):
        ScorecardRules(rows=(upper(1),), dice=dice)  # type: ignore[arg-type]


def test_a_scorer_that_fails_on_more_dice_is_named_with_the_roll() -> None:
    def fives_only(dice: yamskit.Dice) -> int:
        return 10 // (5 - len(dice)) if len(dice) != 5 else 0

    ScorecardVariant.define("fine", rows=[Category("odd", fives_only)], dice=3)
    with pytest.raises(RuleConfigError, match="row 'odd': its scorer raised ZeroDivisionError"):
        Category("odd", lambda d: 1 // 0 if len(d) == 6 else 0).tabulate(6)


def test_the_strong_levels_take_a_sheet_of_other_dice() -> None:
    # their games are played in tests/bots/test_dice_counts.py
    assert isinstance(player(six_dice(), "hard"), StrongPlayer)
    assert isinstance(player(six_dice(), "medium"), StrongPlayer)
    assert solvable(six_dice())


def test_positions_of_other_dice_are_checked_with_a_witness_of_their_own_dice() -> None:
    variant = six_dice()
    assert variant.position(["Ann"], sheets=[{"ones": 3}], seed=1).cell(0, "ones").points == 3


def test_the_easy_bot_plays_a_sheet_of_other_dice_to_the_end() -> None:
    # the easy bot scores the best box at once (its keep values are of five dice), to the end of the game
    game = three_dice().new_game(seed=2)
    bot = player(three_dice(), "easy")
    while not game.is_over:
        game = game.apply(bot.choose(game))
    assert game.is_over


def test_the_five_dice_sheets_keep_their_tables_and_spaces() -> None:
    classic = yamskit.variant("classic")
    assert classic.rules.dice == 5
    assert classic.rules.tables.sub_keeps is dice_tables(5).sub_keeps
    assert all(t is row.table for t, row in zip(classic.rules.row_tables, classic.rules.rows, strict=True))
    assert len(classic.actions) == 488


@pytest.mark.parametrize(
    ("rule", "name"),
    [
        (Joker("free"), "Joker('free')"),
        (FiveOfAKindBonus(100), "FiveOfAKindBonus(100)"),
        (NumberBoxBonus(50), "NumberBoxBonus(50)"),
    ],
)
def test_define_refuses_a_five_of_a_kind_rule_on_a_sheet_of_other_dice(rule: object, name: str) -> None:
    rows = [
        *(upper(face) for face in range(1, 7)),
        Category("yams", when(n_of_a_kind(6), 50)),
        Category("chance", total),
    ]
    with pytest.raises(RuleConfigError, match=rf"^{re.escape(name)}: .* reads five dice .* this sheet throws 6"):
        ScorecardVariant.define("six-joker", dice=6, rows=rows, rules=[rule])
    ScorecardVariant.define("five-joker", rows=rows, rules=[rule])  # the same rule on five dice is accepted
