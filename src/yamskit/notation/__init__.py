"""Position notation: any game state of any variant as one line of text, and back.

Like chess's FEN, a notation says where a game stands, not how it got there: it
carries everything that decides the future (sheets, board, chips, whose turn, the
turn's throws, the seeded dice stream, per-game setup and counters), so a state read
back from its notation is equal to the original except for ``history``, which is
empty, and continuing both with the same actions gives equal states, seeded throws
included. The first field names the variant and its options, so a notation can be
read without knowing the variant (`from_notation`).

Fields are separated by single spaces::

    classic      HEAD PLAYERS SHEETS SEATS TURN STREAM [WEIGHTS]
    yam-master   HEAD PLAYERS BOARD OUT SEATS TURN STREAM TURNS
    yamslam      HEAD PLAYERS COLLECTIONS DISCARD SEATS TURN STREAM FLAGS

This package holds what every notation shares: the grammar of the shared fields
(`yamskit.notation.grammar`) and the dispatch. Each variant family writes and reads its
own fields (``yamskit.scorecard.notation``, ``yamskit.variants.yam_master.notation``,
``yamskit.variants.yamslam.notation``) through the state's ``to_notation()`` and the
variant's ``from_notation(text)``, so a plug-in family plugs in its own notation by
offering those two methods. Reading checks the position with
`yamskit.position.check_reachable`: malformed text raises `NotationError`, well-formed
values no game can reach a `yamskit.position.PositionError`.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=7)
    >>> g = g.apply(yamskit.Roll(outcome="66612")).apply(yamskit.Score("sixes"))
    >>> g = g.apply(yamskit.Roll()).apply(yamskit.Roll(keep="55"))
    >>> text = to_notation(g)
    >>> text
    'classic Ann,Bob ,,,,,18,,,,,,,/,,,,,,,,,,,, 1:0 24556,55+134 7:8'
    >>> back = from_notation(text)
    >>> back.history, back.sheets == g.sheets, back.turn == g.turn, back.stream == g.stream
    ((), True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..errors import NotationError, brief
from ..game import GameState, Variant
from ..position import check_reachable
from .grammar import resolve_variant

__all__ = ["MAX_LENGTH", "NotationError", "from_notation", "read_position", "split_fields", "to_notation"]

#: The longest notation read, in characters.
MAX_LENGTH = 20_000
_State = TypeVar("_State", bound=GameState)


def to_notation(state: GameState) -> str:
    """The one-line notation of ``state`` (its ``to_notation()``).

    Raises:
        TypeError: a state whose variant has no position notation.

    Examples:
        >>> import yamskit
        >>> to_notation(yamskit.variant("yam-master", removed="out").new_game(players=["Ann", "Bob"], seed=2))
        'yam-master(removed=out) Ann,Bob ...../...../...../...../..... 0,0 0:0 - 2:0 0'
    """
    write = getattr(state, "to_notation", None)
    if not callable(write):
        raise TypeError(f"no position notation for {type(state).__name__}")
    text: str = write()
    return text


def split_fields(text: str) -> list[str]:
    """The space-separated fields of a notation, after checking its type and length.

    Raises:
        NotationError: not a string, longer than `MAX_LENGTH`, or empty.

    Examples:
        >>> split_fields(" classic Ann ,,,,,,,,,,,, 0:0 - 3:0 ")[:2]
        ['classic', 'Ann']
    """
    if not isinstance(text, str):
        raise NotationError(f"a notation is a string, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a notation of {len(text)} characters is longer than {MAX_LENGTH}")
    fields = text.split()
    if not fields:
        raise NotationError("an empty notation: it starts with the variant's name")
    return fields


def read_position(text: str, variant: Variant, build: Callable[[list[str]], _State]) -> _State:
    """Read a notation of ``variant``: check its head, build the state from its fields, check it is reachable.

    This is the one reader every family's ``variant.from_notation`` goes through:
    ``build(fields)`` turns the fields into a state (raising `NotationError` on a
    malformed field), and `check_reachable` refuses a position no game reaches.

    Raises:
        NotationError: malformed text, or a head naming other rules than ``variant``.
        PositionError: a well-formed position no game can reach.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> read_position("classic Ann ,,,,,,,,,,,, 0:0 - 3:0", v, lambda fields: fields[1])
        Traceback (most recent call last):
        ...
        TypeError: no reachability rules for str
    """
    fields = split_fields(text)
    resolve_variant(fields[0], variant)
    state = build(fields)
    check_reachable(state)
    return state


def from_notation(text: str, *, variant: Variant | None = None) -> GameState:
    """The state a notation describes, with an empty history.

    Args:
        text: the notation (surrounding spaces are ignored).
        variant: the variant to read it with; by default the one its head names, from
            the registry. When given, the head must name the same rules.

    Raises:
        NotationError: malformed text, an unknown variant, or a head naming other rules.
        PositionError: a well-formed position no game can reach (see `yamskit.position`).

    Examples:
        >>> from_notation("yamslam(mode=solo) Solo 0000000 0000001 0:0 - 9:0 -").rack.count("large_straight")
        3
    """
    rules = resolve_variant(split_fields(text)[0], variant)
    read = getattr(rules, "from_notation", None)
    if not callable(read):
        raise NotationError(f"variant {brief(rules.name)} has no position notation")
    state: GameState = read(text)
    return state
