"""Every file a command reads goes through one bounded reader: an endless or huge file ends in one line.

The third trust review had ``yamskit play --resume /dev/zero`` killed for memory (a
``MemoryError`` traceback under ``ulimit -v``) and ``--save`` over a 3 GB file the same:
both read the whole file at once. `yamskit.cli.common.read_file` reads a megabyte at a
time and stops past `MAX_READ`. Each command runs here in a child whose address space is
capped (``ulimit -v``), so reading without a bound would fail the test, not the machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from yamskit.cli.common import MAX_READ

#: The child's address space: room for Python, yamskit, numpy and MAX_READ, less than the huge file.
CAP_KB = 2_500_000


def run_capped(*args: str) -> subprocess.CompletedProcess[str]:
    command = " ".join(["ulimit -v", str(CAP_KB), ";", "exec", sys.executable, "-m", "yamskit", *args])
    # one BLAS thread: on a machine with many cores each thread's buffers would take address space
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120, check=False, env=env)


def one_line(done: subprocess.CompletedProcess[str], *words: str) -> str:
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr + done.stdout
    assert "MemoryError" not in done.stderr + done.stdout
    (line,) = done.stderr.strip().splitlines() or done.stdout.strip().splitlines()
    for word in words:
        assert word in line, line
    return line


@pytest.fixture
def huge(tmp_path: Path) -> Path:
    """A 3 GB file that takes no disk (sparse)."""
    path = tmp_path / "big.json"
    with path.open("wb") as file:
        file.truncate(3 * 1024**3)
    assert os.path.getsize(path) > 10 * MAX_READ
    return path


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_resume_from_an_endless_file_ends_in_one_line() -> None:
    one_line(run_capped("play", "--resume", "/dev/zero"), f"larger than {MAX_READ:,} bytes")


def test_resume_from_a_huge_file_ends_in_one_line(huge: Path) -> None:
    one_line(run_capped("play", "--resume", str(huge)), f"larger than {MAX_READ:,} bytes")


def test_save_over_a_huge_file_is_refused_as_not_a_save(huge: Path) -> None:
    one_line(run_capped("play", "classic", "--bots", "2", "--save", str(huge)), "is not a save of this game")
    assert os.path.getsize(huge) == 3 * 1024**3  # left as it was


def test_check_of_a_huge_file_reports_it_unreadable(huge: Path) -> None:
    done = run_capped("check", str(huge))
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert f"larger than {MAX_READ:,} bytes" in done.stdout
