"""The cruder evaluations of the ``"medium"`` level (``plain``), on positions built by hand.

They say what each plain evaluation computes; how much weaker it plays is measured in
benchmarks/bots.py and docs/explanation/bots.md, not here.
"""

from __future__ import annotations

import numpy as np
import pytest

import yamskit
from yamskit.actions import DeclareChallenge, Pass, Roll, Score, TakeChip
from yamskit.bots import GreedyPlayer, StrongPlayer, TablePlayer, play, player
from yamskit.bots.basic import MixedPlayer, PlainGreedyPlayer, RandomPlayer
from yamskit.bots.sheet import MEDIUM_WORTH, WORTH_FACTOR, SheetView, choose_on_sheet
from yamskit.bots.strong import POINTS_TABLE_VERSUS, greedy_is_near, one_plain_column
from yamskit.dice import Dice
from yamskit.errors import RuleConfigError
from yamskit.variants.yam_master.board import Board
from yamskit.variants.yam_master.strategy import DEFENCE, board_value, board_values, choose_board_action, end_values
from yamskit.variants.yamslam.chips import ChipSet
from yamskit.variants.yamslam.strategy import chip_value, choose_chip_action


def _duel_last_throw() -> yamskit.GameState:
    """Competitive 1v1, the first player's third throw shows 56666."""
    v = yamskit.variant("competitive", mode="1v1")
    g = v.new_game(players=["A", "B"], seed=2).apply(Roll(outcome="66612"))
    g = g.apply(Roll(keep=Dice.parse("666"), outcome="62"))
    return g.apply(Roll(keep=Dice.parse("6666"), outcome="5"))


def test_the_plain_sheet_view_counts_the_points_written_now_and_nothing_else() -> None:
    g = _duel_last_throw()
    full, plain = SheetView.of(g), SheetView.of(g, plain=True)
    assert sorted(full.weights) == [8.0, 10.0, 12.0, 14.0, 16.0, 18.0]
    assert full.clean == 200
    assert plain.weights == (1.0,) * 6
    assert plain.clean == 0
    assert plain.plain
    assert float(np.abs(plain.worth).max()) == 0.0
    assert float(full.worth.max()) > 0.0
    assert plain.cells == full.cells  # the same open boxes, the same tables
    assert np.array_equal(plain.tables, full.tables)
    # the upper bonus is not counted: 90 in the number rows pays nothing in the plain view
    assert plain.expected_bonus(0, 90, ()) == 0.0
    assert full.expected_bonus(0, 90, ()) > 0.0
    points = np.array([0.0, 12.0, 30.0])
    for r, c in ((plain.rules.row_index("sixes"), 0), (plain.rules.row_index("yams"), 5)):
        assert plain.gain_of(r, c, points).tolist() == points.tolist()
    assert np.array_equal(plain.gains(), plain.tables)


def test_the_plain_sheet_player_writes_the_box_paying_most_now() -> None:
    g = _duel_last_throw()
    assert g.turn.throws_left == 0
    scores = [a for a in g.legal_actions() if isinstance(a, Score)]
    most = max(g.placement(a).points + g.placement(a).extra for a in scores)
    chosen = choose_on_sheet(g, depth=3, plain=True)
    assert isinstance(chosen, Score)
    assert g.placement(chosen).points + g.placement(chosen).extra == most


def test_depth_one_plays_the_plain_sheet_view_by_default_and_medium_is_depth_one() -> None:
    g = yamskit.variant("challenge").new_game(players=["A", "B"], seed=4)
    medium = player(g.variant, "medium")
    assert isinstance(medium, StrongPlayer)
    assert medium.depth == 1
    for outcome in ("66612", "12345", "11223", "55551"):
        h = g.apply(Roll(outcome=outcome))
        assert choose_on_sheet(h, depth=1) == choose_on_sheet(h, depth=1, plain=True) == medium.choose(h)


