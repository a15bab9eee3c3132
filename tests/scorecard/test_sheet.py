"""Sheets, fill policies, turn conditions and upper bonuses."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yamskit import Cell, Dice, FillPolicy, RuleConfigError, Sheet, Turn, TurnCondition, UpperBonus

ROWS5 = ("a", "b", "c", "d", "e")


def admits(policy: FillPolicy, order: tuple[int, ...], rows: tuple[str, ...] = ROWS5) -> bool:
    """Whether filling the rows in ``order`` obeys ``policy`` at every step."""
    filled = [False] * len(rows)
    for r in order:
        if r not in policy.allowed(rows, tuple(filled)):
            return False
        filled[r] = True
    return True


def contiguous_prefixes(order: tuple[int, ...]) -> bool:
    return all(max(order[:k]) - min(order[:k]) == k - 1 for k in range(1, len(order) + 1))


ORDERS = list(itertools.permutations(range(5)))


def test_down_admits_exactly_the_row_order() -> None:
    assert [o for o in ORDERS if admits(FillPolicy.down(), o)] == [(0, 1, 2, 3, 4)]


def test_up_admits_exactly_the_reverse_order() -> None:
    assert [o for o in ORDERS if admits(FillPolicy.up(), o)] == [(4, 3, 2, 1, 0)]


def test_free_admits_every_order() -> None:
    assert all(admits(FillPolicy.free(), o) for o in ORDERS)


def test_connected_admits_exactly_the_orders_that_grow_one_block() -> None:
    for order in ORDERS:
        assert admits(FillPolicy.connected(), order) == contiguous_prefixes(order)


@pytest.mark.parametrize("first", [("c",), ("b", "c"), ("a",)])
def test_mid_admits_exactly_the_blocks_grown_from_a_first_row(first: tuple[str, ...]) -> None:
    starts = {ROWS5.index(r) for r in first}
    for order in ORDERS:
        expected = order[0] in starts and contiguous_prefixes(order)
        assert admits(FillPolicy.mid(*first), order) == expected


@given(st.integers(min_value=2, max_value=14), st.data())
def test_mid_always_leaves_one_block_containing_its_first_cell(n: int, data: st.DataObject) -> None:
    rows = tuple(f"r{i}" for i in range(n))
    first = data.draw(st.sampled_from(rows))
    policy = FillPolicy.mid(first)
    filled = [False] * n
    for _ in range(n):
        allowed = policy.allowed(rows, tuple(filled))
        assert allowed, "a column with empty boxes always offers one"
        filled[data.draw(st.sampled_from(allowed))] = True
        taken = [i for i, f in enumerate(filled) if f]
        assert taken == list(range(taken[0], taken[-1] + 1))
        assert rows.index(first) in taken
    assert policy.allowed(rows, tuple(filled)) == ()


def test_mid_needs_a_first_row() -> None:
    with pytest.raises(RuleConfigError):
        FillPolicy.mid()


@given(st.integers(min_value=0, max_value=200))
def test_upper_bonus_is_paid_exactly_from_the_threshold(total: int) -> None:
    assert UpperBonus.single(63, 35).points(total) == (35 if total >= 63 else 0)


@given(st.integers(min_value=0, max_value=200))
def test_tiered_bonus_pays_the_highest_tier_reached(total: int) -> None:
    tiers = ((60, 30), (70, 50), (80, 100))
    expected = max([b for t, b in tiers if total >= t], default=0)
    assert UpperBonus(tiers=tiers).points(total) == expected


def test_turn_conditions_dry_and_at_most_throws() -> None:
    first = Turn.start().throw(Dice(), Dice.parse("12345"))
    kept = first.throw(Dice.parse("12"), Dice.parse("345"))
    again = kept.throw(Dice(), Dice.parse("66666"))
    dry, two = TurnCondition.dry(), TurnCondition.at_most_throws(2)
    assert [dry.check(t) for t in (first, kept, again)] == [True, False, True]
    assert [two.check(t) for t in (first, kept, again)] == [True, True, False]


@pytest.mark.parametrize("full", [False, True])
def test_a_sheet_with_no_boxes_changed_is_the_same_sheet_with_its_points_beside(full: bool) -> None:
    sheet = Sheet.empty(rows=2, columns=2)
    if full:
        sheet = sheet.with_cells([(r, c, Cell(points=r + c)) for r in range(2) for c in range(2)])
    same = sheet.with_cells([], extra=50)
    assert (same.cells, same.masks, same.is_full, same.extra) == (sheet.cells, sheet.masks, full, sheet.extra + 50)


def test_cells_and_sheets() -> None:
    sheet = Sheet.empty(rows=2, columns=2)
    assert sheet.empty_count == 4
    assert not sheet.is_full
    sheet = sheet.with_cell(0, 1, Cell(points=0)).with_cell(1, 1, Cell(scratched=True))
    assert sheet.filled(1) == (True, True)
    assert sheet.filled(0) == (False, False)
    assert [str(c) for c in sheet.cells[1]] == ["0", "x"]
    assert Cell(points=0).holds_number
    assert not Cell(scratched=True).holds_number
    with pytest.raises(RuleConfigError):
        Cell(points=3, scratched=True)
    with pytest.raises(RuleConfigError):
        Cell(points=-1)
