"""Machine instructions a step of play, counted by callgrind: a cost that machine noise does not move.

Usage::

    python benchmarks/instructions.py [--steps 4000] [--against OTHER/src] [CASE ...]

Each case plays seeded random games through the public protocol, once choosing among
``legal_action_ids()`` (the ids path) and once among ``legal_actions()`` (the objects path),
as ``benchmarks/protocol.py`` does. 3,000 warm-up steps fill the caches and tables first
(the first steps of the same games, in a plain loop); then ``--steps`` steps run inside
``functools.reduce``, and valgrind's callgrind counts the instructions of that call alone
(``--toggle-collect``). The figure is instructions a step.
With ``--against``, the same cases run a second time on another source tree (for example a
``git worktree`` of an older commit, its ``src`` folder) and each line prints the ratio.

A count of instructions is not a time (a cache miss costs more than an add), but on one
machine and one interpreter it moves with the time, and with a fixed hash seed it repeats from
run to run: on a shared two-core machine where a timed ratio moves by 10% between runs, it
tells a 1% change from none. Needs ``valgrind`` on the ``PATH``; a case takes about a
minute under it.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import re
import shutil
import subprocess
import sys
from typing import Any

import yamskit

CASES: dict[str, tuple[str, dict[str, Any], int]] = {
    "classic1": ("classic", {}, 1),
    "classic2": ("classic", {}, 2),
    "yahtzee": ("yahtzee", {}, 1),
    "challenge": ("challenge", {}, 1),
    "comp1v1": ("competitive", {"mode": "1v1"}, 2),
    "comp1v1v1": ("competitive", {"mode": "1v1v1"}, 3),
    "comp2v2": ("competitive", {"mode": "2v2"}, 4),
    "yammaster": ("yam-master", {}, 2),
    "yamslam2": ("yamslam", {}, 2),
    "yamslamsolo": ("yamslam", {"mode": "solo"}, 1),
    "yamslamteam": ("yamslam", {"mode": "team"}, 4),
}
WARM_UP = 3_000


def play(case: str, path: str, steps: int) -> None:
    """Warm up, then play ``steps`` steps inside ``functools.reduce`` (the part callgrind counts)."""
    name, options, players = CASES[case]
    variant = yamskit.variant(name, **options)
    names = [f"P{i}" for i in range(players)]
    space = variant.actions

    choose = random.Random(7)
    seeds = iter(range(1, 10**9))

    def step(state: Any, _: int) -> Any:
        if state.is_over:
            state = variant.new_game(names, seed=next(seeds))
        if path == "ids":
            return state.apply(space[choose.choice(state.legal_action_ids())])
        return state.apply(choose.choice(list(state.legal_actions())))

    # the warm-up plays the first games of the counted run in a plain loop: callgrind skips it
    state = variant.new_game(names, seed=0)
    for number in range(WARM_UP):
        state = step(state, number)
    choose.seed(7)
    seeds = iter(range(1, 10**9))
    functools.reduce(step, range(steps), variant.new_game(names, seed=0))


def count(case: str, path: str, steps: int, src: str | None) -> int:
    """Instructions a step for one case and path, run under callgrind in a fresh interpreter."""
    # a fixed hash seed: with a random one, the order of sets and dicts of strings (and so the
    # count) moves by about half a percent from one interpreter to the next
    env = dict(os.environ, PYTHONHASHSEED="0")
    if src is not None:
        env["PYTHONPATH"] = src
    command = [
        "valgrind",
        "--tool=callgrind",
        "--collect-atstart=no",
        "--toggle-collect=functools_reduce",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--inner",
        case,
        path,
        str(steps),
    ]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count for {case} {path}:\n{done.stderr[-2000:]}")
    return int(found.group(1)) // steps


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--inner":
        play(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", metavar="CASE", help=f"any of {', '.join(CASES)} (default: all)")
    parser.add_argument("--steps", type=int, default=4_000)
    parser.add_argument("--against", metavar="SRC", help="another source tree to count beside this one")
    args = parser.parse_args()
    unknown = [case for case in args.cases if case not in CASES]
    if unknown:
        parser.error(f"unknown case {unknown[0]!r}: the cases are {', '.join(CASES)}")
    cases = args.cases or list(CASES)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on the PATH (Debian: apt-get install valgrind)")
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "src")
    print(f"instructions a step, {args.steps:,} steps after {WARM_UP:,} of warm-up (callgrind)")
    header = "| case | path | this tree |" + (" other tree | this ÷ other |" if args.against else "")
    print(header)
    print("|---|---|---:|" + ("---:|---:|" if args.against else ""))
    for case in cases:
        for path in ("ids", "objects"):
            mine = count(case, path, args.steps, here)
            line = f"| {case} | {path} | {mine:,} |"
            if args.against:
                other = count(case, path, args.steps, args.against)
                line += f" {other:,} | {mine / other:.3f} |"
            print(line, flush=True)


if __name__ == "__main__":
    main()
