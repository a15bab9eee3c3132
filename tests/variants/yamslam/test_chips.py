"""Yamslam chips: which chips each roll qualifies for, flush by parity, and the bonus arithmetic."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import rolls
from yamskit import Dice, UnknownActionError, YamskitError
from yamskit.dice import ROLLS
from yamskit.variants.yamslam.chips import (
    KINDS,
    MAX_SCORE,
    Chip,
    ChipSet,
    is_flush,
    qualifies,
    qualifying_kinds,
    tally,
)


def kinds(dice: str) -> set[str]:
    return {str(kind) for kind in qualifying_kinds(Dice.parse(dice))}


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ("22551", {"two_pairs"}),
        ("33325", {"three_of_a_kind"}),
        ("12346", {"small_straight"}),
        ("13355", {"two_pairs", "flush"}),
        ("11135", {"three_of_a_kind", "flush"}),
        ("22555", {"two_pairs", "three_of_a_kind", "full_house"}),
        ("22444", {"two_pairs", "three_of_a_kind", "flush", "full_house"}),
        ("66661", {"two_pairs", "three_of_a_kind", "four_of_a_kind"}),
        ("11113", {"two_pairs", "three_of_a_kind", "four_of_a_kind", "flush"}),
        ("12345", {"small_straight", "large_straight"}),
        ("23456", {"small_straight", "large_straight"}),
        ("34566", {"small_straight"}),
        ("12356", set()),
        ("12245", set()),
    ],
)
def test_a_roll_qualifies_for_every_combination_it_contains(dice: str, expected: set[str]) -> None:
    assert kinds(dice) == expected


def test_a_yamslam_qualifies_for_every_chip() -> None:
    for face in range(1, 7):
        assert qualifying_kinds(Dice.of(*[face] * 5)) == KINDS


def test_flush_goes_by_parity_colour() -> None:
    assert is_flush(Dice.parse("13555"))
    assert is_flush(Dice.parse("22466"))
    assert not is_flush(Dice.parse("13556"))
    assert not is_flush(Dice.parse("24661"))
    # five dice drawn from three faces of one colour: 21 multisets per colour
    assert sum(is_flush(roll) for roll in ROLLS) == 42


def test_a_flush_always_overlaps_another_combination() -> None:
    # five dice over three faces of a colour must repeat a face: a flush never stands alone
    for roll in ROLLS:
        if is_flush(roll):
            assert len(qualifying_kinds(roll)) >= 2


def test_qualifying_roll_counts_over_the_252_rolls() -> None:
    counts = {kind: sum(qualifies(kind, roll) for roll in ROLLS) for kind in KINDS}
    # six Yamslams qualify for everything on top of the combinations themselves
    assert counts[Chip.LARGE_STRAIGHT] == 2 + 6
    assert counts[Chip.FOUR_OF_A_KIND] == 6 * 5 + 6
    assert counts[Chip.FULL_HOUSE] == 6 * 5 + 6
    assert counts[Chip.FLUSH] == 42


@given(rolls)
def test_matching_is_inclusive(roll: Dice) -> None:
    got = set(qualifying_kinds(roll))
    if Chip.FOUR_OF_A_KIND in got:
        assert {Chip.THREE_OF_A_KIND, Chip.TWO_PAIRS} <= got
    if Chip.FULL_HOUSE in got:
        assert {Chip.THREE_OF_A_KIND, Chip.TWO_PAIRS} <= got
    if Chip.LARGE_STRAIGHT in got:
        assert Chip.SMALL_STRAIGHT in got


@given(st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_swapping_faces_within_a_colour_keeps_a_flush(faces: list[int]) -> None:
    swap = {1: 3, 3: 5, 5: 1, 2: 4, 4: 6, 6: 2}
    assert is_flush(Dice(faces)) == is_flush(Dice([swap[f] for f in faces]))


def test_unknown_chip_id_is_refused() -> None:
    with pytest.raises(UnknownActionError, match="unknown chip 'chance'"):
        qualifies("chance", Dice.parse("12345"))


@pytest.mark.parametrize("bad", [["flush"], {"flush": 1}, 3, None, b"flush"])
def test_a_chip_kind_that_is_no_name_gets_the_unknown_chip_error(bad: object) -> None:
    # not a bare TypeError from the lookup table in front of the names (a list or dict cannot be hashed)
    with pytest.raises(UnknownActionError, match=r"^unknown chip .*; chips: two_pairs, three_of_a_kind, "):
        ChipSet.of(bad)  # type: ignore[arg-type]
    with pytest.raises(UnknownActionError, match="unknown chip"):
        ChipSet().add(bad)  # type: ignore[arg-type]


def test_chip_values_are_those_of_the_rulings() -> None:
    assert [(k.value, k.points) for k in KINDS] == [
        ("two_pairs", 5),
        ("three_of_a_kind", 10),
        ("small_straight", 20),
        ("flush", 25),
        ("full_house", 30),
        ("four_of_a_kind", 40),
        ("large_straight", 50),
    ]


def test_chip_sets_list_chips_in_value_order() -> None:
    chips = ChipSet.of("large_straight", "two_pairs", "flush", "two_pairs")
    assert [str(k) for k in chips] == ["two_pairs", "two_pairs", "flush", "large_straight"]
    assert chips.highest == Chip.LARGE_STRAIGHT
    assert eval(repr(chips)) == chips


def test_golden_7_is_one_of_each_kind() -> None:
    t = tally(ChipSet.of(*KINDS))
    assert (t.chip_points, t.golden_7, t.silver_6, t.full_stacks, t.last_draw, t.total) == (180, 50, 0, 0, 0, 230)


def test_silver_6_is_six_kinds_and_not_paid_with_golden_7() -> None:
    six = ChipSet.of("two_pairs", "three_of_a_kind", "small_straight", "flush", "full_house", "four_of_a_kind")
    assert tally(six).silver_6 == 20
    assert tally(six).total == 130 + 20
    seven = six.add("large_straight").add("large_straight")
    assert (tally(seven).golden_7, tally(seven).silver_6) == (50, 0)
    assert tally(ChipSet.of("flush", "flush", "two_pairs", "three_of_a_kind", "small_straight")).bonuses == 0


def test_full_stack_pays_30_for_each_stack_of_four() -> None:
    one = ChipSet.of(*["flush"] * 4)
    assert (tally(one).full_stacks, tally(one).total) == (30, 100 + 30)
    two = ChipSet.of(*["flush"] * 4, *["two_pairs"] * 4)
    assert (tally(two).full_stacks, tally(two).total) == (60, 120 + 60)
    assert tally(ChipSet.of(*["flush"] * 3)).full_stacks == 0


def test_last_draw_pays_20() -> None:
    assert tally(ChipSet.of("two_pairs"), last_draw=True).total == 5 + 20
    assert tally(ChipSet(), last_draw=True).total == 20


def test_all_28_chips_with_the_last_draw_score_exactly_1000() -> None:
    t = tally(ChipSet.full(), last_draw=True)
    assert (t.chip_points, t.golden_7, t.full_stacks, t.last_draw) == (720, 50, 210, 20)
    assert t.total == MAX_SCORE == 1000


def test_no_collection_scores_more_than_1000() -> None:
    best = 0
    for counts in itertools.product(range(5), repeat=len(KINDS)):
        chips = ChipSet(counts)
        score = tally(chips, last_draw=True).total
        assert score < 1000 or chips == ChipSet.full()
        best = max(best, score)
    assert best == 1000


@given(st.lists(st.integers(0, 4), min_size=7, max_size=7), st.sampled_from(KINDS), st.booleans())
def test_one_more_chip_never_lowers_a_score(counts: list[int], kind: Chip, last: bool) -> None:
    chips = ChipSet(counts)
    if chips.count(kind) < 4:
        assert tally(chips.add(kind), last_draw=last).total > tally(chips, last_draw=last).total


@given(
    st.lists(st.integers(0, 4), min_size=7, max_size=7),
    st.sampled_from(KINDS),
    st.sampled_from(["kind", "id", "label"]),
)
def test_adding_and_removing_a_chip_changes_that_kind_count_only(counts: list[int], kind: Chip, spelling: str) -> None:
    # add and remove share one checked set per pattern of counts: a fifth chip or a missing one still raises
    chips = ChipSet(counts)
    name = {"kind": kind, "id": kind.value, "label": kind.value.replace("_", " ").title()}[spelling]
    i = KINDS.index(kind)
    for step, change in ((1, chips.add), (-1, chips.remove)):
        expected = counts[i] + step
        if 0 <= expected <= 4:
            after = change(name)
            assert after.counts == (*counts[:i], expected, *counts[i + 1 :])
            assert after == ChipSet(after.counts)
            assert change(name) is after  # shared: the same pattern gives the same set
        else:
            with pytest.raises(YamskitError):
                change(name)
    assert chips.counts == tuple(counts)  # the set itself never changes
