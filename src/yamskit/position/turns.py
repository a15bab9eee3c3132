"""Turns, seats and streams of a position: building them from names, checking them.

`build_turn` makes the `Turn` a player sees on paper (the dice, the throws
used, the dice kept back in the last throw, a declared challenge); `check_turn`
checks any `Turn` (one built here, read from a notation or from a saved game)
against what a game can reach. `seat` reads a player given by name or index.

Examples:
    >>> turn = build_turn(dice="66612", throws=2, kept="666", max_throws=3)
    >>> turn.dice, turn.throws_used, turn.all_dice_thrown
    (Dice.parse('12666'), 2, False)
    >>> check_turn(turn, max_throws=3)
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from ..dice import NUM_DICE, Dice, DiceStream, new_stream
from ..errors import YamskitError, brief
from ..seats import check_players
from ..turn import Throw, Turn
from .errors import ImpossibleTurnError, PositionArgumentError

__all__ = [
    "argument",
    "build_turn",
    "check_bool",
    "check_stream_of",
    "check_turn",
    "make_stream",
    "players_of",
    "seat",
]


@contextlib.contextmanager
def argument(name: str) -> Iterator[None]:
    """Turn Python's own errors about a value of the wrong type into a `PositionArgumentError` naming ``name``.

    yamskit's own errors pass through unchanged.

    Examples:
        >>> with argument("board"):
        ...     len(3)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        PositionArgumentError: board: object of type 'int' has no len() (rule: argument)
    """
    try:
        yield
    except YamskitError:
        raise
    except (TypeError, AttributeError, ValueError, KeyError, IndexError, OverflowError) as error:
        raise PositionArgumentError(f"{name}: {error}", rule="argument") from None


def check_bool(value: Any, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (not a string such as ``"no"``, not 0 or 1).

    Raises:
        PositionArgumentError: anything else.

    Examples:
        >>> check_bool(True, "challenge")
        True
        >>> check_bool("no", "challenge")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        PositionArgumentError: challenge must be True or False, not 'no' (rule: argument)
    """
    if type(value) is not bool:
        raise PositionArgumentError(f"{name} must be True or False, not {brief(value)}", rule="argument")
    return value


def _dice(value: Dice | str | Sequence[int] | None, what: str) -> Dice | None:
    if value is None or isinstance(value, Dice):
        return value
    try:
        return Dice.parse(value) if isinstance(value, str) else Dice(tuple(value))
    except (YamskitError, TypeError) as error:
        raise ImpossibleTurnError(f"{what}: {error}", rule="dice") from None


def build_turn(
    *,
    dice: Dice | str | Sequence[int] | None = None,
    throws: int | None = None,
    kept: Dice | str | Sequence[int] = "",
    challenge: bool = False,
    max_throws: int = 3,
    dice_count: int = NUM_DICE,
    game: str = "this game",
    saved: int = 0,
) -> Turn:
    """The turn of a paper position: ``dice`` showing after ``throws`` throws, ``kept`` held back last.

    ``saved``: the stored throws the turn may spend beyond ``max_throws`` (a game with saved
    throws: the player's store when the turn began).

    Earlier throws are recorded as throws of all five dice showing the same faces (a
    position from paper does not know them). ``throws`` defaults to 1 when dice are
    given, 0 otherwise; ``kept`` defaults to nothing (all five dice thrown together).

    Raises:
        ImpossibleTurnError: dice without throws or throws without dice, not five dice,
            more throws than the turn allows, dice kept that are not showing or kept on
            the first throw, a challenge before the first throw.

    Examples:
        >>> build_turn(dice="12346", challenge=True).challenge
        True
        >>> build_turn().has_thrown
        False
    """
    check_bool(challenge, "challenge")
    shown = _dice(dice, "dice")
    held = _dice(kept, "kept") or Dice()
    if throws is None:
        throws = 0 if shown is None else 1
    if type(throws) is not int or not 0 <= throws <= max_throws + saved:
        raise ImpossibleTurnError(f"throws used must be 0 to {max_throws + saved}, not {brief(throws)}", rule="throws")
    if shown is None or throws == 0:
        if shown is not None:
            raise ImpossibleTurnError(f"dice {shown} are showing but no throw was used", rule="throws")
        if throws:
            raise ImpossibleTurnError(f"{throws} throws used but no dice showing", rule="throws")
        if len(held) or challenge:
            raise ImpossibleTurnError("dice kept or a challenge before the first throw", rule="throws")
        return Turn.start(max_throws=max_throws, dice=dice_count, saved=saved)
    if len(shown) != dice_count:
        raise ImpossibleTurnError(f"{game} throws {dice_count} dice, not {len(shown)} ({shown})", rule="dice")
    if not held.issubset(shown):
        raise ImpossibleTurnError(f"kept {held} is not among the dice showing {shown}", rule="kept")
    if throws == 1 and len(held):
        raise ImpossibleTurnError(f"the first throw keeps nothing, not {held}", rule="kept")
    earlier = tuple(Throw(kept=Dice(), rolled=shown) for _ in range(throws - 1))
    last = Throw(kept=held, rolled=shown - held)
    turn = Turn(max_throws=max_throws, throws=(*earlier, last), challenge=challenge, dice_count=dice_count, saved=saved)
    check_turn(turn, max_throws=max_throws, challenge=True, dice_count=dice_count, game=game)
    return turn


