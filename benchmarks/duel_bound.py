"""How often can any player beat the expected-score optimum in a duel? An upper bound, worked out exactly.

Usage::

    python benchmarks/duel_bound.py                          # generala, yacht, crag
    python benchmarks/duel_bound.py --variant generala --json benchmarks/duel-bounds.json

The level ``"hard"`` of a one-column sheet the solver handles is the expected-score optimum.
The ladder asks ``"expert"`` to win 60% of its games against it. This script works out the
most any player could score against it (a win 1, a draw counted whole), by the *clairvoyant*
bound: a player who knew the opponent's final score ``T`` before the game would play to reach
``T`` (`yamskit.solver.solve_target`), and none does better, since the two players' dice are
independent. So the bound is the sum over ``T`` of P(the optimum ends on ``T``) times the best
chance of ``T`` or more. The optimum's final scores are exact (`Strategy.distribution`), and so
is every chance of reaching (one target table holds all the needs up to the top score).

A sheet whose served roll wins at once (Generala) also ends a game early. The bound then
plays the sheet without that rule (served points and the later box stay) and adds the chance
that any of the player's turns starts with five of a kind: a game the player wins without
such a roll is one where that roll never came, so it is played the same on both sheets, and
a game the opponent's served win ended is lost.

docs/explanation/duels.md records the results; ``--json`` keeps them, and
``benchmarks/ladder.py`` reads that file to mark a bar of 60% against the optimum that no
player can reach.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
from optimal_values import machine  # benchmarks/optimal_values.py: the machine line of the pages

from yamskit._files import write_atomic  # temp file, fsync, rename

#: Where `benchmarks/ladder.py` reads the bounds.
BOUNDS = Path(__file__).resolve().parent / "duel-bounds.json"
#: The sheets measured by default: the solver's one-column duels whose target table is small.
DEFAULT = ("generala", "yacht", "crag")


def without_served_win(variant: Any) -> Any:
    """``variant`` with its `ServedWin` rules dropped (the same variant where it has none)."""
    from yamskit import ScorecardVariant
    from yamskit.scorecard.game_rules import ServedWin

    rules = variant.rules
    kept = tuple(rule for rule in rules.placement_rules if not isinstance(rule, ServedWin))
    if len(kept) == len(rules.placement_rules):
        return variant
    return ScorecardVariant(f"{variant.name} without its served win", attrs.evolve(rules, placement_rules=kept))


def served_chance(variant: Any) -> float:
    """The chance that some turn of a player starts with all its dice alike; 0 without a served win."""
    from yamskit.scorecard.game_rules import ServedWin

    rules = variant.rules
    if not any(isinstance(rule, ServedWin) for rule in rules.placement_rules):
        return 0.0
    alike = 6 / 6**rules.dice
    return float(1 - (1 - alike) ** len(rules.rows))


def bound(game: Any) -> dict[str, Any]:
    """The clairvoyant bound of ``game`` (a preset's name or a one-column sheet; see the module), with its parts."""
    import yamskit
    from yamskit.solver import solve, solve_target

    variant = yamskit.variant(game) if isinstance(game, str) else game
    wall = time.perf_counter()
    opponent = solve(variant, quiet=True).distribution()
    plan = solve_target(without_served_win(variant), opponent.maximum)
    reach = plan.chances[0]  # the best chance of n or more points from a new game, for every n
    clairvoyant = sum(p * float(reach[opponent.minimum + i]) for i, p in enumerate(opponent.probabilities))
    served = served_chance(variant)
    return {
        "variant": variant.name,
        "bound": round(clairvoyant + served, 4),
        "clairvoyant": round(clairvoyant, 4),
        "served_win": round(served, 4),
        "optimum_mean": round(opponent.mean, 2),
        "top": opponent.maximum,
        "wall_s": round(time.perf_counter() - wall, 1),
    }


def write(path: Path, bounds: Sequence[dict[str, Any]]) -> None:
    """Keep ``bounds`` in ``path`` (by variant, merged with what is there), written whole or not at all."""
    kept: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    kept.update({b["variant"]: {k: v for k, v in b.items() if k not in ("variant", "wall_s")} for b in bounds})
    write_atomic(path, json.dumps(dict(sorted(kept.items())), indent=2) + "\n")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", nargs="+", default=list(DEFAULT), help="presets of the solver's one-column games")
    parser.add_argument("--json", type=Path, metavar="FILE", help="keep the bounds in FILE (merged by variant)")
    args = parser.parse_args(argv)
    print(f"{time.strftime('%Y-%m-%d %H:%M')}; {machine()}", flush=True)
    found = []
    for name in args.variant:
        found.append(bound(name))
        print(json.dumps(found[-1]), flush=True)
    if args.json is not None:
        write(args.json, found)


if __name__ == "__main__":
    main()
