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

The grammar is documented field by field on the docs' notation reference page.
Reading checks the position with `yamskit.position.check_reachable`: malformed
text raises `NotationError`, well-formed values no game can reach a
`yamskit.position.PositionError`.

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

from typing import Any

from ..position import check_reachable
from .grammar import NotationError, resolve_variant

__all__ = ["MAX_LENGTH", "NotationError", "from_notation", "to_notation"]

#: The longest notation read, in characters.
MAX_LENGTH = 20_000


def to_notation(state: Any) -> str:
    """The one-line notation of a scorecard, Yam Master or Yamslam state.

    Raises:
        TypeError: a state of another kind.

    Examples:
        >>> import yamskit
        >>> to_notation(yamskit.variant("yam-master", removed="out").new_game(players=["Ann", "Bob"], seed=2))
        'yam-master(removed=out) Ann,Bob ...../...../...../...../..... 0,0 0:0 - 2:0 0'
    """
    from ..scorecard_game import ScorecardGame
    from ..variants.yam_master import YamMasterGame
    from ..variants.yamslam import YamslamGame
    from .codecs import write_scorecard, write_yam_master, write_yamslam

    if isinstance(state, ScorecardGame):
        return write_scorecard(state)
    if isinstance(state, YamMasterGame):
        return write_yam_master(state)
    if isinstance(state, YamslamGame):
        return write_yamslam(state)
    raise TypeError(f"no position notation for {type(state).__name__}")


def from_notation(text: str, *, variant: Any = None) -> Any:
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
    from ..scorecard_game import ScorecardVariant
    from ..variants.yam_master import YamMasterVariant
    from ..variants.yamslam import YamslamVariant
    from .codecs import read_scorecard, read_yam_master, read_yamslam

    if not isinstance(text, str):
        raise NotationError(f"a notation is a string, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a notation of {len(text)} characters is longer than {MAX_LENGTH}")
    fields = text.split()
    if not fields:
        raise NotationError("an empty notation: it starts with the variant's name")
    rules = resolve_variant(fields[0], variant)
    if isinstance(rules, ScorecardVariant):
        state: Any = read_scorecard(rules, fields)
    elif isinstance(rules, YamMasterVariant):
        state = read_yam_master(rules, fields)
    elif isinstance(rules, YamslamVariant):
        state = read_yamslam(rules, fields)
    else:
        raise NotationError(f"variant {rules.name!r} has no position notation")
    check_reachable(state)
    return state
