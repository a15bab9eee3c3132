"""Ids, display labels and aliases: the one place where yamskit reads a name.

Every row, column, Yam Master cell label and Yamslam chip has an **id** (English,
snake_case, what the library writes: ``"full_house"``, ``"down"``) and a **label**
(what a printed sheet shows: ``"Full house"``, ``"Carré"``). When reading a name, a
`Names` table accepts

* the id or the label, ignoring case, accents, spaces and hyphens
  (``"Full House"``, ``"full-house"`` and ``"FULL_HOUSE"`` are all ``"full_house"``;
  ``"carre"`` is Yam Master's ``"Carré"``);
* a few plain **aliases** (``"descending"`` for the ``"down"`` column);
* the **old ids** of earlier releases, with a `DeprecationWarning` naming the new one.

Anything else raises `UnknownNameError` listing the known ids, with a "did you
mean ...?" for a near miss. `docs/reference/names.md` lists every table.

Examples:
    >>> columns = Names("column", [Name("down", "Descending", aliases=("descending",)), Name("up", "Ascending")])
    >>> columns.resolve("Descending"), columns.resolve("UP")
    ('down', 'up')
    >>> columns.resolve("dwn")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    UnknownNameError: unknown column 'dwn'; did you mean 'down'? columns: down, up
"""

from __future__ import annotations

import difflib
import os
import sys
import unicodedata
import warnings
from collections.abc import Iterable, Iterator
from typing import Protocol, TypeVar, cast

import attrs

from .errors import ECHO_LIMIT, UnknownActionError, YamskitError, brief

__all__ = [
    "COLUMN_ALIASES",
    "ROW_ALIASES",
    "Name",
    "Names",
    "UnknownNameError",
    "column_names",
    "normalize",
    "row_names",
]

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_T = TypeVar("_T")

#: Other names every scorecard accepts for a row id it has (silently).
ROW_ALIASES: dict[str, tuple[str, ...]] = {
    "yams": ("yahtzee", "yam", "five_of_a_kind"),
}
#: Other names every scorecard accepts for a column id it has (silently): Yams
#: Challenge called its ordered columns ``descending``/``ascending`` before 0.1.0,
#: Competitive Yams ``down``/``up``; ``down``/``up`` are the ids now.
COLUMN_ALIASES: dict[str, tuple[str, ...]] = {
    "down": ("descending",),
    "up": ("ascending",),
}


class UnknownNameError(UnknownActionError):
    """A row, column, cell label or chip name that the table does not know.

    The message lists the known ids and, for a near miss, suggests the closest one.

    Examples:
        >>> import yamskit
        >>> try:
        ...     yamskit.variant("classic").score("ful_house", "22555")
        ... except UnknownNameError as error:
        ...     print(str(error).split("?")[0] + "?")
        unknown row 'ful_house'; did you mean 'full_house'?
    """


def normalize(text: str) -> str:
    """The form names are compared in: no accents, case-folded, spaces and hyphens as ``_``.

    Examples:
        >>> normalize("Carré"), normalize("Full House"), normalize("three-of-a-kind")
        ('carre', 'full_house', 'three_of_a_kind')
    """
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return "_".join(plain.casefold().replace("-", " ").replace("_", " ").split())


class _Named(Protocol):
    @property
    def id(self) -> str: ...


def label_or_id(label: str, value: attrs.AttrsInstance) -> str:
    """A display label: ``label`` when given, else the id of ``value`` in words (``full_house`` -> ``Full house``).

    The converter of the ``label`` field of `Name` and `yamskit.categories.Category`
    (``value`` is the value being made, its ``id`` already set).

    Examples:
        >>> label_or_id("", Name("full_house")), label_or_id("Yahtzee", Name("yams"))
        ('Full house', 'Yahtzee')
    """
    id = cast(_Named, value).id
    if label or not isinstance(id, str):  # (an id that is not a string is refused by its validator)
        return label
    return id.replace("_", " ").capitalize()


#: The ``label`` field's converter: attrs' mypy plugin reads only plain functions as converters, so the
#: fields that take it say so (``type: ignore[misc]``).
LABEL = attrs.Converter(label_or_id, takes_self=True)


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    return (values,) if isinstance(values, str) else tuple(values)


