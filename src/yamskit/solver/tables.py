"""Roll and keep tables over the 252 rolls and 462 keeps, as numpy arrays.

Everything the solver and the batch simulator index is built here once, from
`yamskit.dice.ROLLS` and `yamskit.dice.KEEPS` (so index ``i`` of every
array means the same dice as in the core). Keeps are ordered by size, so the keeps
of one size form a slice (`SIZE_SLICES`), and the keeps of size five are the
rolls, in the same order.

* `CHILDREN` — for each keep of fewer than five dice, the keep with one more
  die of each face: averaging over them is throwing one more die.
* `PARENTS` — for each non-empty keep, the keeps with one die fewer (padded by
  repeating the first): the sub-multiset lattice, for best-keep maxima.
* `ROLL_PROBABILITIES` — the chance of each roll of five dice.

Examples:
    >>> from yamskit.solver import tables
    >>> tables.CHILDREN.shape, tables.PARENTS.shape, tables.SIZE_SLICES[5]
    ((210, 6), (462, 5), slice(210, 462, None))
    >>> round(float(tables.ROLL_PROBABILITIES.sum()), 12)
    1.0
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..dice import KEEP_CHILDREN, KEEPS, NUM_DICE, ROLLS, keep_index, outcome_probabilities

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
    "FloatArray",
    "IntArray",
    "keep_index",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

#: How many rolls of five dice and how many keeps (0 to 5 dice) there are.
NUM_ROLLS = len(ROLLS)
NUM_KEEPS = len(KEEPS)
#: Index of the first five-dice keep: ``KEEPS[ROLL_OFFSET + r] == ROLLS[r]``.
ROLL_OFFSET = NUM_KEEPS - NUM_ROLLS

#: Number of dice of each keep.
KEEP_SIZES: IntArray = np.array([len(k) for k in KEEPS], dtype=np.int64)
#: The slice of the keeps of each size 0 to 5.
SIZE_SLICES: tuple[slice, ...] = tuple(
    slice(int(np.searchsorted(KEEP_SIZES, s)), int(np.searchsorted(KEEP_SIZES, s, side="right")))
    for s in range(NUM_DICE + 1)
)
#: Face counts (ones first) of each keep, shape (462, 6).
KEEP_COUNTS: IntArray = np.array([k.counts for k in KEEPS], dtype=np.int64)
#: Face counts of each roll, shape (252, 6).
COUNTS: IntArray = KEEP_COUNTS[ROLL_OFFSET:].copy()
#: The roll index of the five of a kind of each face 1 to 6.
FIVE_OF_A_KIND: IntArray = np.array([keep_index((f,) * NUM_DICE) - ROLL_OFFSET for f in range(1, 7)], dtype=np.int64)

#: For each roll, the face index (0-5) of a five of a kind, or -1.
FIVE_OF_A_KIND_FACE: IntArray = np.full(NUM_ROLLS, -1, dtype=np.int64)
FIVE_OF_A_KIND_FACE[FIVE_OF_A_KIND] = np.arange(6)

#: ``CHILDREN[k, f - 1]``: the keep ``k`` plus one die showing ``f`` (keeps of 0-4 dice).
CHILDREN: IntArray = np.array(KEEP_CHILDREN, dtype=np.int64)


def _parents(faces: tuple[int, ...]) -> list[int]:
    found = sorted({keep_index(faces[:i] + faces[i + 1 :]) for i in range(len(faces))})
    return found


_PARENT_LISTS = [_parents(k.faces) for k in KEEPS]
#: How many distinct keeps with one die fewer each keep has (its distinct faces).
PARENT_COUNTS: IntArray = np.array([len(p) for p in _PARENT_LISTS], dtype=np.int64)
#: ``PARENTS[k, :PARENT_COUNTS[k]]``: the keeps with one die of ``k`` fewer; padded with the first.
PARENTS: IntArray = np.array(
    [(p + [p[0]] * (NUM_DICE - len(p))) if p else [0] * NUM_DICE for p in _PARENT_LISTS], dtype=np.int64
)

_PROB = {d.faces: p for d, p in outcome_probabilities(NUM_DICE)}
#: Probability of each roll when all five dice are thrown.
ROLL_PROBABILITIES: FloatArray = np.array([float(_PROB[r.faces]) for r in ROLLS], dtype=np.float64)

#: ``ROLL_KEEPS[r, :ROLL_KEEP_COUNTS[r]]``: every distinct keep (sub-multiset) of roll ``r``, padded with -1.
ROLL_KEEP_COUNTS: IntArray = np.array([len(r.sub_multisets()) for r in ROLLS], dtype=np.int64)
ROLL_KEEPS: IntArray = np.full((NUM_ROLLS, int(ROLL_KEEP_COUNTS.max())), -1, dtype=np.int64)
for _r, _roll in enumerate(ROLLS):
    _subs = [keep_index(s.faces) for s in _roll.sub_multisets()]
    ROLL_KEEPS[_r, : len(_subs)] = _subs

# ---------------------------------------------------------------------------- the solver's working order
# Within each size, the keeps with more distinct faces come first: a keep has one parent per
# distinct face, so the best-keep maxima over the j-th parent touch a prefix of each size's slice.
#: ``WORK_ORDER[i]``: the keep at working position ``i`` (sizes stay in their slices).
WORK_ORDER: IntArray = np.concatenate(
    [s.start + np.argsort(-PARENT_COUNTS[s], kind="stable") for s in SIZE_SLICES]
).astype(np.int64)
#: ``WORK_POSITION[k]``: the working position of keep ``k`` (the inverse of `WORK_ORDER`).
WORK_POSITION: IntArray = np.argsort(WORK_ORDER).astype(np.int64)
#: `CHILDREN` in working positions, rows in working order (keeps of 0-4 dice).
WORK_CHILDREN: IntArray = WORK_POSITION[CHILDREN[WORK_ORDER[: SIZE_SLICES[5].start]]]
#: `PARENTS` in working positions, rows in working order.
WORK_PARENTS: IntArray = WORK_POSITION[PARENTS[WORK_ORDER]]
#: ``WORK_PARENT_SPANS[s][j]``: how many keeps of size ``s`` (from the slice's start) have more than ``j`` parents.
WORK_PARENT_SPANS: tuple[tuple[int, ...], ...] = tuple(
    tuple(int((PARENT_COUNTS[s] > j).sum()) for j in range(size)) for size, s in enumerate(SIZE_SLICES)
)
#: ``WORK_ROLLS[i]``: the roll at working roll position ``i``; `WORK_ROLL_POSITION` is its inverse.
WORK_ROLLS: IntArray = WORK_ORDER[SIZE_SLICES[5]] - ROLL_OFFSET
WORK_ROLL_POSITION: IntArray = np.argsort(WORK_ROLLS).astype(np.int64)
