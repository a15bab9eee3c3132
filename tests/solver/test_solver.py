"""The solver against an exact brute-force expectimax, advice, files, and what it refuses."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import yamskit
from yamskit import Roll, Score, ScorecardVariant, Scratch
from yamskit.bots import play
from yamskit.categories import Category, is_five_of_a_kind, is_full_house, is_large_straight, total, upper, when
from yamskit.errors import DeserializationError, RuleConfigError
from yamskit.scorecard import Column, FillPolicy, TurnCondition, UpperBonus
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker, NumberBoxBonus
from yamskit.solver import RulesMismatchError, Strategy, expectimax, solve
from yamskit.solver.reference import BruteForce, exact_value

YAMS = Category("yams", when(is_five_of_a_kind, 50))
LARGE = Category("large_straight", when(is_large_straight, 40))
FULL = Category("full_house", when(is_full_house, 25))
TOLERANCE = 1e-9

SMALL_GAMES = {
    "one_row_three_throws": ScorecardVariant.define("a", rows=[upper(6)]),
    "upper_bonus_two_throws": ScorecardVariant.define(
        "b", rows=[upper(6), YAMS], bonus=UpperBonus.single(18, 10, rows=("sixes",)), max_throws=2
    ),
    "free_joker_and_bonus": ScorecardVariant.define(
        "c",
        rows=[upper(6), YAMS, LARGE],
        bonus=UpperBonus.single(12, 35, rows=("sixes",)),
        rules=[Joker("free"), FiveOfAKindBonus(100)],
        max_throws=1,
    ),
    "seed_joker_and_bonus": ScorecardVariant.define(
        "d", rows=[upper(6), YAMS, LARGE], rules=[Joker("seed"), FiveOfAKindBonus(100)], max_throws=1
    ),
    "no_scratch_two_tiers": ScorecardVariant.define(
        "e",
        rows=[upper(1), FULL],
        bonus=UpperBonus(rows=("ones",), tiers=((3, 10), (4, 20))),
        allow_scratch=False,
        max_throws=2,
    ),
    "bonus_only_three_rows": ScorecardVariant.define(
        "f", rows=[upper(5), YAMS, LARGE], rules=[FiveOfAKindBonus(100)], max_throws=1
    ),
}


@pytest.mark.parametrize("name", sorted(SMALL_GAMES))
def test_solver_equals_exact_brute_force_expectimax_on_small_games(name: str) -> None:
    variant = SMALL_GAMES[name]
    exact = exact_value(variant)
    assert abs(solve(variant, quiet=True).expected_score() - float(exact)) < TOLERANCE


def _forced_variant() -> ScorecardVariant:
    rows = [*(upper(f) for f in range(1, 7)), YAMS, LARGE]
    return ScorecardVariant.define(
        "forced8",
        rows=rows,
        bonus=UpperBonus.single(20, 35),
        rules=[Joker("forced"), FiveOfAKindBonus(100)],
        max_throws=2,
    )


@pytest.fixture(scope="module")
def forced() -> tuple[ScorecardVariant, Strategy]:
    variant = _forced_variant()
    return variant, solve(variant, quiet=True)


def _position(variant: ScorecardVariant, writes: list[tuple[str, str]]) -> yamskit.ScorecardGame:
    game = variant.new_game(seed=5)
    for dice, row in writes:
        game = game.apply(Roll(outcome=dice)).apply(Score(row))
    return game


FORCED_POSITIONS = {
    "yams_scored_fives_open": [
        ("22222", "yams"),
        ("11112", "ones"),
        ("22234", "twos"),
        ("33312", "threes"),
        ("44412", "fours"),
        ("66612", "sixes"),
    ],
    "fives_filled_straight_open": [
        ("33333", "yams"),
        ("11112", "ones"),
        ("22234", "twos"),
        ("33312", "threes"),
        ("44412", "fours"),
        ("55512", "fives"),
    ],
    "yams_crossed_two_open": [
        ("12346", "yams"),
        ("11112", "ones"),
        ("22234", "twos"),
        ("33312", "threes"),
        ("44412", "fours"),
        ("66612", "sixes"),
    ],
    "only_numbers_open": [
        ("55555", "yams"),
        ("12345", "large_straight"),
        ("11112", "ones"),
        ("22234", "twos"),
        ("44412", "fours"),
        ("66612", "sixes"),
    ],
}


@pytest.mark.parametrize("name", sorted(FORCED_POSITIONS))
def test_forced_joker_positions_equal_brute_force(forced: tuple[ScorecardVariant, Strategy], name: str) -> None:
    variant, strategy = forced
    game = _position(variant, FORCED_POSITIONS[name])
    referee = BruteForce()
    assert abs(strategy.expected_score(game) - float(referee.value(game))) < TOLERANCE
    after = game.apply(Roll(outcome="55555"))
    assert abs(strategy.expected_score(after) - float(referee.value(after))) < TOLERANCE
    for option in strategy.advise(after):
        if isinstance(option.action, (Score, Scratch)):
            assert abs(option.expected - float(referee.value(after.apply(option.action)))) < TOLERANCE


@pytest.mark.slow  # 5 to 7 s each
@pytest.mark.parametrize("name", ["yams_scored_fives_open", "yams_crossed_two_open", "fives_filled_straight_open"])
def test_a_number_box_bonus_equals_brute_force(name: str) -> None:
    """Kniffel's bonus (Schmidt's sheet): 50 for a further five of a kind scored in its number row, after any entry."""
    rows = [*(upper(f) for f in range(1, 7)), YAMS, LARGE]
    rules = [Joker("forced"), NumberBoxBonus(50)]
    variant = ScorecardVariant.define("number8", rows=rows, bonus=UpperBonus.single(20, 35), rules=rules, max_throws=2)
    strategy = solve(variant, quiet=True)
    game = _position(variant, FORCED_POSITIONS[name])
    referee = BruteForce()
    assert abs(strategy.expected_score(game) - float(referee.value(game))) < TOLERANCE
    after = game.apply(Roll(outcome="55555"))
    for option in strategy.advise(after):
        if isinstance(option.action, (Score, Scratch)):
            assert abs(option.expected - float(referee.value(after.apply(option.action)))) < TOLERANCE


GERMAN = ("einser", "zweier", "dreier", "vierer", "fuenfer", "sechser")


def test_a_joker_on_a_sheet_with_its_own_row_ids_solves_as_on_classic_ids(
    forced: tuple[ScorecardVariant, Strategy],
) -> None:
    """The solver reads the joker's own number rows (``upper=``), as the game does: ids change nothing."""
    _, strategy = forced
    german = ScorecardVariant.define(
        "forced8-de",
        rows=[*(upper(f, name) for f, name in enumerate(GERMAN, start=1)), Category("kniffel", YAMS.scorer), LARGE],
        bonus=UpperBonus.single(20, 35, rows=GERMAN),
        rules=[Joker("forced", row="kniffel", upper=GERMAN), FiveOfAKindBonus(100, row="kniffel")],
        max_throws=2,
    )
    solved = solve(german, quiet=True)
    assert abs(solved.expected_score() - strategy.expected_score()) < TOLERANCE
    renamed = dict(
        zip(("yams", "ones", "twos", "threes", "fours", "fives", "sixes"), ("kniffel", *GERMAN), strict=True)
    )
    writes = [(dice, renamed.get(row, row)) for dice, row in FORCED_POSITIONS["fives_filled_straight_open"]]
    after = _position(german, writes).apply(Roll(outcome="55555"))
    assert abs(solved.expected_score(after) - float(BruteForce().value(after))) < TOLERANCE


