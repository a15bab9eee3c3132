"""Balut, the dice game of Danish clubs abroad and of the Philippines: seven categories of four boxes, won on points.

One column of seven categories, each scored **four times** (28 turns): fours, fives and
sixes (sum of that face); straight (1-2-3-4-5 = 15, 2-3-4-5-6 = 20, else 0); full house
(three of one face and two of another: the sum of all five); choice (the sum); balut (five
of a kind: 20 plus the sum). Each category is one row of four boxes: ``Score("fours")``
fills its first free box (the boxes are ``fours``, ``fours_2``, ``fours_3``, ``fours_4``).

The game is won on points, a declared result (`yamskit.scorecard.points.PointsTable`):
2 for fours totalling 52 or more, 2 for fives at 65+, 2 for sixes at 78+, 4 for a
straight in each of the four straight boxes, 3 for a full house in each of the four full
house boxes, 2 for choice at 100+, 2 for each balut, and -2 to 6 by the band of the grand
total (under 300 to 650 and more). The most points win, the grand total breaking ties.

Options: ``won_on="total"`` (the simple game some tables play, won on the total) and
``full_house_from_five=True`` (five of a kind is a full house too).

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("balut")
    >>> v.score("straight", "12345"), v.score("straight", "65432"), v.score("full_house", "33666")
    (15, 20, 24)
    >>> v.score("balut", "44444"), v.score("choice", "12366"), v.score("full_house", "55555")
    (40, 18, 0)
    >>> len(v.rows), v.rows[:5]
    (28, ('fours', 'fours_2', 'fours_3', 'fours_4', 'fives'))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from .. import _registry
from ..categories import Category, face_sum, full_house, is_five_of_a_kind, total, when
from ..dice import Dice
from ..errors import RuleConfigError, brief
from ..scorecard.points import Award, PointsTable
from ..scorecard.variant import ScorecardVariant

__all__ = ["BANDS", "NOTES", "POINTS", "VARIANTS", "WonOn", "balut", "balut_points", "straight_points"]

#: What decides the game: the points of the points table (default), or the grand total alone.
WonOn = Literal["points", "total"]

#: The points the grand total earns: ``(from_total, points)``, ascending (under 300: -2).
BANDS: tuple[tuple[int, int], ...] = (
    (0, -2),
    (300, -1),
    (350, 0),
    (400, 1),
    (450, 2),
    (500, 3),
    (550, 4),
    (600, 5),
    (650, 6),
)

#: Balut's points table: the thresholds of the categories, the boxes without a 0, each balut, the bands.
POINTS = PointsTable(
    (
        Award.at_least("fours", 52, 2),
        Award.at_least("fives", 65, 2),
        Award.at_least("sixes", 78, 2),
        Award.no_zero("straight", 4),
        Award.no_zero("full_house", 3),
        Award.at_least("choice", 100, 2),
        Award.per_box("balut", 2),
        Award.bands(BANDS),
    )
)


def straight_points(dice: Dice) -> int:
    """Balut's straight: 1-2-3-4-5 is worth 15, 2-3-4-5-6 20, anything else 0.

    Examples:
        >>> [straight_points(Dice.parse(faces)) for faces in ("31452", "23456", "12346")]
        [15, 20, 0]
    """
    faces = dice.faces
    return 15 if faces == (1, 2, 3, 4, 5) else 20 if faces == (2, 3, 4, 5, 6) else 0


def balut_points(dice: Dice) -> int:
    """Balut's balut: five of a kind is worth 20 plus the sum of the dice; anything else 0.

    Examples:
        >>> balut_points(Dice.parse("66666")), balut_points(Dice.parse("11111")), balut_points(Dice.parse("66665"))
        (50, 25, 0)
    """
    return 20 + total(dice) if is_five_of_a_kind(dice) else 0


#: The rulings of Balut, one line each, set-up to winner (shown by ``describe()`` and ``yamskit rules``);
#: each names what it rests on (docs/rules/balut.md cites the pages).
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one column of 7 categories with 4 boxes each (28 boxes), seated in the order given; "
    "seat 0 starts, or new_game(first_player=SEAT), or first_player='roll_off' (the pages leave who starts to "
    "the table)",
    "turn: up to 3 throws of the five dice; before the 2nd and 3rd the player keeps any dice showing and throws "
    "the rest; after any throw the turn ends by filling one box: Score(category) writes what the dice are worth "
    "in the category's first free box (0 when they do not qualify), Scratch(category) crosses it out (0); the "
    "four boxes of a category are alike, so the player names the category, not the box (dice-play.com, "
    "diceworldgame.com)",
    "boxes: fours, fives, sixes the sum of that face; straight 1-2-3-4-5 = 15, 2-3-4-5-6 = 20; full_house three "
    "of one face and two of another = the sum of all five; choice the sum; balut five of a kind = 20 plus the "
    "sum (dice-play.com, playonlinedicegames.com, incompleatgamester.com)",
    "rulings: five of a kind is not a full house (the pages define the full house as three of a kind and a "
    "pair; option full_house_from_five); a crossed-out box holds 0, so it spoils the straight's and the full "
    "house's points",
    "points: fours 52 or more 2; fives 65 or more 2; sixes 78 or more 2; straight 4 when none of its four "
    "boxes is 0; full_house 3 when none of its four boxes is 0; choice 100 or more 2; balut 2 for each balut "
    "scored (diceworldgame.com, playonlinedicegames.com)",
    "bands: the grand total earns -2 under 300, -1 from 300, 0 from 350, 1 from 400, 2 from 450, 3 from 500, "
    "4 from 550, 5 from 600, 6 from 650 (diceworldgame.com); at most 29 points in all",
    "bonus: none beside the points (no upper bonus)",
    "won_on (option): 'points' (default) or 'total': the simple game, won on the grand total (goldcup.games)",
    "full_house_from_five (option): False (default) or True: five of a kind is also a full house, the sum of all five",
    "end: after 28 rounds, when every box of every player is filled",
    "winner: the most points, the grand total breaking ties on points; players level on both share the win "
    "(with won_on='total': the highest total, players tied on it sharing the win)",
)


def balut(*, won_on: WonOn = "points", full_house_from_five: bool = False) -> ScorecardVariant:
    """Balut as the rule pages play it, with the simple game and five of a kind as a full house as options.

    Args:
        won_on: ``"points"`` (the points table, `POINTS`) or ``"total"`` (the grand total alone).
        full_house_from_five: five of a kind is also a full house.

    Raises:
        RuleConfigError: an option outside its values.

    Examples:
        >>> v = balut(full_house_from_five=True)
        >>> v.score("full_house", "55555"), v.options
        (25, {'won_on': 'points', 'full_house_from_five': True})
        >>> balut(won_on="total").rules.result is None
        True
    """
    if not isinstance(won_on, str) or won_on not in ("points", "total"):
        raise RuleConfigError(f"won_on must be 'points' or 'total', not {brief(won_on)}")
    if type(full_house_from_five) is not bool:
        raise RuleConfigError(f"full_house_from_five must be True or False, not {brief(full_house_from_five)}")
    house = full_house(five_of_a_kind=full_house_from_five)
    rows = [
        Category("fours", face_sum(4), boxes=4),
        Category("fives", face_sum(5), boxes=4),
        Category("sixes", face_sum(6), boxes=4),
        Category("straight", straight_points, boxes=4),
        Category("full_house", when(house, total), boxes=4, aliases=("house",)),
        Category("choice", total, boxes=4),
        Category("balut", balut_points, boxes=4, aliases=("five_of_a_kind",)),
    ]
    return ScorecardVariant.define(
        "balut",
        rows=rows,
        result=POINTS if won_on == "points" else None,
        options={"won_on": won_on, "full_house_from_five": full_house_from_five},
        notes=NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"balut": balut}
_registry.register_family(VARIANTS)
