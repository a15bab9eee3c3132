"""The strong bots on sheets of 1 to 8 dice: whole legal games, the same for a seed, and their keep arithmetic."""

from __future__ import annotations

import re

import pytest

np = pytest.importorskip("numpy")

import yamskit  # noqa: E402
from yamskit import RuleConfigError  # noqa: E402
from yamskit.bots import player  # noqa: E402
from yamskit.bots.ahead import AheadPlayer  # noqa: E402
from yamskit.bots.basic import MixedPlayer  # noqa: E402
from yamskit.bots.expert import ExpertPlayer  # noqa: E402
from yamskit.bots.lookahead import keep_values_after, single_target_values  # noqa: E402
from yamskit.bots.strong import StrongPlayer, one_plain_column, solvable  # noqa: E402
from yamskit.categories import Category, constant, n_of_a_kind, total, upper, when  # noqa: E402
from yamskit.dice import dice_tables, keep_index  # noqa: E402
from yamskit.scorecard import Column, ScorecardVariant, TurnCondition, UpperBonus  # noqa: E402


def _thirteen(dice: yamskit.Dice) -> int:
    return 26 if dice.total == 13 else 0


def _run(dice: yamskit.Dice) -> int:
    return 20 if dice.faces in ((1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)) else 0


def crag_like() -> ScorecardVariant:
    """Three dice, two throws: the number rows, a few three-dice combinations and chance."""
    rows = [upper(f) for f in range(1, 7)]
    rows += [
        Category("thirteen", _thirteen),
        Category("run", _run),
        Category("three_of_a_kind", when(n_of_a_kind(3), constant(25))),
        Category("chance", total),
    ]
    return ScorecardVariant.define("crag-like", rows=rows, dice=3, max_throws=2)


def six_dice() -> ScorecardVariant:
    """Six dice, three throws: ones to sixes (bonus at 84), six of a kind worth 100, chance."""
    rows = [upper(f) for f in range(1, 7)]
    rows += [Category("six_of_a_kind", when(n_of_a_kind(6), constant(100))), Category("chance", total)]
    return ScorecardVariant.define("six-dice", rows=rows, dice=6, bonus=UpperBonus.single(84, 50))


def four_dice_columns() -> ScorecardVariant:
    """Four dice in two columns, the second *dry* (only dice from one throw of all four count)."""
    rows = [upper(1), upper(6), Category("four_of_a_kind", when(n_of_a_kind(4), constant(40))), Category("sum", total)]
    columns = (Column("free"), Column("dry", condition=TurnCondition.dry()))
    return ScorecardVariant.define("four-dice", rows=rows, columns=columns, dice=4)


def small(dice: int, throws: int) -> ScorecardVariant:
    rows = [upper(1), upper(6), Category("chance", total), Category("all_alike", when(n_of_a_kind(dice), constant(50)))]
    return ScorecardVariant.define(f"small-{dice}-{throws}", rows=rows, dice=dice, max_throws=throws)


SHEETS = {"crag-like": crag_like, "six-dice": six_dice, "four-dice": four_dice_columns}


def _play(variant: ScorecardVariant, level: str, seed: int, players: int = 1) -> list[yamskit.Action]:
    """A whole game with the bot in every seat, each action checked legal first; the actions."""
    game = variant.new_game(players=[f"p{i}" for i in range(players)], seed=seed)
    bot = player(variant, level, seed=seed)
    actions = []
    while not game.is_over:
        action = bot.choose(game)
        assert game.is_legal(action), (action, game.turn)
        actions.append(action)
        game = game.apply(action)
    rows = len(variant.rules.rows) * len(variant.rules.columns)
    assert all(not cell.is_empty for sheet in game.sheets for column in sheet.cells for cell in column)
    assert sum(1 for a in actions if not isinstance(a, yamskit.Roll)) == rows * players
    return actions


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("name", sorted(SHEETS))
def test_the_strong_bots_play_whole_legal_games_of_other_dice_counts_the_same_for_a_seed(name: str, level: str) -> None:
    variant = SHEETS[name]()
    bot = player(variant, level)
    if level == "medium" and one_plain_column(variant):  # no bonus, one column: half hard, half easy turns
        assert isinstance(bot, MixedPlayer)
        assert isinstance(bot.strong, StrongPlayer)
    else:
        assert isinstance(bot, StrongPlayer)
    first = _play(variant, level, seed=3, players=2)
    assert _play(SHEETS[name](), level, seed=3, players=2) == first  # a new variant object: the same game
    rolls = [a for a in first if isinstance(a, yamskit.Roll)]
    assert any(len(a.keep) > 0 for a in rolls)  # they keep dice, not only throw them all


