"""Classic Yams (rule sheet 002) and the official Yahtzee preset.

One column of thirteen boxes. Number boxes count the dice of their face; three and
four of a kind count all five dice; full house 25, small straight 30, large straight
40, Yams 50, chance the sum. 35 bonus points when the number boxes reach 63. Any
box may be crossed out. Five of a kind is not a full house, except through a joker.

Options: ``joker`` (``None``, ``"free"``, ``"forced"``, ``"seed"``) and
``yams_bonus`` (0 or 100). The ``yahtzee`` preset is ``joker="forced",
yams_bonus=100``, the printed Hasbro rules.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("classic")
    >>> v.score("three_of_a_kind", "33325"), v.score("full_house", "22555"), v.score("full_house", "55555")
    (16, 25, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
from ..scorecard.house_rules import FiveOfAKindBonus, Joker, JokerKind
from ..scorecard.placement import PlacementRule
from ..scorecard.sheet import UpperBonus
from ..scorecard.variant import ScorecardVariant

__all__ = ["NOTES", "ROWS", "VARIANTS", "classic", "yahtzee"]

#: The thirteen rows of classic Yams, top to bottom.
ROWS: tuple[Category, ...] = (
    *(upper(face) for face in range(1, 7)),
    Category("three_of_a_kind", when(n_of_a_kind(3), total)),
    Category("four_of_a_kind", when(n_of_a_kind(4), total)),
    Category("full_house", when(is_full_house, 25)),
    Category("small_straight", when(is_small_straight, 30)),
    Category("large_straight", when(is_large_straight, 40)),
    Category("yams", when(is_five_of_a_kind, 50)),
    Category("chance", total),
)
#: The rulings of classic Yams, one line each, set-up to winner (shown by ``describe()`` and ``yamskit rules``);
#: each names what it rests on: the rule sheet (002) or a RULINGS choice where the sheet is silent.
NOTES: tuple[str, ...] = (
    "set-up: 1 to 8 players, one column of 13 boxes each, seated in the order given (the sheet says 2 or "
    "more; solitaire is allowed for practice and solvers); seat 0 starts, or new_game(first_player=SEAT), "
    "or first_player='roll_off': each throws the five dice, the highest sum starts, tied leaders throw "
    "again (sheet 002)",
    "turn: up to 3 throws of the five dice; before the 2nd and 3rd the player keeps any dice showing and "
    "throws the rest (kept dice may be thrown again later); after any throw the turn ends by filling one "
    "box: Score(row) writes what the dice are worth there (0 when they do not qualify), Scratch(row) "
    "crosses it out (0), at any time (sheet 002)",
    "boxes: ones..sixes the sum of that face; three and four of a kind the sum of all five dice; full house "
    "25, and five of a kind is not a full house (except through a joker); small straight 30 (1234, 2345, "
    "3456; a large straight is one too); large straight 40; yams 50; chance the sum (sheet 002)",
    "bonus: 35 when the number boxes total 63 or more (the sheet's prose; its grid's '> 63' is a typo)",
    "joker (option): None nothing special; 'free' any open box, full house and straights at full value only "
    "when the matching number box is filled; 'forced' the matching number box first, else any lower box at "
    "full value, else 0 in a number box; 'seed' the sheet's conditions (a Yams scored 50 and the matching "
    "number box filled, then any lower box at full value)",
    "yams_bonus (option): 0 or 100 beside the boxes for each further Yams while the Yams box holds 50 "
    "(none after a 0 or a cross there), whatever box the turn fills",
    "end: after 13 rounds, when every box of every player is filled",
    "winner: the highest total (boxes + the 35 bonus + Yams bonuses); players tied on the highest total share the win",
)
_YAHTZEE_NOTES = (
    "preset of classic with joker='forced' and yams_bonus=100 (the printed Hasbro rules); "
    "row yams is shown as 'Yahtzee'",
    *NOTES,
)
_YAHTZEE_ROWS = tuple(Category("yams", r.scorer, "Yahtzee") if r.id == "yams" else r for r in ROWS)


def _rules(joker: JokerKind | None, yams_bonus: int) -> list[PlacementRule]:
    if joker is not None and joker not in ("free", "forced", "seed"):
        raise RuleConfigError(f"joker must be None, 'free', 'forced' or 'seed', not {brief(joker)}")
    if yams_bonus not in (0, 100) or type(yams_bonus) is not int:
        raise RuleConfigError(f"yams_bonus must be 0 or 100, not {brief(yams_bonus)}")
    rules: list[PlacementRule] = []
    if joker is not None:
        rules.append(Joker(joker))
    if yams_bonus:
        rules.append(FiveOfAKindBonus(yams_bonus))
    return rules


def classic(*, joker: JokerKind | None = None, yams_bonus: int = 0) -> ScorecardVariant:
    """Classic Yams, with the joker and Yams-bonus options of RULINGS.

    Args:
        joker: what a further Yams may do once the Yams box is filled (``None``: nothing).
        yams_bonus: 0, or 100 points per further Yams while the Yams box holds 50.

    Examples:
        >>> classic(joker="free", yams_bonus=100).options
        {'joker': 'free', 'yams_bonus': 100}
    """
    return ScorecardVariant.define(
        "classic",
        rows=ROWS,
        bonus=UpperBonus.single(63, 35),
        rules=_rules(joker, yams_bonus),
        options={"joker": joker, "yams_bonus": yams_bonus},
        notes=NOTES,
    )


def yahtzee() -> ScorecardVariant:
    """The official Yahtzee rules: classic with ``joker="forced"`` and ``yams_bonus=100``.

    The ``yams`` row is labelled "Yahtzee", so ``Score("yahtzee")`` names it too.

    Examples:
        >>> yahtzee().category("yams").label
        'Yahtzee'
        >>> yahtzee().score("yahtzee", [6, 6, 6, 6, 6])
        50
    """
    return ScorecardVariant.define(
        "yahtzee",
        rows=_YAHTZEE_ROWS,
        bonus=UpperBonus.single(63, 35),
        rules=_rules("forced", 100),
        notes=_YAHTZEE_NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"classic": classic, "yahtzee": yahtzee}
_registry.register_family(VARIANTS)
adapters.register_title("classic", "Classic Yams")
adapters.register_title("yahtzee", "Yahtzee")
