"""Completeness of the Yam Master position checks, by exhaustive search on reduced configurations.

The board's size is not an option of the variant (its 25 labelled cells are the game), so
the configurations are cut another way: a small ``max_turns`` (an option: the game ends
after that many turns), and the tokens kept to a few cells of the board. A breadth-first
search from every new game (each seat starting) over the legal actions gives every
reachable *turn start* (board, tokens to place and out, turns played, whose turn, who
began); every candidate of the same shape is given to `check_reachable`, which must accept
exactly the reachable ones.

Keeping the tokens to a region loses nothing: a token placed outside it and taken back
would only have spent turns, and every label can be thrown, so each turn of the search is
one of: a token on any free cell of the region (with dice its label takes: a *Sec* on the
first throw, a *Défi* declared and met), an opponent's token taken (five of a kind), or a
pass. The second configuration is the sample for rows of five: the whole top row.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import yamskit
from tests.position.reach import accepted, breadth_first
from yamskit import DeclareChallenge, Pass, Place, RemoveToken, Roll
from yamskit.dice import DiceStream
from yamskit.position import ImpossibleBoardError
from yamskit.turn import Turn
from yamskit.variants.yam_master.board import LABELS, Board
from yamskit.variants.yam_master.game import YamMasterGame
from yamskit.variants.yam_master.rules import TOKENS

Cell = tuple[int, int]
Key = tuple[Any, ...]
#: Dice for each label, thrown once (the search's own choice, not the witness builder's).
DICE = {
    "1": "11156",
    "2": "22215",
    "3": "33312",
    "4": "44412",
    "5": "55512",
    "6": "66612",
    "full_house": "33444",
    "four_of_a_kind": "11112",
    "yams": "22222",
    "straight": "23456",
    "less_than_8": "11222",
    "one_shot": "55566",
}


def key(state: YamMasterGame) -> Key:
    return (state.board, state.supply, state.out, state.turns, state.current_player, state.first_player)


def turns_from(state: YamMasterGame, region: Sequence[Cell]) -> Iterator[YamMasterGame]:
    """Every way the turn of the player to move can end, as the module docs say."""
    for cell in region:
        if state.board.owner(cell) is not None:
            continue
        label = LABELS[cell[0]][cell[1]]
        if label == "challenge":
            thrown = state.apply(Roll(outcome="12346")).apply(DeclareChallenge()).apply(Roll(outcome="66655"))
        else:
            thrown = state.apply(Roll(outcome=DICE[label]))
        yield thrown.apply(Place(cell))
    five = state.apply(Roll(outcome="66666"))
    for cell in state.board.cells_of(1 - state.current_player):
        yield five.apply(RemoveToken(cell))
    yield state.apply(Roll(outcome="12346")).apply(Pass())


def reachable(variant: Any, region: Sequence[Cell]) -> set[Key]:
    starts = [variant.new_game(("Ann", "Bob"), seed=1, first_player=first) for first in (0, 1)]
    return set(breadth_first(starts, key, lambda state: turns_from(state, region)))


def candidates(variant: Any, region: Sequence[Cell], outs: Sequence[int]) -> Iterator[YamMasterGame]:
    for owners in itertools.product((None, 0, 1), repeat=len(region)):
        board = Board.empty()
        for cell, owner in zip(region, owners, strict=True):
            if owner is not None:
                board = board.place(cell, owner)
        for out in itertools.product(outs, repeat=2):
            supply = tuple(TOKENS - board.count(p) - out[p] for p in (0, 1))
            for turns in range(variant.max_turns + 1):
                for current, first in itertools.product((0, 1), repeat=2):
                    yield YamMasterGame(
                        variant,
                        ("Ann", "Bob"),
                        board,
                        supply,
                        out,
                        current,
                        Turn.start(max_throws=3),
                        DiceStream(seed=1),
                        turns,
                        first_player=first,
                    )


CORNER = ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2))  # labels 1, 3, Défi, Carré, Sec, Yam
TOP_ROW = ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0))


@pytest.mark.parametrize(
    ("options", "region", "outs"),
    [
        pytest.param({"removed": "supply", "max_turns": 4}, CORNER, (0,), id="4 turns, six cells, back to supply"),
        pytest.param({"removed": "out", "max_turns": 4}, CORNER, (0, 1), id="4 turns, six cells, out of the game"),
        pytest.param({"removed": "supply", "max_turns": 9}, TOP_ROW, (0,), id="9 turns, the top row: rows of five"),
    ],
)
def test_the_checks_accept_exactly_the_reachable_turn_starts(
    options: dict[str, Any], region: tuple[Cell, ...], outs: tuple[int, ...]
) -> None:
    variant = yamskit.variant("yam-master", **options)
    reached = reachable(variant, region)
    shape = {k for k in reached if all(n in outs for n in k[2])}
    found = {key(state) for state in candidates(variant, region, outs) if accepted(state)}
    assert found == shape, (sorted(map(repr, found - shape))[:2], sorted(map(repr, shape - found))[:2])
    if options["max_turns"] == 9:
        assert any(k[0].fives for k in shape)  # the sample has rows of five in it


def test_two_rows_of_five_without_a_common_cell_are_refused() -> None:
    v = yamskit.variant("yam-master")
    board = "XXXXX/OOOO./XXXXX/OOOO./O.O.O"
    with pytest.raises(ImpossibleBoardError) as info:
        v.position(["Ann", "Bob"], board=board, current_player=1)
    assert info.value.rule == "five_in_a_row"
    crossing = "XXXXX/X.OO./X.OO./X.O../XOO.O"  # a row and a column sharing (0, 0): one token made both
    assert v.position(["Ann", "Bob"], board=crossing, current_player=1).is_over


def test_rows_of_five_need_their_last_token_last() -> None:
    state = yamskit.variant("yam-master").position(
        ["Ann", "Bob"], board="XXXXX/OOOO./...../...../.....", current_player=1
    )
    record = state.variant.witness(state)
    assert record.moves[-1].action == Place((0, 0))
    assert record.to_game().board == state.board
