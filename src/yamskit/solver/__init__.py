"""Exact optimal strategy for one-column solitaire scorecard games, with advice and fast simulation.

`solve` computes the expected final score of every turn state of a variant
under optimal play (an expectimax over the states, each turn solved through its
throw and keep layers with numpy) and returns a `Strategy`, which gives
`expected_score`, ranked `advise`, and saves to a
file. `simulate` plays many games at once with a random, greedy or optimal
policy. The package needs numpy (``pip install 'yamskit[solver]'``); the rest of
yamskit does not.

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
    raise ImportError(
        "yamskit.solver needs numpy: install it with  pip install 'yamskit[solver]'  (or pip install numpy)"
    ) from error

from collections.abc import Callable

from ..scorecard_game import ScorecardVariant
from .batch import BatchResult, simulate
from .expectimax import solve_values
from .model import model_of
from .space import StateSpace
from .strategy import FORMAT_VERSION, Advice, RulesMismatchError, Strategy

__all__ = [
    "FORMAT_VERSION",
    "Advice",
    "BatchResult",
    "RulesMismatchError",
    "StateSpace",
    "Strategy",
    "simulate",
    "solve",
]


def solve(
    variant: ScorecardVariant,
    *,
    processes: int | None = None,
    quiet: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Strategy:
    """Solve ``variant`` exactly: the optimal expected score of every state.

    Args:
        variant: a one-column scorecard variant (see `yamskit.solver.model.model_of`
            for what is supported; anything else raises `RuleConfigError`).
        processes: worker processes (default: one per CPU; small games use one).
        quiet: no progress bar (a rich bar if rich is installed, else lines on stderr).
        progress: also called with (states done, states in all) as the solve advances.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> round(solve(yamskit.ScorecardVariant.define("sixes", rows=[upper(6)]), quiet=True).expected_score(), 4)
        12.6389
    """
    model = model_of(variant)
    values = solve_values(model, processes=processes, quiet=quiet, progress=progress)
    return Strategy(variant, model, values)
