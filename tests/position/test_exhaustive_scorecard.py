"""Completeness of the scorecard position checks, by exhaustive search on small user-defined variants.

Each variant here has two or three boxes a player, with the joker and Yams-bonus rules of
classic Yams, or the golden rule of Competitive Yams, for one or two players. A
breadth-first search from every new game (each seat starting) over the legal actions
gives every reachable *turn start*: the sheets, the points beside the boxes, whose turn,
who began. Every candidate of the same shape (each box empty, crossed out or holding any
value its row can hold; 0, 100 or 200 beside the boxes; any seat to play and to have
begun) is given to `check_reachable`: it must accept exactly the reachable ones.

The throws the search makes are one throw of all five dice, one roll per distinct
*signature* (what each row pays for it, and the face of a five of a kind): these rules
look at the dice through nothing else, and one throw reaches every roll.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import yamskit
from tests.position.reach import accepted, breadth_first
from yamskit import Roll, Score, Scratch
from yamskit.categories import Category, is_five_of_a_kind, upper, when
from yamskit.dice import ROLLS, Dice
from yamskit.scorecard import Cell, ScorecardGame, ScorecardVariant, Sheet
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker
from yamskit.scorecard.sheet import EMPTY, SCRATCHED
from yamskit.turn import Turn
from yamskit.variants.competitive.rules import GoldenRule, SumPair, ZeroIsScratch

FULL_HOUSE = Category("full_house", when(lambda d: sorted(d.counts)[-2:] == [2, 3], 25))
YAMS = Category("yams", when(is_five_of_a_kind, 50))

Key = tuple[Any, ...]


def _variant(name: str, rows: Sequence[Category], rules: Sequence[Any], *, scratch: bool = True) -> ScorecardVariant:
    return ScorecardVariant.define(name, rows=rows, rules=rules, allow_scratch=scratch, players=(1, 2))


def key(state: ScorecardGame) -> Key:
    return (tuple(state.sheets), state.current_player, state.first_player)


def representatives(variant: ScorecardVariant) -> list[Dice]:
    """One roll per signature: the points of every row, and the face of a five of a kind."""
    seen: dict[tuple[int, ...], Dice] = {}
    for roll in ROLLS:
        face = roll.faces[0] if is_five_of_a_kind(roll) else 0
        seen.setdefault((*(row.table[roll.index] for row in variant.rules.rows), face), roll)
    return list(seen.values())


def reachable(variant: ScorecardVariant, players: Sequence[str]) -> set[Key]:
    """Every turn start a game reaches, by breadth-first search over the legal actions."""
    rolls = representatives(variant)

    def turns(state: ScorecardGame) -> Iterator[ScorecardGame]:
        for roll in rolls:
            thrown = state.apply(Roll(outcome=roll))
            for action in thrown.legal_actions():
                if isinstance(action, (Score, Scratch)):
                    yield thrown.apply(action)

    starts = [variant.new_game(players, seed=1, first_player=first) for first in range(len(players))]
    return set(breadth_first(starts, key, turns))


def candidates(variant: ScorecardVariant, players: Sequence[str], extras: Sequence[int]) -> Iterator[ScorecardGame]:
    """Every turn start of the same shape: any box contents, points beside the boxes, seats."""
    rules = variant.rules
    assert rules.box_values is not None
    boxes = [[EMPTY, SCRATCHED, *(Cell(points=v) for v in sorted(values))] for values in rules.box_values]
    sheets = [Sheet((tuple(cells),), extra) for cells in itertools.product(*boxes) for extra in extras]
    n = len(players)
    for chosen in itertools.product(sheets, repeat=n):
        for current, first in itertools.product(range(n), repeat=2):
            yield ScorecardGame(
                variant,
                tuple(players),
                chosen,
                current,
                Turn.start(max_throws=rules.max_throws),
                yamskit.DiceStream(seed=1),
                first_player=first,
            )


CASES = [
    pytest.param(
        _variant(f"three-boxes-{joker}-{bonus}", [upper(1), FULL_HOUSE, YAMS], [Joker(joker), FiveOfAKindBonus(bonus)]),
        ("Ann",),
        (0, 100, 200),
        id=f"3 boxes, joker {joker}, bonus {bonus}, 1 player",
    )
    for joker, bonus in (("free", 100), ("forced", 100), ("seed", 100), ("forced", 0))
]
CASES.append(
    pytest.param(
        _variant("three-boxes-plain-bonus", [upper(1), FULL_HOUSE, YAMS], [FiveOfAKindBonus(100)]),
        ("Ann",),
        (0, 100, 200),
        id="3 boxes, no joker, bonus 100, 1 player",
    )
)
CASES.extend(
    pytest.param(
        _variant(f"two-boxes-{joker}", [upper(1), YAMS], [Joker(joker), FiveOfAKindBonus(100)]),
        ("Ann", "Bob"),
        (0, 100),
        id=f"2 boxes, joker {joker}, bonus 100, 2 players",
    )
    for joker in ("free", "forced")
)
CASES.append(
    pytest.param(
        _variant("golden-two-boxes", [upper(1), upper(2)], [ZeroIsScratch(), GoldenRule()], scratch=False),
        ("Ann", "Bob"),
        (0,),
        id="2 boxes, golden rule, 2 players",
    )
)
CASES.append(
    pytest.param(
        _variant(
            "two-sums",
            [Category("lo", upper(6).scorer), Category("hi", upper(6).scorer)],
            [ZeroIsScratch(), GoldenRule(), SumPair(small="lo", large="hi", minimum=6)],
            scratch=False,
        ),
        ("Ann", "Bob"),
        (0,),
        id="2 sums (sixes' values), golden rule and sum rule, 2 players",
    )
)


@pytest.mark.parametrize(("variant", "players", "extras"), CASES)
def test_the_checks_accept_exactly_the_reachable_turn_starts(
    variant: ScorecardVariant, players: tuple[str, ...], extras: tuple[int, ...]
) -> None:
    reached = reachable(variant, players)
    shape = {k for k in reached if all(sheet.extra in extras for sheet in k[0])}
    found = {key(state) for state in candidates(variant, players, extras) if accepted(state)}
    assert found == shape, (sorted(map(repr, found - shape))[:3], sorted(map(repr, shape - found))[:3])
    assert len(shape) > len(players)  # the search went somewhere


def test_a_bonus_needs_a_box_a_further_yams_may_take() -> None:
    """An example the search covers: under the forced joker the 11111 after the Yams must go in ones."""
    variant = _variant("forced", [upper(1), FULL_HOUSE, YAMS], [Joker("forced"), FiveOfAKindBonus(100)])
    sheet = Sheet(((Cell(points=3), Cell(points=25), Cell(points=50)),), 100)
    state = ScorecardGame(variant, ("Ann",), (sheet,), 0, Turn.start(), yamskit.DiceStream(seed=1), first_player=0)
    assert accepted(state)  # ones 3 first, then Yams 50, then 11111 as a full house at full value (+100)
    # a full house of 0 leaves the 11111 nowhere to pay its bonus: ones must take it while open (5, not 3),
    # and once ones is filled it goes in the full house at 25
    zero = Sheet(((Cell(points=3), Cell(points=0), Cell(points=50)),), 100)
    assert not accepted(
        ScorecardGame(variant, ("Ann",), (zero,), 0, Turn.start(), yamskit.DiceStream(seed=1), first_player=0)
    )
