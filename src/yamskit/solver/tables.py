"""Roll and keep tables of each dice count, as numpy arrays (`SolverTables`, one per count).

Everything the solver and the batch simulator index is built once per dice count, from
`yamskit.dice.dice_tables` (so index ``i`` of every array means the same dice as in the
core). Keeps are ordered by size, so the keeps of one size form a slice (``size_slices``),
and the keeps of all the dice are the rolls, in the same order.

* ``children`` — for each keep of fewer than all the dice, the keep with one more die of
  each face: averaging over them is throwing one more die.
* ``parents`` — for each non-empty keep, the keeps with one die fewer (padded by
  repeating the first): the sub-multiset lattice, for best-keep maxima.
* ``roll_probabilities`` — the chance of each roll when all the dice are thrown.

`solver_tables` gives the tables of a count (kept in a bounded cache); the module's
upper-case names are the five-dice tables' arrays, as before (``CHILDREN`` is
``solver_tables(5).children``...).

Examples:
    >>> from yamskit.solver import tables
    >>> tables.CHILDREN.shape, tables.PARENTS.shape, tables.SIZE_SLICES[5]
    ((210, 6), (462, 5), slice(210, 462, None))
    >>> round(float(tables.ROLL_PROBABILITIES.sum()), 12)
    1.0
    >>> three = solver_tables(3)
    >>> three.num_rolls, three.num_keeps, three.children.shape
    (56, 84, (28, 6))
"""

from __future__ import annotations

import attrs
import numpy as np
import numpy.typing as npt

from .._cache import cached
from ..dice import MAX_DICE, NUM_DICE, DiceTables, dice_tables, keep_index, outcome_probabilities

__all__ = [
    "CHILDREN",
    "COUNTS",
    "FIVE_OF_A_KIND",
    "FIVE_OF_A_KIND_FACE",
    "KEEP_COUNTS",
    "KEEP_SIZES",
    "NUM_KEEPS",
    "NUM_ROLLS",
    "PARENTS",
    "PARENT_COUNTS",
    "ROLL_KEEPS",
    "ROLL_KEEP_COUNTS",
    "ROLL_OFFSET",
    "ROLL_PROBABILITIES",
    "SIZE_SLICES",
    "WORK_CHILDREN",
    "WORK_ORDER",
    "WORK_PARENTS",
    "WORK_PARENT_SPANS",
    "WORK_POSITION",
    "WORK_ROLLS",
    "WORK_ROLL_POSITION",
    "BoolArray",
    "FloatArray",
    "IntArray",
    "SolverTables",
    "keep_index",
    "solver_tables",
]

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@attrs.frozen(eq=False, repr=False)
class SolverTables:
    """The numpy roll and keep tables of one dice count, for the solver and the batch simulator.

    Built by `solver_tables` from ``dice_tables(count)``: keep ``k`` and roll ``r`` are the
    core's ``keeps[k]`` and ``rolls[r]``. Sizes for ``n`` dice: ``C(n + 5, 5)`` rolls and
    ``C(n + 6, 6)`` keeps (1: 6 and 7; 5: 252 and 462; 8: 1,287 and 3,003).

    Attributes:
        count: how many dice a full roll has.
        dice: the core's tables of that count.
        num_rolls: how many rolls there are.
        num_keeps: how many keeps (0 to ``count`` dice) there are.
        roll_offset: the keep index of the first roll: ``keeps[roll_offset + r]`` is ``rolls[r]``.
        keep_sizes: the number of dice of each keep.
        size_slices: the slice of the keeps of each size 0 to ``count``.
        keep_counts: the face counts (ones first) of each keep, (keeps, 6).
        counts: the face counts of each roll, (rolls, 6).
        all_of_a_kind: the roll index of all the dice showing each face 1 to 6.
        all_of_a_kind_face: for each roll, the face index (0-5) of all of a kind, or -1.
        children: ``children[k, f - 1]``: keep ``k`` plus one die showing ``f`` (keeps of fewer dice).
        parent_counts: how many distinct keeps with one die fewer each keep has (its distinct faces).
        parents: ``parents[k, :parent_counts[k]]``: the keeps with one die of ``k`` fewer, padded with the first.
        roll_probabilities: the chance of each roll when all the dice are thrown.
        roll_keep_counts: how many distinct keeps (sub-multisets) each roll has.
        roll_keeps: ``roll_keeps[r, :roll_keep_counts[r]]``: every keep of roll ``r``, padded with -1.
        work_order: ``work_order[i]``: the keep at working position ``i`` (within each size, the keeps
            with more distinct faces first, so that the best-keep maxima over the j-th parent touch a
            prefix of each size's slice).
        work_position: the working position of each keep (the inverse of ``work_order``).
        work_children: ``children`` in working positions, rows in working order.
        work_parents: ``parents`` in working positions, rows in working order.
        work_parent_spans: ``[s][j]``: how many keeps of size ``s`` (from the slice's start) have more
            than ``j`` parents.
        work_rolls: the roll at each working roll position; ``work_roll_position`` is its inverse.
        work_roll_position: the working roll position of each roll.
        children_by_size: for each size below ``count``, the working positions of the children of its
            keeps, face by face (all ones, then all twos...).
        parents_by_size: for each size and each ``j``, the working positions of the ``j``-th parents of
            the keeps that have one.
        spare_rows: the rows of scratch space the expectimax needs.

    Examples:
        >>> t = solver_tables(2)
        >>> t.count, t.num_rolls, t.num_keeps, t.roll_offset, t.size_slices[2]
        (2, 21, 28, 7, slice(7, 28, None))
        >>> t.dice.keeps[t.children[t.dice.keep_index((3,)), 5]]  # 3 and a six
        Dice.parse('36')
        >>> round(float(t.roll_probabilities[t.all_of_a_kind[0]] * 36), 12)  # 11 is one throw in 36
        1.0
    """

    count: int
    dice: DiceTables
    num_rolls: int
    num_keeps: int
    roll_offset: int
    keep_sizes: IntArray
    size_slices: tuple[slice, ...]
    keep_counts: IntArray
    counts: IntArray
    all_of_a_kind: IntArray
    all_of_a_kind_face: IntArray
    children: IntArray
    parent_counts: IntArray
    parents: IntArray
    roll_probabilities: FloatArray
    roll_keep_counts: IntArray
    roll_keeps: IntArray
    work_order: IntArray
    work_position: IntArray
    work_children: IntArray
    work_parents: IntArray
    work_parent_spans: tuple[tuple[int, ...], ...]
    work_rolls: IntArray
    work_roll_position: IntArray
    children_by_size: tuple[IntArray, ...]
    parents_by_size: tuple[tuple[IntArray, ...], ...]
    spare_rows: int

    def __repr__(self) -> str:
        return f"solver_tables({self.count})"

    def keep_of(self, faces: tuple[int, ...]) -> int:
        """The keep index of sorted ``faces`` (0 to ``count`` dice).

        Examples:
            >>> solver_tables(6).keep_of((6, 6, 6, 6, 6, 6)) == solver_tables(6).num_keeps - 1
            True
        """
        return self.dice.keep_index(faces)

    def roll_of(self, faces: tuple[int, ...]) -> int:
        """The roll index of the sorted ``faces`` of ``count`` dice.

        Examples:
            >>> solver_tables(1).roll_of((4,)), solver_tables(5).roll_of((6, 6, 6, 6, 6))
            (3, 251)
        """
        return self.dice.roll_index(faces)


