"""The bots tournament (benchmarks/bots.py) on a real Dask cluster: a LocalCluster of two worker processes.

Every game's outcome and the win/draw/loss tables must equal the local run of the same
seed, through ``executor=`` in Python and through ``--scheduler ADDRESS``; only the
times per decision differ. Benchmarks are not a package: here the script is imported as
``bots`` from its path and uploaded to the workers (``client.upload_file``), and run as
a script (``__main__``, whose code Dask sends by value) for ``--scheduler``.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from tests.benchmark_scripts import BENCHMARKS, benchmark_script

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.slow

SCRIPT = BENCHMARKS / "bots.py"
if not SCRIPT.is_file():
    pytest.skip("no benchmarks/ here (the source distribution does not carry it)", allow_module_level=True)
#: Fast bots, a few games each: a mirror match (mixed outcomes) and two uneven ones.
PAIRS = (("easy", "easy"), ("easy", "random"), ("medium", "easy"))
SETUPS = ("yamslam", "yam-master")


@pytest.fixture(scope="module")
def bench() -> Iterator[ModuleType]:
    name = "bots"  # the name the workers import it by after client.upload_file
    assert name not in sys.modules
    # upload_file also imports the file here, where the scheduler runs; pickle looks the module up by name
    with benchmark_script("bots.py", name=name, neighbours=()) as module:
        yield module


def _untimed(rows: list[dict[str, Any]], timing: frozenset[str]) -> list[dict[str, Any]]:
    return [{key: value for key, value in row.items() if key not in timing} for row in rows]


def test_executor_on_a_local_cluster_plays_the_local_games(bench: ModuleType, cluster: Any) -> None:
    with distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        client.upload_file(str(SCRIPT))
        remote = bench.tournament(SETUPS, PAIRS, games=7, seed=11, executor=client.get_executor())
    local = bench.tournament(SETUPS, PAIRS, games=7, seed=11)
    assert _untimed(remote, bench.TIMING_KEYS) == _untimed(local, bench.TIMING_KEYS)
    assert [(row["setup"], row["first"], row["second"]) for row in remote] == [
        (setup, first, second) for setup in ("yamslam", "yamslam team", "yam-master") for first, second in PAIRS
    ]
    for row in remote:
        assert len(row["outcomes"]) == 7
        assert row["win"] + row["draw"] + row["loss"] == 7
        assert row["decisions"] > 0
    assert {outcome for row in remote for outcome in row["outcomes"]} >= {"win", "loss"}


def _table(out: str) -> list[list[str]]:
    """The table's rows without the time columns (the last two)."""
    rows = [line.split("|")[1:-1] for line in out.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row[:-2]] for row in rows]


def test_scheduler_option_prints_the_local_table(
    bench: ModuleType, cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--games", "6", "--seed", "4", "--only", "yamslam", "--pair", "easy", "random"]
    command = [sys.executable, str(SCRIPT), *args, "--scheduler", cluster.scheduler_address]
    remote = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True).stdout
    assert bench.main(args) == 0
    local = capsys.readouterr().out
    assert f"Dask scheduler {cluster.scheduler_address} with 2 worker(s)" in remote.splitlines()[0]
    assert "1 job(s)" in local.splitlines()[0]
    assert _table(remote) == _table(local)
    assert len(_table(local)) == 3  # the header and two setups: yamslam, yamslam team


def test_scheduler_excludes_jobs(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        bench.main(["--games", "2", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"])
    assert exit_.value.code == 2
    assert "exclude each other" in capsys.readouterr().err
