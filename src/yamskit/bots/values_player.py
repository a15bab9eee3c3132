"""`ValuesPlayer`: a sheet of several columns played by its fitted values, the expert of Yams Challenge.

Each turn it weighs every box it may write by the points written, the bonus they complete
and the fitted value of the sheet they leave (`yamskit.bots.sheet_values.SheetValues`), and
plays the exact expectimax of the turn over those (`yamskit.bots.lookahead`): which dice to
keep, when to stop, which box. With opponents it plays its own sheet the same way: on the
sheets it models nothing a player writes changes what another may write.

`turn_value` is the same expectimax before the first throw: the target of each sheet in the
fit (`yamskit.bots.sheet_fit`).

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("challenge")
    >>> bot = ValuesPlayer(stored_values(v.rules))
    >>> bot.choose(v.new_game(seed=1).apply(yamskit.Roll(outcome="66666")))
    Score(row='yams', column='dry')
"""

from __future__ import annotations

import attrs
import numpy as np

from .._cache import cached
from ..actions import Action, Roll, Score, Scratch
from ..errors import RuleConfigError
from ..game import GameState
from ..scorecard.state import ScorecardGame
from ..solver.tables import FloatArray
from .basic import GreedyPlayer
from .lookahead import NEG, expected_first_throw, keep_or_box
from .sheet_values import SheetModel, SheetState, SheetValues, stored_values

__all__ = ["Option", "ValuesPlayer", "options", "stop_tables", "stored_values", "turn_value"]

#: One box that may be written: (column, row, the value of writing its points for each roll,
#: ``NEG`` where the points are refused, the value of crossing it out). A value is the points
#: and bonus earned plus the fitted value of the sheet left.
Option = tuple[int, int, FloatArray, float]


def options(model: SheetModel, weights: FloatArray, state: SheetState) -> list[Option]:
    """Every box the fill orders allow in ``state``, valued with the next layer's ``weights``.

    Examples:
        >>> import numpy as np, yamskit
        >>> m = SheetModel.of(yamskit.variant("challenge").rules)
        >>> found = options(m, np.zeros(m.size), m.empty())
        >>> len(found), [(c, r) for c, r, _, _ in found][:3]
        (30, [(0, 0), (1, 13), (2, 0)])
    """
    rows, columns = model.rows, model.columns
    base = float(weights @ model.features(state))
    bonus_at = 1 + rows * columns
    pair_at = bonus_at + 2 * columns
    top = int(model.tables.max()) + 1
    points = np.arange(top, dtype=np.float64)
    found: list[Option] = []
    for c in range(columns):
        filled, upper, greater, lesser = state[c]
        bonus_now = model.bonus_features(c, filled, upper)
        pair_now = model.pair_features(c, filled, greater, lesser)
        for row in model.open_rows(state, c):
            table = model.tables[row].astype(np.int64)
            after = filled | 1 << row
            const = base - weights[1 + c * rows + row]
            if row in model.bonus_rows:
                values = np.full(top, NEG)
                for p in np.unique(table):
                    later, earned = model.write(state, c, row, int(p))
                    change = np.subtract(model.bonus_features(c, after, later[c][1]), bonus_now)
                    values[p] = earned + const + float(weights[bonus_at + 2 * c : bonus_at + 2 * c + 2] @ change)
                change = np.subtract(model.bonus_features(c, after, upper), bonus_now)
                scratch = const + float(weights[bonus_at + 2 * c : bonus_at + 2 * c + 2] @ change)
            elif model.pair is not None and row in model.pair:
                g, lo = model.pair
                pair_weights = weights[pair_at + 2 * c : pair_at + 2 * c + 2]
                scratch = const - float(pair_weights @ pair_now)
                above, below = model.pair_worth[c]
                other_open = not filled >> (lo if row == g else g) & 1
                if row == g:
                    values = points + scratch + (pair_weights[1] * below[:top] if other_open else 0.0)
                else:
                    values = points + scratch + (pair_weights[0] * above[:top] if other_open else 0.0)
                low, high = model.allowed_points(state, c, row)
                values[:low] = NEG
                values[high:] = NEG
            else:
                values = points + const
                scratch = const
            found.append((c, row, values[table], scratch))
    return found


