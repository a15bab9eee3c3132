"""Fitting a sheet's values (`yamskit.bots.sheet_values.SheetValues`) layer by layer.

Two steps, so that the games may be played in several processes
(``benchmarks/fit_sheet_values.py`` plays them on every core and writes the shipped file):

1. `sample_sheets` plays whole games alone with a level's bot and keeps the sheet at the
   start of every turn: one sheet per layer and game.
2. `fit_values` adds, for each sheet, `SUCCESSORS` sheets one random box later (a box the
   fill order allows, its points those of a random roll, or crossed out one time in five),
   then fits the layers from the full sheet back to the empty one: each sheet's target is
   `yamskit.bots.values_player.turn_value` over the layer after it, and the weights solve a
   least-squares fit drawn towards the view's weights by ``ridge``.

Everything follows from the seeds: the same games and seed give the same weights (on one
machine; another's floating point may differ in the last digits).

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("challenge")
    >>> sheets = sample_sheets(v, level="medium", seeds=range(2))
    >>> len(sheets)  # 56 turns a game
    112
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from ..scorecard.variant import ScorecardVariant
from ..solver.tables import solver_tables
from .sheet_values import RIDGE, SheetModel, SheetState, SheetValues, signature
from .strong import player
from .values_player import turn_value

__all__ = ["SUCCESSORS", "fit_values", "sample_sheets"]

#: How many sheets one random box later are added for each sheet of the games.
SUCCESSORS = 2
#: The share of those random boxes crossed out rather than written.
_CROSSED = 0.2


def sample_sheets(variant: ScorecardVariant, *, level: str, seeds: Iterable[int]) -> list[SheetState]:
    """The sheet at the start of every turn of one-player games of ``level``'s bot, one game per seed.

    Examples:
        >>> import yamskit
        >>> sheets = sample_sheets(yamskit.variant("challenge"), level="easy", seeds=[5])
        >>> sheets[0] == SheetModel.of(yamskit.variant("challenge").rules).empty()
        True
    """
    model = SheetModel.of(variant.rules)
    found: list[SheetState] = []
    for seed in seeds:
        bot = player(variant, level, seed=seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            if not game.turn.has_thrown:
                found.append(model.state_of(game.sheets[0]))
            game = game.apply(bot.choose(game))
    return found


def _successors(model: SheetModel, sheets: Sequence[SheetState], rng: random.Random) -> list[SheetState]:
    """``SUCCESSORS`` sheets one random box after each sheet that has more than one box open."""
    probabilities = np.cumsum(solver_tables(model.rules.dice).roll_probabilities)
    last = model.rows * model.columns - 1
    found = []
    for sheet in sheets:
        if model.layer(sheet) >= last:
            continue
        for _ in range(SUCCESSORS):
            boxes = [(c, r) for c in range(model.columns) for r in model.open_rows(sheet, c)]
            column, row = rng.choice(boxes)
            roll = int(np.searchsorted(probabilities, rng.random()))
            points = int(model.tables[row, min(roll, model.tables.shape[1] - 1)])
            low, high = model.allowed_points(sheet, column, row)
            crossed = rng.random() < _CROSSED or points == 0 or not low <= points < high
            found.append(model.write(sheet, column, row, None if crossed else points)[0])
    return found


def fit_values(
    variant: ScorecardVariant,
    sheets: Sequence[SheetState],
    *,
    games: int,
    seed: int,
    ridge: float = RIDGE,
    progress: Callable[[int, int], None] | None = None,
) -> SheetValues:
    """Fit the values of ``variant``'s sheet to ``sheets`` (from `sample_sheets`) and their random successors.

    Args:
        variant: the game (`yamskit.bots.sheet_values.supports` its rules).
        sheets: the sheets of the games, any layers.
        games: how many games gave them (recorded in the values).
        seed: the seed of the successors' random boxes (recorded, with the games' seeds from it).
        ridge: how strongly each layer is drawn towards the view's weights.
        progress: told ``(layers done, layers)`` after each layer.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("challenge")
        >>> values = fit_values(v, sample_sheets(v, level="easy", seeds=[1]), games=1, seed=0)
        >>> len(values.weights), values.games
        (56, 1)
    """
    model = SheetModel.of(variant.rules)
    rng = random.Random(seed)
    pool = list(sheets) + _successors(model, sheets, rng)
    boxes = model.rows * model.columns
    by_layer: dict[int, list[SheetState]] = {layer: [] for layer in range(boxes)}
    for sheet in pool:
        layer = model.layer(sheet)
        if layer < boxes:
            by_layer[layer].append(sheet)
    weights: list[np.ndarray] = [np.zeros(model.size) for _ in range(boxes + 1)]
    for layer in range(boxes - 1, -1, -1):
        found = by_layer[layer] or [_any_sheet(model, layer)]
        features = np.array([model.features(s) for s in found])
        targets = np.array([turn_value(model, weights[layer + 1], s) for s in found])
        normal = features.T @ features + ridge * np.eye(model.size)
        weights[layer] = np.linalg.solve(normal, features.T @ targets + ridge * model.prior)
        if progress is not None:
            progress(boxes - layer, boxes)
    return SheetValues(
        signature(variant.rules), [list(w) for w in weights[:boxes]], games=games, seed=seed, ridge=ridge
    )


def _any_sheet(model: SheetModel, layer: int) -> SheetState:
    """A sheet of ``layer`` boxes, all crossed out in fill order: for a layer no game reached."""
    sheet = model.empty()
    while model.layer(sheet) < layer:
        column = next(c for c in range(model.columns) if model.open_rows(sheet, c))
        sheet = model.write(sheet, column, model.open_rows(sheet, column)[0], None)[0]
    return sheet
