"""Competitive Yams, also called Pro Yams (rule sheet 000): six columns, the golden rule, duels.

Thirteen rows in six columns, for 2 (``1v1``), 3 (``1v1v1``) or 4 (``2v2``) players.

* Rows: ones … sixes (sum of that face); small sum and large sum (sum of the dice,
  at least 20); full house 20 + the sum (five of a kind counts); four of a kind
  30 + 4 × the face (five of a kind counts); straight 45 for 12345, 50 for 23456;
  less than 8: 60 + 5 × (8 − sum) for a sum up to 8; yams 75 + 5 × (face − 1).
* Columns: ``down`` top to bottom, ``free`` any order, ``up`` bottom to top (the
  same ids as Yams Challenge; ``descending``/``ascending`` are accepted as aliases),
  ``mid`` from sixes or the small sum outwards, ``turbo`` any order but only after
  at most two throws, ``connected`` anywhere first, then next to the filled block.
* Every turn ends with ``Score(row, column)``. A value that breaks a rule is written
  as a crossed-out 0: the golden rule (at least the best value anyone has in that
  box), the two sums (small below large; crossing one out crosses out both), see
  `yamskit.variants.competitive.rules`. Five of a kind on the first throw is a
  *sec*: the row's maximum, as far as the rules allow.
* Each column has a coefficient (8 … 18, dealt at random, or given). Neighbours
  duel column by column, see `yamskit.variants.competitive.duels`.

Options: ``mode`` (``"1v1"``, ``"1v1v1"``, ``"2v2"``), ``coefficients`` (``None`` or
column -> coefficient), ``four_of_a_kind`` (``"four_dice"``: 30 + the four dice;
``"all_dice"``: 30 + all five).

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("competitive")
    >>> v.score("four_of_a_kind", "66666"), v.score("yams", "66666"), v.score("less_than_8", "11111")
    (54, 100, 75)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from ... import _registry
from ..._cache import cached
from ...categories import (
    Category,
    full_house,
    is_five_of_a_kind,
    kind_face,
    n_of_a_kind,
    sum_at_most,
    total,
    upper,
    when,
)
from ...dice import Dice
from ...errors import RuleConfigError, brief
from ...names import column_names
from ...scorecard.sheet import Column, FillPolicy, TurnCondition
from ...scorecard.variant import ScorecardVariant
from .duels import MODES, UPPER_BONUS, Coefficients, DuelScoring, Mode
from .rules import GoldenRule, Sec, SumPair, ZeroIsScratch

__all__ = ["COLUMNS", "VARIANTS", "competitive", "rows", "sec_maxima"]

FourOfAKind = Literal["four_dice", "all_dice"]


@attrs.frozen
class _SumAtLeast:
    limit: int

    def __call__(self, dice: Dice) -> bool:
        return dice.total >= self.limit


def _sum_at_least(limit: int) -> Callable[[Dice], bool]:
    return _SumAtLeast(limit)


def _four_dice(dice: Dice) -> int:
    return 30 + 4 * (kind_face(dice, 4) or 0)


_STRAIGHTS: dict[tuple[int, ...], int] = {(1, 2, 3, 4, 5): 45, (2, 3, 4, 5, 6): 50}


def _straight(dice: Dice) -> int:
    return _STRAIGHTS.get(dice.faces, 0)


def _thirty_and_sum(dice: Dice) -> int:
    return 30 + dice.total


def _twenty_and_sum(dice: Dice) -> int:
    return 20 + dice.total


def _less_than_8(dice: Dice) -> int:
    return 60 + 5 * (8 - dice.total)


def _yams(dice: Dice) -> int:
    return 75 + 5 * (dice.faces[0] - 1)


def rows(four_of_a_kind: FourOfAKind = "four_dice") -> tuple[Category, ...]:
    """The thirteen rows, top to bottom (built once per option value).

    Examples:
        >>> tuple(r.max for r in rows() if r.id.endswith(("sum", "house", "kind", "straight", "8", "yams")))
        (30, 30, 50, 54, 50, 75, 100)
        >>> rows("all_dice")[9].max
        60
    """
    if four_of_a_kind not in ("four_dice", "all_dice") or not isinstance(four_of_a_kind, str):
        raise RuleConfigError(f"four_of_a_kind must be 'four_dice' or 'all_dice', not {brief(four_of_a_kind)}")
    return _rows(four_of_a_kind)


@cached("competitive: rows", size=2, key="the four_of_a_kind option")
def _rows(four_of_a_kind: FourOfAKind) -> tuple[Category, ...]:
    four = _four_dice if four_of_a_kind == "four_dice" else _thirty_and_sum
    return (
        *(upper(face) for face in range(1, 7)),
        Category("small_sum", when(_sum_at_least(20), total)),
        Category("large_sum", when(_sum_at_least(20), total)),
        Category("full_house", when(full_house(five_of_a_kind=True), _twenty_and_sum)),
        Category("four_of_a_kind", when(n_of_a_kind(4), four)),
        Category("straight", _straight),
        Category("less_than_8", when(sum_at_most(8), _less_than_8), "Less than 8"),
        Category("yams", when(is_five_of_a_kind, _yams)),
    )


#: The six columns, left to right.
COLUMNS: tuple[Column, ...] = (
    Column("down", FillPolicy.down()),
    Column("free", FillPolicy.free()),
    Column("up", FillPolicy.up()),
    Column("mid", FillPolicy.mid("sixes", "small_sum")),
    Column("turbo", FillPolicy.free(), TurnCondition.at_most_throws(2)),
    Column("connected", FillPolicy.connected()),
)
_COLUMN_NAMES = column_names((c.id, c.label) for c in COLUMNS)


def sec_maxima(categories: tuple[Category, ...]) -> dict[str, int]:
    """What a *sec* writes in each row before the rules lower it: the row's maximum, 29 for small_sum.

    The small sum must stay below the large sum, whose maximum is 30.

    Examples:
        >>> sec_maxima(rows())
        {'ones': 5, 'twos': 10, 'threes': 15, 'fours': 20, 'fives': 25, 'sixes': 30, 'small_sum': 29, \
'large_sum': 30, 'full_house': 50, 'four_of_a_kind': 54, 'straight': 50, 'less_than_8': 75, 'yams': 100}
    """
    maxima = {r.id: r.max for r in categories}
    maxima["small_sum"] = maxima["large_sum"] - 1
    return maxima


_NOTES = (
    "set-up: 2 players (mode 1v1), 3 (1v1v1, in a triangle) or 4 (2v2: seats A B C D, teams A+C against "
    "B+D), seated in the order given; seat 0 starts, or new_game(first_player=SEAT), or "
    "first_player='roll_off' (five dice each, the highest sum starts, ties throw again; RULINGS: everywhere)",
    "coefficients: 8, 10, 12, 14, 16 and 18, dealt at random over the six columns from the game's seed and "
    "the same for every player (option coefficients fixes them; new_game(column_weights=...) gives them)",
    "turn: up to 3 throws of the five dice, keeping any dice between throws; every turn ends with "
    "Score(row, column); a value that breaks a rule is written as 0 (crossed out); there is no other "
    "crossing out",
    "boxes: numbers the sum of that face; small_sum and large_sum the sum of the dice (20 at least); "
    "full_house 20 + the sum; four_of_a_kind = 30 + 4 x the face (sheet's maximum 54; option "
    "four_of_a_kind='all_dice' for 30 + the sum); straight 45 (12345) or 50 (23456); less_than_8 "
    "60 + 5 x (8 - the sum) for a sum of 8 or less; yams 75 + 5 x (the face - 1)",
    "five of a kind counts as full house (50 at most) and four of a kind",
    "columns: down top to bottom; up bottom to top; free any order; mid starts at sixes or small_sum, then "
    "next to the filled block; turbo any order, but only on a turn of at most 2 throws (after a third "
    "throw turbo boxes are not open); connected starts anywhere, then next to the filled block",
    "golden rule: a value counts only if >= the best value anyone (teammates too) has in that box",
    "small_sum < own large_sum; large_sum > every small_sum of the column; a 0 in one crosses out the other",
    "sec: five of a kind on the first throw, nothing rethrown, writes the row's maximum: in a number box "
    "five times the box's own number (ones 5 ... sixes 30, whatever face the five dice show), small_sum 29, "
    "large_sum 30, full_house 50, four_of_a_kind 54, straight 50, less_than_8 75, yams 100; the dice's own "
    "value when higher; lowered to the highest value the golden rule and the sums accept, else 0",
    "bonus: per column, from the number boxes: 60-69 +30, 70-79 +50, 80-89 +100, 90-99 +200, 100 or more "
    "+500; it is part of the column's raw score",
    "clean column: a complete column with no 0 adds 200 to its duel difference (not to the raw score, so "
    "not to the crush multiplier)",
    "duel: per column between neighbours (1v1: the two players; 1v1v1: every pair; 2v2: each seat with "
    "the next, A-B, B-C, C-D, D-A); diff = raw A - raw B + 200 per clean column; points = diff x "
    "coefficient x crush multiplier (the largest k in 2..5 with high raw >= k x low raw, else 1; 5 when the "
    "low raw is 0)",
    "end: when every box of every player is filled (78 rounds)",
    "winner: a player's score is the sum of its duels; 1v1: the player with a positive score wins, 0 to 0 "
    "is a draw; 1v1v1: the highest score, tied players share the win; 2v2: the team whose two scores add "
    "up to more (A+C or B+D), equal team sums are a draw",
)


def competitive(
    *,
    mode: Mode = "1v1",
    coefficients: Mapping[str, int] | None = None,
    four_of_a_kind: FourOfAKind = "four_dice",
) -> ScorecardVariant:
    """Competitive Yams for ``mode`` (``"1v1"``, ``"1v1v1"`` or ``"2v2"``).

    Args:
        mode: the seating; it fixes the number of players (2, 3 or 4).
        coefficients: column -> coefficient, the same in every game (columns by id,
            label or alias, see `yamskit.names`); ``None`` deals 8, 10, 12, 14, 16,
            18 at random from each game's seed.
        four_of_a_kind: ``"four_dice"`` (30 + the four matching dice) or
            ``"all_dice"`` (30 + all five).

    Examples:
        >>> v = competitive(mode="2v2")
        >>> v.rules.players, v.columns
        ((4, 4), ('down', 'free', 'up', 'mid', 'turbo', 'connected'))
    """
    if not isinstance(mode, str) or mode not in MODES:
        raise RuleConfigError(f"mode must be '1v1', '1v1v1' or '2v2', not {brief(mode)}")
    categories = rows(four_of_a_kind)
    column_ids = tuple(c.id for c in COLUMNS)
    if isinstance(coefficients, Mapping):
        # column names as users write them ("Down", "descending") -> ids
        try:
            named = {
                (_COLUMN_NAMES.resolve(k, error=RuleConfigError) if isinstance(k, str) else k): k for k in coefficients
            }
        except RuleConfigError as error:
            raise RuleConfigError(f"coefficients: {error}") from None
        if len(named) != len(coefficients):
            raise RuleConfigError(f"coefficients name a column twice: {list(coefficients)}")
        coefficients = {id: coefficients[key] for id, key in named.items()}
    setup = Coefficients.from_option(coefficients, column_ids)
    golden, sums = GoldenRule(), SumPair()
    return ScorecardVariant.define(
        "competitive",
        rows=categories,
        columns=COLUMNS,
        bonus=UPPER_BONUS,
        allow_scratch=False,
        rules=[Sec(sec_maxima(categories), (golden, sums)), ZeroIsScratch(), golden, sums],
        result=DuelScoring(mode),
        setup=setup,
        players=(MODES[mode], MODES[mode]),
        options={
            "mode": mode,
            "coefficients": None if setup.given is None else dict(zip(column_ids, setup.given, strict=True)),
            "four_of_a_kind": four_of_a_kind,
        },
        notes=_NOTES,
    )


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"competitive": competitive}
_registry.register_family(VARIANTS)
