"""What the single-game adapters share: building variants, throwing the adapters' dice, rewards."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np

from .. import _registry
from ..actions import Action, Roll
from ..dice import NUM_DICE, Dice
from ..errors import IllegalActionError
from ..scorecard.variant import ScorecardVariant
from . import _compat
from .dice import faces

Reward = Literal["score", "outcome"]


def built_in_names() -> list[str]:
    """The names of yamskit's own variants (not plug-ins or variants registered at run time), sorted."""
    return _registry.builtin_names()


def resolve_variant(variant: Any, options: dict[str, Any]) -> Any:
    """A variant from a registry name (with options) or a variant object (without)."""
    if isinstance(variant, str):
        return _registry.build(variant, options)
    if options:
        raise TypeError(f"options {sorted(options)} are for a variant given by name, not {variant!r}")
    return variant


def default_reward(variant: Any) -> Reward:
    """``"score"`` where points accrue during the game, ``"outcome"`` where only the end decides."""
    if isinstance(variant, ScorecardVariant):
        return "score" if variant.rules.result is None else "outcome"
    return "score" if variant.name == "yamslam" else "outcome"


def check_options(variant: Any, reward: Reward | None, render_mode: str | None) -> Reward:
    """The reward mode to use (``reward``, else the variant's default), after checking both options.

    Raises:
        ValueError: a reward other than ``"score"``/``"outcome"``, or a render mode other than ``"ansi"``.
    """
    mode = reward or default_reward(variant)
    if mode not in ("score", "outcome"):
        raise ValueError(f"reward must be 'score' or 'outcome', not {reward!r}")
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
    return mode


def team_of(variant: Any, seat: int) -> int:
    """The side a seat plays for: seat and team mate share one in ``2v2`` and Yamslam team play."""
    mode = variant.options.get("mode") if variant.name in ("competitive", "yamslam") else None
    return seat % 2 if mode in ("2v2", "team") else seat


def outcome(state: Any, seat: int) -> int:
    """+1 if ``seat``'s side won alone, 0 if it shares first place with another side, -1 otherwise."""
    winners = state.result().winners
    if seat not in winners:
        return -1
    mine = team_of(state.variant, seat)
    return 1 if all(team_of(state.variant, w) == mine for w in winners) else 0


def with_faces(action: Action, key: int, throw: int) -> Action:
    """A Roll given the faces of throw number ``throw`` of the episode ``key``; other actions as they are."""
    if not isinstance(action, Roll) or action.outcome is not None:
        return action
    drawn = faces(np.array([key], dtype=np.uint64), np.array([throw], dtype=np.uint64))[0]
    return Roll(keep=action.keep, outcome=Dice(tuple(int(f) for f in drawn[: NUM_DICE - len(action.keep)])))


def illegal(state: Any, action_id: int, space: Any) -> IllegalActionError:
    """The error for stepping a masked-out action id, with the rule it breaks."""
    if not 0 <= action_id < len(space):
        return IllegalActionError(f"action {action_id} is out of range: ids are 0 to {len(space) - 1}")
    action = space[action_id]
    try:
        state.check(action)
    except ValueError as error:
        return IllegalActionError(f"action {action_id} ({action!r}) is masked out: {error}")
    return IllegalActionError(f"action {action_id} ({action!r}) is masked out")  # pragma: no cover


def mask_array(state: Any) -> np.ndarray[Any, np.dtype[np.int8]]:
    """The legal-action mask of ``state`` as an int8 array (all zeros once the game is over)."""
    if state.is_over:
        return np.zeros(len(_compat.action_space(state.variant)), dtype=np.int8)
    return np.frombuffer(_compat.legal_mask(state), dtype=np.int8).copy()
