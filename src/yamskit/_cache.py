"""The bounded caches yamskit keeps between calls.

Every value computed once and kept for later (solved tables, bot evaluations, the
shared pieces of a step) lives in one of these, with a fixed number of entries, so a
program that creates and drops thousands of variants holds at most that many. Each kind
of cache registers its name, bound and key; `caches` lists them, and the documentation's
"Caches" section says what each keeps (tests/test_caches.py checks that the two agree).

Two policies:

* `LruCache`, and `cached` for a function: past its size, the least recently used entry
  goes. For values that are dear to make (a solved strategy, a bot's tables, a table of
  outcomes); `cached` is ``functools.lru_cache`` with its bound registered.
* `Memo`: emptied when it reaches its size. For small values that are cheap to make
  again and asked for at every step, where the bookkeeping of recency would cost more
  than a miss (its look-up is the C-level ``dict.get``).

Examples:
    >>> squares: LruCache[int, int] = LruCache("example squares", size=2, key="a number")
    >>> squares.get(3, lambda: 9), squares.get(3, lambda: -1), len(squares)
    (9, 9, 1)
    >>> squares.get(4, lambda: 16), squares.get(5, lambda: 25), 3 in squares  # 3 was the oldest
    (16, 25, False)
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar, cast

__all__ = ["LruCache", "Memo", "cached", "caches", "register"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")
R = TypeVar("R")

#: name -> (the most entries, what the keys are)
_REGISTERED: dict[str, tuple[int, str]] = {}


def register(name: str, *, size: int, key: str) -> None:
    """Record a kind of cache: its name, the most entries each one keeps, and what its keys are.

    The caches of this module call it; a cache made elsewhere (`yamskit._fast`) calls it too,
    so that `caches` lists every bound. Several caches may share a name (one per action
    space, say): the name is the kind, listed once.

    Raises:
        ValueError: ``size`` is below 1.

    Examples:
        >>> register("example kind", size=4, key="a word")
        >>> caches()["example kind"]
        (4, 'a word')
    """
    if size < 1:
        raise ValueError(f"a cache keeps at least one entry, not {size}")
    _REGISTERED[name] = (size, key)


class LruCache(Generic[K, V]):
    """At most ``size`` values by key; past that, the least recently used one is dropped.

    Args:
        name: the name `caches` and the documentation list it under.
        size: the most entries it keeps.
        key: what its keys are, in words (for the documentation).

    Examples:
        >>> cache: LruCache[str, str] = LruCache("example words", size=1, key="a word")
        >>> cache.get("a", lambda: "A"), cache.get("b", lambda: "B"), cache.get("a", lambda: "again")
        ('A', 'B', 'again')
    """

    __slots__ = ("_entries", "key", "name", "size")

    def __init__(self, name: str, *, size: int, key: str) -> None:
        register(name, size=size, key=key)
        self.name, self.size, self.key = name, size, key
        self._entries: OrderedDict[K, V] = OrderedDict()

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


class Memo(dict[K, V]):
    """At most ``size`` values by key, all forgotten at once when it is full.

    Reading is the dictionary's own ``get`` (``memo.get(key)``, ``None`` when absent);
    `put` adds an entry, emptying the memo first when it holds ``size`` of them. Only for
    values that are cheap to make again.

    Args:
        name: the name `caches` and the documentation list it under (memos of one kind,
            one per action space say, share it).
        size: the most entries it keeps.
        key: what its keys are, in words.

    Examples:
        >>> memo: Memo[int, str] = Memo("example memo", size=2, key="a number")
        >>> memo.put(1, "one"), memo.put(2, "two"), memo.get(1)
        ('one', 'two', 'one')
        >>> memo.put(3, "three"), memo.get(1), len(memo)  # full: emptied, then 3 kept
        ('three', None, 1)
    """

    __slots__ = ("size",)

    def __init__(self, name: str, *, size: int, key: str) -> None:
        super().__init__()
        register(name, size=size, key=key)
        self.size = size

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (emptying the memo first when it is full); returns ``value``."""
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value


def cached(name: str, *, size: int, key: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A decorator: the function's results remembered for its last ``size`` arguments (``functools.lru_cache``).

    The arguments must be hashable. The bound is registered under ``name`` (see `caches`).

    Examples:
        >>> @cached("example cubes", size=8, key="a number")
        ... def cube(n: int) -> int:
        ...     return n**3
        >>> cube(3), cube.cache_info().currsize, caches()["example cubes"]
        (27, 1, (8, 'a number'))
    """
    register(name, size=size, key=key)

    def remember(function: Callable[P, R]) -> Callable[P, R]:
        return cast(Callable[P, R], functools.lru_cache(maxsize=size)(function))

    return remember


def caches() -> dict[str, tuple[int, str]]:
    """Every kind of cache created so far: its name -> (most entries, what its keys are).

    Modules create their caches when they are imported, so import the parts you use first.

    Examples:
        >>> caches()["example squares"]
        (2, 'a number')
    """
    return dict(sorted(_REGISTERED.items()))
