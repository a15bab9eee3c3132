"""Action ids as the adapters take them: exactly an integer in range, or a specific error.

Every adapter (`YamsEnv`, `YamsVectorEnv`, the PettingZoo and OpenSpiel games) reads the
agent's action through `action_id` (or `action_ids` for a batch). An id is accepted when
it is an ``int`` or a numpy integer (a scalar, or an array of shape ``()``) between 0 and
the size of the variant's action space minus one. Nothing is rounded or parsed: ``0.99``,
``1.0``, ``"0"``, ``True`` and ``None`` are refused with `ActionIdTypeError` (a
`TypeError`), an integer out of range with `ActionIdError` (a `ValueError`). Both are
`yamskit.YamskitError` subclasses (defined in `yamskit.errors`, exported here and at the
top level), and both leave the game as it was.

Examples:
    >>> import numpy as np
    >>> action_id(3, 488), action_id(np.int8(3), 488), action_id(np.array(3), 488)
    (3, 3, 3)
    >>> action_id(0.99, 488)
    Traceback (most recent call last):
    yamskit.errors.ActionIdTypeError: an action id is an int or a numpy integer, not float 0.99
    >>> action_id(488, 488)
    Traceback (most recent call last):
    yamskit.errors.ActionIdError: action id 488 is out of range: ids are 0 to 487
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import ActionIdError, ActionIdTypeError

__all__ = ["ActionIdError", "ActionIdTypeError", "action_id", "action_ids"]


def _describe(value: Any) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


def _integral(value: Any) -> bool:
    """Whether ``value`` is an integer: an int (an IntEnum...) but no bool, a numpy integer, a 0-d integer array."""
    if isinstance(value, np.ndarray):
        return value.shape == () and value.dtype.kind in "iu"
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def action_id(value: Any, size: int) -> int:
    """``value`` as an action id of a space of ``size`` actions.

    Raises:
        ActionIdTypeError: ``value`` is not an int or a numpy integer (scalar or 0-d array).
        ActionIdError: it is an integer outside ``0`` to ``size - 1``.

    Examples:
        >>> action_id(-1, 10)
        Traceback (most recent call last):
        yamskit.errors.ActionIdError: action id -1 is out of range: ids are 0 to 9
        >>> action_id("0", 10)
        Traceback (most recent call last):
        yamskit.errors.ActionIdTypeError: an action id is an int or a numpy integer, not str '0'
    """
    if type(value) is not int:
        if not _integral(value):
            raise ActionIdTypeError(f"an action id is an int or a numpy integer, not {_describe(value)}")
        value = int(value)
    if not 0 <= value < size:
        raise ActionIdError(f"action id {value} is out of range: ids are 0 to {size - 1}")
    return value  # type: ignore[no-any-return]


def action_ids(values: Any, count: int, size: int) -> npt.NDArray[np.int64]:
    """``values`` as ``count`` action ids (one per game of a vector env), an int64 array.

    Accepts a numpy array of an integer dtype, or a sequence of ints and numpy integers.

    Raises:
        ActionIdTypeError: a value (or the array's dtype) is not an integer, or the shape is not ``(count,)``.
        ActionIdError: an id is outside ``0`` to ``size - 1`` (the message names the first game).

    Examples:
        >>> import numpy as np
        >>> action_ids([0, np.int32(4)], 2, 10).tolist()
        [0, 4]
        >>> action_ids(np.array([0.0, 4.0]), 2, 10)
        Traceback (most recent call last):
        yamskit.errors.ActionIdTypeError: action ids are integers, not an array of float64
    """
    if isinstance(values, np.ndarray):
        if values.dtype.kind not in "iu":
            raise ActionIdTypeError(f"action ids are integers, not an array of {values.dtype}")
        array = values
    elif isinstance(values, (list, tuple)):
        array = np.array([action_id(v, 2**63) for v in values], dtype=np.int64).reshape(len(values))
    else:
        raise ActionIdTypeError(f"action ids are an integer array or a list of ints, not {_describe(values)}")
    if array.shape != (count,):
        raise ActionIdTypeError(f"give one action id per game: shape {array.shape} for {count} games")
    outside = (array < 0) | (array >= size)
    if outside.any():
        bad = int(np.flatnonzero(outside)[0])
        raise ActionIdError(f"game {bad}: action id {int(array[bad])} is out of range: ids are 0 to {size - 1}")
    return array.astype(np.int64, copy=False)
