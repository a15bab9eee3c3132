"""The methods attrs writes for yamskit's classes run: no module global hides one of attrs's own helpers.

attrs (25 and later) compiles a class's ``__repr__``, ``__eq__`` and the rest with its own
helpers (``_compat``, ``NOTHING``...) in their globals, then adds the globals of the class's
module on top. A module that holds a global of one of those names (``from . import _compat``
in ``yamskit.game``, say) gives the generated methods yamskit's object instead of attrs's,
and ``repr`` of the module's classes fails.
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from collections.abc import Iterator

import attr
import attrs
import pytest

import yamskit
from yamskit.game import Transitions

#: What attrs's generated methods read from their globals, and the objects they must find.
ATTRS_HELPERS = {"_compat": importlib.import_module("attr._compat"), "NOTHING": attr.NOTHING}
OPTIONAL = {"gymnasium", "pettingzoo", "pyspiel", "open_spiel", "distributed", "rich", "typer"}


def attrs_classes() -> Iterator[type]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the deprecated 0.2 paths still load
        for info in pkgutil.walk_packages(yamskit.__path__, "yamskit."):
            try:
                module = importlib.import_module(info.name)
            except ImportError as error:
                if error.name and error.name.split(".")[0] in OPTIONAL:
                    continue
                raise
            for value in list(vars(module).values()):
                if isinstance(value, type) and attrs.has(value) and value.__module__ == module.__name__:
                    yield value


CLASSES = sorted(set(attrs_classes()), key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


def test_the_walk_finds_the_classes() -> None:
    names = {f"{cls.__module__}.{cls.__qualname__}" for cls in CLASSES}
    assert {"yamskit.game.Transitions", "yamskit.game.Witness", "yamskit.result.Result"} <= names


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
def test_generated_methods_find_attrs_helpers(cls: type) -> None:
    for name, method in vars(cls).items():
        code = getattr(method, "__code__", None)
        if code is None or not code.co_filename.startswith("<attrs generated"):
            continue  # written by yamskit, not generated
        for helper, expected in ATTRS_HELPERS.items():
            if helper in code.co_names:
                assert method.__globals__[helper] is expected, f"{cls.__qualname__}.{name} reads another {helper}"


def test_the_transitions_of_a_game_print() -> None:
    state = yamskit.variant("classic").new_game(seed=1)
    transitions = type(state).transitions
    assert isinstance(transitions, Transitions)
    assert repr(transitions).startswith("Transitions(thrown=")
