"""The exception hierarchy.

Every error yamskit raises on purpose is a `YamskitError`, which is also a
`ValueError` (as in python-chess), so callers may catch either. Rule breaks
raise a subclass of `IllegalActionError` whose message names the rule.

Examples:
    >>> import yamskit
    >>> try:
    ...     yamskit.Dice.parse("33327")
    ... except yamskit.InvalidDiceError as error:
    ...     print(error)
    invalid face '7' in '33327': faces are 1 to 6
"""

from __future__ import annotations

__all__ = [
    "ECHO_LIMIT",
    "ActionIdError",
    "ActionIdTypeError",
    "ClosedBoxError",
    "ColumnConditionError",
    "ConstraintError",
    "DeserializationError",
    "DiceCountError",
    "DiceMismatchError",
    "FillOrderError",
    "GameOverError",
    "IllegalActionError",
    "InvalidDiceError",
    "JokerRuleError",
    "KeepError",
    "MustRollFirstError",
    "NotYourTurnError",
    "NotationError",
    "OccupiedError",
    "RenderModeError",
    "RuleConfigError",
    "RulesMismatchError",
    "ThrowLimitError",
    "ThrowOutcomeError",
    "UnknownActionError",
    "YamskitError",
    "brief",
    "game_over_error",
]


class YamskitError(ValueError):
    """Base class of every error yamskit raises on purpose.

    Examples:
        >>> issubclass(YamskitError, ValueError)
        True
    """


class InvalidDiceError(YamskitError):
    """Dice that cannot exist: a face outside 1-6, too many dice, a malformed string.

    Examples:
        >>> from yamskit import Dice
        >>> Dice.parse("0") # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        yamskit.errors.InvalidDiceError: ...
    """


class RuleConfigError(YamskitError):
    """An unknown variant name, an unknown option, or an option value out of range.

    Examples:
        >>> import yamskit
        >>> yamskit.variant("classic", joker="sometimes") # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        yamskit.errors.RuleConfigError: ...
    """


class RulesMismatchError(RuleConfigError):
    """A strategy (or a saved table) of `yamskit.solver` used with a variant whose rules differ from the solved ones.

    Examples:
        >>> issubclass(RulesMismatchError, RuleConfigError)
        True
    """


class DeserializationError(YamskitError):
    """JSON (a saved game, a record) that is malformed or describes an impossible state.

    Examples:
        >>> import yamskit
        >>> yamskit.load_game("{not json") # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        yamskit.errors.DeserializationError: ...
    """


class NotationError(DeserializationError):
    """A position notation that cannot be read: a missing or malformed field.

    Values that are well formed but that no game can reach raise a
    `yamskit.position.PositionError` instead.

    Examples:
        >>> import yamskit
        >>> try:
        ...     yamskit.variant("classic").from_notation("classic Ann")
        ... except NotationError as error:
        ...     print(error)
        a classic notation has 6 or 7 fields (HEAD PLAYERS SHEETS SEATS TURN STREAM [WEIGHTS]), not 2
    """


class IllegalActionError(YamskitError):
    """An action the rules do not allow in this state; the state is left unchanged.

    Every more specific rule break below subclasses this one.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
        >>> game.apply(yamskit.Score("chance")) # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        yamskit.errors.MustRollFirstError: ...
    """


class NotYourTurnError(IllegalActionError):
    """The action was made on behalf of a player whose turn it is not.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1)
        >>> try:
        ...     g.apply(yamskit.Roll(), player="Bob")
        ... except NotYourTurnError as error:
        ...     print(error)
        it is Ann's turn, not Bob's
    """


class GameOverError(IllegalActionError):
    """The game is over; no action applies any more.

    Examples:
        >>> import yamskit
        >>> from yamskit.bots import GreedyPlayer, play
        >>> g = play(yamskit.variant("classic").new_game(seed=1), [GreedyPlayer()])
        >>> try:
        ...     g.apply(yamskit.Roll())
        ... except GameOverError as error:
        ...     print(error)
        the game between Player 1 is over: no action applies
    """


