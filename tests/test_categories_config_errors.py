"""Categories refuse what no rule sheet can mean, with a message naming the value.

Faces are 1 to 6, "n of a kind" takes n from 1 to 5, an id is a snake_case name, and a
scorer gives whole points from 0 on every roll. Each refusal is a `RuleConfigError`
whose message says what was wrong; each boundary value just inside is accepted.
"""

from __future__ import annotations

import re

import pytest

from yamskit import Dice, InvalidDiceError, RuleConfigError
from yamskit.categories import Category, face_sum, n_of_a_kind, total, upper


@pytest.mark.parametrize("face", [0, 7, -1, 10])
def test_a_number_row_needs_a_face_from_1_to_6(face: int) -> None:
    with pytest.raises(RuleConfigError, match=re.escape(f"a face is 1 to 6, not {face!r}")):
        face_sum(face)


@pytest.mark.parametrize("face", [0, 7, -1, 10])
def test_upper_refuses_a_face_outside_1_to_6_as_a_rule_config_error(face: int) -> None:
    with pytest.raises(RuleConfigError, match=re.escape(f"a face is 1 to 6, not {face!r}")):
        upper(face)


@pytest.mark.parametrize("face", range(1, 7))
def test_every_face_from_1_to_6_has_a_number_row(face: int) -> None:
    assert face_sum(face)(Dice.parse(f"{face}{face}{face}{face}{face}")) == 5 * face
    assert upper(face).max == 5 * face


@pytest.mark.parametrize("n", [0, 9, -1])
def test_n_of_a_kind_needs_n_from_1_to_8(n: int) -> None:
    # (1 to 8: the most dice a game throws, yamskit.dice.MAX_DICE)
    with pytest.raises(RuleConfigError, match=re.escape(f"n of a kind needs n from 1 to 8, not {n!r}")):
        n_of_a_kind(n)


@pytest.mark.parametrize("n", range(1, 6))
def test_every_n_from_1_to_5_is_an_n_of_a_kind(n: int) -> None:
    assert n_of_a_kind(n)(Dice.parse("66666"))


@pytest.mark.parametrize("value", ["FullHouse", "full house", "Full_house", "1_pair", "full-house", "", 5, None])
def test_an_id_is_a_snake_case_name(value: object) -> None:
    message = f"an id is a snake_case name such as 'full_house', not {value!r}"
    with pytest.raises(RuleConfigError, match=re.escape(message)):
        Category(value, total)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["full_house", "x", "row_2", "_private"])
def test_snake_case_ids_are_accepted(value: str) -> None:
    assert Category(value, total).id == value


@pytest.mark.parametrize(("points", "shown"), [(-1, "-1"), (1.5, "1.5"), (True, "True"), ("3", "'3'")])
def test_a_scorer_gives_whole_points_from_0(points: object, shown: str) -> None:
    message = f"a scorer must give whole points >= 0, but gives {shown} for 11111"
    with pytest.raises(RuleConfigError, match=re.escape(message)):
        Category("bad", lambda dice: points)


def test_a_scorer_is_checked_on_every_roll_not_only_the_first() -> None:
    with pytest.raises(RuleConfigError, match=re.escape("but gives -1 for 66666")):
        Category("bad", lambda dice: -1 if dice == Dice.parse("66666") else 0)


@pytest.mark.parametrize(
    ("id", "label"), [("full_house", "Full house"), ("yams", "Yams"), ("small_straight", "Small straight")]
)
def test_a_category_is_labelled_from_its_id_unless_given_a_label(id: str, label: str) -> None:
    assert Category(id, total).label == label
    assert Category(id, total, "Given").label == "Given"


@pytest.mark.parametrize("dice", ["1111", "12", ""])
def test_a_category_scores_five_dice_and_says_how_many_it_got(dice: str) -> None:
    shown = Dice.parse(dice)
    with pytest.raises(InvalidDiceError, match=re.escape(f"a category scores five dice, not {len(dice)} ({shown})")):
        upper(1).score(shown)
