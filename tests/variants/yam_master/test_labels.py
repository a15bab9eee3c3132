"""Yam Master: which board labels each roll satisfies, sec and défi included."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import rolls
from yamskit import Dice, InvalidDiceError, Turn
from yamskit.variants.yam_master.board import (
    FIGURE_LABELS,
    LABEL_IDS,
    LABELS,
    cells_with_label,
    dice_labels,
    is_figure,
    turn_labels,
)


def first_throw(dice: str | Dice) -> Turn:
    return Turn.start().throw(Dice(), dice if isinstance(dice, Dice) else Dice.parse(dice))


def later_throw(first: Dice, final: Dice, *, throws: int, declare: bool) -> Turn:
    """A turn whose first throw showed ``first`` and whose throw number ``throws`` shows ``final``."""
    turn = first_throw(first)
    if declare:
        turn = turn.declare_challenge()
    for _ in range(throws - 1):
        turn = turn.throw(Dice(), final)
    return turn


@pytest.mark.parametrize("face", range(1, 7))
def test_a_yam_is_also_a_full_a_carre_and_a_three_of_a_kind_of_its_face(face: int) -> None:
    labels = dice_labels(Dice.of(*[face] * 5))
    assert {str(face), "full_house", "four_of_a_kind", "yams"} <= labels
    assert not {str(f) for f in range(1, 7) if f != face} & labels


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ("33325", {"3"}),
        ("22333", {"3", "full_house"}),
        ("66662", {"6", "four_of_a_kind"}),
        ("12345", {"straight"}),
        ("23456", {"straight"}),
        ("12346", set()),
        ("11123", {"1", "less_than_8"}),
        ("11222", {"2", "full_house", "less_than_8"}),
        ("11114", {"1", "four_of_a_kind", "less_than_8"}),
        ("11115", {"1", "four_of_a_kind"}),
        ("11111", {"1", "full_house", "four_of_a_kind", "yams", "less_than_8"}),
        ("11235", set()),
        ("11134", {"1"}),
    ],
)
def test_labels_of_worked_rolls(dice: str, expected: set[str]) -> None:
    assert dice_labels(Dice.parse(dice)) == expected


@given(rolls)
def test_each_label_means_what_the_rule_sheet_says(dice: Dice) -> None:
    counts = Counter(dice.faces)
    labels = dice_labels(dice)
    for face in range(1, 7):
        assert (str(face) in labels) == (counts[face] >= 3)
    assert ("four_of_a_kind" in labels) == (max(counts.values()) >= 4)
    assert ("yams" in labels) == (len(counts) == 1)
    assert ("full_house" in labels) == (sorted(counts.values()) in ([2, 3], [5]))
    assert ("straight" in labels) == (set(dice.faces) in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}))
    assert ("less_than_8" in labels) == (sum(dice.faces) <= 8)
    assert not {"one_shot", "challenge"} & labels


@given(rolls)
def test_sec_only_on_a_first_throw_and_never_for_a_plain_three_of_a_kind(dice: Dice) -> None:
    figure = bool(dice_labels(dice) & set(FIGURE_LABELS))
    assert ("one_shot" in turn_labels(first_throw(dice))) == figure
    assert ("one_shot" in turn_labels(later_throw(Dice.parse("12346"), dice, throws=2, declare=False))) is False
    assert ("one_shot" in turn_labels(later_throw(Dice.parse("12346"), dice, throws=3, declare=True))) is False


def test_a_plain_three_of_a_kind_on_the_first_throw_is_not_a_sec() -> None:
    assert turn_labels(first_throw("33325")) == {"3"}
    assert turn_labels(first_throw("33322")) == {"3", "full_house", "one_shot"}


def test_a_sum_of_8_or_less_is_a_figure_so_it_makes_a_sec() -> None:
    assert is_figure(Dice.parse("11123"))
    assert "one_shot" in turn_labels(first_throw("11123"))


@given(rolls, rolls, st.sampled_from([1, 2, 3]), st.booleans())
def test_defi_only_after_a_declaration_on_the_second_or_third_throw(
    first: Dice, final: Dice, throws: int, declare: bool
) -> None:
    turn = later_throw(first, final, throws=throws, declare=declare)
    figure = bool(dice_labels(turn.dice) & set(FIGURE_LABELS))
    assert ("challenge" in turn_labels(turn)) == (declare and throws >= 2 and figure)


def test_a_declared_challenge_needs_a_figure_not_a_three_of_a_kind() -> None:
    turn = first_throw("33312").declare_challenge()
    assert "challenge" not in turn_labels(turn)  # declared, but still on the first throw
    assert turn_labels(turn.throw(Dice.parse("333"), Dice.parse("46"))) == {"3"}
    assert turn_labels(turn.throw(Dice.parse("333"), Dice.parse("44"))) == {"3", "full_house", "challenge"}


def test_no_label_before_the_first_throw() -> None:
    assert turn_labels(Turn.start()) == frozenset()


def test_labels_need_five_dice() -> None:
    with pytest.raises(InvalidDiceError):
        dice_labels(Dice.parse("333"))


def test_the_board_carries_every_label_with_the_rulings_counts() -> None:
    counts = Counter(label for row in LABELS for label in row)
    assert set(counts) == set(LABEL_IDS)
    assert counts["yams"] == 1
    assert all(n == 2 for label, n in counts.items() if label != "yams")
    assert LABELS[0] == ("1", "3", "challenge", "4", "6")
    assert cells_with_label("one_shot") == ((1, 2), (3, 1))
    assert cells_with_label("yams") == ((2, 2),)
