"""The fixed action space and legal-action masks of a variant, as the adapters see them.

The engine gives every variant ``variant.actions`` (an ``ActionSpace``) and every state
``legal_action_ids()`` / ``legal_action_mask()``. These helpers use them, and fall back
on an equivalent enumeration for a variant or state that does not offer them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, DeclareChallenge, Pass, Place, RemoveToken, Roll, Score, Scratch, TakeChip
from ..dice import KEEPS

__all__ = ["action_space", "legal_ids", "legal_mask"]


class _Space(Sequence[Action]):
    """An action space built here: ``len``, ``[i]`` and ``index``."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self._actions = tuple(actions)
        self._ids = {a: i for i, a in enumerate(self._actions)}

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i: Any) -> Any:
        return self._actions[i]

    def index(self, action: Any, start: int = 0, stop: Any = None) -> int:
        try:
            return self._ids[action]
        except KeyError:
            raise ValueError(f"{action!r} is not in this action space") from None


_SPACES: dict[Any, _Space] = {}


def _decisions(variant: Any) -> list[Action]:
    from ..scorecard_game import ScorecardVariant

    if isinstance(variant, ScorecardVariant):
        single = len(variant.columns) == 1
        out: list[Action] = []
        for column in variant.columns:
            name = None if single else column
            for row in variant.rows:
                out.append(Score(row, name))
                if variant.rules.allow_scratch:
                    out.append(Scratch(row, name))
        return out
    if variant.name == "yam-master":
        cells = [(r, c) for r in range(5) for c in range(5)]
        return [*(Place(x) for x in cells), *(RemoveToken(x) for x in cells), DeclareChallenge(), Pass()]
    if variant.name == "yamslam":
        from ..variants.yamslam_chips import KINDS

        return [*(TakeChip(k.value) for k in KINDS), *(TakeChip(k.value, True) for k in KINDS), Pass()]
    raise TypeError(f"no fixed action space for {variant!r}")


def action_space(variant: Any) -> Sequence[Action]:
    """The variant's fixed action space (``len``, ``[i]``, ``index``)."""
    space = getattr(variant, "actions", None)
    if space is not None and not callable(space):
        return space  # type: ignore[no-any-return]
    key = (type(variant), variant.name, repr(sorted(variant.options.items())), id(variant))
    if key not in _SPACES:
        _SPACES[key] = _Space([*(Roll(keep=k) for k in KEEPS), *_decisions(variant)])
    return _SPACES[key]


def legal_ids(state: Any) -> list[int]:
    """The ids of the legal actions of ``state``, ascending."""
    method = getattr(state, "legal_action_ids", None)
    if method is not None:
        return list(method())
    space = action_space(state.variant)
    return sorted(space.index(a) for a in state.legal_actions())


def legal_mask(state: Any) -> bytes:
    """One byte per action id, 1 where the action is legal."""
    method = getattr(state, "legal_action_mask", None)
    if method is not None:
        return bytes(method())
    mask = bytearray(len(action_space(state.variant)))
    for i in legal_ids(state):
        mask[i] = 1
    return bytes(mask)
