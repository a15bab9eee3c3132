"""Game records: round trips for every variant, corrupted records, setups, claims, the schema file.

Records built in Python are checked like loaded ones; ``dump`` writes only what ``load``
reads; duplicate JSON keys are refused; ``strict_dice`` holds throws to the record's seed.
"""

from __future__ import annotations

import functools
import json
import random
import runpy
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples
from yamskit import (
    CheckReport,
    DeserializationError,
    GameRecord,
    Roll,
    Score,
    YamskitError,
    check_record,
    record_schema,
)
from yamskit.dice import Dice
from yamskit.history import Move
from yamskit.records import DiceMismatchError

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "record-schema.json"
VARIANTS = yamskit.variant_names()


def new_game(name: str, seed: int) -> Any:
    """A game of ``name`` with two players, or one where the variant takes a single player."""
    variant = yamskit.variant(name)
    try:
        return variant.new_game(["Ann", "Bob"], seed=seed)
    except yamskit.RuleConfigError:
        return variant.new_game(["Ann"], seed=seed)


def random_game(name: str, seed: int, steps: int | None = None, *, explicit: float = 0.0) -> Any:
    """Play ``steps`` random legal actions (all of the game when ``None``).

    With ``explicit`` > 0, that share of the throws is given explicit faces instead of
    drawing them from the seed (as a table with physical dice would).
    """
    rng = random.Random(seed)
    state = new_game(name, seed)
    count = 0
    while not state.is_over and (steps is None or count < steps):
        action = rng.choice(list(state.legal_actions()))
        if isinstance(action, Roll) and rng.random() < explicit:
            faces = Dice([rng.randint(1, 6) for _ in range(5 - len(action.keep))])
            explicit_throw = Roll(keep=action.keep, outcome=faces)
            if state.is_legal(explicit_throw):
                action = explicit_throw
        state = state.apply(action)
        count += 1
    return state


@functools.cache
def game_states(name: str, seed: int) -> tuple[Any, ...]:
    """Every state of a random game, start to end."""
    rng = random.Random(seed)
    states = [new_game(name, seed)]
    while not states[-1].is_over:
        states.append(states[-1].apply(rng.choice(list(states[-1].legal_actions()))))
    return tuple(states)


def finished_game(name: str, seed: int) -> Any:
    return game_states(name, seed)[-1]


def oracle(record: GameRecord) -> tuple[int | None, str | None, Any]:
    """The first move that raises when applied with its faces given explicitly, and the state reached."""
    state = record.start()
    for index, move in enumerate(record.moves):
        try:
            state = state.apply(move.action, player=move.player)
        except YamskitError as error:
            return index, type(error).__name__, state
    return None, None, state


# ---------------------------------------------------------------- round trips
@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32), cut=st.floats(0, 1))
def test_any_game_round_trips_through_a_record_and_json(name: str, seed: int, cut: float) -> None:
    states = game_states(name, seed % 4)
    state = states[round(cut * (len(states) - 1))]
    record = GameRecord.from_game(state, claimed=True, metadata={"event": "test", "round": [1, {"table": 2}]})
    text = record.dump()
    again = GameRecord.load(text)
    assert again == record
    assert again.to_game() == state
    assert check_record(text).valid
    assert json.loads(text) == record.to_data()


@pytest.mark.parametrize("name", VARIANTS)
def test_a_finished_game_replays_to_an_equal_state(name: str) -> None:
    state = finished_game(name, 11)
    record = GameRecord.load(GameRecord.from_game(state, claimed=True).dump())
    states = list(record.replay())
    assert states[-1] == state
    assert len(states) == len(state.history) + 1
    report = check_record(record)
    assert report.valid
    assert report.finished
    assert report.scores == state.result().scores
    assert report.state == state


