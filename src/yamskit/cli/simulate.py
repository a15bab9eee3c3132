"""``yamskit simulate``: many bot games, their statistics and histogram, locally or on a Dask cluster."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
from collections.abc import Iterator
from importlib.util import find_spec
from typing import Any

from ..bots.simulate import PERCENTILES, SimulationResult, batch_refusal, check_run, max_jobs, simulate
from ..game import Variant
from .common import CliError, read_variant
from .output import Progress, check_writable, grid, write_file

__all__ = ["simulate_command"]


def simulate_command(args: argparse.Namespace) -> int:
    """``yamskit simulate``: play the games, then print (or write) the statistics and the histogram."""
    variant = read_variant(args)
    if args.bins < 1:
        raise CliError(f"--bins must be 1 or more, not {args.bins}")
    if not 1 <= args.jobs <= max_jobs():
        raise CliError(f"--jobs must be 1 to {max_jobs()} (4 x the CPU count), not {args.jobs}")
    check_run(variant, args.n, seats=args.seats, seed=args.seed, jobs=args.jobs)
    if args.svg:
        check_writable(args.svg, what="the histogram")
    if args.engine == "auto" and args.scheduler is None and find_spec("numpy") is None:
        print(
            "yamskit: note: numpy is not installed, so every game is played one by one (slow): pip install numpy",
            file=sys.stderr,
        )
    with Progress(f"{variant.name}: {args.n} games", args.n, enabled=not args.json) as bar, _dask(args) as pool:
        stats = simulate(
            variant,
            args.n,
            seats=args.seats,
            seed=args.seed,
            jobs=args.jobs,
            progress=bar.update,
            bot=args.bot,
            engine=args.engine,
            executor=pool,
        )
    bins = stats.histogram(args.bins)
    _print_statistics(args, variant, stats, bins)
    if args.svg:  # after the statistics: a picture that cannot be written loses nothing else
        sys.stdout.flush()
        _write_histogram(args.svg, stats, bins)
        if not args.json:
            print(f"Histogram written to {args.svg}")
    return 0


def _print_statistics(
    args: argparse.Namespace, variant: Variant, stats: SimulationResult, bins: list[tuple[int, int, int]]
) -> None:
    """The statistics: a JSON object with ``--json``, else the tables."""
    if args.json:
        print(json.dumps(stats.to_data(), indent=2))
        return
    title = f"{variant.name}: {stats.games} games, {len(stats.players)} seat(s), {args.bot} bots, seed {args.seed}"
    print(title)
    print(f"Engine: {_engine_line(args, variant, stats)}")
    heads = ("mean", "stdev", "low", *(f"p{q}" for q in PERCENTILES), "high")
    row = (
        f"{stats.mean:.2f}",
        f"{stats.stdev:.2f}",
        str(stats.low),
        *(f"{stats.percentile(q):g}" for q in PERCENTILES),
        str(stats.high),
    )
    print(grid("", heads, [row], [True] * len(heads)).lstrip("\n"))
    print("")
    top = max(count for _, _, count in bins)
    rows = [
        (str(low) if low == high else f"{low}-{high}", str(count), "#" * round(40 * count / top))
        for low, high, count in bins
    ]
    print(grid("Points histogram", ("points", "count", ""), rows, (True, True, False)))
    if len(stats.players) > 1:
        print("")
        seats = [
            (str(seat), f"{mean:.2f}", f"{rate:.1%}")
            for seat, (mean, rate) in enumerate(zip(stats.seat_means, stats.win_rates, strict=True), start=1)
        ]
        print(grid("By seat", ("seat", "mean points", "win rate"), seats, (True, True, True)))


def _engine_line(args: argparse.Namespace, variant: Variant, stats: SimulationResult) -> str:
    """Which engine played the games, and why the batch engine did not where ``auto`` could have used it."""
    if stats.engine == "batch":
        return "batch (the numpy batch engine: every seat's sheet a solitaire game, played together)"
    if args.engine == "games":
        return "games (game by game through the game protocol, as --engine games asks)"
    if args.scheduler:
        return "games (game by game on the Dask cluster)"
    why = batch_refusal(variant, len(stats.players))
    return f"games (game by game; the batch engine does not apply: {why})"


@contextlib.contextmanager
def _dask(args: argparse.Namespace) -> Iterator[Any]:
    """A Dask executor on the scheduler ``--scheduler`` names (closed afterwards), or ``None``."""
    if not args.scheduler:
        yield None
        return
    try:
        distributed: Any = importlib.import_module("distributed")  # typed Any: an optional dependency
    except ImportError:
        raise CliError("--scheduler needs dask.distributed: pip install 'yamskit[dask]'") from None
    try:
        client = distributed.Client(args.scheduler, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        raise CliError(f"cannot reach the Dask scheduler {args.scheduler}: {error}") from None
    with client:
        yield client.get_executor()


def _write_histogram(path: str, stats: SimulationResult, bins: list[tuple[int, int, int]]) -> None:
    from ..svg.histogram import histogram

    title = f"{stats.variant}: {stats.games} games, mean {stats.mean:.1f}"
    write_file(path, histogram(bins, title=title) + "\n", what="the histogram")
