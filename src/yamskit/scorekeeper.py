"""Keeping score for a game played with real dice: the faces come from the table, the rules from yamskit.

Players throw physical dice and say what they see; yamskit checks every throw
(the right number of dice, faces 1 to 6), applies it with the faces given, and
keeps every sheet, board or rack. `thrown` turns one throw into a `Roll`;
`keep_score` plays a whole game from two callbacks: ``decide`` picks each move
and ``faces`` reports each throw; `roll_off` settles who starts from the players'
own throws. ``yamskit play VARIANT --dice ask`` is the same flow at a terminal
prompt: it asks who starts (a name, a seat, or a roll-off) unless
``-o first_player=...`` says it.

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    >>> game = game.apply(thrown(game, keep="", faces="66612"))
    >>> game = game.apply(thrown(game, keep="666", faces="64"))
    >>> game.dice
    Dice.parse('46666')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import attrs

from .actions import Action, Roll
from .dice import NUM_DICE, Dice
from .errors import InvalidDiceError, brief
from .game import GameState

__all__ = ["RollOff", "dice_count", "example_faces", "keep_score", "read_throw", "roll_off", "thrown"]

_State = TypeVar("_State", bound=GameState)


@attrs.frozen
class RollOff:
    """A roll-off thrown with real dice: who starts, and every throw in order.

    Attributes:
        first: the seat of the player who starts.
        throws: ``(seat, dice)`` of every throw, in the order thrown (ties throw again).

    Examples:
        >>> RollOff(1, ((0, Dice.parse("3")), (1, Dice.parse("5")))).first
        1
    """

    first: int
    throws: tuple[tuple[int, Dice], ...]


def roll_off(players: Sequence[str], faces: Callable[[int, int], Dice | str], *, dice: int = NUM_DICE) -> RollOff:
    """Who starts, from real dice: each player throws ``dice`` dice, the highest sum starts, tied leaders throw again.

    This is the roll-off ``new_game(first_player="roll_off")`` draws from the seed, thrown
    at the table instead: five dice for the scorecard games and Yam Master, one die for
    Yamslam (its variant says so in ``roll_off_dice``).

    Args:
        players: the names, in seat order.
        faces: ``faces(seat, dice)`` returns the faces that player threw (checked: one
            face 1-6 per die; raise or return again to let a player correct a typo).
        dice: the dice each player throws.

    Raises:
        InvalidDiceError: faces that are not ``dice`` faces from 1 to 6.

    Examples:
        >>> table = iter(["4", "6", "6", "2", "5"])
        >>> result = roll_off(["Ann", "Bob", "Cy"], lambda seat, n: next(table), dice=1)
        >>> result.first, [(seat, str(d)) for seat, d in result.throws]
        (2, [(0, '4'), (1, '6'), (2, '6'), (1, '2'), (2, '5')])
    """
    contenders = list(range(len(players)))
    throws: list[tuple[int, Dice]] = []
    while len(contenders) > 1:
        sums = []
        for seat in contenders:
            shown = faces(seat, dice)
            thrown_dice = shown if isinstance(shown, Dice) else Dice.parse(shown)
            if len(thrown_dice) != dice:
                raise InvalidDiceError(f"a roll-off throw is {dice} dice, not {len(thrown_dice)} ({thrown_dice})")
            throws.append((seat, thrown_dice))
            sums.append(thrown_dice.total)
        best = max(sums)
        contenders = [seat for seat, total in zip(contenders, sums, strict=True) if total == best]
    return RollOff(contenders[0] if contenders else 0, tuple(throws))


def dice_count(state: GameState) -> int:
    """How many dice a throw of ``state``'s game shows in all: its turn's count (three for Crag), else five.

    Examples:
        >>> import yamskit
        >>> crag, classic = yamskit.variant("crag"), yamskit.variant("classic")
        >>> dice_count(crag.new_game(seed=1)), dice_count(classic.new_game(seed=1))
        (3, 5)
    """
    count = getattr(getattr(state, "turn", None), "dice_count", NUM_DICE)
    return count if type(count) is int else NUM_DICE


def example_faces(count: int) -> str:
    """Faces to show in a prompt for a throw of ``count`` dice: ``12345`` for five, ``123`` for three.

    Examples:
        >>> example_faces(5), example_faces(3), example_faces(8)
        ('12345', '123', '12345612')
    """
    return ("123456" * 2)[:count]


def thrown(state: GameState, *, keep: Dice | str, faces: Dice | str | Any) -> Roll:
    """The `Roll` that keeps ``keep`` and throws the other dice, which showed ``faces``.

    Args:
        state: the game, at a point where its player may throw.
        keep: the dice kept from the previous throw (``""``: throw all the dice, five or
            the game's own count).
        faces: the faces the thrown dice show, as read from the table (``"352"``,
            ``Dice.of(3, 5, 2)``, or any iterable of faces); one per thrown die.

    Raises:
        InvalidDiceError: a face outside 1-6, or not one face per thrown die.
        IllegalActionError: ``state`` does not allow this throw (`state.check`).

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("classic").new_game(seed=1)
        >>> thrown(game, keep="", faces="52163")
        Roll(keep=Dice.parse(''), outcome=Dice.parse('12356'))
        >>> thrown(game, keep="", faces="5216")
        Traceback (most recent call last):
        ...
        yamskit.errors.InvalidDiceError: 5 dice were thrown, so give 5 faces, not 4: '5216'
        >>> thrown(yamskit.variant("crag").new_game(seed=1), keep="", faces="5216")
        Traceback (most recent call last):
        ...
        yamskit.errors.InvalidDiceError: 3 dice were thrown, so give 3 faces, not 4: '5216'
    """
    kept = keep if isinstance(keep, Dice) else Dice.parse(keep)
    shown = faces if isinstance(faces, Dice) else Dice.parse(faces) if isinstance(faces, str) else Dice.of(*faces)
    expected = dice_count(state) - len(kept)
    if len(shown) != expected:
        raise InvalidDiceError(
            f"{expected} dice were thrown, so give {expected} faces, not {len(shown)}: "
            f"{brief(faces if isinstance(faces, str) else str(shown))}"
        )
    action = Roll(keep=kept, outcome=shown)
    state.check(action)
    return action


#: Words that may stand between the kept dice and the faces thrown: ``keep 55 roll 123``, ``55 kept, rolled 123``.
_THROW_WORDS = frozenset({"roll", "rolled", "throw", "threw", "thrown"})


def read_throw(state: GameState, text: str) -> Roll | None:
    """The throw one line of a table's report names, checked; ``None`` when the line names no throw.

    A throw is told in one line, faces as digits (spaces and commas allowed):

    * ``12345`` or ``roll 12345``: the faces of all five dice (all three in Crag: the
      game's own count; the first throw of a turn, or a later throw that takes every die back);
    * ``keep 55 roll 123`` (``roll`` may also be ``rolled``, ``throw``, ``threw``):
      the dice kept, then the faces of the others; the word between them is needed
      (``keep 55 123`` is refused: it could be two kept dice or five);
    * ``55 kept, rolled 123``: the same, kept dice first.

    A line that starts with a digit is always a throw, so it is never read as
    anything else (a box or a menu number); a line that starts with a word other
    than ``keep``, ``roll`` (and the like) or digits followed by ``kept`` is not a
    throw (``None``).

    Args:
        state: the game, at a point where its player may throw.
        text: the line.

    Raises:
        InvalidDiceError: a face outside 1-6, no faces, or not one face per thrown die.
        IllegalActionError: ``state`` does not allow this throw (kept dice that are
            not among the dice, no throw left: `state.check`).

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("classic").new_game(seed=1)
        >>> read_throw(game, "3")  # one face: refused (never a menu number)
        Traceback (most recent call last):
        ...
        yamskit.errors.InvalidDiceError: 5 dice were thrown, so give 5 faces, not 1: '3'
        >>> game = game.apply(read_throw(game, "14 5 5 2"))
        >>> read_throw(game, "keep 55 roll 123")
        Roll(keep=Dice.parse('55'), outcome=Dice.parse('123'))
        >>> read_throw(game, "55 kept, rolled 123") == read_throw(game, "keep 55 roll 123")
        True
        >>> read_throw(game, "score chance") is None
        True
    """
    words = text.lower().replace(",", " ").split()
    if not words:
        return None
    if words[0] in _THROW_WORDS:
        kept, rest = "", words[1:]
    elif words[0] == "keep":
        at = next((i for i, word in enumerate(words) if word in _THROW_WORDS), len(words))
        if at == len(words) and len(words) > 2:
            raise InvalidDiceError(
                f"say roll between the dice kept and the faces thrown: keep 55 roll 123, not {brief(text)}"
            )
        kept, rest = "".join(words[1:at]), words[at + 1 :]
    elif "kept" in words and all(word.isdigit() for word in words[: words.index("kept")]):
        at = words.index("kept")
        kept, rest = "".join(words[:at]), words[at + 1 :]
        rest = rest[1:] if rest and rest[0] in _THROW_WORDS else rest
    elif words[0][0].isdigit():
        kept, rest = "", words
    else:
        return None
    faces = "".join(rest)
    count = dice_count(state) - len(kept)
    if not faces and count:
        example = "35216123"[:count]
        raise InvalidDiceError(
            f"say what the {count} thrown dice show: {'keep ' + kept + ' roll ' if kept else ''}{example}"
        )
    return thrown(state, keep=kept, faces=faces)


def keep_score(
    state: _State,
    *,
    decide: Callable[[_State], Action],
    faces: Callable[[_State, Dice], Dice | str],
    after: Callable[[_State], None] | None = None,
) -> _State:
    """Play ``state`` to its end with real dice: moves from ``decide``, the faces of each throw from ``faces``.

    Args:
        state: a new game (or one in progress), of any variant.
        decide: ``decide(state)`` returns the move of ``state.current_player``:
            any legal action. For a throw, return ``Roll(keep=...)`` without faces.
        faces: ``faces(state, keep)`` returns the faces the thrown dice show
            (``5 - len(keep)`` of them, or the game's own count less the kept dice);
            checked by `thrown`.
        after: called with the new state after every move (to save the record
            as the game goes, or to redraw a sheet).

    Returns:
        The finished game.

    Raises:
        InvalidDiceError: ``faces`` gave faces that cannot be (the state is unchanged;
            catch it and ask again to let players correct a typo).
        IllegalActionError: ``decide`` returned an illegal move.

    Examples:
        >>> import yamskit
        >>> from yamskit import Roll, Score
        >>> table = iter(["22555", "11111", "12345"])  # what the dice showed
        >>> mini = yamskit.ScorecardVariant.define(
        ...     "mini", rows=[yamskit.categories.Category("chance", yamskit.categories.total)]
        ... )
        >>> game = mini.new_game(players=["Ann", "Bob"], seed=1)
        >>> def decide(state):
        ...     return Score("chance") if state.turn.has_thrown else Roll()
        >>> done = keep_score(game, decide=decide, faces=lambda state, keep: next(table))
        >>> done.result().scores
        (19, 5)
    """
    while not state.is_over:
        action = decide(state)
        if isinstance(action, Roll) and action.outcome is None:
            action = thrown(state, keep=action.keep, faces=faces(state, action.keep))
        state = cast(_State, state.apply(action))  # each state's apply keeps its type
        if after is not None:
            after(state)
    return state
