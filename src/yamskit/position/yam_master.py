"""Deprecated path: `yamskit.position.yam_master` moved to `yamskit.variants.yam_master.position` in 0.2.

This alias goes in 0.3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._compat import forward

if TYPE_CHECKING:
    from yamskit.variants.yam_master.position import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.variants.yam_master.position")
