"""GreedyPlayer and OptimalPlayer: legal, complete games on every variant they meet; sensible choices."""

from __future__ import annotations

import pytest

import yamskit
from yamskit import Dice, Roll, Score, ScorecardVariant
from yamskit.bots import GreedyPlayer, OptimalPlayer, RandomPlayer, greedy_keep_values, play
from yamskit.categories import Category, is_five_of_a_kind, total, upper, when
from yamskit.dice import KEEPS, outcome_probabilities
from yamskit.scorecard import UpperBonus
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker
from yamskit.solver import simulate, solve


def test_greedy_keep_values_are_scaled_exact_expectations() -> None:
    v = yamskit.variant("classic")
    rows = [v.category("sixes"), v.category("chance")]
    values = greedy_keep_values(rows)
    for keep in (Dice.parse(""), Dice.parse("66"), Dice.parse("1234")):
        rest = 5 - len(keep)
        expected = sum(p * max(r.score(keep + d) for r in rows) for d, p in outcome_probabilities(rest))
        assert values[KEEPS.index(keep)] == expected * 6**5


def test_greedy_keeps_the_dice_that_promise_the_best_box() -> None:
    g = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome="66612"))
    assert GreedyPlayer().choose(g) == Roll(Dice.parse("666"))


def test_greedy_stops_and_writes_the_best_box_when_the_dice_are_made() -> None:
    g = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome="66666"))
    assert GreedyPlayer().choose(g) == Score("yams")


def test_greedy_writes_a_zero_in_the_cheapest_box() -> None:
    v = ScorecardVariant.define("v", rows=[upper(6), upper(1), Category("yams", when(is_five_of_a_kind, 50))])
    g = v.new_game(seed=1).apply(Roll(outcome="22345")).apply(Roll(Dice.parse("22345"), Dice()))
    g = g.apply(Roll(Dice.parse("22345"), Dice()))
    assert GreedyPlayer().choose(g) == Score("ones")


def test_greedy_uses_the_joker_value_when_writing() -> None:
    g = yamskit.variant("yahtzee").new_game(seed=1)
    for dice, row in [("44444", "yams"), ("44123", "fours")]:
        g = g.apply(Roll(outcome=dice)).apply(Score(row))
    g = g.apply(Roll(outcome="44444"))
    g = g.apply(Roll(Dice.parse("44444"), Dice())).apply(Roll(Dice.parse("44444"), Dice()))
    assert GreedyPlayer().choose(g) == Score("large_straight")


@pytest.mark.parametrize("name", ["classic", "yahtzee"])
def test_greedy_games_are_complete_and_beat_random_play(name: str) -> None:
    v = yamskit.variant(name)
    greedy = [play(v.new_game(seed=s), [GreedyPlayer()]).result().scores[0] for s in range(6)]
    randoms = [play(v.new_game(seed=s), [RandomPlayer(seed=s)]).result().scores[0] for s in range(6)]
    assert sum(greedy) > sum(randoms)


def test_greedy_plays_every_registered_variant_to_the_end() -> None:
    for name in yamskit.variant_names():
        v = yamskit.variant(name)
        low = v.rules.players[0] if hasattr(v, "rules") and hasattr(v.rules, "players") else 2
        players = [f"P{i}" for i in range(max(2, low))]
        try:
            game = v.new_game(players=players, seed=2)
        except yamskit.YamskitError:
            game = v.new_game(players=players[:1], seed=2)
        final = play(game, [GreedyPlayer()] * len(game.players), max_actions=20_000)
        assert final.is_over


def test_greedy_matches_the_batch_greedy_policy_on_average() -> None:
    v = yamskit.variant("classic")
    players = [play(v.new_game(seed=s), [GreedyPlayer()]).result().scores[0] for s in range(40)]
    batch = simulate(v, 20_000, bot="greedy", seed=3)
    mean = sum(players) / len(players)
    sd = (sum((x - mean) ** 2 for x in players) / (len(players) - 1)) ** 0.5
    assert abs(mean - batch.mean) < 4 * sd / len(players) ** 0.5 + 4 * batch.stderr


@pytest.fixture(scope="module")
def small() -> tuple[ScorecardVariant, object]:
    v = ScorecardVariant.define(
        "small",
        rows=[upper(4), upper(5), upper(6), Category("yams", when(is_five_of_a_kind, 50)), Category("chance", total)],
        bonus=UpperBonus.single(40, 35, rows=("fours", "fives", "sixes")),
        rules=[Joker("free"), FiveOfAKindBonus(100)],
    )
    return v, solve(v, quiet=True)


def test_optimal_player_takes_the_advised_best_option(small: tuple[ScorecardVariant, object]) -> None:
    v, strategy = small
    g = v.new_game(seed=4).apply(Roll(outcome="66612"))
    assert OptimalPlayer(strategy).choose(g) == strategy.advise(g)[0].action  # type: ignore[attr-defined]


def test_optimal_player_mean_is_within_three_standard_errors_of_the_expected_score(
    small: tuple[ScorecardVariant, object],
) -> None:
    v, strategy = small
    games = [play(v.new_game(seed=s), [OptimalPlayer(strategy)]).result().scores[0] for s in range(60)]
    mean = sum(games) / len(games)
    sd = (sum((x - mean) ** 2 for x in games) / (len(games) - 1)) ** 0.5
    expected = strategy.expected_score()  # type: ignore[attr-defined]
    assert abs(mean - expected) < 3 * sd / len(games) ** 0.5 + 1e-9


def test_optimal_player_beats_greedy(small: tuple[ScorecardVariant, object]) -> None:
    v, strategy = small
    optimal = simulate(v, 20_000, bot=strategy, seed=1)  # type: ignore[arg-type]
    greedy = simulate(v, 20_000, bot="greedy", seed=1)
    assert optimal.mean > greedy.mean


@pytest.mark.parametrize("name", ["yahtzee", "classic"])
def test_greedy_player_and_batch_greedy_policy_make_the_same_game_from_the_same_dice(name: str) -> None:
    import numpy as np

    from yamskit.solver import batch
    from yamskit.solver.model import model_of

    variant = yamskit.variant(name)
    model = model_of(variant)
    rng = np.random.Generator(np.random.PCG64(8))
    for _game in range(4):
        g = batch._Games.start(model, 1)
        game = variant.new_game(seed=1)
        for _turn in range(len(variant.rows)):
            faces = rng.integers(0, 6, size=(1, 3, 5), dtype=np.int8)
            if rng.random() < 0.3:  # now and then a five of a kind, for the joker rules
                faces[0, 0, :] = faces[0, 0, 0]
            batch._greedy_turn(g, np.array([0]), batch._codes(faces))
            game = game.apply(Roll(outcome=Dice.of(*(int(f) + 1 for f in faces[0, 0]))))
            throw = 1
            while True:
                action = GreedyPlayer().choose(game)
                if not isinstance(action, Roll):
                    game = game.apply(action)
                    break
                thrown = faces[0, throw, : 5 - len(action.keep)]
                game = game.apply(Roll(action.keep, Dice.of(*(int(f) + 1 for f in thrown))))
                throw += 1
            cells = game.sheets[0].cells[0]
            assert [c.value for c in cells] == g.points[0].tolist()
            assert [not c.is_empty for c in cells] == [bool(g.filled[0] >> i & 1) for i in range(len(cells))]
            assert game.sheets[0].extra == g.extra[0]