def test_a_plain_chip_is_worth_its_points() -> None:
    chips, rack = ChipSet.of("flush"), ChipSet.full()
    for kind in ("flush", "full_house", "large_straight", "three_of_a_kind"):
        assert chip_value(chips, rack, kind, plain=True) == float(ChipSet.of(kind).points)
    assert chip_value(chips, rack, "full_house") != chip_value(chips, rack, "full_house", plain=True)


@pytest.mark.parametrize(
    ("outcome", "hard", "plain"),
    [
        ("66612", Roll(keep=Dice.parse("666")), TakeChip("three_of_a_kind")),
        ("66663", Roll(keep=Dice.parse("6666")), TakeChip("four_of_a_kind")),
        ("12345", TakeChip("large_straight"), TakeChip("large_straight")),
    ],
)
def test_the_plain_yamslam_player_takes_what_its_throw_gives(outcome: str, hard: object, plain: object) -> None:
    g = yamskit.variant("yamslam").new_game(players=["A", "B"], seed=1).apply(Roll(outcome=outcome))
    assert choose_chip_action(g) == hard
    assert choose_chip_action(g, depth=1) == choose_chip_action(g, depth=3, plain=True) == plain


def test_the_plain_yamslam_player_throws_again_when_nothing_qualifies() -> None:
    g = yamskit.variant("yamslam").new_game(players=["A", "B"], seed=1).apply(Roll(outcome="12356"))
    assert not isinstance(choose_chip_action(g, depth=1), (TakeChip, Pass))


def test_the_plain_board_ignores_the_opponents_lines() -> None:
    g = yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1)
    theirs = Board.parse("OOO../...../...../...../.....")
    assert board_value(g, theirs, (12, 9), 0) < 0.0
    encoded = np.array([[-1 if v is None else v for v in theirs.cells] + [2]])
    assert board_values(encoded, np.array([[12, 9]]), 0, defence=0.0).tolist() == [0.0]
    assert board_values(encoded, np.array([[12, 9]]), 0, defence=DEFENCE).tolist() == [
        pytest.approx(board_value(g, theirs, (12, 9), 0))
    ]
    # five in a row is still a loss, whatever the defence
    five = np.array([[1] * 5 + [-1] * 20 + [2]])
    assert board_values(five, np.array([[12, 7]]), 0, defence=0.0).tolist() == [-10_000.0]


def test_on_an_empty_board_the_plain_ends_are_the_full_ones_without_the_tempo() -> None:
    g = yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1).apply(Roll(outcome="12345"))
    # the opponent holds no token yet: blind to its lines or not, every end is worth the same
    full = [(round(v, 9), a) for v, a, _ in end_values(g)]
    plain = [(round(v, 9), a) for v, a, _ in end_values(g, defence=0.0)]
    assert full == plain
    assert choose_board_action(g, depth=1) == choose_board_action(g, depth=1, plain=True, tempo=0.0)


def _played(variant: yamskit.Variant, players: int, seed: int) -> tuple[object, ...]:
    """A whole game of the medium bot against easy (seats alternating), every action checked legal."""
    bots = [player(variant, "medium" if i % 2 == 0 else "easy", seed=i) for i in range(players)]
    game = variant.new_game([f"P{i}" for i in range(players)], seed=seed)
    while not game.is_over:
        action = bots[game.current_player].choose(game)
        assert game.is_legal(action), (game.to_json(), action)
        game = game.apply(action)
    return tuple(game.history)


@pytest.mark.parametrize(
    ("name", "options", "players"),
    [
        ("competitive", {"mode": "1v1"}, 2),
        ("competitive", {"mode": "1v1v1"}, 3),
        ("yam-master", {}, 2),
        ("yamslam", {}, 2),
        ("yamslam", {"mode": "solo"}, 1),
        ("classic", {}, 2),
        ("yahtzee", {}, 2),
        ("yatzy", {}, 2),
        ("yatzy", {}, 1),
        ("generala", {}, 2),
        ("yacht", {}, 2),
        ("kniffel", {}, 2),
    ],
)
def test_the_medium_level_plays_whole_legal_games_the_same_for_a_seed(
    name: str, options: dict[str, str], players: int
) -> None:
    variant = yamskit.variant(name, **options)
    first = _played(variant, players, seed=21)
    assert first == _played(variant, players, seed=21)


