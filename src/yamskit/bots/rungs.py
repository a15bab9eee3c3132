"""Levels as rungs: where a family's levels below the expert stand among the four fast bots.

The levels below ``"expert"`` are, by default, four bots of rising strength, each a **rung**
of one ladder: random play (rung 0), the greedy bot of ``"easy"`` (1), the one-throw bot of
``"medium"`` (2) and the strong bot of ``"hard"`` (3). In a game whose results spread widely
(Balut for two) or whose best players stand close together (Yam Master, Yamslam with
opponents), two neighbouring levels would not differ enough to be felt, so a family may set
a level on a rung of its own (`yamskit.adapters.EdgeAdapter.rungs`). A rung between two whole
ones plays each of its turns as one of the two bots around it, drawn from its seed
(`yamskit.bots.MixedPlayer`): rung 1.7 plays 70% of its turns as the one-throw bot and the
rest as the greedy bot; a whole rung is that bot itself.

A family may give one set of rungs alone and another with opponents; a level that differs
between the two is a `yamskit.bots.TablePlayer`, which plays by the table it sits at.

Examples:
    >>> from yamskit.bots import GreedyPlayer, RandomPlayer
    >>> bots = {0: RandomPlayer(seed=3), 1: GreedyPlayer()}
    >>> at_rung(0.8, bots.__getitem__, seed=3).share
    0.8
    >>> at_rung(1, bots.__getitem__, seed=3)
    GreedyPlayer()
    >>> checked({"hard": 1.7}, family="balut")
    {'hard': 1.7}
    >>> checked({"expert": 2.0}, family="balut")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    RuleConfigError: balut's rungs may move easy, medium or hard, not 'expert'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from ..errors import RuleConfigError, brief
from .basic import MixedPlayer, Player, _between

__all__ = ["BOTTOM", "MOVABLE", "RUNGS", "TOP", "at_rung", "checked", "split"]

#: Each level's rung where the family moves none: random 0, easy 1, medium 2, hard 3.
RUNGS: Mapping[str, int] = {"random": 0, "easy": 1, "medium": 2, "hard": 3}
#: The levels a family may move (random play is the floor, and the expert stands on the strong bot).
MOVABLE: tuple[str, ...] = ("easy", "medium", "hard")
#: The lowest and the highest rung.
BOTTOM, TOP = 0, 3


def checked(rungs: Mapping[str, object], *, family: str) -> dict[str, float]:
    """``rungs`` as a family gave them, once each level and rung is known to be one `at_rung` can build.

    Raises:
        RuleConfigError: a level other than easy, medium or hard, or a rung that is not a
            number from 0 to 3 (``True`` included), naming the family and the level.

    Examples:
        >>> checked({"medium": 1, "easy": 0.5}, family="pebbles")
        {'medium': 1.0, 'easy': 0.5}
        >>> checked({"hard": 3.5}, family="pebbles")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        RuleConfigError: pebbles's rung of hard must be a number from 0 to 3, not 3.5
    """
    if not isinstance(rungs, Mapping):
        raise RuleConfigError(f"{family}'s rungs must be a mapping of levels to rungs, not {brief(rungs)}")
    found: dict[str, float] = {}
    for level, rung in rungs.items():
        if level not in MOVABLE:
            raise RuleConfigError(f"{family}'s rungs may move easy, medium or hard, not {brief(level)}")
        if not _between(rung, BOTTOM, TOP):
            raise RuleConfigError(f"{family}'s rung of {level} must be a number from 0 to 3, not {brief(rung)}")
        found[level] = float(rung)
    return found


def split(rung: float) -> tuple[int, float]:
    """The whole rung at or below ``rung`` and the share of the turns played on the one above (0 on a whole rung).

    Examples:
        >>> split(2.6), split(3), split(0.75), split(2.0)
        ((2, 0.6), (3, 0.0), (0, 0.75), (2, 0.0))
    """
    low = min(math.floor(rung), TOP - 1)
    share = round(rung - low, 9)  # 2.6 - 2 is 0.6000000000000001
    return (low + 1, 0.0) if share == 1.0 else (low, share)


def at_rung(rung: float, bots: Callable[[int], Player], *, seed: int) -> Player:
    """The player standing on ``rung``: ``bots(n)`` on a whole rung ``n``, else the two around it mixed.

    ``bots(n)`` builds the bot of whole rung ``n`` (0 to 3); between two whole rungs the
    player is a `yamskit.bots.MixedPlayer` of the upper bot (the fraction of the turns) and
    the lower one, drawn from ``seed``. Only the bots it uses are built.

    Examples:
        >>> from yamskit.bots import GreedyPlayer, RandomPlayer
        >>> mixed = at_rung(0.25, {0: RandomPlayer(), 1: GreedyPlayer()}.__getitem__, seed=1)
        >>> mixed.strong, mixed.weak, mixed.share
        (GreedyPlayer(), RandomPlayer(seed=0), 0.25)
    """
    low, share = split(rung)
    if share == 0.0:
        return bots(low)
    return MixedPlayer(bots(low + 1), bots(low), share=share, seed=seed)
