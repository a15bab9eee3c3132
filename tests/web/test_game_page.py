"""The game page in headless Chromium, offline: whole games played by clicking, every variant drawn.

The page is the one the docs build puts under ``play/``, served from 127.0.0.1, with
the network cut. A classic game between two people and a Yam Master game against a bot
are played to the end by clicking dice, boxes, cells and buttons; illegal clicks must
show the library's own message (the same words CPython gives for the same action); the
final score shown must equal the downloaded record's, and the downloaded game must load
with `yamskit.load_game`. Every variant, in every mode, is drawn and screenshot.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import yamskit
from yamskit.actions import action_from_data
from yamskit.records import GameRecord, check_record

from .browser import LOAD_TIMEOUT_MS, Browser, chromium, not_blank, serve
from .conftest import built_in_menu

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    with serve(site) as base, chromium(base, tmp_path_factory.mktemp("profile")) as opened:
        yield opened
        assert opened.cut == [], f"the game page asked the network for {opened.cut}"
        assert any("/play/wheels/yamskit-" in url for url in opened.seen), "the worker's requests went unseen"
        assert opened.errors == []


def open_game_page(browser: Browser) -> Any:
    page = browser.open("play/index.html?delay=0")
    page.wait_for_selector("body[data-ready=true]", timeout=LOAD_TIMEOUT_MS)
    return page


def view(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("() => window.yamskitPage.view"))


def settle(page: Any, before: int) -> dict[str, Any]:
    """Wait until the page has shown a new view and no bot is about to move; that view."""
    page.wait_for_function(
        "(n) => Number(document.body.dataset.shown || 0) > n && !window.yamskitPage.view.bot_to_move",
        arg=before,
        timeout=60_000,
    )
    return view(page)


def shown(page: Any) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.shown || 0)"))


def click(page: Any, selector: str) -> dict[str, Any]:
    """Click ``selector`` and wait for the view it brings."""
    before = shown(page)
    page.locator(selector).first.click()
    return settle(page, before)


def start(page: Any, variant: str, seats: list[tuple[str, str]], *, mode: str | None = None, seed: int) -> Any:
    """Fill the form (variant, mode, players, seed) and press Start."""
    page.select_option("#variant", variant)
    if mode is not None:
        page.select_option("#mode", mode)
    page.select_option("#count", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        seat = page.locator("#seats li").nth(i)
        seat.locator(".name").fill(name)
        seat.locator(".kind").select_option(kind)
    page.fill("#seed", str(seed))
    return click(page, "#start")


def library_says(state_view: dict[str, Any], action: dict[str, Any], player: int | None = None) -> str:
    """What CPython's yamskit says of ``action`` in the position the page shows (its notation)."""
    state = yamskit.from_notation(state_view["notation"])
    try:
        state.apply(action_from_data(action), player=player)
    except yamskit.YamskitError as error:
        return f"{type(error).__name__}: {error}"
    raise AssertionError(f"{action} is legal in {state_view['notation']}")


def keep_most(page: Any, rng: random.Random) -> None:
    """Click the dice showing the most common face (sometimes none), as a player keeps them."""
    dice = page.locator("#picture g.die")
    faces = [int(dice.nth(i).get_attribute("data-face")) for i in range(dice.count())]
    if not faces or rng.random() < 0.2:
        return
    face = max(set(faces), key=lambda f: (faces.count(f), f))
    for i, shown_face in enumerate(faces):
        if shown_face == face:
            dice.nth(i).click()


def finish(page: Any, browser: Browser) -> None:
    """The final score shown equals the record's; the downloaded game loads in CPython and agrees."""
    final = view(page)
    assert final["over"]
    scores = json.loads(page.locator("#final").get_attribute("data-scores"))
    text = page.inner_text("#final")
    for name, points in zip(final["players"], scores, strict=True):
        assert f"{name} {points}" in text
    with page.expect_download() as record_download:
        page.click("#download-record")
    record_text = Path(record_download.value.path()).read_text(encoding="utf-8")
    record = GameRecord.load(record_text)
    assert record.claimed is not None
    assert list(record.claimed.values()) == scores
    assert check_record(record_text).valid
    with page.expect_download() as save_download:
        page.click("#download-save")
    game = yamskit.load_game(Path(save_download.value.path()).read_bytes())
    assert game.is_over
    assert list(game.result().scores) == scores
    assert game == record.to_game()
    assert page.inner_text("#notation") == game.to_notation()


