"""The errors of positions that no game can reach, one class per part of the state.

Every error names the place (a player's box, a board cell, a chip pile, the turn)
and the rule that rules the value out; ``error.rule`` holds the rule's short id, so
a program can tell the cases apart without reading the message.

Examples:
    >>> error = ImpossibleSheetError("Ann's box 'ones': 99 is not a value ones can hold", rule="row_values")
    >>> error.rule, isinstance(error, PositionError), isinstance(error, ValueError)
    ('row_values', True, True)
    >>> print(error)
    Ann's box 'ones': 99 is not a value ones can hold (rule: row_values)
"""

from __future__ import annotations

from ..errors import YamskitError

__all__ = [
    "ImpossibleBoardError",
    "ImpossibleChipsError",
    "ImpossibleSheetError",
    "ImpossibleTurnError",
    "PositionArgumentError",
    "PositionError",
]


class PositionError(YamskitError):
    """A position no game of the variant can reach; ``rule`` names the rule it breaks.

    Examples:
        >>> PositionError("too many tokens", rule="tokens").rule
        'tokens'
    """

    def __init__(self, message: str, *, rule: str = "") -> None:
        super().__init__(f"{message} (rule: {rule})" if rule else message)
        self.rule = rule


class ImpossibleSheetError(PositionError):
    """A score sheet no game can fill this way: a box value, a bonus, the fill order, a constraint.

    Examples:
        >>> issubclass(ImpossibleSheetError, PositionError)
        True
    """


class ImpossibleBoardError(PositionError):
    """A Yam Master board or token count no game can reach.

    Examples:
        >>> issubclass(ImpossibleBoardError, PositionError)
        True
    """


class ImpossibleChipsError(PositionError):
    """Yamslam chips no game can leave where they are: conservation, the discard pile, the last draw.

    Examples:
        >>> issubclass(ImpossibleChipsError, PositionError)
        True
    """


class ImpossibleTurnError(PositionError):
    """Dice, throws, a challenge, whose turn it is or a counter that no game can reach.

    Examples:
        >>> issubclass(ImpossibleTurnError, PositionError)
        True
    """


class PositionArgumentError(PositionError, TypeError):
    """A value of the wrong type given to ``variant.position(...)``: the message names the argument.

    Its ``rule`` is ``"argument"``. It is also a `TypeError`, as Python's own error for a
    value of the wrong type would be.

    Examples:
        >>> import yamskit
        >>> try:
        ...     yamskit.variant("yamslam").position(["Ann", "Bob"], round_chip="no")
        ... except PositionArgumentError as error:
        ...     print(error)
        round_chip must be True or False, not 'no' (rule: argument)
    """
