"""A scorecard variant whose definition cannot work is refused when it is declared, saying why."""

from __future__ import annotations

import pytest

from yamskit import RuleConfigError, ScorecardVariant
from yamskit.categories import Category, total, upper
from yamskit.scorecard import Column, FillPolicy, UpperBonus

ROWS = (upper(1), upper(6), Category("chance", total))


@pytest.mark.parametrize(
    ("definition", "message"),
    [
        ({"rows": ()}, r"at least one row and distinct row ids: \[\]"),
        ({"rows": (upper(1), upper(1))}, r"distinct row ids: \['ones', 'ones'\]"),
        ({"columns": ()}, r"at least one column and distinct column ids: \[\]"),
        ({"columns": (Column("a"), Column("a"))}, r"distinct column ids: \['a', 'a'\]"),
        ({"columns": (Column("mid", FillPolicy.mid("sevens")),)}, r"column 'mid' starts at unknown rows \['sevens'\]"),
        (
            {"bonus": UpperBonus.single(63, 35)},
            r"the upper bonus counts unknown rows \['twos', 'threes', 'fours', 'fives'\]",
        ),
        ({"max_throws": 0}, "max_throws must be 1 to 10, not 0"),
        ({"max_throws": 11}, "max_throws must be 1 to 10, not 11"),
    ],
)
def test_a_definition_that_cannot_work_is_refused(definition: dict[str, object], message: str) -> None:
    with pytest.raises(RuleConfigError, match=message):
        ScorecardVariant.define("broken", **{"rows": ROWS, **definition})  # type: ignore[arg-type]


@pytest.mark.parametrize("max_throws", [1, 10])
def test_one_to_ten_throws_a_turn_are_allowed(max_throws: int) -> None:
    variant = ScorecardVariant.define("ok", rows=ROWS, max_throws=max_throws)
    assert variant.rules.max_throws == max_throws
    assert variant.rows == ("ones", "sixes", "chance")


def test_a_sheet_without_an_upper_bonus_counts_no_upper_total() -> None:
    variant = ScorecardVariant.define("no_bonus", rows=ROWS)
    game = variant.new_game(players=["Ann"], seed=1)
    assert variant.rules.upper_total(game.sheets[0], 0) == 0
