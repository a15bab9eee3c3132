"""How scorecard actions read as text: ``full house down``, ``scratch yams``, ``score brelan montante``.

A box is named by its row, then (on a sheet of several columns) its column, in any
spelling the sheet's `yamskit.names.Names` tables read (ids, labels, aliases, any case,
spaces or underscores) or by a French name or shorthand (`ROW_WORDS`, `COLUMN_WORDS`). A
verb may come first: ``score`` (the default; also ``write``, ``marquer``...) or
``scratch`` (also ``cross out``, ``barrer``, ``rayer``...). The column may come first
too, and the words ``in``, ``column``, ``colonne``... around it are read as filler.

The short form (`short`) is the row's words, then the column's only when more than one
column could take that row now; ``scratch`` before a crossing out. The grammar is in
``docs/reference/action-text/``.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("competitive", mode="1v1").new_game(players=["Ann", "Bob"], seed=1)
    >>> g = g.apply(yamskit.Roll(outcome="22555"))
    >>> g.parse_action("full house in the free column"), g.parse_action("Libre full")
    (Score(row='full_house', column='free'), Score(row='full_house', column='free'))
    >>> g.action_text(yamskit.Score("full_house", "free"))
    'full house free'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..action_text import ActionWords, ambiguous, lookup, words_of
from ..actions import Action, Score, Scratch
from ..errors import NotationError, brief
from ..names import Names
from .state import ScorecardGame

__all__ = ["COLUMN_WORDS", "ROW_WORDS", "WORDS", "read", "short"]

#: More names of the rows, French and English shorthand (in `yamskit.names.normalize` form);
#: a sheet reads those of its own rows.
ROW_WORDS: dict[str, str] = {
    "aces": "ones",
    **{f"{face}s": row for face, row in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), start=1)},
    "as": "ones",
    "un": "ones",
    "uns": "ones",
    "deux": "twos",
    "trois": "threes",
    "quatre": "fours",
    "cinq": "fives",
    "six": "sixes",
    "brelan": "three_of_a_kind",
    "carre": "four_of_a_kind",
    "full": "full_house",
    "petite_suite": "small_straight",
    "grande_suite": "large_straight",
    "suite": "straight",
    "yam": "yams",
    "plus": "plus",
    "moins": "minus",
    "petite_somme": "small_sum",
    "grande_somme": "large_sum",
    "moins_de_8": "less_than_8",
    "chance": "chance",
}
#: More names of the columns, French (in `yamskit.names.normalize` form).
COLUMN_WORDS: dict[str, str] = {
    "descendante": "down",
    "descente": "down",
    "montante": "up",
    "montee": "up",
    "libre": "free",
    "desordre": "disorder",
    "seche": "dry",
    "sec": "dry",
    "milieu": "mid",
    "connectee": "connected",
}

_SCORE_VERBS = frozenset({"score", "scores", "write", "mark", "marquer", "marque", "noter", "note", "inscrire"})
_SCRATCH_VERBS = frozenset({"scratch", "cross", "crossout", "barrer", "barre", "rayer", "raye", "sacrifier"})
_FILLER = frozenset({"in", "into", "on", "the", "column", "col", "colonne", "dans", "la", "le", "en", "box", "case"})
_FILLER |= frozenset({"out", "at", "row", "ligne", "a"})


def _strip(words: Sequence[str]) -> tuple[str, ...]:
    start, end = 0, len(words)
    while start < end and words[start] in _FILLER:
        start += 1
    while end > start and words[end - 1] in _FILLER:
        end -= 1
    return tuple(words[start:end])


def _boxes(rows: Names, columns: Names, words: tuple[str, ...]) -> set[tuple[str, str | None]]:
    """Every (row, column) the words can be read as: the row alone, row then column, column then row."""
    found: set[tuple[str, str | None]] = set()
    whole = lookup(rows, _strip(words), ROW_WORDS)
    if whole is not None:
        found.add((whole, None))
    for cut in range(1, len(words)):
        head, tail = _strip(words[:cut]), _strip(words[cut:])
        for row_words, column_words in ((head, tail), (tail, head)):
            row = lookup(rows, row_words, ROW_WORDS)
            column = lookup(columns, column_words, COLUMN_WORDS) if row is not None else None
            if row is not None and column is not None:
                found.add((row, column))
    return found


def read(state: ScorecardGame, words: tuple[str, ...]) -> Action | None:
    """The Score or Scratch the words name (ids resolved), or ``None`` if they name no box.

    Raises:
        NotationError: a row without its column that several legal boxes could take.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
        >>> read(g, ("cross", "out", "yahtzee")), read(g, ("petite", "suite"))
        (Scratch(row='yams', column=None), Score(row='small_straight', column=None))
    """
    kind: type[Score] | type[Scratch] = Score
    if words[0] in _SCORE_VERBS:
        words = words[1:]
    elif words[0] in _SCRATCH_VERBS:
        kind, words = Scratch, words[1:]
    if not words:
        return None
    rules = state.rules
    boxes = _boxes(rules.row_names, rules.column_names, words)
    if not boxes:
        return None
    one_column = len(rules.columns) == 1
    named = {(row, None if one_column else column) for row, column in boxes}
    if len(named) > 1:
        raise ambiguous(" ".join(words), sorted(str(kind(row, column)) for row, column in named))
    ((row, column),) = named
    if column is not None or one_column:
        return kind(row, column)
    fitting: list[Action] = [a for a in state.legal_actions() if isinstance(a, kind) and a.row == row]
    if len(fitting) > 1:
        raise ambiguous(" ".join(words), [short(state, a, fitting) for a in fitting])
    if fitting:
        return fitting[0]
    raise NotationError(f"no column takes {brief(str(kind(row)))} now")


def short(state: ScorecardGame, action: Action, legal: Sequence[Action]) -> str:
    """The short text of a legal Score or Scratch: its row, and its column where another could take the row.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("challenge").new_game(seed=1).apply(yamskit.Roll(outcome="22555"))
        >>> legal = list(g.legal_actions())
        >>> short(g, yamskit.Score("full_house", "disorder"), legal), short(g, yamskit.Scratch("minus", "up"), legal)
        ('full house disorder', 'scratch minus up')
    """
    assert isinstance(action, (Score, Scratch))
    box = state.rules.canonical(action)
    text = words_of(box.row) if isinstance(box, Score) else f"scratch {words_of(box.row)}"
    if box.column is None:
        return text
    rivals = sum(1 for a in legal if isinstance(a, type(box)) and a.row == box.row)
    return f"{text} {words_of(box.column)}" if rivals > 1 else text


#: The scorecard's part of the action text (`yamskit.action_text.ActionWords`).
WORDS = ActionWords(read=read, short=short)
