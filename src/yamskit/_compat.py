"""Names a module gives without importing them first (`lazy`), and module paths that moved (`forward`).

`lazy` is how the package's ``__init__`` modules offer names whose modules load on first
use (so ``import yamskit`` stays quick).

An alias module (a documented module path that moved) is two lines:
``__all__, __getattr__ = forward(__name__, "new.path")``. Reading a name from it gives
the new module's object, with a `DeprecationWarning` naming the new path. The CHANGELOG's
migration tables list every moved path and name, and when each alias goes (the 0.1 paths
went in 0.3; ``yamskit.bots.board`` and ``yamskit.bots.chips``, which moved after 0.2.0, go
in 0.4).

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

__all__ = ["forward", "lazy"]


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


def lazy(module: str, names: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``module`` for names whose modules load on first use.

    Args:
        module: the module they are for (its ``__name__``).
        names: each name it offers -> the module that defines it, imported the first
            time the name is read.

    Examples:
        >>> import sys, types
        >>> sys.modules["yamskit_demo"] = types.ModuleType("yamskit_demo")
        >>> get, listing = lazy("yamskit_demo", {"Joker": "yamskit.scorecard.house_rules"})
        >>> get("Joker").__name__, "Joker" in listing()
        ('Joker', True)
        >>> del sys.modules["yamskit_demo"]
    """

    def __getattr__(name: str) -> Any:
        if name in names:
            value = getattr(importlib.import_module(names[name]), name)
            setattr(sys.modules[module], name, value)  # read once: the module holds it from now on
            return value
        raise AttributeError(f"module {brief(module)} has no attribute {brief(name)}")

    def __dir__() -> list[str]:
        return sorted(set(names) | set(vars(importlib.import_module(module))))

    return __getattr__, __dir__
