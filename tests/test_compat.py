"""0.1.0's documented API still imports in 0.2: moved paths warn, removed ones are in the migration table.

``tests/data/api-0.1.0.json`` lists every module the 0.1.0 reference documented (its
``::: module`` pages) with the names it exported, read from the 0.1.0 release.
"""

from __future__ import annotations

import importlib
import json
import re
import warnings
from pathlib import Path

import pytest

import yamskit

ROOT = Path(__file__).resolve().parents[1]
API = json.loads((ROOT / "tests" / "data" / "api-0.1.0.json").read_text(encoding="utf-8"))
_ROW = re.compile(r"^\| `(yamskit[\w.]*)` \| (.+) \|$")
#: Third-party modules of the extras: a documented path that needs a missing one is skipped.
OPTIONAL = {"gymnasium", "pettingzoo", "pyspiel", "open_spiel"}


def _import(path: str) -> object:
    """``importlib.import_module(path)``, or a skip naming the extra's module when it is not installed."""
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as error:
        if error.name in OPTIONAL:
            pytest.skip(f"{path} needs {error.name}, an optional extra that is not installed")
        raise


def migration_table() -> dict[str, str]:
    """Old path -> what the CHANGELOG's migration table says of it."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    # every "### Migration from 0.x" section: the paths that moved in each minor version
    section = "\n".join(part.split("\n## ", 1)[0] for part in text.split("### Migration from 0.")[1:])
    return {m.group(1): m.group(2) for line in section.splitlines() if (m := _ROW.match(line.strip()))}


def _removed() -> set[str]:
    return {path for path, says in migration_table().items() if says.startswith("removed")}


@pytest.mark.parametrize("path", sorted(API))
def test_a_documented_path_of_0_1_imports_or_is_listed_as_removed(path: str) -> None:
    if path in _removed():
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(path)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        module = _import(path)
    for name in API[path]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            assert hasattr(module, name), f"{path}.{name}"


@pytest.mark.parametrize("old", sorted(path for path, says in migration_table().items() if "alias" in says))
def test_a_moved_path_gives_the_new_objects_with_a_warning_naming_the_new_path(old: str) -> None:
    new = re.search(r"`(yamskit[\w.]*)`", migration_table()[old])
    assert new is not None, old
    alias, module = importlib.import_module(old), importlib.import_module(new.group(1))
    assert alias.__all__ == module.__all__
    for name in module.__all__:
        with pytest.warns(DeprecationWarning, match=rf"{old} is deprecated: import {name} from {new.group(1)}"):
            value = getattr(alias, name)
        assert value is getattr(module, name)


def test_a_from_import_of_a_moved_path_warns_at_the_importing_line() -> None:
    with pytest.warns(DeprecationWarning, match="scorecard.house_rules") as caught:
        exec("from yamskit.house_rules import Joker", {"__name__": "user_code"})
    assert caught[0].filename == "<string>"


def test_a_moved_path_refuses_a_name_it_never_had() -> None:
    alias = importlib.import_module("yamskit.house_rules")
    with pytest.raises(AttributeError):
        alias.no_such_name  # noqa: B018


def test_every_moved_path_or_name_is_in_the_migration_section_and_every_row_is_a_0_1_path() -> None:
    table = migration_table()
    text = "\n".join((ROOT / "CHANGELOG.md").read_text(encoding="utf-8").split("### Migration from 0.")[1:])
    for path in API:
        if path in table:
            continue
        for name in _moved_names(path):
            assert f"`{path}.{name}`" in text or f"`{name}" in text, f"{path}.{name} moved without a word"
    released = set(API) | {
        "yamskit.scorecard_state",
        "yamskit.scorecard_variant",
        "yamskit.scorecard_rules",
        "yamskit.variants.yamslam_chips",
        "yamskit.variants.yamslam_match",
        "yamskit.variants.yam_master_board",
        "yamskit.variants.competitive_rules",
        "yamskit.variants.competitive_duels",
    }
    assert set(table) <= released


def _moved_names(path: str) -> list[str]:
    """The 0.1 names of ``path`` that now warn (they moved) or are gone (none when its extra is missing)."""
    try:
        module = importlib.import_module(path)
    except ModuleNotFoundError as error:
        if error.name in OPTIONAL:
            return []
        raise
    moved = []
    for name in API[path]:
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            try:
                getattr(module, name)
            except (DeprecationWarning, AttributeError):
                moved.append(name)
    return moved


def test_the_old_position_functions_warn_and_dispatch_through_the_variant() -> None:
    import yamskit.position as position

    v = yamskit.variant("yam-master")
    with pytest.warns(DeprecationWarning, match="variant.position"):
        build = position.yam_master_position
    with pytest.warns(DeprecationWarning, match="check_reachable"):
        check = position.check_yam_master
    game = build(v, ["Ann", "Bob"], board={"Ann": [(0, 0)]}, current_player=1, seed=1)
    assert game == v.position(["Ann", "Bob"], board={"Ann": [(0, 0)]}, current_player=1, seed=1)
    check(game)


def test_every_name_of_the_top_level_in_0_1_is_still_there() -> None:
    assert all(hasattr(yamskit, name) for name in yamskit.__all__)
    for name in sorted(set(API["yamskit"]) - set(yamskit.__all__)):  # moved to its family's package: it warns
        with pytest.warns(DeprecationWarning, match=rf"yamskit.{name} is deprecated: import it from ") as caught:
            value = getattr(yamskit, name)
        home = str(caught[0].message).rpartition(" ")[2]
        assert getattr(importlib.import_module(home), name) is value, name
