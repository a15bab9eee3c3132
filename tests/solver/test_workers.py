"""The forked workers of the solver and the optimal batch: they run in step, and none outlives its run."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys

import numpy as np
import pytest

from yamskit.solver.workers import Lockstep, in_lockstep, take_next

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "win32", reason="needs fork")


def test_every_rank_runs_and_rank_zero_gives_the_result() -> None:
    ranks = multiprocessing.get_context("fork").Array("i", 3)

    def work(rank: int, sync: Lockstep) -> int:
        ranks[rank] = rank + 1
        sync.wait(rank)  # every rank has written
        return sum(ranks)

    assert in_lockstep(work, 3, "test") == 6
    assert not multiprocessing.active_children()


def test_a_failing_worker_makes_rank_zero_raise_instead_of_waiting() -> None:
    def work(rank: int, sync: Lockstep) -> int:
        if rank == 1:
            os._exit(3)  # a worker dies before the wait
        sync.wait(rank)
        return rank

    with pytest.raises(RuntimeError, match="a test worker process failed"):
        in_lockstep(work, 2, "test")
    assert not multiprocessing.active_children()


def test_an_error_in_rank_zero_ends_the_workers() -> None:
    def work(rank: int, sync: Lockstep) -> int:
        if rank == 0:
            raise ValueError("rank 0 failed")
        sync.wait(rank)  # would wait for ever without rank 0
        return rank

    with pytest.raises(ValueError, match="rank 0 failed"):
        in_lockstep(work, 2, "test")
    assert not multiprocessing.active_children()


def test_a_worker_killed_while_holding_the_shared_lock_makes_rank_zero_raise() -> None:
    context = multiprocessing.get_context("fork")
    lock = context.Lock()
    taken = context.Event()

    def work(rank: int, sync: Lockstep) -> int:
        if rank == 1:
            lock.acquire()
            taken.set()
            os.kill(os.getpid(), signal.SIGKILL)  # killed from outside, the lock still taken
        assert taken.wait(30)
        with sync.holding(lock, rank):  # would wait for ever without the partner check
            return rank

    with pytest.raises(RuntimeError, match="a test worker process failed"):
        in_lockstep(work, 2, "test")
    assert not multiprocessing.active_children()


def test_a_worker_takes_the_lock_in_turn_with_rank_zero() -> None:
    context = multiprocessing.get_context("fork")
    lock = context.Lock()
    count = context.Value("i", 0, lock=False)

    def work(rank: int, sync: Lockstep) -> int:
        for _ in range(200):
            with sync.holding(lock, rank):
                count.value += 1
        sync.wait(rank)
        return int(count.value)

    assert in_lockstep(work, 2, "test") == 400


def test_numbers_taken_by_several_processes_are_each_taken_once() -> None:
    context = multiprocessing.get_context("fork")
    counters = context.Array("q", 2, lock=False)  # a shared counter, and one never touched
    taken = context.Array("i", 3 * 200, lock=False)  # who took each number
    lock = context.Lock()

    def work(rank: int, sync: Lockstep) -> None:
        claimed = np.frombuffer(counters, dtype=np.int64)
        while (number := take_next(claimed, 0, lock, sync, rank)) < len(taken):
            assert taken[number] == 0
            taken[number] = rank + 1
        sync.wait(rank)

    in_lockstep(work, 3, "test")
    assert list(counters) == [len(taken) + 3, 0]  # each process took one number past the end
    assert set(taken) <= {1, 2, 3}  # every number was taken, by one of the processes
