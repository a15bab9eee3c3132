"""Players that choose actions through the game protocol, and a loop that plays a game out.

A player is anything with ``choose(state) -> action``. Bots here only use
``legal_actions()``, so they play every variant, including user-defined ones.

Example:
    >>> import yamskit
    >>> from yamskit.bots import RandomPlayer, play
    >>> game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1)
    >>> final = play(game, [RandomPlayer(seed=1), RandomPlayer(seed=2)])
    >>> final.is_over, len(final.result().scores)
    (True, 2)
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from .actions import Action
from .errors import YamskitError

__all__ = ["Player", "RandomPlayer", "play"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action for the player to move."""

    def choose(self, state: Any) -> Action:
        """The action to apply to ``state``; it must be legal there."""


@attrs.frozen
class RandomPlayer:
    """Picks uniformly among the legal actions, reproducibly from its seed.

    The choice depends only on the seed and the state's history length, so a
    player holds no hidden state: the same seed and game give the same choices.

    Example:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=3)
        >>> RandomPlayer(seed=9).choose(g)
        Roll(keep=Dice.parse(''), outcome=None)
    """

    seed: int = 0

    def choose(self, state: Any) -> Action:
        """A uniformly random legal action."""
        actions = list(state.legal_actions())
        if not actions:
            raise YamskitError("no legal action to choose from")
        digest = hashlib.blake2b(
            f"{self.seed}:{len(state.history)}:{state.current_player}".encode(), digest_size=8
        ).digest()
        return actions[int.from_bytes(digest, "big") % len(actions)]  # type: ignore[no-any-return]


def play(
    state: Any,
    players: Sequence[Player] | Mapping[str, Player],
    *,
    max_actions: int = 1_000_000,
) -> Any:
    """Let ``players`` play ``state`` to its end and return the final state.

    Args:
        state: any game state.
        players: one player per seat (a sequence in seat order, or a mapping from
            player name to player).
        max_actions: a bound on the number of actions, against a player that never ends.

    Example:
        >>> import yamskit
        >>> g = yamskit.variant("yahtzee").new_game(players=["Ann"], seed=2)
        >>> play(g, [RandomPlayer(seed=5)]).is_over
        True
    """
    for _ in range(max_actions):
        if state.is_over:
            return state
        index = state.current_player
        chooser = players[state.players[index]] if isinstance(players, Mapping) else players[index]
        state = state.apply(chooser.choose(state))
    if not state.is_over:
        raise YamskitError(f"the game did not end within {max_actions} actions")
    return state
