"""Names a module gives without importing them first (`lazy`), and the 0.1 spellings that moved in 0.2.

`lazy` is how the package's ``__init__`` modules offer names whose modules load on first
use (so ``import yamskit`` stays quick), and how they keep the names that moved out of
them for 0.1 callers, with a `DeprecationWarning`, until 0.3.

An alias module (a documented 0.1.0 module path that moved) is two lines:
``__all__, __getattr__ = forward(__name__, "new.path")``. Reading a name from it gives
the new module's object, with a `DeprecationWarning` naming the new path. `renamed` does
the same for single names a module no longer defines. The CHANGELOG's migration table
lists every moved path and name.

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
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any

from .errors import brief

__all__ = ["forward", "lazy", "renamed"]


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
            raise AttributeError(f"module {brief(old)} has no attribute {brief(name)}")
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
            raise AttributeError(f"module {brief(old)} has no attribute {brief(name)}")
        instead, value = names[name]
        warnings.warn(f"{old}.{name} is deprecated: use {instead}", DeprecationWarning, stacklevel=2)
        return value

    return __getattr__


def lazy(
    module: str, names: Mapping[str, str], *, moved: Mapping[str, str] | None = None
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``module`` for names whose modules load on first use.

    Args:
        module: the module they are for (its ``__name__``).
        names: each name it offers -> the module that defines it, imported the first
            time the name is read.
        moved: 0.1 names it no longer offers -> the module that does; reading one warns
            (`DeprecationWarning`, naming that module) and gives its object.

    Examples:
        >>> import warnings
        >>> import sys, types
        >>> sys.modules["yamskit_demo"] = types.ModuleType("yamskit_demo")
        >>> names, moved = {"Joker": "yamskit.scorecard.house_rules"}, {"Sec": "yamskit.variants.competitive.rules"}
        >>> get, listing = lazy("yamskit_demo", names, moved=moved)
        >>> get("Joker").__name__, "Joker" in listing()
        ('Joker', True)
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     sec = get("Sec")
        >>> str(caught[0].message)
        'yamskit_demo.Sec is deprecated: import it from yamskit.variants.competitive.rules'
        >>> del sys.modules["yamskit_demo"]
    """
    moved = dict(moved or {})

    def __getattr__(name: str) -> Any:
        if name in names:
            value = getattr(importlib.import_module(names[name]), name)
            setattr(sys.modules[module], name, value)  # read once: the module holds it from now on
            return value
        if name in moved:
            warnings.warn(
                f"{module}.{name} is deprecated: import it from {moved[name]}", DeprecationWarning, stacklevel=2
            )
            return getattr(importlib.import_module(moved[name]), name)
        raise AttributeError(f"module {brief(module)} has no attribute {brief(name)}")

    def __dir__() -> list[str]:
        return sorted(set(names) | set(vars(importlib.import_module(module))))

    return __getattr__, __dir__
