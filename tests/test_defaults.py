"""The documented defaults of the core's building blocks: each exact value, and one behaviour that rests on it.

Every test names the default it pins. A default changed in the code (a mutant, or a slip)
breaks the test of its value and the test of what it does, so the docs, the docstrings and
the code cannot drift apart unnoticed. The scorecard engine's defaults are in
tests/scorecard/test_defaults.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import yamskit
from yamskit import (
    Dice,
    DiceStream,
    Result,
    Roll,
    RuleConfigError,
    Score,
    Scratch,
    TakeChip,
    ThrowLimitError,
    Turn,
)
from yamskit.categories import Category, face_sum, total, upper
from yamskit.dice import face_from_seed, new_stream
from yamskit.game import play
from yamskit.scorecard import ScorecardRules
from yamskit.seats import check_players, choose_first_player, roll_off
from yamskit.turn import roll_dice

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")


# ---------------------------------------------------------------- dice
def test_dice_default_faces_are_none_so_dice_start_empty() -> None:
    empty = Dice()
    assert empty.faces == ()
    assert (len(empty), str(empty), empty.total) == (0, "", 0)
    assert empty == Dice.parse("") == Dice.of()
    assert empty + Dice.parse("35126") == Dice.parse("12356")  # adding to no dice gives the throw itself


def test_dice_stream_draws_default_is_0_so_a_new_stream_starts_at_the_first_face() -> None:
    stream = DiceStream(seed=7)
    assert stream.draws == 0
    assert stream == DiceStream(seed=7, draws=0)
    dice, after = stream.throw(5)
    assert dice == Dice(face_from_seed(7, draw) for draw in range(5))
    assert after.draws == 5


def test_new_stream_of_a_seed_starts_at_draw_0() -> None:
    assert new_stream(7) == DiceStream(seed=7, draws=0)
    assert new_stream(None).draws == 0
    assert new_stream(7).throw(5) == DiceStream(seed=7).throw(5)


# ---------------------------------------------------------------- turns
def test_turn_max_throws_default_is_3() -> None:
    turn = Turn()
    assert turn.max_throws == 3
    assert (turn.throws, turn.challenge, turn.throws_left) == ((), False, 3)
    for _ in range(3):
        turn = turn.throw(Dice(), Dice.parse("12345"))
    assert turn.throws_left == 0
    with pytest.raises(ThrowLimitError, match="this turn allows 3 throws"):
        turn.throw(Dice(), Dice.parse("12345"))


def test_turn_start_max_throws_default_is_3() -> None:
    turn = Turn.start()
    assert turn.max_throws == 3
    assert turn == Turn(max_throws=3)
    for _ in range(3):
        turn.check_throw(Dice())
        turn = turn.throw(Dice(), Dice.parse("66666"))
    with pytest.raises(ThrowLimitError):
        turn.check_throw(Dice())


def test_turn_challenge_default_is_false_so_nothing_is_claimed_without_a_declaration() -> None:
    turn = Turn.start().throw(Dice(), Dice.parse("12346"))
    assert turn.challenge is False
    assert not turn.throw(Dice(), Dice.parse("12346")).challenge_met
    assert turn.declare_challenge().throw(Dice(), Dice.parse("12346")).challenge_met


# ---------------------------------------------------------------- actions
def test_roll_keep_default_is_no_dice_and_outcome_default_is_none() -> None:
    roll = Roll()
    assert roll.keep == Dice()
    assert roll.outcome is None
    assert roll == Roll(keep="", outcome=None)
    turn, stream, done = roll_dice(Turn.start(), DiceStream(seed=1), roll)
    assert stream.draws == 5  # all five dice thrown, their faces drawn from the seed
    assert done.outcome == turn.dice == DiceStream(seed=1).throw(5)[0]
    assert turn.all_dice_thrown


def test_score_column_default_is_none_so_a_one_column_sheet_takes_its_only_column() -> None:
    assert Score("chance").column is None
    assert Score("chance") == Score("chance", None)
    game = yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(Roll(outcome="12356"))
    assert game.apply(Score("chance")).cell(0, "chance", "main").points == 17


def test_scratch_column_default_is_none_so_a_one_column_sheet_takes_its_only_column() -> None:
    assert Scratch("yams").column is None
    assert Scratch("yams") == Scratch("yams", None)
    game = yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(Roll(outcome="12356"))
    assert game.apply(Scratch("yams")).cell(0, "yams", "main").scratched


def test_take_chip_from_discard_default_is_false_so_the_chip_comes_from_the_rack() -> None:
    assert TakeChip("two_pairs").from_discard is False
    assert TakeChip("two_pairs") == TakeChip("two_pairs", from_discard=False)
    game = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    taken = game.apply(Roll(outcome="22334")).apply(TakeChip("two_pairs"))
    assert taken.rack.count("two_pairs") == game.rack.count("two_pairs") - 1
    assert taken.collections[0].count("two_pairs") == 1


# ---------------------------------------------------------------- categories
def test_category_label_default_is_the_id_capitalized_with_spaces() -> None:
    assert Category("full_house", total).label == "Full house"
    assert Category("chance", total, label="Luck").label == "Luck"
    rules = ScorecardRules(rows=(Category("full_house", total), upper(6)))
    assert rules.row_index("Full house") == 0  # the label is a name players may use


def test_upper_id_default_is_the_faces_name() -> None:
    assert [upper(face).id for face in range(1, 7)] == ["ones", "twos", "threes", "fours", "fives", "sixes"]
    assert upper(6, "six").id == "six"
    sixes = upper(6)
    assert sixes == Category("sixes", face_sum(6))
    assert sixes.score(Dice.parse("66612")) == 18


# ---------------------------------------------------------------- game
def test_result_details_default_is_none_so_a_result_names_no_teams() -> None:
    result = Result(("Ann", "Bob"), (3, 5), ((1,), (0,)))
    assert result.details is None
    assert Result.from_scores(("Ann", "Bob"), (3, 5)).details is None
    assert result.teams == ()
    assert result.to_data()["details"] is None
    assert result.headline == "Winner: Bob"


def test_check_players_default_bounds_are_1_to_8() -> None:
    assert check_players(NAMES[:1]) == ("Ann",)
    assert check_players(NAMES[:8]) == NAMES[:8]
    with pytest.raises(RuleConfigError, match="this game takes 1 to 8 players, not 9"):
        check_players(NAMES)
    with pytest.raises(RuleConfigError, match="this game takes 1 to 8 players, not 0"):
        check_players([])


@pytest.mark.parametrize("seed", range(8))
def test_roll_off_dice_default_is_5(seed: int) -> None:
    first, after = roll_off(DiceStream(seed=seed), 3)
    assert (first, after) == roll_off(DiceStream(seed=seed), 3, dice=5)
    assert after.draws % 5 == 0
    assert after.draws >= 15  # each of the three threw five dice


@pytest.mark.parametrize("seed", range(8))
def test_choose_first_player_dice_default_is_5(seed: int) -> None:
    first, after = choose_first_player(DiceStream(seed=seed), 3, "roll_off")
    assert (first, after) == roll_off(DiceStream(seed=seed), 3, dice=5)
    assert after.draws % 5 == 0


class _Endless:
    """A state that never ends: every action gives the same state back."""

    is_over = False
    current_player = 0
    players = ("Ann",)

    def apply(self, _action: Any) -> _Endless:
        return self


class _Counting:
    """A player that counts its choices."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, _state: Any) -> Any:
        self.calls += 1
        return Roll()


def test_play_max_actions_default_is_one_million() -> None:
    player = _Counting()
    with pytest.raises(yamskit.YamskitError, match="did not end within 1000000 actions"):
        play(_Endless(), [player])  # type: ignore[type-var]
    assert player.calls == 1_000_000
