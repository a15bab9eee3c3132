"""The bonus factor of the sheet view: how an open number row counts toward the upper bonus.

What it computes is checked here; which factor plays best is measured by
benchmarks/bonus_factor.py (docs/performance.md), not here.
"""

from __future__ import annotations

import numpy as np
import pytest

import yamskit
from yamskit.actions import Roll, Score
from yamskit.bots import StrongPlayer
from yamskit.bots.sheet import ONE_COLUMN_BONUS_FACTOR, SheetView, bonus_factor_of, choose_on_sheet
from yamskit.dice import Dice


def _maxi_last_throw(outcome: str) -> yamskit.GameState:
    """Maxi Yatzy, the first turn's third throw shows ``outcome`` (its first four dice kept twice)."""
    g = yamskit.variant("maxi-yatzy").new_game(seed=1).apply(Roll(outcome=outcome))
    kept = Dice.parse(outcome[:4])
    g = g.apply(Roll(keep=kept, outcome=outcome[4:])).apply(Roll(keep=kept, outcome=outcome[4:]))
    assert g.turn.throws_left == 0
    return g


def test_the_factor_scales_the_open_number_rows_in_the_bonus_and_nothing_else() -> None:
    g = _maxi_last_throw("444412")
    one, more = SheetView.of(g), SheetView.of(g, bonus_factor=1.3)
    assert (one.bonus_factor, more.bonus_factor) == (1.0, 1.3)
    assert np.array_equal(one.worth, more.worth)
    assert np.array_equal(one.tables, more.tables)
    upper = [one.rules.row_index(r) for r in ("ones", "twos", "threes", "fours", "fives", "sixes")]
    extra = 0.3 * sum(float(one.worth[r, 0]) for r in upper)
    for total in (0.0, 20.0, 40.0):
        # the open rows count 1.3 times their worth: as 0.3 of it written already at factor 1
        assert more.expected_bonus(0, total, upper) == pytest.approx(one.expected_bonus(0, total + extra, upper))
    # what is written alone does not depend on the factor
    assert one.expected_bonus(0, 84, ()) == more.expected_bonus(0, 84, ()) == 100.0
    assert one.expected_bonus(0, 83, ()) == more.expected_bonus(0, 83, ()) == 0.0
    # nor does a box outside the bonus
    chance = one.rules.row_index("chance")
    points = np.array([10.0, 20.0, 30.0])
    assert np.allclose(one.gain_of(chance, 0, points), more.gain_of(chance, 0, points))


def test_one_column_sheets_take_the_fitted_factor_and_sheets_of_several_columns_one() -> None:
    assert ONE_COLUMN_BONUS_FACTOR > 1.0
    for name in ("maxi-yatzy", "classic", "crag"):
        assert bonus_factor_of(yamskit.variant(name).rules) == ONE_COLUMN_BONUS_FACTOR
    for name in ("challenge", "competitive"):
        assert bonus_factor_of(yamskit.variant(name).rules) == 1.0


def test_the_hard_bot_of_a_six_dice_sheet_prices_its_bonus_with_the_factor() -> None:
    g = _maxi_last_throw("444412")  # four 4s: 16 in fours is the bonus's par of four dice a face
    # at factor 1 the bonus looks out of reach and four of a kind pays the same 16
    assert choose_on_sheet(g, depth=3, bonus_factor=1.0) == Score("four_of_a_kind")
    assert choose_on_sheet(g, depth=3, bonus_factor=ONE_COLUMN_BONUS_FACTOR) == Score("fours")
    # the turn's cached view is not reused for another factor
    assert choose_on_sheet(g, depth=3, bonus_factor=1.0) == Score("four_of_a_kind")
    hard = StrongPlayer(g.variant, time_budget=0.0)
    assert hard.choose(g) == Score("fours")
    for outcome in ("666612", "555123", "666655", "111123"):
        h = yamskit.variant("maxi-yatzy").new_game(seed=2).apply(Roll(outcome=outcome))
        assert hard.choose(h) == choose_on_sheet(h, depth=3, bonus_factor=ONE_COLUMN_BONUS_FACTOR)


def test_a_sheet_of_several_columns_plays_as_before() -> None:
    g = yamskit.variant("challenge").new_game(seed=1).apply(Roll(outcome="44441"))
    hard = StrongPlayer(g.variant, time_budget=0.0)
    assert hard.choose(g) == choose_on_sheet(g, depth=3, bonus_factor=1.0)


def test_the_sweep_script_plays_each_factor_as_the_sheet_view_does(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.benchmark_scripts import BENCHMARKS, benchmark_script

    if not (BENCHMARKS / "bonus_factor.py").is_file():
        pytest.skip("no benchmarks/ here (the source distribution does not carry it)")
    with benchmark_script("bonus_factor.py", neighbours=("worth_factor",)) as script:
        variant = yamskit.variant("maxi-yatzy", saved_throws=False)
        game = yamskit.play(variant.new_game(["A"], seed=5), [script.WithFactor(ONE_COLUMN_BONUS_FACTOR)])
        assert script.one_game((ONE_COLUMN_BONUS_FACTOR, False, 5)) == game.result().scores[0]
        assert script.main(["--games", "2", "--factors", "1.3"]) == 0
        maxi = capsys.readouterr().out
        challenge = yamskit.play(yamskit.variant("challenge").new_game(["A"], seed=5), [script.WithFactor(1.0)])
        assert script.one_game((1.0, None, 5)) == challenge.result().scores[0]
        assert script.main(["--games", "2", "--factors", "1.0", "--challenge"]) == 0
        alone = capsys.readouterr().out
    assert "| medium level |" in maxi
    assert "| factor 1.30 |" in maxi
    assert "| optimum (solver) | 394.56 | at least 496.63 |" in maxi
    assert "Yams Challenge alone" in alone
    assert "| factor 1.00 |" in alone
    assert "optimum" not in alone
