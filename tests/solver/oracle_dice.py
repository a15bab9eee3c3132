"""The dice of the brute-force oracles (plain Python over `fractions.Fraction`, no solver table).

Shared by the oracles of tests/solver: the plain sheets (test_oracle_dice.py), the served
rules (test_served_oracle.py) and the saved throws (store_oracle.py).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

Roll = tuple[int, ...]


@functools.cache
def outcomes(count: int) -> tuple[tuple[Roll, Fraction], ...]:
    """Every sorted throw of ``count`` dice with its exact chance, by enumerating the ordered faces."""
    tally = Counter(tuple(sorted(faces)) for faces in itertools.product(range(1, 7), repeat=count))
    whole = 6**count
    return tuple((roll, Fraction(n, whole)) for roll, n in sorted(tally.items()))


def sub_keeps(roll: Roll) -> set[Roll]:
    """Every sub-multiset of ``roll`` (sorted), the empty one and the roll itself included."""
    return {tuple(sorted(c)) for k in range(len(roll) + 1) for c in itertools.combinations(roll, k)}


def number(face: int) -> Callable[[Roll], int]:
    """A number box of sorted faces: ``face`` times the dice showing it."""
    return lambda faces: face * faces.count(face)


def sheet_position(game: Any, counted: Sequence[bool]) -> tuple[int, int, int]:
    """(filled rows as bits, points so far, upper total of the ``counted`` rows) of a one-column game's first sheet."""
    cells = game.sheets[0].cells[0]
    filled = sum(1 << i for i, cell in enumerate(cells) if not cell.is_empty)
    return filled, sum(cell.value for cell in cells), sum(cell.value for i, cell in enumerate(cells) if counted[i])
