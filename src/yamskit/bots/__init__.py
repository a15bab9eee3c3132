"""Players that choose actions through the game protocol, and a loop that plays a game out.

A player is anything with ``choose(state) -> action``. `RandomPlayer` and
`GreedyPlayer` only use ``legal_actions()``, so they play every variant,
including user-defined ones (`PlainGreedyPlayer`, a plainer greedy, and `MixedPlayer`, two
players taking turns by a seeded draw, make the levels of the sheets without an upper bonus
and the levels a family moves, `yamskit.bots.rungs`; `TablePlayer` plays one way alone and
another with opponents);
`OptimalPlayer` plays a solved one-column sheet;
`StrongPlayer` plans every variant (it needs numpy); `ExpertPlayer` checks its plans by
rollouts of the rest of the game, or plays a stronger player where the game has one;
`DuelPlayer` plays the last turns of a two-player one-column game for the chance to win.
`player` builds a bot by level.

Examples:
    >>> import yamskit
    >>> from yamskit.bots import RandomPlayer, play
    >>> game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1)
    >>> final = play(game, [RandomPlayer(seed=1), RandomPlayer(seed=2)])
    >>> final.is_over, len(final.result().scores)
    (True, 2)
"""

from __future__ import annotations

from .basic import (
    GreedyPlayer,
    MixedPlayer,
    OptimalPlayer,
    PlainGreedyPlayer,
    Player,
    RandomPlayer,
    TablePlayer,
    greedy_keep_values,
    play,
)
from .duel import DuelPlayer
from .expert import ExpertPlayer
from .strong import LEVELS, Level, StrongPlayer, level_rungs, player, plays_perfect, solvable

__all__ = [
    "LEVELS",
    "DuelPlayer",
    "ExpertPlayer",
    "GreedyPlayer",
    "Level",
    "MixedPlayer",
    "OptimalPlayer",
    "PlainGreedyPlayer",
    "Player",
    "RandomPlayer",
    "StrongPlayer",
    "TablePlayer",
    "greedy_keep_values",
    "level_rungs",
    "play",
    "player",
    "plays_perfect",
    "solvable",
]
