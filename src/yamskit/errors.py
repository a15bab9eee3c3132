"""The exception hierarchy.

Every error yamskit raises on purpose is a `YamskitError`, which is also a
`ValueError` (as in python-chess), so callers may catch either. Rule breaks
raise a subclass of `IllegalActionError` whose message names the rule.

Examples:
    >>> import yamskit
    >>> try:
    ...     yamskit.Dice.parse("33327")
    ... except yamskit.InvalidDiceError as error:
    ...     print(error)
    invalid face '7' in '33327': faces are 1 to 6
"""

from __future__ import annotations

__all__ = [
    "ColumnConditionError",
    "ConstraintError",
    "DeserializationError",
    "FillOrderError",
    "GameOverError",
    "IllegalActionError",
    "InvalidDiceError",
    "JokerRuleError",
    "KeepError",
    "MustRollFirstError",
    "NotYourTurnError",
    "OccupiedError",
    "RuleConfigError",
    "ThrowLimitError",
    "ThrowOutcomeError",
    "UnknownActionError",
    "YamskitError",
]


class YamskitError(ValueError):
    """Base class of every error yamskit raises on purpose.

    Examples:
        >>> issubclass(YamskitError, ValueError)
        True
    """


class InvalidDiceError(YamskitError):
    """Dice that cannot exist: a face outside 1-6, too many dice, a malformed string.

    Examples:
        >>> from yamskit import Dice
        >>> Dice.parse("0") # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        yamskit.errors.InvalidDiceError: ...
    """


class RuleConfigError(YamskitError):
    """An unknown variant name, an unknown option, or an option value out of range.

    Examples:
        >>> import yamskit
        >>> yamskit.variant("classic", joker="sometimes") # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        yamskit.errors.RuleConfigError: ...
    """


class DeserializationError(YamskitError):
    """JSON (a saved game, a record) that is malformed or describes an impossible state.

    Examples:
        >>> import yamskit
        >>> yamskit.load_game("{not json") # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        yamskit.errors.DeserializationError: ...
    """


class IllegalActionError(YamskitError):
    """An action the rules do not allow in this state; the state is left unchanged.

    Every more specific rule break below subclasses this one.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
        >>> game.apply(yamskit.Score("chance")) # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        yamskit.errors.MustRollFirstError: ...
    """


class NotYourTurnError(IllegalActionError):
    """The action was made on behalf of a player whose turn it is not."""


class GameOverError(IllegalActionError):
    """The game is over; no action applies any more."""


class ThrowLimitError(IllegalActionError):
    """A throw beyond the number of throws the turn (or the column) allows."""


class KeepError(IllegalActionError):
    """Dice kept that are not among the dice showing (or kept on the first throw)."""


class MustRollFirstError(IllegalActionError):
    """A placement, or another action that needs dice, before the first throw."""


class OccupiedError(IllegalActionError):
    """A box (or board cell) that is already filled."""


class FillOrderError(IllegalActionError):
    """A box the column's fill order does not allow yet (down, up, mid, connected...)."""


class ColumnConditionError(IllegalActionError):
    """A column whose turn condition the turn does not meet (dry, turbo...)."""


class ConstraintError(IllegalActionError):
    """A value that breaks a constraint between boxes (for example plus > minus)."""


class UnknownActionError(IllegalActionError):
    """An action this variant does not know, or a row, column or chip id it does not have."""


class JokerRuleError(IllegalActionError):
    """A box the joker rule does not allow for this five of a kind (classic's ``joker="forced"``)."""


class ThrowOutcomeError(IllegalActionError, InvalidDiceError):
    """Faces given for a throw that do not match the number of dice thrown.

    It is both an illegal action and invalid dice, so either ``except`` catches it.
    """
