"""The one private fast path: the plumbing that makes a step quick, kept out of the rules.

The rules say what a step makes (a new state, a new turn, a placement); this module makes
those values quickly, and nothing in it knows a rule. Every part below says what it saves:
CPU time a call on the 2-core machine of docs/performance.md, Python 3.11, 2026-12-02,
``python benchmarks/fast_path.py`` twice (``timeit``, the median of 7 runs of 200,000
calls, the call itself included; the two runs' figures).

1. **Values built from their slots** (`replacer`, `builder`). A step makes a few frozen
   values from values already checked: a state, its turn, its dice stream, a sheet, a
   placement. ``attrs.evolve`` reads the class's fields, builds keyword arguments and runs
   the constructor with its validators: 2.4-2.5 µs for a classic state of twelve fields a
   throw later. A generated ``replace`` takes the fields a transition changes by
   position, copies the others and sets each slot through its own descriptor: 0.6-1.0 µs
   (2.4-4.0 times quicker). A classic step of about 7 µs makes one or two states, a turn
   and a stream this way.
2. **Memo slots** (`memo_slot`). A state remembers its legal ids, or its end, once asked:
   a frozen value's field that takes no part in equality, set once through its slot's
   descriptor: 0.055 µs, where ``object.__setattr__`` looks the name up first: 0.09-0.10 µs.
3. **Caches keyed by identity** (`IdentityCache`). The bots and the learning adapters keep
   what they work out of a rule set by the identity of the rules object: a
   `yamskit.scorecard.ScorecardRules` need not be hashable (a user's placement rule may
   not be). Each entry holds its object, so a key never stands for an object that is gone.

What is not here any more: before 0.2.0 the step also found a space's own actions, the
shared `Roll` and `Throw` of a throw and the shared `Move` of a player's throw by the
``id()`` of the objects. Actions and dice keep their hash (``cache_hash``), so a look-up by
value is as quick: the shared throw parts come from a ``functools`` cache of their dice in
0.17-0.25 µs (building them: 1.4-2.1 µs), and `yamskit.action_space.ActionSpace.find` is a
method that looks the action up by value in 0.10 µs, 0.04 µs more than the 0.1 step's inline
look-up by ``id()`` (under 1% of a step).

No other module keys a dictionary by ``id()`` or sets a frozen value's slot
(``tests/test_layout.py`` checks both); the rest of the package calls what is here.

Examples:
    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> moved = replacer(Point, "y")
    >>> moved(Point(1, 2), 5)
    Point(x=1, y=5)
    >>> builder(Point)(3)
    Point(x=3, y=0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import MemberDescriptorType
from typing import Any, Generic, TypeVar

import attrs

from ._cache import LruCache

__all__ = [
    "IdentityCache",
    "builder",
    "memo_slot",
    "remember",
    "replacer",
]

T = TypeVar("T")
V = TypeVar("V")


def _setters(cls: type) -> tuple[list[attrs.Attribute[Any]], dict[str, Any]]:
    """The attrs fields of ``cls`` and, for each, its slot descriptor's setter (checked to be a slot)."""
    fields = list(attrs.fields(cls))
    found: dict[str, Any] = {}
    for field in fields:
        descriptor = cls.__dict__.get(field.name)
        if not isinstance(descriptor, MemberDescriptorType):
            raise TypeError(f"{cls.__name__}.{field.name} is not a slot of {cls.__name__} itself")
        found[f"_set_{field.name}"] = descriptor.__set__
    return fields, found


def _argument(field: attrs.Attribute[Any]) -> str:
    """The name a generated function takes a field by: its attrs alias (``history`` for ``_history``)."""
    alias: str | None = getattr(field, "alias", None)
    return alias or field.name.lstrip("_")


def _compile(name: str, source: str, namespace: dict[str, Any]) -> Callable[..., Any]:
    exec(compile(source, f"<yamskit._fast {name}>", "exec"), namespace)  # generated from a class's fields only
    made: Callable[..., Any] = namespace[name]
    return made


def replacer(cls: type[T], *changed: str, fresh: Iterable[str] = ()) -> Callable[..., T]:
    """``replace(old, *values)`` for the frozen, slotted attrs class ``cls``: ``attrs.evolve`` without the checks.

    The new value takes the fields named in ``changed`` (by name or by attrs alias:
    ``history`` for a field ``_history``) from ``values``, in that order, and every
    other field from ``old``; the fields named in ``fresh`` (memos that belong
    to one value) start at their default instead. Nothing is validated or converted: for
    values known to be right. A transition names the fields it changes, so that the
    generated function takes them by position and copies the rest (what that saves:
    the module's docstring).

    Raises:
        TypeError: a name that is not a field of ``cls``, a field of ``cls`` that is not
            a slot of ``cls`` itself (a subclass, or a class that is not slotted), or a
            ``fresh`` field without a plain default.

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Pair:
        ...     left: int
        ...     right: int
        ...     _seen: int | None = attrs.field(default=None, eq=False)
        >>> moved = replacer(Pair, "right", fresh=["_seen"])
        >>> moved(Pair(1, 2, seen=7), 3)
        Pair(left=1, right=3, _seen=None)
    """
    fields, namespace = _setters(cls)
    by_argument = {_argument(f): f.name for f in fields}
    changed = tuple(by_argument.get(name, name) for name in changed)  # (``history`` names the field ``_history``)
    fresh = frozenset(by_argument.get(name, name) for name in fresh)
    unknown = (set(changed) | fresh) - {f.name for f in fields}
    if unknown or len(set(changed)) != len(changed) or fresh & set(changed):
        raise TypeError(f"{cls.__name__}: cannot replace {list(changed)} with fresh {sorted(fresh)}")
    lines = []
    for field in fields:
        setter = f"_set_{field.name}"
        if field.name in changed:
            lines.append(f"    {setter}(new, {_argument(field)})")
        elif field.name in fresh:
            if isinstance(field.default, attrs.Factory) or field.default is attrs.NOTHING:  # type: ignore[arg-type]
                raise TypeError(f"{cls.__name__}.{field.name} is fresh but has no plain default")
            namespace[f"_default_{field.name}"] = field.default
            lines.append(f"    {setter}(new, _default_{field.name})")
        else:
            lines.append(f"    {setter}(new, old.{field.name})")
    by_name = {f.name: f for f in fields}
    arguments = ", ".join(["old", *(_argument(by_name[name]) for name in changed)])
    namespace.update(_new=object.__new__, _cls=cls)
    source = f"def replace({arguments}):\n    new = _new(_cls)\n" + "\n".join(lines) + "\n    return new\n"
    made = _compile("replace", source, namespace)
    made.__qualname__ = f"replace[{cls.__name__}: {', '.join(changed)}]"
    return made


