"""Values the bots compute once per object (a rules object, a list of parts), kept in small caches.

Examples:
    >>> cache: IdentityCache[str] = IdentityCache()
    >>> key = object()
    >>> cache.get(key, lambda: "computed"), cache.get(key, lambda: "not called")
    ('computed', 'computed')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["IdentityCache"]

V = TypeVar("V")


class IdentityCache(Generic[V]):
    """A value per object, looked up by identity; at most ``size`` entries (then it starts afresh).

    Each entry keeps its object alive, so an ``id`` is never reused while its entry is
    cached, and the identity check makes a stale ``id`` harmless anyway.

    Examples:
        >>> cache: IdentityCache[int] = IdentityCache(size=1)
        >>> a, b = [], []
        >>> cache.get(a, lambda: 1), cache.get(b, lambda: 2), cache.get(a, lambda: 3)  # a was dropped
        (1, 2, 3)
    """

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._entries: dict[int, tuple[object, V]] = {}

    def get(self, key: object, compute: Callable[[], V]) -> V:
        """The value cached for ``key``, computed by ``compute()`` the first time."""
        hit = self._entries.get(id(key))
        if hit is not None and hit[0] is key:
            return hit[1]
        value = compute()
        if len(self._entries) >= self.size:
            self._entries.clear()
        self._entries[id(key)] = (key, value)
        return value
