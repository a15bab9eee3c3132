"""Corrections to the split evaluation, fitted once from the exact solver's values.

The split evaluation (`yamskit.bots.split`) values writing ``p`` points in a box as
``p`` plus the change of its part's value, each part solved as if it had every turn
to itself. That misjudges boxes *across* parts: the part of the lower boxes, which
expects a turn of its own for each box, prices an open Yams higher than a sheet
whose turns are shared can, and sacrifices the wrong box. A small linear model
corrects it::

    value = p + w(kind, x) * change of the part's value - sum_k f_k(box) * theta_k(x)

* ``x`` is the share of the game left: boxes still open after this one, over the
  rows of the sheet less one (1 on the first turn, 0 on the last);
* ``w(kind, x)``, a cubic in ``x`` for each kind of part (the part holding the
  upper-bonus rows; the others): how much a part's value counts;
* ``f_k(box)`` are features of the box's row computed from its table alone, so
  that they exist for any user-defined sheet (`box_features`): the expected
  points of one turn aimed only at it and of one throw, its maximum, the chances of
  a non-zero in an aimed turn and in one throw (alone and times the maximum), and
  whether it counts towards the bonus (alone and times the aimed expectation);
* ``theta_k(x)`` are cubics in ``x``: what a box of those features is worth, as a
  function of the turns left, beyond what its part says.

The coefficients (`PART_WEIGHTS`, `BOX_WEIGHTS`) were fitted by weighted least
squares against the exact values (``yamskit.solver``) of the positions after every
box the bot could write, at every decision of games it played itself, on classic
Yams and on Scandinavian Yatzy (15 rows, 50 at 63); the weights favour the options
near the best one, which are the ones a decision turns on. The fit is
`benchmarks/fit_split.py`; the figures are in docs/explanation/bots.md.

Examples:
    >>> import yamskit
    >>> from yamskit.bots.split import split_parts
    >>> v = yamskit.variant("classic")
    >>> features = box_features(v.rules, split_parts(v))
    >>> features.shape, FEATURES[0], round(float(features[5, 0]), 3)  # sixes: 12.64 points in an aimed turn
    ((13, 9), 'aimed', 1.264)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..solver import tables
from ..solver.tables import FloatArray
from .lookahead import single_target_values

__all__ = ["BOX_WEIGHTS", "DEGREE", "FEATURES", "PART_WEIGHTS", "box_features", "box_offsets", "part_weight", "powers"]


#: The box features, in the order of `box_features`' columns (points in tens, chances in tenths).
FEATURES: tuple[str, ...] = (
    "aimed",  # expected points of one turn aimed only at the box
    "one_throw",  # expected points of one throw
    "maximum",  # the most points the box gives
    "bonus_row",  # 1 if the box counts towards the upper bonus
    "aimed_nonzero",  # chance of a non-zero in one aimed turn
    "one_throw_nonzero",  # chance of a non-zero in one throw
    "aimed_nonzero_maximum",  # that chance times the maximum
    "one_throw_nonzero_maximum",
    "bonus_aimed",  # bonus_row times aimed
)
#: Powers of ``x`` in the cubics.
DEGREE = 4

#: ``w(kind, x)``: rows (bonus part, other parts), columns the coefficients of 1, x, x^2, x^3.
PART_WEIGHTS: FloatArray = np.array(
    [
        [1.0176, -0.3057, 0.7242, -0.0796],
        [-0.3987, -0.2523, 1.3661, -0.2138],
    ]
)
#: ``theta_k(x)``: one row per feature of `FEATURES`, the coefficients of 1, x, x^2, x^3.
BOX_WEIGHTS: FloatArray = np.array(
    [
        [8.1577, 33.8515, 0.4438, -12.8406],
        [17.3315, -12.7332, -104.2839, 46.1472],
        [-0.1741, 5.0642, -12.8593, 8.9380],
        [-0.7649, -4.8122, 4.2071, -11.4669],
        [0.2690, 1.5696, -19.9409, 15.9972],
        [0.1041, -5.5264, 30.3814, -19.5326],
        [1.5952, -8.5806, 27.8210, -28.7234],
        [-8.3461, 3.0767, -12.1589, 26.5869],
        [-8.0267, -1.5787, -19.9445, 18.8596],
    ]
)


def powers(x: float) -> FloatArray:
    """``(1, x, x^2, x^3)``.

    Examples:
        >>> powers(0.5).tolist()
        [1.0, 0.5, 0.25, 0.125]
    """
    return np.array([x**d for d in range(DEGREE)], dtype=np.float64)


def box_features(rules: Any, parts: Sequence[tuple[tuple[int, ...], Any, Any]]) -> FloatArray:
    """The features of every row of a one-column sheet, shape (rows, len(FEATURES)).

    ``parts`` are the sheet's parts (`yamskit.bots.split.split_parts`): a row counts
    towards the bonus when its part's model says so.

    Examples:
        >>> import yamskit
        >>> from yamskit.bots.split import split_parts
        >>> v = yamskit.variant("classic")
        >>> f = box_features(v.rules, split_parts(v))
        >>> row = v.rules.row_index("yams")
        >>> float(f[row, FEATURES.index("maximum")]), float(f[row, FEATURES.index("bonus_row")])
        (5.0, 0.0)
    """
    table = np.array([row.table for row in rules.rows], dtype=np.float64).T  # (252, rows)
    nonzero = (table > 0).astype(np.float64)
    aimed = single_target_values(table, throws=rules.max_throws)
    one = tables.ROLL_PROBABILITIES @ table
    aimed_nz = single_target_values(nonzero, throws=rules.max_throws)
    one_nz = tables.ROLL_PROBABILITIES @ nonzero
    maximum = table.max(axis=0)
    bonus = np.zeros(len(rules.rows))
    for group, model, _ in parts:
        for j, i in enumerate(group):
            bonus[i] = float(model.bonus_rows[j])
    columns = (
        aimed / 10,
        one / 10,
        maximum / 10,
        bonus,
        aimed_nz * 10,
        one_nz * 10,
        aimed_nz * maximum / 10,
        one_nz * maximum / 10,
        bonus * aimed / 10,
    )
    return np.stack(columns, axis=1)


def part_weight(bonus_part: bool, x: float) -> float:
    """``w(kind, x)``: how much the change of a part's value counts with a share ``x`` of the game left.

    Examples:
        >>> round(part_weight(True, 1.0), 2)  # the bonus part on the first turn
        1.36
    """
    return float(PART_WEIGHTS[0 if bonus_part else 1] @ powers(x))


def box_offsets(features: FloatArray, x: float) -> FloatArray:
    """What each box is worth beyond its part's value, with a share ``x`` of the game left, shape (rows,).

    Examples:
        >>> import numpy as np
        >>> box_offsets(np.zeros((3, len(FEATURES))), 0.5).tolist()
        [0.0, 0.0, 0.0]
    """
    return np.asarray(features @ (BOX_WEIGHTS @ powers(x)), dtype=np.float64)
