"""How the strong bot values a Yam Master board: lines, threats, blocking, the predator, the défi.

The board is scored for each player by counting, over every line of the board (rows,
columns, both diagonals, short diagonals included), each stretch of 3, 4 or 5 cells
that holds no opposing token, by how many of the player's tokens it holds
(`WINDOW_WEIGHTS`). A stretch counts more when the free cells it still needs carry
labels that are easy to make (each label's chance in one aimed turn). Run points
already made count `POINT_WEIGHT` each; five in a row wins. The evaluation is the
player's score minus the opponent's, the opponent's weighted by `DEFENCE` (blocking a
line is worth a little more than building one). When the next token would be the
player's last, the game ends: the result is then known and counted as a win or loss.

Each end of turn (place a token, remove one with five of a kind, pass) is valued by the
change it makes to this evaluation; keeps, and whether to declare a *défi*, by the
exact expectimax over the throws left (`yamskit.bots.lookahead`), the *sec* and
*défi* labels following the turn's throws.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1).apply(yamskit.Roll(outcome="12345"))
    >>> choose_board_action(g)
    Place(cell=(1, 2))
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..actions import Action, DeclareChallenge, Pass, Place, RemoveToken, Roll
from ..dice import ROLLS, keep_index
from ..variants.yam_master.board import FIGURE_LABELS, LABEL_IDS, LABELS, LINES, SIZE, Board, dice_labels
from .lookahead import keep_values_after, single_target_values

__all__ = ["DEFENCE", "POINT_WEIGHT", "WINDOW_WEIGHTS", "board_value", "choose_board_action"]

FloatArray = npt.NDArray[np.float64]

#: Weight of a stretch of 3, 4 or 5 cells by the tokens one player holds in it (none of the opponent's).
WINDOW_WEIGHTS: dict[int, tuple[float, ...]] = {
    3: (0.0, 0.3, 1.2, 0.0),
    4: (0.0, 0.2, 0.8, 2.5, 0.0),
    5: (0.0, 0.3, 1.5, 6.0, 30.0, 0.0),
}
#: Value of one run point already on the board.
POINT_WEIGHT = 6.0
#: Weight of the opponent's evaluation against one's own.
DEFENCE = 1.15
_WIN = 10_000.0
_NEG = -1e18

_WINDOWS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    cells[start : start + size] for _, cells in LINES for size in (3, 4, 5) for start in range(len(cells) - size + 1)
)
_LABEL_ROWS = {label: i for i, label in enumerate(LABEL_IDS)}
_BASE = np.array([[label in dice_labels(r) for label in LABEL_IDS] for r in ROLLS], dtype=np.bool_)
_FIGURE = np.array([not dice_labels(r).isdisjoint(FIGURE_LABELS) for r in ROLLS], dtype=np.bool_)
_YAM = np.array([len(set(r.faces)) == 1 for r in ROLLS], dtype=np.bool_)


def _label_chances() -> dict[str, float]:
    targets = np.array([[float(label in dice_labels(r)) for label in LABEL_IDS] for r in ROLLS])
    aimed = single_target_values(targets, throws=3)
    figure = _FIGURE.astype(np.float64)[:, None]
    chances = {label: float(aimed[i]) for i, label in enumerate(LABEL_IDS)}
    chances["one_shot"] = float(single_target_values(figure, throws=1)[0])
    chances["challenge"] = float(single_target_values(figure, throws=3)[0])
    return chances


#: The chance of making each label in a turn aimed at it.
LABEL_CHANCES: dict[str, float] = _label_chances()
_CELL_CHANCE = {(r, c): LABEL_CHANCES[LABELS[r][c]] for r in range(SIZE) for c in range(SIZE)}


def _side_score(board: Board, player: int) -> float:
    cells = board.cells
    score = POINT_WEIGHT * board.points(player)
    for window in _WINDOWS:
        mine, reach = 0, 1.0
        for r, c in window:
            owner = cells[r * SIZE + c]
            if owner is None:
                reach *= 0.5 + _CELL_CHANCE[(r, c)]
            elif owner == player:
                mine += 1
            else:
                break
        else:
            score += WINDOW_WEIGHTS[len(window)][mine] * min(reach, 1.0)
    return score


def board_value(game: Any, board: Board, supply: tuple[int, ...], player: int) -> float:
    """The evaluation of ``board`` for ``player`` (own lines minus the opponent's).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1)
        >>> board_value(g, g.board, g.supply, 0)
        0.0
    """
    other = 1 - player
    if board.fives:
        return _WIN if board.fives[0].player == player else -_WIN
    if 0 in supply:
        mine, theirs = board.points(player), board.points(other)
        return _WIN if mine > theirs else -_WIN if mine < theirs else 0.0
    return _side_score(board, player) - DEFENCE * _side_score(board, other)


def _ends(game: Any, player: int) -> list[tuple[float, Action, str]]:
    """Every way to end the turn with its value and the label it needs ("" for none, "yam" to remove)."""
    board, supply, me = game.board, game.supply, player
    now = board_value(game, board, supply, me)
    out: list[tuple[float, Action, str]] = [(0.0, Pass(), "")]
    placed_supply = tuple(s - 1 if i == me else s for i, s in enumerate(supply))
    for cell in board.free_cells():
        value = board_value(game, board.place(cell, me), placed_supply, me) - now
        out.append((value, Place(cell), LABELS[cell[0]][cell[1]]))
    for cell in board.cells_of(1 - me):
        back = supply if game.variant.removed == "out" else tuple(s + 1 if i != me else s for i, s in enumerate(supply))
        out.append((board_value(game, board.remove(cell), back, me) - now, RemoveToken(cell), "yam-remove"))
    return out


def _stop_factory(label_values: FloatArray, remove: float, challenge: bool) -> Any:
    base: FloatArray = np.maximum(np.where(_BASE, label_values[None, :], _NEG).max(axis=1), 0.0)
    base = np.where(_YAM, np.maximum(base, remove), base).astype(np.float64)
    one_shot_value, challenge_value = label_values[_LABEL_ROWS["one_shot"]], label_values[_LABEL_ROWS["challenge"]]
    sec: FloatArray = np.where(_FIGURE, np.maximum(base, one_shot_value), base).astype(np.float64)
    defi: FloatArray = np.where(_FIGURE, np.maximum(base, challenge_value), base).astype(np.float64)

    def stop(used: int, _fresh: bool) -> FloatArray:
        if used == 1:
            return sec
        return defi if challenge else base

    return stop


def choose_board_action(game: Any, *, depth: int = 10) -> Action:
    """The strong bot's action in Yam Master: the best way to end the turn, keep, or declare a défi.

    ``depth`` is how many throws ahead keeps look.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1).apply(yamskit.Roll(outcome="11456"))
        >>> choose_board_action(g)  # nothing to place yet: a défi opens its two cells to any figure
        DeclareChallenge()
    """
    turn = game.turn
    if not turn.has_thrown:
        return Roll()
    me = game.current_player
    ends = _ends(game, me)
    label_values = np.full(len(LABEL_IDS), _NEG)
    remove = _NEG
    for value, _, label in ends:
        if label == "yam-remove":
            remove = max(remove, value)
        elif label:
            i = _LABEL_ROWS[label]
            label_values[i] = max(label_values[i], value)
    labels = game.labels
    legal_ends = [
        (v, a)
        for v, a, label in ends
        if (label == "" or label in labels or (label == "yam-remove" and "yams" in labels))
    ]
    must_throw = turn.challenge and turn.is_first_throw
    best_end = None if must_throw else max(legal_ends, key=lambda va: va[0])
    if turn.throws_left <= 0:
        assert best_end is not None
        return best_end[1]
    dice = turn.dice
    used = turn.throws_used

    def best_keep(challenge: bool) -> tuple[float, Roll]:
        keeps = keep_values_after(
            _stop_factory(label_values, remove, challenge), used=used, max_throws=turn.max_throws, depth=depth
        )
        options = [k for k in dice.sub_multisets() if not (challenge and used == 1 and len(k) == len(dice))]
        keep = max(options, key=lambda k: (keeps[keep_index(k.faces)], len(k)))
        return float(keeps[keep_index(keep.faces)]), Roll(keep=keep)

    keep_value, roll = best_keep(turn.challenge)
    if used == 1 and not turn.challenge:
        declared, _ = best_keep(True)
        if declared > max(keep_value, best_end[0] if best_end else _NEG) + 1e-9:
            return DeclareChallenge()
    if best_end is None or keep_value > best_end[0] + 1e-9:
        return roll
    return best_end[1]
