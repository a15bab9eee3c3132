"""Holding Ctrl-C and SIGTERM while worker processes are forked.

A Python signal handler that raises (as the command line's do) runs at the next
bytecode of the main thread. Right after a fork that is inside the parent's at-fork
hooks, where Python swallows any exception: the signal would be lost. `held_signals`
blocks both signals in the calling thread while workers are forked, so a signal that
comes then is delivered just after, in ordinary code; `release_signals` unblocks them
again in the workers, which inherit the blocked set.

Examples:
    >>> with held_signals():
    ...     pass
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["held_signals", "release_signals"]

_HELD = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def held_signals() -> Iterator[None]:
    """Block SIGINT and SIGTERM in the main thread within the block (elsewhere: nothing)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def release_signals() -> None:
    """In a forked worker: unblock what `held_signals` blocked in its parent."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
