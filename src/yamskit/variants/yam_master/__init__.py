"""Yam Master (rule sheet 003, publisher Ferti): dice combinations claim cells of a 5×5 board.

Two players, twelve tokens each. A turn is up to three throws; after the first one
the player may declare a challenge (a *défi*). After any throw the player ends the
turn by placing a token on a free cell whose label the dice satisfy
(`Place`), by removing an opponent's token with five of a kind
(`RemoveToken`, the *Yam predator*), or by passing. Five tokens in
a row win at once; otherwise, once a player has placed their last token (or after
``max_turns`` turns), runs of three score 1 point and runs of four 2.

There is no score sheet: the state is a `Board`,
each player's supply of tokens and the current `Turn`.

The package reads like the rule sheet, one job a module: `.board` (the board, its labels,
lines and runs), `.rules` (the turn: what the dice may claim, challenges, removals, the
end), `.game` (the state and its protocol methods), `.codec` (its JSON) and `.variant`
(the options and new games).

Options: ``removed`` (``"supply"``: a removed token goes back to its owner's supply;
``"out"``: it leaves the game) and ``max_turns`` (the most turns, both players
counted, before the game ends and is scored; default 200).

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
    >>> game = game.apply(yamskit.Roll(outcome="22255"))
    >>> sorted(game.labels)
    ['2', 'full_house', 'one_shot']
    >>> game = game.apply(yamskit.Place((1, 2)))
    >>> game.board.owner((1, 2)), game.supply, game.players[game.current_player]
    (0, (11, 12), 'Bob')
"""

from __future__ import annotations

from ... import adapters as _adapters
from .adapter import ADAPTER as _ADAPTER
from .board import BoardError
from .game import YamMasterGame
from .rules import (
    ACTIONS,
    DEFAULT_MAX_TURNS,
    MAX_THROWS,
    RULINGS,
    TOKENS,
    ChallengeError,
    LabelError,
    RemovalError,
)
from .rules import (
    EndReason as EndReason,
)
from .rules import (
    RemovedTo as RemovedTo,
)
from .variant import VARIANTS, YamMasterVariant, yam_master

# the edges (learning adapters, strong bots) reach the family through its variant class
_adapters.register(YamMasterVariant, _ADAPTER)
_adapters.register_title("yam-master", "Yam Master")

__all__ = [
    "ACTIONS",
    "DEFAULT_MAX_TURNS",
    "MAX_THROWS",
    "RULINGS",
    "TOKENS",
    "VARIANTS",
    "BoardError",
    "ChallengeError",
    "LabelError",
    "RemovalError",
    "YamMasterGame",
    "YamMasterVariant",
    "yam_master",
]
