"""Generala, the game of Latin America and Spain: ten boxes and a doble generala, served bonuses, a served win.

One column: the number boxes unos to seises (sum of that face); escalera (a straight,
1-2-3-4-5 or 2-3-4-5-6) 20; full (three of one face and two of another) 30; poker (four
of a kind, five included) 40; generala (five of a kind) 50; doble generala (a second five
of a kind) 100, open only once the generala box holds points. An escalera, full or
poker made on the first throw of a turn (*servida*) is worth 5 more; a generala made on
the first throw and scored as one wins the game at once. No upper bonus.

Options for the variations players name: ``straight_wraps`` (any five different faces
are an escalera: 3-4-5-6-1 and the like), ``one_for_two`` (a 1 may stand in for a 2:
1-1-3-4-5, 1-3-4-5-6), ``generala_points`` (50, or 60 with a doble of 120),
``served_bonus`` (5 or 10) and ``doble_generala`` (``False``: no doble generala box).

Row ids are the Spanish names players write on the sheet; each row also takes its English
name (``ones``, ``straight``, ``full_house``, ``four_of_a_kind``, ``five_of_a_kind``) as an alias.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("generala")
    >>> v.score("escalera", "23456"), v.score("full", "22555"), v.score("poker", "44444"), v.score("cuatros", "44412")
    (20, 30, 40, 12)
    >>> v.score("escalera", "34561"), yamskit.variant("generala", straight_wraps=True).score("escalera", "34561")
    (0, 20)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import attrs

from .. import _registry
from ..categories import Category, face_sum, full_house, is_five_of_a_kind, n_of_a_kind, when
from ..dice import Dice
from ..errors import RuleConfigError, brief
from ..scorecard.game_rules import OpensAfter, ServedBonus, ServedWin
from ..scorecard.variant import ScorecardVariant

__all__ = ["NOTES", "NUMBER_ROWS", "VARIANTS", "GeneralaPoints", "Straight", "generala"]

#: What a generala is worth: 50 (a doble 100), or 60 (a doble 120).
GeneralaPoints = Literal[50, 60]

_STRAIGHTS = frozenset({(1, 2, 3, 4, 5), (2, 3, 4, 5, 6)})
_ONE_FOR_TWO = frozenset({(1, 1, 3, 4, 5), (1, 3, 4, 5, 6)})


@attrs.frozen
class Straight:
    """Generala's escalera as a predicate: 1-2-3-4-5 or 2-3-4-5-6, with the two common variations.

    Attributes:
        wraps: any five different faces count (the run may go on from 6 to 1: 3-4-5-6-1).
        one_for_two: a 1 may stand in for a 2 (1-1-3-4-5, 1-3-4-5-6).

    Examples:
        >>> Straight()(Dice.parse("54321")), Straight()(Dice.parse("13456")), Straight(wraps=True)(Dice.parse("13456"))
        (True, False, True)
        >>> Straight(one_for_two=True)(Dice.parse("11345")), Straight(wraps=True)(Dice.parse("11345"))
        (True, False)
    """

    wraps: bool = False
    one_for_two: bool = False

    def __call__(self, dice: Dice) -> bool:
        faces = dice.faces
        if faces in _STRAIGHTS or (self.one_for_two and faces in _ONE_FOR_TWO):
            return True
        return self.wraps and len(set(faces)) == 5


#: The number rows, ones to sixes, under the names written on a Generala sheet.
NUMBER_ROWS: tuple[Category, ...] = tuple(
    Category(row, face_sum(face), row.capitalize(), aliases=(english,))
    for face, (row, english) in enumerate(
        zip(
            ("unos", "doses", "treses", "cuatros", "cincos", "seises"),
            ("ones", "twos", "threes", "fours", "fives", "sixes"),
            strict=True,
        ),
        start=1,
    )
)
_FULL = Category("full", when(full_house(five_of_a_kind=False), 30), "Full", aliases=("full_house",))
_POKER = Category("poker", when(n_of_a_kind(4), 40), "Poker", aliases=("four_of_a_kind",))
#: The rows a served escalera, full or poker adds its bonus in.
_SERVED_ROWS = ("escalera", "full", "poker")

#: The rulings of Generala, one line each, set-up to winner (shown by ``describe()`` and ``yamskit rules``);
#: each names what it rests on (docs/rules/generala.md cites the pages).
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one column of 11 boxes each (10 without the doble generala), seated in the order "
    "given; seat 0 starts, or new_game(first_player=SEAT), or first_player='roll_off' (the pages leave who "
    "starts to the table)",
    "turn: up to 3 throws of the five dice; before the 2nd and 3rd the player keeps any dice showing and "
    "throws the rest; after any throw the turn ends by filling one box: Score(row) writes what the dice are "
    "worth there (0 when they do not qualify), Scratch(row) crosses it out (0), at any time (Wikipedia)",
    "boxes: unos..seises the sum of that face; escalera 1-2-3-4-5 or 2-3-4-5-6 = 20; full three of one face and "
    "two of another = 30; poker four of a kind (five of a kind too) = 40; generala five of a kind = 50; "
    "doble_generala a further five of a kind = 100 (Wikipedia; five of a kind may go in poker or a number box)",
    "rulings: five of a kind is not a full (three and two of different faces); the doble generala may be "
    "scored only once the generala box holds points (a generala scored 0 or crossed out never opens it), "
    "and may be crossed out at any time",
    "served: an escalera, full or poker made on the first throw of the turn is worth 5 more in its box "
    "(25, 35, 45); a generala made on the first throw and scored in generala (or in an open doble generala) "
    "wins the game at once; one scored elsewhere, or after a crossed-out generala, does not (Wikipedia)",
    "bonus: none (no upper bonus, no bonus for a further generala beside the doble)",
    "straight_wraps (option): False (default) or True: any five different faces are an escalera "
    "(3-4-5-6-1, 4-5-6-1-2...)",
    "one_for_two (option): False (default) or True: a 1 may stand in for a 2 in an escalera (1-1-3-4-5, 1-3-4-5-6)",
    "generala_points (option): 50 (default, doble 100) or 60 (doble 120)",
    "served_bonus (option): 5 (default) or 10 points for a served escalera, full or poker",
    "doble_generala (option): True (default) or False: no doble generala box (10 boxes)",
    "end: after 11 rounds (10 without the doble generala), when every box of every player is filled, or at "
    "once on a served generala",
    "winner: the player of a served generala; else the highest total, players tied on it sharing the win",
)


def _flag(name: str, value: object) -> bool:
    if type(value) is not bool:
        raise RuleConfigError(f"{name} must be True or False, not {brief(value)}")
    return value


def generala(
    *,
    straight_wraps: bool = False,
    one_for_two: bool = False,
    generala_points: GeneralaPoints = 50,
    served_bonus: Literal[5, 10] = 5,
    doble_generala: bool = True,
) -> ScorecardVariant:
    """Generala as the rule pages play it, with the common variations as options.

    Args:
        straight_wraps: any five different faces are an escalera.
        one_for_two: a 1 may stand in for a 2 in an escalera.
        generala_points: 50 (doble 100) or 60 (doble 120).
        served_bonus: 5 or 10 more for a served escalera, full or poker.
        doble_generala: whether the sheet has the doble generala box.

    Raises:
        RuleConfigError: an option outside its values.

    Examples:
        >>> v = generala(generala_points=60, doble_generala=False)
        >>> v.rows[-3:], v.score("generala", "33333")
        (('full', 'poker', 'generala'), 60)
        >>> sorted(v.options.items())[:3]
        [('doble_generala', False), ('generala_points', 60), ('one_for_two', False)]
    """
    wraps, one = _flag("straight_wraps", straight_wraps), _flag("one_for_two", one_for_two)
    doble = _flag("doble_generala", doble_generala)
    if type(generala_points) is not int or generala_points not in (50, 60):
        raise RuleConfigError(f"generala_points must be 50 or 60, not {brief(generala_points)}")
    if type(served_bonus) is not int or served_bonus not in (5, 10):
        raise RuleConfigError(f"served_bonus must be 5 or 10, not {brief(served_bonus)}")
    rows = [
        *NUMBER_ROWS,
        Category("escalera", when(Straight(wraps, one), 20), "Escalera", aliases=("straight",)),
        _FULL,
        _POKER,
        Category("generala", when(is_five_of_a_kind, generala_points), "Generala", aliases=("five_of_a_kind",)),
    ]
    winning = ["generala"]
    rules: list[Any] = [ServedBonus(_SERVED_ROWS, served_bonus)]
    if doble:
        doble_row = Category(
            "doble_generala",
            when(is_five_of_a_kind, 2 * generala_points),
            "Doble generala",
            aliases=("double_generala",),
        )
        rows.append(doble_row)
        rules.append(OpensAfter("doble_generala", "generala"))
        winning.append("doble_generala")
    rules.append(ServedWin(winning, "a generala on the first throw"))
    return ScorecardVariant.define(
        "generala",
        rows=rows,
        rules=rules,
        options={
            "straight_wraps": straight_wraps,
            "one_for_two": one_for_two,
            "generala_points": generala_points,
            "served_bonus": served_bonus,
            "doble_generala": doble_generala,
        },
        notes=NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"generala": generala}
_registry.register_family(VARIANTS)
