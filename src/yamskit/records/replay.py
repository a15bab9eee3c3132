"""Replaying a record's moves: the variant it names, and one recorded move applied to a state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import _registry
from ..actions import Roll
from ..errors import DiceMismatchError
from ..game import GameState, Variant
from ..history import Move

__all__ = ["step", "variant_of"]


def variant_of(name: str, options: Mapping[str, Any], variant: Variant | None) -> Variant:
    """The variant a record names: ``variant`` itself when given (it must match), else from the registry.

    Raises:
        DeserializationError: ``variant`` is another one, or the registry cannot build it.
    """
    return _registry.resolve(name, options, variant, what="this record")


def step(state: GameState, move: Move, seeded: bool, *, strict_dice: bool = False) -> GameState:
    """Apply one recorded move; a throw whose faces match the seeded stream is drawn from it.

    Drawing keeps the replayed stream where the original game left it, so a replay
    of a seeded game equals the original state, stream included. With
    ``strict_dice`` a throw must match the stream (`DiceMismatchError`).
    """
    action = move.action
    if seeded and isinstance(action, Roll):
        try:
            drawn = state.apply(Roll(keep=action.keep), player=move.player)
            if drawn.history[len(state.history)] == move:
                return drawn
        except (ValueError, IndexError):
            if strict_dice:
                return state.apply(action, player=move.player)  # the rule break the move makes anyway
        else:
            if strict_dice:
                thrown = drawn.history[len(state.history)].action
                assert isinstance(thrown, Roll)  # applying a Roll records a Roll
                raise DiceMismatchError(
                    f"strict dice: the seed's stream throws {thrown.outcome} here, the record says {action.outcome}"
                )
    return state.apply(action, player=move.player)
