"""Games per second of yamskit's batch simulation against yatzy-solver (optimal play) and pyhtzee (random play).

Usage::

    python benchmarks/simulate.py [--games 1000000] [--repeat 3]
    python benchmarks/simulate.py --seats 2 [--games 20000] [--protocol-games 1000]

With ``--seats``, it times ``yamskit simulate`` with several seats instead (no peer):
the same run, greedy bots of classic, game by game through the protocol (how 0.1.0
played every game of more than one seat) and then through the batch engine (each
seat's sheet a solitaire game), back to back in one process.

yatzy-solver and pyhtzee are installed with pip into the current environment if
missing. Everything runs in one process on the same machine. Rules: the Yahtzee
preset for the optimal policy (yatzy-solver's ``american+forced-joker``); for random
play, yamskit's ``classic joker="free" yams_bonus=100`` against pyhtzee's default
free-choice joker rules. pyhtzee plays one game at a time in pure Python, so it is
timed on fewer games. Ratios are yamskit's games per second over the peer's (the
median of ``--repeat`` runs each).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from types import ModuleType

from peers import ensure

import yamskit
from yamskit.bots.simulate import simulate as simulate_bots
from yamskit.solver import simulate, solve


def rate(games: int, run: Callable[[], object], repeat: int) -> float:
    """The median games per second of ``run`` (which plays ``games`` games)."""
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def pyhtzee_games(module: ModuleType, games: int) -> float:
    """Play ``games`` random games with pyhtzee; return their mean score."""
    total = 0
    for seed in range(1, games + 1):
        game = module.Pyhtzee(seed=seed)
        while not game.is_finished():
            game.take_action(game.sample_action())
        total += game.get_total_score()
    return total / games


def seats_run(games: int, seats: int, protocol_games: int) -> None:
    """``simulate("classic", games, seats=seats, bot="greedy")`` game by game, then by the batch engine.

    ``protocol_games`` (at most ``games``) bounds the game-by-game side on a busy machine:
    its time per game is then given for ``games`` games too (the games are independent).
    """
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    print(f"classic, {seats} seats, greedy bots, one process (jobs=1), back to back:")
    per_game = {}
    for engine, count in (("games", protocol_games), ("batch", games)):
        start, cpu = time.perf_counter(), time.process_time()
        stats = simulate_bots("classic", count, seats=seats, seed=1, bot="greedy", engine=engine)  # type: ignore[arg-type]
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        per_game[engine] = wall / count
        rates = ", ".join(f"{rate:.3f}" for rate in stats.win_rates)
        print(
            f"  {stats.engine:5} {count:>7,} games  {wall:8.2f} s ({cpu:.2f} s CPU) {1000 * wall / count:.3f} ms a game"
            f"  mean {stats.mean:.2f}  seat means {', '.join(f'{m:.2f}' for m in stats.seat_means)}  win rates {rates}"
        )
    if protocol_games != games:
        print(f"  game by game, {games:,} games at that rate: {per_game['games'] * games:,.0f} s")
    print(f"  the batch engine is {per_game['games'] / per_game['batch']:,.0f}x faster a game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=None, help="games per yamskit batch (default 1,000,000; 20,000 with --seats)"
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seats", type=int, default=None, help="time simulate with this many seats, both engines")
    parser.add_argument("--protocol-games", type=int, default=None, help="with --seats: fewer games game by game")
    args = parser.parse_args()
    if args.seats is not None:
        games = args.games or 20_000
        seats_run(games, args.seats, min(games, args.protocol_games or games))
        return
    args.games = args.games or 1_000_000
    ys = ensure("yatzy_solver", "yatzy-solver")
    ph = ensure("pyhtzee", "pyhtzee")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; {args.games} games per batch")
    n = args.games

    yahtzee = yamskit.variant("yahtzee")
    strategy = solve(yahtzee, quiet=True)
    ours = rate(n, lambda: simulate(yahtzee, n, bot=strategy, seed=1), args.repeat)
    mean = simulate(yahtzee, n, bot=strategy, seed=1).mean
    print(f"optimal, yahtzee: yamskit {ours:,.0f} games/s (mean {mean:.2f}, expected {strategy.expected_score():.2f})")
    if ys is not None:
        solver = ys.Solver.build(ys.Variant("american+forced-joker"))
        peer_games = max(1000, n // 4)
        theirs = rate(peer_games, lambda: solver.simulate(peer_games, seed=1), args.repeat)
        print(f"  yatzy-solver {theirs:,.0f} games/s ({peer_games} games)  ratio {ours / theirs:.1f}x")

    free = yamskit.variant("classic", joker="free", yams_bonus=100)
    peer_rate = None
    if ph is not None:
        peer_games = max(200, n // 200)
        peer_rate = rate(peer_games, lambda: pyhtzee_games(ph, peer_games), args.repeat)
        print(f"random, pyhtzee (pure Python): {peer_rate:,.0f} games/s ({peer_games} games)")
    for policy in ("random", "greedy"):
        ours = rate(n, lambda policy=policy: simulate(free, n, bot=policy, seed=1), args.repeat)
        line = f"{policy}, yamskit batch: {ours:,.0f} games/s"
        if peer_rate:
            line += f"  ratio to pyhtzee's random games {ours / peer_rate:.0f}x"
        print(line)


if __name__ == "__main__":
    main()