@pytest.mark.parametrize("name", VARIANTS)
def test_a_game_with_dice_given_explicitly_replays_to_the_same_position(name: str) -> None:
    state = random_game(name, 5, explicit=0.5)
    record = GameRecord.load(GameRecord.from_game(state).dump())
    replayed = record.to_game()
    assert replayed.history == state.history
    assert replayed.render() == state.render()
    assert replayed.result() == state.result()


@pytest.mark.parametrize("first_player", [1, "roll_off"])
def test_scorecard_first_player_setups_are_recorded(first_player: int | str) -> None:
    variant = yamskit.variant("classic")
    state = variant.new_game(["Ann", "Bob", "Cy"], seed=21, first_player=first_player)
    state = state.apply(Roll()).apply(yamskit.Score("chance"))
    record = GameRecord.from_game(state)
    assert record.setup == {"first_player": first_player}
    assert GameRecord.load(record.dump()).to_game() == state


def test_a_record_without_a_seed_replays_its_given_faces() -> None:
    moves = [Move(0, Roll(outcome="66666")), Move(0, yamskit.Score("yams")), Move(1, Roll(outcome="12345"))]
    record = GameRecord("classic", players=("Ann", "Bob"), seed=None, moves=moves)
    state = GameRecord.load(record.dump()).to_game()
    assert state.result().scores == (50, 0)
    assert state.history == tuple(moves)


def test_from_game_refuses_a_setup_that_does_not_rebuild_the_game() -> None:
    state = yamskit.variant("classic").new_game(["Ann", "Bob"], seed=2, first_player=1).apply(Roll())
    with pytest.raises(YamskitError, match="setup"):
        GameRecord.from_game(state, setup={"first_player": 0})


# ---------------------------------------------------------------- corrupted records
def _flip_face(moves: list[Move], data: st.DataObject) -> list[Move] | None:
    throws = [i for i, m in enumerate(moves) if isinstance(m.action, Roll) and len(m.action.outcome or ())]
    if not throws:
        return None
    i = data.draw(st.sampled_from(throws), label="throw")
    action = moves[i].action
    assert isinstance(action, Roll)
    assert action.outcome is not None
    faces = list(action.outcome.faces)
    j = data.draw(st.integers(0, len(faces) - 1), label="die")
    faces[j] = data.draw(st.sampled_from([f for f in range(1, 7) if f != faces[j]]), label="face")
    return [*moves[:i], Move(moves[i].player, Roll(keep=action.keep, outcome=Dice(faces))), *moves[i + 1 :]]


def _swap(moves: list[Move], data: st.DataObject) -> list[Move] | None:
    if len(moves) < 2:
        return None
    i = data.draw(st.integers(0, len(moves) - 2), label="first")
    j = data.draw(st.integers(i + 1, min(len(moves) - 1, i + 20)), label="second")
    swapped = list(moves)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return swapped


def _drop(moves: list[Move], data: st.DataObject) -> list[Move] | None:
    if not moves:
        return None
    i = data.draw(st.integers(0, len(moves) - 1), label="dropped")
    return [*moves[:i], *moves[i + 1 :]]


def _change_player(moves: list[Move], data: st.DataObject, seats: int) -> list[Move] | None:
    if not moves or seats < 2:
        return None
    i = data.draw(st.integers(0, len(moves) - 1), label="move")
    other = (moves[i].player + data.draw(st.integers(1, seats - 1), label="shift")) % seats
    return [*moves[:i], Move(other, moves[i].action), *moves[i + 1 :]]


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=examples(40))
@given(data=st.data(), kind=st.sampled_from(["flip", "swap", "drop", "player"]))
def test_corrupted_records_are_invalid_at_the_first_illegal_move(name: str, data: st.DataObject, kind: str) -> None:
    state = finished_game(name, 3)
    original = GameRecord.from_game(state, claimed=True)
    moves = list(original.moves)
    changed = {
        "flip": lambda: _flip_face(moves, data),
        "swap": lambda: _swap(moves, data),
        "drop": lambda: _drop(moves, data),
        "player": lambda: _change_player(moves, data, len(state.players)),
    }[kind]()
    if changed is None:
        return
    corrupted = attrs.evolve(original, moves=changed)
    index, error_type, reached = oracle(corrupted)
    report = check_record(corrupted.dump())
    assert report.index == index
    assert report.error_type == error_type
    if index is None:
        claims_hold = all(reached.result().scores[i] == original.claimed[p] for i, p in enumerate(state.players))
        assert report.valid == claims_hold
        assert report.scores == reached.result().scores
    else:
        assert not report.valid
        assert report.move == changed[index]
        assert report.state.history == reached.history  # the state just before the illegal move
        with pytest.raises(YamskitError):
            report.state.apply(changed[index].action, player=changed[index].player)


