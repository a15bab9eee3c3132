"""StrongPlayer and the levels: legal in random positions of every variant, reproducible, stronger than greedy."""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import pytest

import yamskit
from yamskit import Dice, Roll, Score, ScorecardVariant
from yamskit.bots import GreedyPlayer, OptimalPlayer, RandomPlayer, StrongPlayer, play, player, solvable
from yamskit.bots.lookahead import keep_values_after, single_target_values
from yamskit.categories import Category, total, upper
from yamskit.dice import KEEPS, ROLLS, keep_index, outcome_probabilities
from yamskit.errors import RuleConfigError
from yamskit.scorecard import Column, FillPolicy, TurnCondition, UpperBonus
from yamskit.variants.yam_master.board import Board

#: (variant name, options, players) of every variant and mode the bots play.
SETUPS: list[tuple[str, dict[str, Any], int]] = [
    ("classic", {}, 2),
    ("yahtzee", {}, 1),
    ("challenge", {}, 2),
    ("competitive", {}, 2),
    ("competitive", {"mode": "1v1v1"}, 3),
    ("competitive", {"mode": "2v2"}, 4),
    ("yam-master", {}, 2),
    ("yam-master", {"removed": "out"}, 2),
    ("yamslam", {}, 2),
    ("yamslam", {"mode": "solo"}, 1),
    ("yamslam", {"mode": "team"}, 4),
    ("yatzy", {}, 2),
    ("yacht", {}, 1),
    ("kniffel", {}, 2),
    ("generala", {}, 2),
    ("balut", {}, 2),
    ("crag", {}, 2),
    ("maxi-yatzy", {}, 2),
]
#: A one-column sheet's hard bot solves it first: Yahtzee's case runs in the quick run, Yatzy's and Kniffel's in
#: the full one.
_SOLVED_SLOWLY = {"yatzy", "kniffel"}


def _own_variant() -> ScorecardVariant:
    """A user-defined two-column sheet: one column top to bottom, one dry column."""
    rows = [upper(4), upper(5), upper(6), Category("chance", total)]
    columns = [Column("down", FillPolicy.down()), Column("dry", condition=TurnCondition.dry())]
    return ScorecardVariant.define(
        "own", rows=rows, columns=columns, bonus=UpperBonus.single(30, 10, ("fours", "fives", "sixes"))
    )


def _variant(name: str, options: dict[str, Any]) -> Any:
    return _own_variant() if name == "own" else yamskit.variant(name, **options)


def _random_positions(variant: Any, players: int, seed: int, count: int) -> list[Any]:
    """Positions reached by random play, every few actions, from a seeded game."""
    state = variant.new_game([f"P{i}" for i in range(players)], seed=seed)
    positions = []
    bot = RandomPlayer(seed=seed)
    step = 0
    while not state.is_over and len(positions) < count:
        if step % 3 == seed % 3:
            positions.append(state)
        state = state.apply(bot.choose(state))
        step += 1
    return positions


@pytest.mark.parametrize(
    ("name", "options", "players"),
    [pytest.param(*s, marks=[pytest.mark.slow] if s[0] in _SOLVED_SLOWLY else []) for s in [*SETUPS, ("own", {}, 2)]],
)
def test_hard_bot_only_chooses_legal_actions_in_random_positions(
    name: str, options: dict[str, Any], players: int
) -> None:
    variant = _variant(name, options)
    bot = StrongPlayer(variant, time_budget=0.0, seed=1)  # no exact solve: the evaluation itself is checked
    for seed in range(2):
        for state in _random_positions(variant, players, seed, 12):
            action = bot.choose(state)
            assert state.is_legal(action), (state.to_json(), action)


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_level_finishes_a_game_of_every_variant(level: str) -> None:
    for name, options, players in [
        ("challenge", {}, 2),
        ("yam-master", {}, 2),
        ("yamslam", {"mode": "solo"}, 1),
        ("yamslam", {}, 2),  # where "hard" mixes in medium's turns
        ("yamslam", {"mode": "team"}, 4),
    ]:
        variant = yamskit.variant(name, **options)
        final = play(
            variant.new_game([f"P{i}" for i in range(players)], seed=5),
            [player(variant, level, seed=i) for i in range(players)],
        )
        assert final.is_over


def test_same_seed_same_choices() -> None:
    for name, options, players in [("challenge", {}, 2), ("yam-master", {}, 2), ("yamslam", {}, 2)]:
        variant = yamskit.variant(name, **options)
        games = [
            play(
                variant.new_game([f"P{i}" for i in range(players)], seed=11), [StrongPlayer(variant, seed=3)] * players
            )
            for _ in range(2)
        ]
        assert games[0].history == games[1].history
        assert games[0].result().scores == games[1].result().scores


# A short seeded match per variant: hard must win more games than greedy (seats swapped).
MATCHES = [
    ("classic", {}, 4),
    ("challenge", {}, 2),
    ("competitive", {}, 2),
    ("yam-master", {}, 4),
    ("yamslam", {}, 4),
]


@pytest.mark.parametrize(("name", "options", "games"), MATCHES)
def test_hard_wins_more_than_greedy_in_a_short_seeded_match(name: str, options: dict[str, Any], games: int) -> None:
    variant = yamskit.variant(name, **options)
    hard_wins = greedy_wins = 0
    for i in range(games):
        hard = StrongPlayer(variant, time_budget=0.0, seed=i)
        seats = [hard, GreedyPlayer()] if i % 2 == 0 else [GreedyPlayer(), hard]
        winners = play(variant.new_game(["A", "B"], seed=100 + i), seats).result().winners
        me = 0 if i % 2 == 0 else 1
        hard_wins += winners == (me,)
        greedy_wins += winners == (1 - me,)
    assert hard_wins > greedy_wins