# ---------------------------------------------------------------- one-column sheets of five dice


def test_a_lower_worth_factor_scales_every_open_boxs_worth_and_nothing_else() -> None:
    g = yamskit.variant("yatzy").new_game(players=["A", "B"], seed=3).apply(Roll(outcome="66612"))
    full, medium = SheetView.of(g), SheetView.of(g, worth_factor=MEDIUM_WORTH)
    assert 0.0 < MEDIUM_WORTH < WORTH_FACTOR
    assert full.worth_factor == WORTH_FACTOR
    assert medium.worth_factor == MEDIUM_WORTH
    assert np.allclose(medium.worth, full.worth * MEDIUM_WORTH / WORTH_FACTOR)
    assert np.array_equal(medium.tables, full.tables)
    assert not medium.plain
    # the upper bonus still counts, from the lower worth: 63 written already pays it whatever the worth
    assert medium.expected_bonus(0, 63, ()) == full.expected_bonus(0, 63, ()) == 50.0
    sixes = medium.rules.row_index("sixes")
    points = np.array([0.0, 18.0, 30.0])
    assert not np.allclose(medium.gain_of(sixes, 0, points), full.gain_of(sixes, 0, points))


def test_the_medium_level_of_a_one_column_sheet_plays_the_lower_worth_one_throw_ahead() -> None:
    for name in ("classic", "yahtzee", "yatzy"):
        g = yamskit.variant(name).new_game(players=["A", "B"], seed=4)
        medium = player(g.variant, "medium")
        assert isinstance(medium, StrongPlayer)
        assert medium.depth == 1
        for outcome in ("66612", "12345", "11223", "55551", "44444"):
            h = g.apply(Roll(outcome=outcome))
            expected = choose_on_sheet(h, depth=1, plain=False, worth_factor=MEDIUM_WORTH)
            assert medium.choose(h) == expected


def test_the_medium_level_of_a_one_column_sheet_holds_a_high_box_back_for_its_worth() -> None:
    # classic, last throw 11126: 3 in "ones" keeps chance and three of a kind for better dice
    v = yamskit.variant("classic")
    g = v.new_game(seed=1).apply(Roll(outcome="11126"))
    g = g.apply(Roll(keep=Dice.parse("111"), outcome="26")).apply(Roll(keep=Dice.parse("111"), outcome="26"))
    assert g.turn.throws_left == 0
    assert choose_on_sheet(g, depth=1, plain=True) != Score("ones")  # the points now: 11 elsewhere
    assert player(v, "medium").choose(g) == Score("ones")


def test_a_one_column_sheet_the_split_does_not_handle_keeps_the_plain_medium() -> None:
    v = yamskit.variant("balut")  # a result rule of its own: not splittable
    g = v.new_game(players=["A"], seed=4)  # alone: with opponents its levels stand lower (POINTS_TABLE_VERSUS)
    medium = player(v, "medium")
    for outcome in ("66612", "12345", "55551"):
        h = g.apply(Roll(outcome=outcome))
        assert medium.choose(h) == choose_on_sheet(h, depth=1, plain=True)


# ---------------------------------------------------------------- one-column sheets without an upper bonus


def test_the_sheets_where_greedy_comes_near_the_optimum_are_those_of_one_column_without_a_bonus() -> None:
    names = ("yacht", "generala", "classic", "yahtzee", "yatzy", "kniffel", "balut", "challenge")
    near = {name for name in names if greedy_is_near(yamskit.variant(name))}
    assert near == {"yacht", "generala"}
    assert not greedy_is_near(yamskit.variant("yam-master"))
    assert not greedy_is_near(yamskit.variant("crag"))  # three dice


