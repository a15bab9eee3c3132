"""Run mutmut over the rule modules, then recheck every survivor with yamskit imported afresh.

Run from the repository root (docs/how-to/mutation-testing.md)::

    python mutation/run.py                               # every mutant of every rule module
    python mutation/run.py "yamskit.categories.*"        # the mutants whose names match
    python mutation/run.py --new                         # only mutants without a result yet

The first pass imports yamskit again only for the mutants of functions that run at import
time (see ``_needs_fresh_import`` in ``tests/conftest.py``); every other mutant is tested in
a process forked from one that has already imported yamskit and the tests, which is several
times faster. A survivor of that pass is tested once more with ``YAMSKIT_MUTATION_FRESH=1``
(yamskit and the tests imported afresh, nothing cached from the original code), so no
mutant survives only because a value was computed before it was switched on. Both passes
use the ``mutation`` hypothesis profile. The wall time of the whole run is printed at the end.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from score import statuses as _statuses  # this folder's score.py: one reader of `mutmut results`

#: Statuses that make a mutant worth a second look with a fresh import.
_RECHECK = ("survived", "suspicious")
#: The functions that run at import time, recorded by ``tests/conftest.py``: their mutants
#: were tested with a fresh import in the first pass already.
_IMPORT_TIME = Path("mutants") / "mutation-import-time.json"


def _mutmut(args: list[str], *, fresh: bool, children: int) -> None:
    env = {**os.environ, "HYPOTHESIS_PROFILE": "mutation"}
    if fresh:
        env["YAMSKIT_MUTATION_FRESH"] = "1"
    subprocess.run(["mutmut", "run", "--max-children", str(children), *args], env=env, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("patterns", nargs="*", help="mutant names or fnmatch patterns (default: every mutant)")
    parser.add_argument("--new", action="store_true", help="run only the mutants without a result yet")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args(argv)
    patterns = args.patterns or ["yamskit.*"]

    start = time.monotonic()
    _mutmut([] if args.new else patterns, fresh=False, children=args.max_children)
    fresh = set(json.loads(_IMPORT_TIME.read_text(encoding="utf-8"))) if _IMPORT_TIME.is_file() else set()
    recheck = sorted(
        name
        for name, status in _statuses().items()
        if status in _RECHECK
        and name.partition("__mutmut_")[0] not in fresh
        and any(fnmatch.fnmatchcase(name, p) for p in patterns)
    )
    if recheck:
        print(f"\nRechecking {len(recheck)} surviving mutants with yamskit imported afresh")
        _mutmut(recheck, fresh=True, children=args.max_children)
    minutes, seconds = divmod(round(time.monotonic() - start), 60)
    print(f"\nWall time: {minutes} min {seconds} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
