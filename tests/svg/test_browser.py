"""The pictures in a real browser: headless Debian Chromium draws every variant's SVG.

One page holds an SVG of every variant (mid-game and finished), dice, a
Competitive result and a histogram. Each is screenshot on its own; the PNG must
have the size the SVG declares and must not be blank (many colours, much of it not
background). The browser's own boxes of every text (``getBBox``) must lie inside the
picture, overlap no other text, and be no wider than the estimate the layouts and
the fast geometry test (tests/svg/geometry.py) rely on.

Needs the ``browser`` extra (playwright) and ``/usr/bin/chromium`` (Debian's
package; no browser is ever downloaded). Outside CI the test is skipped when either
is missing; with ``CI`` set it fails instead.
"""

from __future__ import annotations

import base64
import os
import random
import struct
from html import escape
from pathlib import Path
from typing import Any

import pytest

import yamskit
from yamskit import Dice
from yamskit.svg import DARK, histogram, svg
from yamskit.svg._canvas import MAX_WIDTH, text_width

from .geometry import Box

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _need(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing (CI installs it: see .ci/run)")
    pytest.skip(f"{what} is missing")


def _play(name: str, players: list[str], *, seed: int, moves: int | None, **options: Any) -> Any:
    state = yamskit.variant(name, **options).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    count = 0
    while not state.is_over and (moves is None or count < moves):
        legal = list(state.legal_actions())
        ends = [a for a in legal if not isinstance(a, yamskit.Roll) and not isinstance(a, yamskit.Pass)]
        state = state.apply(rng.choice(ends) if ends and rng.random() < 0.5 else rng.choice(legal))
        count += 1
    return state


def pictures() -> dict[str, str]:
    """id -> SVG of every variant, a finished game of each kind, dice and a duel table."""
    out: dict[str, str] = {"dice": svg(Dice.parse("33325"))}
    cases = [
        ("classic", ["Ann", "Bob"], {}),
        ("yahtzee", ["Ann"], {}),
        ("challenge", ["Ann", "Bob"], {}),
        ("competitive", ["Ann", "Bob", "Cy", "Dee"], {"mode": "2v2"}),
        ("yam-master", ["Ann", "Bob"], {}),
        ("yamslam", ["Ann", "Bob", "Cy"], {}),
    ]
    for name, players, options in cases:
        out[f"{name}-mid"] = svg(_play(name, players, seed=5, moves=60, **options))
        done = _play(name, players, seed=6, moves=None, **options)
        out[f"{name}-over"] = svg(done, theme=DARK if name == "yamslam" else yamskit.svg.LIGHT)
        if name == "competitive":
            out["competitive-result"] = svg(done.result())
    duel = _play("competitive", ["Ann", "Bob"], seed=7, moves=None)
    out["competitive-1v1-over"] = svg(duel)
    out["competitive-1v1v1-mid"] = svg(_play("competitive", ["Ann", "Bob", "Cy"], seed=8, moves=150, mode="1v1v1"))
    out["classic-joker-long-names"] = svg(
        _play("classic", [f"Player {i} with a rather long name" for i in range(6)], seed=9, moves=80, joker="free")
    )
    out["yamslam-team-over"] = svg(_play("yamslam", ["Ann", "Bob", "Cy", "Dee"], seed=10, moves=None, mode="team"))
    out["histogram"] = histogram([(100, 149, 12), (150, 199, 140), (200, 249, 90), (250, 299, 8)], title="classic")
    return out


#: Decodes a PNG in the page and reports its size, its number of colours and the share
#: of pixels that differ from the most common colour (the background).
_MEASURE = """async (b64) => {
  const img = new Image();
  img.src = "data:image/png;base64," + b64;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const most = Math.max(...counts.values());
  const total = data.length / 4;
  return [canvas.width, canvas.height, counts.size, (total - most) / total];
}"""


#: The browser's box of every text of an SVG: [x, y, width, height, font size, text].
_BOXES = """svg => Array.from(svg.querySelectorAll("text")).filter(t => t.textContent).map(t => {
  const b = t.getBBox();
  return [b.x, b.y, b.width, b.height, parseFloat(t.getAttribute("font-size")), t.textContent];
})"""


def check_text_boxes(key: str, boxes: list[list[Any]], width: float, height: float) -> None:
    """The real text boxes fit the picture, keep apart, and are no wider than the layouts' estimate."""
    real = [Box(x, y, x + w, y + h, text) for x, y, w, h, _, text in boxes]
    for (*_, w, _h, size, text), box in zip(boxes, real, strict=True):
        assert w <= text_width(text, size), (
            f"{key}: {text!r} is {w:.1f} px wide, estimated {text_width(text, size):.1f}"
        )
        assert box.left >= 0, f"{key}: {text!r}"
        assert box.top >= 0, f"{key}: {text!r}"
        assert box.right <= width, f"{key}: {text!r}"
        assert box.bottom <= height, f"{key}: {text!r}"
    for i, box in enumerate(real):
        for other in real[i + 1 :]:
            # glyph boxes include the font's line gap: allow them to touch by a pixel
            shrunk = Box(box.left + 0.5, box.top + 1, box.right - 0.5, box.bottom - 1, box.label)
            assert not shrunk.overlaps(other), f"{key}: {box.label!r} {box[:4]} overlaps {other.label!r} {other[:4]}"


def _png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def test_every_picture_renders_in_headless_chromium_at_its_size(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="the browser extra (playwright) is not installed")
    if not Path(CHROMIUM).exists():
        _need(CHROMIUM)
    shown = pictures()
    shots = Path(os.environ.get("YAMSKIT_SCREENSHOTS", tmp_path / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    body = "".join(f'<div id="{escape(key)}" style="margin:0 0 8px 0">{text}</div>' for key, text in shown.items())
    page_file = tmp_path / "pictures.html"
    page_file.write_text(f"<!doctype html><html><body style='margin:0;background:#fff'>{body}</body></html>")
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=CHROMIUM,
            args=ARGS,
            headless=True,
            device_scale_factor=1,
            viewport={"width": 1200, "height": 1000},
        )
        try:
            page = context.new_page()
            page.goto(page_file.as_uri())
            for key, text in shown.items():
                element = page.locator(f"#{key} > svg")
                declared = element.evaluate("e => [e.width.baseVal.value, e.height.baseVal.value]")
                assert declared[0] <= MAX_WIDTH, key
                check_text_boxes(key, element.evaluate(_BOXES), *declared)
                png = element.screenshot(path=str(shots / f"{key}.png"))
                width, height = _png_size(png)
                assert (width, height) == tuple(round(v) for v in declared), key
                assert f'width="{width}" height="{height}"' in text, key
                measured = page.evaluate(_MEASURE, base64.b64encode(png).decode())
                assert measured[:2] == [width, height], key
                colours, share = measured[2], measured[3]
                assert colours >= 8, f"{key} looks blank: {colours} colours"
                assert share > 0.02, f"{key} looks blank: {share:.1%} of it is not background"
        finally:
            context.close()
