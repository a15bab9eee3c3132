"""Deprecated path: `yamskit.position.yamslam` moved to `yamskit.variants.yamslam.position` in 0.2.

This alias goes in 0.3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._compat import forward

if TYPE_CHECKING:
    from yamskit.variants.yamslam.position import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.variants.yamslam.position")
