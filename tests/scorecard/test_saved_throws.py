"""Saved throws as an option of any scorecard sheet: the store in the turn, the state, saves, notation and views.

`ScorecardVariant.define(..., saved_throws=True)` on a sheet of five dice, so every tool that
five dice already serve (positions aside) is tried on the store; games without the option
must read and write exactly as before.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import yamskit
from yamskit import Roll, Score
from yamskit.categories import Category, total, upper
from yamskit.errors import DeserializationError, NotationError, RuleConfigError, ThrowLimitError
from yamskit.position.errors import ImpossibleSheetError, ImpossibleTurnError, PositionArgumentError
from yamskit.scorecard import ScorecardGame, ScorecardVariant
from yamskit.scorecard.notation import read_scorecard
from yamskit.svg import svg
from yamskit.turn import MAX_SAVED, Turn

ROWS = [*(upper(face) for face in range(1, 7)), Category("chance", total)]
SAVING = ScorecardVariant.define("saving", rows=ROWS, saved_throws=True)
PLAIN = ScorecardVariant.define("plain", rows=ROWS)


def load(text: str, variant: ScorecardVariant = SAVING) -> Any:
    """A save read back with ``variant`` (the test's sheets are not in the registry)."""
    return yamskit.load_game(text, variant=variant)


def two_turns() -> ScorecardGame:
    """Ann saves 2 (one throw), Bob saves 1 (two throws); Ann's second turn under way, one stored throw spent."""
    game = SAVING.new_game(["Ann", "Bob"], seed=1)
    game = game.apply(Roll(outcome="66666")).apply(Score("sixes"))
    game = game.apply(Roll(outcome="12345")).apply(Roll(outcome="11111")).apply(Score("ones"))
    for _ in range(4):
        game = game.apply(Roll())
    return game


def test_the_turn_counts_the_stored_throws_it_may_spend() -> None:
    turn = Turn.start(saved=2)
    assert (turn.throws_left, turn.spent, turn.saved_after) == (5, 0, 5)
    for _ in range(4):
        turn = turn.throw(yamskit.Dice(), yamskit.Dice.parse("12345"))
    assert (turn.throws_left, turn.spent, turn.saved_after) == (1, 1, 1)
    turn = turn.throw(yamskit.Dice(), yamskit.Dice.parse("12345"))
    assert (turn.throws_left, turn.spent, turn.saved_after) == (0, 2, 0)
    with pytest.raises(ThrowLimitError, match="3 throws and 2 saved"):
        turn.throw(yamskit.Dice(), yamskit.Dice.parse("12345"))
    assert Turn.start() is Turn.start(saved=0)  # the shared start of five dice, as before
    with pytest.raises(yamskit.errors.InvalidDiceError):
        Turn.start(saved=-1)
    with pytest.raises(yamskit.errors.InvalidDiceError):
        Turn.start(saved=MAX_SAVED + 1)


def test_define_takes_the_option_and_checks_it() -> None:
    assert SAVING.rules.saved_throws
    assert not PLAIN.rules.saved_throws
    with pytest.raises(RuleConfigError, match="saved_throws must be True or False"):
        ScorecardVariant.define("bad", rows=ROWS, saved_throws=1)  # type: ignore[arg-type]


def test_the_store_fills_with_unused_throws_and_empties_one_throw_at_a_time() -> None:
    game = two_turns()
    assert game.saved_throws == (2, 1)
    assert (game.turn.throws_used, game.turn.saved, game.saved_now("Ann"), game.saved_now("Bob")) == (4, 2, 1, 1)
    assert Roll() in game.legal_actions()
    game = game.apply(Roll())
    assert Roll() not in game.legal_actions()
    assert not any(isinstance(a, Roll) for a in game.legal_actions())
    game = game.apply(Score("chance"))
    assert game.saved_throws == (0, 1)
    assert game.turn.saved == 1  # Bob's turn may spend his one


def test_legal_ids_match_the_full_check_at_every_throw_count() -> None:
    game = two_turns()
    while True:
        ids = set(game.legal_action_ids())
        for i, action in enumerate(game.variant.actions):
            assert (i in ids) == game.is_legal(action), action
        if Roll() not in game.legal_actions():
            break
        game = game.apply(Roll())


def test_a_game_without_the_option_is_as_before() -> None:
    game = PLAIN.new_game(["Ann"], seed=1).apply(Roll(outcome="66666")).apply(Score("sixes"))
    assert game.saved_throws == ()
    assert game.turn is Turn.start()
    assert "saved_throws" not in json.loads(game.to_json())["state"]
    assert "~" not in game.to_notation()
    assert "Saved throws" not in str(game)
    assert "saved" not in svg(game).lower()
    classic = yamskit.variant("classic").new_game(["Ann"], seed=1)
    assert sorted(json.loads(classic.to_json())["state"]) == [
        "column_weights",
        "current_player",
        "first_player",
        "history",
        "players",
        "sheets",
        "stream",
        "turn",
    ]


def test_a_save_holds_the_stores_and_reads_back() -> None:
    game = two_turns()
    data = json.loads(game.to_json())
    assert data["state"]["saved_throws"] == [2, 1]
    assert load(game.to_json()) == game
    done = game.apply(Roll()).apply(Score("chance"))
    assert load(done.to_json()) == done


def _edited(game: ScorecardGame, change: Any) -> str:
    data = json.loads(game.to_json())
    change(data["state"])
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.pop("saved_throws"), "needs 'saved_throws'"),
        (lambda s: s.update(saved_throws=[2]), "must have 2 entries"),
        (lambda s: s.update(saved_throws=[2, -1]), r"saved_throws\[1\] must be a whole number"),
        (lambda s: s.update(saved_throws=[2, "1"]), r"saved_throws\[1\] must be a whole number"),
        (lambda s: s.update(saved_throws=[2, True]), r"saved_throws\[1\] must be a whole number"),
        (lambda s: s.update(saved_throws="2,1"), "must be a list"),
        (lambda s: s.update(saved_throws=[]), "must be a list"),
        (lambda s: s.update(saved_throws=[5, 1]), r"Ann has 5 saved throws, but 1 finished turn saves at most 2"),
        (lambda s: s.update(saved_throws=[0, 1]), "throws, more than 3"),  # Ann's turn made 4 throws
    ],
)
def test_a_save_with_a_bad_store_is_refused_naming_the_field(change: Any, message: str) -> None:
    with pytest.raises(DeserializationError, match=message):
        load(_edited(two_turns(), change))


