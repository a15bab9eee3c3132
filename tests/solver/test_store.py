"""The store solver (saved throws, `yamskit.solver.store`) against the brute-force oracle of store_oracle.py.

The oracle recurses in exact fractions over (filled rows, upper total, store) and reads the
rules through the variant only; the solver's start values must equal it to 1e-12, for capped
stores and for caps that hold every throw the game can save (the real game).
"""

from __future__ import annotations

import pytest

from yamskit import Roll, ScorecardVariant
from yamskit.categories import Category, total, upper
from yamskit.dice import Dice
from yamskit.errors import RuleConfigError, RulesMismatchError
from yamskit.scorecard import UpperBonus
from yamskit.scorecard.game_rules import ServedBonus
from yamskit.solver import StoreStrategy, solve
from yamskit.solver.store import store_model_of

from .store_oracle import oracle_value, outcomes


def _pairs(dice: Dice) -> int:
    """The highest pair's two dice, else 0."""
    best = [f for f in range(1, 7) if dice.faces.count(f) >= 2]
    return 2 * max(best) if best else 0


def _sheets() -> list[tuple[str, ScorecardVariant]]:
    """Small sheets with saved throws: 1 to 3 dice, 2 to 4 boxes, with and without an upper bonus."""
    bonus = UpperBonus.single(10, 12, rows=("fives", "sixes"))
    return [
        (
            "1 die, 3 boxes",
            ScorecardVariant.define("a", rows=[upper(4), upper(5), upper(6)], dice=1, saved_throws=True),
        ),
        (
            "2 dice, 2 boxes",
            ScorecardVariant.define("b", rows=[upper(6), Category("chance", total)], dice=2, saved_throws=True),
        ),
        (
            "2 dice, 4 boxes, bonus, no scratch",
            ScorecardVariant.define(
                "c",
                rows=[upper(5), upper(6), Category("pair", _pairs), Category("chance", total)],
                dice=2,
                bonus=bonus,
                allow_scratch=False,
                saved_throws=True,
            ),
        ),
        (
            "3 dice, 3 boxes, bonus",
            ScorecardVariant.define(
                "d", rows=[upper(5), upper(6), Category("pair", _pairs)], dice=3, bonus=bonus, saved_throws=True
            ),
        ),
        (
            "2 dice, 3 boxes, 2 throws a turn",
            ScorecardVariant.define(
                "e", rows=[upper(6), upper(1), Category("chance", total)], dice=2, max_throws=2, saved_throws=True
            ),
        ),
    ]


SHEETS = _sheets()
#: The sheets as test cases; those whose oracle takes more than a few seconds are marked slow.
CASES = [
    pytest.param(name, variant, id=name, marks=[pytest.mark.slow] if variant.rules.dice == 3 else [])
    for name, variant in SHEETS
]


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_start_values_equal_the_oracle_for_every_cap(name: str, variant: ScorecardVariant) -> None:
    most = store_model_of(variant, store_cap=0).most
    values = []
    caps = range(most + 1) if variant.rules.dice < 3 else (1, most)  # (three dice: the oracle takes seconds a cap)
    for cap in caps:
        strategy = solve(variant, quiet=True, store_cap=cap)
        assert isinstance(strategy, StoreStrategy)
        assert strategy.exact == (cap == most)
        want = float(oracle_value(variant, cap=cap))
        assert strategy.expected_score() == pytest.approx(want, rel=1e-12, abs=1e-12), (name, cap)
        values.append(strategy.expected_score())
    assert values == sorted(values)  # a larger store never loses value
    assert values[-1] == pytest.approx(float(oracle_value(variant)), rel=1e-12)  # the uncapped game
    assert values[0] < values[-1]


@pytest.mark.parametrize(
    ("name", "variant"),
    [CASES[1], pytest.param(*SHEETS[2], id=SHEETS[2][0], marks=pytest.mark.slow)],
)
def test_start_with_a_store_equals_the_oracle(name: str, variant: ScorecardVariant) -> None:
    most = store_model_of(variant, store_cap=0).most
    strategy = solve(variant, quiet=True, store_cap=most)
    for saved in range(most + 1):  # a game begun with a store, whose store is capped at the solver's cap
        want = float(oracle_value(variant, cap=most, store=saved))
        assert strategy.value(0, 0, saved) == pytest.approx(want, rel=1e-12), (name, saved)


