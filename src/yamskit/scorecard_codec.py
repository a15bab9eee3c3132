"""Deprecated path: `yamskit.scorecard_codec` moved to `yamskit.scorecard.codec` in 0.2; this alias goes in 0.3."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._compat import forward

if TYPE_CHECKING:
    from yamskit.scorecard.codec import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.scorecard.codec")
