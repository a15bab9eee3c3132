"""Actions: the frozen values a player hands to ``state.apply()``.

Every variant understands `Roll`; scorecard variants add `Score` and
`Scratch`; the board and chip variants use `Place`,
`RemoveToken`, `TakeChip`, `DeclareChallenge` and `Pass`.
Ids may be given as plain strings (ids or labels, see `yamskit.names`); dice may
be given as `Dice`, strings of digits or sequences of faces (`DiceLike`).

Examples:
    >>> from yamskit import Roll, Score, Dice
    >>> Roll(keep="33", outcome="165")
    Roll(keep=Dice.parse('33'), outcome=Dice.parse('156'))
    >>> Roll(keep=[6, 6]) == Roll(keep="66") == Roll(keep=Dice.of(6, 6))
    True
    >>> Score("full_house") == Score("full_house", None)
    True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any, TypeAlias

import attrs

from .dice import MAX_DICE, Dice
from .errors import DeserializationError, InvalidDiceError, UnknownActionError, YamskitError, brief

__all__ = [
    "Action",
    "DeclareChallenge",
    "DiceLike",
    "Pass",
    "Place",
    "RemoveToken",
    "Roll",
    "Score",
    "Scratch",
    "TakeChip",
    "action_from_data",
    "action_id",
    "action_to_data",
    "to_dice",
]


#: What yamskit accepts wherever it takes dice: `Dice`, a string of digits
#: (``"33325"``) or a sequence of faces (``[3, 3, 3, 2, 5]``).
DiceLike: TypeAlias = Dice | str | Iterable[int]


def to_dice(value: DiceLike) -> Dice:
    """``value`` as `Dice`: dice as they are, a string parsed, a sequence of faces sorted.

    Raises:
        InvalidDiceError: a face outside 1-6, more than eight dice, a malformed string.

    Examples:
        >>> to_dice([5, 3, 3]), to_dice("335"), to_dice((6,))
        (Dice.parse('335'), Dice.parse('335'), Dice.parse('6'))
    """
    if isinstance(value, Dice):
        return value
    if isinstance(value, str):
        return Dice.parse(value)
    if isinstance(value, Iterable) and not isinstance(value, (bytes, dict)):
        return Dice(itertools.islice(value, MAX_DICE + 1))  # more than eight are refused, never read on
    raise InvalidDiceError(f"dice are Dice, a string of digits or a sequence of faces, not {brief(value)}")


def _to_dice(value: DiceLike) -> Dice:
    return to_dice(value)


def _to_optional_dice(value: DiceLike | None) -> Dice | None:
    return None if value is None else to_dice(value)


def _to_cell(value: tuple[int, int] | list[int]) -> tuple[int, int]:
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(type(i) is int for i in value):
        return (value[0], value[1])
    raise UnknownActionError(f"a cell is a (row, column) pair of integers, not {brief(value)}")


def _box_text(verb: str, row: str, column: str | None) -> str:
    return f"{verb} {row}" + (f" {column}" if column is not None else "")


@attrs.frozen(cache_hash=True)
class Roll:
    """Throw every die except ``keep``; ``outcome`` gives the thrown faces, or ``None`` to draw them.

    With ``outcome=None`` the faces come from the game's seeded stream; with explicit
    faces (physical dice, a record, a solver) the stream is not used. Both take any
    `DiceLike`: `Dice`, ``"66"`` or ``[6, 6]``.

    Examples:
        >>> Roll()  # the first throw of a turn: all five dice, faces from the seed
        Roll(keep=Dice.parse(''), outcome=None)
        >>> Roll(keep=[6, 6], outcome=(1, 2, 3))
        Roll(keep=Dice.parse('66'), outcome=Dice.parse('123'))
    """

    keep: Dice = attrs.field(default=Dice(), converter=_to_dice)
    outcome: Dice | None = attrs.field(default=None, converter=_to_optional_dice)

    def __str__(self) -> str:
        """The canonical text: ``roll``, ``keep 55 roll``, ``roll 12345``, ``keep 55 roll 123``.

        Examples:
            >>> str(Roll()), str(Roll(keep="55")), str(Roll(keep="55", outcome="312"))
            ('roll', 'keep 55 roll', 'keep 55 roll 123')
            >>> str(Roll(keep="66666", outcome=""))
            'keep 66666 roll -'
        """
        kept = f"keep {self.keep} " if len(self.keep) else ""
        if self.outcome is None:
            return f"{kept}roll"
        return f"{kept}roll {self.outcome or '-'}"  # ``-``: no die thrown (all five kept)


@attrs.frozen(cache_hash=True)
class Score:
    """Write the dice's value for ``row`` in ``column`` (``None`` on a one-column sheet).

    Examples:
        >>> Score("yams", "dry")
        Score(row='yams', column='dry')
    """

    row: str
    column: str | None = None

    def __str__(self) -> str:
        """The canonical text: ``score ROW`` or ``score ROW COLUMN``, with the ids.

        Examples:
            >>> str(Score("full_house", "down")), str(Score("chance"))
            ('score full_house down', 'score chance')
        """
        return _box_text("score", self.row, self.column)


@attrs.frozen(cache_hash=True)
class Scratch:
    """Cross out the box ``row`` in ``column`` (it counts 0).

    Examples:
        >>> Scratch("yams")
        Scratch(row='yams', column=None)
    """

    row: str
    column: str | None = None

    def __str__(self) -> str:
        """The canonical text: ``scratch ROW`` or ``scratch ROW COLUMN``, with the ids.

        Examples:
            >>> str(Scratch("yams")), str(Scratch("yams", "dry"))
            ('scratch yams', 'scratch yams dry')
        """
        return _box_text("scratch", self.row, self.column)


@attrs.frozen(cache_hash=True)
class Pass:
    """End the turn without placing anything (where the variant allows it).

    Examples:
        >>> Pass()
        Pass()
    """

    def __str__(self) -> str:
        """The canonical text: ``pass``."""
        return "pass"


@attrs.frozen(cache_hash=True)
class DeclareChallenge:
    """Declare a challenge (a *défi*) between the first and the second throw.

    Examples:
        >>> DeclareChallenge()
        DeclareChallenge()
    """

    def __str__(self) -> str:
        """The canonical text: ``challenge``."""
        return "challenge"


@attrs.frozen(cache_hash=True)
class Place:
    """Put a token on the board cell ``(row, col)``, counted from the top left.

    Examples:
        >>> Place((2, 2))
        Place(cell=(2, 2))
    """

    cell: tuple[int, int] = attrs.field(converter=_to_cell)

    def __str__(self) -> str:
        """The canonical text: ``place ROW,COL`` (counted from 0 at the top left, as the board is drawn).

        Examples:
            >>> str(Place((2, 3)))
            'place 2,3'
        """
        return f"place {self.cell[0]},{self.cell[1]}"


@attrs.frozen(cache_hash=True)
class RemoveToken:
    """Take an opponent's token off the board cell ``(row, col)``.

    Examples:
        >>> RemoveToken((0, 4))
        RemoveToken(cell=(0, 4))
    """

    cell: tuple[int, int] = attrs.field(converter=_to_cell)

    def __str__(self) -> str:
        """The canonical text: ``remove ROW,COL``.

        Examples:
            >>> str(RemoveToken((0, 4)))
            'remove 0,4'
        """
        return f"remove {self.cell[0]},{self.cell[1]}"


@attrs.frozen(cache_hash=True)
class TakeChip:
    """Take a chip of ``kind``; ``from_discard`` takes it from the discard pile (a Yamslam only).

    Examples:
        >>> TakeChip("full_house")
        TakeChip(kind='full_house', from_discard=False)
    """

    kind: str
    from_discard: bool = False

    def __str__(self) -> str:
        """The canonical text: ``take KIND`` or ``take KIND from discard``.

        Examples:
            >>> str(TakeChip("flush")), str(TakeChip("flush", from_discard=True))
            ('take flush', 'take flush from discard')
        """
        return f"take {self.kind}" + (" from discard" if self.from_discard else "")


Action: TypeAlias = Roll | Score | Scratch | Pass | DeclareChallenge | Place | RemoveToken | TakeChip

_TYPES: dict[str, type[Any]] = {
    "roll": Roll,
    "score": Score,
    "scratch": Scratch,
    "pass": Pass,
    "declare_challenge": DeclareChallenge,
    "place": Place,
    "remove_token": RemoveToken,
    "take_chip": TakeChip,
}
_NAMES = {cls: name for name, cls in _TYPES.items()}


def action_to_data(action: Action) -> dict[str, Any]:
    """A JSON-ready dict for an action: ``{"type": ..., fields...}``.

    Examples:
        >>> action_to_data(Roll(keep="33", outcome="126"))
        {'type': 'roll', 'keep': '33', 'outcome': '126'}
    """
    data: dict[str, Any] = {"type": _NAMES[type(action)]}
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        if isinstance(value, Dice):
            value = str(value)
        elif isinstance(value, tuple):
            value = list(value)
        data[field.name] = value
    return data


def _expect(data: dict[str, Any], name: str, kind: type, optional: bool = False) -> Any:
    if name not in data:
        if optional:
            return None
        raise DeserializationError(f"action {brief(data.get('type'))} is missing its field {brief(name)}")
    value = data[name]
    if value is None and optional:
        return None
    if kind is int:
        ok = type(value) is int
    elif kind is bool:
        ok = type(value) is bool
    else:
        ok = isinstance(value, kind)
    if not ok:
        raise DeserializationError(f"action field {brief(name)} must be {kind.__name__}, not {brief(value)}")
    return value


def action_from_data(data: object) -> Action:
    """The action a dict from `action_to_data` describes; validates every field.

    Raises:
        DeserializationError: unknown type, missing or extra field, wrong field type,
            malformed dice.

    Examples:
        >>> action_from_data({"type": "score", "row": "chance", "column": None})
        Score(row='chance', column=None)
    """
    if not isinstance(data, dict):
        raise DeserializationError(f"an action must be a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    cls = _TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise DeserializationError(f"unknown action type {brief(kind)}; known: {', '.join(sorted(_TYPES))}")
    names = {f.name for f in attrs.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise DeserializationError(f"action {brief(kind)} has unknown fields: {', '.join(sorted(map(str, extra)))}")
    try:
        if cls is Roll:
            keep = _expect(data, "keep", str, optional=True)
            outcome = _expect(data, "outcome", str, optional=True)
            return Roll(keep=keep or "", outcome=outcome)
        if cls in (Score, Scratch):
            row = _expect(data, "row", str)
            column = _expect(data, "column", str, optional=True)
            return cls(row, column)  # type: ignore[no-any-return]
        if cls in (Place, RemoveToken):
            cell = _expect(data, "cell", list)
            if len(cell) != 2 or any(type(v) is not int or not 0 <= v < 100 for v in cell):
                raise DeserializationError(f"a board cell must be [row, col], not {brief(cell)}")
            return cls((cell[0], cell[1]))  # type: ignore[no-any-return]
        if cls is TakeChip:
            chip = _expect(data, "kind", str)
            from_discard = _expect(data, "from_discard", bool, optional=True)
            return TakeChip(chip, bool(from_discard))
        return cls()  # type: ignore[no-any-return]
    except DeserializationError:
        raise
    except YamskitError as error:
        raise DeserializationError(f"bad action {brief(kind)}: {error}") from error


def action_id(action: Action) -> str:
    """The short text naming an action at the ``yamskit play`` prompt.

    Examples:
        >>> action_id(Roll()), action_id(Roll(keep="33")), action_id(Score("chance"))
        ('roll', 'keep 33', 'score chance')
        >>> action_id(Place((2, 3))), action_id(TakeChip("yams", from_discard=True))
        ('place 2,3', 'take yams discard')
    """
    if isinstance(action, Roll):
        return f"keep {action.keep}" if len(action.keep) else "roll"
    if isinstance(action, (Score, Scratch)):
        kind = "score" if isinstance(action, Score) else "scratch"
        return f"{kind} {action.row}" + (f" {action.column}" if action.column is not None else "")
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, DeclareChallenge):
        return "challenge"
    if isinstance(action, (Place, RemoveToken)):
        kind = "place" if isinstance(action, Place) else "remove"
        return f"{kind} {action.cell[0]},{action.cell[1]}"
    if isinstance(action, TakeChip):
        return f"take {action.kind}" + (" discard" if action.from_discard else "")
    return repr(action)  # pragma: no cover - every action type is listed above
