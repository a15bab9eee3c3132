"""Old module paths that keep working for this release: each forwards to the module's new path.

A module of `yamskit.variants` that moved into a variant's package (``yamslam_chips`` became
``yamslam/chips.py``) leaves a small alias behind. Reading a name from the alias gives
the object of the new module and a `DeprecationWarning` naming the new path (not when the
reader is yamskit's own code, whose last old imports move in their owners' next change).

Examples:
    >>> from yamskit.variants import yamslam_chips
    >>> from yamskit.variants.yamslam import chips
    >>> yamslam_chips.KINDS is chips.KINDS
    True
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable
from typing import Any

__all__ = ["forward"]


def forward(old: str, new: str) -> tuple[list[str], Callable[[str], Any]]:
    """The ``__all__`` and ``__getattr__`` of the alias ``old`` of module ``new``.

    Examples:
        >>> names, getattr_ = forward("old.path", "yamskit.variants.yamslam.chips")
        >>> "ChipSet" in names
        True
    """
    module = importlib.import_module(new)
    names = list(getattr(module, "__all__", ()))

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        value = getattr(module, name)
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller.split(".")[0] != "yamskit":
            warnings.warn(f"{old} is deprecated: import {name} from {new}", DeprecationWarning, stacklevel=2)
        return value

    return names, __getattr__