def _build(count: int) -> SolverTables:
    dice = dice_tables(count)
    keeps, rolls = dice.keeps, dice.rolls
    num_keeps, num_rolls = len(keeps), len(rolls)
    offset = num_keeps - num_rolls
    sizes = np.array([len(k) for k in keeps], dtype=np.int64)
    slices = tuple(
        slice(int(np.searchsorted(sizes, s)), int(np.searchsorted(sizes, s, side="right"))) for s in range(count + 1)
    )
    keep_counts = np.array([k.counts for k in keeps], dtype=np.int64)
    all_of_a_kind = np.array([dice.keep_index((f,) * count) - offset for f in range(1, 7)], dtype=np.int64)
    face = np.full(num_rolls, -1, dtype=np.int64)
    face[all_of_a_kind] = np.arange(6)
    children = np.array(dice.keep_children, dtype=np.int64).reshape(-1, 6)
    parent_lists = [
        sorted({dice.keep_index(k.faces[:i] + k.faces[i + 1 :]) for i in range(len(k.faces))}) for k in keeps
    ]
    parent_counts = np.array([len(p) for p in parent_lists], dtype=np.int64)
    parents = np.array(
        [(p + [p[0]] * (count - len(p))) if p else [0] * count for p in parent_lists], dtype=np.int64
    ).reshape(num_keeps, count)
    odds = {d.faces: p for d, p in outcome_probabilities(count)}
    probabilities = np.array([float(odds[r.faces]) for r in rolls], dtype=np.float64)
    keep_counts_of_roll = np.array([len(s) for s in dice.sub_keeps], dtype=np.int64)
    roll_keeps = np.full((num_rolls, int(keep_counts_of_roll.max())), -1, dtype=np.int64)
    for r, subs in enumerate(dice.sub_keeps):
        roll_keeps[r, : len(subs)] = subs
    order = np.concatenate([s.start + np.argsort(-parent_counts[s], kind="stable") for s in slices]).astype(np.int64)
    position = np.argsort(order).astype(np.int64)
    work_children = position[children[order[: slices[count].start]]]
    work_parents = position[parents[order]]
    spans = tuple(tuple(int((parent_counts[s] > j).sum()) for j in range(size)) for size, s in enumerate(slices))
    work_rolls = order[slices[count]] - offset
    by_size = tuple(np.ascontiguousarray(work_children[slices[size]].T).reshape(-1) for size in range(count))
    parents_by_size = tuple(
        tuple(np.ascontiguousarray(work_parents[slices[size], j][:span]) for j, span in enumerate(spans[size]))
        for size in range(count + 1)
    )
    widest = max((s.stop - s.start for s in slices[:count]), default=0)
    return SolverTables(
        count=count,
        dice=dice,
        num_rolls=num_rolls,
        num_keeps=num_keeps,
        roll_offset=offset,
        keep_sizes=sizes,
        size_slices=slices,
        keep_counts=keep_counts,
        counts=keep_counts[offset:].copy(),
        all_of_a_kind=all_of_a_kind,
        all_of_a_kind_face=face,
        children=children,
        parent_counts=parent_counts,
        parents=parents,
        roll_probabilities=probabilities,
        roll_keep_counts=keep_counts_of_roll,
        roll_keeps=roll_keeps,
        work_order=order,
        work_position=position,
        work_children=work_children,
        work_parents=work_parents,
        work_parent_spans=spans,
        work_rolls=work_rolls,
        work_roll_position=np.argsort(work_rolls).astype(np.int64),
        children_by_size=by_size,
        parents_by_size=parents_by_size,
        spare_rows=max(6 * widest, num_rolls),
    )


