"""How far the duel-sheet player's column laws (`yamskit.bots.duel_sheet`) are from what columns end at.

Usage::

    python benchmarks/duel_laws.py --games 60

Plays Competitive Yams 1v1 between ``"hard"`` bots (game ``i`` with dice seed ``seed + i``)
and, at the start of every sixth turn, notes each seat's column laws (`ColumnLaws.of`)
beside what each column really ended with. It prints the calibration those figures call for:

* the points to come: the least-squares factor from the model's (mean less the points
  written) to the real ones, with each column's factor for comparison;
* the variance: the mean squared error left after that factor, over the model's mean variance;
* the clean chance: a logistic fit (Newton's method) of "the column ended clean" on the log
  of the model's chance, over the columns still clean-able;

and the figures by how many boxes were open, model against real. A player with the laws so
calibrated played no better than the plain model (docs/explanation/bots.md, "The expert in
Competitive Yams"), so the player keeps the plain one.
"""

from __future__ import annotations

import argparse
import math
import sys

import numpy as np

import yamskit
from yamskit.bots import player
from yamskit.bots.duel_sheet import ColumnLaws

#: Every how many turns a snapshot of the laws is noted.
EVERY = 6


def snapshots(games: int, seed: int) -> np.ndarray:
    """Rows (column, open boxes, written, model mean, model variance, model clean chance, final raw, final clean)."""
    variant = yamskit.variant("competitive", mode="1v1")
    hard = player(variant, "hard")
    rows: list[tuple[float, ...]] = []
    for i in range(games):
        game = variant.new_game(players=["A", "B"], seed=seed + i)
        noted: list[tuple[int, ColumnLaws, list[float], list[int]]] = []
        turn = 0
        while not game.is_over:
            if not game.turn.has_thrown:
                if turn % EVERY == 0:
                    for seat in range(2):
                        cells = game.sheets[seat].cells
                        written = [float(sum(cell.value for cell in col if not cell.is_empty)) for col in cells]
                        open_boxes = [sum(1 for cell in col if cell.is_empty) for col in cells]
                        noted.append((seat, ColumnLaws.of(game, seat), written, open_boxes))
                turn += 1
            game = game.apply(hard.choose(game))
        final = game.result().details["columns"]
        ids = game.rules.column_ids
        for seat, laws, written, open_boxes in noted:
            for c, column in enumerate(ids):
                if open_boxes[c]:
                    end = final[seat][column]
                    rows.append(
                        (
                            c,
                            open_boxes[c],
                            written[c],
                            laws.mean[c],
                            laws.var[c],
                            laws.clean[c],
                            end["raw"],
                            end["clean"],
                        )
                    )
    return np.array(rows, dtype=np.float64)


def logistic(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """(a, b) maximising the likelihood of ``y`` (0 or 1) under ``1 / (1 + exp(-(a + b x)))`` (Newton's method)."""
    a, b = 0.0, 1.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(a + b * x)))
        w = p * (1 - p)
        grad = np.array([(y - p).sum(), ((y - p) * x).sum()])
        hess = np.array([[w.sum(), (w * x).sum()], [(w * x).sum(), (w * x * x).sum()]])
        step = np.linalg.solve(hess, grad)
        a, b = a + float(step[0]), b + float(step[1])
        if abs(step).max() < 1e-10:
            break
    return a, b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games of hard against hard (default 60)")
    parser.add_argument("--seed", type=int, default=5000, help="seed of game 0 (default 5000)")
    args = parser.parse_args(argv)
    rows = snapshots(args.games, args.seed)
    column, open_boxes, written, mean, var, clean, raw, ended_clean = rows.T
    model, real = mean - written, raw - written
    future = float((model * real).sum() / (model * model).sum())
    variance = float(((real - future * model) ** 2).mean() / var.mean())
    able = clean > 0
    a, b = logistic(np.log(clean[able]), ended_clean[able])
    last = args.seed + args.games - 1
    print(f"{args.games} games of hard against hard, seeds {args.seed}-{last}: {len(rows)} columns noted")
    print(f"points to come x {future:.3f}; variance x {variance:.2f}; clean: logit = {a:.2f} + {b:.2f} ln p")
    for c in range(int(column.max()) + 1):
        m = column == c
        print(f"  column {c}: factor {(model[m] * real[m]).sum() / (model[m] ** 2).sum():.2f}")
    print("open boxes | model to come | real to come | model sd | real sd after FUTURE | clean model | clean real")
    for lo, hi in ((1, 3), (4, 6), (7, 9), (10, 13)):
        m = (open_boxes >= lo) & (open_boxes <= hi)
        rest = real[m] - future * model[m]
        print(
            f"{lo:>4}-{hi:<5} | {model[m].mean():13.1f} | {real[m].mean():12.1f} | {math.sqrt(var[m].mean()):8.1f} |"
            f" {rest.std():20.1f} | {clean[m].mean():11.3f} | {ended_clean[m].mean():10.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