def test_an_illegal_move_is_reported_with_the_rule_it_breaks() -> None:
    moves = [Move(0, Roll(outcome="22555")), Move(0, yamskit.Score("full_house")), Move(0, Roll(outcome="22555"))]
    moves.append(Move(0, yamskit.Score("full_house")))
    report = check_record(GameRecord("classic", seed=4, moves=moves))
    assert (report.valid, report.index, report.error_type) == (False, 3, "OccupiedError")
    assert report.error is not None
    assert "full_house" in report.error
    assert report.state.result().scores == (25,)
    assert "illegal move 3" in report.summary()
    assert report.to_data()["index"] == 3


def test_a_move_for_the_wrong_player_breaks_the_turn_order() -> None:
    moves = [Move(1, Roll(outcome="22555"))]
    report = check_record(GameRecord("classic", players=("Ann", "Bob"), seed=4, moves=moves))
    assert (report.index, report.error_type) == (0, "NotYourTurnError")


def test_wrong_claimed_totals_make_a_legal_record_invalid() -> None:
    state = finished_game("classic", 2)
    record = GameRecord.from_game(state, claimed=True)
    assert check_record(record).valid
    wrong = {name: points + 1 for name, points in (record.claimed or {}).items()}
    report = check_record(attrs.evolve(record, claimed=wrong))
    assert not report.valid
    assert report.index is None
    assert len(report.claim_errors) == len(state.players)
    assert "claims" in report.summary()


def test_replay_names_the_move_that_breaks_a_rule() -> None:
    record = GameRecord("classic", seed=1, moves=(Move(0, yamskit.Score("yams")),))
    with pytest.raises(yamskit.MustRollFirstError) as info:
        record.to_game()
    assert "move 0" in " ".join(getattr(info.value, "__notes__", []))


def test_a_record_without_moves_checks_as_valid_and_unfinished() -> None:
    report = check_record(GameRecord("yahtzee", seed=1))
    assert isinstance(report, CheckReport)
    assert (report.valid, report.moves, report.index, report.finished) == (True, 0, None, False)
    assert report.scores == (0,)
    assert report.claim_errors == ()


# ---------------------------------------------------------------- records built in Python
def classic_record(**fields: Any) -> GameRecord:
    base: dict[str, Any] = {"players": ("Ann",), "seed": 1, "moves": (Move(0, Roll(outcome="12345")),)}
    base.update(fields)
    return GameRecord("classic", **base)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"claimed": {"Zed": 3}}, "'Zed', who is not a player"),
        ({"moves": (Move(3, Roll(outcome="12345")),)}, r"moves\[0\].player must be a seat"),
        ({"moves": ({"player": 0, "action": {"type": "roll"}},)}, r"moves\[0\] must be a Move"),
        ({"moves": (Move(0, "roll"),)}, r"moves\[0\].action is not an action"),  # type: ignore[arg-type]
        ({"moves": (Move(0, Roll()),)}, "must give its faces"),
        ({"claimed": {"Ann": "3"}}, "whole number of points"),
        ({"metadata": {"rating": 1.5}}, "non-integer number"),
    ],
)
def test_check_record_validates_a_python_record_like_a_loaded_one(fields: dict[str, Any], message: str) -> None:
    record = classic_record(**fields)
    with pytest.raises(DeserializationError, match=message):
        check_record(record)


