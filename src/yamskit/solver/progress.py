"""A progress bar for long solves: rich when it is installed, plain lines on stderr otherwise.

Examples:
    >>> bar = Progress(10, "solving", quiet=True)
    >>> bar.advance(4); bar.advance(6); bar.done
    10
    >>> bar.close()
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

__all__ = ["Progress"]


class Progress:
    """Counts work done out of ``total`` and shows it, unless ``quiet``.

    Args:
        total: the amount of work.
        label: what is being done.
        quiet: show nothing.
        callback: also called with (done, total) at each step.

    Examples:
        >>> seen = []
        >>> bar = Progress(3, "solving", quiet=True, callback=lambda done, total: seen.append(f"{done}/{total}"))
        >>> bar.advance(1); bar.advance(2)
        >>> ", ".join(seen)
        '1/3, 3/3'
        >>> bar.close()
    """

    def __init__(
        self, total: int, label: str, *, quiet: bool = False, callback: Callable[[int, int], None] | None = None
    ) -> None:
        self.total = total
        self.label = label
        self.done = 0
        self.callback = callback
        self._rich: Any = None
        self._task: Any = None
        self._plain = False
        self._last = 0.0
        self._start = time.perf_counter()
        if quiet:
            return
        try:
            from rich.progress import Progress as RichProgress
        except ImportError:
            self._plain = True
            return
        self._rich = RichProgress(transient=True)
        self._rich.start()
        self._task = self._rich.add_task(label, total=total)

    def advance(self, amount: int) -> None:
        """Record ``amount`` more work done."""
        self.done += amount
        if self.callback is not None:
            self.callback(self.done, self.total)
        if self._rich is not None:
            self._rich.update(self._task, completed=self.done)
        elif self._plain:
            now = time.perf_counter()
            if now - self._last > 1.0 or self.done >= self.total:
                self._last = now
                print(f"{self.label}: {self.done}/{self.total} states", file=sys.stderr)

    def close(self) -> None:
        """Remove the bar."""
        if self._rich is not None:
            self._rich.stop()
            self._rich = None