def check_turn(
    turn: Turn, *, max_throws: int, challenge: bool = False, dice_count: int = NUM_DICE, game: str = "this game"
) -> None:
    """Raise `ImpossibleTurnError` unless some game can reach ``turn``.

    Args:
        turn: the turn to check.
        max_throws: the variant's throws per turn (a turn may add the stored throws it
            may spend, ``turn.saved``, in a game with saved throws).
        challenge: whether the variant knows challenges (Yam Master's *défi*).
        dice_count: how many dice the variant throws.
        game: the variant's name, for the messages.

    Examples:
        >>> from yamskit import Dice
        >>> bad = Turn(throws=(Throw(kept=Dice.parse("66"), rolled=Dice.parse("123")),))
        >>> check_turn(bad, max_throws=3)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        ImpossibleTurnError: throw 1 keeps 66, but the first throw keeps nothing
    """
    if turn.max_throws != max_throws:
        raise ImpossibleTurnError(
            f"this variant allows {max_throws} throws a turn, not {turn.max_throws}", rule="throws"
        )
    if turn.dice_count != dice_count:
        raise ImpossibleTurnError(f"{game} throws {dice_count} dice, not {turn.dice_count}", rule="dice")
    if len(turn.throws) > max_throws + turn.saved:
        have = f"{max_throws} and {turn.saved} saved" if turn.saved else str(max_throws)
        raise ImpossibleTurnError(f"{len(turn.throws)} throws used, but a turn has {have}", rule="throws")
    showing = Dice()
    for i, throw in enumerate(turn.throws, start=1):
        if len(throw.kept) + len(throw.rolled) != dice_count:
            raise ImpossibleTurnError(f"throw {i} shows {throw.dice}: {game} throws {dice_count} dice", rule="dice")
        if i == 1 and len(throw.kept):
            raise ImpossibleTurnError(f"throw 1 keeps {throw.kept}, but the first throw keeps nothing", rule="kept")
        if not throw.kept.issubset(showing):
            raise ImpossibleTurnError(
                f"throw {i} keeps {throw.kept}, not among the dice showing {showing}", rule="kept"
            )
        showing = throw.dice
    if turn.challenge:
        if not challenge:
            raise ImpossibleTurnError("this variant has no challenge to declare", rule="challenge")
        if not turn.throws:
            raise ImpossibleTurnError("a challenge is declared after the first throw, not before", rule="challenge")
        if len(turn.throws) >= 2 and len(turn.throws[1].kept) == dice_count:
            raise ImpossibleTurnError(
                "the throw after a challenge throws at least one die, but throw 2 keeps all of them", rule="challenge"
            )


def seat(players: tuple[str, ...], value: int | str, what: str = "current_player") -> int:
    """The index of a player given by index or name.

    Raises:
        ImpossibleTurnError: no such player.

    Examples:
        >>> seat(("Ann", "Bob"), "Bob"), seat(("Ann", "Bob"), 0)
        (1, 0)
    """
    if isinstance(value, str):
        if value in players:
            return players.index(value)
    elif type(value) is int and 0 <= value < len(players):
        return value
    raise ImpossibleTurnError(f"{what}: no player {brief(value)} among {', '.join(players)}", rule="seats")


def make_stream(seed: int | None, draws: int) -> DiceStream:
    """The dice stream of a position: ``seed`` (a fresh random one when ``None``) after ``draws`` faces.

    Raises:
        PositionArgumentError: a seed or a count that is not a whole number.
        ImpossibleTurnError: with rule ``stream``, a seed or a count out of range.

    Examples:
        >>> make_stream(7, 12)
        DiceStream(seed=7, draws=12)
    """
    for name, value in (("seed", seed), ("draws", draws)):
        if value is not None and type(value) is not int:
            raise PositionArgumentError(f"{name} must be a whole number, not {brief(value)}", rule="argument")
    try:
        return DiceStream(seed=new_stream(seed).seed, draws=draws)
    except YamskitError as error:
        raise ImpossibleTurnError(str(error), rule="stream") from None


def players_of(names: Any, low: int, high: int) -> tuple[str, ...]:
    """Check player names (strings, distinct, ``low`` to ``high`` of them) for a position.

    Raises:
        ImpossibleTurnError: with rule ``players``.
        PositionArgumentError: not a list of names.

    Examples:
        >>> players_of(["Ann", "Bob"], 2, 2)
        ('Ann', 'Bob')
    """
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise PositionArgumentError(f"players must be a list of names, not {brief(names)}", rule="argument")
    try:
        return check_players(list(names), minimum=low, maximum=high)
    except YamskitError as error:
        raise ImpossibleTurnError(str(error), rule="players") from None
    except (TypeError, ValueError) as error:
        raise PositionArgumentError(f"players: {error}", rule="argument") from None


def check_stream_of(stream: DiceStream) -> None:
    """Refuse a dice stream that has drawn more faces than any game draws (see `yamskit.state_checks`).

    Raises:
        ImpossibleTurnError: with rule ``stream``.

    Examples:
        >>> check_stream_of(DiceStream(seed=1, draws=40))
    """
    from ..state_checks import check_stream

    try:
        check_stream(stream, "stream")
    except YamskitError as error:
        raise ImpossibleTurnError(str(error), rule="stream") from None