def test_the_sheets_whose_medium_mixes_hard_and_easy_are_one_plain_column_of_any_dice() -> None:
    names = ("yacht", "generala", "crag", "classic", "yahtzee", "yatzy", "kniffel", "maxi-yatzy", "challenge")
    plain = {name for name in names if one_plain_column(yamskit.variant(name))}
    assert plain == {"yacht", "generala", "crag"}
    assert not one_plain_column(yamskit.variant("yamslam"))
    crag = yamskit.variant("crag")  # three dice: its easy stays the greedy bot, its medium mixes it with hard
    assert isinstance(player(crag, "easy"), GreedyPlayer)
    medium = player(crag, "medium", seed=5, time_budget=2.0)
    assert isinstance(medium, MixedPlayer)
    assert isinstance(medium.strong, StrongPlayer)
    assert (medium.strong.depth, medium.strong.time_budget, medium.strong.seed) == (3, 2.0, 5)
    assert type(medium.weak) is GreedyPlayer
    assert (medium.share, medium.seed) == (0.5, 5)


def test_the_easy_and_medium_levels_of_a_sheet_without_a_bonus_are_the_plainer_greedy_and_the_mix() -> None:
    for name in ("yacht", "generala"):
        v = yamskit.variant(name)
        assert isinstance(player(v, "easy"), PlainGreedyPlayer)
        medium = player(v, "medium", seed=7, time_budget=3.0)
        assert isinstance(medium, MixedPlayer)
        assert isinstance(medium.strong, StrongPlayer)
        assert (medium.strong.depth, medium.strong.time_budget, medium.strong.seed) == (3, 3.0, 7)
        assert isinstance(medium.weak, PlainGreedyPlayer)
        assert (medium.share, medium.seed) == (0.5, 7)
    for name in ("classic", "yahtzee", "kniffel"):  # with an upper bonus: as before
        v = yamskit.variant(name)
        assert isinstance(player(v, "easy"), GreedyPlayer)
        assert isinstance(player(v, "medium"), StrongPlayer)


def _yacht(*throws: tuple[str, str]) -> yamskit.GameState:
    g = yamskit.variant("yacht").new_game(players=["A", "B"], seed=5)
    for keep, outcome in throws:
        g = g.apply(Roll(keep=Dice.parse(keep), outcome=outcome))
    return g


@pytest.mark.parametrize(
    ("outcome", "keep"),
    [("66612", "666"), ("12346", "6"), ("11662", "66"), ("33312", "333"), ("12356", "6")],
)
def test_the_plainer_greedy_keeps_the_face_it_shows_most_the_higher_on_a_tie(outcome: str, keep: str) -> None:
    assert PlainGreedyPlayer().choose(_yacht(("", outcome))) == Roll(keep=Dice.parse(keep))


def test_the_plainer_greedy_writes_a_box_that_pays_its_most_at_once() -> None:
    assert PlainGreedyPlayer().choose(_yacht(("", "23456"))) == Score("big_straight")
    assert PlainGreedyPlayer().choose(_yacht(("", "44444"))) == Score("yacht")
    # on 12346 greedy weighs what the next throw can bring (it keeps 46); the plainer one keeps the six
    assert GreedyPlayer().choose(_yacht(("", "12346"))) == Roll(keep=Dice.parse("46"))


def test_the_plainer_greedy_writes_the_box_paying_most_after_its_last_throw() -> None:
    g = _yacht(("", "11662"), ("66", "125"), ("66", "234"))
    assert g.turn.throws_left == 0
    scores = [a for a in g.legal_actions() if isinstance(a, Score)]
    chosen = PlainGreedyPlayer().choose(g)
    assert chosen == GreedyPlayer().choose(g)
    assert g.placement(chosen).points == max(g.placement(a).points for a in scores)


