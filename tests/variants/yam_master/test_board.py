"""Yam Master: runs and their points on hand-built boards; the board's symmetry."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yamskit.variants.yam_master.board import LINES, SIZE, Board, BoardError, Cell, Run, render_board

#: Any board with at most 12 tokens of each player.
boards = (
    st.lists(st.sampled_from([None, 0, 1]), min_size=SIZE * SIZE, max_size=SIZE * SIZE)
    .filter(lambda cells: cells.count(0) <= 12 and cells.count(1) <= 12)
    .map(Board)
)
_TRANSPOSED_DIRECTION = {"row": "column", "column": "row", "diagonal": "diagonal", "anti_diagonal": "anti_diagonal"}


def summary(board: Board) -> set[tuple[int, str, frozenset[Cell]]]:
    return {(run.player, run.direction, frozenset(run.cells)) for run in board.runs}


@pytest.mark.parametrize(
    ("text", "direction", "cells"),
    [
        ("...../.XXX./...../...../.....", "row", ((1, 1), (1, 2), (1, 3))),
        ("...../...../...../...../XXXX.", "row", ((4, 0), (4, 1), (4, 2), (4, 3))),
        ("....X/....X/....X/...../.....", "column", ((0, 4), (1, 4), (2, 4))),
        ("...../..X../..X../..X../..X..", "column", ((1, 2), (2, 2), (3, 2), (4, 2))),
        ("..X../...X./....X/...../.....", "diagonal", ((0, 2), (1, 3), (2, 4))),
        ("...../X..../.X.../..X../...X.", "diagonal", ((1, 0), (2, 1), (3, 2), (4, 3))),
        ("..X../.X.../X..../...../.....", "anti_diagonal", ((0, 2), (1, 1), (2, 0))),
        ("...../....X/...X./..X../.X...", "anti_diagonal", ((1, 4), (2, 3), (3, 2), (4, 1))),
    ],
)
def test_a_run_of_3_scores_1_and_a_run_of_4_scores_2_in_every_direction(
    text: str, direction: str, cells: tuple[Cell, ...]
) -> None:
    board = Board.parse(text)
    assert board.runs == (Run(0, direction, cells),)  # type: ignore[arg-type]
    assert board.points(0) == {3: 1, 4: 2}[len(cells)]
    assert board.points(1) == 0


def test_short_diagonals_of_three_cells_count() -> None:
    corners = Board.parse("..X../.X.../X..../...../.....").points(0)
    other_corner = Board.parse("...../...../O..../.O.../..O..").points(1)
    assert (corners, other_corner) == (1, 1)
    assert sorted(len(cells) for _, cells in LINES) == [3] * 4 + [4] * 4 + [5] * 12


def test_a_run_of_4_scores_2_not_2_plus_1_plus_1() -> None:
    board = Board.parse("XXXX./...../...../...../.....")
    assert [run.length for run in board.runs] == [4]
    assert board.points(0) == 2


def test_crossing_lines_each_score() -> None:
    # a row of 3 and a column of 4 sharing (0, 1), and a diagonal of 3 through (1, 1)
    board = Board.parse("XXX../.X.../.XX../.X.../.....")
    directions = sorted((run.direction, run.length) for run in board.runs)
    assert directions == [("column", 4), ("diagonal", 3), ("row", 3)]
    assert board.points(0) == 1 + 2 + 1


def test_a_run_is_broken_by_a_free_cell_or_an_opponent_token() -> None:
    assert Board.parse("XX.XX/...../...../...../.....").points(0) == 0
    board = Board.parse("XXXOX/OOO../...../...../.....")
    assert (board.points(0), board.points(1)) == (1, 1)
    assert Board.parse("XXOXX/...../...../...../.....").runs == ()


def test_runs_of_both_players_count_separately() -> None:
    board = Board.parse("X..../X.O../X.O../..O../.....")
    assert [(run.player, run.length) for run in board.runs] == [(0, 3), (1, 3)]


def test_five_in_a_row_is_a_five_not_a_scoring_run() -> None:
    board = Board.parse("X..../.X.../..X../...X./....X")
    assert [run.direction for run in board.fives] == ["diagonal"]
    assert board.scoring_runs == ()
    assert board.points(0) == 0
    anti = Board.parse("....O/...O./..O../.O.../O....")
    assert [(run.player, run.direction, run.cells[0]) for run in anti.fives] == [(1, "anti_diagonal", (0, 4))]


@given(boards)
def test_transposing_a_position_transposes_the_runs(board: Board) -> None:
    transposed = {
        (player, _TRANSPOSED_DIRECTION[direction], frozenset((c, r) for r, c in cells))
        for player, direction, cells in summary(board)
    }
    assert summary(board.transpose()) == transposed
    assert board.transpose().transpose() == board
    assert [board.transpose().points(p) for p in (0, 1)] == [board.points(p) for p in (0, 1)]


@given(boards)
def test_runs_are_maximal_and_owned_by_one_player(board: Board) -> None:
    for run in board.runs:
        assert run.length >= 3
        assert all(board.owner(cell) == run.player for cell in run.cells)
        line = next(cells for direction, cells in LINES if direction == run.direction and run.cells[0] in cells)
        start, end = line.index(run.cells[0]), line.index(run.cells[-1])
        assert line[start : end + 1] == run.cells
        assert start == 0 or board.owner(line[start - 1]) != run.player
        assert end == len(line) - 1 or board.owner(line[end + 1]) != run.player


@given(boards)
def test_points_are_the_sum_of_the_runs(board: Board) -> None:
    for player in (0, 1):
        runs = [r for r in board.runs if r.player == player]
        assert board.points(player) == sum(1 if r.length == 3 else 2 if r.length == 4 else 0 for r in runs)


@given(boards)
def test_board_text_round_trips(board: Board) -> None:
    assert Board.parse("/".join(board.to_data())) == board
    assert eval(repr(board)) == board


@pytest.mark.parametrize("text", ["XX", "XXXXX/XXXXX/XXXXX/XXXXX/XXXXZ", "XXXXXX/...../...../...../....."])
def test_malformed_boards_are_refused(text: str) -> None:
    with pytest.raises(BoardError):
        Board.parse(text)


def test_the_board_renders_labels_and_marks() -> None:
    text = render_board(Board.parse("X..../...../..O../...../....."))
    assert "X:1" in text
    assert "O:Yam" in text
    assert "Défi" in text
    assert len(text.splitlines()) == 2 + 2 * SIZE