# Python-built records are checked before they are replayed, as check_record and dump check them.
BAD_PYTHON_RECORDS = [
    pytest.param({"moves": (Move(3, Roll(outcome="12345")),)}, r"moves\[0\].player must be a seat", id="seat"),
    pytest.param({"moves": (Move("0", Roll(outcome="12345")),)}, r"moves\[0\].player must be int", id="seat-name"),  # type: ignore[arg-type]
    pytest.param({"moves": ((0, Roll(outcome="12345")),)}, r"moves\[0\] must be a Move", id="tuple-move"),
    pytest.param({"moves": (Move(0, "roll"),)}, r"moves\[0\].action is not an action", id="action"),  # type: ignore[arg-type]
    pytest.param({"moves": (Move(0, Roll()),)}, "must give its faces", id="throw-without-faces"),
    pytest.param({"claimed": {"Zed": 3}}, "'Zed', who is not a player", id="claimed-name"),
    pytest.param({"metadata": {"rating": 1.5}}, "non-integer number", id="metadata-float"),
    pytest.param({"seed": -1}, "seed must be null or a whole number", id="seed"),
    pytest.param({"setup": {"first player": 0}}, "is not a keyword name", id="setup-key"),
]


@pytest.mark.parametrize(("fields", "message"), BAD_PYTHON_RECORDS)
def test_to_game_validates_a_python_record_like_check_record(fields: dict[str, Any], message: str) -> None:
    record = classic_record(**fields)
    with pytest.raises(DeserializationError, match=message):
        check_record(record)
    with pytest.raises(DeserializationError, match=message):
        record.to_game()


