"""Scorecard games: the rules of a sheet-based variant, and the game state that plays them.

`ScorecardRules` declares a sheet (rows, columns, bonus), the throw limit
and the placement rules; `ScorecardVariant` names it and starts games;
`ScorecardGame` is the immutable state. Classic Yams, Yams Challenge and
Competitive Yams are all declarations over these three classes, and so is any
variant a user defines (see the how-to "Define your own variant").

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("classic")
    >>> g = v.new_game(players=["Ann"], seed=1).apply(yamskit.Roll(outcome="33325"))
    >>> g = g.apply(yamskit.Score("threes"))
    >>> g.sheets[0].cell(v.rules.row_index("threes"), 0)
    Cell(points=9, scratched=False)
"""

from __future__ import annotations

from .scorecard_rules import ScorecardRules
from .scorecard_state import ScorecardGame
from .scorecard_variant import ScorecardVariant

__all__ = ["ScorecardGame", "ScorecardRules", "ScorecardVariant"]
