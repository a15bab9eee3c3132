"""The README's two commands are the ones CI runs, verbatim; the README and the docs tell one install story."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SETUP_AND_PLAY = "python -m pip install -e . && yamskit play classic --bots 2 --seed 7"
TEST = (
    'python -m pip install --upgrade "pip>=25.1" && python -m pip install -e . --group dev '
    '&& python -m pytest -n 2 -m "not slow"'
)


def _bash_lines(text: str) -> list[str]:
    return [line for block in re.findall(r"^```bash\n(.*?)^```", text, re.S | re.M) for line in block.splitlines()]


def _section(text: str, heading: str) -> str:
    """The text under ``## heading``, up to the next heading of that level."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert match, f"no '## {heading}' section"
    return match.group(1)


def _readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def _ci() -> list[str]:
    ci = ROOT / ".ci" / "run"
    if not ci.is_file():
        pytest.skip("no .ci/run here (the source distribution does not carry it)")
    return [line.strip() for line in ci.read_text(encoding="utf-8").splitlines()]


def test_the_readme_gives_a_setup_and_play_command_and_a_test_command() -> None:
    lines = _bash_lines(_readme())
    assert SETUP_AND_PLAY in lines
    assert TEST in lines


def test_ci_runs_the_readme_commands_exactly_as_written() -> None:
    ci = _ci()
    commands = [line for line in _bash_lines(_readme()) if "yamskit play" in line or "pytest" in line]
    assert commands == [SETUP_AND_PLAY, TEST]
    for command in commands:
        assert command in ci, ".ci/run must run the README's commands as the README writes them"
    first_pytest = next(line for line in ci if "pytest" in line and not line.startswith(("#", "echo")))
    assert first_pytest == TEST, "the README's command runs first, before the run with every extra"


def test_the_groups_the_commands_install_exist_and_dev_and_browser_are_no_extras() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    groups = project["dependency-groups"]
    extras = project["project"]["optional-dependencies"]
    assert {"dev", "browser"} <= set(groups)
    assert not {"dev", "browser"} & set(extras)
    assert any(req.startswith("playwright") for req in groups["browser"])
    assert any(req.startswith("pytest-xdist") for req in groups["dev"])  # the commands' `-n 2`
    installs = [line for line in _bash_lines(_readme()) + _ci() if "pip install" in line]
    for line in installs:
        for group in re.findall(r"--group (\S+)", line):
            assert group in groups, line
        for listed in re.findall(r'\.\[([^\]]+)\]"', line):
            assert set(listed.split(",")) <= set(extras), line


def test_the_readme_and_the_docs_home_give_the_same_install_commands() -> None:
    readme = _bash_lines(_section(_readme(), "Install"))
    docs = _bash_lines(_section((ROOT / "docs" / "index.md").read_text(encoding="utf-8"), "Install"))
    assert readme, "the README's Install section has no command"
    assert docs == readme


def test_the_contributing_page_gives_the_readme_test_command() -> None:
    page = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    assert TEST in _bash_lines(page)


def test_the_readme_links_only_to_absolute_addresses() -> None:
    """The README is the package index page too, where a relative link (``LICENSE``) leads nowhere."""
    text = _readme()
    targets = re.findall(r"\]\(([^)\s]+)", text) + re.findall(r"^\[[^\]]+\]:\s*(\S+)", text, re.M)
    targets += re.findall(r"""(?:src|href)=["']([^"']+)""", text)
    relative = [t for t in targets if not re.match(r"https://|#", t)]
    assert not relative, f"relative links in the README: {relative}"
