"""Positions: build any reachable state of any variant from names, and refuse impossible ones.

A position set up from paper (a score sheet, a board, chips on the table, the dice
and the throws used) becomes a game state through the variant's ``position`` method:
`ScorecardVariant.position`, `YamMasterVariant.position`, `YamslamVariant.position`.
Every value is checked against what a game can reach, and a value no game can reach
raises a `PositionError` subclass that names the box, cell or pile and the rule
(``error.rule``). The checks work on any state (`check_reachable`), so they also
serve positions read from a notation (`yamskit.notation`) or a saved game.

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

from typing import Any

from .errors import (
    ImpossibleBoardError,
    ImpossibleChipsError,
    ImpossibleSheetError,
    ImpossibleTurnError,
    PositionError,
)
from .scorecard import check_scorecard, scorecard_position
from .turns import build_turn, check_turn
from .yam_master import check_yam_master, yam_master_position
from .yamslam import check_yamslam, yamslam_position

__all__ = [
    "ImpossibleBoardError",
    "ImpossibleChipsError",
    "ImpossibleSheetError",
    "ImpossibleTurnError",
    "PositionError",
    "build_turn",
    "check_reachable",
    "check_scorecard",
    "check_turn",
    "check_yam_master",
    "check_yamslam",
    "scorecard_position",
    "yam_master_position",
    "yamslam_position",
]


def check_reachable(state: Any) -> None:
    """Raise a `PositionError` subclass unless some game of its variant can reach ``state``.

    Works on scorecard, Yam Master and Yamslam states; ``history`` is not looked at.

    Raises:
        PositionError: the first rule the state breaks.
        TypeError: a state of another kind.

    Examples:
        >>> import yamskit
        >>> check_reachable(yamskit.variant("yamslam").new_game(seed=1))
    """
    from ..scorecard_game import ScorecardGame
    from ..variants.yam_master import YamMasterGame
    from ..variants.yamslam import YamslamGame

    if isinstance(state, ScorecardGame):
        check_scorecard(state)
    elif isinstance(state, YamMasterGame):
        check_yam_master(state)
    elif isinstance(state, YamslamGame):
        check_yamslam(state)
    else:
        raise TypeError(f"no reachability rules for {type(state).__name__}")