def test_a_save_of_a_game_without_the_option_may_not_hold_a_store() -> None:
    game = PLAIN.new_game(["Ann"], seed=1)
    with pytest.raises(DeserializationError, match="keeps no saved throws"):
        load(_edited(game, lambda s: s.update(saved_throws=[0])), PLAIN)


def test_the_notation_marks_each_store_and_reads_back() -> None:
    game = two_turns()
    text = game.to_notation()
    assert text.split()[2] == ",,,,,30,~2/5,,,,,,~1"
    back = ScorecardGame(**read_scorecard(SAVING, text.split()))
    assert back.saved_throws == game.saved_throws
    assert back.turn == game.turn
    assert back.to_notation() == text


@pytest.mark.parametrize(
    ("sheets", "error"),
    [
        (",,,,,30,~x/5,,,,,,~1", "expected a whole number"),
        (",,,,,30,~0/5,,,,,,~1", "is not from 1"),
        (",,,,,30,/5,,,,,,~1", "a turn has at most 3"),  # Ann's four throws with an empty store
    ],
)
def test_a_bad_store_mark_is_refused(sheets: str, error: str) -> None:
    fields = two_turns().to_notation().split()
    fields[2] = sheets
    with pytest.raises(NotationError, match=error):
        read_scorecard(SAVING, fields)


def test_a_store_mark_in_a_game_without_the_option_is_refused() -> None:
    fields = PLAIN.new_game(["Ann"], seed=1).to_notation().split()
    fields[2] += "~2"
    with pytest.raises(NotationError, match="keeps no saved throws"):
        read_scorecard(PLAIN, fields)


