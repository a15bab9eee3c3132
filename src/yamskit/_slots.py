"""Setting the slots of frozen values that the hot path builds field by field.

`apply` makes a few new values at every step (a state, its turn, its dice stream, a
sheet) from values already checked, so it skips their constructors and sets their
fields directly. ``object.__setattr__(value, "name", x)`` looks the name up in the
class at every call; the slot's own descriptor, looked up once, sets it about a third
cheaper. `slot_setters` hands out those descriptors' setters; `field_setters` all of a
class's, checked against its fields, for a builder that sets every one.

Examples:
    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> set_x, set_y = slot_setters(Point, "x", "y")
    >>> p = object.__new__(Point)
    >>> set_x(p, 1); set_y(p, 2)
    >>> p
    Point(x=1, y=2)
"""

from __future__ import annotations

from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any

import attrs

__all__ = ["field_setters", "slot_setters"]


def slot_setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The setter of each slot ``names`` of ``cls``: ``setter(value, x)`` sets it, bypassing a frozen class's guard.

    Only for values under construction: a frozen value must not change once another
    object can see it.

    Raises:
        TypeError: a name is not a slot of ``cls`` itself.

    Examples:
        >>> from yamskit.dice import DiceStream
        >>> (set_draws,) = slot_setters(DiceStream, "draws")
        >>> stream = DiceStream(seed=1)
        >>> slot_setters(DiceStream, "throw")
        Traceback (most recent call last):
        ...
        TypeError: DiceStream has no slot 'throw'
    """
    found = []
    for name in names:
        descriptor = cls.__dict__.get(name)
        if not isinstance(descriptor, MemberDescriptorType):
            raise TypeError(f"{cls.__name__} has no slot {name!r}")
        found.append(descriptor.__set__)
    return tuple(found)


def field_setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """`slot_setters` of every field of the attrs class ``cls``, which ``names`` must list in order.

    For a builder that sets every field of a new value: naming them all here keeps it in
    step with the class (a field added, removed or moved makes the import fail).

    Raises:
        TypeError: ``names`` are not the class's fields, in order.

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Point:
        ...     x: int
        ...     y: int
        >>> len(field_setters(Point, "x", "y"))
        2
        >>> field_setters(Point, "y", "x")
        Traceback (most recent call last):
        ...
        TypeError: Point's fields are ('x', 'y'), not ('y', 'x')
    """
    fields = tuple(f.name for f in attrs.fields(cls))
    if names != fields:
        raise TypeError(f"{cls.__name__}'s fields are {fields}, not {names}")
    return slot_setters(cls, *names)
