"""The yahtzee preset as played: its name, its upper bonus and its forced joker."""

from __future__ import annotations

import attrs
import pytest

import yamskit
from yamskit import Cell, JokerRuleError, Roll, Score, ScorecardGame

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")


def _with(game: ScorecardGame, cells: dict[str, int]) -> ScorecardGame:
    sheet = game.sheets[0]
    for row, points in cells.items():
        sheet = sheet.with_cell(game.rules.row_index(row), 0, Cell(points=points))
    return attrs.evolve(game, sheets=(sheet, *game.sheets[1:]))


def test_the_yahtzee_preset_is_named_and_described_as_yahtzee() -> None:
    v = yamskit.variant("yahtzee")
    assert v.name == "yahtzee"
    assert v.describe().startswith("yahtzee: 13 rows x 1 column(s)")
    assert "preset of classic with joker='forced' and yams_bonus=100" in v.describe()
    assert "bonus: 35 when the number boxes total 63 or more" in v.describe()
    game = v.new_game(seed=1)
    assert yamskit.load_game(game.to_json()).variant == v


def test_yahtzee_rules_text_names_its_fixed_options() -> None:
    text = yamskit.variant("yahtzee").describe()
    options = next(line for line in text.splitlines() if line.startswith("Options: "))
    assert "joker='forced'" in options
    assert "yams_bonus=100" in options


@pytest.mark.parametrize("name", ["classic", "yahtzee"])
@pytest.mark.parametrize(("upper", "bonus"), [(62, 0), (63, 35), (64, 35)])
def test_the_upper_bonus_is_35_from_63(name: str, upper: int, bonus: int) -> None:
    v = yamskit.variant(name)
    values = dict(zip(UPPER, (3, 6, 9, 12, 15, 18), strict=True))  # 63
    values["ones"] += upper - 63
    game = _with(v.new_game(seed=1), values).apply(Roll(outcome="12346")).apply(Score("chance"))
    assert game.result().scores == (upper + 16 + bonus,)


def test_the_yahtzee_preset_forces_a_further_yahtzee_into_its_number_box() -> None:
    v = yamskit.variant("yahtzee")
    game = _with(v.new_game(seed=1), {"yams": 50}).apply(Roll(outcome="22222"))
    assert not game.is_legal(Score("chance"))
    with pytest.raises(JokerRuleError, match="must go in 'twos'"):
        game.apply(Score("chance"))
    after = game.apply(Score("twos"))
    assert (after.cell(0, "twos", "main"), after.sheets[0].extra) == (Cell(points=10), 100)


def test_competitive_options_are_recorded_so_saves_rebuild_the_same_variant() -> None:
    given = {"down": 8, "free": 10, "up": 12, "mid": 14, "turbo": 16, "connected": 18}
    v = yamskit.variant("competitive", mode="2v2", coefficients=given, four_of_a_kind="all_dice")
    assert v.options == {"mode": "2v2", "coefficients": given, "four_of_a_kind": "all_dice"}
    assert yamskit.variant("competitive").options == {
        "mode": "1v1",
        "coefficients": None,
        "four_of_a_kind": "four_dice",
    }
    game = v.new_game(players=["A", "B", "C", "D"], seed=1)
    assert yamskit.load_game(game.to_json()).variant == v
    assert not v.rules.allow_scratch
    assert "golden rule" in v.describe()


def test_challenge_pays_30_per_column_from_60_and_describes_its_rulings() -> None:
    from yamskit.scorecard import UpperBonus

    v = yamskit.variant("challenge")
    assert v.rules.bonus == UpperBonus.single(60, 30)
    assert "plus must be greater than minus" in v.describe()


def test_classic_records_its_name_and_options() -> None:
    v = yamskit.variant("classic", joker="seed", yams_bonus=100)
    assert (v.name, v.options) == ("classic", {"joker": "seed", "yams_bonus": 100})
    assert "five of a kind is not a full house" in v.describe()
    assert yamskit.load_game(v.new_game(seed=1).to_json()).variant == v


def test_an_unknown_competitive_mode_is_refused_by_name() -> None:
    with pytest.raises(yamskit.RuleConfigError, match=r"mode must be '1v1', '1v1v1' or '2v2', not '3v3'"):
        yamskit.variant("competitive", mode="3v3")


def test_competitive_teams_are_named_in_the_result() -> None:
    game = yamskit.variant("competitive", mode="2v2").new_game(players=["A", "B", "C", "D"], seed=1)
    teams = game.result().details["teams"]
    assert teams == [
        {"players": [0, 2], "names": ["A", "C"], "score": 0},
        {"players": [1, 3], "names": ["B", "D"], "score": 0},
    ]
