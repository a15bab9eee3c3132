"""Check a Yams Challenge sheet situation with explicit dice: the rule sheet's "minus 25" example.

Ann writes 25 (five 5s) in the minus box of her ascending column. On her next
turn she throws a sum of 24. The script lists, for each column, which boxes she may
fill with those dice and why the others are refused, then shows the never-stranded
rule when only a dry box is left.

Run: python examples/challenge_check.py
"""

from __future__ import annotations

import attrs

import yamskit
from yamskit import Dice, IllegalActionError, Roll, Score, Scratch
from yamskit.scorecard import Cell, ScorecardGame


def explain(game: ScorecardGame, action: Score | Scratch) -> str:
    """One line: the action and what it would write, or the rule that refuses it."""
    try:
        placement = game.placement(action)
    except IllegalActionError as error:
        return f"  {type(action).__name__}({action.row!r}, {action.column!r}): refused ({error})"
    written = "x" if placement.crossed else str(placement.points)
    return f"  {type(action).__name__}({action.row!r}, {action.column!r}): legal, writes {written}"


def minus_25_then_24() -> ScorecardGame:
    """The situation of the sheet, reached by playing it with explicit dice."""
    game = yamskit.variant("challenge").new_game(players=["Ann"], seed=2025)
    game = game.apply(Roll(outcome=Dice.parse("55555"))).apply(Score("minus", "up"))
    return game.apply(Roll(outcome=Dice.parse("45555")))


def only_dry_left() -> ScorecardGame:
    """A sheet where every box but the dry Yams is filled (crossed out)."""
    game = yamskit.variant("challenge").new_game(players=["Ann"], seed=2025)
    sheet = game.sheets[0]
    yams, dry = game.rules.row_index("yams"), game.rules.column_index("dry")
    for c in range(len(game.rules.columns)):
        for r in range(len(game.rules.rows)):
            if (r, c) != (yams, dry):
                sheet = sheet.with_cell(r, c, Cell(scratched=True))
    return attrs.evolve(game, sheets=(sheet,))


def main() -> None:
    """Print the two checks."""
    game = minus_25_then_24()
    print(f"Minus of 'up' holds 25; the dice now show {game.dice} (sum {game.dice.total}).")
    for column in game.rules.column_ids:
        print(f"Column {column!r}:")
        for row in ("plus", "fives", "four_of_a_kind"):
            print(explain(game, Score(row, column)))
        print(explain(game, Scratch("plus", column)))

    print()
    game = only_dry_left().apply(Roll(outcome=Dice.parse("23455")))
    game = game.apply(Roll(keep=Dice.parse("55"), outcome=Dice.parse("124")))
    print(f"Only the dry Yams is open; second throw kept 55 and shows {game.dice}.")
    print("Legal now:", ", ".join(repr(a) for a in game.legal_actions()))
    try:
        game.check(Roll(keep=Dice.parse("55")))
    except IllegalActionError as error:
        print(f"Roll(keep=55) is refused: {error}")


if __name__ == "__main__":
    main()
