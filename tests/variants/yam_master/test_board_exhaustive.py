"""Yam Master's board: labels of every roll, and runs on every pattern of every line.

The labels are restated from the rule sheet on face counts and checked on all 252 rolls
and every kind of turn (first throw, later throw, challenge met). The lines are rebuilt
from coordinates, and every pattern of free / X / O cells along each of the 20 lines is
scored against maximal runs counted by hand.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from yamskit import Dice, InvalidDiceError
from yamskit.dice import ROLLS
from yamskit.turn import Turn
from yamskit.variants.yam_master.board import (
    LABELS,
    LINES,
    RUN_POINTS,
    SIZE,
    Board,
    BoardError,
    Run,
    _all_lines,
    cells_with_label,
    dice_labels,
    is_figure,
    turn_labels,
)

FIGURES = {"full_house", "four_of_a_kind", "yams", "straight", "less_than_8"}


def _labels_by_the_sheet(dice: Dice) -> set[str]:
    counts = Counter(dice.faces)
    shape = sorted(counts.values(), reverse=True)
    labels = {str(face) for face, n in counts.items() if n >= 3}
    if shape in ([3, 2], [5]):
        labels.add("full_house")
    if shape[0] >= 4:
        labels.add("four_of_a_kind")
    if shape == [5]:
        labels.add("yams")
    if sorted(dice.faces) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        labels.add("straight")
    if sum(dice.faces) <= 8:
        labels.add("less_than_8")
    return labels


@pytest.mark.parametrize("roll", ROLLS, ids=str)
def test_every_roll_satisfies_exactly_the_labels_of_the_sheet(roll: Dice) -> None:
    labels = _labels_by_the_sheet(roll)
    assert dice_labels(roll) == labels
    assert is_figure(roll) == bool(labels & FIGURES)
    first = Turn.start().throw(Dice(), roll)
    second = Turn.start().throw(Dice(), Dice.parse("12346")).throw(Dice(), roll)
    challenged = Turn.start().throw(Dice(), Dice.parse("12346")).declare_challenge().throw(Dice(), roll)
    third = (
        Turn.start().throw(Dice(), Dice.parse("12346")).declare_challenge().throw(Dice(), Dice.parse("12346"))
    ).throw(Dice(), roll)
    figure = bool(labels & FIGURES)
    assert turn_labels(first) == labels | ({"one_shot"} if figure else set())
    assert turn_labels(second) == labels
    assert turn_labels(challenged) == labels | ({"challenge"} if figure else set())
    assert turn_labels(third) == labels | ({"challenge"} if figure else set())


def test_no_labels_before_the_first_throw_and_five_dice_needed() -> None:
    assert turn_labels(Turn.start()) == frozenset()
    with pytest.raises(InvalidDiceError, match="five dice, not 4"):
        dice_labels(Dice.parse("1111"))


def test_every_label_sits_where_the_sheet_prints_it() -> None:
    placed = Counter(label for row in LABELS for label in row)
    assert placed == {
        **dict.fromkeys("123456", 2),
        "full_house": 2,
        "four_of_a_kind": 2,
        "one_shot": 2,
        "challenge": 2,
        "straight": 2,
        "less_than_8": 2,
        "yams": 1,
    }
    for label in placed:
        cells = cells_with_label(label)
        assert [LABELS[r][c] for r, c in cells] == [label] * placed[label]
        assert list(cells) == sorted(cells)


def _lines_by_geometry() -> set[tuple[str, tuple[tuple[int, int], ...]]]:
    cells = [(r, c) for r in range(SIZE) for c in range(SIZE)]
    lines = set()
    for k in range(SIZE):
        lines.add(("row", tuple((k, c) for c in range(SIZE))))
        lines.add(("column", tuple((r, k) for r in range(SIZE))))
    for d in range(-(SIZE - 1), SIZE):
        diagonal = tuple(sorted(cell for cell in cells if cell[1] - cell[0] == d))
        if len(diagonal) >= 3:
            lines.add(("diagonal", diagonal))
    for s in range(2 * SIZE - 1):
        anti = tuple(sorted(cell for cell in cells if cell[0] + cell[1] == s))
        if len(anti) >= 3:
            lines.add(("anti_diagonal", anti))
    return lines


def test_the_lines_are_every_row_column_and_diagonal_of_three_cells_or_more() -> None:
    assert len(LINES) == 20
    assert set(LINES) == _lines_by_geometry()
    # LINES is built at import; building it again here lets mutation runs select this test for it.
    assert _all_lines() == LINES
    assert sorted(len(cells) for _d, cells in LINES) == [3] * 4 + [4] * 4 + [5] * 12


def _maximal_runs(owners: tuple[int | None, ...]) -> list[tuple[int, int, int]]:
    """(player, start, length) of each maximal block of one player, 3 long or more."""
    runs, i = [], 0
    while i < len(owners):
        j = i
        while j < len(owners) and owners[j] == owners[i]:
            j += 1
        if owners[i] is not None and j - i >= 3:
            runs.append((owners[i], i, j - i))
        i = j
    return runs


@pytest.mark.parametrize(("direction", "line"), LINES, ids=[f"{d}{cells[0]}" for d, cells in LINES])
def test_every_pattern_of_a_line_scores_its_maximal_runs(direction: str, line: tuple[tuple[int, int], ...]) -> None:
    for owners in product((None, 0, 1), repeat=len(line)):
        board = Board.empty()
        for cell, owner in zip(line, owners, strict=True):
            if owner is not None:
                board = board.place(cell, owner)
        expected = [
            Run(player, direction, line[start : start + length])  # type: ignore[arg-type]
            for player, start, length in _maximal_runs(owners)
        ]
        assert list(board.runs) == expected, owners
        for player in (0, 1):
            points = sum(RUN_POINTS.get(length, 0) for p, _s, length in _maximal_runs(owners) if p == player)
            assert board.points(player) == points
        assert [run.cells for run in board.fives] == [run.cells for run in expected if run.length == 5]
        assert board.scoring_runs == tuple(run for run in expected if run.length in (3, 4))


def test_runs_on_crossing_lines_each_count() -> None:
    board = Board.parse("XXX../X..../X..../...../.....")
    assert sorted((run.direction, run.length) for run in board.runs) == [("column", 3), ("row", 3)]
    assert board.points(0) == 2


def test_run_points_are_one_for_three_and_two_for_four() -> None:
    assert RUN_POINTS == {3: 1, 4: 2}
    assert Run(0, "row", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))).points == 0
    assert Run(1, "row", ((0, 0), (0, 1))).points == 0


@pytest.mark.parametrize(
    "cells", [(None,) * 24, (None,) * 26, (2,) + (None,) * 24, (True,) + (None,) * 24, (-1,) + (None,) * 24]
)
def test_a_board_refuses_impossible_cells(cells: tuple[object, ...]) -> None:
    with pytest.raises(BoardError, match="25 cells, each None, 0 or 1"):
        Board(cells)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text", ["", "...../...../...../.....", "....../...../...../...../.....", "Z..../...../...../...../....."]
)
def test_a_board_refuses_text_that_is_not_five_rows_of_five_marks(text: str) -> None:
    with pytest.raises(BoardError, match="5 rows of 5 marks"):
        Board.parse(text)


def test_a_board_reads_both_mark_styles_and_round_trips() -> None:
    board = Board.parse("x0o1./...../...../...../.....")
    assert board.cells[:5] == (0, 0, 1, 1, None)
    assert Board.parse("/".join(board.to_data())) == board
    assert Board.parse("x 0 o 1 .\n. . . . .\n.....\n\n.....\n. . . . .") == board  # spaces, blank lines
    assert repr(board) == "Board.parse('XXOO./...../...../...../.....')"
    assert board.count(0) == 2
    assert board.cells_of(1) == ((0, 2), (0, 3))
    assert len(board.free_cells()) == 21
    assert board.remove((0, 0)).owner((0, 0)) is None
    for cell in [(r, c) for r in range(SIZE) for c in range(SIZE)]:
        taken = Board.empty().place(cell, 1)
        assert taken.cells_of(1) == (cell,)
        assert taken.owner(cell) == 1
        assert taken.remove(cell) == Board.empty()
    assert board.transpose().cells_of(1) == ((2, 0), (3, 0))
