"""Yamslam (rule sheet 004, Blue Orange): throw combinations to win chips from a shared rack.

The rack holds four chips of each of seven kinds (see `.chips`). A turn
is up to three throws; after any throw the player may take one chip of an available
kind the dice qualify for (`TakeChip`), which ends the turn, or end
it without a chip (`Pass`). Five of a kind, a *Yamslam*, takes any
chip, from the rack or (``from_discard=True``) the discard pile, and the same player
plays again. A round in which nobody takes a chip discards the highest-value chip
left in the rack. The game ends when the rack is empty; bonuses are added and the
highest total wins.

The package reads like the rule sheet, one job a module: `.chips` (the chips, what dice
win them, the bonuses), `.rules` (the turn: what a throw may take, the discard rule, the
end), `.game` (the state and its protocol methods), `.codec` (its JSON), `.variant` (the
modes and new games) and `.match` (matches of several games).

Modes (option ``mode``): ``"standard"`` (2 to 8 players), ``"solo"`` (1 player: every
turn without a chip discards; a Yamslam takes two chips, one `TakeChip`
after the other) and ``"team"`` (4 players in alternating seats, two teams, one
collection per team).

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    >>> g = g.apply(yamskit.Roll(outcome="22444")).apply(yamskit.TakeChip("full_house"))
    >>> g.chips(0), g.players[g.current_player], g.result().scores
    (ChipSet.of('full_house'), 'Bob', (30, 0))
"""

from __future__ import annotations

from ... import adapters as _adapters
from .adapter import ADAPTER as _ADAPTER
from .game import YamslamGame
from .match import MatchError
from .rules import (
    ACTIONS,
    MAX_THROWS,
    NOTES,
    ChipError,
    ChipNotAvailableError,
    ChipNotQualifiedError,
    DiscardPileError,
    Mode,
    SecondChipError,
)
from .variant import VARIANTS, YamslamVariant, yamslam

# the edges (learning adapters, strong bots) reach the family through its variant class
_adapters.register(YamslamVariant, _ADAPTER)
_adapters.register_title("yamslam", "Yamslam")

__all__ = [
    "ACTIONS",
    "MAX_THROWS",
    "NOTES",
    "VARIANTS",
    "ChipError",
    "ChipNotAvailableError",
    "ChipNotQualifiedError",
    "DiscardPileError",
    "MatchError",
    "Mode",
    "SecondChipError",
    "YamslamGame",
    "YamslamVariant",
    "yamslam",
]
