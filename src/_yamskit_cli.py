"""The ``yamskit`` command's entry point, outside the package so that Ctrl-C while yamskit loads exits cleanly.

Importing anything from the ``yamskit`` package runs ``yamskit/__init__.py`` first, so
an entry point inside the package could not catch an interrupt that comes while the
package is being imported. This module imports only the standard library before it
loads `yamskit.cli.main` inside a ``try``: Ctrl-C (or SIGTERM) during the import
prints one line and exits with status 130 (or 143), with no traceback, and a second
signal while it does so is let pass.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType

__all__ = ["main"]


class _Terminated(KeyboardInterrupt):
    """SIGTERM while yamskit loads."""


_stopping: list[int] = []  # the signal being handled here, once one came


def _stop(signum: int, _frame: FrameType | None) -> None:
    # yamskit.cli.signals may be in sys.modules half loaded (the signal came while it was being
    # imported): then it has no signal_handled yet, and no command has run
    handled = getattr(sys.modules.get("yamskit.cli.signals"), "signal_handled", None)
    if _stopping or (handled is not None and handled()):
        return  # a second signal while the first one unwinds: the first one decides
    _stopping.append(signum)
    raise _Terminated if signum == signal.SIGTERM else KeyboardInterrupt


def main() -> int:
    """Load yamskit's command line and run it with the process arguments; the exit status."""
    try:
        # Even when started with them ignored (a background job of a script): the command
        # ends cleanly on both, and tells its worker processes to end too. While it runs it
        # handles them itself (yamskit.cli.signals), and puts these back when it ends.
        signal.signal(signal.SIGINT, _stop)
        signal.signal(signal.SIGTERM, _stop)
        from yamskit.cli import main as run

        status = run()
    except KeyboardInterrupt as stop:
        terminated = isinstance(stop, _Terminated)
        with contextlib.suppress(OSError, ValueError, AttributeError):
            print("yamskit: terminated" if terminated else "yamskit: interrupted", file=sys.stderr)
        status = 128 + (signal.SIGTERM if terminated else signal.SIGINT)
    # the command has said how it ended: a signal from here on changes nothing
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if status in (128 + signal.SIGINT, 128 + signal.SIGTERM):
        # Stopped by a signal, its worker processes already ended: leave now. The interpreter's
        # own exit would wait for the threads of a process pool the signal cut short, which can
        # wait forever for workers that are gone.
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
        os._exit(status)
    return status


if __name__ == "__main__":
    sys.exit(main())
