"""The bots' tests keep solved strategies in a temporary folder, never in the user's cache.

`yamskit.bots.player` keeps what it solves in the disk cache `yamskit advise` fills
(``$YAMSKIT_CACHE``, else ``~/.cache/yamskit``); pointing ``YAMSKIT_CACHE`` at a folder of
the session keeps the tests from writing in the home folder and from reading what a
user or an earlier run left there.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _strategy_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("YAMSKIT_CACHE", str(tmp_path_factory.mktemp("strategy-cache")))
        yield
