"""Forked worker processes of the solver and the batch simulation: signals, stopping, waiting for each other.

Ctrl-C at a terminal reaches every process of the job; the workers ignore it
(`ignore_interrupts`) and the parent, which handles it, ends them at once
(`kill_workers`). `Lockstep` lets a parent and its forked workers wait for each
other between steps; a process whose partner has ended gets an `EOFError` instead of
waiting for ever, so no worker outlives its run.

Examples:
    >>> sync = Lockstep(1)  # a run in this process alone: waiting returns at once
    >>> sync.wait(0)
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Sequence

from .._signals import release_signals

__all__ = ["Lockstep", "ignore_interrupts", "kill_workers"]


def ignore_interrupts() -> None:
    """Worker initializer: Ctrl-C, which a terminal sends to every process of the job, is the parent's to handle.

    The parent stops its workers itself when it is interrupted.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    release_signals()


def kill_workers(workers: Sequence[multiprocessing.process.BaseProcess]) -> None:
    """End ``workers`` at once (SIGKILL: they hold nothing that needs cleaning) and reap them."""
    for worker in workers:
        with contextlib.suppress(OSError):
            worker.kill()
    for worker in workers:
        worker.join(timeout=5)


class Lockstep:
    """Forked processes that wait for each other: process 0 holds a pipe to each other one.

    A process whose partner ends (an error, a signal) gets an `EOFError` instead of
    waiting for ever, so no worker outlives the run.
    """

    def __init__(self, workers: int) -> None:
        self.pipes = [multiprocessing.Pipe() for _ in range(workers - 1)]

    def keep(self, rank: int) -> None:
        """After the fork: close the pipe ends that are not this process's."""
        for i, (first, other) in enumerate(self.pipes):
            if rank != 0:
                first.close()
            if rank != i + 1:
                other.close()

    def wait(self, rank: int) -> None:
        """Return once every process has called ``wait``."""
        if rank == 0:
            for first, _ in self.pipes:
                first.recv_bytes()
            for first, _ in self.pipes:
                first.send_bytes(b".")
        else:
            own = self.pipes[rank - 1][1]
            own.send_bytes(b".")
            own.recv_bytes()

    def close(self) -> None:
        """Close process 0's pipe ends (the others' close when they end)."""
        for first, _ in self.pipes:
            first.close()
