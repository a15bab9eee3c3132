"""Every public function, method and class resolves its annotations at run time.

``typing.get_type_hints`` is what runtime tools read (cattrs, pydantic, typer, beartype):
it evaluates each annotation in its module's namespace, so a name imported only for type
checkers (under ``if TYPE_CHECKING:``) makes it fail. The tests walk every name of
``yamskit.__all__`` and of each public module's ``__all__`` (a module whose path has no
part starting with an underscore): the name itself when it is a function or a class,
and, for a class of yamskit's, every function, property, class method and static method
its own body defines.

A class that derives from a third-party class is checked on yamskit's part of it when the
third-party part cannot be: Gymnasium's ``Env`` annotates ``spec`` with a type it imports
only for type checkers, so ``get_type_hints`` fails on every ``Env`` subclass, whoever
writes it; the test then requires the third-party class alone to fail the same way.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import types
import typing
import warnings
from collections.abc import Iterator

import pytest

import yamskit

#: Third-party modules of the extras: a public module that needs a missing one is skipped.
OPTIONAL = {"gymnasium", "pettingzoo", "pyspiel", "open_spiel", "distributed", "rich"}


def public_modules() -> list[str]:
    names = ["yamskit"]
    for info in pkgutil.walk_packages(yamskit.__path__, "yamskit."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


def _import(name: str) -> object:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # the deprecated 0.2 alias modules warn when read
            return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name in OPTIONAL:
            pytest.skip(f"{name} needs {error.name}, an optional extra that is not installed")
        raise


def _members(cls: type) -> Iterator[tuple[str, object]]:
    """The functions a class's own body defines, properties' getters and setters included."""
    for name, value in vars(cls).items():
        if isinstance(value, (staticmethod, classmethod)):
            yield name, value.__func__
        elif isinstance(value, property):
            for part in (value.fget, value.fset):
                if part is not None:
                    yield name, part
        elif inspect.isfunction(value):
            yield name, value


def annotated(module: object) -> Iterator[tuple[str, object]]:
    """Every function and class the module's ``__all__`` names that yamskit defines, with their members."""
    for name in getattr(module, "__all__", ()):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            value = getattr(module, name)
        owner = getattr(value, "__module__", "") or ""
        if not owner.startswith("yamskit"):
            continue
        if inspect.isclass(value):
            yield name, value
            for member, function in _members(value):
                if (getattr(function, "__module__", "") or "").startswith("yamskit"):
                    yield f"{name}.{member}", function
        elif inspect.isfunction(value):
            yield name, value


def _own_hints(cls: type) -> None:
    """Evaluate the annotations of the yamskit classes of ``cls``'s MRO, each in its own module."""
    for base in cls.__mro__:
        if not base.__module__.startswith("yamskit"):
            continue
        namespace = types.ModuleType(base.__module__)
        namespace.__dict__.update(vars(sys.modules[base.__module__]))
        namespace.__annotations__ = dict(vars(base).get("__annotations__", {}))
        typing.get_type_hints(namespace, localns=dict(vars(base)))


def _foreign_failure(cls: type) -> bool:
    """Whether a third-party class of ``cls``'s MRO fails `typing.get_type_hints` on its own."""
    for base in cls.__mro__[1:]:
        if base.__module__.startswith("yamskit") or base.__module__ in ("builtins", "typing", "abc"):
            continue
        try:
            typing.get_type_hints(base)
        except NameError:
            return True
    return False


def check_hints(value: object) -> None:
    """`typing.get_type_hints` of ``value`` (yamskit's part only, for a class whose third-party base fails alone)."""
    try:
        typing.get_type_hints(value)
    except NameError:
        if not (inspect.isclass(value) and _foreign_failure(value)):
            raise
        _own_hints(value)


@pytest.mark.parametrize("module_name", public_modules())
def test_get_type_hints_resolves_on_every_public_name(module_name: str) -> None:
    module = _import(module_name)
    failures = []
    for name, value in annotated(module):
        try:
            check_hints(value)
        except Exception as error:  # every failure is reported, with its name
            failures.append(f"{module_name}.{name}: {type(error).__name__}: {error}")
    assert failures == []


def test_the_walk_sees_the_names_it_must() -> None:
    seen = {name for name, _ in annotated(yamskit)}
    assert {"variant", "load_game", "from_notation", "GameState", "Variant", "Dice", "Dice.parse"} <= seen
    modules = public_modules()
    assert "yamskit.scorecard.rules" in modules
    assert "yamskit._fast" not in modules
    seen_rules = {name for name, _ in annotated(importlib.import_module("yamskit.scorecard.rules"))}
    assert {"ScorecardRules", "ScorecardRules.box_values", "SheetState", "SheetState.placement"} <= seen_rules


def test_a_name_known_only_to_type_checkers_is_caught() -> None:
    namespace: dict[str, object] = {}
    exec(
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from decimal import Decimal\n"
        "def half(x: Decimal) -> Decimal:\n    return x / 2\n",
        namespace,
    )
    with pytest.raises(NameError, match="Decimal"):
        typing.get_type_hints(namespace["half"])


def test_a_yamskit_annotation_is_still_checked_on_a_class_with_a_foreign_base() -> None:
    namespace: dict[str, object] = {"__name__": "yamskit.example"}
    sys.modules["yamskit.example"] = types.ModuleType("yamskit.example")
    try:
        exec(
            "from __future__ import annotations\n"
            "class Foreign:\n    spec: Missing\n"
            "Foreign.__module__ = 'elsewhere'\n"
            "class Mine(Foreign):\n    count: AlsoMissing\n",
            namespace,
        )
        sys.modules["yamskit.example"].__dict__.update(namespace)
        with pytest.raises(NameError, match="AlsoMissing"):
            check_hints(namespace["Mine"])
    finally:
        del sys.modules["yamskit.example"]
