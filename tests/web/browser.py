"""Helpers of the page's browser tests: the site built by mkdocs, a local server, Chromium with the network cut.

The site is built with ``mkdocs build --strict`` (its hook puts the page under
``play/``) and served from 127.0.0.1. Chromium is Debian's, driven by Playwright, with
every host name but 127.0.0.1 resolving to nothing, and every request that does not go
to the local server aborted and recorded, so a test can check that the page asked the
network for nothing.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from ..svg.test_browser import _MEASURE, ARGS, CHROMIUM
from .conftest import ROOT, need

#: Chromium resolves no host name but the local server's.
NETWORK_CUT = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
#: The only requests a page of the docs may make that the test cuts: the theme's web fonts
#: (the text falls back to the system's fonts). The game page makes none.
THEME_FONTS = "https://fonts.googleapis.com/"
#: Long enough for Pyodide to load on a busy 2-core machine.
LOAD_TIMEOUT_MS = 180_000


def build_site(out: Path) -> Path:
    """``mkdocs build --strict`` of this checkout into ``out``."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (out / "play" / "index.html").is_file()
    assert (out / "playground" / "index.html").is_file()
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(root: Path) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 (a free port); yields the base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


class Browser:
    """One Chromium profile; ``seen`` and ``cut`` list every request, and those aborted."""

    def __init__(self, context: Any, base: str) -> None:
        self.context = context
        self.base = base
        self.seen: list[str] = []
        self.cut: list[str] = []
        self.errors: list[str] = []
        context.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        url = route.request.url
        self.seen.append(url)
        if url.startswith(self.base) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.cut.append(url)
            route.abort()

    def open(self, path: str) -> Any:
        """A new tab on ``path`` of the site; page errors are collected in ``errors``."""
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.goto(self.base + path)
        return page


@contextmanager
def chromium(base: str, profile: Path) -> Iterator[Browser]:
    """Debian's Chromium, headless, with the network cut (skips or fails when it is missing)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="the browser group (playwright) is not installed")
    if not Path(CHROMIUM).exists():
        need(CHROMIUM)
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            args=[*ARGS, *NETWORK_CUT],
            headless=True,
            accept_downloads=True,
            device_scale_factor=1,
            viewport={"width": 1280, "height": 1000},
        )
        try:
            yield Browser(context, base)
        finally:
            context.close()


def not_blank(page: Any, png: bytes) -> tuple[int, float]:
    """Colours and share of non-background pixels of a screenshot (measured in the page)."""
    import base64

    width, height, colours, share = page.evaluate(_MEASURE, base64.b64encode(png).decode())
    assert width > 100
    assert height > 100
    return colours, share
