"""How Yam Master's actions read as text: ``place carré``, ``place 2,3``, ``remove 0,4``, ``challenge``.

A cell is named by its coordinates, ``ROW,COL`` counted from 0 at the top left as the
board is drawn (``2,3``, ``2 3`` or ``23``), or by its label (``carré``, ``full``,
``≤8``, ``3``, or the label's id: ``four_of_a_kind``) when only one cell with that label
is legal now; a label with coordinates must match the cell. The verb ``place`` (also
``put``, ``poser``) is the default; ``remove`` (also ``retirer``, ``enlever``) takes an
opponent's token off. ``challenge`` (``défi``) and ``pass`` are read for every game.

The short form (`short`) names the label where it tells the cell apart, else the
coordinates. The grammar is in ``docs/reference/action-text/``.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
    >>> g = g.apply(yamskit.Roll(outcome="66666"))
    >>> g.parse_action("place Yam"), g.parse_action("PLACE 2,2"), g.parse_action("22")
    (Place(cell=(2, 2)), Place(cell=(2, 2)), Place(cell=(2, 2)))
    >>> g.action_text(yamskit.Place((2, 2))), g.action_text(yamskit.Place((1, 1)))  # two Carré cells are free
    ('place yam', 'place 1,1')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...action_text import ActionWords, ambiguous, lookup
from ...actions import Action, Place, RemoveToken
from ...errors import NotationError, brief
from .board import LABEL_TABLE, LABELS, SIZE
from .game import YamMasterGame

__all__ = ["WORDS", "read", "short"]

_PLACE = frozenset({"place", "put", "poser", "pose", "play", "jouer"})
_REMOVE = frozenset({"remove", "retirer", "retire", "enlever", "enleve", "capture", "capturer"})
_FILLER = frozenset({"on", "at", "cell", "case", "sur", "en", "the", "la", "le", "token", "jeton", "off", "from"})


def _cell(words: Sequence[str]) -> tuple[int, int] | None:
    """The cell ``2,3``, ``2 3`` or ``23`` names, if the words are coordinates on the board."""
    digits = "".join(words)
    if len(digits) != 2 or not (digits.isascii() and digits.isdigit()) or (len(words) == 1 and len(words[0]) != 2):
        return None
    row, col = int(digits[0]), int(digits[1])
    return (row, col) if row < SIZE and col < SIZE else None


def _label_text(cell: tuple[int, int]) -> str:
    return LABEL_TABLE.label(LABELS[cell[0]][cell[1]]).lower()


def read(state: YamMasterGame, words: tuple[str, ...]) -> Action | None:
    """The Place or RemoveToken the words name, or ``None`` if they name no cell.

    Raises:
        NotationError: a label that several legal cells carry, or one that does not match the coordinates.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="12345"))
        >>> read(g, ("place", "2", "4")), read(g, ("poser", "la", "suite", "2", "4")), read(g, ("hello",))
        (Place(cell=(2, 4)), Place(cell=(2, 4)), None)
    """
    kind: type[Place] | type[RemoveToken] = Place
    if words[0] in _PLACE:
        words = words[1:]
    elif words[0] in _REMOVE or words[:2] == ("take", "off"):
        kind, words = RemoveToken, words[1:]
    words = tuple(w for w in words if w not in _FILLER)
    if not words:
        return None
    cell = _cell(words[-2:]) if len(words) >= 2 and len(words[-1]) == 1 else _cell(words[-1:])
    if cell is not None:
        label_words = words[: -2 if len(words[-1]) == 1 and len(words) >= 2 else -1]
        if not label_words:
            return kind(cell)
        label = lookup(LABEL_TABLE, label_words)
        if label is None:
            return None
        if label != LABELS[cell[0]][cell[1]]:
            raise NotationError(
                f"cell {cell[0]},{cell[1]} is {brief(_label_text(cell))}, not {brief(' '.join(label_words))}"
            )
        return kind(cell)
    label = lookup(LABEL_TABLE, words)
    if label is None:
        return None
    fitting = [a for a in state.legal_actions() if isinstance(a, kind) and LABELS[a.cell[0]][a.cell[1]] == label]
    if len(fitting) > 1:
        raise ambiguous(" ".join(words), [str(a) for a in fitting])
    if fitting:
        return fitting[0]
    cells = ", ".join(f"{r},{c}" for r in range(SIZE) for c in range(SIZE) if LABELS[r][c] == label)
    verb = "place on" if kind is Place else "remove from"
    raise NotationError(f"you may {verb} no {brief(LABEL_TABLE.label(label))} cell ({cells}) now")


def short(state: YamMasterGame, action: Action, legal: Sequence[Action]) -> str:
    """The short text of a legal Place or RemoveToken: its label where no other legal cell carries it.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="12345"))
        >>> legal = list(g.legal_actions())
        >>> short(g, yamskit.Place((2, 4)), legal), short(g, yamskit.Place((3, 2)), legal)
        ('place 2,4', 'place 3,2')
    """
    assert isinstance(action, (Place, RemoveToken))
    label = LABELS[action.cell[0]][action.cell[1]]
    rivals = sum(1 for a in legal if isinstance(a, type(action)) and LABELS[a.cell[0]][a.cell[1]] == label)
    if rivals > 1:
        return str(action)
    return f"{str(action).split()[0]} {_label_text(action.cell)}"


#: Yam Master's part of the action text (`yamskit.action_text.ActionWords`).
WORDS = ActionWords(read=read, short=short)