def test_advise_best_option_equals_expected_score(forced: tuple[ScorecardVariant, Strategy]) -> None:
    variant, strategy = forced
    game = _position(variant, FORCED_POSITIONS["fives_filled_straight_open"][:3])
    for outcome in ("66666", "12345", "11223", "33333"):
        state = game.apply(Roll(outcome=outcome))
        for _ in range(3):
            advice = strategy.advise(state)
            assert advice[0].regret == 0.0
            assert abs(advice[0].expected - strategy.expected_score(state)) < TOLERANCE
            assert [a.expected for a in advice] == sorted((a.expected for a in advice), reverse=True)
            assert {a.action for a in advice} == set(state.legal_actions())
            assert all(abs(a.expected + a.regret - advice[0].expected) < TOLERANCE for a in advice)
            rolls = [a.action for a in advice if isinstance(a.action, Roll)]
            if not rolls:
                break
            state = state.apply(Roll(rolls[0].keep, yamskit.Dice.parse("6" * (5 - len(rolls[0].keep)))))
    start = strategy.advise(game)
    assert len(start) == 1
    assert abs(start[0].expected - strategy.expected_score(game)) < TOLERANCE


def test_turn_start_value_is_the_mean_over_the_first_throw(forced: tuple[ScorecardVariant, Strategy]) -> None:
    variant, strategy = forced
    game = _position(variant, FORCED_POSITIONS["yams_scored_fives_open"][:2])
    mean = sum(
        (p * Fraction(strategy.expected_score(game.apply(Roll(outcome=str(d))))) for d, p in game.outcomes()),
        Fraction(0),
    )
    assert abs(float(mean) - strategy.expected_score(game)) < TOLERANCE


