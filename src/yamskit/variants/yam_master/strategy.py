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

A bot that plans its whole turn (the ``"hard"`` level) also counts `TEMPO` for each
end that puts a token on the board and improves the evaluation. The evaluation prices
a token by the lines it helps today, which undervalues the sure token against a long
shot at a better cell: a turn that ends with nothing is a turn the opponent gains on.
Planning only the next throw (``"medium"``) is cautious by accident; planning the whole
turn exactly chased the long shots and lost more games than it won against medium.

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

from ...actions import Action, DeclareChallenge, Pass, Place, RemoveToken, Roll
from ...adapters import keep_search
from ...dice import ROLLS, keep_index
from .board import (
    FIGURE_LABELS,
    LABEL_IDS,
    LABELS,
    LINES,
    RUN_POINTS,
    SIZE,
    Board,
    dice_labels,
)
from .game import YamMasterGame

__all__ = [
    "DEFENCE",
    "POINT_WEIGHT",
    "TEMPO",
    "WINDOW_WEIGHTS",
    "board_value",
    "board_values",
    "choose_board_action",
    "end_values",
]


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
#: What a bot planning its whole turn adds to an end of turn that places a token and
#: improves the evaluation (see the module docs; measured against the medium level).
TEMPO = 6.0
_WIN = 10_000.0
_NEG = -1e18


#: Arrays of the strategy's tables.
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def keep_values_after(stop: Any, *, used: int, max_throws: int, depth: int = 10) -> FloatArray:
    """The bots' `yamskit.bots.lookahead.keep_values_after`, through the search hook."""
    values: FloatArray = keep_search().keep_values_after(stop, used=used, max_throws=max_throws, depth=depth)
    return values


def single_target_values(targets: FloatArray, *, throws: int, fresh_only: bool = False) -> FloatArray:
    """The bots' `yamskit.bots.lookahead.single_target_values`, through the search hook."""
    values: FloatArray = keep_search().single_target_values(targets, throws=throws, fresh_only=fresh_only)
    return values


_WINDOWS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    cells[start : start + size] for _, cells in LINES for size in (3, 4, 5) for start in range(len(cells) - size + 1)
)
_LABEL_ROWS = {label: i for i, label in enumerate(LABEL_IDS)}
_BASE = np.array([[label in dice_labels(r) for label in LABEL_IDS] for r in ROLLS], dtype=np.bool_)
_FIGURE = np.array([not dice_labels(r).isdisjoint(FIGURE_LABELS) for r in ROLLS], dtype=np.bool_)
_YAM = np.array([len(set(r.faces)) == 1 for r in ROLLS], dtype=np.bool_)


def _label_chances() -> dict[str, float]:
    aimed = single_target_values(_BASE.astype(np.float64), throws=3)
    figure = _FIGURE.astype(np.float64)[:, None]
    chances = {label: float(aimed[i]) for i, label in enumerate(LABEL_IDS)}
    chances["one_shot"] = float(single_target_values(figure, throws=1)[0])
    chances["challenge"] = float(single_target_values(figure, throws=3)[0])
    return chances


#: The chance of making each label in a turn aimed at it.
LABEL_CHANCES: dict[str, float] = _label_chances()

# Boards as arrays: one row of 26 codes per board, -1 free, 0 or 1 the owner, and a
# 26th cell (code 2: nobody's, not free) that pads the windows and lines shorter than 5.
_FREE, _PAD = -1, SIZE * SIZE
_WINDOW_CELLS: IntArray = np.array([[r * SIZE + c for r, c in w] + [_PAD] * (5 - len(w)) for w in _WINDOWS])
_WINDOW_SIZES: IntArray = np.array([len(w) for w in _WINDOWS])
_WEIGHT_TABLE: FloatArray = np.zeros((6, 6))
for _size, _weights in WINDOW_WEIGHTS.items():
    _WEIGHT_TABLE[_size, : len(_weights)] = _weights
_CELL_REACH: FloatArray = np.array(
    [0.5 + LABEL_CHANCES[LABELS[r][c]] for r in range(SIZE) for c in range(SIZE)] + [1.0]
)
_LINE_CELLS: IntArray = np.array([[r * SIZE + c for r, c in cells] + [_PAD] * (5 - len(cells)) for _, cells in LINES])
_BITS: IntArray = 1 << np.arange(5)


def _run_points(bits: int) -> int:
    """Points of the maximal runs in a line whose cells held by one player are the set bits."""
    points, length = 0, 0
    for i in range(6):
        if i < 5 and bits >> i & 1:
            length += 1
            continue
        points += RUN_POINTS.get(length, 0)
        length = 0
    return points


