"""Classic's joker and Yams bonus, on every face and every relevant sheet, as written.

For each joker reading (none, free, forced, seed) and each Yams bonus, a five of a kind
of every face is played into every open box of a set of sheets that covers what the rules
look at: the Yams box (empty, 50, crossed out), the matching number box (open or filled)
and the lower boxes (all open, only one open, none open). What is legal, what is written
and the bonus paid are compared with the rulings, restated below from RULINGS.md.
"""

from __future__ import annotations

import itertools

import attrs
import pytest

import yamskit
from yamskit import Cell, JokerRuleError, Roll, Score, ScorecardGame, Scratch
from yamskit.scorecard import SCRATCHED
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker, joker_value

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER = ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "yams", "chance")
FULL_VALUE = {"full_house": 25, "small_straight": 30, "large_straight": 40}
#: Lower boxes other than yams that are filled (with 1 point, an arbitrary placeholder) before the throw.
LOWER_PATTERNS = {
    "all_open": (),
    "only_full_house_open": ("three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight", "chance"),
    "none_open": ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "chance"),
}
YAMS_BOX = {"empty": None, "fifty": Cell(points=50), "crossed": SCRATCHED}


def _sheet(game: ScorecardGame, cells: dict[str, Cell]) -> ScorecardGame:
    sheet = game.sheets[0]
    for row, cell in cells.items():
        sheet = sheet.with_cell(game.rules.row_index(row), 0, cell)
    return attrs.evolve(game, sheets=(sheet,))


def _expected(
    joker: str | None, bonus: int, face: int, yams: str, matching_filled: bool, row: str, open_lower: list[str]
):
    """(legal, points written, bonus paid) by the rulings."""
    further = yams != "empty"
    total = 5 * face
    plain = {
        "three_of_a_kind": total,
        "four_of_a_kind": total,
        "full_house": 0,
        "small_straight": 0,
        "large_straight": 0,
        "yams": 50,
        "chance": total,
        **{name: (total if i + 1 == face else 0) for i, name in enumerate(UPPER)},
    }[row]
    paid = bonus if further and yams == "fifty" else 0
    if not further or joker is None:
        return True, plain, paid
    joker_on = joker in ("free", "forced") or (joker == "seed" and yams == "fifty")
    legal = True
    if joker == "forced":
        matching = UPPER[face - 1]
        if not matching_filled:
            legal = row == matching
        elif open_lower:
            legal = row not in UPPER
    points = plain
    if joker_on and matching_filled and row in FULL_VALUE:
        points = FULL_VALUE[row]
    return legal, points, paid


_CASES = list(
    itertools.product([None, "free", "forced", "seed"], [0, 100], range(1, 7), YAMS_BOX, [False, True], LOWER_PATTERNS)
)


@pytest.mark.parametrize(("joker", "bonus", "face", "yams", "matching_filled", "pattern"), _CASES)
def test_a_five_of_a_kind_is_written_as_the_joker_ruling_says(
    joker: str | None, bonus: int, face: int, yams: str, matching_filled: bool, pattern: str
) -> None:
    variant = yamskit.variant("classic", joker=joker, yams_bonus=bonus)
    cells = {row: Cell(points=1) for row in LOWER_PATTERNS[pattern]}
    if YAMS_BOX[yams] is not None:
        cells["yams"] = YAMS_BOX[yams]
    matching = UPPER[face - 1]
    if matching_filled:
        cells[matching] = Cell(points=5 * face)
    game = _sheet(variant.new_game(players=["Ann"], seed=1), cells).apply(Roll(outcome=str(face) * 5))
    open_rows = [row for row in variant.rows if row not in cells]
    open_lower = [row for row in open_rows if row not in UPPER]
    for row in open_rows:
        legal, points, paid = _expected(joker, bonus, face, yams, matching_filled, row, open_lower)
        assert game.is_legal(Score(row)) == legal, row
        if not legal:
            with pytest.raises(JokerRuleError, match="joker \\(forced\\)"):
                game.apply(Score(row))
            continue
        after = game.apply(Score(row))
        assert after.cell(0, row, "main") == Cell(points=points), row
        assert after.sheets[0].extra == paid, row


@pytest.mark.parametrize(("joker", "bonus"), list(itertools.product([None, "free", "forced", "seed"], [0, 100])))
def test_the_yams_bonus_is_paid_even_when_the_turn_crosses_a_box_out(joker: str | None, bonus: int) -> None:
    variant = yamskit.variant("classic", joker=joker, yams_bonus=bonus)
    game = _sheet(variant.new_game(players=["Ann"], seed=1), {"yams": Cell(points=50), "fours": Cell(points=20)})
    game = game.apply(Roll(outcome="44444"))
    after = game.apply(Scratch("chance"))
    assert after.cell(0, "chance", "main") == SCRATCHED
    assert after.sheets[0].extra == bonus


def test_joker_value_keeps_points_that_are_already_paid_and_fills_fixed_values() -> None:
    rows = {row: yamskit.variant("classic").category(row) for row in ("chance", "full_house", "large_straight")}
    assert joker_value(rows["chance"], 20) == 20
    assert joker_value(rows["full_house"], 0) == 25
    assert joker_value(rows["large_straight"], 0) == 40
    assert joker_value(yamskit.variant("challenge").category("full_house"), 0) == 0  # no single value to pay


@pytest.mark.parametrize("kind", ["", "Free", "any", None, 1])
def test_an_unknown_joker_reading_is_refused(kind: object) -> None:
    with pytest.raises(yamskit.RuleConfigError, match="joker must be"):
        Joker(kind)  # type: ignore[arg-type]


@pytest.mark.parametrize("points", [-1, 2.5, "100", None])
def test_a_bad_yams_bonus_is_refused(points: object) -> None:
    with pytest.raises(yamskit.RuleConfigError, match="five-of-a-kind bonus"):
        FiveOfAKindBonus(points)  # type: ignore[arg-type]


def test_a_zero_yams_bonus_pays_nothing_and_is_allowed() -> None:
    assert FiveOfAKindBonus(0).points == 0


def test_joker_and_bonus_explain_themselves() -> None:
    free = _sheet(yamskit.variant("classic", joker="free", yams_bonus=100).new_game(players=["Ann"], seed=1), {})
    free = _sheet(free, {"yams": Cell(points=50), "fours": Cell(points=20)}).apply(Roll(outcome="44444"))
    assert free.placement(Score("full_house")).notes == ("joker (free): full value 25", "bonus 100")
    forced = _sheet(yamskit.variant("yahtzee").new_game(players=["Ann"], seed=1), {})
    forced = _sheet(forced, {"yams": Cell(points=50), "fours": Cell(points=20), "chance": Cell(points=9)})
    forced = forced.apply(Roll(outcome="44444"))
    with pytest.raises(JokerRuleError) as refused:
        forced.apply(Score("ones"))
    assert str(refused.value) == (
        "joker (forced): 'fours' is filled, so this five of a kind goes in a lower box "
        "(three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight)"
    )
