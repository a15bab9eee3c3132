"""Exact optimal strategy for one-column solitaire scorecard games, with advice and fast simulation.

`solve` computes the expected final score of every turn state of a variant
under optimal play (an expectimax over the states, each turn solved through its
throw and keep layers with numpy) and returns a `Strategy`, which gives
`expected_score`, ranked `advise`, and saves to a
file. `simulate` plays many games at once with a random, greedy or optimal
policy. `solve_target` plays for the chance of reaching a score instead of the mean
(`TargetStrategy`). The package uses numpy, a dependency of yamskit since 0.2; ``import yamskit``
itself does not load it.

Examples:
    >>> import yamskit
    >>> from yamskit.categories import Category, total, upper
    >>> from yamskit.solver import solve
    >>> mini = yamskit.ScorecardVariant.define("mini", rows=[upper(5), upper(6), Category("chance", total)])
    >>> strategy = solve(mini, quiet=True)
    >>> round(strategy.expected_score(), 3)
    51.316
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
except ImportError as error:  # pragma: no cover - numpy is in the dev environment
    raise ModuleNotFoundError(
        "yamskit.solver needs numpy, a dependency of yamskit that is not installed here: pip install numpy",
        name="numpy",
    ) from error

from .batch import BatchResult, simulate
from .distribution import ScoreDistribution
from .space import StateSpace
from .store import StoreStrategy
from .strategy import FORMAT_VERSION, Advice, RulesMismatchError, Strategy, solve
from .target import TargetStrategy, solve_target

__all__ = [
    "FORMAT_VERSION",
    "Advice",
    "BatchResult",
    "RulesMismatchError",
    "ScoreDistribution",
    "StateSpace",
    "StoreStrategy",
    "Strategy",
    "TargetStrategy",
    "simulate",
    "solve",
    "solve_target",
]
