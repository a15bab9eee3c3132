"""One error family at every entry point: each bad input of issue 23 raises a specific YamskitError naming it.

Then fuzzing, entry point by entry point (position notation, saves, records, the
command's options): whatever the input, only YamskitError subclasses escape, and of the
kind the entry point documents.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples
from yamskit import DeserializationError, GameRecord, Roll, RuleConfigError, YamskitError
from yamskit.cli import main
from yamskit.errors import NotationError
from yamskit.position import PositionError

CLASSIC = "classic Ann ,,,,,,,,,,,, 0:0 - 3:0"


def test_an_option_called_name_is_an_unknown_option_everywhere() -> None:
    # 0.1.0: a raw TypeError ("got multiple values for argument 'name'") from each of these
    with pytest.raises(RuleConfigError, match="no option 'name'"):
        yamskit.variant("classic", name="x")
    with pytest.raises(NotationError, match="no option 'name'"):
        yamskit.from_notation("classic(name=x) Ann ,,,,,,,,,,,, 0:0 - 3:0")
    save = json.loads(yamskit.variant("classic").new_game(seed=1).to_json())
    save["variant"]["options"]["name"] = "x"
    with pytest.raises(DeserializationError, match="no option 'name'"):
        yamskit.load_game(json.dumps(save))
    record = GameRecord("classic", players=("Ann",), seed=1).to_data()
    record["variant"]["options"] = {"name": "x"}
    with pytest.raises(DeserializationError, match="no option 'name'"):
        GameRecord.load(json.dumps(record)).to_game()
    with pytest.raises(DeserializationError, match="no option 'name'"):
        yamskit.check_record(json.dumps(record))


def test_an_option_called_name_on_the_command_line_is_one_line() -> None:
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        assert main(["rules", "classic", "-o", "name=x"]) == 2
    (line,) = err.getvalue().splitlines()
    assert "no option 'name'" in line


@pytest.mark.parametrize("name", ["Ann\ud800", "\udcff", "Zoé\udc80 B.", "a\ud83d\ude00"])
def test_a_name_with_a_lone_surrogate_is_escaped_in_the_notation_and_reads_back(name: str) -> None:
    # 0.1.0: to_notation() raised UnicodeEncodeError
    game = yamskit.variant("classic").new_game(players=[name, "Bob"], seed=3).apply(Roll())
    text = game.to_notation()
    text.encode("utf-8")  # plain text
    back = yamskit.from_notation(text)
    assert back.players == game.players
    assert back.to_notation() == text


@pytest.mark.parametrize(
    "turn",
    ["12345,1234+56", "12345,12345+6", "12345,123456+", "1234+56", "22222,2222+2,22222+1"],
)
def test_too_many_dice_in_a_notation_is_a_notation_error(turn: str) -> None:
    # 0.1.0: InvalidDiceError, where the caller asked to read a notation
    with pytest.raises(NotationError, match="TURN throw"):
        yamskit.from_notation(f"classic Ann ,,,,,,,,,,,, 0:0 {turn} 3:5")
    with pytest.raises(NotationError, match="TURN throw"):
        yamskit.from_notation(f"yamslam(mode=solo) Solo 0000000 0000001 0:0 {turn} 9:0 -")


def test_a_duplicate_key_in_a_notation_head_is_refused() -> None:
    # 0.1.0 took the last value without a word
    text = 'competitive(coefficients={"down":8,"down":9}) A,B ,,,,,,,,,,,,,/,,,,,,,,,,,,, 0:0 - 3:0'
    with pytest.raises(NotationError, match="duplicate key 'down'"):
        yamskit.from_notation(text)
    with pytest.raises(NotationError, match="given twice"):
        yamskit.from_notation('classic(joker="free",joker=null) Ann ,,,,,,,,,,,, 0:0 - 3:0')


# ------------------------------------------------------------------ fuzzing, one entry point at a time
_SAMPLES = [
    CLASSIC,
    "classic Ann,Bob ,,,,,18,,,,,,,/,,,,,,,,,,,, 1:0 24556,55+134 7:8",
    "yam-master(removed=out) Ann,Bob ...../...../...../...../..... 0,0 0:0 - 2:0 0",
    "yamslam(mode=solo) Solo 0000000 0000001 0:0 - 9:0 -",
    'competitive(coefficients={"down":8}) A,B ,,,,,,,,,,,,,/,,,,,,,,,,,,, 0:0 - 3:0',
]
_PIECES = st.sampled_from(
    ["123456", "+6", "66666,", "!", '{"a":1,"a":2}', "name=x", "(", ")", "%ED%A0%80", "%FF", "\ud800", "9" * 30, " "]
)


@settings(max_examples=examples(300))
@given(
    sample=st.sampled_from(_SAMPLES),
    edits=st.lists(st.tuples(st.integers(0, 300), _PIECES | st.text(max_size=3)), min_size=1, max_size=4),
)
def test_fuzzed_notation_raises_only_notation_or_position_errors(sample: str, edits: list[tuple[int, str]]) -> None:
    text = sample
    for at, piece in edits:
        at %= len(text) + 1
        text = text[:at] + piece + text[at:]
    try:
        state = yamskit.from_notation(text)
    except (NotationError, PositionError):
        return
    state.to_notation().encode("utf-8")  # what reads also writes, as text


_NAMES = st.text(max_size=6) | st.sampled_from(["Ann\ud800", "\udcff", "", "a" * 101])


@settings(max_examples=examples(150))
@given(players=st.lists(_NAMES, min_size=1, max_size=3), options=st.dictionaries(st.text(max_size=6), st.integers()))
def test_fuzzed_saves_raise_only_deserialization_errors(players: list[str], options: dict[str, int]) -> None:
    save = json.loads(yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1).apply(Roll()).to_json())
    save["state"]["players"] = players
    save["variant"]["options"].update(options)
    try:
        game = yamskit.load_game(json.dumps(save))
    except DeserializationError:
        return
    assert yamskit.from_notation(game.to_notation()).players == game.players


@settings(max_examples=examples(150))
@given(players=st.lists(_NAMES, min_size=1, max_size=3), options=st.dictionaries(st.text(max_size=6), st.integers()))
def test_fuzzed_records_raise_only_deserialization_errors(players: list[str], options: dict[str, int]) -> None:
    data: dict[str, Any] = GameRecord("classic", players=("Ann",), seed=1).to_data()
    data["players"] = players
    data["variant"]["options"] = options
    try:
        GameRecord.load(json.dumps(data)).to_game()
    except DeserializationError:
        return


_WORDS = st.sampled_from(
    ["classic", "yamslam", "nope", "name=x", "joker=free", "yams_bonus=1.5", "mode=solo", "-o", "--json", "22555"]
)
# a command line cannot hold a NUL character (the operating system ends each argument at one)
_ARGUMENTS = st.lists(_WORDS | st.text(st.characters(blacklist_characters="\x00"), max_size=8), max_size=6)


@settings(max_examples=examples(150), deadline=None)
@given(command=st.sampled_from(["score", "rules", "simulate", "check"]), arguments=_ARGUMENTS)
def test_fuzzed_command_options_end_in_a_status_and_at_most_one_line(command: str, arguments: list[str]) -> None:
    if command == "simulate":
        arguments = [*arguments, "-n", "2"]
    if command == "check" and "-" in arguments:
        return  # would read the test's standard input
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main([command, *arguments])
    assert status in (0, 1, 2)
    if status == 2:
        assert len(err.getvalue().splitlines()) <= 1, err.getvalue()


@pytest.mark.parametrize(
    "arguments",
    [
        ["check", "\udd00"],  # a lone surrogate: no file name encodes it (found by the fuzzing above)
        ["check", ""],
        ["simulate", "classic", "-n", "2", "--svg", "\udd00"],
        ["advise", "classic", "x", "--cache", "a\ud800"],
        ["play", "classic", "--save", "\udd00"],
        ["play", "--resume", "\udd00"],
    ],
)
def test_a_path_no_file_name_can_hold_is_a_usage_error_of_one_line(arguments: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(arguments)
    assert status == 2
    assert out.getvalue() == ""
    [line] = err.getvalue().splitlines()
    assert "is not a file name this system can hold" in line


def test_every_error_above_is_a_value_error_too() -> None:
    for error in (RuleConfigError, NotationError, PositionError, DeserializationError):
        assert issubclass(error, YamskitError)
        assert issubclass(error, ValueError)
