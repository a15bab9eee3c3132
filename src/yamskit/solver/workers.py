"""Forked worker processes of the solver and the batch simulation: signals, stopping, waiting for each other.

`in_lockstep` runs a piece of work in this process and in forked copies of it, which
wait for each other between steps (`Lockstep`). Ctrl-C at a terminal reaches every
process of the job; the workers ignore it (`ignore_interrupts`) and this process,
which handles it, ends them at once (`kill_workers`). A process whose partner has
ended gets an `EOFError` instead of waiting for ever, so no worker outlives its run;
that holds for a shared lock too (`Lockstep.holding`), even one a partner held when it
was killed.

Examples:
    >>> sync = Lockstep(1)  # a run in this process alone: waiting returns at once
    >>> sync.wait(0)
    >>> in_lockstep(lambda rank, sync: rank + 10, 1, "example")
    10
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from .._signals import held_signals, release_signals

__all__ = ["Lockstep", "ignore_interrupts", "in_lockstep", "kill_workers", "take_next"]

_Result = TypeVar("_Result")

#: Seconds a process waits for a shared lock before it checks that its partners still run.
LOCK_PATIENCE = 0.5


class _Lock(Protocol):
    def acquire(self, block: bool = ..., timeout: float = ...) -> bool: ...
    def release(self) -> None: ...


def ignore_interrupts() -> None:
    """Worker initializer: Ctrl-C, which a terminal sends to every process of the job, is the parent's to handle.

    The parent stops its workers itself when it is interrupted.

    Examples:
        >>> import multiprocessing
        >>> def child(out):
        ...     ignore_interrupts()
        ...     out.send(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)
        >>> here, there = multiprocessing.get_context("fork").Pipe()
        >>> worker = multiprocessing.get_context("fork").Process(target=child, args=(there,))
        >>> worker.start(); here.recv(), worker.join()
        (True, None)
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler: SIGTERM ends a worker
    release_signals()


def kill_workers(workers: Sequence[multiprocessing.process.BaseProcess]) -> None:
    """End ``workers`` at once (SIGKILL: they hold nothing that needs cleaning) and reap them.

    Examples:
        >>> import multiprocessing, time
        >>> worker = multiprocessing.get_context("fork").Process(target=time.sleep, args=(60,))
        >>> worker.start()
        >>> kill_workers([worker])
        >>> worker.is_alive(), worker.exitcode == -signal.SIGKILL
        (False, True)
    """
    for worker in workers:
        with contextlib.suppress(OSError):
            worker.kill()
    for worker in workers:
        worker.join(timeout=5)


class Lockstep:
    """Forked processes that wait for each other: process 0 holds a pipe to each other one.

    A process whose partner ends (an error, a signal) gets an `EOFError` instead of
    waiting for ever, so no worker outlives the run.

    Examples:
        >>> def work(rank, sync):
        ...     sync.wait(rank)  # both processes reach this point before either goes on
        ...     return rank
        >>> in_lockstep(work, 2, "example")  # rank 0's result; rank 1 ran in a forked process
        0
    """

    def __init__(self, workers: int) -> None:
        self.pipes = [multiprocessing.Pipe() for _ in range(workers - 1)]
        #: Process 0's forked workers (`in_lockstep` fills it in).
        self.children: list[multiprocessing.process.BaseProcess] = []

    def partners_alive(self, rank: int) -> bool:
        """Whether the other processes of the run still run (for process 0 its workers, for a worker process 0).

        Examples:
            >>> Lockstep(1).partners_alive(0)
            True
        """
        if rank == 0:
            return all(child.is_alive() for child in self.children)
        parent = multiprocessing.parent_process()
        return parent is None or parent.is_alive()

    @contextlib.contextmanager
    def holding(self, lock: _Lock, rank: int) -> Iterator[None]:
        """Hold ``lock`` (shared with the partners) for the ``with`` block.

        A process killed while it holds a lock never frees it, so the wait is cut into
        `LOCK_PATIENCE` slices, and between them the partners are checked.

        Raises:
            EOFError: a partner has ended and the lock stays taken (`in_lockstep` turns it
                into its `RuntimeError` in process 0; a worker just stops).

        Examples:
            >>> import multiprocessing
            >>> lock = multiprocessing.get_context("fork").Lock()
            >>> with Lockstep(1).holding(lock, 0):
            ...     lock.acquire(False)  # taken: another process would wait here
            False
        """
        while not lock.acquire(timeout=LOCK_PATIENCE):
            if not self.partners_alive(rank):
                raise EOFError("a partner process ended while holding a shared lock")
        try:
            yield
        finally:
            lock.release()

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


def take_next(claimed: npt.NDArray[np.int64], index: int, lock: _Lock | None, sync: Lockstep, rank: int) -> int:
    """The next number of counter ``index`` of ``claimed``, which the processes of a run share: 0, 1, 2...

    Processes that take their work this way each ask for the next piece when they are
    done with one, so none waits for a slower one while work is left. ``lock`` guards the
    counters (``None``: this process alone).

    Examples:
        >>> import numpy as np
        >>> claimed = np.zeros(2, dtype=np.int64)
        >>> [take_next(claimed, 1, None, Lockstep(1), 0) for _ in range(3)], claimed.tolist()
        ([0, 1, 2], [0, 3])
    """
    with contextlib.nullcontext() if lock is None else sync.holding(lock, rank):
        number = int(claimed[index])
        claimed[index] = number + 1
    return number


def in_lockstep(work: Callable[[int, Lockstep], _Result], workers: int, what: str) -> _Result:
    """``work(rank, sync)`` in this process (rank 0) and ``workers - 1`` forked ones; rank 0's result.

    The forked processes end before this returns or raises: when rank 0 fails or is
    interrupted they are killed; when one of them fails, rank 0's next wait raises
    `RuntimeError` naming ``what``.
    """
    sync = Lockstep(workers)
    children = sync.children
    try:
        if workers > 1:
            context = multiprocessing.get_context("fork")
            with held_signals():  # the workers are forked here
                for rank in range(1, workers):
                    child: multiprocessing.process.BaseProcess = context.Process(
                        target=_forked, args=(work, rank, sync), daemon=True
                    )
                    child.start()
                    children.append(child)
            sync.keep(0)
        try:
            result = work(0, sync)
        except (EOFError, ConnectionError):
            raise RuntimeError(f"a {what} worker process failed (its error is above)") from None
        for child in children:
            child.join()
    except BaseException:  # Ctrl-C, SIGTERM, an error: the workers stop now
        kill_workers(children)
        raise
    finally:
        sync.close()
    return result


def _forked(work: Callable[[int, Lockstep], object], rank: int, sync: Lockstep) -> None:
    """A forked process's part of `in_lockstep`."""
    ignore_interrupts()
    sync.keep(rank)
    with contextlib.suppress(EOFError, ConnectionError):  # process 0 has stopped: so does this one
        work(rank, sync)
