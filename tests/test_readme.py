"""The README's two commands are the ones CI runs, verbatim."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _bash_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [line for block in re.findall(r"^```bash\n(.*?)^```", text, re.S | re.M) for line in block.splitlines()]


def test_the_readme_gives_a_setup_and_play_command_and_a_test_command() -> None:
    lines = _bash_blocks()
    assert 'python -m pip install -e ".[dev]" && yamskit play classic --bots 2 --seed 7' in lines
    assert 'python -m pip install -e ".[dev]" && python -m pytest -n 2' in lines


def test_ci_runs_the_readme_test_command_exactly_as_written() -> None:
    (command,) = [line for line in _bash_blocks() if "pytest" in line]
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert command in ci, ".ci/run must run the README's test command as the README writes it"
    first_pytest = next(line for line in ci if "pytest" in line and not line.startswith(("#", "echo")))
    assert first_pytest == command, "the README's command runs first, before the run with every extra"