def test_the_text_view_and_the_picture_show_the_stores() -> None:
    game = two_turns()
    text = str(game)
    assert "Saved throws" in text.splitlines()[-4]
    assert text.splitlines()[-1].endswith("throws 4/3, saved throws 1")
    picture = svg(game)
    assert "Saved throws" in picture
    assert "throw 4 of 3 · 1 saved" in picture


def test_positions_with_stores_are_checked_by_a_witness_that_saves_as_much() -> None:
    game = two_turns()
    witness = SAVING.check_position(game)  # Ann saved 2 in one turn, Bob 1, Ann now spends 1 of hers
    replayed = witness.replay()
    assert replayed.saved_throws == game.saved_throws == (2, 1)
    assert replayed.turn == game.turn
    back = SAVING.from_notation(game.to_notation())
    assert back.saved_throws == (2, 1)
    assert back.turn.throws_used == 4
    start = SAVING.new_game(["Ann", "Bob"], seed=4)
    assert SAVING.check_position(start).moves == ()


def test_a_store_no_finished_turns_could_save_is_refused_by_name() -> None:
    text = two_turns().to_notation()
    with pytest.raises(ImpossibleSheetError, match="Ann has 92 saved throws, but 1 finished turn of 3 throws"):
        SAVING.from_notation(text.replace("~2/", "~92/", 1))


def test_the_solver_refuses_it() -> None:
    from yamskit.solver.model import model_of

    with pytest.raises(RuleConfigError, match="saves unused throws"):
        model_of(SAVING)


def test_the_learning_environments_take_it_and_show_the_stores() -> None:
    observation = pytest.importorskip("yamskit.rl.observation")  # the rl extra
    assert observation.player_range(SAVING) == (1, 8)
    layout = observation.observation_layout(SAVING, 2)
    assert layout[-2:] == (("saved", 2), ("throws_left", 1))
    assert observation.store_bound(SAVING) == 7 * 2  # seven boxes, each turn saving at most two throws
    vector = observation.observe(two_turns(), 1)  # Bob's view: his store (1) first, then Ann's (2, 1 spent)
    assert vector[-3:].tolist() == pytest.approx([1 / 14, 1 / 14, 1 / 17])  # Ann may throw once more


def test_a_records_replay_follows_the_store() -> None:
    from yamskit.records import GameRecord, check_record

    game = two_turns().apply(Roll()).apply(Score("chance"))
    record = GameRecord.from_game(game)
    assert check_record(record.dump(), variant=SAVING).index is None
    assert record.to_game(variant=SAVING) == game


def test_a_position_from_paper_takes_each_players_store_and_checks_it() -> None:
    maxi = yamskit.variant("maxi-yatzy")
    sheets = [{"ones": 3, "chance": 30}, {"sixes": 24, "twos": 4}]
    game = maxi.position(["Ann", "Bob"], sheets=sheets, saved_throws=[4, 2], dice="123456", throws=6)
    assert game.saved_throws == (4, 2)
    assert (game.turn.saved, game.saved_now("Ann"), game.turn.throws_left) == (4, 1, 1)
    assert maxi.from_notation(game.to_notation()).saved_throws == (4, 2)
    assert maxi.position(["Ann", "Bob"], sheets=sheets, saved_throws={"Bob": 1}).saved_throws == (0, 1)
    assert maxi.position(["Ann", "Bob"], sheets=sheets).saved_throws == (0, 0)
    with pytest.raises(ImpossibleSheetError, match="Ann has 5 saved throws, but 2 finished turns"):
        maxi.position(["Ann", "Bob"], sheets=sheets, saved_throws=[5, 2])
    with pytest.raises(PositionArgumentError, match="Bob's saved throws must be a whole number 0 to 10000, not 'x'"):
        maxi.position(["Ann", "Bob"], sheets=sheets, saved_throws=[1, "x"])
    with pytest.raises(ImpossibleTurnError, match="throws used must be 0 to 5, not 6"):
        maxi.position(["Ann", "Bob"], sheets=sheets, saved_throws=[2, 0], dice="123456", throws=6)
    with pytest.raises(PositionArgumentError, match="yatzy keeps no saved throws"):
        yamskit.variant("yatzy").position(["Ann"], saved_throws=[1])
