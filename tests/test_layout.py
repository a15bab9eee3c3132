"""The package's shape: core -> scorecard engine -> variant families -> edges, with no circle.

Every import that runs counts: at module level, inside a function, and a module named by a
constant string to ``importlib.import_module`` (or to the package's lazy names,
``yamskit._compat.lazy``). Imports under ``if TYPE_CHECKING:`` never run; they may point back
inside their own unit but never up a layer or into another family, and among the core's
modules they make no circle either. No module is left out and no edge is exempted: where a
check would need an exception, the code gets a hook instead.

The plumbing that makes a step quick stays in one private module, ``yamskit._fast``: no other
module keys a dictionary by ``id()`` or sets a frozen value's field with
``object.__setattr__``, and no module reaches into another object's private fields.
"""

from __future__ import annotations

import ast
import functools
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


@functools.cache
def _tree(path: pathlib.Path) -> ast.Module:
    """A module's syntax tree, parsed once for all the checks (each edge's layers ask twice)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@attrs.frozen
class Module:
    name: str
    path: pathlib.Path
    package: bool

    @property
    def is_alias(self) -> bool:
        """A deprecated 0.1.0 path: a module that sets its names from ``_compat.forward`` at module level."""
        tree = _tree(self.path)
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
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "lazy":
            # ``_compat.lazy(__name__, {name: "yamskit.module"}, moved={...})``: every module it names loads lazily
            strings = [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            found = sorted({value for value in strings if value.startswith("yamskit.")})
        for target in found:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != module.name:
                yield Import(module.name, target, getattr(node, "lineno", 0), lazy, typing_only)
        inner_lazy = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        yield from visit(node, inner_lazy, typing_only)

    yield from visit(_tree(module.path), False, False)


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


def test_no_circle_across_core_modules_even_counting_type_only_imports() -> None:
    known, edges = graph()
    core = sorted(name for name, module in known.items() if layer(module) == CORE)
    inside = [e for e in edges if e.source in core and e.target in core]
    assert circles(core, inside) == []


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
    family_classes = {"YamMasterGame", "YamMasterVariant", "YamslamGame", "YamslamVariant"}
    family_classes |= {"Sec", "SumPair", "GoldenRule", "ZeroIsScratch", "DuelScoring"}
    known = modules()
    found = []
    for module in known.values():
        if family(module.name) is not None:
            continue
        tree = _tree(module.path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
                kinds = node.args[1] if len(node.args) > 1 else ast.Tuple(elts=[])
                named = {n.id for n in ast.walk(kinds) if isinstance(n, ast.Name)}
                if named & family_classes:
                    found.append(f"{module.path.relative_to(SRC.parent)}:{node.lineno}")
    assert found == []


#: The edges that play games (learning adapters, bots, pictures, records, solver, text, command line, web
#: page): they reach a family through its variant, its states and what it registers (`yamskit.adapters`,
#: the picture kinds), never by importing it or by its name. (`yamskit.registry` is where names meet the
#: built-in families: its loader imports them, as OpenSpiel's registry loads its games.)
_PLAYING_EDGES = (*_EDGE_PACKAGES, "text")


def _plays(name: str) -> bool:
    parts = name.split(".")
    return len(parts) > 1 and parts[1] in _PLAYING_EDGES


def test_no_edge_imports_a_family() -> None:
    known, edges = graph()
    reaching = [
        _where(e, known)
        for e in edges
        if not e.typing_only and layer(known[e.source]) == EDGE and _plays(e.source) and family(e.target) is not None
    ]
    assert reaching == []


def _names_compared(tree: ast.AST, names: set[str]) -> list[tuple[int, str]]:
    """Variant names in a comparison (``variant.name == "yamslam"``, ``kind in ("a", "b")``) or as a table's keys."""
    found = []
    for node in ast.walk(tree):
        strings: list[ast.AST] = []
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                strings += list(ast.walk(side))
        elif isinstance(node, ast.Dict):
            strings = [k for k in node.keys if k is not None]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            strings = node.args[:1]
        found += [
            (node.lineno, s.value)
            for s in strings
            if isinstance(s, ast.Constant) and isinstance(s.value, str) and s.value in names
        ]
    return found


def test_no_edge_tells_a_variant_by_its_name() -> None:
    names = set(yamskit.variant_names())
    found = []
    for module in modules().values():
        if layer(module) == EDGE and _plays(module.name):
            tree = _tree(module.path)
            found += [
                f"{module.path.relative_to(SRC.parent)}:{line} {name!r}" for line, name in _names_compared(tree, names)
            ]
    assert found == []


def test_the_name_check_sees_comparisons_and_tables() -> None:
    tree = ast.parse(
        'if variant.name == "yamslam":\n    pass\n'
        'kind = "sheet" if v.name in ("classic", "x") else "other"\n'
        'TITLES = {"yam-master": "Yam Master"}\n'
        'TITLES.get("classic")\n'
        'print("classic")\n'
    )
    assert sorted(_names_compared(tree, {"classic", "yamslam", "yam-master"})) == [
        (1, "yamslam"),
        (3, "classic"),
        (4, "yam-master"),
        (5, "classic"),
    ]


