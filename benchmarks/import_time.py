"""How long `import yamskit` takes in a fresh interpreter, and what `import attrs` alone takes there.

Each run starts a new Python process and times the import with `time.perf_counter`, so
nothing is cached between runs. The figure to compare with is the median; the floor is
what yamskit's one dependency and the standard library it needs cost by themselves.

Usage:
    python benchmarks/import_time.py [--runs 10]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

_TIMED = "import time; t = time.perf_counter(); import {module}; print((time.perf_counter() - t) * 1000)"


def _times(module: str, runs: int) -> list[float]:
    code = _TIMED.format(module=module)
    return [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
        for _ in range(runs)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    floor = "attrs, fractions, json, re"
    for label, module in (("import yamskit", "yamskit"), (f"import {floor}", floor)):
        times = _times(module, args.runs)
        print(f"{label:45} median {statistics.median(times):6.1f} ms  (min {min(times):.1f}, max {max(times):.1f})")
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, yamskit; print(sum(m.startswith('yamskit') for m in sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    print(f"yamskit modules loaded by the import: {loaded}")


if __name__ == "__main__":
    main()
