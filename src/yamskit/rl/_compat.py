"""The fixed action space and legal-action masks of a variant, as the adapters use them.

Thin accessors over the engine's ``variant.actions`` (an ``ActionSpace``) and the states'
``legal_action_ids()`` / ``legal_action_mask()``, so the adapters name them in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..game import GameState, Variant

__all__ = ["action_space", "legal_ids", "legal_mask"]


def action_space(variant: Variant) -> Sequence[Action]:
    """The variant's fixed action space (``len``, ``[i]``, ``index``)."""
    return variant.actions


def legal_ids(state: GameState) -> list[int]:
    """The ids of the legal actions of ``state``, ascending."""
    return list(state.legal_action_ids())


def legal_mask(state: GameState) -> bytes:
    """One byte per action id, 1 where the action is legal."""
    return bytes(state.legal_action_mask())
