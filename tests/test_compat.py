"""0.1.0's documented API: what still imports does, what moved warns or is gone, and the migration tables say which.

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
    """Old path -> what the newest of the CHANGELOG's migration tables that names it says of it."""
    found: dict[str, str] = {}
    for line in _migration_text().splitlines():  # newest section first: it has the last word on a path
        if (m := _ROW.match(line.strip())) and m.group(1) not in found:
            found[m.group(1)] = m.group(2)
    return found


def _migration_text() -> str:
    """Every "### Migration from 0.x" section of the CHANGELOG, newest first: what moved or went in each version."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return "\n".join(part.split("\n## ", 1)[0] for part in text.split("### Migration from 0.")[1:])


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
    text = _migration_text()
    for name in API[path]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            present = hasattr(module, name)
        assert present or f"`{path}.{name}`" in text or f"`{name}" in text, f"{path}.{name} went without a word"


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
    with pytest.warns(DeprecationWarning, match="variants.yam_master.strategy") as caught:
        exec("from yamskit.bots.board import DEFENCE", {"__name__": "user_code"})
    assert caught[0].filename == "<string>"


def test_a_moved_path_refuses_a_name_it_never_had() -> None:
    alias = importlib.import_module("yamskit.bots.board")
    with pytest.raises(AttributeError):
        alias.no_such_name  # noqa: B018


def test_every_moved_path_or_name_is_in_the_migration_section_and_every_row_is_a_0_1_path() -> None:
    table = migration_table()
    text = _migration_text()
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


def test_the_0_1_spellings_deprecated_in_0_2_are_gone_in_0_3() -> None:
    import yamskit.game
    import yamskit.position
    import yamskit.transitions

    gone = {
        yamskit.position: ("check_scorecard", "check_yam_master", "scorecard_position", "yamslam_position"),
        yamskit.game: ("check_players", "rank", "roll_dice", "new_stream", "game_over_error"),
        yamskit.transitions: ("apply_move",),
        yamskit: ("BoardError", "ChipError", "ImpossibleSheetError", "VariantLike"),
    }
    for module, names in gone.items():
        for name in names:
            with pytest.raises(AttributeError):
                getattr(module, name)
    assert not hasattr(yamskit.variant("challenge").rules, "rules")  # now placement_rules
    for path in ("yamskit.scorecard_game", "yamskit.house_rules", "yamskit.position.yamslam", "yamskit.simulate"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(path)


def test_every_name_of_the_top_level_in_0_1_is_there_or_listed_as_gone() -> None:
    assert all(hasattr(yamskit, name) for name in yamskit.__all__)
    text = _migration_text()
    for name in sorted(set(API["yamskit"]) - set(yamskit.__all__)):  # moved to its family's package in 0.2
        with pytest.raises(AttributeError):
            getattr(yamskit, name)
        assert f"`yamskit.{name}`" in text, name
