"""Time yamskit's solver and optimal batch simulation against the PyPI package yatzy-solver, in one run.

Usage::

    python benchmarks/solver.py [--repeat 3] [--processes N] [--games 100000 300000 1000000]
    python benchmarks/solver.py --no-simulate      # the solves only
    python benchmarks/solver.py --no-solve         # the batch simulation only
    python benchmarks/solver.py --no-solve --no-simulate --maxi 100000   # Maxi Yatzy without saved throws
    python benchmarks/solver.py --no-solve --no-simulate --store 0 1 2   # Maxi Yatzy with its store capped
    python benchmarks/solver.py --no-solve --no-simulate --store 1 --simulate-store 100000 --store-cache /tmp
    python benchmarks/solver.py --no-solve --no-simulate --store-bound 4 --bound-sweeps 4   # an upper bound

yatzy-solver (a Rust library with Python bindings, a prebuilt wheel from PyPI, using
every core) is installed with pip into the current environment if it is missing.

1. **Solving.** Both solvers build the full strategy table of five rule sets, one
   after the other, ``--repeat`` times: the four classic rule sets of the published
   optima and Scandinavian Yatzy, which yamskit takes as a user-defined sheet
   (``benchmarks/solitaire_strength.py``'s ``yatzy()``) and yatzy-solver as its
   built-in ``yatzy-scandinavian``. Targets: Yahtzee (the ``american`` row) at most
   0.25, Scandinavian Yatzy at most 0.5 of yatzy-solver's time.
2. **Optimal batch simulation** (Yahtzee, forced joker): yamskit's ``simulate`` at each
   batch size of ``--games`` against ``yatzy_solver.Solver.simulate``; yatzy-solver's
   rate does not depend on the batch, so it plays at most 25,000 games per run.
   Target: at least 20 times yatzy-solver's games per second at every batch from 100,000.

3. **Maxi Yatzy without saved throws** (``--maxi GAMES``, long: minutes): yamskit alone
   (yatzy-solver has no six-dice game) solves ``maxi-yatzy`` with ``saved_throws=False``
   (20 rows, six dice, 2**20 filled sets) once, prints its wall and CPU time, the peak
   memory and the expected score, then plays GAMES optimal games in batch and checks that
   their mean lies within its 95% interval of the expected score.

4. **Maxi Yatzy with saved throws** (``--store CAP [CAP ...]``, long: minutes a cap): yamskit
   alone solves ``maxi-yatzy`` (its store of saved throws capped at each CAP: the throws above
   it are lost) in this one process, and prints the solve's wall and CPU time, the peak
   memory (of the whole run so far: give one cap a run to read each cap's own) and the
   expected score. Cap 0 is the game without saved throws. With ``--simulate-store GAMES``, each
   strategy then plays GAMES games (``yamskit.solver.store_sim``, seed 1) twice: with the store
   capped as its values assume (the mean must lie within its 95% interval of the expected score)
   and with the store the engine keeps (the real game: no throw is lost). ``--store-cache DIR``
   saves each cap's values there (``maxi-yatzy-capN.npy``) and reads them back on later runs.
   ``--store-max-gib G`` lets the value table take up to G GiB (the solver's bound is 8 GiB:
   cap 11; cap N takes (N + 1) x 0.66 GiB).

5. **An upper bound on Maxi Yatzy with saved throws** (``--store-bound PRICE [PRICE ...]``, long:
   minutes a price): ``yamskit.solver.store_bound`` with the store kept exactly up to
   ``--bound-cap`` (default 0) and the throws above it traded at each price, each turn's
   paid throws swept at most ``--bound-sweeps`` times from above. Every price gives a sound
   bound; the least is the bound. ``--bound-game yatzy-saving`` bounds Yatzy's sheet with
   saved throws instead (seconds a price), where the capped solves are cheap too.

Every figure is the median of ``--repeat`` runs. Two ratios each: wall-clock time (the
target) and CPU time (user + system of this process and its worker processes), which
moves less with the other jobs of a shared machine. Ratios are yamskit over yatzy-solver
for times (below 1: yamskit is faster) and yamskit over yatzy-solver for games per second.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from peers import ensure

import yamskit
from yamskit.solver import simulate, solve

#: (description, yamskit variant, yatzy-solver variant id, published optimum or None).
RULE_SETS: list[tuple[str, Callable[[], Any], str, float | None]] = [
    ("classic (no joker, no Yams bonus)", lambda: yamskit.variant("classic"), "american+no-bonus", 245.8707745141),
    (
        "classic joker=None yams_bonus=100",
        lambda: yamskit.variant("classic", joker=None, yams_bonus=100),
        "american+no-joker",
        253.9702411898,
    ),
    ("yahtzee (forced joker, bonus 100)", lambda: yamskit.variant("yahtzee"), "american+forced-joker", 254.5877287345),
    (
        "classic joker='free' yams_bonus=100",
        lambda: yamskit.variant("classic", joker="free", yams_bonus=100),
        "american",
        254.5896094820,
    ),
    ("Scandinavian Yatzy (user-defined)", lambda: _yatzy(), "yatzy-scandinavian", None),
]


def _yatzy() -> Any:
    from solitaire_strength import yatzy

    return yatzy()


def cpu() -> float:
    """CPU seconds of this process, its threads and its reaped worker processes."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(action: Callable[[], Any]) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds, result) of ``action()``."""
    wall, used = time.perf_counter(), cpu()
    result = action()
    return time.perf_counter() - wall, cpu() - used, result


