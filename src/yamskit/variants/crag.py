"""Crag, the three-dice game of thirteen boxes: a crag, a thirteen, four straights and the numbers.

Three dice, two throws: throw all three, then throw again any of them (or none) once.
One column of thirteen boxes: the number boxes ones to sixes (sum of that face); odd
straight 1-3-5, even straight 2-4-6, low straight 1-2-3 and high straight 4-5-6, 20
each; three of a kind 25; thirteen (three dice totalling 13) 26; crag (a pair, the three
dice totalling 13: 1-6-6, 3-5-5 or 4-4-5) 50. No bonus; the best sheet is 244.

The rule pages disagree on whether a crag may also go in the thirteen box: Wikipedia
(after Knizia) says any three dice totalling 13 are a thirteen, dice-play.com lists a
thirteen as 2-5-6 or 3-4-6 only. The default is the narrow reading (a crag is not a
thirteen); ``thirteen_takes_crag=True`` is the wide one.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("crag")
    >>> v.score("crag", "661"), v.score("thirteen", "346"), v.score("three_of_a_kind", "444")
    (50, 26, 25)
    >>> v.score("thirteen", "661"), yamskit.variant("crag", thirteen_takes_crag=True).score("thirteen", "661")
    (0, 26)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .. import _registry
from ..categories import Category, n_of_a_kind, upper, when
from ..dice import Dice
from ..errors import RuleConfigError, brief
from ..scorecard.variant import ScorecardVariant

__all__ = ["NOTES", "ROWS", "VARIANTS", "Run", "Thirteen", "crag"]


@attrs.frozen
class Thirteen:
    """Crag's two thirteen boxes as a predicate: the dice total 13, with or without a pair.

    Attributes:
        pair: ``True`` asks for a pair among the dice (the crag box), ``False`` for none (the
            narrow thirteen box), ``None`` takes any dice totalling 13 (the wide thirteen box).

    Examples:
        >>> Thirteen(True)(Dice.parse("445")), Thirteen(False)(Dice.parse("445")), Thirteen(None)(Dice.parse("445"))
        (True, False, True)
        >>> Thirteen(False)(Dice.parse("256")), Thirteen(None)(Dice.parse("255"))
        (True, False)
    """

    pair: bool | None

    @property
    def __name__(self) -> str:
        return {True: "crag", False: "thirteen_no_pair", None: "thirteen"}[self.pair]

    def __call__(self, dice: Dice) -> bool:
        if dice.total != 13:
            return False
        return self.pair is None or (max(dice.counts) >= 2) is self.pair


@attrs.frozen
class Run:
    """One of Crag's straights as a predicate: the dice show exactly these three faces.

    Attributes:
        faces: the three faces, smallest first.

    Examples:
        >>> Run((1, 3, 5))(Dice.parse("531")), Run((1, 3, 5))(Dice.parse("135")), Run((2, 4, 6))(Dice.parse("246"))
        (True, True, True)
        >>> Run((1, 2, 3))(Dice.parse("124"))
        False
    """

    faces: tuple[int, int, int]

    @property
    def __name__(self) -> str:
        return "run_" + "".join(map(str, self.faces))

    def __call__(self, dice: Dice) -> bool:
        return dice.faces == self.faces


#: The thirteen rows of Crag under the default reading, top to bottom (dice-play.com's sheet).
ROWS: tuple[Category, ...] = (
    *(upper(face) for face in range(1, 7)),
    Category("odd_straight", when(Run((1, 3, 5)), 20), "Odd straight"),
    Category("even_straight", when(Run((2, 4, 6)), 20), "Even straight"),
    Category("low_straight", when(Run((1, 2, 3)), 20), "Low straight"),
    Category("high_straight", when(Run((4, 5, 6)), 20), "High straight"),
    Category("three_of_a_kind", when(n_of_a_kind(3), 25), "Three of a kind"),
    Category("thirteen", when(Thirteen(False), 26), "Thirteen"),
    Category("crag", when(Thirteen(True), 50), "Crag"),
)
#: The thirteen row in Wikipedia's reading (a crag may go there too).
_WIDE_THIRTEEN = Category("thirteen", when(Thirteen(None), 26), "Thirteen")

#: The rulings of Crag, one line each, set-up to winner (shown by ``describe()`` and ``yamskit rules``);
#: each names what it rests on (docs/rules/crag.md cites the pages).
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one column of 13 boxes each, seated in the order given (solitaire is played "
    "too); seat 0 starts, or new_game(first_player=SEAT), or first_player='roll_off' (the pages leave who "
    "starts to the table)",
    "turn: up to 2 throws of the three dice; before the 2nd the player keeps any dice showing and throws "
    "the rest, and may stop after the 1st; the turn ends by filling one box: Score(row) writes what the "
    "dice are worth there (0 when they do not qualify), Scratch(row) crosses it out (0) (Wikipedia, "
    "dice-play.com)",
    "boxes: ones..sixes the sum of that face; odd_straight 1-3-5, even_straight 2-4-6, low_straight 1-2-3, "
    "high_straight 4-5-6 = 20 each; three_of_a_kind three equal dice = 25; thirteen three dice totalling "
    "13 without a pair (2-5-6, 3-4-6) = 26; crag a pair totalling 13 (1-6-6, 3-5-5, 4-4-5) = 50 "
    "(Wikipedia after Knizia, dice-play.com)",
    "rulings: a crag is not a thirteen (dice-play.com lists only 2-5-6 and 3-4-6 there; Wikipedia takes "
    "any dice totalling 13, see the option); three of a kind never totals 13, so it is never a crag",
    "bonus: none; the best sheet is 244 (Wikipedia)",
    "thirteen_takes_crag (option): False (default) or True: any three dice totalling 13, a crag included, "
    "score 26 in thirteen (Wikipedia's reading)",
    "end: after 13 rounds, when every box of every player is filled",
    "winner: the highest total (the sum of the boxes); players tied on the highest total share the win",
)


def crag(*, thirteen_takes_crag: bool = False) -> ScorecardVariant:
    """Crag as dice-play.com scores it, with Wikipedia's wider thirteen as an option.

    Args:
        thirteen_takes_crag: a crag (1-6-6, 3-5-5, 4-4-5) also scores 26 in the thirteen box.

    Raises:
        RuleConfigError: an option outside its values.

    Examples:
        >>> v = crag()
        >>> v.rules.dice, v.rules.max_throws, len(v.rows), v.score("odd_straight", "351")
        (3, 2, 13, 20)
        >>> crag(thirteen_takes_crag=True).options
        {'thirteen_takes_crag': True}
    """
    if type(thirteen_takes_crag) is not bool:
        raise RuleConfigError(f"thirteen_takes_crag must be True or False, not {brief(thirteen_takes_crag)}")
    rows = [_WIDE_THIRTEEN if thirteen_takes_crag and row.id == "thirteen" else row for row in ROWS]
    return ScorecardVariant.define(
        "crag",
        rows=rows,
        dice=3,
        max_throws=2,
        options={"thirteen_takes_crag": thirteen_takes_crag},
        notes=NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"crag": crag}
_registry.register_family(VARIANTS)
