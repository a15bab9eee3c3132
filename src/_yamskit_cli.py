"""The ``yamskit`` command's entry point, outside the package so that Ctrl-C while yamskit loads exits cleanly.

Importing anything from the ``yamskit`` package runs ``yamskit/__init__.py`` first, so
an entry point inside the package could not catch an interrupt that comes while the
package is being imported. This module imports only the standard library before it
loads `yamskit.cli.main` inside a ``try``: Ctrl-C (or SIGTERM) during the import
prints one line and exits with status 130 (or 143), with no traceback.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from types import FrameType

__all__ = ["main"]


class _Terminated(KeyboardInterrupt):
    """SIGTERM while yamskit loads."""


def _terminate(_signum: int, _frame: FrameType | None) -> None:
    raise _Terminated


def main() -> int:
    """Load yamskit's command line and run it with the process arguments; the exit status."""
    try:
        # Even when started with them ignored (a background job of a script): the command
        # ends cleanly on both, and tells its worker processes to end too.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, _terminate)
        from yamskit.cli import main as run
    except KeyboardInterrupt as stop:
        terminated = isinstance(stop, _Terminated)
        with contextlib.suppress(OSError, ValueError, AttributeError):
            print("yamskit: terminated" if terminated else "yamskit: interrupted", file=sys.stderr)
        return 128 + (signal.SIGTERM if terminated else signal.SIGINT)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # from here on the command handles it
    return run()


if __name__ == "__main__":
    sys.exit(main())
