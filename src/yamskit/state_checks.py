"""Small checks that a state read from outside (a save, a record's setup) is one a game can reach.

Each check looks at one field and raises a `yamskit.errors.YamskitError` naming the
broken rule; the loaders turn it into a `DeserializationError`. They are kept apart
from the loaders so that every reader (JSON saves, records, notations) can share them.

* `check_column_weights` — column coefficients only as the variant's setup deals them;
* `row_maximum` / `check_cell_points` — no box above what its row can ever score;
* `check_extra` — no points beside the boxes that no rule pays;
* `check_stream` — a dice stream far from the end of its counter.

Examples:
    >>> import yamskit
    >>> row_maximum(yamskit.variant("classic"), "chance")
    30
"""

from __future__ import annotations

from typing import Any, Protocol

from .dice import DiceStream
from .errors import DeserializationError, RuleConfigError, brief

__all__ = [
    "MAX_GAME_DRAWS",
    "ScorecardLike",
    "check_cell_points",
    "check_column_weights",
    "check_extra",
    "check_stream",
    "row_maximum",
]

#: The most dice a loaded game's stream may have drawn (far beyond any real game).
MAX_GAME_DRAWS = 2**40


class ScorecardLike(Protocol):
    """What these checks read of a scorecard variant: its name and its rules (``yamskit.scorecard``).

    The core reaches the rules through their documented attributes and the placement
    rules' hooks only (``box_values``, ``extra_points``, ``setup.check_weights``).

    Examples:
        >>> import yamskit
        >>> isinstance(yamskit.variant("classic").rules.box_values, tuple)
        True
    """

    @property
    def name(self) -> str:
        """The variant's name."""

    @property
    def rules(self) -> Any:
        """The variant's `yamskit.scorecard.ScorecardRules`."""


def check_column_weights(variant: ScorecardLike, weights: Any) -> tuple[int, ...]:
    """``weights`` checked by the variant's setup (``setup.check_weights``).

    A variant without a setup has no column coefficients, so it refuses any. A
    user's setup without a ``check_weights`` method accepts one whole number from 1
    to 10**6 per column.

    Raises:
        RuleConfigError: weights the variant could not have dealt.

    Examples:
        >>> import yamskit
        >>> check_column_weights(yamskit.variant("competitive"), [18, 16, 14, 12, 10, 8])
        (18, 16, 14, 12, 10, 8)
        >>> check_column_weights(yamskit.variant("classic"), [2])
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: column_weights: classic has no column coefficients
    """
    setup = variant.rules.setup
    if setup is None:
        if isinstance(weights, (list, tuple)) and not weights:
            return ()
        raise RuleConfigError(f"column_weights: {variant.name} has no column coefficients")
    check = getattr(setup, "check_weights", None)
    if check is not None:
        checked: tuple[int, ...] = check(weights)
        return checked
    columns = len(variant.rules.columns)
    if (
        not isinstance(weights, (list, tuple))
        or len(weights) != columns
        or any(type(w) is not int or not 1 <= w <= 10**6 for w in weights)
    ):
        raise RuleConfigError(f"column_weights must be {columns} whole numbers from 1 to 10**6, not {brief(weights)}")
    return tuple(weights)


def row_maximum(variant: ScorecardLike, row: str) -> int:
    """The most points one box of ``row`` can hold.

    That is the largest of the values the rules say a box of that row can hold
    (``variant.rules.box_values``: its best score over the 252 rolls, or more where a
    placement rule writes its own value, such as the competitive *sec*). Where a
    placement rule does not say which values it writes, it is the format's bound 10**6.

    Examples:
        >>> import yamskit
        >>> row_maximum(yamskit.variant("competitive"), "four_of_a_kind")
        54
    """
    rules = variant.rules
    values = rules.box_values
    return 10**6 if values is None else max(values[rules.row_index(row)], default=0)


def check_cell_points(variant: ScorecardLike, row: str, points: int, where: str) -> None:
    """Refuse ``points`` in a box of ``row`` above `row_maximum`.

    Raises:
        DeserializationError: no game can write that many points there.

    Examples:
        >>> import yamskit
        >>> check_cell_points(yamskit.variant("classic"), "yams", 999999, "state.sheets[0]")
        Traceback (most recent call last):
        ...
        yamskit.errors.DeserializationError: state.sheets[0]: 999999 points in yams, more than its maximum 50
    """
    top = row_maximum(variant, row)
    if points > top:
        raise DeserializationError(f"{where}: {points} points in {row}, more than its maximum {top}")


def check_extra(variant: ScorecardLike, extra: int, filled: int, where: str) -> None:
    """Refuse points beside the boxes (``Sheet.extra``) that no game of ``variant`` earns.

    The placement rules that pay them say how much at a time (their ``extra_points``,
    such as the five-of-a-kind bonus): a whole number of such bonuses, at most one per
    filled box after the first. Where a placement rule does not say which values it
    writes, nothing is refused.

    Raises:
        DeserializationError: an impossible ``extra``.

    Examples:
        >>> import yamskit
        >>> check_extra(yamskit.variant("classic", yams_bonus=100), 200, 3, "state.sheets[0]")
        >>> check_extra(yamskit.variant("classic"), 100, 3, "state.sheets[0]")
        Traceback (most recent call last):
        ...
        yamskit.errors.DeserializationError: state.sheets[0].extra is 100; this game can hold at most 0 there
    """
    if variant.rules.box_values is None:
        return
    bonus = sum(getattr(rule, "extra_points", 0) for rule in variant.rules.placement_rules)
    most = bonus * max(0, filled - 1)
    if extra > most or (bonus and extra % bonus):
        raise DeserializationError(f"{where}.extra is {extra}; this game can hold at most {most} there")


def check_stream(stream: DiceStream, where: str = "state.stream") -> None:
    """Refuse a dice stream that has drawn more dice than any game draws (`MAX_GAME_DRAWS`).

    A saved stream near the end of its counter would let `is_legal` accept a throw
    that `apply` then cannot draw.

    Raises:
        DeserializationError: a draw counter no game reaches.

    Examples:
        >>> check_stream(DiceStream(seed=1, draws=2**63))
        Traceback (most recent call last):
        ...
        yamskit.errors.DeserializationError: state.stream.draws is 9223372036854775808, more than any game \
draws (2**40)
    """
    if stream.draws > MAX_GAME_DRAWS:
        raise DeserializationError(f"{where}.draws is {stream.draws}, more than any game draws (2**40)")