def test_a_whole_classic_game_is_played_by_clicking(browser: Browser) -> None:
    page = open_game_page(browser)
    rng = random.Random(11)
    now = start(page, "classic", [("Ann", "human"), ("Bob", "human")], seed=11)
    assert now["status"] == "Ann to throw"
    # a box before the throw, then a box on Bob's sheet: refused with the library's words
    box = '#picture rect.box[data-player="0"][data-row="chance"]'
    now = click(page, box)
    assert page.inner_text("#message") == library_says(now, {"type": "score", "row": "chance", "column": "main"}, 0)
    assert now["moves"] == 0
    now = click(page, "#roll")
    now = click(page, '#picture rect.box[data-player="1"][data-row="yams"]')
    assert page.inner_text("#message") == library_says(now, {"type": "score", "row": "yams", "column": "main"}, 1)
    assert page.inner_text("#message").startswith("NotYourTurnError: ")
    written: set[tuple[int, str]] = set()
    while not now["over"]:
        types = {action["type"] for action in now["legal"]}
        if "roll" in types and (not now["dice"] or rng.random() < 0.5):
            keep_most(page, rng)
            now = click(page, "#roll")
            continue
        if written and rng.random() < 0.05:  # a box already written: refused, the game unchanged
            player, row = next(iter(written))
            before = now["moves"]
            now = click(page, f'#picture rect.box[data-player="{player}"][data-row="{row}"]')
            assert now["moves"] == before
            assert page.inner_text("#message")
            continue
        writes = [a for a in now["legal"] if a["type"] in ("score", "scratch")]
        action = rng.choice(writes)
        player = now["current"]
        if action["type"] == "scratch":
            page.check("#cross")
        now = click(page, f'#picture rect.box[data-player="{player}"][data-row="{action["row"]}"]')
        page.uncheck("#cross")
        assert page.inner_text("#message") == "", action
        written.add((player, action["row"]))
    finish(page, browser)
    page.close()


def test_a_whole_yam_master_game_is_played_by_clicking(browser: Browser) -> None:
    page = open_game_page(browser)
    rng = random.Random(5)
    now = start(page, "yam-master", [("Ann", "human"), ("Bot", "easy")], seed=5)
    tested_occupied = False
    while not now["over"]:
        legal = now["legal"]
        places = [a["cell"] for a in legal if a["type"] == "place"]
        removals = [a["cell"] for a in legal if a["type"] == "remove_token"]
        types = {a["type"] for a in legal}
        if places:
            taken = page.locator("#picture circle.token")
            if not tested_occupied and taken.count():  # a token on a taken cell: refused, as CPython says
                row, col = int(taken.first.get_attribute("data-row")), int(taken.first.get_attribute("data-col"))
                now = click(page, f'#picture circle.token[data-row="{row}"][data-col="{col}"]')
                expected = library_says(now, {"type": "place", "cell": [row, col]})
                assert page.inner_text("#message") == expected
                tested_occupied = True
                continue
            row, col = rng.choice(places)
            now = click(page, f'#picture rect.cell[data-row="{row}"][data-col="{col}"]')
        elif removals:
            row, col = rng.choice(removals)
            now = click(page, f'#picture circle.token[data-row="{row}"][data-col="{col}"]')
        elif "declare_challenge" in types and rng.random() < 0.3:
            now = click(page, "#challenge")
        elif "pass" in types and (not {"roll", "declare_challenge"} & types or rng.random() < 0.3):
            now = click(page, "#pass")
        elif "roll" in types:
            keep_most(page, rng)
            now = click(page, "#roll")
        else:
            now = click(page, "#challenge")
        assert page.inner_text("#message") == ""
    assert tested_occupied
    finish(page, browser)
    page.close()


def test_every_variant_is_drawn_and_not_blank(browser: Browser, tmp_path: Path) -> None:
    page = open_game_page(browser)
    for variant in built_in_menu():
        for mode in variant["modes"]:
            counts = mode["players"]
            count = 2 if 2 in counts else counts[0]
            seats = [(f"Player {i + 1}", "human") for i in range(count)]
            start(page, variant["name"], seats, mode=mode["mode"], seed=3)
            now = click(page, "#roll")
            assert now["dice"]
            assert now["variant"] == variant["name"]
            width = page.locator("#picture svg").evaluate("svg => svg.width.baseVal.value")
            page.set_viewport_size({"width": max(1280, int(width) + 80), "height": 1000})  # wide sheets scroll
            png = page.locator("#picture svg").screenshot()
            page.set_viewport_size({"width": 1280, "height": 1000})
            name = f"{variant['name']}-{mode['mode'] or 'standard'}.png"
            (tmp_path / name).write_bytes(png)
            colours, share = not_blank(page, png)
            assert colours >= 8, f"{name} looks blank: {colours} colours"
            assert share > 0.05, f"{name} looks blank: {share:.1%} of it is not background"
            if variant["name"] == "yamslam":  # a chip of the rack: taken, or refused in the library's words
                stack = page.locator('#picture g.stack[data-where="rack"]').last
                action = {"type": "take_chip", "kind": stack.get_attribute("data-kind"), "from_discard": False}
                legal = action in now["legal"]
                expected = None if legal else library_says(now, action)
                before = now["moves"]
                now = click(page, '#picture g.stack[data-where="rack"] >> nth=-1 >> circle >> nth=-1')
                assert now["moves"] == (before + 1 if legal else before)
                assert page.inner_text("#message") == (expected or "")
    page.close()


def test_a_long_simulation_shows_progress_and_stops(browser: Browser) -> None:
    page = open_game_page(browser)
    page.select_option("#variant", "yahtzee")
    page.fill("#games", "100000")
    page.click("#sim-run")
    page.wait_for_function("() => document.getElementById('sim-progress').value > 0", timeout=LOAD_TIMEOUT_MS)
    assert "of 100000 games" in page.inner_text("#sim-status")
    page.click("#sim-stop")
    page.wait_for_function("() => document.getElementById('sim-status').textContent.startsWith('Stopped after')")
    page.fill("#games", "40")
    page.click("#sim-run")
    page.wait_for_selector("#sim-picture svg", timeout=LOAD_TIMEOUT_MS)
    assert page.inner_text("#sim-status").startswith("40 games in ")
    page.close()