def _gb(kib: int) -> float:
    """A peak resident size from ``ru_maxrss`` (kibibytes on Linux) in GB (10^9 bytes), as the tables' sizes.

    Until 2026-12-03 it was divided by 10^6 only: the peaks printed then are 2.4% low.
    """
    return kib * 1024 / 1e9


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def solve_table(ys: Any, repeat: int, processes: int | None) -> None:
    header = (
        f"{'rule set':<36} {'yamskit s wall/cpu':>19} {'yatzy-solver s':>15} {'ratio wall':>10} {'ratio cpu':>9}"
        "  expected score"
    )
    print(header)
    print("-" * len(header))
    for label, make, peer_id, published in RULE_SETS:
        variant = make()
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        value = peer_value = float("nan")
        size = 0
        for _ in range(repeat):
            wall, used, strategy = timed(lambda v=variant: solve(v, quiet=True, processes=processes))
            ours.append((wall, used))
            value, size = strategy.expected_score(), strategy.nbytes
            del strategy
            if ys is not None:
                wall, used, solver = timed(lambda p=peer_id: ys.Solver.build(ys.Variant(p)))
                theirs.append((wall, used))
                peer_value = solver.state_value("upper 0 | filled -")
                del solver
        o_wall, o_cpu = median([w for w, _ in ours]), median([c for _, c in ours])
        t_wall, t_cpu = median([w for w, _ in theirs]), median([c for _, c in theirs])
        print(
            f"{label:<36} {o_wall:>8.2f} / {o_cpu:<8.2f} {t_wall:>6.2f} / {t_cpu:<6.2f} "
            f"{o_wall / t_wall:>10.3f} {o_cpu / t_cpu:>9.3f}  {value!r}",
            end="",
        )
        print(f" (yatzy-solver {peer_value!r}; table {size / 1e6:.1f} MB)")
        if published is not None and abs(value - published) > 1e-7:
            print(f"  !! yamskit differs from the published optimum {published} by {value - published:.3g}")
        if abs(value - peer_value) > 1e-9:
            print(f"  !! yamskit differs from yatzy-solver by {value - peer_value:.3g}")
        sys.stdout.flush()


