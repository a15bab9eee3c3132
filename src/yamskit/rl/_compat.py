"""The fixed action space and legal-action masks of a variant, as the adapters use them.

Thin accessors over the engine's ``variant.actions`` (an ``ActionSpace``) and the states'
``legal_action_ids()`` / ``legal_action_mask()``, so the adapters name them in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action

__all__ = ["action_space", "legal_ids", "legal_mask"]


def action_space(variant: Any) -> Sequence[Action]:
    """The variant's fixed action space (``len``, ``[i]``, ``index``)."""
    return variant.actions  # type: ignore[no-any-return]


def legal_ids(state: Any) -> list[int]:
    """The ids of the legal actions of ``state``, ascending."""
    return list(state.legal_action_ids())


def legal_mask(state: Any) -> bytes:
    """One byte per action id, 1 where the action is legal."""
    return bytes(state.legal_action_mask())
