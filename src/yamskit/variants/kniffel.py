"""Kniffel, the German Yahtzee of Schmidt Spiele: Yahtzee's thirteen boxes under their German names.

One column of thirteen boxes. Einser ... Sechser count the dice of their face;
Dreierpasch and Viererpasch (three and four of a kind) the sum of all five dice; Full
House 25; Kleine Straße (four in a row) 30; Große Straße (five in a row) 40; Kniffel
(five of a kind) 50; Chance the sum. 35 bonus points when Einser to Sechser reach 63.
Any box may be crossed out.

A further Kniffel, once the Kniffel box holds an entry (Schmidt Spiele's sheet): while the
number box of its face is open it goes there and earns 50 more points; with that box
filled it is a joker, worth its full value in any open lower box (40 in the Große
Straße), else a 0 in a number box. Other editions' readings are options: ``joker``
(classic's four readings) and ``kniffel_bonus`` with ``bonus_when``.

The row ids are what a German player types (``"einser"``, ``"fuenfer"``, ``"grosse_strasse"``);
the labels, with their umlauts and ß, are read too (``"Fünfer"``, ``"Große Straße"``), and
so are the English names (``"fives"``, ``"large straight"``, ``"yahtzee"``), declared as the
rows' aliases.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("kniffel")
    >>> v.score("dreierpasch", "33325"), v.score("Full House", "22555"), v.score("Große Straße", "23456")
    (16, 25, 40)
    >>> v.score("fünfer", "55512"), v.score("fuenfer", "55512"), v.score("fives", "55512"), v.score("yahtzee", "44444")
    (15, 15, 15, 50)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from .. import _registry, adapters
from ..categories import (
    Category,
    is_five_of_a_kind,
    is_full_house,
    is_large_straight,
    is_small_straight,
    n_of_a_kind,
    total,
    upper,
    when,
)
from ..errors import RuleConfigError, brief
from ..scorecard.house_rules import FiveOfAKindBonus, Joker, JokerKind, NumberBoxBonus
from ..scorecard.placement import PlacementRule
from ..scorecard.sheet import UpperBonus
from ..scorecard.variant import ScorecardVariant

__all__ = ["BONUS", "NOTES", "NUMBER_ROWS", "ROWS", "VARIANTS", "BonusWhen", "kniffel"]

#: When a further Kniffel earns ``kniffel_bonus``: written in its own open number box, after any
#: entry in the Kniffel box (Schmidt Spiele's sheet), or wherever it goes while the Kniffel box
#: holds 50 (Hasbro's Yahtzee).
BonusWhen = Literal["number_box", "always"]

#: The number rows, Einser to Sechser, the face's row at index ``face - 1`` (the joker's ``upper``).
NUMBER_ROWS: tuple[str, ...] = ("einser", "zweier", "dreier", "vierer", "fuenfer", "sechser")
_ENGLISH = ("ones", "twos", "threes", "fours", "fives", "sixes")
_GERMAN = ("Einser", "Zweier", "Dreier", "Vierer", "Fünfer", "Sechser")
#: What the sheet's "nur Einsen zählen" calls the dice (an umlaut is read as the letter or with e).
_PLURAL = (("einsen",), ("zweien",), ("dreien",), ("vieren",), ("fünfen", "fuenfen"), ("sechsen",))

#: The thirteen rows of the Kniffel block, top to bottom, each with its English names as aliases.
ROWS: tuple[Category, ...] = (
    *(
        upper(face, NUMBER_ROWS[face - 1], _GERMAN[face - 1], aliases=(_ENGLISH[face - 1], *_PLURAL[face - 1]))
        for face in range(1, 7)
    ),
    Category("dreierpasch", when(n_of_a_kind(3), total), aliases=("three_of_a_kind", "3er_pasch")),
    Category("viererpasch", when(n_of_a_kind(4), total), aliases=("four_of_a_kind", "4er_pasch")),
    Category("full_house", when(is_full_house, 25), "Full House"),
    Category("kleine_strasse", when(is_small_straight, 30), "Kleine Straße", aliases=("small_straight",)),
    Category("grosse_strasse", when(is_large_straight, 40), "Große Straße", aliases=("large_straight",)),
    Category("kniffel", when(is_five_of_a_kind, 50), aliases=("yahtzee", "yams", "yam", "five_of_a_kind")),
    Category("chance", total),
)

#: 35 points when Einser to Sechser total 63 or more.
BONUS = UpperBonus.single(63, 35, rows=NUMBER_ROWS)

#: The rulings of Kniffel, one line each, set-up to winner (shown by ``describe()`` and ``yamskit rules``);
#: each names what it rests on (docs/rules/kniffel.md cites the sheets).
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one column of 13 boxes each, seated in the order given (Schmidt's sheet says 2 "
    "to 8; solitaire is played too); seat 0 starts, or new_game(first_player=SEAT), or first_player='roll_off': "
    "each throws the five dice, the highest starts, tied leaders throw again (Schmidt's sheet)",
    "turn: up to 3 throws, the first of all five dice; before the 2nd and 3rd the player keeps any dice and "
    "throws the rest (kept dice may be thrown again later); after any throw the turn ends by filling one box: "
    "Score(row) writes what the dice are worth there (0 when they do not qualify), Scratch(row) crosses it "
    "out (0), at any time (Schmidt's sheet: 'gestrichen', a 0 is written)",
    "boxes: einser..sechser the sum of that face; dreierpasch and viererpasch the sum of all five dice; "
    "full_house 25 (five of a kind is not one, except as a joker); kleine_strasse 30 (1234, 2345, 3456; a "
    "große Straße is one too); grosse_strasse 40; kniffel 50; chance the sum (Schmidt's sheet)",
    "bonus: 35 when einser..sechser total 63 or more (Schmidt's sheet)",
    "joker (option): 'forced' (default, Schmidt's sheet): a further Kniffel, once the Kniffel box holds an "
    "entry, goes in the number box of its face while that is open; with it filled, in any open lower box at "
    "full value (Full House 25, Straßen 30/40); with none open, a 0 in a number box; None, 'free' and 'seed' "
    "as in classic",
    "kniffel_bonus (option): 50 (default, Schmidt's sheet), 0 or 100 beside the boxes for a further Kniffel",
    "bonus_when (option): 'number_box' (default, Schmidt's sheet): the bonus is paid when a further Kniffel "
    "is written in its own number box, after any entry in the Kniffel box (a 0 too), never for a joker; "
    "'always': for every further Kniffel while the Kniffel box holds 50, wherever it goes (Hasbro's Yahtzee)",
    "end: after 13 rounds, when every box of every player is filled",
    "winner: the highest total (boxes + the 35 bonus + Kniffel bonuses); players tied on the highest total "
    "share the win",
)


def _rules(joker: JokerKind | None, kniffel_bonus: int, bonus_when: BonusWhen) -> list[PlacementRule]:
    if joker is not None and (not isinstance(joker, str) or joker not in ("free", "forced", "seed")):
        raise RuleConfigError(f"joker must be None, 'free', 'forced' or 'seed', not {brief(joker)}")
    if type(kniffel_bonus) is not int or kniffel_bonus not in (0, 50, 100):
        raise RuleConfigError(f"kniffel_bonus must be 0, 50 or 100, not {brief(kniffel_bonus)}")
    if not isinstance(bonus_when, str) or bonus_when not in ("number_box", "always"):
        raise RuleConfigError(f"bonus_when must be 'number_box' or 'always', not {brief(bonus_when)}")
    rules: list[PlacementRule] = []
    if joker is not None:
        rules.append(Joker(joker, row="kniffel", upper=NUMBER_ROWS))
    if kniffel_bonus and bonus_when == "number_box":
        rules.append(NumberBoxBonus(kniffel_bonus, row="kniffel", upper=NUMBER_ROWS))
    elif kniffel_bonus:
        rules.append(FiveOfAKindBonus(kniffel_bonus, row="kniffel"))
    return rules


def kniffel(
    *, joker: JokerKind | None = "forced", kniffel_bonus: int = 50, bonus_when: BonusWhen = "number_box"
) -> ScorecardVariant:
    """Kniffel as Schmidt Spiele's sheet plays it, with other editions' readings as options.

    Args:
        joker: what a further Kniffel may do once the Kniffel box is filled (classic's readings;
            ``None``: nothing).
        kniffel_bonus: 0, 50 or 100 points beside the boxes for a further Kniffel.
        bonus_when: ``"number_box"`` (paid when it is written in its own number box) or
            ``"always"`` (paid for each while the Kniffel box holds 50).

    Raises:
        RuleConfigError: an option outside its values.

    Examples:
        >>> kniffel().options
        {'joker': 'forced', 'kniffel_bonus': 50, 'bonus_when': 'number_box'}
        >>> hasbro = kniffel(kniffel_bonus=100, bonus_when="always")  # Yahtzee's rules on the Kniffel block
        >>> [type(rule).__name__ for rule in hasbro.rules.placement_rules]
        ['Joker', 'FiveOfAKindBonus']
    """
    return ScorecardVariant.define(
        "kniffel",
        rows=ROWS,
        bonus=BONUS,
        rules=_rules(joker, kniffel_bonus, bonus_when),
        options={"joker": joker, "kniffel_bonus": kniffel_bonus, "bonus_when": bonus_when},
        notes=NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"kniffel": kniffel}
_registry.register_family(VARIANTS)
adapters.register_title("kniffel", "Kniffel")
