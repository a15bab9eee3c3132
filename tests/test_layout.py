"""The module layout: variant packages, the old module paths kept as deprecated aliases."""

from __future__ import annotations

import ast
import importlib
import pathlib
import warnings
from collections.abc import Mapping

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


# ---------------------------------------------------------------- the import graph
SRC = pathlib.Path(yamskit.__file__).parent

#: The front ends built over the states: the notation and position readers, the pictures and
#: the registry. A state or variant hands itself to them in a convenience method
#: (``to_notation``, ``position``, ``_repr_svg_``, ``load_game``...) and imports them there,
#: when called: those edges point up, out of the layers, and are the only ones left out.
FRONT_ENDS = ("yamskit.notation", "yamskit.position", "yamskit.registry", "yamskit.svg")

#: Known cycles left to break (none: keep it that way).
ELSEWHERE: list[list[str]] = []


def _module_names() -> dict[str, tuple[pathlib.Path, bool]]:
    names = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        names[".".join(parts[:-1] if package else parts)] = (path, package)
    return names


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: pathlib.Path, package: bool, modules: Mapping[str, object]) -> set[str]:
    """The yamskit modules ``name`` imports, at import time or in a function, not under TYPE_CHECKING."""
    found: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit_one(other, in_function)
            else:
                visit_one(child, in_function)

    def visit_one(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            visit(node, True)
            return
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if package else name.split(".")[:-1]
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        for target in targets:
            if target not in modules or target == name or name.startswith(target + "."):
                continue
            if in_function and target.startswith(FRONT_ENDS) and not name.startswith(FRONT_ENDS):
                continue
            found.add(target)
            parts = target.split(".")  # importing a.b.c runs a.b's __init__ first (unless it is the importer's own)
            found.update(
                p
                for i in range(2, len(parts))
                if (p := ".".join(parts[:i])) in modules and p != name and not name.startswith(p + ".")
            )
        visit(node, in_function)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def _cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return sorted(found)


def test_the_import_graph_has_no_cycle() -> None:
    """Serialization, the scorecard state, text and placement no longer import each other in a circle."""
    modules = _module_names()
    graph = {name: _imports(name, path, package, modules) for name, (path, package) in modules.items()}
    assert not graph["yamskit.serialization"] & {"yamskit.scorecard_game", "yamskit.scorecard_state"}
    assert [cycle for cycle in _cycles(graph) if cycle not in ELSEWHERE] == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
