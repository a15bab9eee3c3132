"""Deprecated old path of `yamskit.variants.competitive.duels`: import from there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._moved import forward

if TYPE_CHECKING:
    from .competitive.duels import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.variants.competitive.duels")
