"""Every fill policy on every order of a five-box column, and the upper bonus on every total.

For each of the 120 orders in which five boxes can be filled, the policy's `allowed` is
asked step by step; the order passes when every box was allowed when it was filled. That
verdict is compared with the policy's definition stated on the whole order (for example
"every prefix of the order is one block of adjacent boxes").
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

import pytest

from yamskit import Dice, RuleConfigError
from yamskit.scorecard import Cell, FillPolicy, TurnCondition, UpperBonus
from yamskit.turn import Turn

ROWS = ("a", "b", "c", "d", "e")
ORDERS = list(permutations(range(len(ROWS))))


def _followed(policy: FillPolicy, order: tuple[int, ...]) -> bool:
    filled = [False] * len(ROWS)
    for row in order:
        if row not in policy.allowed(ROWS, tuple(filled)):
            return False
        filled[row] = True
    return policy.allowed(ROWS, tuple(filled)) == ()


def _blocks(order: tuple[int, ...]) -> bool:
    """Every prefix of the order fills one block of adjacent boxes."""
    return all(max(order[:k]) - min(order[:k]) == k - 1 for k in range(1, len(order) + 1))


_DEFINITIONS: list[tuple[str, FillPolicy, Callable[[tuple[int, ...]], bool], int]] = [
    ("free", FillPolicy.free(), lambda order: True, 120),
    ("down", FillPolicy.down(), lambda order: order == (0, 1, 2, 3, 4), 1),
    ("up", FillPolicy.up(), lambda order: order == (4, 3, 2, 1, 0), 1),
    ("connected", FillPolicy.connected(), _blocks, 16),
    ("mid_c", FillPolicy.mid("c"), lambda order: order[0] == 2 and _blocks(order), 6),
    ("mid_b_or_c", FillPolicy.mid("b", "c"), lambda order: order[0] in (1, 2) and _blocks(order), 4 + 6),
    ("mid_a", FillPolicy.mid("a"), lambda order: order == (0, 1, 2, 3, 4), 1),
]


@pytest.mark.parametrize(("name", "policy", "definition", "count"), _DEFINITIONS, ids=[d[0] for d in _DEFINITIONS])
def test_fill_policy_allows_exactly_the_orders_its_definition_allows(
    name: str, policy: FillPolicy, definition: Callable[[tuple[int, ...]], bool], count: int
) -> None:
    followed = [order for order in ORDERS if _followed(policy, order)]
    assert followed == [order for order in ORDERS if definition(order)], name
    # The number of orders is known by counting: a block grown from one end has one order,
    # grown from anywhere 2**(n-1), grown from box k (0-based) C(n-1, k) orders.
    assert len(followed) == count, name


@pytest.mark.parametrize(("name", "policy", "definition", "count"), _DEFINITIONS, ids=[d[0] for d in _DEFINITIONS])
def test_fill_policy_offers_every_box_some_legal_order_would_fill_next(
    name: str, policy: FillPolicy, definition: Callable[[tuple[int, ...]], bool], count: int
) -> None:
    legal = [order for order in ORDERS if definition(order)]
    for k in range(len(ROWS)):
        for prefix in {order[:k] for order in legal}:
            filled = tuple(i in prefix for i in range(len(ROWS)))
            expected = sorted({order[k] for order in legal if order[:k] == prefix})
            assert list(policy.allowed(ROWS, filled)) == expected, (name, prefix)


def test_a_full_column_allows_nothing_whatever_its_policy() -> None:
    for _name, policy, _definition, _count in _DEFINITIONS:
        assert policy.allowed(ROWS, (True,) * 5) == ()


def test_a_mid_column_needs_a_starting_row() -> None:
    with pytest.raises(RuleConfigError, match="starting row"):
        FillPolicy.mid()


@pytest.mark.parametrize(
    ("policy", "phrase"),
    [
        (FillPolicy.free(), "any order"),
        (FillPolicy.down(), "top to bottom"),
        (FillPolicy.up(), "bottom to top"),
        (FillPolicy.mid("sixes", "small_sum"), "starts at sixes or small_sum, then grows next to the filled boxes"),
        (FillPolicy.connected(), "starts anywhere, then grows next to the filled boxes"),
    ],
)
def test_fill_policy_describes_itself_for_error_messages(policy: FillPolicy, phrase: str) -> None:
    assert policy.describe() == phrase


_COMPETITIVE_TIERS = ((60, 30), (70, 50), (80, 100), (90, 200), (100, 500))


def _competitive_bonus(total: int) -> int:
    if total >= 100:
        return 500
    return {6: 30, 7: 50, 8: 100, 9: 200}.get(total // 10, 0)


def test_upper_bonus_pays_the_highest_tier_reached_for_every_total() -> None:
    classic = UpperBonus.single(63, 35)
    tiered = UpperBonus(tiers=_COMPETITIVE_TIERS)
    for total in range(0, 151):
        assert classic.points(total) == (35 if total >= 63 else 0), total
        assert tiered.points(total) == _competitive_bonus(total), total


def test_upper_bonus_single_keeps_the_number_rows_unless_told_otherwise() -> None:
    assert UpperBonus.single(63, 35).rows == ("ones", "twos", "threes", "fours", "fives", "sixes")
    assert UpperBonus.single(10, 5, rows=("ones",)).rows == ("ones",)
    assert UpperBonus.single(10, 5).tiers == ((10, 5),)


@pytest.mark.parametrize(
    ("cell", "empty", "number", "value", "text"),
    [
        (Cell(), True, False, 0, ""),
        (Cell(points=0), False, True, 0, "0"),
        (Cell(points=25), False, True, 25, "25"),
        (Cell(scratched=True), False, False, 0, "x"),
    ],
)
def test_a_cell_is_empty_holds_a_number_or_is_crossed_out(
    cell: Cell, empty: bool, number: bool, value: int, text: str
) -> None:
    assert (cell.is_empty, cell.holds_number, cell.value, str(cell)) == (empty, number, value, text)


@pytest.mark.parametrize("bad", [{"points": 3, "scratched": True}, {"points": -1}, {"points": 10**6}, {"points": 2.5}])
def test_a_cell_refuses_impossible_contents(bad: dict[str, object]) -> None:
    with pytest.raises(RuleConfigError):
        Cell(**bad)  # type: ignore[arg-type]


def test_a_cell_accepts_the_largest_whole_points() -> None:
    assert Cell(points=10**6 - 1).value == 10**6 - 1


def test_turn_conditions_are_named_and_explained_for_error_messages() -> None:
    dry, turbo = TurnCondition.dry(), TurnCondition.at_most_throws(2)
    assert (dry.name, dry.description) == ("dry", "the dice must come from one throw of all five dice")
    assert (turbo.name, turbo.description) == ("at_most_2_throws", "the turn may use at most 2 throws")
    first = Turn.start().throw(Dice(), Dice.parse("12346"))
    kept = first.throw(Dice.parse("1"), Dice.parse("2345"))
    third = kept.throw(Dice.parse("12"), Dice.parse("345"))
    assert [dry.check(t) for t in (first, kept, first.throw(Dice(), Dice.parse("11111")))] == [True, False, True]
    assert [turbo.check(t) for t in (first, kept, third)] == [True, True, False]
