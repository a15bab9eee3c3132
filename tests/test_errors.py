"""The exception hierarchy as users see it: every error yamskit raises is exported at the top level."""

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


def test_every_yamskit_error_is_exported_at_the_top_level() -> None:
    _every_module()
    errors = {cls for cls in _subclasses(YamskitError) if cls.__module__.startswith("yamskit.")}
    missing = sorted(
        f"{cls.__module__}.{cls.__name__}" for cls in errors if getattr(yamskit, cls.__name__, None) is not cls
    )
    assert missing == []
    assert {cls.__name__ for cls in errors} <= set(yamskit.__all__)


def test_every_error_in_the_errors_module_is_in_its_all() -> None:
    import yamskit.errors

    defined = {name for name, value in vars(yamskit.errors).items() if isinstance(value, type)}
    assert defined == set(yamskit.errors.__all__)


@pytest.mark.parametrize(
    ("name", "home"),
    [
        ("DiceMismatchError", "yamskit.records"),
        ("RulesMismatchError", "yamskit.solver"),
        ("ImpossibleSheetError", "yamskit.position"),
        ("PlusMinusError", "yamskit.variants.challenge"),
        ("ChipNotQualifiedError", "yamskit.variants.yamslam"),
        ("LabelError", "yamskit.variants.yam_master"),
    ],
)
def test_an_error_is_the_same_class_at_the_top_level_and_where_it_was(name: str, home: str) -> None:
    if home == "yamskit.solver":
        pytest.importorskip("numpy")
    assert getattr(importlib.import_module(home), name) is getattr(yamskit, name)


def test_a_strict_dice_mismatch_is_caught_as_the_top_level_class() -> None:
    record = yamskit.GameRecord("classic", seed=1, moves=(yamskit.Move(0, yamskit.Roll(outcome="66666")),))
    game = yamskit.variant("classic").new_game(seed=1)
    from yamskit.records.replay import step

    with pytest.raises(yamskit.DiceMismatchError, match="strict dice"):
        step(game, record.moves[0], True, strict_dice=True)
