"""How the edges play Yamslam: its learning observation, rewards, bounds, strong bot and exact solo player (`ADAPTER`).

The package registers `ADAPTER` for `YamslamVariant` with `yamskit.adapters.register`
when it is imported; `yamskit.rl` and `yamskit.bots` find it through the variant.

Observation blocks (before the turn's), with ``sides`` collections (one per player, or
two teams): ``rack`` (7: chips of each kind on the rack ÷ 4), ``discard`` (7: on the
discard pile ÷ 4), ``collections`` (sides × 7: chips of each kind per collection ÷ 4, the
observer's first), ``round`` (2: a chip was taken this round; a solo Yamslam's second
chip is due) and ``last_draw`` (sides: one-hot, who took the rack's last chip).
Rewards are normalized by the best possible score, 1,000.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yamslam", mode="team")
    >>> ADAPTER.observation.layout(v, 4)
    (('rack', 7), ('discard', 7), ('collections', 14), ('round', 2), ('last_draw', 2))
    >>> ADAPTER.players(v), ADAPTER.reward_scale(v, 4)
    ((4, 4), 1000.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...actions import Action
from ...adapters import EdgeAdapter, Observation
from .chips import CHIPS_PER_KIND, KINDS, MAX_SCORE, tally
from .game import YamslamGame
from .variant import YamslamVariant

__all__ = ["ADAPTER"]

_CHIPS = float(CHIPS_PER_KIND)


def _sides(variant: YamslamVariant, players: int) -> int:
    return 2 if variant.mode == "team" else players


def _layout(variant: YamslamVariant, players: int) -> tuple[tuple[str, int], ...]:
    sides = _sides(variant, players)
    kinds = len(KINDS)
    return (("rack", kinds), ("discard", kinds), ("collections", sides * kinds), ("round", 2), ("last_draw", sides))


def _values(state: YamslamGame, player: int) -> list[float]:
    variant = state.variant
    sides = len(state.collections)
    mine = variant.side(player)
    out = [c / _CHIPS for c in state.rack.counts] + [c / _CHIPS for c in state.discard.counts]
    for k in range(sides):
        out += [c / _CHIPS for c in state.collections[(mine + k) % sides].counts]
    out += (1.0 if state.round_chip else 0.0, 1.0 if state.second_pick else 0.0)
    last = [0.0] * sides
    if state.last_draw is not None:
        last[(state.last_draw - mine) % sides] = 1.0
    return out + last


def _parts(state: YamslamGame) -> tuple[Any, ...]:
    return (state.rack, state.discard, state.collections, state.round_chip, state.second_pick, state.last_draw)


def _side_score(state: YamslamGame, seat: int) -> int:
    """The points of the collection ``seat`` plays for, bonuses included."""
    side = state.variant.side(seat)
    return tally(state.collections[side], last_draw=state.last_draw == side).total


def _bounds(variant: YamslamVariant, players: int) -> tuple[float, float, int]:
    return 0.0, float(MAX_SCORE), variant.max_turns(players) * 9 + 2


def _choose(state: YamslamGame, *, depth: int) -> Action:
    from .strategy import choose_chip_action  # numpy tables, built when a bot first plays

    return choose_chip_action(state, depth=depth)


def _solitaire(variant: YamslamVariant, *, folder: Any, time_budget: float, progress: Any = None) -> Any:
    """The exact player of solo Yamslam (`.solo.SoloPlayer`) where its values are at hand or fit the budget."""
    if variant.mode != "solo":
        return None
    from .solo import SoloPlayer, solo_ready, solo_values  # numpy tables, solved on the first decision

    if not solo_ready(folder=folder, time_budget=time_budget):
        return None
    return SoloPlayer(lambda: solo_values(folder=folder, progress=progress))


def _versus(variant: YamslamVariant, *, fallback: Any, decision_time: float) -> Any:
    """The expert with opponents: the last chips played for the win (`.endgame.EndgamePlayer`), hard before."""
    if variant.mode == "solo":
        return None
    from .endgame import EndgamePlayer, budget_for  # numpy tables, built when a bot first plays

    return EndgamePlayer(fallback, budget=budget_for(decision_time))


#: Where ``"hard"`` stands with opponents (`yamskit.bots.rungs`): 60% of its turns as the strong
#: bot, the rest as ``"medium"``'s one-throw bot (rung 2.6). The expert with opponents wins only
#: about 52% against the strong bot, so the two top levels would not differ: at 0.6 the mix
#: scored 67.6% against medium and the expert 69.0% against it (two players), 69.9% and 68.1% in
#: teams (600 games each, seeds 500000-500599, 2026-12-07; 0.5 and 0.7 left the two gaps
#: uneven). See the docs' "How strong are the bots".
RUNGS_VERSUS: Mapping[str, float] = {"hard": 2.6}


def _rungs(variant: YamslamVariant, _with_opponents: bool) -> Mapping[str, float]:
    """Every level on its own bot alone (where the exact player is above hard); `RUNGS_VERSUS` with opponents.

    A Yamslam variant is played alone or with opponents by its mode, so the table it is
    played at is known from the variant.
    """
    return {} if variant.mode == "solo" else RUNGS_VERSUS


#: The edges' adapter of Yamslam (played for points: chips and bonuses).
ADAPTER = EdgeAdapter(
    players=lambda variant: variant.players,
    observation=Observation(layout=_layout, values=_values, parts=_parts),
    reward_scale=lambda _variant, _players: float(MAX_SCORE),
    side_score=_side_score,
    bounds=_bounds,
    choose=_choose,
    solitaire=_solitaire,
    versus=_versus,
    rungs=_rungs,
)