def test_hard_beats_greedy_team_in_competitive_2v2() -> None:
    variant = yamskit.variant("competitive", mode="2v2")
    hard = StrongPlayer(variant)
    final = play(variant.new_game(["A", "B", "C", "D"], seed=3), [hard, GreedyPlayer(), hard, GreedyPlayer()])
    teams = final.result().details["teams"]
    assert teams[0]["score"] > teams[1]["score"]


def test_levels_build_the_documented_players() -> None:
    classic = yamskit.variant("classic")
    assert isinstance(player(classic, "random", seed=2), RandomPlayer)
    assert isinstance(player(classic, "easy"), GreedyPlayer)
    medium = player(classic, "medium")
    assert isinstance(medium, StrongPlayer)
    assert (medium.depth, medium.time_budget) == (1, 0.0)
    assert isinstance(player(classic, "hard"), StrongPlayer)
    tiny = ScorecardVariant.define("tiny", rows=[upper(6), Category("chance", total)])
    assert isinstance(player(tiny, "perfect"), OptimalPlayer)
    with pytest.raises(RuleConfigError, match="perfect"):
        player(yamskit.variant("yam-master"), "perfect")
    with pytest.raises(RuleConfigError, match="level must be"):
        player(classic, "grandmaster")


def test_hard_plays_the_exact_strategy_when_the_sheet_is_solvable() -> None:
    tiny = ScorecardVariant.define("tiny", rows=[upper(5), upper(6), Category("chance", total)])
    assert solvable(tiny)
    assert not solvable(yamskit.variant("challenge"))
    perfect = player(tiny, "perfect")
    hard = player(tiny, "hard")
    state = tiny.new_game(seed=4)
    while not state.is_over:
        assert hard.choose(state) == perfect.choose(state)
        state = state.apply(perfect.choose(state))


def test_keep_values_after_match_a_brute_force_expectation() -> None:
    sixes = np.array([6.0 * r.count(6) for r in ROLLS])
    keeps = keep_values_after(lambda used, fresh: sixes, used=2, max_throws=3)
    for keep in (Dice.parse(""), Dice.parse("66"), Dice.parse("166")):
        expected = sum(float(p) * 6 * (keep + d).count(6) for d, p in outcome_probabilities(5 - len(keep)))
        assert keeps[keep_index(keep.faces)] == pytest.approx(expected)
    assert len(keeps) == len(KEEPS)


def test_a_dry_box_only_counts_throws_of_all_five_dice() -> None:
    sixes = np.array([[6.0 * r.count(6)] for r in ROLLS])
    dry = single_target_values(sixes, throws=3, fresh_only=True)[0]
    kept = single_target_values(sixes, throws=3)[0]
    assert 5.0 < dry < kept


def test_yamslam_bot_takes_the_best_chip_after_the_last_throw() -> None:
    variant = yamskit.variant("yamslam")
    g = variant.new_game(["A", "B"], seed=1)
    g = (
        g.apply(Roll(outcome="12344"))
        .apply(Roll(keep=Dice.parse("1234"), outcome="5"))
        .apply(Roll(keep=Dice.parse("12345"), outcome=""))
    )
    assert StrongPlayer(variant).choose(g) == yamskit.TakeChip("large_straight")


def test_yam_master_bot_completes_five_in_a_row() -> None:
    variant = yamskit.variant("yam-master")
    g = variant.new_game(["A", "B"], seed=1)
    # A holds four cells of row 0; the fifth, (0, 4), is labelled "6".
    g = attrs.evolve(g, board=Board.parse("XXXX./...../OO.../...../....."), supply=(8, 10))
    g = g.apply(Roll(outcome="66612"))
    assert StrongPlayer(variant).choose(g) == yamskit.Place((0, 4))


def test_yam_master_bot_blocks_an_open_four() -> None:
    variant = yamskit.variant("yam-master")
    g = variant.new_game(["A", "B"], seed=1)
    # B threatens row 0 at (0, 4) ("6"); A throws three sixes and blocks it before the turn ends.
    g = attrs.evolve(g, board=Board.parse("OOOO./X..../X..../...../....."), supply=(10, 8))
    g = g.apply(Roll(outcome="66612"))
    bot = StrongPlayer(variant)
    while g.current_player == 0:
        g = g.apply(bot.choose(g))
    assert g.board.owner((0, 4)) == 0


def test_solved_bots_take_a_served_generala_against_opponents_and_play_on_alone() -> None:
    # The solitaire optimum keeps a first-throw 33333 to write it later (the game goes on);
    # with an opponent, writing it wins at once, and the bots that play the solver take it.
    generala = yamskit.variant("generala")
    duel = generala.new_game(players=["A", "B"], seed=1).apply(Roll(outcome="33333"))
    alone = generala.new_game(seed=1).apply(Roll(outcome="33333"))
    for level in ("perfect", "hard"):
        bot = player(generala, level)
        won = bot.choose(duel)
        assert won == Score("generala")
        assert duel.apply(won).result().winners == (0,)
        assert isinstance(bot.choose(alone), Roll)
