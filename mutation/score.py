"""Print the mutation score of each rule module as a Markdown table.

Run after ``mutmut run`` from the repository root::

    python mutation/score.py

It reads every mutant's status from ``mutmut results --all true`` and the equivalent
mutants listed in ``mutation/equivalents.md`` (lines starting with ``- `<mutant name>```).
A module's score is killed / (mutants - equivalent - not run); a timeout, and a test run the
time limit had to kill (mutmut's "segfault", exit -9), count as killed. It exits
with status 1 when a listed equivalent mutant was in fact killed or no longer exists (the list
is out of date) or when a module scores under 95%.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

TARGET = 0.95
EQUIVALENTS = Path(__file__).with_name("equivalents.md")


def statuses() -> dict[str, str]:
    """Every mutant's status, by name, as `mutmut results --all true` prints them."""
    out = subprocess.run(["mutmut", "results", "--all", "true"], capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and "__mutmut_" in name:
            found[name] = status
    return found


def _module(name: str) -> str:
    return re.split(r"\.x[_ǁ]", name, maxsplit=1)[0].removeprefix("yamskit.")


def _score(c: Counter[str]) -> float:
    """Killed / (mutants - equivalent - not run); 1.0 when nothing is left to kill."""
    live = c["mutants"] - c["equivalent"] - c["unchecked"]
    return c["killed"] / live if live else 1.0


def _row(c: Counter[str]) -> str:
    return f"{c['mutants']:,} | {c['killed']:,} | {c['equivalent']} | {c['left']} | {c['unchecked']}"


def main() -> int:
    status_of = statuses()
    equivalent = set(re.findall(r"^- `([^`]+)`", EQUIVALENTS.read_text(encoding="utf-8"), re.MULTILINE))
    problems = [
        f"{name} is listed as equivalent but was killed"
        for name in sorted(equivalent & set(status_of))
        if status_of[name] == "killed"
    ]
    problems += [f"{name} is listed as equivalent but is no mutant" for name in sorted(equivalent - set(status_of))]
    per_module: dict[str, Counter[str]] = defaultdict(Counter)
    for name, status in status_of.items():
        counts = per_module[_module(name)]
        counts["mutants"] += 1
        if name in equivalent:
            counts["equivalent"] += 1
        elif status in ("killed", "timeout", "segfault"):
            counts["killed"] += 1
        elif status == "not checked":
            counts["unchecked"] += 1
        else:
            counts["left"] += 1
    print("| Module | Mutants | Killed | Equivalent | Not killed | Not run | Score |")
    print("|--------|--------:|-------:|-----------:|-----------:|--------:|------:|")
    total: Counter[str] = Counter()
    for module in sorted(per_module):
        c = per_module[module]
        total.update(c)
        score = _score(c)
        print(f"| `{module}` | {_row(c)} | {score:.1%} |")
        if score < TARGET or c["unchecked"]:
            problems.append(f"{module} scores {score:.1%} with {c['unchecked']} mutants not run (target {TARGET:.0%})")
    cells = " | ".join(f"**{value}**" for value in _row(total).split(" | "))
    print(f"| **all** | {cells} | **{_score(total):.1%}** |")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