def test_the_plainer_greedy_plays_other_games_as_the_greedy_player() -> None:
    g = yamskit.variant("yamslam").new_game(players=["A", "B"], seed=1)
    for outcome in ("66612", "12345"):
        h = g.apply(Roll(outcome=outcome))
        assert PlainGreedyPlayer().choose(h) == GreedyPlayer().choose(h)


def _turns_drawn(mixed: MixedPlayer, game: yamskit.GameState) -> list[bool]:
    """Play a whole game by ``mixed``: which of its two played each turn, checked to be one for the whole turn."""
    drawn = []
    while not game.is_over:
        player_then, first = game.current_player, mixed.plays_strong(game)
        while game.current_player == player_then and not game.is_over:
            assert mixed.plays_strong(game) == first
            action = mixed.choose(game)
            assert action == (mixed.strong if first else mixed.weak).choose(game)
            game = game.apply(action)
            if not game.turn.has_thrown:  # a box, chip or token taken, or a pass: the next turn (maybe its own again)
                break
        drawn.append(first)
    return drawn


def test_a_mixed_player_plays_a_whole_turn_as_one_of_its_two_players() -> None:
    drawn = _turns_drawn(MixedPlayer(GreedyPlayer(), PlainGreedyPlayer(), seed=3), _yacht())
    assert len(drawn) == 24  # 12 turns of each seat
    assert set(drawn) == {True, False}  # both play
    for name in ("yamslam", "yam-master"):
        variant = yamskit.variant(name)
        mixed = MixedPlayer(StrongPlayer(variant), StrongPlayer(variant, time_budget=0.0, depth=1), share=0.6, seed=2)
        drawn = _turns_drawn(mixed, variant.new_game(players=["A", "B"], seed=4))
        assert set(drawn) == {True, False}, name


def test_a_mixed_players_draw_holds_through_a_challenge_declared_in_its_turn() -> None:
    variant = yamskit.variant("yam-master")
    g = variant.new_game(players=["A", "B"], seed=1).apply(Roll(outcome="11236"))
    declared = g.apply(DeclareChallenge())
    for seed in range(20):
        mixed = MixedPlayer(GreedyPlayer(), RandomPlayer(), seed=seed)
        assert mixed.plays_strong(declared) == mixed.plays_strong(g)
    assert len({MixedPlayer(GreedyPlayer(), RandomPlayer(), seed=seed).plays_strong(g) for seed in range(20)}) == 2


def test_the_hard_level_of_yamslam_mixes_in_medium_with_opponents_only() -> None:
    for options in ({}, {"mode": "team"}):
        variant = yamskit.variant("yamslam", **options)
        hard = player(variant, "hard", seed=3)
        assert isinstance(hard, MixedPlayer)
        assert (hard.share, hard.seed) == (0.6, 3)
        assert isinstance(hard.strong, StrongPlayer)
        assert hard.strong.depth == 3
        assert isinstance(hard.weak, StrongPlayer)
        assert hard.weak.depth == 1  # the medium level
        expert = player(variant, "expert", seed=3)
        assert isinstance(expert.planner, StrongPlayer)  # the expert stands on the strong bot itself
    solo = yamskit.variant("yamslam", mode="solo")
    assert isinstance(player(solo, "hard"), StrongPlayer)


def test_yam_masters_hard_level_is_the_one_throw_player_and_its_medium_mixes_in_easy() -> None:
    variant = yamskit.variant("yam-master")
    one_throw = StrongPlayer(variant, time_budget=0.0, seed=3, depth=1)
    assert player(variant, "hard", seed=3) == one_throw
    medium = player(variant, "medium", seed=3)
    assert isinstance(medium, MixedPlayer)
    assert (medium.strong, medium.weak, medium.share, medium.seed) == (one_throw, GreedyPlayer(), 0.5, 3)
    expert = player(variant, "expert", seed=3)
    assert expert.planner == StrongPlayer(variant, seed=3)  # the strong bot, planning the whole turn
    assert expert.rollout_policy == expert.planner
    game = variant.new_game(players=["A", "B"], seed=8)
    final = play(game, [player(variant, "hard", seed=1), player(variant, "medium", seed=2)])
    assert final.is_over
    assert final == play(game, [player(variant, "hard", seed=1), player(variant, "medium", seed=2)])