def test_finished_game_expected_score_is_its_score(forced: tuple[ScorecardVariant, Strategy]) -> None:
    variant, strategy = forced
    game = play(variant.new_game(seed=3), [yamskit.RandomPlayer(seed=1)])
    assert strategy.expected_score(game) == game.result().scores[0]
    assert strategy.advise(game) == ()


def test_save_and_load_round_trip(tmp_path, forced: tuple[ScorecardVariant, Strategy]) -> None:
    variant, strategy = forced
    path = tmp_path / "forced.npz"
    strategy.save(path)
    loaded = Strategy.load(path, variant)
    assert np.array_equal(loaded.values, strategy.values, equal_nan=True)
    assert loaded.expected_score() == strategy.expected_score()


def test_loading_a_table_for_other_rules_fails_clearly(tmp_path, forced: tuple[ScorecardVariant, Strategy]) -> None:
    _variant, strategy = forced
    path = tmp_path / "forced.npz"
    strategy.save(path)
    other = ScorecardVariant.define(
        "forced8", rows=[*(upper(f) for f in range(1, 7)), YAMS, LARGE], bonus=UpperBonus.single(20, 35), max_throws=2
    )
    with pytest.raises(RulesMismatchError, match="other rules"):
        Strategy.load(path, other)
    with pytest.raises(RulesMismatchError):
        strategy.expected_score(other.new_game(seed=1))


def test_loading_a_file_that_is_not_a_strategy_fails(tmp_path) -> None:
    path = tmp_path / "nothing.npz"
    path.write_bytes(b"not a table")
    with pytest.raises(DeserializationError):
        Strategy.load(path, SMALL_GAMES["one_row_three_throws"])


def test_loading_another_format_version_fails(tmp_path) -> None:
    variant = SMALL_GAMES["one_row_three_throws"]
    path = tmp_path / "old.npz"
    strategy = solve(variant, quiet=True)
    with open(path, "wb") as out:
        np.savez(
            out,
            values=strategy.values,
            format=np.array(0),
            fingerprint=np.array(strategy.model.fingerprint),
            variant=np.array("{}"),
        )
    with pytest.raises(DeserializationError, match="format 0"):
        Strategy.load(path, variant)


