"""Yams Challenge (rule sheet 001): fourteen rows in four columns with their own fill rules.

Rows, top to bottom: the six number boxes, three of a kind and four of a kind (the
matching dice only: five 3s give 9 and 12), full house (the sum of all five; five of
a kind counts), small straight 10, large straight 20, Yams 40, then plus and minus
(the sum of all five). No chance row. 30 bonus points in each column whose number
boxes reach 60.

Columns: ``down`` (labelled "Descending": top to bottom), ``up`` ("Ascending":
bottom to top, minus first), ``disorder`` (any order) and ``dry`` (any order, but
only with dice that all come from one throw of all five). The ids ``down``/``up``
are the ones Competitive Yams uses too; the labels ``"descending"``/``"ascending"``
(the ids before 0.1.0) are still accepted. In each column plus must beat minus whenever both hold
a number. ``Scratch(row, column)`` crosses a box out, obeying the same order and
condition. A player is never stranded: when only ``dry`` boxes are left, throws
that keep dice on the last throw are refused.

The pair rule is the engine's (`yamskit.scorecard.plus_minus`); this module declares it
over ``plus`` and ``minus``, and ``PlusAboveMinus`` and ``PlusMinusError`` stay importable
from it.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("challenge")
    >>> v.columns
    ('down', 'up', 'disorder', 'dry')
    >>> v.score("three_of_a_kind", "33325"), v.score("four_of_a_kind", "33336"), v.score("full_house", "55555")
    (9, 12, 25)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import _registry, adapters
from ..categories import (
    Category,
    full_house,
    is_five_of_a_kind,
    is_large_straight,
    is_small_straight,
    matching_sum,
    total,
    upper,
    when,
)
from ..scorecard.plus_minus import PlusAboveMinus, PlusMinusError
from ..scorecard.sheet import Column, FillPolicy, TurnCondition, UpperBonus
from ..scorecard.variant import ScorecardVariant

__all__ = ["COLUMNS", "NOTES", "ROWS", "VARIANTS", "PlusAboveMinus", "PlusMinusError", "challenge"]

#: The fourteen rows of Yams Challenge, top to bottom.
ROWS: tuple[Category, ...] = (
    *(upper(face) for face in range(1, 7)),
    Category("three_of_a_kind", matching_sum(3)),
    Category("four_of_a_kind", matching_sum(4)),
    Category("full_house", when(full_house(five_of_a_kind=True), total)),
    Category("small_straight", when(is_small_straight, 10)),
    Category("large_straight", when(is_large_straight, 20)),
    Category("yams", when(is_five_of_a_kind, 40)),
    Category("plus", total, "Plus (+)"),
    Category("minus", total, "Minus (-)"),
)

#: The four columns, left to right.
COLUMNS: tuple[Column, ...] = (
    Column("down", FillPolicy.down(), label="Descending"),
    Column("up", FillPolicy.up(), label="Ascending"),
    Column("disorder", FillPolicy.free(), label="Disorder"),
    Column("dry", FillPolicy.free(), TurnCondition.dry(), label="Dry"),
)

#: The rulings of RULINGS.md ("challenge"), one line each, set-up to winner, shown by ``describe()``.
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one sheet of four columns each, seated in the order given; seat 0 starts, or "
    "new_game(first_player=SEAT), or first_player='roll_off': each throws the five dice, the highest sum "
    "starts, tied leaders throw again (RULINGS: everywhere)",
    "turn: up to 3 throws of the five dice, keeping any dice between throws (kept dice may be thrown again); "
    "after any throw the turn ends by filling one box: Score(row, column) or Scratch(row, column) (0), "
    "as the column's order allows (sheet 001)",
    "boxes: numbers the sum of that face; three/four of a kind score the 3/4 matching dice only "
    "(33325 -> 9); full house, plus and minus the sum of all five; small straight 10 (a large straight is "
    "one too), large straight 20, yams 40; no chance row (sheet 001)",
    "five of a kind counts as three of a kind, four of a kind and full house (55555 -> 15, 20, 25)",
    "bonus: 30 per column when its number boxes total 60 or more",
    "columns: down (descending) fills top to bottom, up (ascending) bottom to top (minus first), disorder "
    "in any order; dry in any order, but only when the last throw was of all five dice (the first throw, or "
    "a later one after taking every die back); a cross obeys the same order and condition",
    "plus must be greater than minus in a column when both hold a number; a crossed-out box constrains "
    "nothing; a score that breaks plus > minus is illegal, the box may still be crossed out",
    "never stranded: a throw is refused when no box could be filled after it, even with the throws left "
    "(only dry boxes left: the last throw must be of all five dice)",
    "end: when every box of every player is filled (56 rounds)",
    "winner: the highest total, the sum over the four columns of the boxes and the column's bonus; players "
    "tied on the highest total share the win",
)


def challenge() -> ScorecardVariant:
    """Yams Challenge: four columns, plus above minus, never stranded (no options).

    Examples:
        >>> challenge().describe().splitlines()[0]
        'challenge: 14 rows x 4 column(s), 3 throws a turn'
    """
    return ScorecardVariant.define(
        "challenge",
        rows=ROWS,
        columns=COLUMNS,
        bonus=UpperBonus.single(60, 30),
        rules=[PlusAboveMinus()],
        notes=NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"challenge": challenge}
_registry.register_family(VARIANTS)
adapters.register_title("challenge", "Yams Challenge")
