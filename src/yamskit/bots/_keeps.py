"""The keep arithmetic of one dice count as numpy arrays: the strong bots' averages and maxima.

The strong bots value keeps the way the solver does (`yamskit.solver.expectimax`): a
keep is the mean of the keeps with one more die of each face, and a roll with a throw
left is the best of its sub-multisets. The solver's arrays are of five dice, laid out
for speed; `keep_arithmetic` gives the same two operations for any count from 1 to 8,
built from `yamskit.dice.dice_tables` once per count. For five dice it hands the work to
the solver's own functions, so the five-dice bots compute the very same floats as before.

Arrays are ``(rolls or keeps, states)``, rolls and keeps in the order of the count's
`yamskit.dice.DiceTables`.

Examples:
    >>> import numpy as np
    >>> three = keep_arithmetic(3)
    >>> len(three.rolls), three.keep_count, round(float(three.roll_probabilities.sum()), 12)
    (56, 84, 1.0)
    >>> sixes = np.array([[6.0 * r.count(6)] for r in three.rolls])
    >>> float(three.keep_values(sixes)[0, 0])  # throw all three dice once: 3 x 6 / 6
    3.0
"""

from __future__ import annotations

import attrs
import numpy as np

from .._cache import cached
from ..dice import MAX_DICE, NUM_DICE, Dice, dice_tables, keep_index, outcome_probabilities
from ..solver import expectimax, tables
from ..solver.tables import FloatArray, IntArray

__all__ = ["KeepArithmetic", "keep_arithmetic"]


@attrs.frozen(eq=False)
class KeepArithmetic:
    """The rolls' chances, and keep means and best keeps, for one dice count (see the module docs).

    Attributes:
        count: the dice count.
        rolls: the rolls of ``count`` dice (`yamskit.dice.DiceTables.rolls`).
        keep_count: how many keeps (0 to ``count`` dice) there are.
        roll_probabilities: the chance of each roll when every die is thrown.

    Examples:
        >>> keep_arithmetic(5).keep_count, keep_arithmetic(6).keep_count
        (462, 924)
    """

    count: int
    rolls: tuple[Dice, ...] = attrs.field(repr=False)
    keep_count: int
    roll_probabilities: FloatArray = attrs.field(repr=False)
    #: per keep size below ``count``: its slice of the keeps and the children of those keeps (m, 6)
    _children: tuple[tuple[slice, IntArray], ...] = attrs.field(repr=False)
    #: per keep size from 1: its slice and the keeps one die smaller (m, size), padded with the first
    _parents: tuple[tuple[slice, IntArray], ...] = attrs.field(repr=False)

    def keep_values(self, rolls: FloatArray) -> FloatArray:
        """The value of each keep, throwing the other dice once, (keeps, states); ``rolls`` is (rolls, states).

        Examples:
            >>> import numpy as np
            >>> two = keep_arithmetic(2)
            >>> chance = np.array([[float(r.total)] for r in two.rolls])
            >>> [float(v) for v in two.keep_values(chance)[:2, 0]]  # nothing kept; one die kept, a 1
            [7.0, 4.5]
        """
        if self.count == NUM_DICE:
            return expectimax.keep_values(rolls)
        out = np.empty((self.keep_count, rolls.shape[1]))
        out[self.keep_count - len(self.rolls) :] = rolls
        for block, children in reversed(self._children):
            out[block] = out[children].sum(axis=1) * (1.0 / 6.0)
        return out

    def best_keeps(self, keeps: FloatArray) -> FloatArray:
        """The value of each roll when a keep is chosen from it, (rolls, states): the best of its sub-multisets.

        Like `yamskit.solver.expectimax.best_keeps`, it works in place on ``keeps``.

        Examples:
            >>> import numpy as np
            >>> one = keep_arithmetic(1)
            >>> keeps = np.array([[3.5], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0]])
            >>> [float(v) for v in one.best_keeps(keeps)[:, 0]]  # throw again below a 4
            [3.5, 3.5, 3.5, 4.0, 5.0, 6.0]
        """
        if self.count == NUM_DICE:
            return expectimax.best_keeps(keeps)
        for block, parents in self._parents:
            np.maximum(keeps[block], keeps[parents].max(axis=1), out=keeps[block])
        return keeps[self.keep_count - len(self.rolls) :]


def _parent_indexes(faces: tuple[int, ...]) -> list[int]:
    """The keep indexes of ``faces`` less one die, one per distinct face, padded to ``len(faces)``."""
    found = sorted({keep_index(faces[:i] + faces[i + 1 :]) for i in range(len(faces))})
    return found + [found[0]] * (len(faces) - len(found))


@cached("bots: keep arithmetic", size=MAX_DICE, key="a dice count (1 to 8)")
def keep_arithmetic(count: int) -> KeepArithmetic:
    """The keep arithmetic of ``count`` dice (1 to 8), built once per count.

    Raises:
        InvalidDiceError: ``count`` is not 1 to 8.

    Examples:
        >>> keep_arithmetic(8) is keep_arithmetic(8), len(keep_arithmetic(8).rolls)
        (True, 1287)
    """
    dice = dice_tables(count)
    if count == NUM_DICE:
        return KeepArithmetic(count, dice.rolls, tables.NUM_KEEPS, tables.ROLL_PROBABILITIES, (), ())
    sizes = np.array([len(k) for k in dice.keeps])
    blocks = [
        slice(int(np.searchsorted(sizes, s)), int(np.searchsorted(sizes, s, side="right"))) for s in range(count + 1)
    ]
    children_all = np.array(dice.keep_children, dtype=np.int64).reshape(-1, 6)
    children = tuple((blocks[s], children_all[blocks[s]]) for s in range(count))
    parents = tuple(
        (
            blocks[s],
            np.array([_parent_indexes(k.faces) for k in dice.keeps[blocks[s]]], dtype=np.int64).reshape(-1, s),
        )
        for s in range(1, count + 1)
    )
    chances = {d.faces: p for d, p in outcome_probabilities(count)}
    probabilities = np.array([float(chances[r.faces]) for r in dice.rolls], dtype=np.float64)
    return KeepArithmetic(count, dice.rolls, len(dice.keeps), probabilities, children, parents)
