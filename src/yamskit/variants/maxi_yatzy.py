"""Maxi Yatzy, the six-dice Yatzy of Sweden and Norway: twenty boxes, 100 at 84, and saved throws.

One column of twenty boxes, six dice, three throws a turn; the throws a turn leaves unused
are **saved**: they go to the player's store, and a later turn may spend stored throws,
one at a time, after its own three (a turn always makes at least one throw). Number boxes
count the dice of their face; one pair, two pairs and three pairs count the dice of the
pairs (of different faces); three, four and five of a kind count the matching dice only;
small straight 1-2-3-4-5 = 15 and large straight 2-3-4-5-6 = 20 (the sixth die is free);
full straight 1-2-3-4-5-6 = 21; full house (three of one face and two of another) the sum of
those five dice; villa (two triples of different faces), tower (four of one face and two of
another) and chance the sum of all six; maxi yatzy (six of a kind) 100. 100 bonus points
when the number boxes reach 84.

Options: ``bonus`` (100, or 50 as some sheets pay), ``bonus_threshold`` (84, or 75 as one
Swedish rule page has it) and ``saved_throws`` (``False``: every turn has its three throws,
unused ones are lost). docs/rules/maxi-yatzy.md gives the rulings and their sources.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("maxi-yatzy")
    >>> v.score("three_pairs", "225566"), v.score("full_house", "344666"), v.score("tower", "336666")
    (26, 26, 30)
    >>> v.score("small_straight", "123453"), v.score("full_straight", "123456"), v.score("maxi_yatzy", "444444")
    (15, 21, 100)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import attrs

from .. import _registry
from ..categories import Category, constant, total, upper, when
from ..dice import Dice
from ..errors import RuleConfigError, brief
from ..scorecard.sheet import UpperBonus
from ..scorecard.variant import ScorecardVariant

__all__ = [
    "NOTES",
    "ROWS",
    "VARIANTS",
    "OfAKind",
    "full_house",
    "is_full_straight",
    "is_large_straight",
    "is_maxi_yatzy",
    "is_small_straight",
    "maxi_yatzy",
    "one_pair",
    "three_pairs",
    "tower",
    "two_pairs",
    "villa",
]


def _counts(dice: Dice) -> list[int]:
    """How many dice show each face: ``counts[face]``, faces 1 to 6 (index 0 unused)."""
    counts = [0] * 7
    for face in dice.faces:
        counts[face] += 1
    return counts


def one_pair(dice: Dice) -> int:
    """The highest pair: the sum of its two dice, else 0.

    Examples:
        >>> one_pair(Dice.parse("642651")), one_pair(Dice.parse("123456"))
        (12, 0)
    """
    counts = _counts(dice)
    return max((2 * face for face in range(1, 7) if counts[face] >= 2), default=0)


def two_pairs(dice: Dice) -> int:
    """Two pairs of different faces, the best two: the sum of those four dice, else 0.

    Four of a kind is one face only, so it is not two pairs.

    Examples:
        >>> two_pairs(Dice.parse("213355")), two_pairs(Dice.parse("225566")), two_pairs(Dice.parse("444412"))
        (16, 22, 0)
    """
    faces = sorted((face for face in range(1, 7) if _counts(dice)[face] >= 2), reverse=True)
    return 2 * (faces[0] + faces[1]) if len(faces) >= 2 else 0


def three_pairs(dice: Dice) -> int:
    """Three pairs of three different faces: the sum of the six dice, else 0.

    Examples:
        >>> three_pairs(Dice.parse("225566")), three_pairs(Dice.parse("222555")), three_pairs(Dice.parse("336666"))
        (26, 0, 0)
    """
    pairs = [face for face in range(1, 7) if _counts(dice)[face] >= 2]
    return 2 * sum(pairs) if len(pairs) >= 3 else 0


@attrs.frozen
class OfAKind:
    """``n`` dice of one face (the highest such face): the sum of those ``n`` dice only, else 0.

    A value (not a closure), so variants built from it pickle.

    Examples:
        >>> OfAKind(3)(Dice.parse("453554")), OfAKind(4)(Dice.parse("242252")), OfAKind(5)(Dice.parse("332333"))
        (15, 8, 15)
        >>> OfAKind(3)(Dice.parse("333666"))
        18
    """

    n: int

    def __call__(self, dice: Dice) -> int:
        counts = _counts(dice)
        n = self.n
        return max((n * face for face in range(1, 7) if counts[face] >= n), default=0)


def _faces(dice: Dice) -> frozenset[int]:
    return frozenset(dice.faces)


def is_small_straight(dice: Dice) -> bool:
    """Whether the dice show 1-2-3-4-5 (the sixth die any face).

    Examples:
        >>> is_small_straight(Dice.parse("123453")), is_small_straight(Dice.parse("234566"))
        (True, False)
    """
    return _faces(dice) >= {1, 2, 3, 4, 5}


def is_large_straight(dice: Dice) -> bool:
    """Whether the dice show 2-3-4-5-6 (the sixth die any face).

    Examples:
        >>> is_large_straight(Dice.parse("234566")), is_large_straight(Dice.parse("123456"))
        (True, True)
    """
    return _faces(dice) >= {2, 3, 4, 5, 6}


def is_full_straight(dice: Dice) -> bool:
    """Whether the six dice show 1-2-3-4-5-6.

    Examples:
        >>> is_full_straight(Dice.parse("615243")), is_full_straight(Dice.parse("123455"))
        (True, False)
    """
    return len(_faces(dice)) == 6


def full_house(dice: Dice) -> int:
    """Three of one face and two of another: the sum of those five dice (the best such five), else 0.

    Six dice may hold several: 666555 is 666+55 = 28 (not 555+66 = 27); a four or five of a
    kind holds a triple, so 666622 is 666+22 = 22. Five or six of one face alone is no full
    house: the pair must be of another face.

    Examples:
        >>> full_house(Dice.parse("344666")), full_house(Dice.parse("555666")), full_house(Dice.parse("666662"))
        (26, 28, 0)
    """
    counts = _counts(dice)
    best = 0
    for three in range(1, 7):
        if counts[three] >= 3:
            for two in range(1, 7):
                if two != three and counts[two] >= 2:
                    best = max(best, 3 * three + 2 * two)
    return best


def villa(dice: Dice) -> int:
    """Two triples of different faces (a *hus*, also called castle): the sum of the six dice, else 0.

    Examples:
        >>> villa(Dice.parse("222555")), villa(Dice.parse("666666"))
        (21, 0)
    """
    return total(dice) if sorted(_counts(dice))[-2:] == [3, 3] else 0


def tower(dice: Dice) -> int:
    """Four of one face and two of another (a *torn*): the sum of the six dice, else 0.

    Examples:
        >>> tower(Dice.parse("336666")), tower(Dice.parse("666666")), tower(Dice.parse("666612"))
        (30, 0, 0)
    """
    return total(dice) if sorted(_counts(dice))[-2:] == [2, 4] else 0


def is_maxi_yatzy(dice: Dice) -> bool:
    """Whether all six dice show one face.

    Examples:
        >>> is_maxi_yatzy(Dice.parse("444444")), is_maxi_yatzy(Dice.parse("44444"))
        (True, False)
    """
    return len(dice.faces) == 6 and len(_faces(dice)) == 1


#: The twenty rows of Maxi Yatzy, top to bottom (the order of the Swedish sheet), under their English names;
#: each also takes the Swedish name as an alias.
ROWS: tuple[Category, ...] = (
    *(
        upper(face, aliases=(swedish,))
        for face, swedish in enumerate(("ettor", "tvaor", "treor", "fyror", "femmor", "sexor"), start=1)
    ),
    Category("one_pair", one_pair, aliases=("ett_par",)),
    Category("two_pairs", two_pairs, aliases=("tva_par",)),
    Category("three_pairs", three_pairs, aliases=("tre_par",)),
    Category("three_of_a_kind", OfAKind(3), aliases=("tretal",)),
    Category("four_of_a_kind", OfAKind(4), aliases=("fyrtal",)),
    Category("five_of_a_kind", OfAKind(5), aliases=("femtal",)),
    Category("small_straight", when(is_small_straight, 15), aliases=("liten_straight",)),
    Category("large_straight", when(is_large_straight, 20), aliases=("stor_straight",)),
    Category("full_straight", when(is_full_straight, 21), aliases=("hel_straight",)),
    Category("full_house", full_house, aliases=("kak",)),
    Category("villa", villa, aliases=("hus", "castle")),
    Category("tower", tower, aliases=("torn",)),
    Category("chance", total, aliases=("chans",)),
    Category("maxi_yatzy", when(is_maxi_yatzy, constant(100)), "Maxi Yatzy", aliases=("maxiyatzy",)),
)

#: The rulings of Maxi Yatzy, one line each, set-up to winner (shown by ``describe()`` and ``yamskit rules``);
#: docs/rules/maxi-yatzy.md cites the sources.
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one column of 20 boxes each, seated in the order given; seat 0 starts, or "
    "new_game(first_player=SEAT), or first_player='roll_off' (the sources leave who starts to the table)",
    "turn: up to 3 throws of the six dice, at least one; before each further throw the player keeps any dice "
    "showing and throws the rest; after any throw the turn ends by filling one box: Score(row) writes what the "
    "dice are worth there (0 when they do not qualify), Scratch(row) crosses it out (0) (maxiyatzy.com)",
    "saved throws: the throws a turn leaves unused go to the player's store (a turn of one throw adds 2); a "
    "later turn may spend stored throws one at a time after its own 3, as many as the store holds; each player "
    "has their own store, with no limit; throws left in the store when the game ends are worth nothing "
    "(maxiyatzy.com, maxiyahtzee.com: unused throws are saved to the following turns)",
    "boxes: ones..sixes the sum of that face; one_pair the highest pair; two_pairs and three_pairs pairs of "
    "different faces, the sum of their dice; three/four/five_of_a_kind the sum of those dice only; "
    "small_straight 1-2-3-4-5 = 15 and large_straight 2-3-4-5-6 = 20, the sixth die any; full_straight "
    "1-2-3-4-5-6 = 21; full_house three and two of different faces, the sum of those five; villa two triples "
    "of different faces, tower four and two of different faces, chance, each the sum of all six; maxi_yatzy "
    "six of a kind = 100 (maxiyatzy.com)",
    "rulings: where the dice hold several readings the best counts (666555 as a full house is 666+55 = 28); "
    "four of a kind is not two pairs, and six of a kind is no full house, villa, tower or three pairs "
    "(the pairs, triples and the four must be of different faces)",
    "bonus: 100 when ones..sixes reach 84 (four of each face) (maxiyatzy.com)",
    "bonus (option): 100 (default) or 50 points",
    "bonus_threshold (option): 84 (default) or 75 (svenskaspelregler.se pays 50 at 75)",
    "saved_throws (option): True (default) or False: unused throws are lost, as in Yatzy",
    "end: after 20 rounds, when every box of every player is filled",
    "winner: the highest total (the boxes and the bonus); players tied on it share the win",
)


def maxi_yatzy(
    *, bonus: Literal[100, 50] = 100, bonus_threshold: Literal[84, 75] = 84, saved_throws: bool = True
) -> ScorecardVariant:
    """Maxi Yatzy as maxiyatzy.com plays it, with the other sheets' bonus and no saved throws as options.

    Args:
        bonus: the upper bonus, 100 or 50 points.
        bonus_threshold: the number boxes' total that earns it, 84 or 75.
        saved_throws: unused throws go to the player's store for later turns.

    Raises:
        RuleConfigError: an option outside its values.

    Examples:
        >>> v = maxi_yatzy(bonus=50, saved_throws=False)
        >>> v.rules.bonus.points(84), v.rules.saved_throws, len(v.rows)
        (50, False, 20)
        >>> maxi_yatzy(bonus=75)
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: bonus must be 100 or 50, not 75
    """
    if type(bonus) is not int or bonus not in (100, 50):
        raise RuleConfigError(f"bonus must be 100 or 50, not {brief(bonus)}")
    if type(bonus_threshold) is not int or bonus_threshold not in (84, 75):
        raise RuleConfigError(f"bonus_threshold must be 84 or 75, not {brief(bonus_threshold)}")
    if type(saved_throws) is not bool:
        raise RuleConfigError(f"saved_throws must be True or False, not {brief(saved_throws)}")
    return ScorecardVariant.define(
        "maxi-yatzy",
        rows=ROWS,
        bonus=UpperBonus.single(bonus_threshold, bonus),
        dice=6,
        saved_throws=saved_throws,
        options={"bonus": bonus, "bonus_threshold": bonus_threshold, "saved_throws": saved_throws},
        notes=NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"maxi-yatzy": maxi_yatzy}
_registry.register_family(VARIANTS)
