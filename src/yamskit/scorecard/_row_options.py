"""The row-id options of the placement rules (a joker's number rows, a served bonus's rows...).

One converter and one check, shared by `yamskit.scorecard.game_rules` and
`yamskit.scorecard.house_rules`, so that every rule reads a row option the same way: a
single id given as a string is one row, not its letters, and a value that names no rows (a
number, ``None``) reaches the rule's own check, which refuses it by name.
"""

from __future__ import annotations

from collections.abc import Iterable


def row_ids(rows: Iterable[str] | str) -> tuple[str, ...]:
    """The row ids named: a string alone is one id; a value naming no rows is left for the check.

    Examples:
        >>> row_ids("ones"), row_ids(["ones", "twos"]), row_ids(6)
        (('ones',), ('ones', 'twos'), 6)
    """
    if isinstance(rows, str):
        return (rows,)
    if isinstance(rows, Iterable):
        return tuple(rows)
    return rows  # a number or None from an untyped caller: the rule's check refuses it, naming it


def are_row_ids(rows: tuple[str, ...], *, count: int | None = None) -> bool:
    """Whether ``rows`` (from `row_ids`) names one or more distinct ids, exactly ``count`` of them if given.

    Examples:
        >>> are_row_ids(("ones", "twos")), are_row_ids(("ones", "ones")), are_row_ids(()), are_row_ids(6)
        (True, False, False, False)
        >>> are_row_ids(("ones", "twos"), count=6)
        False
    """
    return (
        isinstance(rows, tuple)
        and len(set(rows)) == len(rows) > 0
        and all(isinstance(r, str) for r in rows)
        and (count is None or len(rows) == count)
    )
