"""Loading a script of benchmarks/ in a test, as it runs: beside its neighbours, which it imports by name."""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

#: The repository's benchmarks folder (absent from the source distribution: tests skip then).
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@contextlib.contextmanager
def benchmark_script(
    filename: str, *, name: str | None = None, neighbours: tuple[str, ...] = ("bots",)
) -> Iterator[ModuleType]:
    """Load ``benchmarks/filename`` as a module for the ``with`` block, then forget it and its neighbours.

    The module is registered under ``name`` (by default the file's stem and ``_under_test``)
    while the block runs: attrs, dataclasses and pickle look it up there. ``neighbours``, the
    benchmark modules it imports by name, are dropped afterwards unless they were loaded before.
    """
    name = name or f"{Path(filename).stem}_under_test"
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / filename)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    path, had = list(sys.path), {n: n in sys.modules for n in neighbours}
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[name]
        sys.path[:] = path
        for neighbour, present in had.items():
            if not present:  # tests/bots/test_bench_dask.py loads bots.py under that name itself
                sys.modules.pop(neighbour, None)