def test_baluts_levels_stand_lower_with_opponents_and_keep_their_own_bots_alone() -> None:
    variant = yamskit.variant("balut")
    one_throw = StrongPlayer(variant, time_budget=0.0, seed=3, depth=1)
    levels = {level: player(variant, level, seed=3) for level in ("easy", "medium", "hard")}
    assert all(isinstance(bot, TablePlayer) for bot in levels.values())
    alone = (levels["hard"].alone, levels["medium"].alone, levels["easy"].alone)
    assert alone == (StrongPlayer(variant, seed=3), one_throw, GreedyPlayer())
    hard = levels["hard"].versus
    assert (hard.strong, hard.weak, hard.seed) == (one_throw, GreedyPlayer(), 3)
    assert hard.share == pytest.approx(POINTS_TABLE_VERSUS["hard"] - 1)
    for level in ("medium", "easy"):  # the greedy bot with turns played at random, fewer in medium
        bot = levels[level].versus
        assert (bot.strong, bot.weak, bot.seed) == (GreedyPlayer(), RandomPlayer(seed=3), 3)
        assert bot.share == pytest.approx(POINTS_TABLE_VERSUS[level])
    assert levels["easy"].versus.share < levels["medium"].versus.share
    solo = variant.new_game(["A"], seed=4).apply(Roll(outcome="44412"))
    assert levels["hard"].choose(solo) == StrongPlayer(variant, seed=3).choose(solo)
    for pair in (("hard", "medium"), ("medium", "easy"), ("easy", "random")):
        assert _levels_game(variant, pair, seed=11) == _levels_game(variant, pair, seed=11)
    assert player(variant, "expert", seed=3).planner == StrongPlayer(variant, seed=3)


def test_a_mixed_players_share_chooses_one_of_them_always_at_its_ends() -> None:
    g = _yacht(("", "12346"))
    assert MixedPlayer(GreedyPlayer(), PlainGreedyPlayer(), share=1.0).choose(g) == GreedyPlayer().choose(g)
    assert MixedPlayer(GreedyPlayer(), PlainGreedyPlayer(), share=0.0).choose(g) == PlainGreedyPlayer().choose(g)
    with pytest.raises(RuleConfigError, match="share"):
        MixedPlayer(GreedyPlayer(), RandomPlayer(), share=1.5)
    with pytest.raises(RuleConfigError, match="share"):
        MixedPlayer(GreedyPlayer(), RandomPlayer(), share=True)


def _levels_game(variant: yamskit.Variant, levels: tuple[str, str], seed: int) -> tuple[object, ...]:
    bots = [player(variant, level, seed=seed + i) for i, level in enumerate(levels)]
    game = variant.new_game(["P0", "P1"], seed=seed)
    while not game.is_over:
        action = bots[game.current_player].choose(game)
        assert game.is_legal(action), (game.to_json(), action)
        game = game.apply(action)
    return tuple(game.history)


@pytest.mark.parametrize("name", ["yacht", "generala"])
@pytest.mark.parametrize("levels", [("easy", "random"), ("hard", "medium")])
def test_the_levels_of_a_sheet_without_a_bonus_play_whole_legal_games_the_same_for_a_seed(
    name: str, levels: tuple[str, str]
) -> None:
    variant = yamskit.variant(name)
    assert _levels_game(variant, levels, seed=11) == _levels_game(variant, levels, seed=11)
