"""Output that cannot be written: a full or closed standard output, a picture that cannot be saved.

Every case ends in one line on standard error, naming what failed, and no traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

COMMANDS = [
    ["score", "classic", "22555"],
    ["rules", "classic"],
    ["play", "classic", "--bots", "2", "--seed", "1"],
    ["simulate", "classic", "-n", "20"],
]


def run(args: list[str], **popen: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", "yamskit", *args], stderr=subprocess.PIPE, text=True, timeout=300, check=False, **popen
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_a_full_standard_output_is_one_line_and_status_1(args: list[str]) -> None:
    # 0.1.0 ended in an OSError traceback
    with open("/dev/full", "w") as full:
        done = run(args, stdout=full)
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines() == ["yamskit: error: cannot write to standard output: No space left on device"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file descriptors")
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_a_closed_standard_output_is_one_line_and_status_1(args: list[str]) -> None:
    done = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "yamskit", *args],
        stderr=subprocess.PIPE,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines() == ["yamskit: error: standard output is closed: nothing can be printed"]


def test_a_closed_pipe_ends_quietly_with_status_0() -> None:
    # the documented convention: the reader wanted no more lines
    done = subprocess.run(
        ["sh", "-c", '"$@" | head -c 10 > /dev/null', "sh", sys.executable, "-m", "yamskit", "simulate", "classic"],
        stderr=subprocess.PIPE,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0
    assert done.stderr == ""


def test_simulate_prints_its_statistics_before_failing_on_the_picture(tmp_path: Path) -> None:
    # 0.1.0 threw away the statistics it had computed when the picture could not be written
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    folder = tmp_path / "pictures"
    folder.mkdir()
    target = folder / "h.svg"
    target.write_text("old picture\n", encoding="utf-8")
    folder.chmod(0o500)  # the file is writable, its folder is not: the atomic write fails
    try:
        done = run(["simulate", "classic", "-n", "30", "--json", "--svg", str(target)], stdout=subprocess.PIPE)
    finally:
        folder.chmod(0o700)
    assert done.returncode == 1
    assert json.loads(done.stdout)["games"] == 30
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"yamskit: error: cannot write the histogram to {target}: ")
    assert target.read_text(encoding="utf-8") == "old picture\n"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX resource limits")
def test_simulate_prints_its_statistics_before_a_full_disk_stops_the_picture(tmp_path: Path) -> None:
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))

    target = tmp_path / "h.svg"
    done = run(["simulate", "classic", "-n", "30", "--svg", str(target)], stdout=subprocess.PIPE, preexec_fn=limit)
    assert done.returncode == 1
    assert "Points histogram" in done.stdout
    (line,) = done.stderr.splitlines()
    assert line == f"yamskit: error: cannot write the histogram to {target}: File too large"
    assert list(tmp_path.iterdir()) == []