_POINTS_OF_BITS: IntArray = np.array([_run_points(b) for b in range(32)])
_CELL_LABEL_IDS: IntArray = np.array([_LABEL_ROWS[LABELS[r][c]] for r in range(SIZE) for c in range(SIZE)])
#: The label index of ending with a removal (after the 13 labels) and of passing.
_REMOVE, _PASS = len(LABEL_IDS), -1


def _encode(board: Board) -> IntArray:
    """A board as a row of 26 codes (see above)."""
    return np.array([_FREE if v is None else v for v in board.cells] + [2], dtype=np.int64)


def _side_scores(boards: IntArray, player: int) -> tuple[FloatArray, IntArray, npt.NDArray[np.bool_]]:
    """Each board's score for ``player``, its run points and whether it holds five in a row.

    The windows are added one after the other, in the order the scalar version used,
    so that a board scores exactly the same whatever the batch.
    """
    mine = boards == player
    bits = (mine[:, _LINE_CELLS] * _BITS).sum(axis=2)
    points = _POINTS_OF_BITS[bits].sum(axis=1)
    fives = (bits == 31).any(axis=1)
    cells = boards[:, _WINDOW_CELLS]
    reach = np.where(cells == _FREE, _CELL_REACH[_WINDOW_CELLS], 1.0)
    product = reach[:, :, 0]
    for i in range(1, 5):
        product = product * reach[:, :, i]
    weights = _WEIGHT_TABLE[_WINDOW_SIZES, (cells == player).sum(axis=2)]
    open_ = ~((cells == 1 - player).any(axis=2))
    terms = np.where(open_, weights * np.minimum(product, 1.0), 0.0)
    start = POINT_WEIGHT * points.astype(np.float64)
    score = np.cumsum(np.concatenate([start[:, None], terms], axis=1), axis=1)[:, -1]
    return score, points, fives


def board_values(boards: IntArray, supplies: IntArray, player: int, *, defence: float = DEFENCE) -> FloatArray:
    """`board_value` of many boards at once: ``boards`` (n, 26) codes, ``supplies`` (n, 2).

    ``defence`` weighs the opponent's lines against the player's own (0: own lines only;
    a finished game and five in a row still count as a win or a loss).

    Examples:
        >>> import numpy as np
        >>> rows = np.stack([_encode(Board.empty()), _encode(Board.parse("XXXXX/...../...../...../....."))])
        >>> board_values(rows, np.array([[12, 12], [7, 12]]), 1).tolist()
        [0.0, -10000.0]
    """
    other = 1 - player
    mine, my_points, my_five = _side_scores(boards, player)
    theirs, their_points, their_five = _side_scores(boards, other)
    values = mine - defence * theirs
    ended = (supplies == 0).any(axis=1)
    result = np.where(my_points > their_points, _WIN, np.where(my_points < their_points, -_WIN, 0.0))
    values = np.where(ended, result, values)
    values = np.where(their_five, -_WIN, values)
    return np.where(my_five, _WIN, values)


def board_value(game: YamMasterGame, board: Board, supply: tuple[int, ...], player: int) -> float:
    """The evaluation of ``board`` for ``player`` (own lines minus the opponent's).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1)
        >>> board_value(g, g.board, g.supply, 0)
        0.0
        >>> round(board_value(g, Board.parse("XXX../...../...../...../....."), (9, 12), 0), 4)
        16.2716
    """
    return float(board_values(_encode(board)[None, :], np.array([supply]), player)[0])


