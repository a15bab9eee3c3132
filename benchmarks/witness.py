"""What the referee costs: a witness for a full game of each variant, beside the game itself.

For each variant and mode, a few seeded random games are played to the end (one throw in
four a five of a kind, so jokers, bonuses, secs and Yamslams come up). On the final
position, in the same run and the same process:

* ``play``: playing the game itself, action after action (the peer figure: what a game
  costs through the public protocol);
* ``witness``: building a game that reaches the final position (the family's search);
* ``check``: the whole of ``variant.check_position`` (the checks, the witness, its replay);
* ``load``: ``load_game`` of the full save (its history replayed from its origin);
* ``notation``: ``from_notation`` of the final position (read, then checked as above).

Times are medians in milliseconds; the ratio is ``check / play``. With ``--sizes`` it
also prints the sizes of the exhaustive searches of ``tests/position`` (states reached,
candidates checked). Run it from the repository's root (it uses the tests' helpers).

Usage:
    PYTHONPATH=.:src python benchmarks/witness.py [--games 5] [--sizes]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tests.playout import five_of_a_kind_often

import yamskit

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("classic", {}, 2),
    ("yahtzee", {}, 1),
    ("classic", {"joker": "free", "yams_bonus": 100}, 4),
    ("challenge", {}, 2),
    ("competitive", {}, 2),
    ("competitive", {"mode": "1v1v1"}, 3),
    ("competitive", {"mode": "2v2"}, 4),
    ("yam-master", {}, 2),
    ("yam-master", {"removed": "out"}, 2),
    ("yamslam", {}, 4),
    ("yamslam", {"mode": "solo"}, 1),
    ("yamslam", {"mode": "team"}, 4),
]


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000


def _game(name: str, options: dict[str, Any], players: int, seed: int) -> tuple[Any, list[Any]]:
    rng = random.Random(seed)
    variant = yamskit.variant(name, **options)
    state = variant.new_game([f"P{i}" for i in range(players)], seed=seed)
    actions = []
    while not state.is_over:
        action = five_of_a_kind_often(state, rng)
        state = state.apply(action)
        actions.append(state.history[-1].action)
    return state, actions


def _replay(state: Any, actions: list[Any]) -> None:
    game = state.origin
    for action in actions:
        game = game.apply(action)


def _witness_builder(state: Any) -> Callable[[Any], object]:
    """The family's witness search alone (without the checks before it and the replay after)."""
    import importlib

    module = {"ScorecardGame": "yamskit.scorecard.witness", "YamMasterGame": "yamskit.variants.yam_master.witness"}
    name = module.get(type(state).__name__, "yamskit.variants.yamslam.witness")
    builder: Callable[[Any], object] = importlib.import_module(name).witness_of
    return builder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--sizes", action="store_true")
    args = parser.parse_args()
    columns = ("moves", "play", "witness", "check", "load", "notation")
    print(f"{'variant':36} " + " ".join(f"{c:>8}" for c in columns) + f" {'check/play':>11}")
    for name, options, players in CASES:
        rows: dict[str, list[float]] = {k: [] for k in ("moves", "play", "witness", "check", "load", "notation")}
        for seed in range(args.games):
            final, actions = _game(name, options, players, seed)
            variant = final.variant
            build = _witness_builder(final)
            text, save = final.to_notation(), final.to_json()
            rows["moves"].append(len(actions))
            rows["play"].append(_timed(lambda f=final, a=actions: _replay(f, a)))
            rows["witness"].append(_timed(lambda f=final, b=build: b(f)))
            rows["check"].append(_timed(lambda f=final, v=variant: v.check_position(f)))
            rows["load"].append(_timed(lambda s=save: yamskit.load_game(s)))
            rows["notation"].append(_timed(lambda t=text, v=variant: v.from_notation(t)))
        m = {k: statistics.median(v) for k, v in rows.items()}
        label = name + (f" {options}" if options else "") + f" ({players}p)"
        print(f"{label:36} " + " ".join(f"{m[c]:8.1f}" for c in columns) + f" {m['check'] / m['play']:10.1f}x")
    if args.sizes:
        _sizes()


def _sizes() -> None:
    """States reached and candidates checked by the exhaustive searches of ``tests/position``."""
    from tests.position import test_exhaustive_scorecard as sheets
    from tests.position import test_exhaustive_yam_master as board
    from tests.position import test_exhaustive_yamslam as chips

    print()
    print(f"{'exhaustive search':58} {'reached':>8} {'candidates':>11} {'accepted':>9} {'seconds':>8}")
    for case in sheets.CASES:
        variant, players, extras = case.values
        start = time.perf_counter()
        reached = sheets.reachable(variant, players)
        shape = {k for k in reached if all(sheet.extra in extras for sheet in k[0])}
        candidates = list(sheets.candidates(variant, players, extras))
        accepted = sum(sheets.accepted(c) for c in candidates)
        print(
            f"scorecard {case.id:48} {len(shape):8} {len(candidates):11} {accepted:9} "
            f"{time.perf_counter() - start:8.1f}"
        )
    for options, region, outs in (
        ({"removed": "supply", "max_turns": 4}, board.CORNER, (0,)),
        ({"removed": "out", "max_turns": 4}, board.CORNER, (0, 1)),
        ({"removed": "supply", "max_turns": 9}, board.TOP_ROW, (0,)),
    ):
        start = time.perf_counter()
        variant = yamskit.variant("yam-master", **options)
        reached = board.reachable(variant, region)
        shape = {k for k in reached if all(n in outs for n in k[2])}
        candidates = list(board.candidates(variant, region, outs))
        accepted = sum(board.accepted(c) for c in candidates)
        label = f"yam-master {options} {len(region)} cells"
        print(f"{label:58} {len(shape):8} {len(candidates):11} {accepted:9} {time.perf_counter() - start:8.1f}")
    for mode, players, out, firsts in (
        ("standard", ("Ann", "Bob"), 3, (0, 1)),
        ("standard", ("Ann", "Bob", "Cy"), 2, (0, 1, 2)),
        ("team", ("Ann", "Bob", "Cy", "Di"), 2, (0,)),
        ("solo", ("Sol",), 4, (0,)),
    ):
        start = time.perf_counter()
        variant = yamskit.variant("yamslam", mode=mode)
        reached = chips.search([variant.new_game(players, seed=1, first_player=f) for f in firsts], out)
        candidates = list(chips.candidates(variant, players, out, firsts))
        accepted = sum(chips.accepted(c) for c in candidates)
        label = f"yamslam {mode}, {len(players)} players, up to {out} chips out"
        print(f"{label:58} {len(reached):8} {len(candidates):11} {accepted:9} {time.perf_counter() - start:8.1f}")


if __name__ == "__main__":
    main()