# ---------------------------------------------------------------- the step's plumbing stays in yamskit._fast
_FAST = "yamskit._fast"
#: Methods that look a key up in a mapping, or put one in.
_KEYED = frozenset({"get", "pop", "setdefault", "put", "__getitem__", "__setitem__", "__contains__"})


def _is_id_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id"


def _keyed_by_id(tree: ast.AST) -> list[int]:
    """The lines where ``id(...)`` (alone or in a tuple) is used as a mapping's key."""
    found = []
    for node in ast.walk(tree):
        keys: list[ast.AST] = []
        if isinstance(node, ast.Subscript):
            keys = [node.slice]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _KEYED:
            keys = node.args[:1]
        elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            keys = [node.left]
        elif isinstance(node, ast.Dict):
            keys = [k for k in node.keys if k is not None]
        elif isinstance(node, ast.DictComp):
            keys = [node.key]
        for key in keys:
            parts = key.elts if isinstance(key, ast.Tuple) else [key]
            if any(_is_id_call(part) for part in parts):
                found.append(node.lineno)
    return found


def _frozen_sets(tree: ast.AST) -> list[int]:
    """The lines that call ``object.__setattr__``."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "__setattr__"
        and isinstance(node.value, ast.Name)
        and node.value.id == "object"
    ]


def test_no_module_but_the_fast_path_keys_a_mapping_by_id() -> None:
    found = []
    for module in modules().values():
        if module.name != _FAST:
            tree = _tree(module.path)
            found += [f"{module.path.relative_to(SRC.parent)}:{line}" for line in _keyed_by_id(tree)]
    assert found == []


def test_no_module_but_the_fast_path_sets_a_frozen_value_field() -> None:
    found = []
    for module in modules().values():
        if module.name != _FAST:
            tree = _tree(module.path)
            found += [f"{module.path.relative_to(SRC.parent)}:{line}" for line in _frozen_sets(tree)]
    assert found == []


def _own_names(tree: ast.AST) -> set[str]:
    """The private names a module's own classes define: fields, slots, methods, ``self._x`` assignments."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    names.update(t.id for t in item.targets if isinstance(t, ast.Name))
            for item in ast.walk(node):  # the names of __slots__
                if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value.startswith("_"):
                    names.add(item.value)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
        ):
            names.add(node.attr)
    return names


def _standard_modules(tree: ast.AST) -> set[str]:
    """The names a module binds to modules of the standard library (``import sys``)."""
    return {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if not alias.name.startswith("yamskit")
    }


def _private_reads(tree: ast.AST) -> list[tuple[int, str]]:
    """``thing._name`` reads of another object's private fields (not ``self``'s, ``cls``'s or a class of the module)."""
    own, standard = _own_names(tree), _standard_modules(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            base = node.value
            if isinstance(base, ast.Name) and (base.id in ("self", "cls") or base.id in standard):
                continue
            if node.attr not in own:
                found.append((node.lineno, ast.unparse(node)))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and node.args[1].value.startswith("_")
            and not node.args[1].value.startswith("__")
            and node.args[1].value not in own
        ):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_module_reaches_into_another_objects_private_fields() -> None:
    found = []
    for module in modules().values():
        if module.name != _FAST:
            tree = _tree(module.path)
            found += [f"{module.path.relative_to(SRC.parent)}:{line} {text}" for line, text in _private_reads(tree)]
    assert found == []


def test_the_plumbing_checks_see_what_they_must() -> None:
    tree = ast.parse(
        "import sys\n"
        "class Box:\n    __slots__ = ('_mine',)\n"
        "    def look(self, other):\n        return self._mine, other._mine, other._theirs, sys._getframe\n"
        "memo = {}\n"
        "memo[id(memo)] = 1\nmemo.get((1, id(memo)))\nid(memo) in memo\nx = {id(memo): 1}\n"
        "object.__setattr__(memo, 'a', 1)\nprint(id(memo))\ngetattr(memo, '_theirs')\n"
    )
    assert _keyed_by_id(tree) == [7, 8, 9, 10]
    assert _frozen_sets(tree) == [11]
    assert sorted(_private_reads(tree)) == [(5, "other._theirs"), (13, "getattr(memo, '_theirs')")]


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


def test_the_checker_sees_a_type_only_circle_among_core_modules(tmp_path: pathlib.Path) -> None:
    known = _fake_package(
        tmp_path,
        {
            "yamskit/__init__.py": "",
            "yamskit/game.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .words import Words\n",
            "yamskit/words.py": "from .game import GameState\n",
            "yamskit/_compat.py": "",
            "yamskit/lazy.py": "from . import _compat\n_compat.lazy(__name__, {'X': 'yamskit.words'})\n",
        },
    )
    edges = [e for m in known.values() for e in imports(m, known)]
    core = sorted(name for name, module in known.items() if layer(module) == CORE)
    assert circles(core, [e for e in edges if e.source in core and e.target in core]) == [
        ["yamskit.game", "yamskit.words"]
    ]
    assert circles(core, [e for e in edges if not e.typing_only]) == []
    assert ("yamskit.lazy", "yamskit.words") in {(e.source, e.target) for e in edges}


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
