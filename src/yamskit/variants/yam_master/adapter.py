"""How the edges play Yam Master: its learning observation, rewards, bounds and strong bot (`ADAPTER`).

The package registers `ADAPTER` for `YamMasterVariant` with `yamskit.adapters.register`
when it is imported; `yamskit.rl` and `yamskit.bots` find it through the variant.

Observation blocks (before the turn's): ``board`` (25 × 2: per cell, row by row, the
observer's token, the opponent's token), ``supply`` (tokens left to place ÷ 12, observer
first), ``out`` (tokens removed from the game ÷ 12) and ``turns`` (turns played ÷
``max_turns``). Rewards are normalized by 12, a player's tokens; OpenSpiel games are
won or lost (``"outcome"``) unless told otherwise.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yam-master")
    >>> ADAPTER.observation.layout(v, 2)
    (('board', 50), ('supply', 2), ('out', 2), ('turns', 1))
    >>> ADAPTER.reward_scale(v, 2), ADAPTER.bounds(v, 2)
    (12.0, (0.0, 100.0, 1801))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...actions import Action
from ...adapters import EdgeAdapter, Observation
from .board import SIZE
from .game import YamMasterGame
from .rules import TOKENS
from .variant import YamMasterVariant

__all__ = ["ADAPTER"]


def _layout(_variant: YamMasterVariant, _players: int) -> tuple[tuple[str, int], ...]:
    return (("board", SIZE * SIZE * 2), ("supply", 2), ("out", 2), ("turns", 1))


def _values(state: YamMasterGame, player: int) -> list[float]:
    other = 1 - player
    board: list[float] = []
    for owner in state.board.cells:
        board += (1.0 if owner == player else 0.0, 1.0 if owner == other else 0.0)
    supply = [state.supply[player] / TOKENS, state.supply[other] / TOKENS]
    out = [state.out[player] / TOKENS, state.out[other] / TOKENS]
    turns = [min(1.0, state.turns / state.variant.max_turns)]
    return board + supply + out + turns


def _parts(state: YamMasterGame) -> tuple[Any, ...]:
    return (state.board, state.supply, state.out, state.turns)


def _bounds(variant: YamMasterVariant, _players: int) -> tuple[float, float, int]:
    return 0.0, 100.0, variant.max_turns * 9 + 1


def _choose(state: YamMasterGame, *, depth: int) -> Action:
    from .strategy import choose_board_action  # numpy tables, built when a bot first plays

    return choose_board_action(state, depth=depth)


#: Where ``"hard"`` and ``"medium"`` stand (`yamskit.bots.rungs`). The expert, the strong bot
#: checked by rollouts, wins only about half its games against the strong bot, and the strong
#: bot about 65% against the one-throw player, too little for two steps of the ladder's 60%; so
#: ``"hard"`` is that one-throw player (rung 2), and ``"medium"`` plays half its turns as it and
#: half as ``"easy"`` (rung 1.5): the one-throw player won 72.2% against that mix, and the mix
#: 87.0% against ``"easy"`` (400 games each, seeds 500000-500399, 2026-12-06). See the docs'
#: "How strong are the bots".
RUNGS: Mapping[str, float] = {"hard": 2.0, "medium": 1.5}


#: The edges' adapter of Yam Master (two players, won or lost, scored in run points).
ADAPTER = EdgeAdapter(
    players=(2, 2),
    observation=Observation(layout=_layout, values=_values, parts=_parts),
    reward_scale=lambda _variant, _players: float(TOKENS),
    default_reward="outcome",
    bounds=_bounds,
    choose=_choose,
    rungs=lambda _variant, _with_opponents: RUNGS,
)
