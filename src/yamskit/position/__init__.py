"""Positions: build any reachable state of any variant from names, and refuse impossible ones.

A position set up from paper (a score sheet, a board, chips on the table, the dice
and the throws used) becomes a game state through the variant's ``position`` method:
`ScorecardVariant.position`, ``YamMasterVariant.position``, ``YamslamVariant.position``.
Every value is checked against what a game can reach, and a value no game can reach
raises a `PositionError` subclass that names the box, cell or pile and the rule
(``error.rule``). The checks work on any state (`check_reachable`), so they also
serve positions read from a notation (`yamskit.notation`) or a saved game.

This package holds what every family shares: the errors (`yamskit.position.errors`)
and the turn, seats and stream of a position (`yamskit.position.turns`). Each family
checks its own state through its variant's ``check_position(state)``
(``yamskit.scorecard.position``, ``yamskit.variants.yam_master.position``,
``yamskit.variants.yamslam.position``), so a plug-in family plugs in its own rules by
offering that method.

A position built this way has an empty ``history``: it knows where the game stands,
not how it got there.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("classic")
    >>> g = v.position(players=["Ann"], sheets=[{"ones": 3, "yams": 50}], dice="66612", throws=2, seed=1)
    >>> g.cell(0, "ones").points, g.dice, g.history
    (3, Dice.parse('12666'), ())
    >>> try:
    ...     v.position(players=["Ann"], sheets=[{"ones": 99}])
    ... except PositionError as error:
    ...     print(error.rule)
    row_values
"""

from __future__ import annotations

from ..game import GameState
from .errors import (
    ImpossibleBoardError,
    ImpossibleChipsError,
    ImpossibleSheetError,
    ImpossibleTurnError,
    PositionArgumentError,
    PositionError,
)
from .turns import build_turn, check_turn

__all__ = [
    "ImpossibleBoardError",
    "ImpossibleChipsError",
    "ImpossibleSheetError",
    "ImpossibleTurnError",
    "PositionArgumentError",
    "PositionError",
    "build_turn",
    "check_reachable",
    "check_turn",
]


def check_reachable(state: GameState) -> None:
    """Raise a `PositionError` subclass unless some game of its variant can reach ``state``.

    Asks the state's variant (``state.variant.check_position(state)``); ``history`` is
    not looked at.

    Raises:
        PositionError: the first rule the state breaks.
        TypeError: a state whose variant has no reachability rules.

    Examples:
        >>> import yamskit
        >>> check_reachable(yamskit.variant("yamslam").new_game(seed=1))
    """
    check = getattr(getattr(state, "variant", None), "check_position", None)
    if not callable(check):
        raise TypeError(f"no reachability rules for {type(state).__name__}")
    check(state)
