"""Random games through the public protocol, for every variant and mode, against pyhtzee and OpenSpiel.

Usage::

    python benchmarks/protocol.py [--seconds 3] [--repeat 3] [--only classic,yamslam] [--no-peers] [--no-replay]

Every game is played the way a bot, a server or a learning loop plays it: at each step
``ids = state.legal_action_ids()``, a uniform choice ``i`` among them, then
``state = state.apply(variant.actions[i])`` (throws draw their faces from the game's
seeded stream); and again through action objects, the way ``for a in
state.legal_actions()`` code plays:
``state.apply(choice(list(state.legal_actions())))``. The peers play in the same process,
one game at a time in a Python loop:

* pyhtzee (Yahtzee): ``game.take_action(game.sample_action())``, a uniform choice among
  its legal actions;
* OpenSpiel's ``yacht`` (two players): ``state.apply_action(a)`` with ``a`` a uniform
  choice among ``state.legal_actions()``, or at a chance node drawn from
  ``state.chance_outcomes()``.

Both are installed with pip into the current environment when missing. Times are CPU
times of this process (``time.process_time``), so other jobs on a shared machine weigh
less on them; each figure is the median of ``--repeat`` runs of ``--seconds`` each, every
run started from a settled heap (`settle`: collected, then frozen). The ratios are paired:
each repeat of a variant times pyhtzee just before it, and a ratio is the median of the
repeats' own ratios (their range beside it), so a machine that speeds up or slows down
over the minutes of the script moves both sides of a ratio alike. A
step is one ``apply`` (a throw with its chance outcome counts once for yamskit and
pyhtzee, twice for OpenSpiel, which applies the decision and the outcome separately).

Then the engine's unit costs on classic positions from random games:
``legal_action_mask()`` and ``apply`` of a legal action (microseconds, mean), and the
time to check a record of the documented maximum size (100,000 moves: a Yam Master game
of throws and passes) and of half that size.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import attrs
from peers import ensure

import yamskit
from yamskit import DeclareChallenge, Dice, GameRecord, Move, Pass, Roll, check_record
from yamskit.records import MAX_MOVES

#: (label, variant name, options, players) of every variant and mode.
CASES: list[tuple[str, str, dict[str, Any], int]] = [
    ("classic, 1 player", "classic", {}, 1),
    ("classic, 2 players", "classic", {}, 2),
    ("yahtzee, 1 player", "yahtzee", {}, 1),
    ("challenge, 1 player", "challenge", {}, 1),
    ("competitive 1v1", "competitive", {"mode": "1v1"}, 2),
    ("competitive 1v1v1", "competitive", {"mode": "1v1v1"}, 3),
    ("competitive 2v2", "competitive", {"mode": "2v2"}, 4),
    ("yam-master, 2 players", "yam-master", {}, 2),
    ("yamslam, 2 players", "yamslam", {}, 2),
    ("yamslam solo", "yamslam", {"mode": "solo"}, 1),
    ("yamslam team", "yamslam", {"mode": "team"}, 4),
    # the presets of other dice and throws, beside Yatzy's five dice and three throws
    ("yatzy, 1 player", "yatzy", {}, 1),
    ("maxi-yatzy, 1 player (6 dice, saved throws)", "maxi-yatzy", {}, 1),
    ("crag, 1 player (3 dice, 2 throws)", "crag", {}, 1),
    ("balut, 1 player (28 boxes)", "balut", {}, 1),
]


def settle() -> None:
    """Collect, then freeze what is alive, so a run pays only for the garbage it makes itself.

    Without it a run pays for full collections over every object earlier runs left alive
    (other variants' cached tables, the peer's objects), which grows through the script and
    made a figure depend on what ran before it (seen as swings of a third between runs).
    Each run still pays for its own collections; the collector stays on.
    """
    gc.collect()
    gc.freeze()


Rates = list[tuple[float, float]]


def paired(
    peer: Callable[[float], tuple[int, int]],
    runs: list[Callable[[float], tuple[int, int]]],
    seconds: float,
    repeat: int,
) -> tuple[Rates, list[Rates]]:
    """Games/s and steps/s of ``peer`` and of each of ``runs``, ``repeat`` times, the peer just before the runs.

    Index ``r`` of every list is the same repeat, so ``runs_rates[k][r]`` and ``peer_rates[r]``
    were timed seconds apart: their ratio does not see the machine change over the script.
    """
    peer_rates: Rates = []
    runs_rates: list[Rates] = [[] for _ in runs]
    for _ in range(repeat):
        for run, rates in [(peer, peer_rates), *zip(runs, runs_rates, strict=True)]:
            settle()
            start = time.process_time()
            games, steps = run(seconds)
            elapsed = time.process_time() - start
            rates.append((games / elapsed, steps / elapsed))
    return peer_rates, runs_rates


def ratio_text(rates: Rates, peer: Rates, which: int = 1) -> str:
    """The median of the paired ratios ``rates[r] / peer[r]`` (``which`` 0: games, 1: steps) and their range."""
    ratios = [mine[which] / theirs[which] for mine, theirs in zip(rates, peer, strict=True)]
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"


def median_of(rates: Rates, which: int = 1) -> float:
    """The median games/s (``which`` 0) or steps/s (1) of ``rates``."""
    return statistics.median(rate[which] for rate in rates)


def timed(run: Callable[[float], tuple[int, int]], seconds: float, repeat: int) -> tuple[float, float]:
    """Median games/s and steps/s of ``repeat`` runs of ``run(seconds)`` -> (games, steps), each from a settled heap."""
    rates, _ = paired(run, [], seconds, repeat)
    return median_of(rates, 0), median_of(rates)


def yamskit_games(
    name: str, options: dict[str, Any], players: int, *, objects: bool = False
) -> Callable[[float], tuple[int, int]]:
    """Random games through ids (``legal_action_ids`` + ``apply(space[i])``) or through action objects.

    With ``objects``: ``list(state.legal_actions())``, a uniform choice, ``state.apply(action)``.
    """
    variant = yamskit.variant(name, **options)
    names = [f"P{i + 1}" for i in range(players)]
    return random_games(lambda seed: variant.new_game(players=names, seed=seed), variant.actions, objects=objects)


def random_games(
    start: Callable[[int], Any], space: Sequence[Any], *, objects: bool = False
) -> Callable[[float], tuple[int, int]]:
    """``run(seconds) -> (games, steps)``: random games from ``start(seed)``, through ids or action objects."""

    def run(seconds: float) -> tuple[int, int]:
        rng = random.Random(1)
        games = steps = 0
        stop = time.process_time() + seconds
        while time.process_time() < stop:
            state = start(rng.getrandbits(63))
            if objects:
                while not state.is_over:
                    state = state.apply(rng.choice(list(state.legal_actions())))
                    steps += 1
            else:
                while not state.is_over:
                    state = state.apply(space[rng.choice(state.legal_action_ids())])
                    steps += 1
            games += 1
        return games, steps

    return run


def pyhtzee_games(module: ModuleType) -> Callable[[float], tuple[int, int]]:
    def run(seconds: float) -> tuple[int, int]:
        games = steps = 0
        stop = time.process_time() + seconds
        while time.process_time() < stop:
            game = module.Pyhtzee(seed=games + 1)
            while not game.is_finished():
                game.take_action(game.sample_action())
                steps += 1
            games += 1
        return games, steps

    return run


def openspiel_games(module: ModuleType) -> Callable[[float], tuple[int, int]]:
    game = module.load_game("yacht")

    def run(seconds: float) -> tuple[int, int]:
        rng = random.Random(1)
        games = steps = 0
        stop = time.process_time() + seconds
        while time.process_time() < stop:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    action = rng.choices(outcomes, weights)[0]
                else:
                    action = rng.choice(state.legal_actions())
                state.apply_action(action)
                steps += 1
            games += 1
        return games, steps

    return run


def classic_positions(count: int) -> list[Any]:
    """``count`` positions of random classic games (two players), every phase of the game."""
    variant = yamskit.variant("classic")
    rng = random.Random(7)
    found: list[Any] = []
    while len(found) < count:
        state = variant.new_game(players=["A", "B"], seed=rng.getrandbits(63))
        while not state.is_over and len(found) < count:
            found.append(state)
            state = state.apply(variant.actions[rng.choice(state.legal_action_ids())])
    return found


def unit_costs(repeat: int) -> tuple[float, float]:
    """Mean microseconds of ``legal_action_mask()`` and of ``apply`` of a legal action (classic)."""
    space = yamskit.variant("classic").actions
    rng = random.Random(3)
    masks, applies = [], []
    for _ in range(repeat):
        # fresh copies: a state caches its legal ids, and the first call is the one to time
        positions = [attrs.evolve(s) for s in classic_positions(4000)]
        start = time.process_time()
        for state in positions:
            state.legal_action_mask()
        masks.append((time.process_time() - start) / len(positions) * 1e6)
        positions = [attrs.evolve(s) for s in positions]
        chosen = [space[rng.choice(s.legal_action_ids())] for s in positions]
        positions = [attrs.evolve(s) for s in positions]
        start = time.process_time()
        for state, action in zip(positions, chosen, strict=True):
            state.apply(action)
        applies.append((time.process_time() - start) / len(positions) * 1e6)
    return statistics.median(masks), statistics.median(applies)


def long_record(moves: int) -> GameRecord:
    """A Yam Master record of ``moves`` moves, each turn the longest a turn can be.

    A throw, a challenge, two more throws and a pass: at `MAX_MOVES` moves it is the longest
    legal game (``max_turns=20000``, five moves a turn).
    """
    kept = Dice.parse("1234")
    turn = (
        Roll(outcome="12346"),
        DeclareChallenge(),
        Roll(keep=kept, outcome="6"),
        Roll(keep=kept, outcome="6"),
        Pass(),
    )
    history = tuple(Move(i // len(turn) % 2, turn[i % len(turn)]) for i in range(moves))
    return GameRecord(
        "yam-master", options={"removed": "supply", "max_turns": 20_000}, players=("A", "B"), seed=1, moves=history
    )


def replay_times(repeat: int) -> tuple[float, float]:
    """CPU seconds of `check_record` on records of MAX_MOVES and MAX_MOVES / 2 moves (medians)."""
    results = []
    for moves in (MAX_MOVES, MAX_MOVES // 2):
        record = long_record(moves)
        times = []
        for _ in range(repeat):
            start = time.process_time()
            report = check_record(record)
            times.append(time.process_time() - start)
            assert report.valid, report.error
        results.append(statistics.median(times))
    return results[0], results[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated variant names to time")
    parser.add_argument("--no-peers", action="store_true", help="do not time (or install) pyhtzee and OpenSpiel")
    parser.add_argument("--no-replay", action="store_true", help="skip the unit costs and the record check")
    args = parser.parse_args()
    print(
        f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; "
        f"yamskit {yamskit.__version__}; {args.repeat} x {args.seconds:g} CPU seconds per figure"
    )
    peers: dict[str, tuple[float, float]] = {}
    pyhtzee_run: Callable[[float], tuple[int, int]] | None = None
    if not args.no_peers:
        ph = ensure("pyhtzee", "pyhtzee")
        if ph is not None:
            pyhtzee_run = pyhtzee_games(ph)
            peers["pyhtzee (Yahtzee, 1 player)"] = timed(pyhtzee_run, args.seconds, args.repeat)
        spiel = ensure("pyspiel", "open_spiel")
        if spiel is not None:
            peers["OpenSpiel yacht (2 players)"] = timed(openspiel_games(spiel), args.seconds, args.repeat)
    only = {n for n in args.only.split(",") if n}
    rows: list[tuple[str, float, float, float, str, str, str]] = []
    pyhtzee_paired: Rates = []  # every pyhtzee figure timed beside a variant
    for label, name, options, players in CASES:
        if only and name not in only:
            continue
        by_ids, by_objects = yamskit_games(name, options, players), yamskit_games(name, options, players, objects=True)
        if pyhtzee_run is None:
            games, steps = timed(by_ids, args.seconds, args.repeat)
            _, object_steps = timed(by_objects, args.seconds, args.repeat)
            rows.append((label, games, steps, object_steps, "-", "-", ""))
            continue
        peer, (ids_rates, objects_rates) = paired(pyhtzee_run, [by_ids, by_objects], args.seconds, args.repeat)
        pyhtzee_paired += peer
        rows.append(
            (
                label,
                median_of(ids_rates, 0),
                median_of(ids_rates),
                median_of(objects_rates),
                ratio_text(ids_rates, peer),
                ratio_text(objects_rates, peer),
                ratio_text(ids_rates, peer, 0) if label.startswith("classic, 1") else "",
            )
        )
    reference = peers.get("pyhtzee (Yahtzee, 1 player)")
    if pyhtzee_paired:
        low, high = min(r[1] for r in pyhtzee_paired), max(r[1] for r in pyhtzee_paired)
        print(f"pyhtzee timed beside the variants: {len(pyhtzee_paired)} runs, {low:,.0f} to {high:,.0f} steps/s")
    print()
    print(
        "| engine | games/s | steps/s (ids) | ids ÷ pyhtzee | steps/s (objects) | objects ÷ pyhtzee "
        "| games/s ÷ pyhtzee's |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, (games, steps) in peers.items():
        ratio = f"{steps / reference[1]:.2f}" if reference else "-"
        print(f"| {label} | {games:,.0f} | {steps:,.0f} | {ratio} | | | |")
    for label, games, steps, object_steps, ids_ratio, objects_ratio, games_ratio in rows:
        print(
            f"| yamskit {label} | {games:,.1f} | {steps:,.0f} | {ids_ratio} | {object_steps:,.0f} | "
            f"{objects_ratio} | {games_ratio} |"
        )
    if rows and pyhtzee_run is not None:
        print("(a ratio: the median of the repeats' own ratios, each against pyhtzee timed just before; their range)")
    if not args.no_replay:
        mask, apply = unit_costs(args.repeat)
        print()
        print(f"classic: legal_action_mask() {mask:.1f} µs, apply of a legal action {apply:.1f} µs (means)")
        full, half = replay_times(args.repeat)
        print(
            f"check_record: {MAX_MOVES:,} moves {full:.2f} s, {MAX_MOVES // 2:,} moves {half:.2f} s "
            f"(ratio {full / half:.2f})"
        )


if __name__ == "__main__":
    main()