def test_parallel_solve_is_bit_identical_to_serial(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = _forced_variant()
    serial = solve(variant, quiet=True, processes=1).values
    monkeypatch.setattr(expectimax, "PARALLEL_MIN", 0)
    parallel = solve(variant, quiet=True, processes=2).values
    assert np.array_equal(serial, parallel, equal_nan=True)


def test_progress_callback_reaches_every_state() -> None:
    seen: list[tuple[int, int]] = []
    solve(SMALL_GAMES["upper_bonus_two_throws"], quiet=True, progress=lambda done, total: seen.append((done, total)))
    assert seen
    assert seen[-1][0] == seen[-1][1]


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        (ScorecardVariant.define("x", rows=[upper(6)], columns=[Column("a"), Column("b")]), "2 columns"),
        (ScorecardVariant.define("x", rows=[upper(6)], columns=[Column("a", FillPolicy.down())]), "top to bottom"),
        (ScorecardVariant.define("x", rows=[upper(6)], columns=[Column("a", condition=TurnCondition.dry())]), "dry"),
        (ScorecardVariant.define("x", rows=[upper(6)], rules=[lambda game, p: p]), "placement rule"),
        (ScorecardVariant.define("x", rows=[upper(6), YAMS], rules=[Joker("forced")]), "six number rows"),
        (ScorecardVariant.define("x", rows=[upper(6)], result=lambda game: None), "its own function"),
        (ScorecardVariant.define("x", rows=[Category(f"c{i}", total) for i in range(21)]), "21 rows.*at most 20"),
        (
            ScorecardVariant.define(
                "x",
                rows=[*(upper(f) for f in range(1, 7)), *(Category(f"c{i}", total) for i in range(14))],
                bonus=UpperBonus.single(1000, 50),
            ),
            "20 rows and bonus threshold 1000",
        ),
        (yamskit.variant("maxi-yatzy"), "saves unused throws"),
    ],
)
def test_unsupported_variants_are_refused_with_a_clear_error(variant: ScorecardVariant, message: str) -> None:
    with pytest.raises(RuleConfigError, match=message):
        solve(variant, quiet=True)


def test_non_scorecard_variants_are_refused() -> None:
    with pytest.raises(RuleConfigError, match="scorecard"):
        solve(object(), quiet=True)  # type: ignore[arg-type]


def test_classic_strategy_table_is_small() -> None:
    from yamskit.solver.model import model_of
    from yamskit.solver.space import StateSpace

    space = StateSpace.of(model_of(yamskit.variant("yahtzee")))
    assert np.prod(space.shape) * 8 < 100e6
    assert space.count == 359_616


def test_core_does_not_import_numpy_and_the_solver_says_how_to_get_it() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import yamskit, yamskit.bots\n"
        "assert 'numpy' not in sys.modules, 'the core imported numpy'\n"
        "sys.modules['numpy'] = None\n"
        "try:\n"
        "    import yamskit.solver\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "yamskit.solver needs numpy" in out
    assert "pip install numpy" in out


def test_progress_bar_falls_back_to_plain_lines_without_rich(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "rich.progress", None)
    solve(SMALL_GAMES["one_row_three_throws"], quiet=False)
    assert "states" in capsys.readouterr().err


def test_progress_bar_is_silent_when_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    solve(SMALL_GAMES["one_row_three_throws"], quiet=True)
    assert capsys.readouterr().err == ""


def test_advice_is_for_the_player_to_move_in_a_game_of_two(forced: tuple[ScorecardVariant, Strategy]) -> None:
    variant, strategy = forced
    game = variant.new_game(players=["Ann", "Bob"], seed=2)
    game = game.apply(Roll(outcome="55555")).apply(Score("yams"))
    assert game.current_player == 1
    assert strategy.expected_score(game) == strategy.expected_score()
    game = game.apply(Roll(outcome="12345")).apply(Score("large_straight"))
    assert abs(strategy.expected_score(game) - (50 + strategy.values[1 << 6, 1, 0])) < TOLERANCE


def test_a_table_of_a_registered_variant_loads_without_naming_it(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    import yamskit.solver.strategy as strategy_module

    variant = yamskit.variant("classic", joker="free")
    model = strategy_module.model_of(variant)
    fake = Strategy(variant, model, np.zeros((1 << 13, 1, 64)))
    path = tmp_path / "classic.npz"
    fake.save(path)
    loaded = Strategy.load(path)
    assert loaded.variant == variant
    unnamed = Strategy(None, model, fake.values)
    unnamed.save(tmp_path / "unnamed.npz")
    with pytest.raises(DeserializationError, match="pass the variant"):
        Strategy.load(tmp_path / "unnamed.npz")