def builder(cls: type[T]) -> Callable[..., T]:
    """``build(*fields)`` for the frozen, slotted attrs class ``cls``: every field in order, without the checks.

    The arguments are the fields in their order, ``init=False`` fields included (named
    by their alias: without a leading underscore); the last fields that have a plain
    default keep it. Nothing is validated, converted or derived: for values whose every
    field is known.

    Raises:
        TypeError: a field of ``cls`` is not a slot of ``cls`` itself.

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Box:
        ...     points: int
        ...     note: str = ""
        >>> build = builder(Box)
        >>> build(5), build(5, "bonus") == Box(5, "bonus")
        (Box(points=5, note=''), True)
    """
    fields, namespace = _setters(cls)
    plain = [f.default is not attrs.NOTHING and not isinstance(f.default, attrs.Factory) for f in fields]  # type: ignore[arg-type]
    trailing = len(fields)  # the defaults a builder keeps: those of the last run of fields that have one
    while trailing and plain[trailing - 1]:
        trailing -= 1
    arguments, lines = [], []
    for n, field in enumerate(fields):
        name = _argument(field)
        if n >= trailing:
            namespace[f"_default_{field.name}"] = field.default
            arguments.append(f"{name}=_default_{field.name}")
        else:
            arguments.append(name)
        lines.append(f"    _set_{field.name}(new, {name})")
    namespace.update(_new=object.__new__, _cls=cls)
    source = f"def build({', '.join(arguments)}):\n    new = _new(_cls)\n" + "\n".join(lines) + "\n    return new\n"
    made = _compile("build", source, namespace)
    made.__qualname__ = f"build[{cls.__name__}]"
    return made


def memo_slot(cls: type[T], name: str) -> Callable[[T, Any], None]:
    """``remember(value, x)``: set the memo field ``name`` of a frozen value once it is made.

    Only for fields that take no part in equality (``eq=False``): what a value works out
    about itself (its legal ids, its end) and keeps, so that it never changes as seen
    from outside.

    Raises:
        TypeError: ``name`` is not a slot of ``cls``, or it takes part in equality.

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Tile:
        ...     n: int
        ...     _square: int | None = attrs.field(default=None, eq=False)
        >>> remember = memo_slot(Tile, "_square")
        >>> tile = Tile(4)
        >>> remember(tile, 16); tile
        Tile(n=4, _square=16)
    """
    fields, setters = _setters(cls)
    field = next((f for f in fields if f.name == name), None)
    if field is None or field.eq:
        raise TypeError(f"{cls.__name__}.{name} is not a memo field (a field with eq=False)")
    setter: Callable[[T, Any], None] = setters[f"_set_{name}"]
    return setter


def remember(value: object, name: str, x: object) -> None:
    """Set the memo field ``name`` of the frozen ``value``, whatever its class (`memo_slot` without a class).

    For the shared step's memos on any state class (a plug-in's included): a state's
    legal ids, and the origin of a game's first new state. It looks the name up at every
    call; a class's own hot path uses `memo_slot`.

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Note:
        ...     _seen: bool = attrs.field(default=False, eq=False)
        >>> note = Note()
        >>> remember(note, "_seen", True); note
        Note(_seen=True)
    """
    object.__setattr__(value, name, x)


class IdentityCache(Generic[V]):
    """At most ``size`` values, one per object looked up by identity (objects need not be hashable).

    A `yamskit._cache.LruCache` keyed by the object's ``id``: each entry keeps its object
    alive, so no other object can have that ``id`` while the entry is kept. Past ``size``
    the least recently used entry (and with it its object) is dropped.

    Examples:
        >>> cache: IdentityCache[int] = IdentityCache("example lists", size=1, key="a list")
        >>> a, b = [], []
        >>> cache.get(a, lambda: 1), cache.get(b, lambda: 2), cache.get(a, lambda: 3)  # a was dropped
        (1, 2, 3)
    """

    __slots__ = ("_lru",)

    def __init__(self, name: str, *, size: int, key: str) -> None:
        self._lru: LruCache[int, tuple[object, V]] = LruCache(name, size=size, key=key)

    def get(self, thing: object, compute: Callable[[], V]) -> V:
        """The value cached for ``thing``, computed by ``compute()`` the first time."""
        return self._lru.get(id(thing), lambda: (thing, compute()))[1]

    def __len__(self) -> int:
        return len(self._lru)
