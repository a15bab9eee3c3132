"""The bounded caches yamskit keeps between calls: least recently used first out.

Every value computed once and kept for later (solved tables, bot evaluations, action
spaces) lives in one of these, with a fixed number of entries, so a program that creates
and drops thousands of variants holds at most that many. Each cache registers itself
under a name; `caches` lists them, and the documentation's "Caches" section says what
each keeps (tests/test_caches.py checks that the two agree).

Examples:
    >>> squares: LruCache[int, int] = LruCache("example squares", size=2, key="a number")
    >>> squares.get(3, lambda: 9), squares.get(3, lambda: -1), len(squares)
    (9, 9, 1)
    >>> squares.get(4, lambda: 16), squares.get(5, lambda: 25), 3 in squares  # 3 was the oldest
    (16, 25, False)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["IdentityCache", "LruCache", "caches"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_REGISTERED: dict[str, LruCache[object, object]] = {}


class LruCache(Generic[K, V]):
    """At most ``size`` values by key; past that, the least recently used one is dropped.

    Args:
        name: the name `caches` and the documentation list it under (unique).
        size: the most entries it keeps.
        key: what its keys are, in words (for the documentation).

    Examples:
        >>> cache: LruCache[str, str] = LruCache("example words", size=1, key="a word")
        >>> cache.get("a", lambda: "A"), cache.get("b", lambda: "B"), cache.get("a", lambda: "again")
        ('A', 'B', 'again')
    """

    def __init__(self, name: str, *, size: int, key: str) -> None:
        if size < 1:
            raise ValueError(f"a cache keeps at least one entry, not {size}")
        self.name, self.size, self.key = name, size, key
        self._entries: OrderedDict[K, V] = OrderedDict()
        _REGISTERED[name] = self  # type: ignore[assignment]

    def get(self, key: K, compute: Callable[[], V]) -> V:
        """The value kept for ``key``, else ``compute()``, kept from now on."""
        entries = self._entries
        if key in entries:
            entries.move_to_end(key)
            return entries[key]
        value = compute()
        entries[key] = value
        while len(entries) > self.size:
            entries.popitem(last=False)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every entry."""
        self._entries.clear()


class IdentityCache(Generic[V]):
    """At most ``size`` values, one per object looked up by identity (objects need not be hashable).

    Each entry keeps its object alive, so an ``id`` is never reused while its entry is
    kept, and the identity check makes a stale ``id`` harmless anyway. Past ``size`` the
    least recently used entry (and with it its object) is dropped.

    Examples:
        >>> cache: IdentityCache[int] = IdentityCache("example lists", size=1, key="a list")
        >>> a, b = [], []
        >>> cache.get(a, lambda: 1), cache.get(b, lambda: 2), cache.get(a, lambda: 3)  # a was dropped
        (1, 2, 3)
    """

    def __init__(self, name: str, *, size: int, key: str) -> None:
        self._lru: LruCache[int, tuple[object, V]] = LruCache(name, size=size, key=key)

    def get(self, key: object, compute: Callable[[], V]) -> V:
        """The value cached for ``key``, computed by ``compute()`` the first time."""
        hit = self._lru._entries.get(id(key))
        if hit is not None and hit[0] is key:
            self._lru._entries.move_to_end(id(key))
            return hit[1]
        self._lru._entries.pop(id(key), None)
        value = compute()
        self._lru.get(id(key), lambda: (key, value))
        return value

    def __len__(self) -> int:
        return len(self._lru)


def caches() -> dict[str, tuple[int, str]]:
    """Every cache created so far: its name -> (most entries, what its keys are).

    Modules create their caches when they are imported, so import the parts you use first.

    Examples:
        >>> caches()["example squares"]
        (2, 'a number')
    """
    return {name: (cache.size, cache.key) for name, cache in sorted(_REGISTERED.items())}