@pytest.mark.parametrize(("fields", "message"), BAD_PYTHON_RECORDS)
def test_replay_validates_a_python_record_before_the_first_state(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(DeserializationError, match=message):
        classic_record(**fields).replay()  # raised by the call, not by the first next()


def test_start_validates_a_python_record() -> None:
    with pytest.raises(DeserializationError, match="not a player"):
        classic_record(claimed={"Zed": 3}).start()


def test_a_valid_python_record_still_replays() -> None:
    record = classic_record(moves=(Move(0, Roll(outcome="22555")), Move(0, Score("full_house"))))
    states = list(record.replay())
    assert len(states) == 3
    assert record.to_game() == states[-1]
    assert record.to_game().result().scores == (25,)
    assert record.start() == states[0]


def test_a_record_of_an_unregistered_variant_still_replays_with_variant() -> None:
    rules = yamskit.variant("classic")
    game = rules.new_game(players=["Ann"], seed=3).apply(Roll())
    record = attrs.evolve(GameRecord.from_game(game), variant="house-classic")
    with pytest.raises(DeserializationError, match="not 'classic'"):
        record.to_game(variant=rules)  # the record names another variant
    assert attrs.evolve(record, variant="classic").to_game(variant=rules) == game


def test_a_rule_break_in_a_python_record_is_still_an_illegal_action() -> None:
    record = classic_record(moves=(Move(0, Score("chance")),))
    with pytest.raises(yamskit.MustRollFirstError):
        record.to_game()


def test_a_single_string_is_not_a_list_of_players() -> None:
    with pytest.raises(DeserializationError, match="single string"):
        GameRecord("classic", players="Ann", seed=1)  # type: ignore[arg-type]


def test_a_valid_python_record_still_checks() -> None:
    report = check_record(classic_record(moves=(Move(0, Roll(outcome="12345")), Move(0, Score("chance")))))
    assert (report.valid, report.scores) == (True, (15,))


# ---------------------------------------------------------------- dump writes only what load reads
@pytest.mark.parametrize(
    "metadata",
    [
        {"rating": 1.5},
        {"deep": json.loads("[" * 40 + "]" * 40)},
        {"big": 10**40},
    ],
)
def test_dump_refuses_what_load_would_refuse(metadata: dict[str, Any]) -> None:
    record = classic_record(metadata=metadata)
    with pytest.raises(DeserializationError) as refused:
        record.dump()
    with pytest.raises(DeserializationError) as loading:
        GameRecord.load(json.dumps(record.to_data()))
    assert str(refused.value) == str(loading.value)


def test_what_dump_writes_load_reads() -> None:
    record = classic_record(metadata={"event": "club night", "table": 3, "tags": ["a", "b"]})
    assert GameRecord.load(record.dump()) == record


# ---------------------------------------------------------------- duplicate keys
def test_a_record_with_a_duplicate_key_is_refused() -> None:
    text = classic_record().dump().replace('"seed": 1', '"seed": 1, "seed": 2')
    with pytest.raises(DeserializationError, match="duplicate key"):
        check_record(text)


# ---------------------------------------------------------------- strict dice
def seeded_game() -> Any:
    game = yamskit.variant("classic").new_game(players=["Ann"], seed=5)
    return game.apply(Roll()).apply(Roll(keep="")).apply(Score("chance"))


def test_strict_dice_accepts_a_record_whose_throws_come_from_its_seed() -> None:
    record = GameRecord.from_game(seeded_game())
    assert check_record(record, strict_dice=True).valid


def test_strict_dice_refuses_a_throw_that_is_not_the_seeds() -> None:
    record = GameRecord.from_game(seeded_game())
    drawn = record.moves[1].action
    assert isinstance(drawn, Roll)
    forged = "66666" if str(drawn.outcome) != "66666" else "11111"
    moves = (record.moves[0], Move(0, Roll(keep="", outcome=forged)), *record.moves[2:])
    tampered = GameRecord("classic", players=("Ann",), seed=5, moves=moves)
    assert check_record(tampered).valid  # physical dice: any faces
    report = check_record(tampered, strict_dice=True)
    assert (report.valid, report.index, report.error_type) == (False, 1, DiceMismatchError.__name__)
    assert forged in (report.error or "")


def test_strict_dice_needs_a_seed() -> None:
    record = GameRecord("classic", players=("Ann",), seed=None, moves=(Move(0, Roll(outcome="12345")),))
    with pytest.raises(DeserializationError, match="no seed"):
        check_record(record, strict_dice=True)


# ---------------------------------------------------------------- schema
def test_the_schema_file_in_the_docs_is_record_schema() -> None:
    """Regenerate with: python -c "import json, yamskit; print(json.dumps(yamskit.record_schema(), indent=2))" """
    expected = json.dumps(record_schema(), indent=2) + "\n"
    assert SCHEMA_FILE.read_text(encoding="utf-8") == expected


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_s_records_match_the_schema(name: str) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    record = GameRecord.from_game(finished_game(name, 1), claimed=True, metadata={"event": "club night"})
    jsonschema.validate(json.loads(record.dump()), record_schema())


def test_the_schema_refuses_what_load_refuses() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    data = GameRecord("classic", seed=1, moves=(Move(0, Roll(outcome="12345")),)).to_data()
    del data["moves"][0]["action"]["outcome"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, record_schema())
    with pytest.raises(DeserializationError, match="faces"):
        GameRecord.from_data(data)


# ---------------------------------------------------------------- the example and the format page
def test_the_check_record_example_catches_both_changes(capsys: pytest.CaptureFixture[str]) -> None:
    example = runpy.run_path(str(ROOT / "examples" / "check_record.py"), run_name="check_record_example")
    assert example["main"]() == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("honest record: valid")
    assert "illegal move" in lines[1] or "wrong claimed totals" in lines[1]
    assert lines[2].startswith("out of turn:   illegal move 0")


def test_the_record_format_example_is_a_valid_record() -> None:
    page = (ROOT / "docs" / "reference" / "record-format.md").read_text(encoding="utf-8")
    example = page.split("```json\n", 1)[1].split("\n```", 1)[0]
    report = check_record(example)
    assert report.valid
    assert report.scores == (25, 0)
