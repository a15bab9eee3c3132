"""The rest of a turn as an expectimax over the rolls and keeps of the game's dice (numpy).

Every strong bot decides its keeps the same way: it is told what stopping is worth
for each roll after a given throw (``stop(throws_used, fresh)``, one value per roll of
the dice, `yamskit.dice.ROLLS` for five; ``fresh`` says the dice came from one throw of
all of them), and it averages and maximises over the exact rethrow outcomes of the
throws left. The variant-specific part is only ``stop``. Five dice have 252 rolls and
462 keeps; any count from 1 to 8 works (``dice=``), with the solver's tables of that count
(`yamskit.solver.tables.solver_tables`).

Examples:
    >>> import numpy as np
    >>> from yamskit.dice import ROLLS, Dice, keep_index
    >>> sixes = np.array([6.0 * r.count(6) for r in ROLLS])
    >>> keeps = keep_values_after(lambda used, fresh: sixes, used=1, max_throws=3)
    >>> round(float(keeps[keep_index((6, 6))]), 4)  # keep two sixes, two throws to go
    17.5
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import numpy as np

from .. import _hooks
from ..actions import Action, Roll, Score, Scratch
from ..dice import NUM_DICE, keep_index
from ..errors import IllegalActionError
from ..game import GameState
from ..scorecard.placement import Placement
from ..scorecard.rules import SheetState
from ..solver.expectimax import best_keeps, keep_values
from ..solver.tables import FloatArray, solver_tables

__all__ = [
    "NEG",
    "FloatArray",
    "StopValues",
    "box_placement",
    "expected_first_throw",
    "keep_or_box",
    "keep_values_after",
    "single_target_values",
]

#: The value of what cannot be done (far below any score, yet finite for numpy).
NEG = -1e18
#: ``stop(throws_used, fresh)``: what ending the turn is worth for each roll (252 of five dice).
StopValues = Callable[[int, bool], FloatArray]


def _roll_values(stop: StopValues, used: int, fresh: bool, max_throws: int, depth: int, dice: int) -> FloatArray:
    """The value of each roll after throw ``used``: stop, or keep the best and throw again."""
    now = stop(used, fresh)
    if used >= max_throws or depth <= 0:
        return now
    keeps = keep_values_after(stop, used=used, max_throws=max_throws, depth=depth, dice=dice)
    later = best_keeps(keeps[:, None].copy(), dice=solver_tables(dice))[:, 0]
    return np.maximum(now, later)


def keep_values_after(
    stop: StopValues, *, used: int, max_throws: int, depth: int = 10, dice: int = NUM_DICE
) -> FloatArray:
    """The value of each keep (462 of five dice) when throw ``used + 1`` throws the other dice.

    Args:
        stop: what ending the turn is worth after each throw (see the module docs).
        used: throws made so far (at least 1).
        max_throws: the turn's throw limit.
        depth: how many throws ahead to look; 1 assumes the turn ends after the next throw.
        dice: how many dice the game throws (1 to 8); ``stop`` gives one value per roll of that many.

    Examples:
        >>> import numpy as np
        >>> from yamskit.dice import ROLLS
        >>> chance = np.array([float(r.total) for r in ROLLS])
        >>> keeps = keep_values_after(lambda used, fresh: chance, used=2, max_throws=3)
        >>> float(keeps[0])  # throw all five once more
        17.5
        >>> from yamskit.dice import dice_tables
        >>> three = np.array([float(r.total) for r in dice_tables(3).rolls])
        >>> round(float(keep_values_after(lambda used, fresh: three, used=1, max_throws=2, dice=3)[0]), 9)
        10.5
    """
    tables = solver_tables(dice)
    after_kept = _roll_values(stop, used + 1, False, max_throws, depth - 1, dice)
    keeps: FloatArray = keep_values(after_kept[:, None], dice=tables)[:, 0]
    after_fresh = _roll_values(stop, used + 1, True, max_throws, depth - 1, dice)
    keeps[0] = float(tables.roll_probabilities @ after_fresh)
    return keeps


def expected_first_throw(stop: StopValues, *, max_throws: int, depth: int = 10, dice: int = NUM_DICE) -> float:
    """The expected value of a whole turn, before its first throw (of ``dice`` dice).

    Examples:
        >>> import numpy as np
        >>> from yamskit.dice import ROLLS
        >>> chance = np.array([float(r.total) for r in ROLLS])
        >>> round(expected_first_throw(lambda used, fresh: chance, max_throws=3), 4)
        23.3333
    """
    return float(solver_tables(dice).roll_probabilities @ _roll_values(stop, 1, True, max_throws, depth, dice))


def single_target_values(
    targets: FloatArray, *, throws: int, fresh_only: bool = False, dice: int = NUM_DICE
) -> FloatArray:
    """For each column of ``targets`` (rolls, n), the expected result of one turn aimed only at it.

    ``throws`` is the turn's throw limit; ``fresh_only`` means only dice from one throw
    of all the dice count (a *dry* box): the turn can only throw them all again.
    ``dice`` is how many dice the game throws (the rows of ``targets`` are its rolls).

    Examples:
        >>> import numpy as np
        >>> from yamskit.dice import ROLLS
        >>> sixes = np.array([[6.0 * r.count(6)] for r in ROLLS])
        >>> [round(float(v), 4) for v in single_target_values(sixes, throws=3)]
        [12.6389]
        >>> [round(float(v), 4) for v in single_target_values(sixes, throws=1)]
        [5.0]
        >>> from yamskit.dice import dice_tables
        >>> one_die = np.array([[6.0 * r.count(6)] for r in dice_tables(1).rolls])
        >>> [round(float(v), 4) for v in single_target_values(one_die, throws=2, dice=1)]
        [1.8333]
    """
    tables = solver_tables(dice)
    chances = tables.roll_probabilities
    if fresh_only:
        value = chances @ targets
        for _ in range(throws - 1):
            value = chances @ np.maximum(targets, value[None, :])
        return np.asarray(value, dtype=np.float64)
    rolls = targets.astype(np.float64)
    for _ in range(throws - 1):
        rolls = np.maximum(targets, best_keeps(keep_values(rolls, dice=tables), dice=tables).copy())
    return np.asarray(chances @ rolls, dtype=np.float64)


def box_placement(game: SheetState, row: str, column: str | None) -> tuple[Score | Scratch, Placement] | None:
    """Writing in box (``row``, ``column``) now: the Score if it is legal, else the Scratch, else ``None``.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
        >>> action, placed = box_placement(g, "yams", None)
        >>> action, placed.points
        (Score(row='yams', column=None), 0)
    """
    for action in (Score(row, column), Scratch(row, column)):
        try:
            return action, game.placement(action)
        except IllegalActionError:
            continue
    return None


def keep_or_box(game: GameState, best_box: tuple[float, Action] | None, stop: StopValues, *, depth: int) -> Action:
    """The best legal keep if it beats ``best_box`` (value, action), else that box (else any legal action).

    Keeps are valued by `keep_values_after` from ``stop`` (rolls of the turn's dice); on a tie
    the longer keep, then the smaller faces, come first.

    Examples:
        >>> import numpy as np, yamskit
        >>> from yamskit.dice import ROLLS
        >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="66612"))
        >>> sixes = np.array([6.0 * r.count(6) for r in ROLLS])
        >>> keep_or_box(g, (18.0, yamskit.Score("sixes")), lambda used, fresh: sixes, depth=3)
        Roll(keep=Dice.parse('666'), outcome=None)
    """
    turn = game.turn
    if turn.throws_left > 0:
        keeps = keep_values_after(
            stop, used=turn.throws_used, max_throws=turn.max_throws, depth=depth, dice=turn.dice_count
        )
        subs = sorted(turn.dice.sub_multisets(), key=lambda k: (-keeps[keep_index(k.faces)], -len(k), k.faces))
        for keep in subs:
            if best_box is not None and float(keeps[keep_index(keep.faces)]) <= best_box[0] + 1e-9:
                break
            roll = Roll(keep=keep)
            if game.is_legal(roll):
                return roll
    if best_box is not None:
        return best_box[1]
    first: Action = next(iter(game.legal_actions()))
    return first


# the families' strategies (`yamskit.adapters.EdgeAdapter.choose`) reach this search through the hook
_hooks.SEARCH.register("keeps", sys.modules[__name__])
