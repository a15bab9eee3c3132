"""Fit the corrections of the split evaluation (`yamskit.bots.fitted`) to the exact solver's values.

Usage::

    python benchmarks/fit_split.py --games 600 --variants classic --plain   # the fit shipped
    python benchmarks/fit_split.py --games 600 --variants classic yatzy     # fit on two rule sets

For each variant the bot (``StrongPlayer(time_budget=0)``, with the coefficients it
has now) plays ``--games`` solitaire games from seed 100000 (the measuring seeds of
`solitaire_strength.py` start at 0). At every decision with dice showing, every box
it could write with those dice (its points, and 0) gives a row: the exact value of
the position after it (points plus the solver's value of the rest) against the
evaluation's terms (the change of the box's part's value times 1, x, x^2, x^3 for
the part's kind; minus each box feature times 1, x, x^2, x^3). Values are compared
within a decision only (both sides centred per decision), and each option weighs
``exp(-(best - value) / T)``: the options near the best one are the ones that
decide. The script prints the coefficients to paste into `yamskit.bots.fitted` and
the fit's weighted error. ``--plain`` lets the bot play without corrections (its
parts weighted 0.9, no box worth: the split evaluation before the fit) while the
rows are collected; without it the bot plays with the coefficients it has now.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np
from solitaire_strength import optimum, variant_named

from yamskit.bots import StrongPlayer, fitted
from yamskit.bots.split import split_parts


def decisions(variant: Any, strategy: Any, games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows of ``games`` games: decision ids, exact values less points, terms (points in the last column)."""
    model = strategy.model
    rules = variant.rules
    parts = split_parts(variant)
    features = fitted.box_features(rules, parts)
    n_rows = len(rules.rows)
    part_of = {i: (k, group.index(i)) for k, (group, _, _) in enumerate(parts) for i in group}
    bot = StrongPlayer(variant, time_budget=0.0)
    ids: list[int] = []
    targets: list[float] = []
    terms: list[np.ndarray] = []
    decision = 0
    for g in range(games):
        game = variant.new_game(seed=seed + g)
        while not game.is_over:
            action = bot.choose(game)
            if game.turn.has_thrown:
                cells = game.sheets[0].cells[0]
                mask = sum(1 << i for i, c in enumerate(cells) if not c.is_empty)
                up = min(sum(c.value for i, c in enumerate(cells) if model.bonus_rows[i]), model.cap)
                x = (n_rows - bin(mask).count("1") - 1) / (n_rows - 1)
                xs = fitted.powers(x)
                for i in range(n_rows):
                    if mask >> i & 1:
                        continue
                    k, j = part_of[i]
                    group, part_model, values = parts[k]
                    part_mask = sum(1 << jj for jj, ii in enumerate(group) if mask >> ii & 1)
                    part_up = min(up, part_model.cap) if part_model.cap else 0
                    for points in {0, int(rules.rows[i].table[game.dice.index])}:
                        new_up = min(up + points, model.cap) if model.bonus_rows[i] else up
                        new_part_up = min(part_up + points, part_model.cap) if part_model.bonus_rows[j] else part_up
                        change = float(values[part_mask | 1 << j, 0, new_part_up] - values[part_mask, 0, part_up])
                        row = np.zeros(2 * fitted.DEGREE + features.shape[1] * fitted.DEGREE)
                        kind = 0 if part_model.cap else 1
                        row[kind * fitted.DEGREE : (kind + 1) * fitted.DEGREE] = change * xs
                        row[2 * fitted.DEGREE :] = -np.outer(features[i], xs).ravel()
                        ids.append(decision)
                        targets.append(float(strategy.values[mask | 1 << i, 0, new_up]))
                        terms.append(row)
                decision += 1
            game = game.apply(action)
    return np.array(ids), np.array(targets), np.array(terms)


def fit(ids: np.ndarray, targets: np.ndarray, terms: np.ndarray, temperature: float) -> tuple[np.ndarray, float]:
    """Weighted least squares of the targets on the terms, both centred per decision."""
    counts = np.bincount(ids)

    def centre(m: np.ndarray) -> np.ndarray:
        sums = np.zeros((counts.size, *m.shape[1:]))
        np.add.at(sums, ids, m)
        return m - (sums / counts.reshape(-1, *([1] * (m.ndim - 1))))[ids]

    best = np.full(counts.size, -np.inf)
    np.maximum.at(best, ids, targets)
    weights = np.exp(-(best[ids] - targets) / temperature)
    y, x = centre(targets), centre(terms)
    a = (x * weights[:, None]).T @ x + 1e-3 * np.eye(x.shape[1])
    coef = np.linalg.solve(a, (x * weights[:, None]).T @ y)
    error = float(np.sqrt(np.sum(weights * (y - x @ coef) ** 2) / weights.sum()))
    return coef, error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games per variant (default 600)")
    parser.add_argument("--seed", type=int, default=100_000, help="seed of game 0 (default 100000)")
    parser.add_argument("--variants", nargs="+", default=["classic", "yatzy"])
    parser.add_argument("--temperature", type=float, default=5.0, help="T of the option weights (default 5)")
    parser.add_argument("--save", help="also save the coefficients to this .npy file")
    parser.add_argument("--plain", action="store_true", help="collect with the uncorrected split evaluation")
    args = parser.parse_args(argv)
    if args.plain:
        fitted.PART_WEIGHTS = np.array([[0.9, 0.0, 0.0, 0.0], [0.9, 0.0, 0.0, 0.0]])
        fitted.BOX_WEIGHTS = np.zeros_like(fitted.BOX_WEIGHTS)
    parts = []
    offset = 0
    for name in args.variants:
        variant = variant_named(name)
        ids, targets, terms = decisions(variant, optimum(variant), args.games, args.seed)
        parts.append((ids + offset, targets, terms))
        offset += int(ids.max()) + 1
        print(f"# {name}: {ids.max() + 1} decisions, {len(ids)} options", file=sys.stderr)
    ids, targets, terms = (np.concatenate(p) for p in zip(*parts, strict=True))
    coef, error = fit(ids, targets, terms, args.temperature)
    if args.save:
        np.save(args.save, coef)
    np.set_printoptions(precision=4, suppress=True, linewidth=120)
    d = fitted.DEGREE
    print(f"# weighted error {error:.3f} points; variants {' '.join(args.variants)}, {args.games} games each")
    print("PART_WEIGHTS = np.array(" + repr(coef[: 2 * d].reshape(2, d).round(4).tolist()) + ")")
    print("BOX_WEIGHTS = np.array(" + repr(coef[2 * d :].reshape(-1, d).round(4).tolist()) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
