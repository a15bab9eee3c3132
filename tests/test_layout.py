"""The package's shape: core -> scorecard engine -> variant families -> edges, with no circle.

Every import that runs counts: at module level, inside a function, and a module named by a
constant string to ``importlib.import_module``. Imports under ``if TYPE_CHECKING:`` never run;
they may point back inside their own unit (a placement rule naming the state that calls it)
but never up a layer or into another family. No module is left out and no edge is exempted:
where a check would need an exception, the code gets a hook instead.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator

import attrs
import pytest

import yamskit

SRC = pathlib.Path(yamskit.__file__).parent

#: The layers, lowest first. A module belongs to the first layer one of whose prefixes it matches.
CORE = 0
SCORECARD = 1
FAMILY = 2
EDGE = 3
TOP = 4
_EDGE_PACKAGES = ("bots", "cli", "records", "rl", "solver", "svg", "web")
_EDGE_MODULES = ("registry", "text")
_LAYER_NAMES = {CORE: "core", SCORECARD: "scorecard engine", FAMILY: "variant family", EDGE: "edge", TOP: "top"}


@attrs.frozen
class Import:
    source: str
    target: str
    line: int
    lazy: bool
    typing_only: bool


@attrs.frozen
class Module:
    name: str
    path: pathlib.Path
    package: bool

    @property
    def is_alias(self) -> bool:
        """A deprecated 0.1.0 path: a module that sets its names from ``_compat.forward`` at module level."""
        tree = ast.parse(self.path.read_text(encoding="utf-8"))
        return any(
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id == "forward"
            for node in tree.body
        )


def modules() -> dict[str, Module]:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if package else parts)
        found[name] = Module(name, path, package)
    return found


def layer(module: Module) -> int:
    """The layer of a module (aliases and the package's own ``__init__``/``__main__`` sit on top)."""
    parts = module.name.split(".")
    if module.is_alias or module.name in ("yamskit", "yamskit.__main__"):
        return TOP
    second = parts[1]
    if second == "scorecard":
        return SCORECARD
    if second == "variants":
        return FAMILY
    if second in _EDGE_PACKAGES or second in _EDGE_MODULES:
        return EDGE
    return CORE


def family(name: str) -> str | None:
    """``yamskit.variants.yamslam.chips`` -> ``yamslam``; ``None`` outside the families."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "variants" else None


def unit(name: str) -> str:
    """The package a module belongs to for TYPE_CHECKING imports: core, scorecard, a family or an edge."""
    parts = name.split(".")
    if len(parts) < 2:
        return "yamskit"
    if parts[1] == "variants":
        return ".".join(parts[:3])
    if parts[1] in ("scorecard", *_EDGE_PACKAGES, *_EDGE_MODULES):
        return ".".join(parts[:2])
    return "core"


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(module: Module, known: dict[str, Module]) -> Iterator[Import]:
    """Every yamskit module ``module`` imports, with where and how."""
    here = module.name.split(".") if module.package else module.name.split(".")[:-1]

    def resolve(level: int, target: str | None) -> str:
        if not level:
            return target or ""
        base = here[: len(here) - level + 1]
        return ".".join(base + ([target] if target else []))

    def targets(base: str, names: list[str]) -> list[str]:
        out = [f"{base}.{n}" for n in names if f"{base}.{n}" in known]
        if len(out) < len(names):
            while base and base not in known:
                base = base.rpartition(".")[0]
            if base:
                out.append(base)
        return out

    def visit(node: ast.AST, lazy: bool, typing_only: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for inner in child.body:
                    yield from visit_one(inner, lazy, True)
                for inner in child.orelse:
                    yield from visit_one(inner, lazy, typing_only)
            else:
                yield from visit_one(child, lazy, typing_only)

    def visit_one(node: ast.AST, lazy: bool, typing_only: bool) -> Iterator[Import]:
        found: list[str] = []
        if isinstance(node, ast.ImportFrom):
            found = targets(resolve(node.level, node.module), [a.name for a in node.names])
        elif isinstance(node, ast.Import):
            found = [a.name for a in node.names]
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                or (isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__", "forward"))
            )
        ):
            arguments = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            found = [a for a in arguments if a.startswith("yamskit")]
        for target in found:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != module.name:
                yield Import(module.name, target, getattr(node, "lineno", 0), lazy, typing_only)
        inner_lazy = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        yield from visit(node, inner_lazy, typing_only)

    yield from visit(ast.parse(module.path.read_text(encoding="utf-8")), False, False)


def graph() -> tuple[dict[str, Module], list[Import]]:
    known = modules()
    return known, [edge for m in known.values() for edge in imports(m, known)]


def circles(nodes: list[str], edges: list[Import]) -> list[list[str]]:
    """The strongly connected components of two or more modules (Tarjan, iterative)."""
    succ: dict[str, list[str]] = {n: [] for n in nodes}
    for edge in edges:
        succ[edge.source].append(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(succ[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ[w])))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def _where(edge: Import, known: dict[str, Module]) -> str:
    kind = "TYPE_CHECKING " if edge.typing_only else "lazy " if edge.lazy else ""
    return f"{known[edge.source].path.relative_to(SRC.parent)}:{edge.line} {kind}import of {edge.target}"


# ---------------------------------------------------------------- the checks
def test_no_circle_counting_every_import_that_runs() -> None:
    known, edges = graph()
    running = [e for e in edges if not e.typing_only]
    assert circles(sorted(known), running) == []


def test_no_module_imports_one_above_its_layer() -> None:
    known, edges = graph()
    upward = [
        f"{_where(e, known)} ({_LAYER_NAMES[layer(known[e.source])]} -> {_LAYER_NAMES[layer(known[e.target])]})"
        for e in edges
        if layer(known[e.target]) > layer(known[e.source])
    ]
    assert upward == []


def test_a_family_imports_no_other_family_and_no_edge() -> None:
    known, edges = graph()
    crossing = [
        _where(e, known)
        for e in edges
        if family(e.source) is not None
        and ((family(e.target) is not None and family(e.target) != family(e.source)) or layer(known[e.target]) >= EDGE)
    ]
    assert crossing == []


def test_type_checking_imports_stay_inside_their_package_or_point_down() -> None:
    known, edges = graph()
    stray = [
        _where(e, known)
        for e in edges
        if e.typing_only and unit(e.source) != unit(e.target) and layer(known[e.target]) >= layer(known[e.source])
    ]
    assert stray == []


def test_nothing_in_the_package_imports_a_deprecated_alias() -> None:
    known, edges = graph()
    assert [_where(e, known) for e in edges if known[e.target].is_alias and not known[e.source].is_alias] == []


def test_the_core_tests_no_family_class_by_name() -> None:
    # the edges and the core reach a family through its variant object or the registry
    family_classes = {"YamMasterGame", "YamMasterVariant", "YamslamGame", "YamslamVariant", "PlusAboveMinus"}
    family_classes |= {"Sec", "SumPair", "GoldenRule", "ZeroIsScratch", "DuelScoring"}
    known = modules()
    found = []
    for module in known.values():
        if family(module.name) is not None:
            continue
        tree = ast.parse(module.path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
                kinds = node.args[1] if len(node.args) > 1 else ast.Tuple(elts=[])
                named = {n.id for n in ast.walk(kinds) if isinstance(n, ast.Name)}
                if named & family_classes:
                    found.append(f"{module.path.relative_to(SRC.parent)}:{node.lineno}")
    assert found == []


# ---------------------------------------------------------------- the checker checks itself
def _fake_package(tmp_path: pathlib.Path, files: dict[str, str]) -> dict[str, Module]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    found = {}
    for path in sorted(tmp_path.rglob("*.py")):
        parts = list(path.relative_to(tmp_path).with_suffix("").parts)
        package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if package else parts)
        found[name] = Module(name, path, package)
    return found


def test_the_checker_sees_an_import_inside_a_function_and_the_circle_it_closes(tmp_path: pathlib.Path) -> None:
    known = _fake_package(
        tmp_path,
        {
            "yamskit/__init__.py": "",
            "yamskit/dice.py": "def picture():\n    from .svg import draw\n",
            "yamskit/svg/__init__.py": "from ..dice import picture\n",
        },
    )
    edges = [e for m in known.values() for e in imports(m, known)]
    assert any(e.lazy and e.target == "yamskit.svg" for e in edges)
    assert circles(sorted(known), edges) == [["yamskit.dice", "yamskit.svg"]]
    assert [layer(known[e.target]) > layer(known[e.source]) for e in edges] == [True, False]


def test_the_checker_counts_a_string_import_and_separates_type_checking(tmp_path: pathlib.Path) -> None:
    known = _fake_package(
        tmp_path,
        {
            "yamskit/__init__.py": "",
            "yamskit/game.py": (
                "import importlib\nfrom typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from .variants.yamslam import game\n"
                "def load():\n    importlib.import_module('yamskit.bots')\n"
            ),
            "yamskit/bots/__init__.py": "",
            "yamskit/variants/__init__.py": "",
            "yamskit/variants/yamslam/__init__.py": "",
            "yamskit/variants/yamslam/game.py": "",
        },
    )
    edges = {(e.target, e.lazy, e.typing_only) for e in imports(known["yamskit.game"], known)}
    assert edges == {("yamskit.variants.yamslam.game", False, True), ("yamskit.bots", True, False)}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("yamskit.dice", CORE),
        ("yamskit.notation.grammar", CORE),
        ("yamskit.scorecard.state", SCORECARD),
        ("yamskit.variants.yamslam.game", FAMILY),
        ("yamskit.svg", EDGE),
        ("yamskit.registry", EDGE),
        ("yamskit", TOP),
    ],
)
def test_every_module_has_a_layer(name: str, expected: int) -> None:
    assert layer(modules()[name]) == expected
