"""The exception hierarchy as users see it: the errors every caller meets at the top, each family's in its package.

The top level (``yamskit.__all__``) exports the core's errors: those of `yamskit.errors`,
`yamskit.names` and the base `yamskit.position.PositionError`, but for the few that one
edge raises (action ids given as the wrong type, render modes of the learning adapters,
strict dice of records). Every other error is exported by the module that defines it and by
its package (a family's errors by the family's package, the kinds of impossible position by
`yamskit.position`); their 0.1 spellings at the top level, deprecated in 0.2, went in 0.3.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import yamskit
from yamskit.errors import YamskitError


def _every_module() -> None:
    """Import every yamskit module that imports here (the optional extras may be missing)."""
    for info in pkgutil.walk_packages(yamskit.__path__, "yamskit."):
        try:
            importlib.import_module(info.name)
        except ImportError:
            continue


def _subclasses(cls: type[BaseException]) -> set[type[BaseException]]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_subclasses(sub)}
    return found


#: Errors of the core that one edge raises: exported by `yamskit.errors`, not at the top level.
EDGE_ERRORS = {"ActionIdTypeError", "DiceMismatchError", "RenderModeError"}
#: The modules whose errors every caller meets.
CORE_ERRORS = {"yamskit.errors", "yamskit.names"}


def _errors() -> set[type[BaseException]]:
    _every_module()
    return {cls for cls in _subclasses(YamskitError) if cls.__module__.startswith("yamskit.")}


def test_the_top_level_exports_the_errors_every_caller_meets() -> None:
    everyday = {
        cls.__name__ for cls in _errors() if cls.__module__ in CORE_ERRORS and cls.__name__ not in EDGE_ERRORS
    } | {"PositionError", "YamskitError"}
    assert {name for name in yamskit.__all__ if name.endswith("Error")} == everyday


def test_every_error_is_exported_where_it_is_defined_and_by_its_package() -> None:
    missing = []
    for cls in _errors():
        module = importlib.import_module(cls.__module__)
        family = cls.__module__.startswith("yamskit.variants.") and cls.__module__.count(".") == 2  # challenge.py
        package = module if family else importlib.import_module(cls.__module__.rpartition(".")[0])
        homes = [module] if module.__name__ in CORE_ERRORS else [module, package]
        for home in homes:
            if cls.__name__ not in getattr(home, "__all__", ()) or getattr(home, cls.__name__) is not cls:
                missing.append(f"{home.__name__}.{cls.__name__}")
    assert sorted(missing) == []


def test_every_error_in_the_errors_module_is_in_its_all() -> None:
    import yamskit.errors

    defined = {name for name, value in vars(yamskit.errors).items() if isinstance(value, type)}
    assert defined == {name for name in yamskit.errors.__all__ if isinstance(getattr(yamskit.errors, name), type)}


@pytest.mark.parametrize(
    ("name", "home"),
    [
        ("DiceMismatchError", "yamskit.records"),
        ("ImpossibleSheetError", "yamskit.position"),
        ("PlusMinusError", "yamskit.variants.challenge"),
        ("ChipNotQualifiedError", "yamskit.variants.yamslam"),
        ("LabelError", "yamskit.variants.yam_master"),
    ],
)
def test_an_error_that_moved_home_in_0_2_is_read_from_its_home_only(name: str, home: str) -> None:
    assert isinstance(getattr(importlib.import_module(home), name), type)
    with pytest.raises(AttributeError, match=f"module 'yamskit' has no attribute '{name}'"):
        getattr(yamskit, name)


def test_a_solver_error_is_the_same_class_at_the_top_level_and_in_the_solver() -> None:
    pytest.importorskip("numpy")
    assert importlib.import_module("yamskit.solver").RulesMismatchError is yamskit.RulesMismatchError


def test_a_strict_dice_mismatch_is_caught_as_the_class_the_records_export() -> None:
    record = yamskit.GameRecord("classic", seed=1, moves=(yamskit.Move(0, yamskit.Roll(outcome="66666")),))
    game = yamskit.variant("classic").new_game(seed=1)
    from yamskit.records.replay import step

    with pytest.raises(importlib.import_module("yamskit.records").DiceMismatchError, match="strict dice"):
        step(game, record.moves[0], True, strict_dice=True)
