"""Deprecated old path of `yamskit.variants.yam_master.board`: import from there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._moved import forward

if TYPE_CHECKING:
    from .yam_master.board import *  # noqa: F403

__all__, __getattr__ = forward(__name__, "yamskit.variants.yam_master.board")
