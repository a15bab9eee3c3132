"""Yam Master: a turn, placing, the challenge, the Yam predator, the end of the game, options, JSON."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import attrs
import pytest

import yamskit
from tests.playout import assert_illegal
from yamskit import (
    DeclareChallenge,
    DeserializationError,
    GameOverError,
    MustRollFirstError,
    NotYourTurnError,
    OccupiedError,
    Pass,
    Place,
    RemoveToken,
    Roll,
    RuleConfigError,
    Score,
    ThrowLimitError,
    UnknownActionError,
)
from yamskit.variants.yam_master import (
    ChallengeError,
    LabelError,
    RemovalError,
    YamMasterGame,
    YamMasterVariant,
)
from yamskit.variants.yam_master.board import Board

V = yamskit.variant("yam-master")
OUT = yamskit.variant("yam-master", removed="out")


def at(
    board: str = "...../...../...../...../.....", *, player: int = 0, variant: YamMasterVariant = V
) -> YamMasterGame:
    """A game with ``board`` on the table, ``player`` to throw, supplies matching the board.

    It is a position a game reaches (the fewest turns the board needs), so its saves load.
    """
    return variant.position(["Ann", "Bob"], board=board, current_player=player, seed=1)


def throws(game: YamMasterGame, *outcomes: str, declare: bool = False) -> YamMasterGame:
    """Throw all five dice once per outcome (declaring a challenge after the first when asked)."""
    for i, outcome in enumerate(outcomes):
        game = game.apply(Roll(outcome=outcome))
        if declare and i == 0:
            game = game.apply(DeclareChallenge())
    return game


# ---------------------------------------------------------------- the variant
def test_the_variant_is_registered_with_its_default_options() -> None:
    assert "yam-master" in yamskit.variant_names()
    assert V.options == {"removed": "supply", "max_turns": 200}
    assert yamskit.variant("yam-master", **V.options) == V
    assert yamskit.variant("yam-master", removed="out") != V
    assert "Rulings:" in V.describe()


@pytest.mark.parametrize("options", [{"removed": "bin"}, {"max_turns": 0}, {"max_turns": "9"}, {"tokens": 9}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(RuleConfigError):
        yamskit.variant("yam-master", **options)


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Bob", "Cy"]])
def test_yam_master_is_for_two_players(players: list[str]) -> None:
    with pytest.raises(RuleConfigError):
        V.new_game(players=players)


def test_a_new_game_gives_twelve_tokens_each_and_an_empty_board() -> None:
    game = V.new_game(players=["Ann", "Bob"], seed=5, first_player="roll_off")
    assert game.supply == (12, 12)
    assert game.board == Board.empty()
    assert list(game.legal_actions()) == [Roll()]
    assert game.result().scores == (0, 0)
    assert not game.is_over


# ---------------------------------------------------------------- a turn
def test_a_turn_places_a_token_on_a_cell_the_dice_satisfy() -> None:
    game = throws(at(), "44412")
    game = game.apply(Place((0, 3)))  # the "4" cell
    assert game.board.owner((0, 3)) == 0
    assert game.supply == (11, 12)
    assert game.current_player == 1
    assert game.turns == 1
    assert not game.turn.has_thrown


def test_placing_is_optional_a_turn_may_end_with_a_pass() -> None:
    game = throws(at(), "44412").apply(Pass())
    assert game.board == Board.empty()
    assert game.current_player == 1
    assert game.supply == (12, 12)


def test_the_player_may_stop_after_any_throw() -> None:
    game = throws(at(), "12346", "12346")
    assert Pass() in game.legal_actions()
    assert game.apply(Pass()).current_player == 1


def test_nothing_ends_a_turn_before_the_first_throw() -> None:
    game = at()
    for action in (Pass(), Place((0, 0)), RemoveToken((0, 0)), DeclareChallenge()):
        assert_illegal(game, action, MustRollFirstError)


def test_after_the_third_throw_only_end_of_turn_actions_are_legal() -> None:
    game = throws(at("O..../...../...../...../....."), "11111", "11111", "11111")
    assert_illegal(game, Roll(), ThrowLimitError)
    assert_illegal(game, DeclareChallenge(), ChallengeError)
    kinds = {type(a) for a in game.legal_actions()}
    assert kinds == {Place, RemoveToken, Pass}


def test_a_yam_may_go_on_a_full_a_carre_or_a_three_of_a_kind_of_its_face() -> None:
    game = throws(at(), "12346", "55555")
    cells = {a.cell for a in game.legal_actions() if isinstance(a, Place)}
    assert cells == {(1, 4), (4, 3), (1, 3), (2, 1), (1, 1), (4, 2), (2, 2)}


def test_a_token_never_goes_on_a_taken_cell() -> None:
    game = throws(at("...O./...../...../...../....."), "44412")
    assert_illegal(game, Place((0, 3)), OccupiedError)
    assert Place((4, 4)) in game.legal_actions()


def test_a_token_needs_the_label_of_its_cell() -> None:
    game = throws(at(), "44412")
    error = assert_illegal(game, Place((0, 4)), LabelError)
    assert "(0, 4)" in str(error)
    assert "'6'" in str(error)
    assert "12444" in str(error)


@pytest.mark.parametrize("cell", [(5, 0), (0, -1), (9, 9)])
def test_cells_off_the_board_are_unknown(cell: tuple[int, int]) -> None:
    assert_illegal(throws(at(), "44412"), Place(cell), UnknownActionError)


def test_scorecard_actions_are_unknown_here() -> None:
    assert_illegal(throws(at(), "44412"), Score("yams"), UnknownActionError)


def test_acting_out_of_turn_is_refused() -> None:
    assert_illegal(at(), Roll(), NotYourTurnError, player="Bob")
    assert at().apply(Roll(), player="Ann").turn.throws_used == 1


# ---------------------------------------------------------------- sec and défi
def test_a_sec_cell_takes_a_figure_on_the_first_throw_only() -> None:
    first = throws(at(), "22255")
    assert Place((1, 2)) in first.legal_actions()
    assert Place((3, 1)) in first.legal_actions()
    second = first.apply(Roll(keep="22255", outcome=""))
    assert_illegal(second, Place((1, 2)), LabelError)
    assert Place((1, 3)) in second.legal_actions()  # still a full


def test_a_plain_three_of_a_kind_on_the_first_throw_does_not_take_a_sec_cell() -> None:
    assert_illegal(throws(at(), "22256"), Place((1, 2)), LabelError)


def test_a_defi_cell_takes_a_figure_on_the_second_or_third_throw_after_a_challenge() -> None:
    for outcomes in (("12346", "12345"), ("12346", "12346", "11222")):
        game = throws(at(), *outcomes, declare=True)
        assert Place((0, 2)) in game.legal_actions()
        assert Place((2, 3)) in game.legal_actions()
        assert not throws(at(), *outcomes).is_legal(Place((0, 2)))


def test_a_challenge_that_makes_only_a_three_of_a_kind_fails() -> None:
    game = throws(at(), "33312", "33356", declare=True)
    assert_illegal(game, Place((0, 2)), LabelError)
    assert Place((0, 1)) in game.legal_actions()  # a failed challenge costs nothing else


def test_a_challenge_is_declared_between_the_first_and_second_throw_only() -> None:
    game = throws(at(), "12346")
    assert DeclareChallenge() in game.legal_actions()
    declared = game.apply(DeclareChallenge())
    assert declared.turn.challenge
    assert_illegal(declared, DeclareChallenge(), ChallengeError)
    assert_illegal(game.apply(Roll(outcome="12346")), DeclareChallenge(), ChallengeError)


def test_a_declared_challenge_commits_to_another_throw() -> None:
    declared = throws(at(), "22255").apply(DeclareChallenge())
    for action in (Pass(), Place((1, 3))):
        assert_illegal(declared, action, ChallengeError)
    assert {type(a) for a in declared.legal_actions()} == {Roll}


def test_the_throw_after_a_challenge_must_throw_dice() -> None:
    declared = throws(at(), "22255").apply(DeclareChallenge())
    assert_illegal(declared, Roll(keep="22255", outcome=""), ChallengeError)
    assert Roll(keep="22255") not in list(declared.legal_actions())
    assert "defi" in declared.apply(Roll(keep="2225", outcome="5")).labels


# ---------------------------------------------------------------- the Yam predator
def test_a_yam_removes_an_opponent_token_back_to_its_supply() -> None:
    game = throws(at("O.X../...../...../...../....."), "66666")
    assert {a.cell for a in game.legal_actions() if isinstance(a, RemoveToken)} == {(0, 0)}
    after = game.apply(RemoveToken((0, 0)))
    assert after.board.owner((0, 0)) is None
    assert after.supply == (11, 12)
    assert after.out == (0, 0)
    assert after.current_player == 1


def test_with_removed_out_the_token_leaves_the_game() -> None:
    after = throws(at("O.X../...../...../...../.....", variant=OUT), "66666").apply(RemoveToken((0, 0)))
    assert after.supply == (11, 11)
    assert after.out == (0, 1)
    assert yamskit.load_game(after.to_json()) == after


def test_removal_needs_five_of_a_kind_and_an_opponent_token() -> None:
    board = "O.X../...../...../...../....."
    assert_illegal(throws(at(board), "66662"), RemoveToken((0, 0)), RemovalError)
    yam = throws(at(board), "66666")
    assert_illegal(yam, RemoveToken((0, 2)), RemovalError)  # own token
    assert_illegal(yam, RemoveToken((4, 4)), RemovalError)  # free cell


# ---------------------------------------------------------------- the end of the game
def test_five_in_a_row_ends_the_game_at_once() -> None:
    game = throws(at("XXXX./OOO../O..../...../....."), "66612")
    final = game.apply(Place((0, 4)))
    assert final.is_over
    assert final.end_reason == "five_in_a_row"
    assert final.supply[0] == 7  # tokens left: five in a row does not wait for the last one
    result = final.result()
    assert result.winner_names == ("Ann",)
    assert result.scores == (1, 0)
    assert result.details["lines"][0]["cells"] == [[0, c] for c in range(5)]
    assert list(final.legal_actions()) == []
    assert_illegal(final, Roll(), GameOverError)


def test_five_in_a_row_with_the_last_token_still_wins_outright() -> None:
    game = at("XXXX./OOOO./OOOO./OOO../.....", variant=OUT)
    game = throws(attrs.evolve(game, supply=(1, 1), out=(7, 0)), "66612")
    final = game.apply(Place((0, 4)))
    assert final.supply == (0, 1)
    assert final.end_reason == "five_in_a_row"
    assert final.result().winners == (0,)


def test_the_game_ends_when_a_player_places_the_last_token_and_runs_score() -> None:
    game = at("XXX.O/O..../O.X../O..../X...O", player=1, variant=OUT)
    game = throws(attrs.evolve(game, supply=(7, 1), out=(0, 6)), "55512")
    final = game.apply(Place((4, 3)))  # a "5" cell
    assert final.is_over
    assert final.end_reason == "last_token"
    result = final.result()
    assert result.scores == (1, 1)
    assert result.is_draw
    assert {tuple(map(tuple, run["cells"])) for run in result.details["runs"]} == {
        ((0, 0), (0, 1), (0, 2)),
        ((1, 0), (2, 0), (3, 0)),
    }
    assert "Draw (Ann 1, Bob 1)" in final.render()


def test_a_token_won_back_by_a_removal_must_be_placed_too() -> None:
    game = throws(at("OO.OO/OO.OO/OO.O./...../X...."), "66666")
    assert game.supply == (11, 1)
    game = game.apply(RemoveToken((0, 0)))
    assert game.supply == (11, 2)
    game = throws(game, "11111").apply(Place((0, 0)))
    assert not game.is_over
    assert game.supply == (11, 1)


def test_the_game_ends_after_max_turns_and_is_scored() -> None:
    variant = yamskit.variant("yam-master", max_turns=10)
    game = at("XXX../...../...../...../.....", variant=variant)
    assert game.turns == 6  # the fewest turns that place Ann's three tokens with Ann to play
    for _ in range(4):
        assert not game.is_over
        game = game.apply(Roll()).apply(Pass())
    assert game.is_over
    assert game.end_reason == "max_turns"
    assert game.turns == 10
    assert game.result().scores == (1, 0)
    assert game.result().winner_names == ("Ann",)
    assert "Game over" in game.render()


def test_result_lists_every_scoring_run_with_its_cells() -> None:
    result = at("XXXX./O..../O..../O.X../...X.").result()
    runs = sorted((r["player"], r["direction"], r["length"], r["points"]) for r in result.details["runs"])
    assert runs == [(0, "row", 4, 2), (1, "column", 3, 1)]
    assert result.scores == (2, 1)
    assert result.details["end"] is None
    json.dumps(result.to_data())


# ---------------------------------------------------------------- text and JSON
def test_render_shows_the_board_the_supplies_and_the_dice() -> None:
    text = throws(at("X..../...../...../...../....."), "12345").render()
    assert "X:1" in text
    assert "Ann: 1 on the board, 11 to place" in text
    assert "dice 12345, throw 1/3" in text
    assert "Suite" in text


def test_json_round_trips_mid_turn_with_a_challenge() -> None:
    game = throws(at("XO.../...../...../...../....."), "12346", "12345", declare=True)
    assert yamskit.load_game(game.to_json()) == game


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("supply", [12, 12]),
        ("out", [0, 1]),
        ("current_player", 1),
        ("board", ["XXXXXX", ".....", ".....", ".....", "....."]),
        ("board", "XX"),
        ("turns", 999),
        ("players", ["Ann", "Ann"]),
    ],
)
def test_impossible_saved_states_are_refused(field: str, value: object) -> None:
    data = json.loads(throws(at("XO.../...../...../...../....."), "12346").to_json())
    data["state"][field] = value
    with pytest.raises(DeserializationError):
        yamskit.load_game(json.dumps(data))


def test_the_example_script_runs(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).resolve().parents[3] / "examples" / "yam_master_game.py"
    monkeypatch.setattr(sys, "argv", [str(path)])
    runpy.run_path(str(path), run_name="__main__")
    out = capsys.readouterr().out
    assert "Game over" in out
    assert "Ended after" in out
