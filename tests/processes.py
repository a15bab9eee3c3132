"""What the tests of real subprocesses share: which processes live (from /proc), and bounded waits.

A wait here is never a speed requirement: it polls until something happens (a worker
starts, a process ends) and gives up only after `WAIT` seconds, which only a hang reaches,
naming what never happened.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

#: Seconds before a wait gives up: the bound that turns a hang into a failure.
WAIT = 120


def wait_until(happened: Callable[[], bool], never: str, *, still: Callable[[], bool] | None = None) -> None:
    """Poll ``happened()`` until it is true; fail naming what ``never`` happened after `WAIT` seconds.

    ``still``, when given, must stay true while waiting (say, the process has not ended).
    """
    give_up = time.monotonic() + WAIT
    while not happened():
        assert still is None or still(), f"{never}: it can no longer happen"
        assert time.monotonic() < give_up, never
        time.sleep(0.05)


def children(pid: int) -> set[int]:
    """The process ids whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def descendants(pid: int) -> set[int]:
    """Children, grandchildren... of ``pid`` (workers may hang below a fork server)."""
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
