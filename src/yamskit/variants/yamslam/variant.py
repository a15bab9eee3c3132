"""The Yamslam rule set (`YamslamVariant`): its modes, players, action space and new games.

Examples:
    >>> v = yamslam(mode="team")
    >>> v.players, v.side_names(["Ann", "Bob", "Cy", "Di"])
    ((4, 4), ('Ann & Cy', 'Bob & Di'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal, get_args

import attrs

from ... import _registry
from ...action_space import ActionSpace
from ...dice import new_stream
from ...errors import RuleConfigError, brief
from ...family import Family, VariantBase
from ...seats import check_players, choose_first_player
from ...turn import Turn
from .action_text import WORDS
from .chips import CHIPS_PER_KIND, FULL_STACK_BONUS, GOLDEN_7_BONUS, KINDS, LAST_DRAW_BONUS, SILVER_6_BONUS, ChipSet
from .codec import state_fields, state_to_data
from .game import YamslamGame
from .notation import read_yamslam, write_yamslam
from .position import check_yamslam, yamslam_position
from .rules import ACTIONS, MAX_THROWS, NOTES, PLAYERS, Mode
from .text import render_yamslam

__all__ = ["VARIANTS", "YamslamVariant", "yamslam"]


def _check_mode(_instance: object, _attribute: object, value: str) -> None:
    if value not in get_args(Mode):
        raise RuleConfigError(f"mode must be 'standard', 'solo' or 'team', not {brief(value)}")


#: How Yamslam states are read, written and checked (see `yamskit.family`).
FAMILY: Family[YamslamGame] = Family(
    game=YamslamGame,
    read_data=state_fields,
    write_data=state_to_data,
    read_notation=read_yamslam,
    write_notation=write_yamslam,
    render=render_yamslam,
    check_position=check_yamslam,
    words=WORDS,
)


@attrs.frozen
class YamslamVariant(VariantBase[YamslamGame]):
    """The Yamslam rule set in one of its modes; starts games.

    Two variants are equal when their modes are.

    Examples:
        >>> v = YamslamVariant("team")
        >>> v.name, v.options, v.players
        ('yamslam', {'mode': 'team'}, (4, 4))
    """

    mode: Mode = attrs.field(default="standard", validator=_check_mode)

    #: Dice each player throws in the roll-off for the first seat (one die, as the rule sheet says).
    roll_off_dice: ClassVar[int] = 1

    @property
    def name(self) -> str:
        """The registry name, ``"yamslam"``."""
        return "yamslam"

    @property
    def options(self) -> dict[str, Any]:
        """The options that rebuild this variant through `yamskit.variant`."""
        return {"mode": self.mode}

    @property
    def actions(self) -> ActionSpace:
        """The numbered decisions (`ACTIONS`, the same in every mode).

        Examples:
            >>> import yamskit
            >>> space = YamslamVariant().actions
            >>> len(space), space[462 + 7 + 4]
            (477, TakeChip(kind='full_house', from_discard=True))
        """
        return ACTIONS

    @property
    def players(self) -> tuple[int, int]:
        """The smallest and largest number of players of this mode."""
        return PLAYERS[self.mode]

    def max_turns(self, players: int) -> int:
        """An upper bound on the turns of a game with ``players`` players.

        Every round takes or discards at least one chip, which lowers ``2 x rack + discard``
        (56 at the start) by at least 1; extra turns are paid for by the (at most 28) chips.

        Examples:
            >>> YamslamVariant().max_turns(2)
            140
        """
        pot = 2 * CHIPS_PER_KIND * len(KINDS)
        return pot * players + CHIPS_PER_KIND * len(KINDS)

    def side_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """The names of the collections: the players, or the two teams in team play.

        Examples:
            >>> YamslamVariant("team").side_names(["Ann", "Bob", "Cy", "Di"])
            ('Ann & Cy', 'Bob & Di')
        """
        if self.mode == "team":
            return tuple(" & ".join(players[s::2]) for s in range(2))
        return tuple(players)

    def side(self, player: int) -> int:
        """The collection ``player`` collects for (their own, or their team's).

        Examples:
            >>> YamslamVariant("team").side(3), YamslamVariant().side(3)
            (1, 3)
        """
        return player % 2 if self.mode == "team" else player

    def new_game(
        self,
        players: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        first_player: int | Literal["roll_off"] = "roll_off",
    ) -> YamslamGame:
        """A new game: a full rack, empty collections, the first player to throw.

        Args:
            players: names in seat order (default ``Player 1``... for the mode's smallest number).
            seed: seed of the dice stream (a fresh random one when ``None``; stored in the state).
            first_player: ``"roll_off"`` (default, the rule sheet's way): each player throws one
                die from the game's stream, the highest starts, tied leaders throw again; or a
                seat index to name the first player.

        Examples:
            >>> g = YamslamVariant("solo").new_game(seed=3)
            >>> g.players, len(g.rack), g.is_over
            (('Player 1',), 28, False)
        """
        low, high = self.players
        names = check_players(
            players if players is not None else [f"Player {i + 1}" for i in range(low)], minimum=low, maximum=high
        )
        first, stream = choose_first_player(new_stream(seed), len(names), first_player, dice=1)
        sides = len(self.side_names(names))
        return YamslamGame(
            variant=self,
            players=names,
            rack=ChipSet.full(),
            discard=ChipSet(),
            collections=(ChipSet(),) * sides,
            current_player=first,
            turn=Turn.start(max_throws=MAX_THROWS),
            stream=stream,
            first_player=first,
        )

    def describe(self) -> str:
        """A plain-text summary: chips and values, bonuses, options and rulings.

        Examples:
            >>> print(YamslamVariant().describe().splitlines()[0])
            yamslam (mode 'standard'): 7 chip kinds x 4, 3 throws a turn, 2 to 8 players
        """
        low, high = self.players
        count = str(low) if low == high else f"{low} to {high}"
        lines = [
            f"yamslam (mode {self.mode!r}): {len(KINDS)} chip kinds x {CHIPS_PER_KIND}, "
            f"{MAX_THROWS} throws a turn, {count} players",
            "Chips: " + ", ".join(f"{kind.value} {kind.points}" for kind in KINDS),
            f"Bonuses: golden_7 {GOLDEN_7_BONUS}, silver_6 {SILVER_6_BONUS} (not with golden_7), "
            f"full_stack {FULL_STACK_BONUS} each, last_draw {LAST_DRAW_BONUS}",
            "Options: mode ('standard', 'solo' or 'team')",
            "Rulings:",
            *(f"- {note}" for note in NOTES),
        ]
        return "\n".join(lines)

    #: The family's state class and how its states are read, written and checked.
    family = FAMILY

    #: A position set up from paper, checked against what a game can reach (see `yamslam_position`).
    position = yamslam_position


def yamslam(*, mode: Mode = "standard") -> YamslamVariant:
    """Yamslam in ``mode``: ``"standard"`` (2-8 players), ``"solo"`` (1) or ``"team"`` (4, two teams).

    Raises:
        RuleConfigError: an unknown mode.

    Examples:
        >>> yamslam(mode="solo").options
        {'mode': 'solo'}
    """
    return YamslamVariant(mode)


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"yamslam": yamslam}
_registry.register_family(VARIANTS)