@pytest.mark.parametrize(("dice", "throws"), [(1, 1), (1, 3), (2, 4), (7, 3), (8, 2)])
def test_the_strong_bots_play_every_dice_count_and_throw_limit(dice: int, throws: int) -> None:
    variant = small(dice, throws)
    for level in ("medium", "hard"):
        _play(variant, level, seed=dice)


@pytest.mark.parametrize("players", [1, 2])
def test_the_expert_plays_a_sheet_of_several_columns_of_other_dice_one_turn_deeper(players: int) -> None:
    variant = four_dice_columns()
    expert = player(variant, "expert")
    assert isinstance(expert, ExpertPlayer)
    assert isinstance(expert.alone, AheadPlayer)
    assert isinstance(expert.versus, AheadPlayer)
    first = _play(variant, "expert", seed=5, players=players)
    assert _play(four_dice_columns(), "expert", seed=5, players=players) == first


def test_the_easy_bot_and_the_strong_ones_all_finish_the_same_seeded_game() -> None:
    # strength is measured by simulation (docs/explanation/bots.md), not asserted here
    variant = crag_like()
    for level in ("easy", "medium", "hard"):
        assert _play(variant, level, seed=9) == _play(variant, level, seed=9)


def test_the_hard_bot_chases_six_of_a_kind_with_five_alike() -> None:
    variant = six_dice()
    game = variant.new_game(seed=1).apply(yamskit.Roll(outcome="555552"))
    assert player(variant, "hard").choose(game) == yamskit.Roll(keep="55555")


@pytest.mark.parametrize("name", ["crag-like", "six-dice"])
def test_the_perfect_level_plays_a_one_column_sheet_of_other_dice_through_the_solver(name: str) -> None:
    variant = SHEETS[name]()
    assert solvable(variant)
    _play(variant, "perfect", seed=4)


def test_the_perfect_level_refuses_a_sheet_of_several_columns_naming_why() -> None:
    with pytest.raises(RuleConfigError, match=re.escape("no 'perfect' level for four-dice: ") + ".*one-column"):
        player(four_dice_columns(), "perfect")


def test_the_hard_bot_plays_the_solved_strategy_where_the_solve_fits_and_medium_never_solves() -> None:
    variant = crag_like()
    game = variant.new_game(seed=5).apply(yamskit.Roll(outcome="356"))
    perfect = player(variant, "perfect").choose(game)
    assert player(variant, "hard").choose(game) == perfect
    assert StrongPlayer(variant, time_budget=0).choose(game) in game.legal_actions()  # the sheet evaluation


def test_the_lookahead_reads_the_rolls_of_the_dice_it_is_given() -> None:
    rolls = dice_tables(2).rolls
    sixes = np.array([6.0 * r.count(6) for r in rolls])
    keeps = keep_values_after(lambda used, fresh: sixes, used=1, max_throws=2, dice=2)
    assert keeps.shape == (28,)
    assert keeps[keep_index((6,))] == pytest.approx(6.0 + 1.0)  # a six kept, one die thrown
    aimed = single_target_values(sixes[:, None], throws=2, dice=2)
    assert aimed.shape == (1,)
    assert 2.0 < float(aimed[0]) < 12.0


@pytest.mark.parametrize("saved_throws", [True, False])
def test_the_strong_bots_play_maxi_yatzy_legally(saved_throws: bool) -> None:
    # six dice, twenty rows; with the store of unused throws they play legally, without planning for it
    variant = yamskit.variant("maxi-yatzy", saved_throws=saved_throws)
    for level in ("medium", "hard"):
        assert _play(variant, level, seed=2, players=2) == _play(variant, level, seed=2, players=2)