def test_a_cap_of_zero_is_the_game_without_saved_throws() -> None:
    for _, variant in SHEETS:
        plain = ScorecardVariant.define(
            "plain",
            rows=variant.rules.rows,
            dice=variant.rules.dice,
            bonus=variant.rules.bonus,
            max_throws=variant.rules.max_throws,
            allow_scratch=variant.rules.allow_scratch,
        )
        assert solve(variant, quiet=True, store_cap=0).expected_score() == pytest.approx(
            solve(plain, quiet=True).expected_score(), rel=1e-13
        )


def test_a_cap_above_the_most_is_lowered_and_exact() -> None:
    _, variant = SHEETS[1]
    strategy = solve(variant, quiet=True, store_cap=50)
    assert strategy.store_cap == 2
    assert strategy.exact
    assert strategy.values.shape[0] == 3


def test_refusals_name_the_rule() -> None:
    _, variant = SHEETS[1]
    with pytest.raises(RuleConfigError, match="saves unused throws"):
        solve(variant, quiet=True)
    plain = ScorecardVariant.define("plain", rows=[upper(6)])
    with pytest.raises(RuleConfigError, match="store_cap is for games with saved throws"):
        solve(plain, quiet=True, store_cap=1)
    with pytest.raises(RuleConfigError, match="whole number"):
        solve(variant, quiet=True, store_cap=-1)
    strategy = solve(variant, quiet=True, store_cap=1)
    with pytest.raises(RuleConfigError, match="scorecard games"):
        strategy.advise("not a game")  # type: ignore[arg-type]
    with pytest.raises(RulesMismatchError):
        strategy.best_action(SHEETS[0][1].new_game(seed=1))
    served = ScorecardVariant.define(
        "served",
        rows=[upper(6), Category("chance", total)],
        dice=2,
        saved_throws=True,
        rules=[ServedBonus(("chance",), 5)],
    )
    with pytest.raises(RuleConfigError, match="served rules or a box that opens later"):
        solve(served, quiet=True, store_cap=1)


def test_maxi_yatzy_caps_are_refused_past_the_memory_limit() -> None:
    import yamskit

    maxi = yamskit.variant("maxi-yatzy")
    assert store_model_of(maxi, store_cap=2).most == 38
    with pytest.raises(RuleConfigError, match="GiB"):
        store_model_of(maxi, store_cap=38)
    # a table a throw of the cap and one more, each 2**20 filled sets x 85 upper totals x 8 bytes
    table = (1 << 20) * 85 * 8
    assert store_model_of(maxi, store_cap=11).store_cap == 11  # 12 tables: 7.97 GiB
    with pytest.raises(RuleConfigError, match=r"capped at 12 .* at most 8\.0 GiB"):
        store_model_of(maxi, store_cap=12)
    assert store_model_of(maxi, store_cap=19, max_bytes=20 * table).store_cap == 19
    with pytest.raises(RuleConfigError, match="max_bytes higher"):
        store_model_of(maxi, store_cap=19, max_bytes=20 * table - 1)


@pytest.mark.parametrize("cap", [1, 2])
def test_advice_after_the_first_throw_averages_to_the_start_value(cap: int) -> None:
    _, variant = SHEETS[1]
    strategy = solve(variant, quiet=True, store_cap=cap)
    game = variant.new_game(seed=1)
    mean = 0.0
    for roll, chance in outcomes(variant.rules.dice):
        after = game.apply(Roll(outcome="".join(map(str, roll))))
        advice = strategy.advise(after)
        assert [value for _, value in advice] == sorted((value for _, value in advice), reverse=True)
        mean += float(chance) * advice[0][1]
    assert mean == pytest.approx(strategy.expected_score(), rel=1e-12)


def test_best_play_spends_and_saves_throws_to_the_end() -> None:
    _, variant = SHEETS[2]
    strategy = solve(variant, quiet=True, store_cap=3)
    game = variant.new_game(seed=7)
    stores = []
    while not game.is_over:
        if not game.turn.has_thrown:
            stores.append(game.turn.saved)
            start = strategy.advise(game)[0][1]
            sheet = game.sheets[0]
            assert start == pytest.approx(
                sum(cell.value for cell in sheet.cells[0]) + strategy.value(*_filled_upper(game), game.turn.saved)
            )
        game = game.apply(strategy.best_action(game))
    assert len(stores) == 4
    assert max(stores) > 0  # the best play saves throws on this seed's game


def _filled_upper(game: object) -> tuple[int, int]:
    cells = game.sheets[0].cells[0]  # type: ignore[attr-defined]
    rows = game.variant.rules.row_ids  # type: ignore[attr-defined]
    filled = sum(1 << i for i, cell in enumerate(cells) if not cell.is_empty)
    upper = sum(cell.value for i, cell in enumerate(cells) if rows[i] in ("fives", "sixes"))
    return filled, upper