class ThrowLimitError(IllegalActionError):
    """A throw beyond the number of throws the turn (or the column) allows.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=1)
        >>> for _ in range(3):
        ...     g = g.apply(yamskit.Roll())
        >>> try:
        ...     g.apply(yamskit.Roll())
        ... except ThrowLimitError as error:
        ...     print(error)
        no throw left: this turn allows 3 throws
    """


class KeepError(IllegalActionError):
    """Dice kept that are not among the dice showing (or kept on the first throw).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
        >>> try:
        ...     g.apply(yamskit.Roll(keep="66"))
        ... except KeepError as error:
        ...     print(error)
        cannot keep 66: the dice showing are 12345
    """


class MustRollFirstError(IllegalActionError):
    """A placement, or another action that needs dice, before the first throw.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
        >>> try:
        ...     g.apply(yamskit.Score("chance"))
        ... except MustRollFirstError as error:
        ...     print(error)
        Ann must throw the dice before placing
    """


class OccupiedError(IllegalActionError):
    """A box (or board cell) that is already filled.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="12345")).apply(yamskit.Score("chance"))
        >>> try:
        ...     g.apply(yamskit.Roll(outcome="12345")).apply(yamskit.Score("chance"))
        ... except OccupiedError as error:
        ...     print(error)
        box 'chance' of column 'main' is already filled
    """


class FillOrderError(IllegalActionError):
    """A box the column's fill order does not allow yet (down, up, mid, connected...).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("challenge").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
        >>> try:
        ...     g.apply(yamskit.Score("sixes", "descending"))
        ... except FillOrderError as error:
        ...     print(error)
        column 'down' fills top to bottom: 'sixes' is not next (next: ones)
    """


class ColumnConditionError(IllegalActionError):
    """A column whose turn condition the turn does not meet (dry, turbo...).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("challenge").new_game(seed=1).apply(yamskit.Roll(outcome="12346"))
        >>> g = g.apply(yamskit.Roll(keep="1234", outcome="5"))
        >>> try:
        ...     g.apply(yamskit.Score("large_straight", "dry"))
        ... except ColumnConditionError as error:
        ...     print(error)
        column 'dry': the dice must come from one throw of all five dice
    """


class ConstraintError(IllegalActionError):
    """A value that breaks a constraint between boxes (for example plus > minus).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("challenge").new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("minus", "disorder"))
        >>> g = g.apply(yamskit.Roll(outcome="11111"))
        >>> try:
        ...     g.apply(yamskit.Score("plus", "disorder"))
        ... except ConstraintError as error:
        ...     print(error)
        plus (5) must be greater than minus (30) in column 'disorder'
    """


class ClosedBoxError(IllegalActionError):
    """A box that opens only once another holds points, scored before (Generala's doble generala).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("generala").new_game(seed=1).apply(yamskit.Roll(outcome="66666"))
        >>> try:
        ...     g.apply(yamskit.Score("doble_generala"))
        ... except ClosedBoxError as error:
        ...     print(error)
        OpensAfter('doble_generala', 'generala'): the box 'doble_generala' opens only once 'generala' holds points
    """


class UnknownActionError(IllegalActionError):
    """An action this variant does not know, or a row, column or chip id it does not have.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll())
        >>> try:
        ...     g.apply(yamskit.Score("bonus"))
        ... except UnknownActionError as error:
        ...     print(str(error).split(";")[0])
        unknown row 'bonus'
    """


class JokerRuleError(IllegalActionError):
    """A box the joker rule does not allow for this five of a kind (classic's ``joker="forced"``).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yahtzee").new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="44444")).apply(yamskit.Score("yams"))
        >>> g = g.apply(yamskit.Roll(outcome="44444"))
        >>> try:
        ...     g.apply(yamskit.Score("chance"))
        ... except JokerRuleError as error:
        ...     print(error)
        joker (forced): a five of a kind of 4s must go in 'fours'
    """


