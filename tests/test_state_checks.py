"""What a state read from outside may hold (`yamskit.state_checks`): column weights only as a setup deals them.

The checks that only Competitive Yams's coefficients make are in
tests/variants/competitive/test_coefficient_checks.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import yamskit
from yamskit import RuleConfigError


# ---------------------------------------------------------------- column weights
@pytest.mark.parametrize("name", ["classic", "challenge", "yahtzee"])
def test_column_weights_are_refused_where_a_variant_has_no_coefficients(name: str) -> None:
    with pytest.raises(RuleConfigError, match="column_weights"):
        yamskit.variant(name).new_game(players=["Ann"], seed=1, column_weights=[3])


def test_a_users_setup_without_its_own_check_takes_one_positive_weight_per_column() -> None:
    from yamskit import ScorecardVariant
    from yamskit.categories import Category, total, upper
    from yamskit.scorecard import Column

    def deal(stream: Any, _players: int) -> tuple[tuple[int, ...], Any]:
        return (1, 2), stream

    mini = ScorecardVariant.define(
        "mini", rows=[upper(6), Category("chance", total)], columns=[Column("a"), Column("b")], setup=deal
    )
    assert mini.new_game(players=["Ann"], seed=1, column_weights=[3, 4]).column_weights == (3, 4)
    for weights in ([0, 4], [3], [3, 4, 5], [3, True]):
        with pytest.raises(RuleConfigError, match="column_weights"):
            mini.new_game(players=["Ann"], seed=1, column_weights=weights)
