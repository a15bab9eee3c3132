"""Aliases for the documented 0.1.0 module paths that moved in 0.2; they go in 0.3.

An alias module is two lines: ``__all__, __getattr__ = forward(__name__, "new.path")``.
Reading a name from it gives the new module's object, with a `DeprecationWarning`
naming the new path. `renamed` does the same for single names a module no longer
defines. The CHANGELOG's migration table lists every moved path.

Examples:
    >>> import warnings
    >>> names, get = forward("yamskit.old", "yamskit.scorecard.house_rules")
    >>> "Joker" in names
    True
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     joker = get("Joker")
    >>> str(caught[0].message)
    'yamskit.old is deprecated: import Joker from yamskit.scorecard.house_rules'
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["forward", "renamed"]


def forward(old: str, new: str) -> tuple[list[str], Callable[[str], Any]]:
    """The ``__all__`` and ``__getattr__`` of the alias ``old`` of module ``new``.

    Examples:
        >>> names, get = forward("yamskit.old", "yamskit.records.schema")
        >>> names[:2]
        ['FORMAT', 'MAX_MOVES']
    """
    module = importlib.import_module(new)
    names = list(getattr(module, "__all__", ()))

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        value = getattr(module, name)
        warnings.warn(f"{old} is deprecated: import {name} from {new}", DeprecationWarning, stacklevel=2)
        return value

    return names, __getattr__


def renamed(old: str, names: Mapping[str, tuple[str, Any]]) -> Callable[[str], Any]:
    """The ``__getattr__`` of module ``old`` for names it no longer defines: ``{name: (instead, value)}``.

    Examples:
        >>> get = renamed("yamskit.old", {"answer": ("yamskit.new.answer", 42)})
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     get("answer")
        42
    """

    def __getattr__(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        instead, value = names[name]
        warnings.warn(f"{old}.{name} is deprecated: use {instead}", DeprecationWarning, stacklevel=2)
        return value

    return __getattr__
