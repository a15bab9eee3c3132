"""Yamslam chips: what every roll qualifies for, and the tally of every possible collection.

The qualifying rules are restated from the rule sheet (RULINGS.md) on face counts and
checked on all 252 rolls; the bonuses are restated and checked on every collection of
0 to 4 chips of each of the seven kinds (5**7 collections).
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from yamskit import DeserializationError, Dice, InvalidDiceError, UnknownActionError, YamskitError
from yamskit.dice import ROLLS
from yamskit.variants.yamslam.chips import (
    CHIP_CATEGORIES,
    KINDS,
    MAX_SCORE,
    ChipSet,
    is_flush,
    is_two_pairs,
    qualifies,
    qualifying_kinds,
    tally,
)

VALUES = {
    "two_pairs": 5,
    "three_of_a_kind": 10,
    "small_straight": 20,
    "flush": 25,
    "full_house": 30,
    "four_of_a_kind": 40,
    "large_straight": 50,
}


def _by_the_sheet(dice: Dice) -> set[str]:
    counts = sorted(Counter(dice.faces).values(), reverse=True)
    faces = "".join(str(f) for f in sorted(set(dice.faces)))
    if counts == [5]:
        return set(VALUES)  # a Yamslam takes any chip
    kinds = set()
    if counts[0] >= 4 or counts[:2] in ([3, 2], [2, 2]):
        kinds.add("two_pairs")
    if counts[0] >= 3:
        kinds.add("three_of_a_kind")
    if any(run in faces for run in ("1234", "2345", "3456")):
        kinds.add("small_straight")
    if all(f % 2 == 0 for f in dice.faces) or all(f % 2 == 1 for f in dice.faces):
        kinds.add("flush")
    if counts == [3, 2]:
        kinds.add("full_house")
    if counts[0] >= 4:
        kinds.add("four_of_a_kind")
    if faces in ("12345", "23456"):
        kinds.add("large_straight")
    return kinds


def test_kinds_are_in_value_order_with_the_sheets_values() -> None:
    assert [(kind.value, kind.points) for kind in KINDS] == list(VALUES.items())


@pytest.mark.parametrize("roll", ROLLS, ids=str)
def test_every_roll_qualifies_for_exactly_the_chips_the_sheet_lists(roll: Dice) -> None:
    expected = _by_the_sheet(roll)
    assert {kind.value for kind in qualifying_kinds(roll)} == expected
    for kind in VALUES:
        assert qualifies(kind, roll) == (kind in expected), kind
    # Without the Yamslam's any-chip right, the chip categories pay the chip's value.
    for kind, category in CHIP_CATEGORIES.items():
        if len(set(roll.faces)) > 1:
            assert category.score(roll) == (VALUES[kind] if kind in expected else 0), kind
    assert is_flush(roll) == (len({f % 2 for f in roll.faces}) == 1)
    assert is_two_pairs(roll) == (sum(c // 2 for c in Counter(roll.faces).values()) >= 2)


def test_a_flush_needs_five_dice() -> None:
    assert not is_flush(Dice.parse("2244"))
    assert not is_two_pairs(Dice.parse("225"))


def test_qualifying_refuses_unknown_chips_and_short_rolls() -> None:
    with pytest.raises(UnknownActionError, match="unknown chip 'pair'"):
        qualifies("pair", Dice.parse("11223"))
    with pytest.raises(InvalidDiceError, match="five dice, not 4"):
        qualifies("flush", Dice.parse("2244"))


def _bonuses(counts: tuple[int, ...], last_draw: bool) -> int:
    different = sum(1 for c in counts if c)
    golden = 50 if different == 7 else 0
    silver = 20 if different == 6 else 0
    return golden + silver + 30 * counts.count(4) + (20 if last_draw else 0)


def test_every_collection_tallies_as_the_sheet_says() -> None:
    values = list(VALUES.values())
    for counts in product(range(5), repeat=7):
        chips = ChipSet(counts)
        points = sum(c * v for c, v in zip(counts, values, strict=True))
        assert len(chips) == sum(counts)
        assert chips.points == points
        score = tally(chips)
        assert (score.chip_points, score.bonuses, score.total) == (
            points,
            _bonuses(counts, False),
            points + score.bonuses,
        )
    last = tally(ChipSet.of("flush"), last_draw=True)
    assert (last.last_draw, last.total) == (20, 45)


def test_the_best_score_is_1000() -> None:
    assert MAX_SCORE == 1000
    assert tally(ChipSet.full(), last_draw=True).to_data() == {
        "chip_points": 720,
        "golden_7": 50,
        "silver_6": 0,
        "full_stacks": 210,
        "last_draw": 20,
        "bonuses": 280,
        "total": 1000,
    }


def test_a_chip_set_lists_counts_adds_and_removes_chips() -> None:
    chips = ChipSet.of("flush", "two_pairs", "flush")
    assert list(chips) == ["two_pairs", "flush", "flush"]
    assert repr(chips) == "ChipSet.of('two_pairs', 'flush', 'flush')"
    assert (chips.count("flush"), chips.count("full_house"), len(chips)) == (2, 0, 3)
    assert "flush" in chips
    assert "full_house" not in chips
    assert "nonsense" not in chips
    assert 3 not in chips
    assert "two_pairs" in chips  # a single chip counts
    assert [kind in ChipSet.of(kind) for kind in VALUES] == [True] * 7
    assert chips.kinds == ("two_pairs", "flush")
    assert chips.highest == "flush"
    assert ChipSet().highest is None
    assert chips.add("large_straight").highest == "large_straight"
    assert chips.remove("flush") == ChipSet.of("two_pairs", "flush")
    assert chips + ChipSet.of("flush") == ChipSet.of("two_pairs", "flush", "flush", "flush")
    with pytest.raises(YamskitError, match="no full_house chip"):
        chips.remove("full_house")
    assert ChipSet.full().count("two_pairs") == 4
    assert len(ChipSet.full()) == 28


@pytest.mark.parametrize(
    "counts", [(0,) * 6, (0,) * 8, (5, 0, 0, 0, 0, 0, 0), (-1, 0, 0, 0, 0, 0, 0), (1.0,) + (0,) * 6]
)
def test_a_chip_set_refuses_impossible_counts(counts: tuple[int, ...]) -> None:
    with pytest.raises(YamskitError, match="0 to 4 chips of each of 7 kinds"):
        ChipSet(counts)


def test_four_chips_of_a_kind_is_the_most_a_set_holds() -> None:
    assert ChipSet((4,) * 7) == ChipSet.full()
    with pytest.raises(YamskitError):
        ChipSet.full().add("flush")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("flush", "must be a list of at most 28 chip ids"),
        (["flush"] * 29, "must be a list of at most 28 chip ids"),
        (["flush", 3], "must list chip ids as strings"),
        (["flush"] * 5, "0 to 4 chips"),
        (["pair"], "unknown chip"),
    ],
)
def test_chip_sets_from_json_are_validated(data: object, message: str) -> None:
    with pytest.raises(DeserializationError, match=message):
        ChipSet.from_data(data, "rack")


def test_chip_sets_round_trip_through_json() -> None:
    chips = ChipSet.of("flush", "two_pairs", "flush")
    assert chips.to_data() == ["two_pairs", "flush", "flush"]
    assert ChipSet.from_data(chips.to_data()) == chips
    assert ChipSet.from_data(ChipSet.full().to_data()) == ChipSet.full()


def test_a_chip_list_error_names_the_chips_by_default() -> None:
    with pytest.raises(DeserializationError, match=r"^chips must be a list"):
        ChipSet.from_data("flush")


def test_an_unknown_chip_lists_the_chips() -> None:
    with pytest.raises(UnknownActionError) as unknown:
        ChipSet.of("pair")
    assert str(unknown.value) == (
        "unknown chip 'pair'; did you mean 'two_pairs'? chips: two_pairs, three_of_a_kind, small_straight, flush, "
        "full_house, "
        "four_of_a_kind, large_straight"
    )