def simulate_table(ys: Any, repeat: int, processes: int | None, batches: list[int]) -> None:
    variant = yamskit.variant("yahtzee")
    strategy = solve(variant, quiet=True, processes=processes)
    solver = ys.Solver.build(ys.Variant("american+forced-joker")) if ys is not None else None
    header = (
        f"{'games per batch':>15} {'yamskit games/s wall / cpu':>28} {'yatzy-solver':>22} "
        f"{'ratio wall':>10} {'ratio cpu':>9}"
    )
    print(header)
    print("-" * len(header))
    for games in batches:
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        mean = float("nan")
        peer_games = max(1000, min(games // 4, 25_000))
        for _ in range(repeat):
            wall, used, result = timed(lambda n=games: simulate(variant, n, bot=strategy, seed=1, processes=processes))
            ours.append((games / wall, games / used))
            mean = result.mean
            if solver is not None:
                wall, used, _ = timed(lambda n=peer_games: solver.simulate(n, seed=1))
                theirs.append((peer_games / wall, peer_games / used))
        o_wall, o_cpu = median([w for w, _ in ours]), median([c for _, c in ours])
        t_wall, t_cpu = median([w for w, _ in theirs]), median([c for _, c in theirs])
        print(
            f"{games:>15,} {o_wall:>13,.0f} / {o_cpu:<12,.0f} {t_wall:>9,.0f} / {t_cpu:<10,.0f} "
            f"{o_wall / t_wall:>10.1f} {o_cpu / t_cpu:>9.1f}  (mean {mean:.2f}; yatzy-solver {peer_games:,} games)"
        )
        sys.stdout.flush()


def maxi_table(processes: int | None, games: int) -> None:
    """Solve Maxi Yatzy without saved throws once and play ``games`` optimal games against its value."""
    variant = yamskit.variant("maxi-yatzy", saved_throws=False)
    wall, used, strategy = timed(lambda: solve(variant, quiet=True, processes=processes))
    value = strategy.expected_score()
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"maxi-yatzy saved_throws=False: solve {wall:.1f} s wall / {used:.1f} s cpu; "
        f"peak RSS {_gb(own.ru_maxrss):.2f} GB (largest worker {_gb(children.ru_maxrss):.2f} GB; "
        f"shared pages count in both); table {strategy.nbytes / 1e9:.2f} GB; expected score {value!r}"
    )
    sys.stdout.flush()
    if games:
        wall, used, result = timed(lambda: simulate(variant, games, bot=strategy, seed=1, processes=processes))
        low, high = result.mean - 1.96 * result.stderr, result.mean + 1.96 * result.stderr
        inside = "inside" if low <= value <= high else "OUTSIDE"
        print(
            f"  {games:,} optimal games in {wall:.1f} s wall / {used:.1f} s cpu: mean {result.mean:.4f}, "
            f"95% interval [{low:.4f}, {high:.4f}]: the expected score is {inside}"
        )


def store_table(
    caps: list[int], games: int = 0, cache: str | None = None, seed: int = 1, max_gib: float | None = None
) -> None:
    """Solve Maxi Yatzy over a store capped at each of ``caps``, one after the other, in this process.

    With ``games``, play that many games of each strategy (`yamskit.solver.store_sim`): with the
    store capped as the values assume (their mean against the expected score) and with the
    engine's store (the real game). With ``cache``, a folder: the values are read from
    ``maxi-yatzy-cap{N}.npy`` there when present, else saved there after the solve. ``max_gib``
    raises the solver's bound on the value table (`yamskit.solver.store.MAX_STORE_BYTES`, 8 GiB).
    """
    import numpy as np

    from yamskit.solver.store import MAX_STORE_BYTES, StoreStrategy, solve_store, store_model_of
    from yamskit.solver.store_sim import simulate_store

    variant = yamskit.variant("maxi-yatzy")
    most = MAX_STORE_BYTES if max_gib is None else int(max_gib * 2**30)
    for cap in caps:
        path = os.path.join(cache, f"maxi-yatzy-cap{cap}.npy") if cache else None
        if path and os.path.exists(path):
            strategy = StoreStrategy(variant, store_model_of(variant, store_cap=cap, max_bytes=most), np.load(path))
            print(f"maxi-yatzy store_cap={cap}: values read from {path}; expected score {strategy.expected_score()!r}")
        else:
            wall, used, strategy = timed(lambda c=cap: solve_store(variant, store_cap=c, max_bytes=most))
            peak = _gb(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
            print(
                f"maxi-yatzy store_cap={cap}: solve {wall:.1f} s wall / {used:.1f} s cpu; peak RSS {peak:.2f} GB "
                f"(the run's so far); table {strategy.values.nbytes / 1e9:.2f} GB; expected score "
                f"{strategy.expected_score()!r}"
            )
            if path:
                np.save(path, strategy.values)
        sys.stdout.flush()
        if games:
            value = strategy.expected_score()
            for capped in (True, False):
                wall, used, result = timed(lambda s=strategy, c=capped: simulate_store(s, games, seed=seed, capped=c))
                low, high = result.mean - 1.96 * result.stderr, result.mean + 1.96 * result.stderr
                store = "capped store (the values' game)" if capped else "engine's store (the real game)"
                verdict = ("inside" if low <= value <= high else "OUTSIDE") if capped else "compare"
                print(
                    f"  {games:,} games, {store}, seed {seed}: {wall:.1f} s wall / {used:.1f} s cpu "
                    f"({games / wall:,.0f} games/s wall); mean {result.mean:.4f}, sd {result.stdev:.2f}, "
                    f"95% interval [{low:.4f}, {high:.4f}]; expected score {value:.4f}: {verdict}"
                )
                sys.stdout.flush()
        del strategy


def saving_yatzy() -> Any:
    """The registered Yatzy sheet (15 rows, 50 at 63) with its unused throws saved, as Maxi Yatzy saves them."""
    rules = yamskit.variant("yatzy").rules
    return yamskit.ScorecardVariant.define("yatzy-saving", rows=rules.rows, bonus=rules.bonus, saved_throws=True)


def bound_table(prices: list[float], cap: int, sweeps: int, game: str = "maxi-yatzy") -> None:
    """An upper bound on ``game`` with its store uncapped at each price (`yamskit.solver.store_bound`).

    ``game``: ``maxi-yatzy``, or ``yatzy-saving`` (`saving_yatzy`, where the bound is cheap).
    """
    from yamskit.solver.store_bound import store_bound

    variant = saving_yatzy() if game == "yatzy-saving" else yamskit.variant(game)
    for price in prices:
        wall, used, bound = timed(lambda p=price: store_bound(variant, price=p, store_cap=cap, sweeps=sweeps))
        peak = _gb(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
        print(
            f"{game} bound, price {price}, store kept exactly up to {cap}, at most {sweeps} sweeps: "
            f"{bound.value!r} ({wall:.1f} s wall / {used:.1f} s cpu; peak RSS {peak:.2f} GB, the run's so far)"
        )
        sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side per figure")
    parser.add_argument("--processes", type=int, default=None, help="yamskit worker processes (default: CPUs)")
    parser.add_argument("--games", type=int, nargs="+", default=[100_000, 300_000, 1_000_000], help="batch sizes")
    parser.add_argument("--no-solve", action="store_true", help="skip the solver table")
    parser.add_argument("--no-simulate", action="store_true", help="skip the batch simulation table")
    parser.add_argument(
        "--maxi", type=int, metavar="GAMES", default=None, help="also solve Maxi Yatzy without saved throws (minutes)"
    )
    parser.add_argument(
        "--store", type=int, nargs="+", metavar="CAP", default=None, help="also solve Maxi Yatzy with its store capped"
    )
    parser.add_argument(
        "--simulate-store",
        type=int,
        metavar="GAMES",
        default=0,
        help="with --store: play GAMES games of each capped strategy, capped and with the engine's store",
    )
    parser.add_argument("--store-cache", metavar="DIR", default=None, help="with --store: read/save the values there")
    parser.add_argument(
        "--store-max-gib", type=float, default=None, help="with --store: the most GiB the value table may take (8)"
    )
    parser.add_argument(
        "--store-bound",
        type=float,
        nargs="+",
        metavar="PRICE",
        default=None,
        help="an upper bound on Maxi Yatzy with its store uncapped, at each price of a throw (minutes a price)",
    )
    parser.add_argument("--bound-cap", type=int, default=0, help="with --store-bound: the store kept exactly")
    parser.add_argument("--bound-sweeps", type=int, default=4, help="with --store-bound: the most paid-throw sweeps")
    parser.add_argument(
        "--bound-game",
        choices=["maxi-yatzy", "yatzy-saving"],
        default="maxi-yatzy",
        help="with --store-bound: the game (yatzy-saving: Yatzy's sheet with saved throws, seconds a price)",
    )
    args = parser.parse_args()
    ys = ensure("yatzy_solver", "yatzy-solver") if not (args.no_solve and args.no_simulate) else None
    print(
        f"{time.strftime('%Y-%m-%d %H:%M')}; machine: {os.cpu_count()} CPUs, load average "
        f"{os.getloadavg()[0]:.2f}; python {sys.version.split()[0]}"
    )
    if ys is not None:
        print(f"yatzy-solver {ys.__version__}")
    if not args.no_solve:
        solve_table(ys, args.repeat, args.processes)
        print()
    if not args.no_simulate:
        simulate_table(ys, args.repeat, args.processes, args.games)
    if args.maxi is not None:
        print()
        maxi_table(args.processes, args.maxi)
    if args.store is not None:
        print()
        store_table(args.store, args.simulate_store, args.store_cache, max_gib=args.store_max_gib)
    if args.store_bound is not None:
        print()
        bound_table(args.store_bound, args.bound_cap, args.bound_sweeps, args.bound_game)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
