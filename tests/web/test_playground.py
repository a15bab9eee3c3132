"""The docs' playground in headless Chromium, offline: blocks edited and run in the page print what CPython prints.

The page is ``playground/`` of the site ``mkdocs build`` makes, served from 127.0.0.1
with the network cut (the theme's web fonts are the only requests cut, and the text
falls back to the system's fonts). Every block runs in Pyodide, and its output must be
what the same block gives in CPython through the same ``run_block``; an edited block
runs as edited; a long block shows its progress and stops when asked.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import LOAD_TIMEOUT_MS, THEME_FONTS, Browser, chromium, serve
from .conftest import ROOT, page_module

pytestmark = pytest.mark.slow

PAGE = ROOT / "docs" / "playground.md"


@pytest.fixture(scope="module")
def browser(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    with serve(site) as base, chromium(base, tmp_path_factory.mktemp("profile")) as opened:
        yield opened
        assert all(url.startswith(THEME_FONTS) for url in opened.cut), opened.cut
        assert any("/play/wheels/yamskit-" in url for url in opened.seen), "the worker's requests went unseen"
        assert opened.errors == []


def in_cpython(blocks: list[str]) -> list[str]:
    """What the playground shows under each block when the blocks run in turn in CPython."""
    page = page_module()
    page._namespace.clear()
    page._namespace["__name__"] = "__main__"
    shown = []
    for block in blocks:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            out = json.loads(page.run_block(block))
        lines = printed.getvalue()
        lines += "".join(f"{out[key]}\n" for key in ("error", "value") if out[key] is not None)
        shown.append(lines)
    return shown


def run(page: Any, index: int) -> str:
    """Press Run under block ``index`` and wait for it to end; the block's state."""
    block = page.locator(".playground").nth(index)
    block.locator(".playground-run").click()
    page.wait_for_function(
        "(i) => document.querySelectorAll('.playground')[i].dataset.state !== 'running'",
        arg=index,
        timeout=LOAD_TIMEOUT_MS,
    )
    return str(block.get_attribute("data-state"))


def output(page: Any, index: int) -> str:
    return str(page.locator(".playground-out").nth(index).text_content())


def test_every_block_runs_in_the_page_as_in_cpython(browser: Browser) -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.DOTALL | re.MULTILINE)
    page = browser.open("playground/")
    page.wait_for_selector("body[data-playground=ready]")
    assert page.locator(".playground").count() == len(blocks)
    expected = in_cpython([block.rstrip("\n") for block in blocks])
    for i, lines in enumerate(expected):
        assert run(page, i) == "done", output(page, i)
        assert output(page, i) == lines, f"block {i}"
    # blocks ending on a game or a picture show it, drawn
    first = page.locator(".playground").nth(0).locator("img.playground-svg")
    first.wait_for()
    assert first.evaluate("img => img.decode().then(() => img.naturalWidth)") > 100
    page.close()


def test_an_edited_block_runs_as_edited(browser: Browser) -> None:
    page = browser.open("playground/")
    page.wait_for_selector("body[data-playground=ready]")
    code = "\n".join(
        [
            "import yamskit",
            'game = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=99)',
            "print(game.to_notation())",
            "game",
        ]
    )
    page.locator(".playground-code").nth(0).fill(code)
    assert run(page, 0) == "done"
    assert output(page, 0) == in_cpython([code])[0]
    assert page.locator(".playground").nth(0).locator("img.playground-svg").count() == 1
    page.locator(".playground-code").nth(0).fill("yamskit.Dice.parse('77777')")
    assert run(page, 0) == "error"
    # the traceback's file paths differ (site-packages in Pyodide); its last line, the error, does not
    expected = in_cpython(["import yamskit", "yamskit.Dice.parse('77777')"])[1]
    assert output(page, 0).splitlines()[-1] == expected.splitlines()[-1]
    assert expected.splitlines()[-1].startswith("yamskit.errors.InvalidDiceError: ")
    page.close()


def test_a_long_block_shows_progress_and_stops(browser: Browser) -> None:
    page = browser.open("playground/")
    page.wait_for_selector("body[data-playground=ready]")
    last = page.locator(".playground").count() - 1
    editor = page.locator(".playground-code").nth(last)
    editor.fill(editor.input_value().replace("games = 400", "games = 100_000"))
    block = page.locator(".playground").nth(last)
    block.locator(".playground-run").click()
    page.wait_for_function(
        "(i) => document.querySelectorAll('.playground-out')[i].textContent.includes('100 of 100000 games')",
        arg=last,
        timeout=LOAD_TIMEOUT_MS,
    )
    assert block.get_attribute("data-state") == "running"
    block.locator(".playground-run").click()  # the button reads Stop while the block runs
    page.wait_for_function("(i) => document.querySelectorAll('.playground')[i].dataset.state === 'stopped'", arg=last)
    assert "Stopped." in output(page, last)
    assert run(page, 0) == "done"  # a fresh Python runs the next block
    page.close()
