"""What the exhaustive searches share: whether the position checks accept a state, and the search itself."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from yamskit.position import PositionError, check_reachable


def accepted(state: Any) -> bool:
    """Whether `check_reachable` accepts ``state`` (its witness found and replayed)."""
    try:
        check_reachable(state)
    except PositionError:
        return False
    return True


def breadth_first(
    starts: Iterable[Any], key: Callable[[Any], Hashable], children: Callable[[Any], Iterable[Any]]
) -> dict[Hashable, Any]:
    """Every state reached from ``starts`` by ``children`` (games over have none), one per ``key``."""
    seen: dict[Hashable, Any] = {}
    queue: deque[Any] = deque()
    for state in starts:
        seen.setdefault(key(state), state)
        queue.append(state)
    while queue:
        state = queue.popleft()
        if state.is_over:
            continue
        for after in children(state):
            k = key(after)
            if k not in seen:
                seen[k] = after
                queue.append(after)
    return seen
