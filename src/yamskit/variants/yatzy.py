"""Yatzy, the Scandinavian game: fifteen boxes, pairs and kinds by their matching dice, 50 at 63.

One column of fifteen boxes. Number boxes count the dice of their face; one pair, two
pairs, three and four of a kind count only the matching dice (the highest pair for one
pair); small straight is exactly 1-2-3-4-5 for 15, large straight exactly 2-3-4-5-6 for
20; full house (three and two) the sum of all five; chance the sum; yatzy (five of a
kind) 50. 50 bonus points when the number boxes reach 63. No joker, no bonus for a
further Yatzy. Highest possible total: 374.

Rule pages differ on two boxes; the default is yatzy-solver's ``yatzy-scandinavian``:
a full house also counts as two pairs, four of a kind does not, and five of a kind is
no full house. Options: ``two_pairs_from_four`` (four of a kind counts as two pairs of
one face: yatzy-solver's ``+tp4``) and ``full_house_from_five`` (five of a kind counts as
a full house: ``+fh5``).

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yatzy")
    >>> v.score("one_pair", "53321"), v.score("two_pairs", "53344"), v.score("full_house", "35533")
    (6, 14, 19)
    >>> v.score("two_pairs", "22555"), v.score("two_pairs", "44442"), v.score("full_house", "55555")
    (14, 0, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import _registry
from ..categories import (
    Category,
    full_house,
    is_five_of_a_kind,
    is_high_straight,
    is_low_straight,
    kind_face,
    matching_sum,
    total,
    upper,
    when,
)
from ..dice import Dice
from ..errors import RuleConfigError, brief
from ..scorecard.sheet import UpperBonus
from ..scorecard.variant import ScorecardVariant

__all__ = ["BONUS", "NOTES", "ROWS", "VARIANTS", "two_pairs", "two_pairs_or_four_of_a_kind", "yatzy"]


def two_pairs(dice: Dice) -> int:
    """Two pairs of different faces: the sum of those four dice, else 0.

    A full house holds two such pairs (three of one face include a pair); four of a kind
    is one face only, so it is not two pairs.

    Examples:
        >>> two_pairs(Dice.parse("33445")), two_pairs(Dice.parse("22555")), two_pairs(Dice.parse("44442"))
        (14, 14, 0)
    """
    pairs = [face for face, count in enumerate(dice.counts, start=1) if count >= 2]
    return 2 * sum(pairs) if len(pairs) == 2 else 0


def two_pairs_or_four_of_a_kind(dice: Dice) -> int:
    """`two_pairs`, where four (or five) of a kind also counts: two pairs of one face, four times the face.

    Examples:
        >>> two_pairs_or_four_of_a_kind(Dice.parse("44442")), two_pairs_or_four_of_a_kind(Dice.parse("55555"))
        (16, 20)
    """
    face = kind_face(dice, 4)
    return 4 * face if face is not None else two_pairs(dice)


#: The fifteen rows of Yatzy under the default readings, top to bottom.
ROWS: tuple[Category, ...] = (
    *(upper(face) for face in range(1, 7)),
    Category("one_pair", matching_sum(2)),
    Category("two_pairs", two_pairs),
    Category("three_of_a_kind", matching_sum(3)),
    Category("four_of_a_kind", matching_sum(4)),
    Category("small_straight", when(is_low_straight, 15)),
    Category("large_straight", when(is_high_straight, 20)),
    Category("full_house", when(full_house(five_of_a_kind=False), total)),
    Category("chance", total),
    Category("yatzy", when(is_five_of_a_kind, 50)),
)
#: The two rows the options change, in their other readings.
_TWO_PAIRS_FROM_FOUR = Category("two_pairs", two_pairs_or_four_of_a_kind)
_FULL_HOUSE_FROM_FIVE = Category("full_house", when(full_house(five_of_a_kind=True), total))

#: 50 points when the number boxes total 63 or more.
BONUS = UpperBonus.single(63, 50)

#: The rulings of Yatzy, one line each, set-up to winner (shown by ``describe()`` and ``yamskit rules``);
#: each names what it rests on (docs/rules/yatzy.md cites the pages).
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one column of 15 boxes each, seated in the order given (solitaire is played "
    "too); seat 0 starts, or new_game(first_player=SEAT), or first_player='roll_off': each throws the five "
    "dice, the highest sum starts, tied leaders throw again (the rule pages leave who starts to the table)",
    "turn: up to 3 throws of the five dice; before the 2nd and 3rd the player keeps any dice showing and "
    "throws the rest (kept dice may be thrown again later); after any throw the turn ends by filling one "
    "box: Score(row) writes what the dice are worth there (0 when they do not qualify), Scratch(row) "
    "crosses it out (0), at any time (every rule page)",
    "boxes: ones..sixes the sum of that face; one_pair the sum of the highest pair; two_pairs two pairs of "
    "different faces, the sum of those four dice; three_of_a_kind and four_of_a_kind the sum of those three "
    "or four dice only; small_straight exactly 1-2-3-4-5 = 15; large_straight exactly 2-3-4-5-6 = 20; "
    "full_house three of one face and two of another, the sum of all five; chance the sum; yatzy five of a "
    "kind = 50; highest possible total 374 (every rule page)",
    "rulings: a full house also counts as two pairs (it holds two pairs of different faces); four of a kind "
    "is not two pairs; five of a kind is not a full house (yatzy-solver's yatzy-scandinavian; pages differ)",
    "bonus: 50 when the number boxes total 63 or more; no joker and no bonus for a further Yatzy (every rule page)",
    "two_pairs_from_four (option): False (default) or True: four or five of a kind also counts as two pairs "
    "of one face, four times the face (yatzy-solver's +tp4)",
    "full_house_from_five (option): False (default) or True: five of a kind also counts as a full house, "
    "the sum of all five (yatzy-solver's +fh5)",
    "end: after 15 rounds, when every box of every player is filled",
    "winner: the highest total (boxes + the 50 bonus); players tied on the highest total share the win",
)


def _flag(name: str, value: object) -> bool:
    if type(value) is not bool:
        raise RuleConfigError(f"{name} must be True or False, not {brief(value)}")
    return value


def yatzy(*, two_pairs_from_four: bool = False, full_house_from_five: bool = False) -> ScorecardVariant:
    """Scandinavian Yatzy, with the two readings on which rule pages differ as options.

    Args:
        two_pairs_from_four: four (or five) of a kind also counts as two pairs of one face.
        full_house_from_five: five of a kind also counts as a full house.

    Raises:
        RuleConfigError: an option that is not ``True`` or ``False``.

    Examples:
        >>> yatzy().score("two_pairs", "44442"), yatzy(two_pairs_from_four=True).score("two_pairs", "44442")
        (0, 16)
        >>> yatzy(full_house_from_five=True).options
        {'two_pairs_from_four': False, 'full_house_from_five': True}
    """
    other = []
    if _flag("two_pairs_from_four", two_pairs_from_four):
        other.append(_TWO_PAIRS_FROM_FOUR)
    if _flag("full_house_from_five", full_house_from_five):
        other.append(_FULL_HOUSE_FROM_FIVE)
    instead = {row.id: row for row in other}
    return ScorecardVariant.define(
        "yatzy",
        rows=[instead.get(row.id, row) for row in ROWS],
        bonus=BONUS,
        options={"two_pairs_from_four": two_pairs_from_four, "full_house_from_five": full_house_from_five},
        notes=NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"yatzy": yatzy}
_registry.register_family(VARIANTS)
