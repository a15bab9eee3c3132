"""The module layout: variant packages, the old module paths kept as deprecated aliases."""

from __future__ import annotations

import importlib
import warnings

import pytest

import yamskit

#: Old module path -> new module path (issue 11: a variant of several modules is a package).
MOVED = {
    "yamskit.variants.yamslam_chips": "yamskit.variants.yamslam.chips",
    "yamskit.variants.yamslam_match": "yamskit.variants.yamslam.match",
    "yamskit.variants.yam_master_board": "yamskit.variants.yam_master.board",
    "yamskit.variants.competitive_rules": "yamskit.variants.competitive.rules",
    "yamskit.variants.competitive_duels": "yamskit.variants.competitive.duels",
}

#: The public names of each variant package, as the single modules had them before.
PUBLIC = {
    "yamskit.variants.yamslam": [
        "ACTIONS",
        "MAX_THROWS",
        "NOTES",
        "VARIANTS",
        "ChipError",
        "ChipNotAvailableError",
        "ChipNotQualifiedError",
        "DiscardPileError",
        "Mode",
        "SecondChipError",
        "YamslamGame",
        "YamslamVariant",
        "yamslam",
    ],
    "yamskit.variants.yam_master": [
        "ACTIONS",
        "DEFAULT_MAX_TURNS",
        "MAX_THROWS",
        "RULINGS",
        "TOKENS",
        "VARIANTS",
        "ChallengeError",
        "LabelError",
        "RemovalError",
        "YamMasterGame",
        "YamMasterVariant",
        "yam_master",
    ],
    "yamskit.variants.competitive": ["COLUMNS", "VARIANTS", "competitive", "rows", "sec_maxima"],
}


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_an_old_module_path_gives_the_new_objects_with_a_deprecation_warning(old: str, new: str) -> None:
    alias, module = importlib.import_module(old), importlib.import_module(new)
    assert alias.__all__ == module.__all__
    for name in module.__all__:
        with pytest.warns(DeprecationWarning, match=rf"{old} is deprecated: import {name} from {new}"):
            value = getattr(alias, name)
        assert value is getattr(module, name)


def test_from_import_of_an_old_path_warns_at_the_importing_line() -> None:
    with pytest.warns(DeprecationWarning, match="yamslam.chips") as caught:
        exec("from yamskit.variants.yamslam_chips import ChipSet", {"__name__": "user_code"})
    assert caught[0].filename == "<string>"


def test_an_old_path_refuses_a_name_it_never_had() -> None:
    alias = importlib.import_module("yamskit.variants.yamslam_chips")
    with pytest.raises(AttributeError):
        alias.no_such_name  # noqa: B018


@pytest.mark.parametrize(("package", "names"), sorted(PUBLIC.items()))
def test_a_variant_package_exports_the_names_its_module_had(package: str, names: list[str]) -> None:
    module = importlib.import_module(package)
    assert module.__all__ == names
    assert all(hasattr(module, name) for name in names)


def test_the_registry_finds_each_variant_once_and_imports_no_alias_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        names = yamskit.variant_names()
    assert {"competitive", "yam-master", "yamslam"} <= set(names)
