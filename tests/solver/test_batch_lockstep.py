"""The optimal batch's turns cut into pieces and shared between processes: same games, clean stops."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.processes import WAIT, alive, children, wait_until
from tests.strategies import examples
from yamskit import ScorecardVariant
from yamskit.categories import Category, is_five_of_a_kind, total, upper, when
from yamskit.scorecard import UpperBonus
from yamskit.scorecard.house_rules import FiveOfAKindBonus
from yamskit.solver import batch, expectimax, lockstep, simulate, solve, tables
from yamskit.solver.model import model_of
from yamskit.solver.space import StateSpace
from yamskit.solver.strategy import Strategy

posix_proc = pytest.mark.skipif(
    sys.platform == "win32" or not Path("/proc/self/stat").exists(), reason="POSIX signals and /proc"
)


@pytest.fixture(scope="module")
def yahtzee() -> tuple[ScorecardVariant, Strategy]:
    v = yamskit.variant("yahtzee")
    return v, solve(v, quiet=True)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(st.integers(0, 40), min_size=1, max_size=300),
    st.integers(1, 50),
    st.integers(1, 8),
)
def test_pieces_cover_every_game_once_with_its_state(keys: list[int], piece_games: int, state_block: int) -> None:
    array = np.array(keys, dtype=np.int64)
    old = lockstep.PIECE_GAMES, lockstep.STATE_BLOCK
    lockstep.PIECE_GAMES, lockstep.STATE_BLOCK = piece_games, state_block
    try:
        pieces = lockstep._pieces(array)
    finally:
        lockstep.PIECE_GAMES, lockstep.STATE_BLOCK = old
    seen = np.concatenate([games for games, _, _ in pieces])
    assert sorted(seen.tolist()) == list(range(len(keys)))
    for games, reps, local in pieces:
        assert 0 < len(games) <= piece_games
        assert len(reps) <= state_block
        assert set(reps.tolist()) <= set(games.tolist())  # a piece never reads another piece's games
        assert np.array_equal(array[reps[local]], array[games])  # each game's state is its representative's
        assert len(set(array[reps].tolist())) == len(reps)  # one representative per state
        assert np.all(np.diff(array[games]) >= 0)  # sorted by state


def _tiered() -> ScorecardVariant:
    """Three number rows whose bonus drops above a second threshold (so a higher total is not always better)."""
    return ScorecardVariant.define(
        "tiered",
        rows=[upper(4), upper(5), upper(6), Category("yams", when(is_five_of_a_kind, 50)), Category("chance", total)],
        bonus=UpperBonus(rows=("fours", "fives", "sixes"), tiers=((30, 40), (50, 10))),
        rules=[FiveOfAKindBonus(100)],
    )


@pytest.mark.parametrize("name", ["yahtzee", "tiered"])
def test_merged_upper_totals_have_the_same_values_to_the_bit(
    name: str, yahtzee: tuple[ScorecardVariant, Strategy]
) -> None:
    variant, strategy = yahtzee if name == "yahtzee" else (_tiered(), solve(_tiered(), quiet=True))
    model = model_of(variant)
    classes = lockstep._UpperClasses.of(model)
    values = strategy.values
    filled = np.arange(values.shape[0])[:, None, None]
    upper_ = np.arange(values.shape[2])[None, None, :]
    merged = classes.canonical(np.broadcast_to(filled, values.shape), np.broadcast_to(upper_, values.shape), model.cap)
    first = np.take_along_axis(values, merged, axis=2)  # the value at each total's class's smallest total
    both = ~np.isnan(values) & ~np.isnan(first)
    assert np.array_equal(values[both], first[both])  # equal to the bit, not merely close
    space = StateSpace.of(model)  # the solver's dead totals are in the class of 0; more totals are merged
    canonical = space.canonical_upper(np.broadcast_to(filled, values.shape), np.broadcast_to(upper_, values.shape))
    assert np.all(merged[canonical == 0] == 0)
    assert np.any(merged[both] < canonical[both])


def _same(a: batch.BatchResult, b: batch.BatchResult) -> None:
    assert np.array_equal(a.scores, b.scores)
    assert np.array_equal(a.row_means, b.row_means)
    assert np.array_equal(a.row_zero_rates, b.row_zero_rates)
    assert (a.bonus_rate, a.extra_mean) == (b.bonus_rate, b.extra_mean)


@pytest.mark.slow  # several batches of every split: over ten seconds
def test_pieces_blocks_and_processes_do_not_change_the_games(
    yahtzee: tuple[ScorecardVariant, Strategy], monkeypatch: pytest.MonkeyPatch
) -> None:
    v, strategy = yahtzee
    monkeypatch.setattr(batch, "GAME_BLOCK", 1500)  # three blocks, the last one short
    alone = simulate(v, 4000, bot=strategy, seed=3, processes=1)
    monkeypatch.setattr(batch, "SHARE_MIN", 100)
    monkeypatch.setattr(lockstep, "PIECE_GAMES", 37)
    monkeypatch.setattr(lockstep, "STATE_BLOCK", 5)
    for processes in (1, 2, 3):
        _same(alone, simulate(v, 4000, bot=strategy, seed=3, processes=processes))


def test_a_failing_worker_stops_the_run_with_an_error(
    yahtzee: tuple[ScorecardVariant, Strategy], monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    v, strategy = yahtzee
    parent = os.getpid()
    turn = lockstep._optimal_turn

    def failing(*args: object, **kwargs: object) -> None:
        if os.getpid() != parent:
            raise ZeroDivisionError("worker trouble")
        turn(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "SHARE_MIN", 100)
    monkeypatch.setattr(lockstep, "_optimal_turn", failing)
    with pytest.raises(RuntimeError, match="worker process failed"):
        simulate(v, 2000, bot=strategy, seed=1, processes=2)
    assert "worker trouble" in capfd.readouterr().err


# The program a user runs in a terminal. Python installs its Ctrl-C handler only when SIGINT is
# not ignored at start, and a job started in the background of a non-interactive shell (a CI
# script's ``nohup ... &``) starts with SIGINT ignored, which every child inherits: the script
# puts back what Python gives a program started at a terminal, or Ctrl-C would rightly do nothing.
_RUN = """
import signal, sys, yamskit
from yamskit.solver import simulate, solve

