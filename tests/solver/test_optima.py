"""The published optimal expected scores of the classic rule sets (slow: four full solves)."""

from __future__ import annotations

import pytest

import yamskit
from yamskit.solver import solve

PUBLISHED = [
    ("classic", {}, 245.8707745141),
    ("classic", {"joker": None, "yams_bonus": 100}, 253.9702411898),
    ("yahtzee", {}, 254.5877287345),
    ("classic", {"joker": "free", "yams_bonus": 100}, 254.5896094820),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "published"), PUBLISHED)
def test_expected_score_from_the_empty_sheet_equals_the_published_optimum(
    name: str, options: dict[str, object], published: float
) -> None:
    strategy = solve(yamskit.variant(name, **options), quiet=True)
    assert abs(strategy.expected_score() - published) < 1e-7
    assert strategy.nbytes < 100e6
