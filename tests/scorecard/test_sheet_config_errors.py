"""Boxes and columns refuse what no sheet can hold, with a message saying why."""

from __future__ import annotations

import re

import pytest

from yamskit import Cell, FillPolicy, RuleConfigError


@pytest.mark.parametrize("points", [0, 7])
def test_a_crossed_out_box_holds_no_points(points: int) -> None:
    with pytest.raises(RuleConfigError, match=r"^a crossed-out box holds no points$"):
        Cell(points=points, scratched=True)


@pytest.mark.parametrize("points", [-1, 10**6, 2.5, True, "3"])
def test_a_box_holds_whole_points_from_0(points: object) -> None:
    with pytest.raises(RuleConfigError, match=re.escape(f"a box holds whole points from 0, not {points!r}") + "$"):
        Cell(points=points)  # type: ignore[arg-type]


@pytest.mark.parametrize("points", [0, 1, 10**6 - 1])
def test_whole_points_from_0_fit_in_a_box(points: int) -> None:
    assert Cell(points=points).value == points


def test_a_mid_column_needs_a_starting_row() -> None:
    with pytest.raises(RuleConfigError, match=r"^a mid column needs at least one starting row$"):
        FillPolicy.mid()
    assert FillPolicy.mid("sixes").allowed(("fives", "sixes", "small_sum"), (False, False, False)) == (1,)