def _entries(values: Iterable[Name]) -> tuple[Name, ...]:
    return tuple(values)


@attrs.frozen
class Name:
    """One id with its display label, its plain aliases and its deprecated old ids.

    Attributes:
        id: the canonical id, what yamskit writes.
        label: what a printed sheet shows (defaults from the id: ``"Full house"``).
        aliases: other names accepted silently.
        deprecated: ids of earlier releases, accepted with a `DeprecationWarning`.

    Examples:
        >>> Name("full_house").label
        'Full house'
        >>> Name("less_than_8", "≤8", deprecated=("le8",)).deprecated
        ('le8',)
    """

    id: str
    label: str = attrs.field(default="", converter=LABEL)  # type: ignore[misc]
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    deprecated: tuple[str, ...] = attrs.field(default=(), converter=_strings)


def _caller_stacklevel() -> int:
    """The stacklevel that points a warning at the first frame outside yamskit."""
    level = 1
    frame = sys._getframe(1)
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE_DIR):
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return level


@attrs.frozen
class Names:
    """A table of the names of one kind of thing (``"row"``, ``"column"``, ``"chip"`` ...).

    `resolve` turns any accepted spelling into the id; `label` gives the display
    label of an id. Where two entries could read alike, ids win over labels, labels
    over aliases and aliases over old ids.

    Examples:
        >>> chips = Names("chip", [Name("flush"), Name("full_house", "Full house")])
        >>> chips.ids, chips.label("full_house"), chips.resolve("Full house")
        (('flush', 'full_house'), 'Full house', 'full_house')
        >>> "FLUSH" in chips, "straight" in chips
        (True, False)
    """

    kind: str
    entries: tuple[Name, ...] = attrs.field(converter=_entries)
    _index: dict[str, tuple[str, bool]] = attrs.field(init=False, repr=False, eq=False)
    _exact: dict[str, str] = attrs.field(init=False, repr=False, eq=False)

    @_index.default
    def _spellings(self) -> dict[str, tuple[str, bool]]:
        # Earlier passes win: ids, then labels, then aliases, then old ids. A spelling
        # taken by an earlier pass is not reassigned, so a table never breaks on a
        # label or alias that happens to read like another entry.
        index: dict[str, tuple[str, bool]] = {}
        passes: list[list[tuple[str, str, bool]]] = [
            [(e.id, e.id, False) for e in self.entries],
            [(e.label, e.id, False) for e in self.entries],
            [(a, e.id, False) for e in self.entries for a in e.aliases],
            [(d, e.id, True) for e in self.entries for d in e.deprecated],
        ]
        for spellings in passes:
            for text, id, old in spellings:
                index.setdefault(normalize(text), (id, old))
        return index

    @_exact.default
    def _ids(self) -> dict[str, str]:
        return {e.id: e.id for e in self.entries}

    @property
    def ids(self) -> tuple[str, ...]:
        """The ids, in table order.

        Examples:
            >>> Names("column", [Name("down"), Name("up")]).ids
            ('down', 'up')
        """
        return tuple(e.id for e in self.entries)

    def __iter__(self) -> Iterator[Name]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and normalize(text) in self._index

    def entry(self, id: str) -> Name:
        """The `Name` of an id (or of any accepted spelling, see `resolve`).

        Examples:
            >>> Names("chip", [Name("flush", "Flush")]).entry("FLUSH").label
            'Flush'
        """
        canonical = self.resolve(id)
        return next(e for e in self.entries if e.id == canonical)

    def label(self, id: str) -> str:
        """The display label of an id (or of any accepted spelling).

        Examples:
            >>> Names("cell label", [Name("four_of_a_kind", "Carré")]).label("four_of_a_kind")
            'Carré'
        """
        return self.entry(id).label

    def resolve(self, text: object, *, error: type[YamskitError] = UnknownNameError) -> str:
        """The id ``text`` names: an id, a label, an alias or (with a warning) an old id.

        Args:
            text: the name to read.
            error: the exception class for an unknown name (`UnknownNameError`
                unless the caller is reading options, say).

        Raises:
            UnknownNameError: (or ``error``) not a name of this table; the message
                suggests the closest id and lists them all.

        Examples:
            >>> rows = Names("row", [Name("yams", "Yahtzee"), Name("chance")])
            >>> rows.resolve("yams"), rows.resolve("YAHTZEE"), rows.resolve("Chance")
            ('yams', 'yams', 'chance')
        """
        if isinstance(text, str):
            exact = self._exact.get(text)
            if exact is not None:
                return exact
            found = self._index.get(normalize(text))
            if found is not None:
                canonical, old = found
                if old:
                    warnings.warn(
                        f"the {self.kind} id {text!r} is deprecated; use {canonical!r}",
                        DeprecationWarning,
                        stacklevel=_caller_stacklevel(),
                    )
                return canonical
        raise error(self.unknown_message(text))

    def unknown_message(self, text: object) -> str:
        """The message for a name this table does not know (with a suggestion for a near miss).

        Examples:
            >>> Names("chip", [Name("flush"), Name("full_house")]).unknown_message("flsh")
            "unknown chip 'flsh'; did you mean 'flush'? chips: flush, full_house"
        """
        hint = ""
        if isinstance(text, str) and text:
            # a near miss is short: the search reads no more of the name than the message shows
            close = difflib.get_close_matches(normalize(text[:ECHO_LIMIT]), list(self._index), n=1, cutoff=0.6)
            if close:
                hint = f"; did you mean {self._index[close[0]][0]!r}?"
        return f"unknown {self.kind} {brief(text)}{hint if hint else ';'} {self.kind}s: {', '.join(self.ids)}"


