"""The scorecard engine: what classic Yams, Yams Challenge, Competitive Yams and users' sheets declare over.

A scorecard variant is a declaration: rows (`yamskit.categories.Category`), columns
with their fill order and turn conditions, an upper bonus, the throws a turn and a
list of placement rules. The engine turns that declaration into a game:

* `.sheet` — cells, columns, fill policies, turn conditions, upper bonuses;
* `.placement`, `.house_rules` and `.plus_minus` — placement rules (the joker, the
  five-of-a-kind bonus, the pair rule of Yams Challenge), their interface (`PlacementRule`,
  `PlacementRuleBase`) and the optional hooks a rule may offer;
* `.rules` (`ScorecardRules`), `.moves` (the legal-move tables), `.state`
  (`ScorecardGame`) and `.variant` (`ScorecardVariant`);
* `.points` — a result declared on the category totals (`PointsTable`, Balut's points);
* `.codec` (JSON), `.notation` (one-line positions), `.position` (positions from paper)
  and `.text` (the text view).

The engine knows no variant: classic, Challenge and Competitive are declarations in
`yamskit.variants`, and so is any variant a user defines.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("classic")
    >>> g = v.new_game(players=["Ann"], seed=1).apply(yamskit.Roll(outcome="33325"))
    >>> g = g.apply(yamskit.Score("threes"))
    >>> g.sheets[0].cell(v.rules.row_index("threes"), 0)
    Cell(points=9, scratched=False)
"""

from __future__ import annotations

from .plus_minus import PlusMinusError
from .points import Award, PointsTable
from .rules import EarlyEnd, PlacementRule, PlacementRuleBase, ScorecardRules
from .sheet import EMPTY, SCRATCHED, Cell, Column, FillPolicy, Sheet, TurnCondition, UpperBonus
from .state import ScorecardGame
from .variant import ScorecardVariant

__all__ = [
    "EMPTY",
    "SCRATCHED",
    "Award",
    "Cell",
    "Column",
    "EarlyEnd",
    "FillPolicy",
    "PlacementRule",
    "PlacementRuleBase",
    "PlusMinusError",
    "PointsTable",
    "ScorecardGame",
    "ScorecardRules",
    "ScorecardVariant",
    "Sheet",
    "TurnCondition",
    "UpperBonus",
]
