"""Deprecated path: `yamskit.simulate` moved to `yamskit.bots.simulate` in 0.2; this alias goes in 0.3."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._compat import forward

if TYPE_CHECKING:
    from yamskit.bots.simulate import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.bots.simulate")
