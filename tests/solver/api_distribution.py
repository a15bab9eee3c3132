"""The final score's distribution of a strategy's `best_action`, played out through the game API (a test oracle)."""

from __future__ import annotations

from collections import defaultdict

from yamskit import Roll
from yamskit.scorecard.state import ScorecardGame
from yamskit.solver.strategy import Strategy


def bot_distribution(strategy: Strategy, game: ScorecardGame, memo: dict[object, dict[int, float]]) -> dict[int, float]:
    """The final score's distribution of `Strategy.best_action`, playing every throw's outcomes through the game API.

    ``memo`` keeps each position's distribution (a dict the caller gives, empty at first). A
    served win ends the game through the engine: its score is the one the engine records.
    """
    if game.is_over:
        return {game.result().scores[0]: 1.0}
    cells = tuple((cell.is_empty, cell.value) for cell in game.sheets[0].cells[0])
    key = (cells, game.turn.has_thrown, game.turn.throws_left, game.dice.faces if game.turn.has_thrown else ())
    if key not in memo:
        action = strategy.best_action(game) if game.turn.has_thrown else Roll()
        found: dict[int, float] = defaultdict(float)
        if isinstance(action, Roll):
            for throw, p in game.chance_outcomes(keep=action.keep):
                for score, q in bot_distribution(strategy, game.apply(throw), memo).items():
                    found[score] += float(p) * q
        else:
            found.update(bot_distribution(strategy, game.apply(action), memo))
        memo[key] = dict(found)
    return memo[key]
