"""Deprecated path: `yamskit.bots.chips` moved to `yamskit.variants.yamslam.strategy` after 0.2.0.

The family's strategy is reached through its `yamskit.adapters.EdgeAdapter`.
This alias warns through 0.3 and goes in 0.4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._compat import forward

if TYPE_CHECKING:
    from yamskit.variants.yamslam.strategy import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.variants.yamslam.strategy")
