"""A brute-force expectimax with saved throws, for the store solver's tests.

Plain Python over `fractions.Fraction`: it reads the rules through the variant alone
(`ScorecardVariant.score`, the bonus, ``max_throws``, ``allow_scratch``) and shares no
table with the solver. A state is (filled rows, upper total, store); a turn has
``max_throws + store`` throws, makes at least one, and the throws it leaves unused are the
store of the next turn (at most ``cap`` of them when a cap is given: the rest are lost).
"""

from __future__ import annotations

import functools
from fractions import Fraction

from yamskit.scorecard.variant import ScorecardVariant

from .oracle_dice import Roll, outcomes, sub_keeps

__all__ = ["Roll", "oracle_value", "outcomes", "sub_keeps"]


def oracle_value(variant: ScorecardVariant, *, cap: int | None = None, store: int = 0) -> Fraction:
    """The exact optimal expected final score from the empty sheet with ``store`` saved throws.

    ``cap``: the most throws the store keeps (``None``: no cap, the real game).
    """
    rules = variant.rules
    rows = rules.row_ids
    dice = rules.dice
    bonus = rules.bonus
    bonus_rows = set(bonus.rows) if bonus is not None else set()
    full = (1 << len(rows)) - 1

    def stored(left: int) -> int:
        return left if cap is None else min(cap, left)

    @functools.cache
    def points(row: int, roll: Roll) -> int:
        return variant.score(rows[row], "".join(map(str, roll)))

    @functools.cache
    def start(filled: int, upper: int, saved: int) -> Fraction:
        if filled == full:
            return Fraction(bonus.points(upper) if bonus is not None else 0)
        left = rules.max_throws + saved - 1  # the first throw is made
        return sum((p * after_throw(filled, upper, roll, left) for roll, p in outcomes(dice)), Fraction(0))

    @functools.cache
    def after_throw(filled: int, upper: int, roll: Roll, left: int) -> Fraction:
        best: Fraction | None = None
        for row in range(len(rows)):
            if filled >> row & 1:
                continue
            paid = [points(row, roll)] + ([0] if rules.allow_scratch else [])
            for got in paid:
                up = upper + got if rows[row] in bonus_rows else upper
                value = got + start(filled | 1 << row, up, stored(left))
                best = value if best is None or value > best else best
        if left > 0:
            for keep in sub_keeps(roll):
                value = sum(
                    (
                        p * after_throw(filled, upper, tuple(sorted(keep + thrown)), left - 1)
                        for thrown, p in outcomes(dice - len(keep))
                    ),
                    Fraction(0),
                )
                best = value if best is None or value > best else best
        assert best is not None
        return best

    return start(0, 0, store)
