"""The solver's tables of every dice count, and whole sheets of three and six dice: solved, played, simulated."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import yamskit
from yamskit import Dice, Roll, ScorecardVariant
from yamskit.bots import OptimalPlayer, player
from yamskit.categories import Category, total, upper
from yamskit.dice import dice_tables
from yamskit.errors import InvalidDiceError
from yamskit.scorecard import UpperBonus
from yamskit.solver import simulate, solve
from yamskit.solver.advice import ranked, render_advice
from yamskit.solver.expectimax import best_keeps, keep_values
from yamskit.solver.model import model_of
from yamskit.solver.tables import solver_tables


@pytest.mark.parametrize("count", range(1, 9))
def test_tables_index_the_cores_dice(count: int) -> None:
    t = solver_tables(count)
    core = dice_tables(count)
    assert t is solver_tables(count)
    assert t.dice is core
    assert (t.num_rolls, t.num_keeps) == (math.comb(count + 5, 5), math.comb(count + 6, 6))
    assert [tuple(c) for c in t.counts] == [r.counts for r in core.rolls]
    assert [int(s) for s in t.keep_sizes] == [len(k) for k in core.keeps]
    for k in range(0, t.size_slices[count].start, 7):  # a keep plus one die of each face
        for face in range(1, 7):
            assert core.keeps[t.children[k, face - 1]].faces == tuple(sorted((*core.keeps[k].faces, face)))
    for r in range(0, t.num_rolls, 5):
        assert tuple(t.roll_keeps[r, : t.roll_keep_counts[r]]) == core.sub_keeps[r]
    exact = {d.faces: p for d, p in core.outcomes(count)}
    assert sum(exact.values()) == 1
    assert all(float(exact[r.faces]) == t.roll_probabilities[i] for i, r in enumerate(core.rolls))
    assert [core.rolls[i].faces for i in t.all_of_a_kind] == [(f,) * count for f in range(1, 7)]
    assert sorted(t.work_order.tolist()) == list(range(t.num_keeps))


def test_tables_refuse_other_counts() -> None:
    with pytest.raises(InvalidDiceError):
        solver_tables(9)


def test_keep_values_and_best_keeps_of_two_dice() -> None:
    """Chance with two dice: keeping nothing and throwing both is 7; a 66 is best kept whole."""
    t = solver_tables(2)
    rolls = t.counts @ np.arange(1, 7, dtype=np.float64)  # the sum of each roll
    keeps = keep_values(rolls[:, None], dice=t)
    assert keeps.shape == (28, 1)
    assert keeps[0, 0] == 7.0
    assert keeps[t.keep_of((6,)), 0] == 9.5
    best = best_keeps(keeps, dice=t)
    assert best[t.roll_of((1, 6)), 0] == 9.5
    assert best[t.roll_of((6, 6)), 0] == 12.0


# ---------------------------------------------------------------------------- a three-dice sheet (Crag-like)
def _crag_rows() -> list[Category]:
    def counts(d: Dice) -> list[int]:
        return sorted(Counter(d.faces).values())

    return [
        *(upper(face) for face in range(1, 7)),
        Category("crag", lambda d: 50 if d.total == 13 and counts(d) == [1, 2] else 0),
        Category("thirteen", lambda d: 26 if d.total == 13 else 0),
        Category("three_of_a_kind", lambda d: 25 if counts(d) == [3] else 0),
        Category("low_straight", lambda d: 20 if d.faces == (1, 2, 3) else 0),
        Category("high_straight", lambda d: 20 if d.faces == (4, 5, 6) else 0),
    ]


CRAG = ScorecardVariant.define("crag_like", rows=_crag_rows(), dice=3, max_throws=2)
SIX = ScorecardVariant.define(
    "six_dice",
    rows=[
        *(upper(face) for face in range(1, 7)),
        Category("six_of_a_kind", lambda d: 100 if len(set(d.faces)) == 1 else 0),
        Category("chance", total),
    ],
    bonus=UpperBonus.single(84, 50),
    dice=6,
)


@pytest.mark.parametrize("variant", [CRAG, SIX], ids=["crag_like", "six_dice"])
def test_sheet_solves_plays_and_simulates(variant: ScorecardVariant) -> None:
    strategy = solve(variant, quiet=True)
    expected = strategy.expected_score()
    assert strategy.model.dice.count == variant.rules.dice
    assert 0 < expected < sum(max(t) for t in variant.rules.row_tables) + 50
    # the perfect player: every move the strategy's best, every game legal to the end
    bot = OptimalPlayer(strategy)
    finals = []
    for seed in range(3):
        game = variant.new_game(seed=seed)
        while not game.is_over:
            game = game.apply(bot.choose(game))
        finals.append(game.result().scores[0])
    assert all(score >= 0 for score in finals)
    # the batch simulation of the optimal policy agrees with the expected score
    batch = simulate(variant, 2000, bot=strategy, seed=5, processes=1)
    assert batch.games == 2000
    assert abs(batch.mean - expected) < 4 * batch.stderr, (batch.mean, batch.stderr, expected)
    again = simulate(variant, 2000, bot=strategy, seed=5, processes=1)
    assert (again.scores == batch.scores).all()
    # the other batch policies run on the same dice codes and score less
    assert simulate(variant, 300, bot="greedy", seed=1).mean < expected + 4 * batch.stdev
    assert simulate(variant, 300, bot="random", seed=1).mean < expected


def test_advice_inside_a_six_dice_turn() -> None:
    strategy = solve(SIX, quiet=True)
    game = SIX.new_game(seed=1).apply(Roll(outcome="666612"))
    options = ranked(strategy, game)
    best = options[0]
    assert isinstance(best.action, Roll)
    assert best.action.keep == Dice.parse("6666")
    assert best.expected == pytest.approx(strategy.expected_score(game))
    assert "dice 126666" in render_advice(game, options)
    # inside the turn: the value of a roll is its best option's
    later = game.apply(Roll("6666", "66"))  # keep 6666, the two thrown show 66
    assert strategy.expected_score(later) == pytest.approx(max(a.expected for a in strategy.advise(later)))
    assert strategy.best_action(later) == yamskit.Score("six_of_a_kind")


def test_model_fingerprints_tell_dice_counts_apart() -> None:
    rows = [upper(6), Category("chance", total)]
    prints = {model_of(ScorecardVariant.define("d", rows=rows, dice=n)).fingerprint for n in range(1, 9)}
    assert len(prints) == 8
    five = model_of(ScorecardVariant.define("d", rows=rows))
    assert five.dice is solver_tables(5)
    assert five.tables.shape == (2, 252)


def test_one_die_sixes_exactly() -> None:
    """One die, sixes, three throws: keep a six or throw again: 6 * (1 - (5/6)**3)."""
    one = ScorecardVariant.define("one_die", rows=[upper(6)], dice=1)
    assert solve(one, quiet=True).expected_score() == pytest.approx(float(6 * (1 - Fraction(5, 6) ** 3)), abs=1e-12)


def test_perfect_level_of_the_bots_when_it_takes_any_dice_count() -> None:
    """`yamskit.bots.player(v, "perfect")` plays through the solver where the bots module allows the count."""
    try:
        bot = player(CRAG, "perfect")
    except yamskit.errors.RuleConfigError as error:  # the bots still refusing other counts (another change)
        refused = str(error)
    else:
        refused = ""
    if refused:
        assert "dice" in refused
        return
    game = CRAG.new_game(seed=2)
    while not game.is_over:
        game = game.apply(bot.choose(game))
    assert game.is_over
