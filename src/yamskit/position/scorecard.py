"""Deprecated path: `yamskit.position.scorecard` moved to `yamskit.scorecard.position` in 0.2.

This alias goes in 0.3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._compat import forward

if TYPE_CHECKING:
    from yamskit.scorecard.position import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.scorecard.position")