def stop_tables(model: SheetModel, found: list[Option]) -> FloatArray:
    """``[fresh, roll]``: the best box's value after each roll, after a throw that kept dice (0) or a fresh one (1).

    ``NEG`` where no box may be written (only fresh-only boxes left after a throw that kept dice).

    Examples:
        >>> import numpy as np, yamskit
        >>> m = SheetModel.of(yamskit.variant("challenge").rules)
        >>> stops = stop_tables(m, options(m, np.zeros(m.size), m.empty()))
        >>> float(stops[1].max()), stops.shape
        (40.0, (2, 252))
    """
    stops = np.full((2, model.tables.shape[1]), NEG)
    for c, _, values, scratch in found:
        best = np.maximum(values, scratch)
        np.maximum(stops[1], best, out=stops[1])
        if not model.fresh_only[c]:
            np.maximum(stops[0], best, out=stops[0])
    return stops


def turn_value(model: SheetModel, weights: FloatArray, state: SheetState) -> float:
    """The expected points of the turn from ``state`` plus the fitted value of the sheet it leaves.

    Examples:
        >>> import numpy as np, yamskit
        >>> m = SheetModel.of(yamskit.variant("challenge").rules)
        >>> round(turn_value(m, np.zeros(m.size), m.empty()), 4)  # the best box of one turn, nothing after
        23.4986
    """
    stops = stop_tables(model, options(model, weights, state))
    throws = model.rules.max_throws
    return expected_first_throw(
        lambda used, fresh: stops[int(fresh)], max_throws=throws, depth=throws, dice=model.rules.dice
    )


@cached("bots: sheet-values turns", size=32, key="a sheet model, its values and a sheet state")
def _turn(model: SheetModel, values: SheetValues, state: SheetState) -> tuple[list[Option], FloatArray]:
    """The options and stop tables of a turn from ``state``, kept: a turn asks for them at each throw."""
    found = options(model, values.layer(model.layer(state) + 1), state)
    return found, stop_tables(model, found)


@attrs.frozen
class ValuesPlayer:
    """Plays a sheet of several columns by its fitted values (see the module).

    Attributes:
        values: the fitted values; their `signature` must be the game's rules'.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("challenge")
        >>> ValuesPlayer(stored_values(v.rules)).choose(v.new_game(seed=2))  # a turn starts with a throw
        Roll(keep=Dice.parse(''), outcome=None)
    """

    values: SheetValues

    def choose(self, state: GameState) -> Action:
        """The action it takes in ``state`` (always legal there).

        Raises:
            RuleConfigError: the values were fitted to other rules, are not shaped for the sheet, or the
                model does not cover the rules.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("challenge")
            >>> g = v.new_game(seed=2).apply(yamskit.Roll(outcome="66612"))
            >>> ValuesPlayer(stored_values(v.rules)).choose(g)
            Roll(keep=Dice.parse('666'), outcome=None)
        """
        if not isinstance(state, ScorecardGame) or state.is_over:
            return GreedyPlayer().choose(state)
        rules = state.rules
        model = SheetModel.of(rules)
        if model.signature != self.values.signature:
            raise RuleConfigError("these sheet values were fitted to other rules (their signatures differ)")
        weights = self.values.weights
        if len(weights) != model.rows * model.columns or len(weights[0]) != model.size:
            raise RuleConfigError(
                f"these sheet values have {len(weights)} layers of {len(weights[0])} weights; the sheet needs "
                f"{model.rows * model.columns} of {model.size}"
            )
        if not state.turn.has_thrown:
            return Roll()
        found, stops = _turn(model, self.values, model.state_of(state.sheets[state.current_player]))
        turn = state.turn
        roll = rules.dice_tables.roll_index(turn.dice.faces)
        fresh = turn.all_dice_thrown
        best: tuple[float, Action] | None = None
        for c, row, values, scratch in found:
            if model.fresh_only[c] and not fresh:
                continue
            row_id, column = rules.row_ids[row], rules.columns[c].id
            if values[roll] >= scratch and model.tables[row, roll] > 0:
                option: tuple[float, Action] = (float(values[roll]), Score(row_id, column))
            else:
                option = (scratch, Scratch(row_id, column))
            if best is None or option[0] > best[0]:
                best = option
        throws = rules.max_throws
        return keep_or_box(state, best, lambda used, fresh: stops[int(fresh)], depth=throws)
