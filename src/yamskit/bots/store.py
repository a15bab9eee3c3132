"""What the throws a turn leaves unused are worth to the sheet view, where the rules save them (Maxi Yatzy).

A game whose rules save unused throws (`yamskit.scorecard.ScorecardRules.saved_throws`)
keeps them in the player's store, and a later turn may spend them after its own. Ending
a turn early is then worth more than its box: the throws it keeps. The hard bot's sheet
view prices a store of ``s`` throws at

    ``SAVED_THROW_WORTH × (1 + d + d² + … + d^(s-1))``, with ``d = SAVED_THROW_DECAY``,

10 points for the first throw, 0.8 times as much for each more (50 at most), and nothing
when no box is left to write after this turn (the last turn spends what it has). Stopping
after ``used`` throws of a turn that began with a store of ``saved`` leaves
``saved + max_throws - used``; `stop_offset` is what that adds over the store the turn began
with, the same for every box, so it moves the choice between stopping and throwing again,
never the box.

Both figures were fitted by simulated play (Maxi Yatzy alone, 300 games a setting,
docs/performance.md): the store worth raised the hard bot from 396.6 to 432.9, against
an optimum of at least 496.6 (`yamskit.solver.store`). A first throw worth 5 to 15 with a
decay of 0.6 to 0.8 scored 426 to 433; a decay of 0.9 (a large store still worth much)
scored 417.7.

Examples:
    >>> store_worth(0, boxes_after=5), store_worth(1, boxes_after=5), round(store_worth(2, boxes_after=5), 6)
    (0.0, 10.0, 18.0)
    >>> store_worth(3, boxes_after=0)  # the last turn: nothing left to spend them on
    0.0
"""

from __future__ import annotations

from ..scorecard.state import ScorecardGame

__all__ = ["SAVED_THROW_DECAY", "SAVED_THROW_WORTH", "stop_offset", "store_worth"]

#: What the first throw of a store is worth, in points of the sheet.
SAVED_THROW_WORTH = 10.0
#: Each further throw of a store is worth this share of the one before.
SAVED_THROW_DECAY = 0.8


def store_worth(throws: int, *, boxes_after: int) -> float:
    """What a store of ``throws`` saved throws is worth when ``boxes_after`` boxes remain to write after this turn.

    Examples:
        >>> round(store_worth(30, boxes_after=10), 3)  # near the most, 10 / (1 - 0.8)
        49.938
    """
    if boxes_after <= 0 or throws <= 0:
        return 0.0
    return SAVED_THROW_WORTH * (1.0 - SAVED_THROW_DECAY**throws) / (1.0 - SAVED_THROW_DECAY)


def stop_offset(game: ScorecardGame, used: int) -> float:
    """What ending the current turn after ``used`` throws adds in saved throws, over the store it began with.

    0 in a game whose rules do not save throws.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("maxi-yatzy").new_game(seed=1).apply(yamskit.Roll(outcome="123456"))
        >>> round(stop_offset(g, 1), 6), round(stop_offset(g, 2), 6), stop_offset(g, 3)  # two, one, no throw kept
        (18.0, 10.0, 0.0)
        >>> stop_offset(yamskit.variant("yatzy").new_game(seed=1), 1)
        0.0
    """
    rules = game.rules
    if not rules.saved_throws:
        return 0.0
    turn = game.turn
    sheet = game.sheets[game.current_player]
    boxes_after = sum(1 for column in sheet.cells for cell in column if cell.is_empty) - 1
    before = store_worth(turn.saved, boxes_after=boxes_after)
    return store_worth(max(0, turn.saved + rules.max_throws - used), boxes_after=boxes_after) - before