class ThrowOutcomeError(IllegalActionError, InvalidDiceError):
    """Faces given for a throw that do not match the number of dice thrown.

    It is both an illegal action and invalid dice, so either ``except`` catches it.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=1)
        >>> try:
        ...     g.apply(yamskit.Roll(outcome="123"))
        ... except InvalidDiceError as error:
        ...     print(type(error).__name__, "-", error)
        ThrowOutcomeError - the throw shows 3 dice (123) but 5 were thrown (keeping 0)
    """


class DiceCountError(ThrowOutcomeError):
    """More dice than the game throws: a sixth die kept or thrown in a game of five dice.

    `yamskit.Dice` holds up to eight dice (the most a game may throw); a game refuses dice
    beyond its own count with this error, naming that count. It is a `ThrowOutcomeError`, so
    both an illegal action and invalid dice.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=1)
        >>> try:
        ...     g.apply(yamskit.Roll(outcome="123456"))
        ... except InvalidDiceError as error:
        ...     print(type(error).__name__, "-", error)
        DiceCountError - classic throws 5 dice, not 6 (123456)
    """


class DiceMismatchError(IllegalActionError):
    """Strict dice: a recorded throw differs from what the record's seed throws.

    Raised (and reported by `yamskit.check_record`) only with ``strict_dice=True``,
    for servers that roll the dice themselves and accept no other faces.

    Examples:
        >>> import yamskit
        >>> rec = yamskit.GameRecord("classic", seed=1, moves=(yamskit.Move(0, yamskit.Roll(outcome="66666")),))
        >>> yamskit.check_record(rec, strict_dice=True).error_type
        'DiceMismatchError'
    """


class ActionIdError(UnknownActionError):
    """An action id outside the variant's action space (``0`` to ``len(variant.actions) - 1``).

    The learning adapters of `yamskit.rl` take exactly integer ids in range (see
    `yamskit.rl.ids`); the game is left unchanged.

    Examples:
        >>> issubclass(ActionIdError, IllegalActionError), issubclass(ActionIdError, ValueError)
        (True, True)
    """


class ActionIdTypeError(ActionIdError, TypeError):
    """An action id that is not an integer: a float (even ``1.0``), a string, a bool, ``None``...

    Both an `ActionIdError` and a `TypeError`, as Python raises for a list index of the wrong type.

    Examples:
        >>> issubclass(ActionIdTypeError, TypeError), issubclass(ActionIdTypeError, ActionIdError)
        (True, True)
    """


class RenderModeError(RuleConfigError, TypeError):
    """A render mode the learning adapters do not offer (they offer ``None``, ``"ansi"`` and ``"human"``).

    A `RuleConfigError` and a `TypeError`: a library asking for a picture the env cannot
    draw (Stable-Baselines3's ``make_vec_env`` asks for ``"rgb_array"`` first) falls back
    to no render mode, as it does for an env that takes no ``render_mode`` at all.

    Examples:
        >>> issubclass(RenderModeError, TypeError), issubclass(RenderModeError, RuleConfigError)
        (True, True)
    """


def game_over_error(players: tuple[str, ...]) -> GameOverError:
    """The error every action meets once the game between ``players`` is over.

    Examples:
        >>> game_over_error(("Ann", "Bob"))
        GameOverError('the game between Ann, Bob is over: no action applies')
    """
    return GameOverError(f"the game between {', '.join(players)} is over: no action applies")


#: How many characters of a value an error message repeats; `brief` cuts the rest.
ECHO_LIMIT = 60


def brief(value: object, *, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` as an error message repeats it: at most ``limit`` characters, then the length cut.

    A message names the value it refuses, but a value can be megabytes long (a name read from
    a file, a command-line option); the message keeps its head and says how long it was. A
    string is cut before it is quoted, so a long one costs no more than a short one.

    Examples:
        >>> brief("12a45")
        "'12a45'"
        >>> brief("x" * 1000, limit=10)
        "'xxxxxxxxxx'... (1000 characters)"
        >>> brief(list(range(100)), limit=12)
        '[0, 1, 2, 3,... (390 characters)'
    """
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else f"{value[:limit]!r}... ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"
