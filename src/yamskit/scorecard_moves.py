"""Deprecated path: `yamskit.scorecard_moves` moved to `yamskit.scorecard.moves` in 0.2; this alias goes in 0.3."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._compat import forward

if TYPE_CHECKING:
    from yamskit.scorecard.moves import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.scorecard.moves")
