"""Yacht, the older game Yahtzee grew from: twelve boxes and no bonus.

One column of twelve boxes. Number boxes count the dice of their face; full house
(three of one face and two of another) the sum of all five; four of a kind the sum of
the four matching dice; little straight exactly 1-2-3-4-5 and big straight exactly
2-3-4-5-6, 30 each; choice the sum; yacht (five of a kind) 50. No bonus of any kind.

The default is the reading of exercism's ``yacht`` exercise: five of a kind is not a
full house, and four of a kind counts only the four dice. OpenSpiel's ``yacht`` game
reads both boxes the other way; its reading is ``four_of_a_kind="all_dice",
full_house_from_five=True``.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yacht")
    >>> v.score("full_house", "22444"), v.score("four_of_a_kind", "66466"), v.score("little_straight", "35412")
    (16, 24, 30)
    >>> v.score("full_house", "22222"), v.score("four_of_a_kind", "33333")
    (0, 12)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from .. import _registry
from ..categories import (
    Category,
    full_house,
    is_five_of_a_kind,
    is_high_straight,
    is_low_straight,
    matching_sum,
    n_of_a_kind,
    total,
    upper,
    when,
)
from ..errors import RuleConfigError, brief
from ..scorecard.variant import ScorecardVariant

__all__ = ["NOTES", "ROWS", "VARIANTS", "FourOfAKind", "yacht"]

#: What four of a kind scores: the four matching dice (exercism) or all five (OpenSpiel).
FourOfAKind = Literal["four_dice", "all_dice"]

#: The twelve rows of Yacht under the default readings, top to bottom (exercism's order).
ROWS: tuple[Category, ...] = (
    *(upper(face) for face in range(1, 7)),
    Category("full_house", when(full_house(five_of_a_kind=False), total)),
    Category("four_of_a_kind", matching_sum(4)),
    Category("little_straight", when(is_low_straight, 30)),
    Category("big_straight", when(is_high_straight, 30)),
    Category("choice", total),
    Category("yacht", when(is_five_of_a_kind, 50)),
)
#: The two rows the options change, in OpenSpiel's readings.
_FOUR_OF_A_KIND_ALL_DICE = Category("four_of_a_kind", when(n_of_a_kind(4), total))
_FULL_HOUSE_FROM_FIVE = Category("full_house", when(full_house(five_of_a_kind=True), total))

#: The rulings of Yacht, one line each, set-up to winner (shown by ``describe()`` and ``yamskit rules``);
#: each names what it rests on (docs/rules/yacht.md cites the sources).
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one column of 12 boxes each, seated in the order given (solitaire is played "
    "too); seat 0 starts, or new_game(first_player=SEAT), or first_player='roll_off': each throws the five "
    "dice, the highest sum starts, tied leaders throw again (the sources leave who starts to the table)",
    "turn: up to 3 throws of the five dice; before the 2nd and 3rd the player keeps any dice showing and "
    "throws the rest (kept dice may be thrown again later); after any throw the turn ends by filling one "
    "box: Score(row) writes what the dice are worth there (0 when they do not qualify), Scratch(row) "
    "crosses it out (0), at any time (OpenSpiel's yacht)",
    "boxes: ones..sixes the sum of that face; full_house three of one face and two of another, the sum of "
    "all five; four_of_a_kind the sum of the four matching dice; little_straight exactly 1-2-3-4-5 = 30; "
    "big_straight exactly 2-3-4-5-6 = 30; choice the sum; yacht five of a kind = 50 (exercism's yacht)",
    "rulings: five of a kind is not a full house, but it is four of a kind (exercism's yacht; OpenSpiel "
    "reads both boxes the other way)",
    "bonus: none, no upper bonus and no bonus for a further yacht (exercism's and OpenSpiel's yacht)",
    "four_of_a_kind (option): 'four_dice' (default) the four matching dice, or 'all_dice' the sum of all "
    "five (OpenSpiel's yacht)",
    "full_house_from_five (option): False (default) or True: five of a kind also counts as a full house, "
    "the sum of all five (OpenSpiel's yacht)",
    "end: after 12 rounds, when every box of every player is filled",
    "winner: the highest total (the sum of the boxes); players tied on the highest total share the win",
)


def yacht(*, four_of_a_kind: FourOfAKind = "four_dice", full_house_from_five: bool = False) -> ScorecardVariant:
    """Yacht as exercism scores it, with OpenSpiel's two readings as options.

    Args:
        four_of_a_kind: ``"four_dice"`` (the four matching dice) or ``"all_dice"`` (all five).
        full_house_from_five: five of a kind also counts as a full house.

    Raises:
        RuleConfigError: an option outside its values.

    Examples:
        >>> openspiel = yacht(four_of_a_kind="all_dice", full_house_from_five=True)
        >>> openspiel.score("four_of_a_kind", "33336"), openspiel.score("full_house", "22222")
        (18, 10)
        >>> openspiel.options
        {'four_of_a_kind': 'all_dice', 'full_house_from_five': True}
    """
    if four_of_a_kind not in ("four_dice", "all_dice") or not isinstance(four_of_a_kind, str):
        raise RuleConfigError(f"four_of_a_kind must be 'four_dice' or 'all_dice', not {brief(four_of_a_kind)}")
    if type(full_house_from_five) is not bool:
        raise RuleConfigError(f"full_house_from_five must be True or False, not {brief(full_house_from_five)}")
    other = []
    if four_of_a_kind == "all_dice":
        other.append(_FOUR_OF_A_KIND_ALL_DICE)
    if full_house_from_five:
        other.append(_FULL_HOUSE_FROM_FIVE)
    instead = {row.id: row for row in other}
    return ScorecardVariant.define(
        "yacht",
        rows=[instead.get(row.id, row) for row in ROWS],
        options={"four_of_a_kind": four_of_a_kind, "full_house_from_five": full_house_from_five},
        notes=NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"yacht": yacht}
_registry.register_family(VARIANTS)
