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
    """
    pool: dict[str, FloatArray] = _ARRAYS.__dict__.setdefault("arrays", {})
    buffer = pool.get(name)
    if buffer is None or len(buffer) < rows * count:
        buffer = pool[name] = np.empty(rows * count)
    return buffer[: rows * count].reshape(rows, count)


def release_work_arrays() -> None:
    """Drop this thread's work arrays."""
    _ARRAYS.__dict__.pop("arrays", None)
