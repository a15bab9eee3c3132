"""Yam Master as text: the board grid and every kind of status line, exactly."""

from __future__ import annotations

import attrs

import yamskit
from tests.variants.yam_master.test_yam_master import at, throws
from yamskit import Pass, Roll
from yamskit.variants.yam_master.board import Board, Run, render_board

#: The rule sheet's board, with Ann's X on (0, 0) and Bob's O on (0, 1).
GRID = """\
       0       1       2       3       4
   +-------+-------+-------+-------+-------+
 0 |  X:1  |  O:3  | Défi  |   4   |   6   |
   +-------+-------+-------+-------+-------+
 1 |   2   | Carré |  Sec  | Full  |   5   |
   +-------+-------+-------+-------+-------+
 2 |  ≤8   | Full  |  Yam  | Défi  | Suite |
   +-------+-------+-------+-------+-------+
 3 |   6   |  Sec  | Suite |  ≤8   |   1   |
   +-------+-------+-------+-------+-------+
 4 |   3   |   2   | Carré |   5   |   4   |
   +-------+-------+-------+-------+-------+"""


def test_the_board_is_drawn_as_the_rule_sheet_prints_it() -> None:
    board = Board.parse("XO.../...../...../...../.....")
    assert render_board(board) == GRID
    assert board.render() == GRID
    assert board.render(("A", "B")) == GRID.replace("X:1", "A:1").replace("O:3", "B:3")


def test_a_game_under_way_shows_supplies_dice_throws_challenge_and_labels() -> None:
    game = throws(at("XO.../...../...../...../....."), "12346", "12345", declare=True)
    assert game.render() == GRID + (
        "\nX = Ann: 1 on the board, 11 to place, 0 point(s)"
        "\nO = Bob: 1 on the board, 11 to place, 0 point(s)"
        "\nAnn (X) to play: dice 12345, throw 2/3, challenge declared; the dice satisfy: Défi, Suite"
    )


def test_a_turn_not_started_and_dice_that_satisfy_nothing() -> None:
    assert at().render().splitlines()[-1] == "Ann (X) to play: turn 1, no throw yet"
    game = throws(at(player=1), "12246", "12246")
    assert game.render().splitlines()[-1] == "Bob (O) to play: dice 12246, throw 2/3; the dice satisfy: nothing"


def test_tokens_out_of_the_game_are_shown() -> None:
    game = attrs.evolve(at(variant=yamskit.variant("yam-master", removed="out")), supply=(12, 11), out=(0, 1))
    assert game.render().splitlines()[-2] == "O = Bob: 0 on the board, 11 to place, 1 out, 0 point(s)"


def test_the_end_of_a_game_is_explained() -> None:
    five = at("XXXXX/O..../O..../...../.....", player=1)
    assert five.render().splitlines()[-1] == "Game over: Ann has five in a row, (0, 0)-(0, 4)"
    won = attrs.evolve(at("XXX../OO.../...../...../....."), supply=(0, 10))
    assert won.render().splitlines()[-1] == ("Game over (a player placed their last token). Winner: Ann (Ann 1, Bob 0)")
    drawn = attrs.evolve(at("XXX../OOO../...../...../....."), supply=(0, 9))
    assert drawn.render().splitlines()[-3:] == [
        "X = Ann: 3 on the board, 0 to place, 1 point(s)",
        "O = Bob: 3 on the board, 9 to place, 1 point(s)",
        "Game over (a player placed their last token). Draw (Ann 1, Bob 1)",
    ]
    limit = yamskit.variant("yam-master", max_turns=2).new_game(players=["Ann", "Bob"], seed=1)
    for _ in range(2):
        limit = limit.apply(Roll(outcome="12346")).apply(Pass())
    assert limit.render().splitlines()[-1] == "Game over (the turn limit). Draw (Ann 0, Bob 0)"


def test_a_run_as_json_names_player_direction_length_points_and_cells() -> None:
    run = Board.parse("...../OOOO./...../...../.....").runs[0]
    assert run == Run(1, "row", ((1, 0), (1, 1), (1, 2), (1, 3)))
    assert run.to_data() == {
        "player": 1,
        "direction": "row",
        "length": 4,
        "points": 2,
        "cells": [[1, 0], [1, 1], [1, 2], [1, 3]],
    }
