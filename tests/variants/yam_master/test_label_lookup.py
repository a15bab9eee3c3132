"""Yam Master label sets answer ``in`` for ids, printed labels and old ids, and quietly refuse the rest.

The labels a turn satisfies (``game.labels``) hold label ids; asking with the printed
label (any case, accents optional) or an old id gives the same answer as the id, and
asking with anything that is not a label is simply ``False``.
"""

from __future__ import annotations

import warnings

import pytest

import yamskit
from yamskit import Roll

V = yamskit.variant("yam-master")


def _labels(dice: str) -> frozenset[str]:
    return V.new_game(seed=1).apply(Roll(outcome=dice)).labels


def test_a_yam_on_the_first_throw_holds_its_ids_and_answers_to_its_printed_labels() -> None:
    labels = _labels("44444")
    assert labels == {"4", "four_of_a_kind", "full_house", "yams", "one_shot"}
    for asked in ("four_of_a_kind", "Carré", "carre", "CARRÉ", "Yam", "yam", "Full", "Sec", "sec", "4"):
        assert asked in labels, asked
    for asked in ("straight", "Suite", "Défi", "defi", "≤8", "less_than_8", "1", "6"):
        assert asked not in labels, asked


def test_an_old_id_answers_like_the_label_with_a_deprecation_warning() -> None:
    with pytest.warns(DeprecationWarning, match="'le8' is deprecated; use 'less_than_8'"):
        assert "le8" in _labels("11123")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "less_than_8" in _labels("11123")
        assert "≤8" in _labels("11123")


@pytest.mark.parametrize("asked", ["xyz", "", "carrée", "five", 5, None, ("yams",), 4.0])
def test_anything_that_is_not_a_label_is_not_in_the_labels(asked: object) -> None:
    assert asked not in _labels("44444")
    assert asked not in _labels("12346")


def test_a_label_set_holds_its_own_members_like_any_frozen_set() -> None:
    label_set = type(_labels("12346"))
    custom = label_set({"custom", "four_of_a_kind"})
    assert "custom" in custom
    assert "four_of_a_kind" in custom
    assert "Carré" in custom
    assert "yams" not in custom
