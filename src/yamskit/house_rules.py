"""Deprecated path: `yamskit.house_rules` moved to `yamskit.scorecard.house_rules` in 0.2; this alias goes in 0.3."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._compat import forward

if TYPE_CHECKING:
    from yamskit.scorecard.house_rules import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.scorecard.house_rules")
