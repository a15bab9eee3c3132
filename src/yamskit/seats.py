"""The seats of a game: who plays, who is to move, and who starts.

Examples:
    >>> check_players(["Ann", "Bob"])
    ('Ann', 'Bob')
    >>> from yamskit.dice import DiceStream
    >>> choose_first_player(DiceStream(seed=1), 2, 1)
    (1, DiceStream(seed=1, draws=0))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .dice import NUM_DICE, DiceStream
from .errors import InvalidDiceError, NotYourTurnError, RuleConfigError, brief

__all__ = ["check_players", "choose_first_player", "resolve_player", "roll_off", "seat_of"]


def check_players(players: Sequence[str], *, minimum: int = 1, maximum: int = 8) -> tuple[str, ...]:
    """Validate a list of player names: strings, distinct, between ``minimum`` and ``maximum``.

    Raises:
        RuleConfigError: the names or their number do not fit.

    Examples:
        >>> check_players(["Ann", "Bob"])
        ('Ann', 'Bob')
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RuleConfigError("players must be a sequence of names, e.g. ['Ann', 'Bob']")
    names = tuple(players)
    if not minimum <= len(names) <= maximum:
        wanted = str(minimum) if minimum == maximum else f"{minimum} to {maximum}"
        raise RuleConfigError(f"this game takes {wanted} players, not {len(names)}")
    for name in names:
        if not isinstance(name, str) or not name or len(name) > 100:
            raise RuleConfigError(f"a player name must be a non-empty string of at most 100 characters: {brief(name)}")
    if len(set(names)) != len(names):
        raise RuleConfigError(f"player names must be distinct: {list(names)}")
    return names


def seat_of(players: tuple[str, ...], player: int | str) -> int:
    """The seat of ``player``, given by its index or its name; `NotYourTurnError` if there is none.

    Examples:
        >>> seat_of(("Ann", "Bob"), "Bob"), seat_of(("Ann", "Bob"), 0)
        (1, 0)
    """
    if isinstance(player, str):
        if player not in players:
            raise NotYourTurnError(f"no player named {brief(player)} in this game")
        return players.index(player)
    if type(player) is int and 0 <= player < len(players):
        return player
    raise NotYourTurnError(f"no player {brief(player)} in this game of {len(players)}")


def resolve_player(players: tuple[str, ...], current: int, player: int | str | None) -> None:
    """Raise `NotYourTurnError` unless ``player`` (index or name) is ``current`` or ``None``.

    Examples:
        >>> resolve_player(("Ann", "Bob"), 1, "Bob")
    """
    if player is None:
        return
    index = seat_of(players, player)
    if index != current:
        raise NotYourTurnError(f"it is {players[current]}'s turn, not {players[index]}'s")


def roll_off(stream: DiceStream, players: int, *, dice: int = NUM_DICE) -> tuple[int, DiceStream]:
    """Who starts: everyone throws ``dice`` dice, the highest sum starts, tied leaders throw again.

    Examples:
        >>> first, after = roll_off(DiceStream(seed=5), 3)
        >>> 0 <= first < 3 and after.draws >= 15
        True
    """
    if not 1 <= dice <= NUM_DICE:
        raise InvalidDiceError(f"a roll-off uses 1 to {NUM_DICE} dice, not {dice}")
    contenders = list(range(players))
    while len(contenders) > 1:
        sums = []
        for _ in contenders:
            thrown, stream = stream.throw(dice)
            sums.append(thrown.total)
        best = max(sums)
        contenders = [p for p, s in zip(contenders, sums, strict=True) if s == best]
    return contenders[0], stream


def choose_first_player(
    stream: DiceStream, players: int, first_player: int | Literal["roll_off"], *, dice: int = NUM_DICE
) -> tuple[int, DiceStream]:
    """Who starts: the index ``first_player``, or the winner of a roll-off with ``dice`` dice each.

    Raises:
        RuleConfigError: ``first_player`` is neither a seat index nor ``"roll_off"``.

    Examples:
        >>> choose_first_player(DiceStream(seed=1), 3, 2)
        (2, DiceStream(seed=1, draws=0))
        >>> choose_first_player(DiceStream(seed=1), 3, "roll_off")[1].draws >= 15
        True
    """
    if first_player == "roll_off":
        return roll_off(stream, players, dice=dice)
    if type(first_player) is int and 0 <= first_player < players:
        return first_player, stream
    raise RuleConfigError(
        f"first_player must be a player index from 0 to {players - 1} or 'roll_off', not {brief(first_player)}"
    )