def stop(number, frame):
    raise SystemExit(143)

signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGTERM, stop)
variant = yamskit.variant("yahtzee")
strategy = solve(variant, quiet=True)
print("playing", flush=True)
try:
    simulate(variant, 50_000_000, bot=strategy, seed=1, processes=2)
except KeyboardInterrupt:
    sys.exit(130)
"""


@posix_proc
@pytest.mark.slow  # a solve and a pool per signal
@pytest.mark.parametrize(("number", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGKILL, -9)])
def test_a_signal_ends_the_run_and_its_worker(number: int, status: int) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen(
        [sys.executable, "-c", _RUN], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, env=env
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == b"playing\n"
        wait_until(
            lambda: bool(children(process.pid)), "the worker never started", still=lambda: process.poll() is None
        )
        workers = children(process.pid)
        time.sleep(0.3)  # playing
        if number == signal.SIGINT:
            os.killpg(process.pid, number)  # Ctrl-C at a terminal: the whole process group
        else:
            process.send_signal(number)
        _, err = process.communicate(timeout=WAIT)
        assert process.returncode == status
        assert b"Traceback" not in err, err.decode(errors="replace")
        wait_until(lambda: not any(alive(pid) for pid in workers), "a worker process survived")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.parametrize("name", ["yahtzee", "tiered"])
def test_merging_upper_totals_does_not_change_the_games(
    name: str, yahtzee: tuple[ScorecardVariant, Strategy], monkeypatch: pytest.MonkeyPatch
) -> None:
    variant, strategy = yahtzee if name == "yahtzee" else (_tiered(), solve(_tiered(), quiet=True))
    merged = simulate(variant, 3000, bot=strategy, seed=4, processes=1)
    space = StateSpace.of(model_of(variant))
    monkeypatch.setattr(lockstep._UpperClasses, "canonical", lambda self, f, u, cap: space.canonical_upper(f, u))
    _same(merged, simulate(variant, 3000, bot=strategy, seed=4, processes=1))


def _variant(name: str) -> ScorecardVariant:
    if name == "tiered":
        return _tiered()
    options = {"joker": "seed", "yams_bonus": 100} if name == "classic-seed" else {}
    variant = yamskit.variant(name.removesuffix("-seed"), **options)
    assert isinstance(variant, ScorecardVariant)
    return variant


@pytest.mark.parametrize("name", ["yahtzee", "classic", "classic-seed", "tiered"])
def test_a_score_read_from_the_final_layer_is_worth_its_points_and_the_value_after(name: str) -> None:
    """The box choice reads a Score's worth from the state's final-layer candidate (``paid_at``): to the bit."""
    variant = _variant(name)
    model, values = model_of(variant), solve(variant, quiet=True).values
    rng = np.random.default_rng(5)
    for count in (2, model.num_rows // 2, model.num_rows - 1):
        filled, flag, upper_ = StateSpace.of(model).layer(count)
        pick = np.sort(rng.choice(len(filled), min(len(filled), 60), replace=False))
        filled, flag, upper_ = filled[pick], flag[pick], upper_[pick]
        _, candidates = expectimax._padded_layers(model, values, filled, flag, upper_)
        states = len(filled)
        local = np.repeat(np.arange(states), tables.NUM_ROLLS)  # every roll in every state
        roll = np.tile(np.arange(tables.NUM_ROLLS), states)
        paid_at = lockstep._Plan.of(model, Strategy(variant, model, values), [1], 0, 1).paid_at
        read = np.take(candidates.reshape(-1), paid_at[roll] * states + local[:, None])
        points = model.tables.T[roll]
        direct = lockstep._scored(model, values, points, filled[local], flag[local], upper_[local])
        open_rows = (filled[local][:, None] >> np.arange(model.num_rows)) & 1 == 0
        assert np.array_equal(read[open_rows], direct[open_rows])  # equal to the bit, not merely close
        assert not np.isnan(direct[open_rows]).any()
