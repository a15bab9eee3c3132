"""yamskit in Pyodide (the web page's Python, under Node) against CPython, in the same run.

Builds the page if needed (``web/build.py``), then plays the same seeded bot games of every
variant in both: in Pyodide through ``tests/web/pyodide_games.mjs``, in this CPython
through the same ``web/page/yamskit_page.py``. Prints how long Pyodide takes to load and to
be ready (wheels unpacked, the page's Python imported), each game's time in both and
their ratio, and the sizes of what the page loads. The games' bytes are compared too: a
difference is reported, not timed.

Usage:
    python benchmarks/pyodide.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import runpy
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _cases(page: dict[str, Any]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for variant in json.loads(page["menu"]())["variants"]:
        for mode in variant["modes"]:
            seats = 2 if 2 in mode["players"] else mode["players"][0]
            bots = ["easy", "random"][:seats] + ["easy"] * max(0, seats - 2)
            out.append({"name": variant["name"], "mode": mode["mode"], "bots": bots, "seed": 7})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="times each side plays every game (median kept)")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not installed")
    started = time.perf_counter()
    bundle = Path(runpy.run_path(str(ROOT / "web" / "build.py"))["build"]())
    build_seconds = time.perf_counter() - started
    page = runpy.run_path(str(ROOT / "web" / "page" / "yamskit_page.py"))  # its functions share this namespace
    cases = _cases(page) * args.rounds
    with tempfile.TemporaryDirectory() as tmp:
        cases_file, out_file = Path(tmp) / "cases.json", Path(tmp) / "out.json"
        cases_file.write_text(json.dumps(cases))
        script = ROOT / "tests" / "web" / "pyodide_games.mjs"
        pyodide_mjs = ROOT / "web" / "node_modules" / "pyodide" / "pyodide.mjs"
        command = [node, str(script), str(pyodide_mjs), str(bundle), str(cases_file), str(out_file)]
        subprocess.run(command, check=True)
        pyodide = json.loads(out_file.read_text())
    manifest = json.loads((bundle / "manifest.json").read_text())
    print(f"Pyodide {pyodide['pyodide']} (Python {pyodide['python']}) against CPython {sys.version.split()[0]}")
    print(f"page build (or up-to-date check): {build_seconds:.1f} s; the page loads {manifest['bytes'] / 1e6:.1f} MB:")
    for name, size in manifest["files"].items():
        if size > 50_000:
            print(f"  {name:40} {size / 1e6:6.2f} MB")
    print(f"Pyodide loaded in {pyodide['seconds']['load']:.2f} s, ready in {pyodide['seconds']['ready']:.2f} s")
    print(f"{'game':28} {'moves':>6} {'Pyodide s':>10} {'CPython s':>10} {'ratio':>6}")
    rows: dict[str, dict[str, list[float]]] = {}
    for case, played in zip(cases, pyodide["games"], strict=True):
        began = time.perf_counter()
        here = page["autoplay"](case["name"], case["mode"], case["bots"], case["seed"])
        seconds = time.perf_counter() - began
        key = f"{case['name']} {case['mode'] or ''}".strip()
        row = rows.setdefault(key, {"pyodide": [], "cpython": [], "moves": [json.loads(here)["moves"]]})
        row["pyodide"].append(played["seconds"])
        row["cpython"].append(seconds)
        if played["out"] != here:
            print(f"  {key}: Pyodide's game differs from CPython's")
    for key, row in rows.items():
        in_pyodide, in_cpython = statistics.median(row["pyodide"]), statistics.median(row["cpython"])
        print(f"{key:28} {row['moves'][0]:>6} {in_pyodide:>10.3f} {in_cpython:>10.3f} {in_pyodide / in_cpython:>6.1f}")


if __name__ == "__main__":
    main()
