"""Ctrl-C and SIGTERM end a command cleanly: the main process unwinds, its workers just end.

While a command runs, SIGINT raises `KeyboardInterrupt` and SIGTERM raises `Terminated`
(a `KeyboardInterrupt` too) in the command's own process (even where the command was
started with them ignored, as a script's background job is), so every ``finally`` and
``with`` block runs: worker pools are shut down, temporary files removed, an
unfinished game saved. Only the first signal raises: one that comes while the first
unwinds (Ctrl-C pressed twice, SIGTERM after Ctrl-C) lets that clean-up finish, and the
command ends with the first one's status. A worker process forked from it (the solver's, a simulation's)
does not unwind: it ignores SIGINT, which a terminal sends to the whole process group,
and dies at once on SIGTERM, which its parent sends it when the run stops.

Examples:
    >>> with handled_signals():
    ...     signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    True
    >>> signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    True
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["EXIT_INTERRUPTED", "EXIT_TERMINATED", "Terminated", "handled_signals", "signal_handled"]

#: Exit status after Ctrl-C (128 + SIGINT), as shells report a process killed by it.
EXIT_INTERRUPTED = 128 + signal.SIGINT
#: Exit status after SIGTERM (128 + SIGTERM).
EXIT_TERMINATED = 128 + signal.SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived while a command ran; handled like Ctrl-C, with exit status 143."""


#: The signal the running command is handling, once one came: a process handles one at a time.
_STOPPING: list[int] = []


def signal_handled() -> bool:
    """Whether the last command run in this process stopped on a signal (the later ones are let pass).

    The ``yamskit`` entry point (``_yamskit_cli``) asks it, so that a signal that comes
    after the command has ended is let pass too.

    Examples:
        >>> with handled_signals():
        ...     signal_handled()
        False
    """
    return bool(_STOPPING)


@contextmanager
def handled_signals() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise in this process; their old handlers come back after.

    Outside the main thread (where Python cannot set handlers) it does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    home = os.getpid()
    stopping = _STOPPING
    stopping.clear()

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        if os.getpid() != home:  # a forked worker: its parent stops it
            if signum == signal.SIGTERM:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                os.kill(os.getpid(), signal.SIGTERM)
            return
        if stopping:  # a second signal while the first one unwinds: the first one's clean-up goes on
            return
        stopping.append(signum)
        if signum == signal.SIGTERM:
            raise Terminated
        raise KeyboardInterrupt

    previous = {number: signal.signal(number, on_signal) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
