"""The exact solver plays Kniffel: Schmidt's number-box bonus in its model, Yahtzee's optimum under Hasbro's reading."""

from __future__ import annotations

import pytest

import yamskit
import yamskit.bots
from yamskit import RuleConfigError, Score
from yamskit.scorecard.house_rules import Joker, NumberBoxBonus
from yamskit.solver import solve
from yamskit.solver.batch import simulate
from yamskit.solver.model import model_of
from yamskit.variants.kniffel import BONUS, NUMBER_ROWS, ROWS

#: Our solver's optimum of Schmidt's rules (no published figure found to compare it with; docs/rules/kniffel.md).
SCHMIDT_OPTIMUM = 251.4900675996


def test_the_model_reads_schmidts_bonus_beside_its_forced_joker() -> None:
    model = model_of(yamskit.variant("kniffel"))
    assert (model.joker, model.five_bonus, model.number_bonus, model.rows[model.flag_row]) == (
        "forced",
        0,
        50,
        "kniffel",
    )
    assert not model.needs_flag  # an entry of 0 in the Kniffel box counts too: no flag to track
    assert model.fingerprint != model_of(yamskit.variant("kniffel", kniffel_bonus=0)).fingerprint


@pytest.mark.parametrize("joker", ["free", "seed", None])
def test_a_number_box_bonus_without_a_forced_joker_is_refused_by_name(joker: str | None) -> None:
    rules = [NumberBoxBonus(50, row="kniffel", upper=NUMBER_ROWS)]
    if joker is not None:
        rules.insert(0, Joker(joker, row="kniffel", upper=NUMBER_ROWS))  # type: ignore[arg-type]
    variant = yamskit.ScorecardVariant.define("schmidt-" + str(joker), rows=ROWS, bonus=BONUS, rules=rules)
    with pytest.raises(RuleConfigError, match=r"NumberBoxBonus\(.*needs a forced joker on the same number rows"):
        model_of(variant)
    with pytest.raises(RuleConfigError, match=r"no 'perfect' level .* needs a forced joker"):
        yamskit.bots.player(variant, "perfect")


@pytest.mark.slow
def test_schmidts_optimum_and_the_optimal_batch_agree_and_the_optimal_player_takes_the_bonus() -> None:
    variant = yamskit.variant("kniffel")
    strategy = solve(variant, quiet=True)
    assert abs(strategy.expected_score() - SCHMIDT_OPTIMUM) < 1e-7
    played = simulate(variant, 100_000, bot=strategy, seed=3, processes=1)
    assert abs(played.mean - SCHMIDT_OPTIMUM) < 4 * played.stderr
    assert played.extra_mean > 0
    game = variant.new_game(players=["Anna"], seed=1)
    game = game.apply(yamskit.Roll(outcome="55555")).apply(Score("kniffel")).apply(yamskit.Roll(outcome="55555"))
    assert strategy.best_action(game) == Score("fuenfer")
    assert game.apply(Score("fuenfer")).sheets[0].extra == 50
