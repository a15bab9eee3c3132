"""The suite's own lists of long tests name test functions that exist (a renamed one would silently leave them)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from tests.conftest import SLOW_CASES, UNTRACED

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def _names(path: Path) -> set[str]:
    """The test functions and the module-level names (a stateful machine's TestCase) of a test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    names |= {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    return names


@pytest.mark.parametrize("node_id", sorted({*SLOW_CASES, *UNTRACED}))
def test_each_listed_test_exists(node_id: str) -> None:
    file, _, rest = node_id.partition("::")
    path = ROOT / file
    assert path.is_file(), f"{node_id}: no file {file}"
    name = rest.split("[")[0].split("::")[0]
    assert name in _names(path), f"{node_id}: {file} has no test {name}"
