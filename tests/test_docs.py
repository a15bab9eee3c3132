"""Every code example of the documentation and every script in examples/ runs.

Pages use two kinds of blocks: ```python blocks run in order in one namespace per
page; ```pycon blocks are doctests (their printed output is checked). A python block
that needs an optional third-party package that is not installed (Dask, Ray, the RL extras) is
skipped for that reason only.
"""

from __future__ import annotations

import doctest
import re
import runpy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([*ROOT.joinpath("docs").rglob("*.md"), ROOT / "README.md"])
EXAMPLES = sorted(ROOT.joinpath("examples").glob("*.py"))
OPTIONAL = {"dask", "ray", "distributed", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"}


def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_blocks_run(page: Path, capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in _blocks(page.read_text(encoding="utf-8"), "python"):
        try:
            exec(compile(block, str(page), "exec"), namespace)
        except ModuleNotFoundError as error:
            if error.name not in OPTIONAL:
                raise
            pytest.skip(f"{page.name} needs {error.name}, an optional extra that is not installed")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pycon_blocks_are_correct_doctests(page: Path) -> None:
    blocks = _blocks(page.read_text(encoding="utf-8"), "pycon")
    if not blocks:
        return
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, len(test.examples))


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_scripts_run(script: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", [str(script)])
    code: object = 0
    try:
        runpy.run_path(str(script), run_name="__main__")
    except SystemExit as done:
        code = done.code
    assert code in (0, None)
    assert capsys.readouterr().out


def test_docs_pages_are_all_in_the_navigation() -> None:
    nav = ROOT.joinpath("mkdocs.yml").read_text(encoding="utf-8")
    for page in ROOT.joinpath("docs").rglob("*.md"):
        assert str(page.relative_to(ROOT / "docs")) in nav, page
