"""Sheets of other than five dice for the adapters' tests: a Crag-like sheet of three dice and one of six.

Also a small sheet that saves throws (`saving`, four dice), for the tests of the store.

The tests give them to Gymnasium and PettingZoo as variant objects, and to OpenSpiel by a
registry name (`register`: pyspiel's games take text parameters).
"""

from __future__ import annotations

import yamskit
from yamskit.categories import Category, constant, n_of_a_kind, total, upper, when
from yamskit.scorecard import ScorecardVariant, UpperBonus

#: The registry names `register` gives them.
NAMES = ("rl-crag-like", "rl-six-dice")
#: The registry name `register` gives the sheet that saves throws (`saving`).
SAVING = "rl-saving"


def _thirteen(dice: yamskit.Dice) -> int:
    return 26 if dice.total == 13 else 0


def crag_like() -> ScorecardVariant:
    """Three dice, two throws: the number rows, thirteen, three of a kind and chance."""
    rows = [upper(f) for f in range(1, 7)]
    rows += [
        Category("thirteen", _thirteen),
        Category("three_of_a_kind", when(n_of_a_kind(3), constant(25))),
        Category("chance", total),
    ]
    return ScorecardVariant.define("rl-crag-like", rows=rows, dice=3, max_throws=2)


def six_dice() -> ScorecardVariant:
    """Six dice, three throws: ones to sixes with a bonus at 84, six of a kind worth 100, chance."""
    rows = [upper(f) for f in range(1, 7)]
    rows += [Category("six_of_a_kind", when(n_of_a_kind(6), constant(100))), Category("chance", total)]
    return ScorecardVariant.define("rl-six-dice", rows=rows, dice=6, bonus=UpperBonus.single(84, 50))


def saving() -> ScorecardVariant:
    """Four dice, two throws, four boxes, and saved throws: a turn of one throw stores the other for later."""
    rows = [upper(4), upper(5), upper(6), Category("chance", total)]
    return ScorecardVariant.define(SAVING, rows=rows, dice=4, max_throws=2, saved_throws=True)


SHEETS = (crag_like, six_dice)


def register() -> tuple[str, ...]:
    """Put the sheets in the registry under `NAMES` and `SAVING` (again, harmlessly); return `NAMES`."""
    for name, make in zip(NAMES, SHEETS, strict=True):
        yamskit.register_variant(name, make, replace=True)
    yamskit.register_variant(SAVING, saving, replace=True)
    return NAMES
