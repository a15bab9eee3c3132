"""Work arrays reused block after block by the solver's turn layers, one set per thread.

Fresh arrays of megabytes for every block cost page faults; each thread keeps one array
per name instead, grown to the largest size asked for, until `release_work_arrays`.

Examples:
    >>> work_array("example", 2, 3).shape
    (2, 3)
    >>> release_work_arrays()
"""

from __future__ import annotations

import threading

import numpy as np

from .tables import FloatArray

__all__ = ["release_work_arrays", "work_array"]

_ARRAYS = threading.local()


def work_array(name: str, rows: int, count: int) -> FloatArray:
    """A reused (rows, count) work array of this thread (fresh arrays of megabytes cost page faults).

    The arrays of one name share a buffer that grows to the largest size asked for, so blocks
    of varying sizes reuse it too.

    Examples:
        >>> big = work_array("example", 4, 5)
        >>> small = work_array("example", 2, 3)  # the same buffer, seen with another shape
        >>> small.shape, small.base is big.base
        ((2, 3), True)
        >>> release_work_arrays()
    """
    pool: dict[str, FloatArray] = _ARRAYS.__dict__.setdefault("arrays", {})
    buffer = pool.get(name)
    if buffer is None or len(buffer) < rows * count:
        buffer = pool[name] = np.empty(rows * count)
    return buffer[: rows * count].reshape(rows, count)


def release_work_arrays() -> None:
    """Drop this thread's work arrays (`solve` and the batch `simulate` call it when they end).

    Examples:
        >>> first = work_array("example", 2, 2)
        >>> release_work_arrays()
        >>> work_array("example", 2, 2).base is first.base  # a fresh buffer
        False
        >>> release_work_arrays()
    """
    _ARRAYS.__dict__.pop("arrays", None)
