"""A brute-force expectimax over the explicit game tree, in exact fractions: the solver's referee.

It shares nothing with the solver: it walks a solitaire game through the public game
API only (``legal_actions``, ``outcomes``, ``apply``, ``result``), so it follows the
rules exactly as the game applies them, memoising on what the sheet and the turn
show. It is slow (every throw is applied), so it is for variants of a few rows, or
for positions near the end of a game; the tests compare the solver with it.

Examples:
    >>> import yamskit
    >>> from yamskit.categories import upper
    >>> v = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], max_throws=1)
    >>> exact_value(v)
    Fraction(5, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..actions import Roll
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant

__all__ = ["BruteForce", "exact_value"]


def _key(state: ScorecardGame) -> tuple[Any, ...]:
    sheet = state.sheets[0]
    return (sheet.cells, sheet.extra, state.turn.dice, state.turn.throws_left, state.turn.has_thrown)


class BruteForce:
    """Exact optimal expected final score of solitaire scorecard positions (memoised across calls).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> v = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], max_throws=1)
        >>> BruteForce().value(v.new_game(seed=1).apply(yamskit.Roll(outcome="66612")))
        Fraction(18, 1)
    """

    def __init__(self) -> None:
        self.memo: dict[tuple[Any, ...], Fraction] = {}
        self.keeps: dict[tuple[Any, ...], Fraction] = {}

    def value(self, state: ScorecardGame) -> Fraction:
        """The expected final score of the (only) player, playing optimally from ``state``."""
        key = _key(state)
        if key in self.memo:
            return self.memo[key]
        if state.is_over:
            result = Fraction(state.result().scores[0])
        elif not state.turn.has_thrown:
            result = self.throw(state, Roll())
        else:
            result = max(
                self.throw(state, action) if isinstance(action, Roll) else self.value(state.apply(action))
                for action in state.legal_actions()
            )
        self.memo[key] = result
        return result

    def throw(self, state: ScorecardGame, roll: Roll) -> Fraction:
        """The expected final score after ``roll`` (a throw keeping ``roll.keep``)."""
        key = (*_key(state)[:2], roll.keep, state.turn.throws_left)
        if key not in self.keeps:
            self.keeps[key] = sum(
                (
                    p * self.value(state.apply(Roll(roll.keep, dice - roll.keep)))
                    for dice, p in state.outcomes(roll.keep)
                ),
                Fraction(0),
            )
        return self.keeps[key]


def exact_value(variant: ScorecardVariant) -> Fraction:
    """The exact optimal expected score of ``variant`` from the empty sheet.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total
        >>> from yamskit.solver import solve
        >>> v = yamskit.ScorecardVariant.define("chance", rows=[Category("chance", total)], max_throws=1)
        >>> exact_value(v), float(exact_value(v)) == solve(v, quiet=True).expected_score()
        (Fraction(35, 2), True)
    """
    return BruteForce().value(variant.new_game(seed=0))
