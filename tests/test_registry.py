"""The variant registry: built-ins, options, run-time registration, plug-in entry points."""

from __future__ import annotations

from typing import Any

import pytest

import yamskit
from yamskit import RuleConfigError, _registry
from yamskit.categories import Category, total
from yamskit.registry import ENTRY_POINT_GROUP


@pytest.fixture(autouse=True)
def _registrations_end_with_the_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """The variants a test registers are gone after it (other tests list the registered names)."""
    yamskit.variant_names()  # load the built-ins first, so that they stay
    monkeypatch.setattr(_registry, "_FACTORIES", dict(_registry._FACTORIES))


def test_builtin_variants_are_listed() -> None:
    assert {"classic", "yahtzee"} <= set(yamskit.variant_names())
    assert yamskit.variant_names() == sorted(yamskit.variant_names())


def test_unknown_names_and_options_list_what_exists() -> None:
    with pytest.raises(RuleConfigError, match="classic"):
        yamskit.variant("nope")
    with pytest.raises(RuleConfigError, match="joker"):
        yamskit.variant("classic", jocker="free")
    with pytest.raises(RuleConfigError, match="none"):
        yamskit.variant("yahtzee", joker="free")
    with pytest.raises(RuleConfigError):
        yamskit.variant(3)  # type: ignore[arg-type]


def _tiny(*, points: int = 1) -> Any:
    return yamskit.ScorecardVariant.define("tiny", rows=[Category("chance", total)], options={"points": points})


def test_register_a_variant_at_run_time() -> None:
    yamskit.register_variant("tiny", _tiny, replace=True)
    assert yamskit.variant("tiny", points=2).options == {"points": 2}
    with pytest.raises(RuleConfigError, match="already exists"):
        yamskit.register_variant("tiny", _tiny)
    with pytest.raises(RuleConfigError, match="options: points"):
        yamskit.variant("tiny", colour="red")


def test_a_factory_error_becomes_a_rule_config_error() -> None:
    def broken(*, size: int = 1) -> Any:
        raise TypeError("size must be odd")

    yamskit.register_variant("broken", broken, replace=True)
    with pytest.raises(RuleConfigError, match="odd"):
        yamskit.variant("broken", size=2)


def test_plug_ins_come_from_the_entry_point_group(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata
    from importlib.metadata import EntryPoint

    from yamskit import _registry

    plugin = EntryPoint(name="plugged", value="tests.test_registry:_tiny", group=ENTRY_POINT_GROUP)
    broken = EntryPoint(name="bad_plugin", value="no_such_module:thing", group=ENTRY_POINT_GROUP)
    read: list[str] = []

    def entry_points(group: str) -> list[EntryPoint]:
        read.append(group)
        return [plugin, broken] if group == ENTRY_POINT_GROUP else []

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    monkeypatch.setattr(_registry, "_state", {"loaded": False, "plugins": False})
    monkeypatch.setattr(_registry, "_FACTORIES", {n: f for n, f in _registry._FACTORIES.items() if n != "plugged"})
    assert yamskit.variant("classic").name == "classic"
    assert read == []  # a built-in name never reads the entry points
    assert yamskit.variant("plugged").rows == ("chance",)
    assert read == [ENTRY_POINT_GROUP]  # the first unknown name reads them, once
    assert "plugged" in yamskit.variant_names()
    assert "bad_plugin" not in yamskit.variant_names()
    assert yamskit.variant("plugged").rows == ("chance",)
    assert "classic" in yamskit.variant_names()
