"""What every test and doctest shares: guards that skip modules needing a missing extra, and a clean registry."""

from collections.abc import Iterator
from importlib.util import find_spec

import pytest

collect_ignore_glob: list[str] = []
if find_spec("gymnasium") is None or find_spec("numpy") is None:
    collect_ignore_glob.append("src/yamskit/rl/*.py")
if find_spec("pettingzoo") is None:
    collect_ignore_glob.append("src/yamskit/rl/pettingzoo.py")
if find_spec("pyspiel") is None:
    collect_ignore_glob.append("src/yamskit/rl/openspiel.py")


@pytest.fixture(autouse=True)
def _registrations_end_with_the_test() -> Iterator[None]:
    """A variant a test or doctest registers is forgotten after it: other tests list the registered names.

    Names registered before the test keep (or get back) their factories; the built-in
    families, once loaded, stay.
    """
    from yamskit import _registry

    factories, aliases, plugins = dict(_registry._FACTORIES), dict(_registry._ALIASES), _registry._state["plugins"]
    yield
    for name in set(_registry._FACTORIES) - set(factories) - _registry._BUILTIN:
        del _registry._FACTORIES[name]
    _registry._FACTORIES.update(factories)
    for alias, target in list(_registry._ALIASES.items()):
        if alias not in aliases and target not in _registry._FACTORIES:
            del _registry._ALIASES[alias]
    _registry._ALIASES.update(aliases)
    _registry._state["plugins"] = plugins
