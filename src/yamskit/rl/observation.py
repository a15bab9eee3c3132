"""Observations: any game state as a fixed-length float32 vector, from one player's point of view.

`observe` turns a state into a numpy vector whose length depends only on the variant (with
its options) and the number of players: `observation_size` tells it in advance, and
`observation_layout` names its blocks, in order. Every value lies in ``[0, 1]``.

Players appear *relative to the observer*: the observer first, then the next seats in
turn order. So one network can play any seat.

Scorecard variants (classic, yahtzee, challenge, competitive, your own):

| block | size | values |
|---|---|---|
| ``cells`` | players × columns × rows × 3 | per box: filled, crossed out, points ÷ the row's maximum |
| ``upper`` | players × columns × 2 | upper total ÷ the bonus threshold (capped at 1), bonus earned |
| ``extra`` | players | points beside the boxes (five-of-a-kind bonuses) ÷ 1000, capped at 1 |
| ``weights`` | columns | the game's column coefficients ÷ 20 (0 where the variant has none) |
| ``dice`` | 6 | how many dice show each face, ÷ 5 |
| ``throws`` | max throws + 1 | one-hot: throws used this turn |
| ``challenge`` | 1 | a challenge was declared this turn |
| ``to_move`` | players | one-hot: whose turn, relative to the observer |

Yam Master (two players):

| block | size | values |
|---|---|---|
| ``board`` | 25 × 2 | per cell, row by row: the observer's token, the opponent's token |
| ``supply`` | 2 | tokens left to place ÷ 12, observer first |
| ``out`` | 2 | tokens removed from the game ÷ 12 |
| ``turns`` | 1 | turns played ÷ ``max_turns`` |
| ``dice``, ``throws``, ``challenge``, ``to_move`` | 6, 4, 1, 2 | as above |

Yamslam (``sides`` collections: one per player, or two teams):

| block | size | values |
|---|---|---|
| ``rack`` | 7 | chips of each kind on the rack ÷ 4 |
| ``discard`` | 7 | chips of each kind on the discard pile ÷ 4 |
| ``collections`` | sides × 7 | chips of each kind per collection ÷ 4, the observer's first |
| ``round`` | 2 | a chip was taken this round; a solo Yamslam's second chip is due |
| ``last_draw`` | sides | one-hot: who took the rack's last chip |
| ``dice``, ``throws``, ``challenge``, ``to_move`` | 6, 4, 1, players | as above |

Examples:
    >>> import yamskit
    >>> from yamskit.rl import observe, observation_size
    >>> v = yamskit.variant("yahtzee")
    >>> game = v.new_game(seed=1).apply(yamskit.Roll(outcome="66612"))
    >>> x = observe(game, 0)
    >>> x.dtype, x.shape == (observation_size(v),), observation_size(v)
    (dtype('float32'), True, 55)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .._cache import IdentityCache
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from ..turn import Turn

__all__ = ["default_players", "observation_layout", "observation_size", "observe"]

Vector = npt.NDArray[np.float32]

_TOKENS = 12
_BOARD = 25
_KINDS = 7
_CHIPS = 4.0
_EXTRA_SCALE = 1000.0
_WEIGHT_SCALE = 20.0


def default_players(variant: Any) -> int:
    """The number of players the adapters use by default: the variant's smallest.

    Examples:
        >>> import yamskit
        >>> default_players(yamskit.variant("classic")), default_players(yamskit.variant("competitive", mode="2v2"))
        (1, 4)
    """
    if isinstance(variant, ScorecardVariant):
        return variant.rules.players[0]
    if variant.name == "yam-master":
        return 2
    if variant.name == "yamslam":
        return int(variant.players[0])
    raise TypeError(f"yamskit.rl does not know the variant {variant.name!r}")


def _max_throws(variant: Any) -> int:
    if isinstance(variant, ScorecardVariant):
        return variant.rules.max_throws
    return 3


def observation_layout(variant: Any, players: int | None = None) -> tuple[tuple[str, int], ...]:
    """The blocks of `observe`'s vector, in order: ``(name, length)`` pairs.

    Args:
        variant: a built-in or user-defined variant.
        players: how many players the game has (default: `default_players`).

    Examples:
        >>> import yamskit
        >>> observation_layout(yamskit.variant("yam-master"))
        (('board', 50), ('supply', 2), ('out', 2), ('turns', 1), ('dice', 6), ('throws', 4), ('challenge', 1), \
('to_move', 2))
    """
    n = default_players(variant) if players is None else players
    turn = (("dice", 6), ("throws", _max_throws(variant) + 1), ("challenge", 1), ("to_move", n))
    if isinstance(variant, ScorecardVariant):
        rows, columns = len(variant.rows), len(variant.columns)
        return (
            ("cells", n * columns * rows * 3),
            ("upper", n * columns * 2),
            ("extra", n),
            ("weights", columns),
            *turn,
        )
    if variant.name == "yam-master":
        return (("board", _BOARD * 2), ("supply", 2), ("out", 2), ("turns", 1), *turn)
    sides = 2 if variant.mode == "team" else n
    return (
        ("rack", _KINDS),
        ("discard", _KINDS),
        ("collections", sides * _KINDS),
        ("round", 2),
        ("last_draw", sides),
        *turn,
    )


def observation_size(variant: Any, players: int | None = None) -> int:
    """The length of `observe`'s vector for ``variant`` with ``players`` players.

    Examples:
        >>> import yamskit
        >>> observation_size(yamskit.variant("classic")), observation_size(yamskit.variant("classic"), 2)
        (55, 98)
    """
    return sum(size for _, size in observation_layout(variant, players))


def _turn(turn: Turn, max_throws: int, to_move: int, players: int) -> list[float]:
    counts = turn.dice.counts if turn.has_thrown else (0,) * 6
    out = [c / 5.0 for c in counts]
    throws = [0.0] * (max_throws + 1)
    throws[min(turn.throws_used, max_throws)] = 1.0
    out += throws
    out.append(1.0 if turn.challenge else 0.0)
    seats = [0.0] * players
    seats[to_move] = 1.0
    return out + seats


_SHEETS: IdentityCache[tuple[list[float], list[int], int]] = IdentityCache(
    "rl: observation sheet facts", size=64, key="a ScorecardRules object"
)


def _sheet_facts(rules: Any) -> tuple[list[float], list[int], int]:
    """Per rules (cached): each row's scale, the bonus rows' indexes, the bonus threshold."""

    def compute() -> tuple[list[float], list[int], int]:
        scales = [1.0 / max(1, row.max) for row in rules.rows]
        cap = max((t for t, _ in rules.bonus.tiers), default=0) if rules.bonus else 0
        upper = [rules.row_ids.index(r) for r in rules.bonus.rows] if rules.bonus else []
        return scales, upper, cap

    return _SHEETS.get(rules, compute)


def _scorecard(state: ScorecardGame, player: int) -> list[float]:
    rules = state.rules
    n = len(state.players)
    scales, upper_rows, cap = _sheet_facts(rules)
    cells: list[float] = []
    upper: list[float] = []
    extra: list[float] = []
    for k in range(n):
        sheet = state.sheets[(player + k) % n]
        for column in sheet.cells:
            for cell, scale in zip(column, scales, strict=True):
                if cell.is_empty:
                    cells += (0.0, 0.0, 0.0)
                elif cell.scratched:
                    cells += (1.0, 1.0, 0.0)
                else:
                    cells += (1.0, 0.0, min(1.0, (cell.points or 0) * scale))
            if rules.bonus is not None and cap > 0:
                total = sum(column[r].value for r in upper_rows)
                upper += (min(1.0, total / cap), 1.0 if rules.bonus.points(total) > 0 else 0.0)
            else:
                upper += (0.0, 0.0)
        extra.append(min(1.0, sheet.extra / _EXTRA_SCALE))
    columns = len(rules.columns)
    weights = [min(1.0, w / _WEIGHT_SCALE) for w in state.column_weights[:columns]]
    weights += [0.0] * (columns - len(weights))
    to_move = (state.current_player - player) % n
    return cells + upper + extra + weights + _turn(state.turn, rules.max_throws, to_move, n)


def _yam_master(state: Any, player: int) -> list[float]:
    other = 1 - player
    board: list[float] = []
    for owner in state.board.cells:
        board += (1.0 if owner == player else 0.0, 1.0 if owner == other else 0.0)
    supply = [state.supply[player] / _TOKENS, state.supply[other] / _TOKENS]
    out = [state.out[player] / _TOKENS, state.out[other] / _TOKENS]
    turns = [min(1.0, state.turns / state.variant.max_turns)]
    to_move = (state.current_player - player) % 2
    return board + supply + out + turns + _turn(state.turn, 3, to_move, 2)


def _yamslam(state: Any, player: int) -> list[float]:
    variant = state.variant
    n = len(state.players)
    sides = len(state.collections)
    mine = variant.side(player)
    out = [c / _CHIPS for c in state.rack.counts] + [c / _CHIPS for c in state.discard.counts]
    for k in range(sides):
        out += [c / _CHIPS for c in state.collections[(mine + k) % sides].counts]
    out += (1.0 if state.round_chip else 0.0, 1.0 if state.second_pick else 0.0)
    last = [0.0] * sides
    if state.last_draw is not None:
        last[(state.last_draw - mine) % sides] = 1.0
    to_move = (state.current_player - player) % n
    return out + last + _turn(state.turn, 3, to_move, n)


def observe(state: Any, player: int) -> Vector:
    """The state as seen by seat ``player``: a float32 vector laid out as `observation_layout` says.

    Args:
        state: a game state of any built-in variant or of a user-defined scorecard variant.
        player: the observer's seat index.

    Raises:
        IndexError: ``player`` is not a seat of this game.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1)
        >>> x = observe(game, 1)
        >>> float(x[0]), float(x.min()), float(x.max())  # the rack is full
        (1.0, 0.0, 1.0)
    """
    if not 0 <= player < len(state.players):
        raise IndexError(f"no seat {player} in this game of {len(state.players)}")
    if isinstance(state, ScorecardGame):
        values = _scorecard(state, player)
    elif state.variant.name == "yam-master":
        values = _yam_master(state, player)
    elif state.variant.name == "yamslam":
        values = _yamslam(state, player)
    else:
        raise TypeError(f"yamskit.rl does not know the variant {state.variant.name!r}")
    return np.asarray(values, dtype=np.float32)
