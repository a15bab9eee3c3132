"""A sheet's record of its filled boxes, however the sheet was made, and what play reads from it.

`Sheet.masks` (bit ``r`` of column ``c`` set when that box is filled) and `Sheet.is_full`
must match the boxes, for a sheet built from its cells (a saved game, a position) as
for one changed box by box, including a box emptied again. The legal moves and the end
of a game are read from them.
"""

from __future__ import annotations

import itertools

import attrs
import pytest

import yamskit
from yamskit import Cell, Roll, Score, Scratch, Sheet
from yamskit.scorecard import EMPTY, SCRATCHED

CELLS = {"empty": EMPTY, "points": Cell(points=7), "zero": Cell(points=0), "crossed": SCRATCHED}


def _expected_masks(cells: tuple[tuple[Cell, ...], ...]) -> tuple[int, ...]:
    return tuple(sum(2**r for r, cell in enumerate(col) if cell != EMPTY) for col in cells)


@pytest.mark.parametrize("rows", [1, 2, 3])
def test_a_sheet_built_from_its_cells_records_which_boxes_are_filled(rows: int) -> None:
    for column_cells in itertools.product(list(CELLS.values()), repeat=rows):
        for columns in (1, 2):
            cells = (tuple(column_cells),) + ((EMPTY,) * rows,) * (columns - 1)
            sheet = Sheet(cells)
            assert sheet.masks == _expected_masks(cells), cells
            assert sheet.is_full is all(cell != EMPTY for col in cells for cell in col), cells
            full = Sheet(tuple(tuple(SCRATCHED if c == EMPTY else c for c in col) for col in cells))
            assert full.is_full
            assert full.masks == (2**rows - 1,) * columns


def test_a_box_filled_then_emptied_again_is_recorded_as_empty() -> None:
    sheet = Sheet.empty(rows=3, columns=2)
    boxes = [(r, c) for r in range(3) for c in range(2)]
    for r, c in boxes:
        sheet = sheet.with_cell(r, c, Cell(points=r + c))
    assert sheet.is_full
    assert sheet.masks == (7, 7)
    for r, c in boxes:
        emptied = sheet.with_cell(r, c, EMPTY)
        assert not emptied.is_full
        expected = [7, 7]
        expected[c] -= 2**r
        assert emptied.masks == tuple(expected)
        assert emptied.masks == Sheet(emptied.cells).masks
        assert emptied.with_cell(r, c, SCRATCHED).masks == (7, 7)
        assert emptied.with_cell(r, c, SCRATCHED).is_full
    twice = sheet.with_cells([(0, 0, EMPTY), (2, 1, EMPTY), (0, 0, EMPTY)])
    assert twice.masks == (6, 3)


def test_a_saved_game_lists_only_its_open_boxes_and_ends_when_the_sheets_are_full() -> None:
    variant = yamskit.variant("classic")
    game = variant.new_game(players=["Ann"], seed=1)
    rows = game.rules.row_ids
    almost = Sheet((tuple(Cell(points=0) if row != "chance" else EMPTY for row in rows),))
    loaded = yamskit.load_game(attrs.evolve(game, sheets=(almost,)).to_json())
    thrown = loaded.apply(Roll(outcome="12345"))
    placements = [a for a in thrown.legal_actions() if isinstance(a, (Score, Scratch))]
    assert placements == [Score("chance"), Scratch("chance")]
    done = thrown.apply(Score("chance"))
    assert done.is_over
    assert done.result().scores == (15,)
    assert not thrown.is_over
