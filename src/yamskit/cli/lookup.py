"""``yamskit score``, ``yamskit rules`` and ``yamskit advise``: what the rules say about dice and positions."""

from __future__ import annotations

import argparse
import sys

from ..actions import Score, Scratch
from ..dice import NUM_DICE, Dice
from ..errors import brief
from ..registry import variant_names
from ..scorecard.variant import ScorecardVariant
from .common import CliError, action_id, need_numpy, read_variant
from .output import grid, safe_lines

__all__ = ["advise_command", "rules_command", "score_command"]


def _score_position(args: argparse.Namespace) -> int:
    from ..notation import from_notation

    state = from_notation(args.variant)
    if not hasattr(state, "placement"):
        raise CliError(
            f"variant {brief(state.variant.name)} has no scorecard rows: 'score' works for scorecard variants"
        )
    if not state.turn.has_thrown:
        raise CliError("the position has no dice thrown this turn: nothing to score")
    if len(args.values) > 2:
        raise CliError("usage: yamskit score NOTATION ROW [COLUMN], or NOTATION all")
    if args.values != ["all"]:
        print(state.placement(Score(args.values[0], args.values[1] if len(args.values) > 1 else None)).points)
        return 0
    rows = []
    for action in state.legal_actions():
        if isinstance(action, (Score, Scratch)):
            p = state.placement(action)
            rows.append(
                (action_id(action), ("x" if p.crossed else str(p.points)) + (f" +{p.extra}" if p.extra else ""))
            )
    print(grid(f"{state.players[state.current_player]}: {state.dice}", ("Action", "Writes"), rows, (False, True)))
    return 0


def score_command(args: argparse.Namespace) -> int:
    """``yamskit score``: a row's points for a roll of the variant's dice, every row's, or what boxes take now."""
    if len(args.variant.split()) > 1:  # a position notation
        return _score_position(args)
    variant = read_variant(args)
    if not hasattr(variant, "rows") or not hasattr(variant, "score"):
        raise CliError(f"variant {brief(variant.name)} has no scorecard rows: 'score' works for scorecard variants")
    if len(args.values) not in (1, 2):
        raise CliError("usage: yamskit score VARIANT [ROW] DICE")
    dice = Dice.parse(args.values[-1])
    rules = getattr(variant, "rules", None)
    count = getattr(rules, "dice", NUM_DICE)  # the variant's own dice: 3 for crag, 5 for most
    if len(dice) != count:
        raise CliError(f"a roll of {variant.name} is {count} dice, not {len(dice)}: {brief(args.values[-1])}")
    if len(args.values) == 2:
        print(variant.score(args.values[0], dice))
        return 0
    rows = [(row, str(variant.score(row, dice))) for row in variant.rows]
    print(grid(f"{variant.name}: {dice}", ("Row", "Points"), rows, (False, True)))
    return 0


def rules_command(args: argparse.Namespace) -> int:
    """``yamskit rules``: a variant's description, or every variant's name."""
    if args.variant is None:
        print("\n".join(variant_names()))
        return 0
    print(read_variant(args).describe())
    return 0


def advise_command(args: argparse.Namespace) -> int:
    """``yamskit advise``: every option of a solitaire position, best first (exact solver).

    A sheet whose unused throws are saved (Maxi Yatzy) is advised by the solver's strategy over
    a store capped at `yamskit.bots.store_player.EXPERT_STORE_CAP` throws, the one the
    ``"expert"`` bot plays from the same cache.
    """
    variant = read_variant(args)
    read = getattr(variant, "from_notation", None)
    if read is None:
        raise CliError(f"variant {brief(args.variant)} has no position notation, which 'advise' needs")
    state = read(args.notation)
    need_numpy("advise")
    from ..solver.advice import cached_store_strategy, cached_strategy, ranked, render_advice
    from ..solver.model import model_of

    saved = isinstance(variant, ScorecardVariant) and variant.rules.saved_throws
    model_of(variant, saved_throws=saved)
    assert isinstance(variant, ScorecardVariant)  # model_of refuses every other kind of variant
    if state.is_over:
        raise CliError("the game in this position is over: there is nothing to advise")
    quiet = not sys.stderr.isatty()
    if saved:
        from ..bots.store_player import EXPERT_STORE_CAP

        store = cached_store_strategy(variant, store_cap=EXPERT_STORE_CAP, directory=args.cache, quiet=quiet)
        options = ranked(store, state)
    else:
        options = ranked(cached_strategy(variant, directory=args.cache, quiet=quiet), state)
    print(safe_lines(render_advice(state, options)))
    return 0
