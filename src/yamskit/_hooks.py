"""The one way the core reaches what sits above it: a `Hook`, filled by the modules above and loaded on first use.

The core cannot import the modules above it (the variant families, the pictures, the
records), yet it needs what they provide: the variant a save names, the picture Jupyter
shows, the game record a witness becomes. Each such need is a `Hook`: a table that the
modules above fill when they are imported (``hook.register(key, value)``), and a list of
*loaders*, small functions that the package adds and that import those modules. The
first time the hook is read, its loaders run, each once; so ``import yamskit`` loads
nothing it does not use, and no core module names a module above it.

The four hooks are defined here, so that the package can add their loaders without
importing the modules that read them: `FAMILIES` (the variant families, read by
`yamskit._registry`), `PICTURES` (the drawers of `yamskit.svg`, read by
`yamskit._display`), `RECORDS` (how `yamskit.records` turns a witness game into a
record, read by `yamskit.position.witness`) and `SEARCH` (the keep search of
`yamskit.bots.lookahead`, read by the families' strategies for the strong bot).

Examples:
    >>> colours: Hook[str] = Hook("example colours")
    >>> colours.add_loader(lambda: colours.register("sky", "blue"))
    >>> colours.get("sky"), colours.get("grass")
    ('blue', None)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["FAMILIES", "PICTURES", "RECORDS", "SEARCH", "Hook"]

V = TypeVar("V")


class Hook(Generic[V]):
    """Values by key that modules above the core register, and the loaders that import those modules.

    Args:
        name: what the hook provides, in words (for messages).

    Examples:
        >>> hook: Hook[int] = Hook("example numbers")
        >>> hook.register("one", 1)
        >>> hook.get("one"), hook.keys()
        (1, ['one'])
    """

    __slots__ = ("_entries", "_loaders", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._entries: dict[str, V] = {}
        self._loaders: list[Callable[[], None]] = []

    def add_loader(self, loader: Callable[[], None]) -> None:
        """Run ``loader`` (which imports a module that fills this hook) before the hook is next read.

        Examples:
            >>> Hook("example").add_loader(lambda: None)
        """
        self._loaders.append(loader)

    def load(self) -> None:
        """Run the loaders not run yet, in the order they were added (each once).

        Examples:
            >>> calls = []
            >>> hook: Hook[int] = Hook("example")
            >>> hook.add_loader(lambda: calls.append(1))
            >>> hook.load(); hook.load(); calls
            [1]
        """
        while self._loaders:
            self._loaders.pop(0)()

    def register(self, key: str, value: V) -> None:
        """Provide ``value`` under ``key`` (a later registration of the same key replaces it).

        Examples:
            >>> hook: Hook[str] = Hook("example")
            >>> hook.register("a", "x"); hook.register("a", "y"); hook.get("a")
            'y'
        """
        self._entries[key] = value

    def get(self, key: str) -> V | None:
        """The value registered under ``key`` once the loaders have run, or ``None``.

        Examples:
            >>> Hook("example").get("nothing") is None
            True
        """
        self.load()
        return self._entries.get(key)

    def keys(self) -> list[str]:
        """Every key registered once the loaders have run, sorted.

        Examples:
            >>> Hook("example").keys()
            []
        """
        self.load()
        return sorted(self._entries)


#: The variant families: a family registers its names with `yamskit._registry` when it is imported;
#: `yamskit.registry` adds the loader that imports the built-in ones.
FAMILIES: Hook[Callable[..., object]] = Hook("variant families")
#: The drawers of each kind of picture (``drawer(thing, **options) -> str``): `yamskit.svg` registers them.
PICTURES: Hook[Callable[..., str]] = Hook("pictures")
#: How a witness game becomes a record (``"record"``: ``GameRecord.from_witness``): `yamskit.records` registers it.
RECORDS: Hook[Callable[..., object]] = Hook("game records")
#: The exact keep search (``"keeps"``: a `yamskit.adapters.KeepSearch`): `yamskit.bots.lookahead` registers it.
SEARCH: Hook[Any] = Hook("keep search")
