"""Keeping score for a game played with real dice: the faces come from the table, the rules from yamskit.

Players throw physical dice and say what they see; yamskit checks every throw
(the right number of dice, faces 1 to 6), applies it with the faces given, and
keeps every sheet, board or rack. `thrown` turns one throw into a `Roll`;
`keep_score` plays a whole game from two callbacks: ``decide`` picks each move
and ``faces`` reports each throw. ``yamskit play VARIANT --dice ask`` is the same
flow at a terminal prompt.

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    >>> game = game.apply(thrown(game, keep="", faces="66612"))
    >>> game = game.apply(thrown(game, keep="666", faces="64"))
    >>> game.dice
    Dice.parse('46666')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action, Roll
from .dice import NUM_DICE, Dice
from .errors import InvalidDiceError

__all__ = ["keep_score", "thrown"]


def thrown(state: Any, *, keep: Dice | str, faces: Dice | str | Any) -> Roll:
    """The `Roll` that keeps ``keep`` and throws the other dice, which showed ``faces``.

    Args:
        state: the game, at a point where its player may throw.
        keep: the dice kept from the previous throw (``""``: throw all five).
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
    """
    kept = keep if isinstance(keep, Dice) else Dice.parse(keep)
    shown = faces if isinstance(faces, Dice) else Dice.parse(faces) if isinstance(faces, str) else Dice.of(*faces)
    expected = NUM_DICE - len(kept)
    if len(shown) != expected:
        raise InvalidDiceError(
            f"{expected} dice were thrown, so give {expected} faces, not {len(shown)}: "
            f"{faces if isinstance(faces, str) else str(shown)!r}"
        )
    action = Roll(keep=kept, outcome=shown)
    state.check(action)
    return action


def keep_score(
    state: Any,
    *,
    decide: Callable[[Any], Action],
    faces: Callable[[Any, Dice], Dice | str],
    after: Callable[[Any], None] | None = None,
) -> Any:
    """Play ``state`` to its end with real dice: moves from ``decide``, the faces of each throw from ``faces``.

    Args:
        state: a new game (or one in progress), of any variant.
        decide: ``decide(state)`` returns the move of ``state.current_player``:
            any legal action. For a throw, return ``Roll(keep=...)`` without faces.
        faces: ``faces(state, keep)`` returns the faces the thrown dice show
            (``5 - len(keep)`` of them); checked by `thrown`.
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
        state = state.apply(action)
        if after is not None:
            after(state)
    return state