def row_names(rows: Iterable[tuple[str, str] | tuple[str, str, tuple[str, ...]]]) -> Names:
    """The row table of a scorecard: ``(id, label)`` or ``(id, label, aliases)``, with `ROW_ALIASES`.

    A row's own aliases (``yamskit.categories.Category.aliases``) come first, then those
    `ROW_ALIASES` gives its id.

    Examples:
        >>> row_names([("yams", "Yams"), ("chance", "Chance")]).resolve("Yahtzee")
        'yams'
        >>> row_names([("kniffel", "Kniffel", ("yahtzee",)), ("chance", "Chance")]).resolve("Yahtzee")
        'kniffel'
    """
    entries = []
    for id, label, *own in rows:
        aliases = (*(own[0] if own else ()), *ROW_ALIASES.get(id, ()))
        entries.append(Name(id, label, aliases=aliases))
    return Names("row", tuple(entries))


def column_names(columns: Iterable[tuple[str, str]]) -> Names:
    """The column table of a scorecard: ``(id, label)`` pairs, with `COLUMN_ALIASES`.

    Examples:
        >>> column_names([("down", ""), ("free", "")]).resolve("descending")
        'down'
    """
    return Names("column", tuple(Name(id, label, aliases=COLUMN_ALIASES.get(id, ())) for id, label in columns))


def warn_renamed(old: str, new: str, *, what: str = "argument") -> None:
    """Warn (`DeprecationWarning`, pointing at the caller's code) that ``old`` is now ``new``.

    Examples:
        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     warn_renamed("n", "games")
        >>> str(caught[0].message)
        "the argument 'n' is deprecated; use 'games'"
    """
    warnings.warn(f"the {what} {old!r} is deprecated; use {new!r}", DeprecationWarning, stacklevel=_caller_stacklevel())


def renamed_argument(old: str, old_value: _T | None, new: str, new_value: _T | None) -> _T:
    """The value of an argument renamed from ``old`` to ``new``: either name, not both.

    Raises:
        TypeError: both names given, or neither (as Python does for a missing argument).

    Examples:
        >>> renamed_argument("n", None, "games", 10)
        10
    """
    if old_value is not None:
        if new_value is not None:
            raise TypeError(f"give {brief(new)} only ({brief(old)} is its deprecated name)")
        warn_renamed(old, new)
        return old_value
    if new_value is None:
        raise TypeError(f"missing argument {brief(new)}")
    return new_value
