"""Fit the values of a sheet of several columns (`yamskit.bots.sheet_values`) and write them as JSON.

Usage::

    python benchmarks/fit_sheet_values.py --jobs 2   # writes src/yamskit/bots/data/challenge-values.json

Plays ``--hard`` one-player games of the hard bot (seeds ``--seed`` on) and ``--medium`` of the
medium bot (seeds ``--seed + 100000`` on), ``--jobs`` processes at a time, keeps the sheet at the
start of every turn (`yamskit.bots.sheet_fit.sample_sheets`), and fits the layers
(`yamskit.bots.sheet_fit.fit_values`, one process). The shipped file came from this command as
written above (1,500 and 500 games, seed 0, ridge 5): some 3 minutes of games on two cores and
7 of fitting on one. The file is written whole or not at all.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import yamskit
from yamskit._files import write_atomic
from yamskit.bots.sheet_fit import fit_values, sample_sheets
from yamskit.bots.sheet_values import RIDGE, SheetState

_SHIPPED = Path(__file__).resolve().parents[1] / "src" / "yamskit" / "bots" / "data" / "challenge-values.json"


def _play(job: tuple[str, str, list[int]]) -> list[SheetState]:
    name, level, seeds = job
    return sample_sheets(yamskit.variant(name), level=level, seeds=seeds)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="challenge")
    parser.add_argument("--hard", type=int, default=1500, help="games of the hard bot (default 1500)")
    parser.add_argument("--medium", type=int, default=500, help="games of the medium bot (default 500)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ridge", type=float, default=RIDGE)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=_SHIPPED)
    args = parser.parse_args(argv)
    jobs = []
    for level, first, count in (("hard", args.seed, args.hard), ("medium", args.seed + 100000, args.medium)):
        for start in range(0, count, 50):
            jobs.append((args.variant, level, list(range(first + start, first + min(start + 50, count)))))
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        sheets = [s for part in pool.map(_play, jobs) for s in part]
    print(f"{len(sheets)} sheets from {args.hard + args.medium} games in {time.perf_counter() - began:.0f} s")

    def progress(done: int, total: int) -> None:
        if done % 8 == 0 or done == total:
            print(f"  layers fitted: {done}/{total} ({time.perf_counter() - began:.0f} s)", flush=True)

    values = fit_values(
        yamskit.variant(args.variant),  # type: ignore[arg-type]
        sheets,
        games=args.hard + args.medium,
        seed=args.seed,
        ridge=args.ridge,
        progress=progress,
    )
    write_atomic(args.out, values.to_json() + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
