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
from ...errors import RuleConfigError
from ...notation import read_position
from ...position.saves import check_loaded, read_origin
from ...position.witness import record_reaching
from ...seats import check_players, choose_first_player
from ...turn import Turn
from .board import LABEL_NAMES, SIZE, Board, render_board
from .codec import state_fields
from .game import YamMasterGame
from .notation import read_yam_master
from .position import check_yam_master, yam_master_position
from .rules import ACTIONS, DEFAULT_MAX_TURNS, MAX_THROWS, RULINGS, TOKENS, RemovedTo

__all__ = ["VARIANTS", "YamMasterVariant", "yam_master"]


def _check_removed(_instance: object, _attribute: object, value: object) -> None:
    if value not in ("supply", "out"):
        raise RuleConfigError(f"removed must be 'supply' or 'out', not {value!r}")


def _check_max_turns(_instance: object, _attribute: object, value: object) -> None:
    if type(value) is not int or not 1 <= value <= 100_000:
        raise RuleConfigError(f"max_turns must be a whole number from 1 to 100000, not {value!r}")


@attrs.frozen
class YamMasterVariant:
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

    def state_from_data(self, data: Any) -> YamMasterGame:
        """Rebuild a state from the ``"state"`` part of `YamMasterGame.to_json`, checking it.

        Raises:
            DeserializationError: a field is missing or malformed, or the state is impossible.
        """
        return check_loaded(YamMasterGame(**state_fields(self, data)), read_origin(self, data))

    #: A position set up from paper, checked against what a game can reach (see `yam_master_position`).
    position = yam_master_position

    #: Raise a `yamskit.position.PositionError` unless some game of these rules reaches a state; returns the game found
    #: (a `yamskit.position.witness.Witness`).
    check_position = staticmethod(check_yam_master)

    def witness(self, state: YamMasterGame) -> Any:
        """A game record (`yamskit.records.GameRecord`) of a game of these rules that reaches ``state``.

        See `yamskit.position.witness.record_reaching`.

        Raises:
            PositionError: no game reaches ``state``: the first rule it breaks.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("yam-master")
            >>> state = v.position(["Ann", "Bob"], board="X..../...../...../...../.....", turns=3, current_player=1)
            >>> record = v.witness(state)
            >>> len(record.moves), record.to_game().board == state.board
            (6, True)
        """
        return record_reaching(check_yam_master, state)

    def from_notation(self, text: str) -> YamMasterGame:
        """The state a position notation describes (see `yamskit.notation`); its history is empty.

        Raises:
            NotationError: malformed text, or a notation of other rules.
            PositionError: a position no game can reach.

        Examples:
            >>> import yamskit
            >>> text = "yam-master Ann,Bob ...../..X../...../...../..... 0,0 1:0 - 1:0 1"
            >>> yamskit.variant("yam-master").from_notation(text).board.owner((1, 2))
            0
        """
        return read_position(text, self, lambda fields: YamMasterGame(**read_yam_master(self, fields)))


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
