"""The Yam Master strategy (`yamskit.variants.yam_master.strategy`): board values, the ends of a turn, the tempo."""

from __future__ import annotations

import random

import attrs
import pytest

import yamskit
from yamskit import Roll
from yamskit.actions import Pass, Place, RemoveToken
from yamskit.bots import StrongPlayer, player
from yamskit.variants.yam_master.board import LABELS, LINES, SIZE, Board
from yamskit.variants.yam_master.strategy import (
    DEFENCE,
    LABEL_CHANCES,
    POINT_WEIGHT,
    TEMPO,
    WINDOW_WEIGHTS,
    board_value,
    choose_board_action,
    end_values,
)

WIN = 10_000.0


def _reference_side(board: Board, player: int) -> float:
    """One player's score, window by window, as the module docs describe it."""
    score = POINT_WEIGHT * board.points(player)
    for _, line in LINES:
        for size in (3, 4, 5):
            for start in range(len(line) - size + 1):
                mine, reach = 0, 1.0
                for cell in line[start : start + size]:
                    owner = board.owner(cell)
                    if owner is None:
                        reach *= 0.5 + LABEL_CHANCES[LABELS[cell[0]][cell[1]]]
                    elif owner == player:
                        mine += 1
                    else:
                        break
                else:
                    score += WINDOW_WEIGHTS[size][mine] * min(reach, 1.0)
    return score


def _reference(board: Board, supply: tuple[int, int], player: int) -> float:
    if board.fives:
        return WIN if board.fives[0].player == player else -WIN
    if 0 in supply:
        mine, theirs = board.points(player), board.points(1 - player)
        return WIN if mine > theirs else -WIN if mine < theirs else 0.0
    return _reference_side(board, player) - DEFENCE * _reference_side(board, 1 - player)


def _random_boards(seed: int, count: int) -> list[tuple[Board, tuple[int, int]]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board([rng.choice([None, None, 0, 1]) for _ in range(SIZE * SIZE)])
        if len({run.player for run in board.fives}) < 2:  # both with five in a row cannot happen in a game
            out.append((board, (rng.randint(0, 12), rng.randint(0, 12))))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_batched_values_equal_the_window_by_window_evaluation_exactly(seed: int) -> None:
    for board, supply in _random_boards(seed, 200):
        for me in (0, 1):
            assert board_value(None, board, supply, me) == _reference(board, supply, me), (board, supply, me)


def test_ends_are_pass_then_each_free_cell_then_each_removal_valued_by_the_change() -> None:
    g = yamskit.variant("yam-master").new_game(["A", "B"], seed=1)
    board = Board.parse("XX.../O..../...../...../.....")
    g = attrs.evolve(g, board=board, supply=(10, 11)).apply(Roll(outcome="12345"))
    ends = end_values(g)
    actions = [a for _, a, _ in ends]
    free = [Place(cell) for cell in board.free_cells()]
    assert actions == [Pass(), *free, RemoveToken((1, 0))]
    now = board_value(g, board, (10, 11), 0)
    for value, action, label in ends[1:-1]:
        assert isinstance(action, Place)
        assert label == LABELS[action.cell[0]][action.cell[1]]
        assert value == pytest.approx(board_value(g, board.place(action.cell, 0), (9, 11), 0) - now)
    assert ends[-1][0] == pytest.approx(board_value(g, board.remove((1, 0)), (10, 12), 0) - now)


def test_tempo_is_added_to_useful_tokens_only() -> None:
    g = yamskit.variant("yam-master").new_game(["A", "B"], seed=1)
    g = attrs.evolve(g, board=Board.parse("XX.../O..../...../...../....."), supply=(10, 11)).apply(Roll())
    plain, tempo = end_values(g), end_values(g, tempo=TEMPO)
    for (before, action, _), (after, _, _) in zip(plain, tempo, strict=True):
        useful = isinstance(action, Place) and before > 0
        assert after == pytest.approx(before + TEMPO if useful else before)


def test_the_one_throw_bot_plays_without_the_tempo() -> None:
    variant = yamskit.variant("yam-master")
    one_throw = player(variant, "hard")  # Yam Master's hard level: the one-throw bot of medium elsewhere
    assert one_throw == StrongPlayer(variant, time_budget=0.0, depth=1)
    for seed in range(3):
        g = variant.new_game(["A", "B"], seed=seed).apply(Roll())
        assert one_throw.choose(g) == choose_board_action(g, depth=1, tempo=0.0)
