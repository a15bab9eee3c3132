"""The file of a solved table: the values with the rules' fingerprint, the variant's name and the format.

`Strategy.save <yamskit.solver.Strategy.save>` and `StoreStrategy.save
<yamskit.solver.StoreStrategy.save>` write one numpy ``.npz`` archive (never a pickle): the
values, the format version (`FORMAT_VERSION`), the solver's fingerprint of the rules solved,
the variant's name and options as JSON, and any whole numbers of their own (a store's cap).
`write_table` writes it whole or not at all; `read_table` reads it back and checks it against
the variant it is read for, so a table is never used for other rules than its own.

Examples:
    >>> import tempfile
    >>> import numpy as np
    >>> import yamskit
    >>> from yamskit.solver.model import model_of
    >>> v = yamskit.variant("yahtzee")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_table(folder + "/t.npz", np.zeros(3), model_of(v).fingerprint, v, cap=2)
    ...     table = read_table(folder + "/t.npz", v, lambda variant: model_of(variant).fingerprint)
    >>> table.values.tolist(), table.numbers, table.variant.name
    ([0.0, 0.0, 0.0], {'cap': 2}, 'yahtzee')
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

import attrs
import numpy as np

from .._files import write_atomic
from ..errors import DeserializationError, RulesMismatchError, brief
from ..jsontext import parse_json
from ..scorecard.variant import ScorecardVariant
from .tables import FloatArray

__all__ = ["FORMAT_VERSION", "Table", "read_table", "write_table"]

#: Version of the saved-table format; bumped whenever its layout changes.
FORMAT_VERSION = 1
#: The archive's own members; the others are the whole numbers a caller adds.
_MEMBERS = ("values", "format", "fingerprint", "variant")


@attrs.frozen(eq=False)
class Table:
    """A table read by `read_table`: its values, the variant it was read for, and its whole numbers.

    Attributes:
        values: the table (float64).
        variant: the variant it was solved for.
        numbers: the whole numbers the writer added (``{"store_cap": 2}``, say).

    Examples:
        >>> import yamskit
        >>> Table(np.zeros(1), yamskit.variant("classic"), {}).numbers
        {}
    """

    values: FloatArray
    variant: ScorecardVariant
    numbers: dict[str, int]


def write_table(
    path: str | os.PathLike[str], values: FloatArray, fingerprint: str, variant: ScorecardVariant | None, **numbers: int
) -> None:
    """Write ``values`` to ``path`` with the fingerprint, the variant's name and options, and ``numbers``.

    Written whole or not at all (`yamskit._files.write_atomic`).

    Raises:
        OSError: the file cannot be written (the one there, if any, is left as it was).
        ValueError: a name of ``numbers`` is one of the file's own members (``values``, ``format``...).

    Examples:
        >>> import tempfile, yamskit
        >>> from yamskit.solver.model import model_of
        >>> v = yamskit.variant("classic")
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     write_table(folder + "/t.npz", np.ones(2), model_of(v).fingerprint, v, store_cap=1)
        ...     sorted(np.load(folder + "/t.npz").files)
        ['fingerprint', 'format', 'store_cap', 'values', 'variant']
    """
    about: dict[str, Any] = {} if variant is None else {"name": variant.name, "options": variant.options}
    members: dict[str, Any] = {
        "values": values,
        "format": np.array(FORMAT_VERSION),
        "fingerprint": np.array(fingerprint),
        "variant": np.array(json.dumps(about, default=str)),
    }
    for name, number in numbers.items():
        if name in members:
            raise ValueError(f"{name!r} is a member of every table file, not a number of one's own")
        members[name] = np.array(number)

    def write(out: BinaryIO) -> None:
        np.savez(out, **members)

    write_atomic(path, write)


def read_table(
    path: str | os.PathLike[str], variant: ScorecardVariant | None, fingerprint_of: Callable[[ScorecardVariant], str]
) -> Table:
    """Read a table written by `write_table` for ``variant`` (``None``: the registered variant it names).

    ``fingerprint_of`` gives the fingerprint the variant's table must carry.

    Raises:
        DeserializationError: not a table file, another format version, a member that is not a
            whole number where one is expected, or no variant given for a table whose variant
            is not registered.
        RulesMismatchError: the table was solved for other rules than ``variant``'s.

    Examples:
        >>> import tempfile, yamskit
        >>> from yamskit.solver.model import model_of
        >>> v = yamskit.variant("classic")
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     write_table(folder + "/t.npz", np.ones(2), model_of(v).fingerprint, v)
        ...     table = read_table(folder + "/t.npz", None, lambda w: model_of(w).fingerprint)  # rebuilt by name
        ...     read_table(folder + "/t.npz", yamskit.variant("yahtzee"), lambda w: model_of(w).fingerprint)
        Traceback (most recent call last):
        yamskit.errors.RulesMismatchError: ...
        >>> table.variant.name, table.values.tolist()
        ('classic', [1.0, 1.0])
    """
    try:
        with np.load(Path(path), allow_pickle=False) as data:
            version = int(data["format"])
            fingerprint = str(data["fingerprint"])
            about = str(data["variant"])
            numbers = {name: int(data[name]) for name in data.files if name not in _MEMBERS}
            values = np.asarray(data["values"], dtype=np.float64)
    except (OSError, KeyError, ValueError, TypeError) as error:
        raise DeserializationError(f"{path} is not a yamskit strategy file: {error}") from None
    if version != FORMAT_VERSION:
        raise DeserializationError(f"{path} has strategy format {version}; this yamskit reads {FORMAT_VERSION}")
    if variant is None:
        variant = _registered(path, about)
    if fingerprint != fingerprint_of(variant):
        raise RulesMismatchError(
            f"{path} was solved for other rules ({about}) than {brief(variant.name)} {variant.options}"
        )
    return Table(values, variant, numbers)


def _registered(path: str | os.PathLike[str], about: str) -> ScorecardVariant:
    """The registered variant a table's JSON names, with its options."""
    from ..registry import variant as lookup

    try:
        saved = parse_json(about)
        found = lookup(saved["name"], **saved.get("options", {}))
    except (ValueError, KeyError, TypeError) as error:
        raise DeserializationError(f"{path}: pass the variant the table was solved for ({error})") from None
    if not isinstance(found, ScorecardVariant):
        raise DeserializationError(f"{path}: {brief(saved['name'])} is not a scorecard variant; pass the variant")
    return found
