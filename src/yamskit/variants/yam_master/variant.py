"""The Yam Master rule set (`YamMasterVariant`): its options, action space and new games.

Examples:
    >>> v = yam_master(removed="out", max_turns=60)
    >>> v.options, v.new_game(seed=1).supply
    ({'removed': 'out', 'max_turns': 60}, (12, 12))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

import attrs

from ... import _registry
from ...action_space import ActionSpace
from ...dice import new_stream
from ...errors import RuleConfigError, brief
from ...family import Family, VariantBase
from ...history import MAX_MOVES
from ...seats import check_players, choose_first_player
from ...turn import Turn
from .action_text import WORDS
from .board import LABEL_NAMES, SIZE, Board, render_board, render_game
from .codec import state_fields, state_to_data
from .game import YamMasterGame
from .notation import read_yam_master, write_yam_master
from .position import check_yam_master, yam_master_position
from .rules import (
    ACTIONS,
    DEFAULT_MAX_TURNS,
    LARGEST_MAX_TURNS,
    MAX_THROWS,
    MOST_MOVES_A_TURN,
    RULINGS,
    TOKENS,
    RemovedTo,
)

__all__ = ["VARIANTS", "YamMasterVariant", "yam_master"]


def _check_removed(_instance: object, _attribute: object, value: object) -> None:
    if value not in ("supply", "out"):
        raise RuleConfigError(f"removed must be 'supply' or 'out', not {brief(value)}")


def _check_max_turns(_instance: object, _attribute: object, value: object) -> None:
    if type(value) is not int or not 1 <= value <= LARGEST_MAX_TURNS:
        raise RuleConfigError(
            f"max_turns must be a whole number from 1 to {LARGEST_MAX_TURNS} (a game that long, {MOST_MOVES_A_TURN} "
            f"moves a turn, is the {MAX_MOVES} moves a save or record holds), not {brief(value)}"
        )


#: How Yam Master states are read, written and checked (see `yamskit.family`).
FAMILY: Family[YamMasterGame] = Family(
    game=YamMasterGame,
    read_data=state_fields,
    write_data=state_to_data,
    read_notation=read_yam_master,
    write_notation=write_yam_master,
    render=render_game,
    check_position=check_yam_master,
    words=WORDS,
)


@attrs.frozen
class YamMasterVariant(VariantBase[YamMasterGame]):
    """The Yam Master rules with their options; starts games.

    Two variants are equal when their options are.

    Attributes:
        removed: ``"supply"`` (a removed token returns to its owner's supply) or
            ``"out"`` (it is out of the game).
        max_turns: the most turns, both players counted, before the game ends and is scored.

    Examples:
        >>> v = YamMasterVariant(removed="out")
        >>> v.name, v.options
        ('yam-master', {'removed': 'out', 'max_turns': 200})
    """

    removed: RemovedTo = attrs.field(default="supply", validator=_check_removed)
    max_turns: int = attrs.field(default=DEFAULT_MAX_TURNS, validator=_check_max_turns)

    @property
    def name(self) -> str:
        """The registry name, ``"yam-master"``."""
        return "yam-master"

    @property
    def options(self) -> dict[str, Any]:
        """The options, JSON-ready: ``yamskit.variant("yam-master", **options)`` rebuilds this variant."""
        return {"removed": self.removed, "max_turns": self.max_turns}

    @property
    def actions(self) -> ActionSpace:
        """The numbered decisions (`ACTIONS`, the same whatever the options).

        Examples:
            >>> import yamskit
            >>> space = YamMasterVariant().actions
            >>> len(space), space[464 + 5 * 2 + 2]
            (514, Place(cell=(2, 2)))
        """
        return ACTIONS

    def new_game(
        self,
        players: Sequence[str] = ("Player 1", "Player 2"),
        *,
        seed: int | None = None,
        first_player: int | Literal["roll_off"] = 0,
    ) -> YamMasterGame:
        """A new game: an empty board, twelve tokens each, the first player to throw.

        Args:
            players: the two names, in seat order (the first plays ``X``, the second ``O``).
            seed: seed of the dice stream (a fresh random one when ``None``; it is stored
                in the state, so the game stays reproducible).
            first_player: index of the first player, or ``"roll_off"`` (the higher sum of
                five dice starts; ties throw again).

        Examples:
            >>> g = YamMasterVariant().new_game(players=["Ann", "Bob"], seed=2, first_player=1)
            >>> g.players[g.current_player], g.supply
            ('Bob', (12, 12))
        """
        names = check_players(players, minimum=2, maximum=2)
        first, stream = choose_first_player(new_stream(seed), len(names), first_player)
        return YamMasterGame(
            variant=self,
            players=names,
            board=Board.empty(),
            supply=(TOKENS, TOKENS),
            out=(0, 0),
            current_player=first,
            turn=Turn.start(max_throws=MAX_THROWS),
            stream=stream,
            first_player=first,
        )

    def describe(self) -> str:
        """A plain-text summary: the board, the labels, the options and the rulings.

        Examples:
            >>> print(YamMasterVariant().describe().splitlines()[0])
            yam-master: 5x5 board, 2 players, 12 tokens each, 3 throws a turn
        """
        lines = [f"yam-master: {SIZE}x{SIZE} board, 2 players, {TOKENS} tokens each, {MAX_THROWS} throws a turn"]
        lines.append(render_board(Board.empty()))
        lines.append("Labels:")
        lines.extend(f"  {label}: {text}" for label, text in LABEL_NAMES.items())
        lines.append("Runs: 3 in a row 1 point, 4 in a row 2 points; 5 in a row wins at once")
        lines.append("Options: " + ", ".join(f"{k}={v!r}" for k, v in self.options.items()))
        lines.append("Rulings:")
        lines.extend(f"  - {ruling}" for ruling in RULINGS)
        return "\n".join(lines)

    #: The family's state class and how its states are read, written and checked.
    family = FAMILY

    #: A position set up from paper, checked against what a game can reach (see `yam_master_position`).
    position = yam_master_position


def yam_master(*, removed: RemovedTo = "supply", max_turns: int = DEFAULT_MAX_TURNS) -> YamMasterVariant:
    """Yam Master, with the options of the rulings.

    Args:
        removed: where a token taken by the Yam predator goes: ``"supply"`` (back to its
            owner, the default) or ``"out"`` (out of the game).
        max_turns: the most turns, both players counted, before the game ends and is scored.

    Raises:
        RuleConfigError: an option value out of range.

    Examples:
        >>> yam_master(removed="out").options
        {'removed': 'out', 'max_turns': 200}
    """
    return YamMasterVariant(removed=removed, max_turns=max_turns)


#: Registry entries of this module, registered with yamskit's registry when it is imported.
VARIANTS: dict[str, Callable[..., Any]] = {"yam-master": yam_master}
_registry.register_family(VARIANTS)
