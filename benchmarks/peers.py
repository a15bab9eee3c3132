"""Shared by the benchmark scripts: make a peer package importable, installing it if needed."""

from __future__ import annotations

import importlib
import subprocess
import sys
from types import ModuleType


def ensure(module: str, package: str) -> ModuleType | None:
    """Import ``module``, installing ``package`` with pip first if needed; ``None`` if impossible."""
    try:
        return importlib.import_module(module)
    except ImportError:
        pass
    print(f"installing {package} with pip into {sys.prefix} ...", flush=True)
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", package], check=False)
    importlib.invalidate_caches()
    try:
        return importlib.import_module(module)
    except ImportError:
        print(f"{package} is not available here (pip exit code {done.returncode}); timing yamskit without it")
        return None
