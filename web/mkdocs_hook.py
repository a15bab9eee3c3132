"""An mkdocs hook that puts the web page into the site, under ``play/``.

``mkdocs build`` builds the page with ``web/build.py`` (nothing to do when ``web/dist``
is up to date) and adds its files to the site, so ``play/index.html`` is the game and
``play/playground.js`` drives the docs' playground. Without npm the site still builds:
``play/index.html`` then says how to build the page, and the playground says Python
could not load. With ``CI`` set, a failed page build fails the docs build.
"""

from __future__ import annotations

import html
import importlib.util
import logging
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

WEB = Path(__file__).resolve().parent
#: Where the page lives in the site.
PREFIX = "play"
log = logging.getLogger("mkdocs.hooks.yamskit_web")

_PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>yamskit in the browser</title></head>
<body><h1>yamskit in the browser</h1>
<p>This copy of the documentation was built without the web page ({reason}).
Install Node.js and npm, then run <code>python web/build.py</code> and <code>mkdocs build</code> again.</p>
</body></html>
"""


def _builder() -> ModuleType:
    name = "yamskit_web_build"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, WEB / "build.py")
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def on_files(files: Files, config: Any) -> Files:
    """Add the built page's files to the site (or a page that says why it is missing)."""
    builder = _builder()
    try:
        bundle = Path(builder.build())
    except builder.BuildError as error:
        if os.environ.get("CI"):
            raise PluginError(f"the web page did not build: {error}") from error
        log.info("the web page is left out of the site: %s", error)
        reason = html.escape(str(error).splitlines()[0])
        files.append(File.generated(config, f"{PREFIX}/index.html", content=_PLACEHOLDER.format(reason=reason)))
        return files
    for path in sorted(bundle.rglob("*")):
        if path.is_file():
            uri = f"{PREFIX}/{path.relative_to(bundle).as_posix()}"
            files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files
