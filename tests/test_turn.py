"""Turn facts and the throw rules every variant shares."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import rolls
from yamskit import Dice, IllegalActionError, InvalidDiceError, KeepError, MustRollFirstError, ThrowLimitError, Turn


def test_first_throw_is_of_all_five_dice() -> None:
    turn = Turn.start().throw(Dice(), Dice.parse("23556"))
    assert turn.is_first_throw
    assert turn.all_dice_thrown
    assert turn.dice == Dice.parse("23556")
    assert turn.kept == Dice()


def test_keeping_dice_means_not_all_thrown_together() -> None:
    turn = Turn.start().throw(Dice(), Dice.parse("23455")).throw(Dice.parse("55"), Dice.parse("124"))
    assert not turn.all_dice_thrown
    assert not turn.is_first_throw
    assert turn.dice == Dice.parse("12455")
    assert turn.kept == Dice.parse("55")


def test_taking_every_die_back_is_a_throw_of_all_five() -> None:
    turn = Turn.start().throw(Dice(), Dice.parse("23455")).throw(Dice.parse("55"), Dice.parse("124"))
    turn = turn.throw(Dice(), Dice.parse("33336"))
    assert turn.all_dice_thrown
    assert turn.throws_used == 3
    assert turn.throws_left == 0


def test_a_fourth_throw_is_refused() -> None:
    turn = Turn.start()
    for _ in range(3):
        turn = turn.throw(Dice(), Dice.parse("12345"))
    with pytest.raises(ThrowLimitError):
        turn.throw(Dice(), Dice.parse("12345"))


def test_keep_must_be_among_the_dice() -> None:
    turn = Turn.start().throw(Dice(), Dice.parse("12345"))
    with pytest.raises(KeepError):
        turn.throw(Dice.parse("66"), Dice.parse("123"))
    with pytest.raises(KeepError):
        Turn.start().throw(Dice.parse("1"), Dice.parse("1234"))


def test_thrown_dice_must_fill_the_hand() -> None:
    turn = Turn.start().throw(Dice(), Dice.parse("12345"))
    with pytest.raises(InvalidDiceError):
        turn.throw(Dice.parse("12"), Dice.parse("12"))


def test_challenge_only_between_first_and_second_throw() -> None:
    with pytest.raises(MustRollFirstError):
        Turn.start().declare_challenge()
    turn = Turn.start().throw(Dice(), Dice.parse("12345")).declare_challenge()
    assert turn.challenge
    assert not turn.challenge_met
    with pytest.raises(IllegalActionError):
        turn.declare_challenge()
    turn = turn.throw(Dice.parse("1234"), Dice.parse("5"))
    assert turn.challenge_met
    with pytest.raises(IllegalActionError):
        turn.declare_challenge()


@given(st.lists(st.tuples(rolls, st.integers(0, 5)), min_size=1, max_size=3))
def test_throw_history_rebuilds_the_dice(throws: list[tuple[Dice, int]]) -> None:
    turn = Turn.start()
    for roll, keep_count in throws:
        keep = Dice(turn.dice.faces[:keep_count]) if turn.has_thrown else Dice()
        turn = turn.throw(keep, Dice(roll.faces[: 5 - len(keep)]))
        assert turn.dice == keep + Dice(roll.faces[: 5 - len(keep)])
        assert turn.all_dice_thrown == (len(keep) == 0)
    assert turn.throws_used == len(throws)
    assert turn.throws_used + turn.throws_left == 3