@cached("solver: roll and keep tables per dice count", size=MAX_DICE, key="a dice count (1 to 8)")
def solver_tables(count: int) -> SolverTables:
    """The solver's tables of ``count`` dice (1 to 8), built once per count from ``dice_tables(count)``.

    Raises:
        InvalidDiceError: ``count`` is not a whole number from 1 to 8.

    Examples:
        >>> solver_tables(5) is solver_tables(5), solver_tables(5).children is CHILDREN
        (True, True)
        >>> solver_tables(8).num_rolls, solver_tables(8).num_keeps
        (1287, 3003)
    """
    return _FIVE if count == NUM_DICE and type(count) is int else _build(count)


#: The five-dice tables, built at import (the module's names below are their arrays).
_FIVE = _build(NUM_DICE)

#: How many rolls of five dice and how many keeps (0 to 5 dice) there are.
NUM_ROLLS = _FIVE.num_rolls
NUM_KEEPS = _FIVE.num_keeps
#: Index of the first five-dice keep: ``KEEPS[ROLL_OFFSET + r] == ROLLS[r]``.
ROLL_OFFSET = _FIVE.roll_offset
#: Number of dice of each keep.
KEEP_SIZES: IntArray = _FIVE.keep_sizes
#: The slice of the keeps of each size 0 to 5.
SIZE_SLICES: tuple[slice, ...] = _FIVE.size_slices
#: Face counts (ones first) of each keep, shape (462, 6).
KEEP_COUNTS: IntArray = _FIVE.keep_counts
#: Face counts of each roll, shape (252, 6).
COUNTS: IntArray = _FIVE.counts
#: The roll index of the five of a kind of each face 1 to 6.
FIVE_OF_A_KIND: IntArray = _FIVE.all_of_a_kind
#: For each roll, the face index (0-5) of a five of a kind, or -1.
FIVE_OF_A_KIND_FACE: IntArray = _FIVE.all_of_a_kind_face
#: ``CHILDREN[k, f - 1]``: the keep ``k`` plus one die showing ``f`` (keeps of 0-4 dice).
CHILDREN: IntArray = _FIVE.children
#: How many distinct keeps with one die fewer each keep has (its distinct faces).
PARENT_COUNTS: IntArray = _FIVE.parent_counts
#: ``PARENTS[k, :PARENT_COUNTS[k]]``: the keeps with one die of ``k`` fewer; padded with the first.
PARENTS: IntArray = _FIVE.parents
#: Probability of each roll when all five dice are thrown.
ROLL_PROBABILITIES: FloatArray = _FIVE.roll_probabilities
#: ``ROLL_KEEPS[r, :ROLL_KEEP_COUNTS[r]]``: every distinct keep (sub-multiset) of roll ``r``, padded with -1.
ROLL_KEEP_COUNTS: IntArray = _FIVE.roll_keep_counts
ROLL_KEEPS: IntArray = _FIVE.roll_keeps
#: ``WORK_ORDER[i]``: the keep at working position ``i`` (sizes stay in their slices).
WORK_ORDER: IntArray = _FIVE.work_order
#: ``WORK_POSITION[k]``: the working position of keep ``k`` (the inverse of `WORK_ORDER`).
WORK_POSITION: IntArray = _FIVE.work_position
#: `CHILDREN` in working positions, rows in working order (keeps of 0-4 dice).
WORK_CHILDREN: IntArray = _FIVE.work_children
#: `PARENTS` in working positions, rows in working order.
WORK_PARENTS: IntArray = _FIVE.work_parents
#: ``WORK_PARENT_SPANS[s][j]``: how many keeps of size ``s`` (from the slice's start) have more than ``j`` parents.
WORK_PARENT_SPANS: tuple[tuple[int, ...], ...] = _FIVE.work_parent_spans
#: ``WORK_ROLLS[i]``: the roll at working roll position ``i``; `WORK_ROLL_POSITION` is its inverse.
WORK_ROLLS: IntArray = _FIVE.work_rolls
WORK_ROLL_POSITION: IntArray = _FIVE.work_roll_position