def _children(
    board: IntArray, supply: IntArray, mover: int, removed_out: bool
) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Every way ``mover`` may end a turn on ``board``: the boards, supplies, label indexes and cells.

    Passing comes first (label `_PASS`, cell -1), then a token on each free cell, then
    the removal of each opposing token (label `_REMOVE`), cells in reading order.
    """
    free = np.flatnonzero(board[:_PAD] == _FREE)
    theirs = np.flatnonzero(board[:_PAD] == 1 - mover)
    cells = np.concatenate([[-1], free, theirs]).astype(np.int64)
    boards = np.repeat(board[None, :], len(cells), axis=0)
    places = np.arange(1, 1 + len(free))
    removals = np.arange(1 + len(free), len(cells))
    boards[places, free] = mover
    boards[removals, theirs] = _FREE
    supplies = np.repeat(supply[None, :], len(cells), axis=0)
    supplies[places, mover] -= 1
    if not removed_out:
        supplies[removals, 1 - mover] += 1
    labels = np.concatenate([[_PASS], _CELL_LABEL_IDS[free], np.full(len(theirs), _REMOVE)]).astype(np.int64)
    return boards, supplies, labels, cells


def _stop_matrices(label_values: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """What stopping is worth for each roll and each row of ``label_values`` (n, 14): no label, sec, défi.

    Each is (252, n): the best label the roll satisfies, or passing (0); with five of a
    kind, a removal too; after the first throw a figure also takes the *sec* cells
    (``sec``), after a declared challenge the *défi* cells (``defi``).
    """
    chosen = np.where(_BASE[:, None, :], label_values[None, :, : len(LABEL_IDS)], _NEG).max(axis=2)
    base = np.maximum(chosen, 0.0)
    base = np.where(_YAM[:, None], np.maximum(base, label_values[None, :, _REMOVE]), base)
    sec = np.where(_FIGURE[:, None], np.maximum(base, label_values[None, :, _LABEL_ROWS["one_shot"]]), base)
    defi = np.where(_FIGURE[:, None], np.maximum(base, label_values[None, :, _LABEL_ROWS["challenge"]]), base)
    return base, sec, defi


def end_values(game: YamMasterGame, *, tempo: float = 0.0, defence: float = DEFENCE) -> list[tuple[float, Action, str]]:
    """Every way to end the turn now with its value and the label it needs ("" to pass, "yam-remove" to remove).

    The value is the change the end makes to `board_value` for the player to move (the
    opponent's lines weighed by ``defence``, see `board_values`), plus ``tempo`` for a token
    placed where that change is positive.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="12345"))
        >>> [(round(v, 2), a, label) for v, a, label in end_values(g)[:2]]
        [(0.0, Pass(), ''), (1.29, Place(cell=(0, 0)), '1')]
        >>> [round(v, 2) for v, _, _ in end_values(g, tempo=TEMPO)[:2]]
        [0.0, 7.29]
    """
    me = game.current_player
    now = _encode(game.board)
    supply = np.array(game.supply, dtype=np.int64)
    boards, supplies, labels, cells = _children(now, supply, me, game.variant.removed == "out")
    start = board_values(now[None, :], supply[None, :], me, defence=defence)[0]
    values = board_values(boards, supplies, me, defence=defence) - start
    if tempo:
        placed = (labels != _PASS) & (labels != _REMOVE) & (values > 0)
        values[placed] += tempo
    out: list[tuple[float, Action, str]] = []
    for value, label, cell in zip(values.tolist(), labels.tolist(), cells.tolist(), strict=True):
        if label == _PASS:
            out.append((value, Pass(), ""))
        elif label == _REMOVE:
            out.append((value, RemoveToken(divmod(cell, SIZE)), "yam-remove"))
        else:
            out.append((value, Place(divmod(cell, SIZE)), LABEL_IDS[label]))
    return out


def _stop_factory(label_values: FloatArray, remove: float, challenge: bool) -> Any:
    row = np.append(label_values, remove)[None, :]
    base, sec, defi = (m[:, 0].copy() for m in _stop_matrices(row))

    def stop(used: int, _fresh: bool) -> FloatArray:
        if used == 1:
            return sec
        return defi if challenge else base

    return stop


def choose_board_action(
    game: YamMasterGame, *, depth: int = 10, tempo: float | None = None, plain: bool | None = None
) -> Action:
    """The strong bot's action in Yam Master: the best way to end the turn, keep, or declare a défi.

    ``depth`` is how many throws ahead keeps look; ``tempo`` what an end placing a
    useful token adds (see `end_values`; by default `TEMPO` when ``depth`` is 2 or
    more, that is when the bot plans its whole turn, else 0). ``plain`` judges the board by
    the player's own lines only, blind to the opponent's threats (``defence`` 0 in
    `end_values`); by default it does when ``depth`` is 1, the ``"medium"`` level.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1).apply(yamskit.Roll(outcome="11456"))
        >>> choose_board_action(g, depth=1)  # nothing to place yet: a défi opens its two cells to any figure
        DeclareChallenge()
    """
    turn = game.turn
    if not turn.has_thrown:
        return Roll()
    plain = depth <= 1 if plain is None else plain
    tempo = (TEMPO if depth >= 2 else 0.0) if tempo is None else tempo
    ends = end_values(game, tempo=tempo, defence=0.0 if plain else DEFENCE)
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
