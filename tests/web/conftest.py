"""What the web page's tests share: the page's modules, the built bundle, the games every variant plays.

The Node and Chromium tests need Node.js with npm, and Debian's Chromium with the
``browser`` dependency group (Playwright). Outside CI they are skipped, with the reason, when one
is missing; with ``CI`` set (``.ci/run``) they fail instead, since CI installs them.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from yamskit._registry import builtin_names

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
#: The variants yamskit ships, which the page in the browser offers (tests elsewhere may
#: register more in this process: those are not played in Pyodide).
BUILT_IN = tuple(builtin_names())


def load(path: Path, name: str) -> ModuleType:
    """Import a module of ``web/`` by its path (``web/`` is no package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _leave_the_checkout_alone() -> None:
    """Build the page outside the checkout unless ``web/`` already holds an up-to-date build.

    ``python web/build.py`` (as ``.ci/run`` does before its full run) writes ``web/dist`` and
    ``web/node_modules``, which the tests then reuse. Otherwise the tests, and the ``mkdocs
    build`` they start, build into a folder of the system's temporary directory named after
    this checkout (``YAMSKIT_WEB_HOME``), kept between runs: running the tests writes nothing
    into the work tree.
    """
    if os.environ.get("YAMSKIT_WEB_HOME"):
        return
    builder = build_module()
    if builder.is_fresh(WEB / "dist") and (WEB / "node_modules" / "pyodide").is_dir():
        return
    checkout = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    os.environ["YAMSKIT_WEB_HOME"] = str(Path(tempfile.gettempdir()) / f"yamskit-web-{checkout}")


def page_module() -> ModuleType:
    """``web/page/yamskit_page.py``, the Python the page runs, imported in this CPython."""
    return load(WEB / "page" / "yamskit_page.py", "yamskit_page")


def build_module() -> ModuleType:
    """``web/build.py``."""
    return load(WEB / "build.py", "yamskit_web_build")


def need(what: str) -> None:
    """Skip (outside CI) or fail (in CI) because ``what`` is missing."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing (CI installs it: see .ci/run)")
    pytest.skip(f"{what} is missing")


def need_node() -> str:
    """The path of ``node``, after checking that npm is there too (the build needs it)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        need("Node.js and npm (Debian: apt-get install nodejs npm)")
    assert node is not None
    return node


_leave_the_checkout_alone()


@pytest.fixture(scope="session")
def site(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation site, built by ``mkdocs build --strict`` with the page under ``play/``."""
    from .browser import build_site

    return build_site(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def bundle() -> Path:
    """The page built from this checkout (rebuilt when an input changed; see ``_leave_the_checkout_alone``)."""
    need_node()
    builder = build_module()
    try:
        return Path(builder.build())
    except builder.BuildError as error:
        pytest.fail(f"the web build failed: {error}")


def built_in_menu() -> list[dict[str, Any]]:
    """The page's menu of the variants yamskit ships: name, modes and numbers of players."""
    return [v for v in json.loads(page_module().menu())["variants"] if v["name"] in BUILT_IN]


def cases() -> list[dict[str, Any]]:
    """One seeded bot game of every variant in every mode, with random and easy bots taking turns."""
    out = []
    for i, variant in enumerate(built_in_menu()):
        for mode in variant["modes"]:
            counts = mode["players"]
            seats = 2 if 2 in counts else counts[0]
            bots = [("random", "easy")[(i + seat) % 2] for seat in range(seats)]
            out.append({"name": variant["name"], "mode": mode["mode"], "bots": bots, "seed": 100 + len(out)})
    return out
