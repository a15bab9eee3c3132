"""Completeness of the Yamslam position checks, by exhaustive search.

The rack's four chips of seven kinds are the game, not an option, so the search is cut by
the number of chips out of the rack: a chip never goes back, so every state with at most
``k`` chips out is reached through states with at most ``k`` out, and a breadth-first
search from the new games (each seat starting) that stops at ``k`` finds all of them.
Every candidate of the same shape (those chips in the discard pile or any collection, any
seat to play and to have begun, a chip taken in the round or not; in solo, a Yamslam's
second chip due or not) is given to `check_reachable`, which must accept exactly the
reachable ones.

The end of the game (the last draw, a rack emptied by a discard) is searched from
positions a few chips before it: every state reached from them must be accepted.

Each turn of the search throws, once, dice that win one kind (two pairs, three of a
kind...), a Yamslam, or nothing; the engine says what the dice may take.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

import yamskit
from tests.position.reach import accepted, breadth_first
from yamskit import Pass, Roll, TakeChip
from yamskit.dice import DiceStream
from yamskit.turn import Turn
from yamskit.variants.yamslam.chips import KINDS, ChipSet
from yamskit.variants.yamslam.game import YamslamGame

Key = tuple[Any, ...]
THROWS = ("11223", "11124", "12346", "11335", "22333", "22223", "12345", "66666", "11256")


def key(state: YamslamGame) -> Key:
    return (
        state.rack,
        state.discard,
        state.collections,
        state.current_player,
        state.first_player,
        state.round_chip,
        state.second_pick,
        state.last_draw,
    )


def children(state: YamslamGame) -> Iterator[YamslamGame]:
    """Every state one decision later at the start of a turn, or with a solo Yamslam's second chip due."""
    if state.second_pick:
        for action in state.legal_actions():
            yield state.apply(action)
        return
    for dice in THROWS:
        thrown = state.apply(Roll(outcome=dice))
        for action in thrown.legal_actions():
            if isinstance(action, (TakeChip, Pass)):
                yield thrown.apply(action)


def search(starts: list[YamslamGame], out: int | None) -> dict[Key, YamslamGame]:
    """Every state reached from ``starts`` with at most ``out`` chips out of the rack (``None``: no limit)."""

    def within(state: YamslamGame) -> Iterator[YamslamGame]:
        return (after for after in children(state) if out is None or 28 - len(after.rack) <= out)

    return breadth_first(starts, key, within)


def spreads(out: int, places: int) -> Iterator[list[ChipSet]]:
    """Every way of putting at most ``out`` chips in ``places`` piles (the rack keeps the rest)."""
    kinds = [(kind, place) for kind in range(len(KINDS)) for place in range(places)]
    for n in range(out + 1):
        for chosen in itertools.combinations_with_replacement(kinds, n):
            piles = [[0] * len(KINDS) for _ in range(places)]
            for kind, place in chosen:
                piles[place][kind] += 1
            yield [ChipSet(tuple(p)) for p in piles]


def candidates(variant: Any, players: tuple[str, ...], out: int, firsts: tuple[int, ...]) -> Iterator[YamslamGame]:
    n = len(players)
    sides = len(variant.side_names(players))
    solo = variant.mode == "solo"
    for piles in spreads(out, sides + 1):
        discard, collections = piles[0], tuple(piles[1:])
        rack = ChipSet(tuple(4 - sum(p.counts[k] for p in piles) for k in range(len(KINDS))))
        for current, first in itertools.product(range(n), firsts):
            for round_chip, second in itertools.product((False, True), repeat=2):
                if (solo and round_chip) or (not solo and second):
                    continue
                turn = Turn.start()
                if second:
                    turn = turn.thrown(yamskit.Dice(), yamskit.Dice.parse("66666"))
                yield YamslamGame(
                    variant,
                    players,
                    rack,
                    discard,
                    collections,
                    current,
                    turn,
                    DiceStream(seed=1),
                    first_player=first,
                    round_chip=round_chip,
                    second_pick=second,
                )


@pytest.mark.parametrize(
    ("mode", "players", "out", "firsts"),
    [
        pytest.param("standard", ("Ann", "Bob"), 3, (0, 1), id="standard, 2 players, up to 3 chips out"),
        pytest.param("standard", ("Ann", "Bob", "Cy"), 2, (0, 1, 2), id="standard, 3 players, up to 2 chips out"),
        pytest.param("team", ("Ann", "Bob", "Cy", "Di"), 2, (0,), id="team, up to 2 chips out"),
        pytest.param("solo", ("Sol",), 4, (0,), id="solo, up to 4 chips out"),
    ],
)
def test_the_checks_accept_exactly_the_reachable_states(
    mode: str, players: tuple[str, ...], out: int, firsts: tuple[int, ...]
) -> None:
    variant = yamskit.variant("yamslam", mode=mode)
    starts = [variant.new_game(players, seed=1, first_player=first) for first in firsts]
    reached = set(search(starts, out))
    found = {key(state) for state in candidates(variant, players, out, firsts) if accepted(state)}
    assert found == reached, (sorted(map(repr, found - reached))[:2], sorted(map(repr, reached - found))[:2])


def _near_the_end(variant: Any, players: tuple[str, ...], left: dict[str, int], seed: int) -> YamslamGame:
    """A reachable position with only ``left`` chips on the rack, the others spread over the collections."""
    rack = ChipSet.of(*(kind for kind, count in left.items() for _ in range(count)))
    everything = ChipSet.full()
    sides = len(variant.side_names(players))
    collections: list[list[str]] = [[] for _ in range(sides)]
    i = 0
    for k, kind in enumerate(KINDS):
        for _ in range(everything.counts[k] - rack.counts[k]):
            collections[i % sides].append(kind.value)
            i += 1
    return variant.position(list(players), collections=collections, seed=seed)


@pytest.mark.parametrize(
    ("mode", "players"),
    [("standard", ("Ann", "Bob")), ("team", ("Ann", "Bob", "Cy", "Di")), ("solo", ("Sol",))],
)
def test_every_end_of_the_game_is_accepted(mode: str, players: tuple[str, ...]) -> None:
    variant = yamskit.variant("yamslam", mode=mode)
    start = _near_the_end(variant, players, {"two_pairs": 1, "large_straight": 1, "flush": 1}, seed=2)
    reached = search([start], None)
    ends = 0
    for state in reached.values():
        assert accepted(state), key(state)
        ends += state.is_over
    assert ends > 0
