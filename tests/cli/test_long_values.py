"""Values a command cannot take are refused in one short line, however long they are, and before anything else.

The third trust review found error lines that repeated a whole value (a 100,000-character
``-o`` value gave a 200 KB line; a record naming a 5,000,000-character variant repeated it
and spent a minute looking for the nearest name), ``simulate`` taking seeds ``play`` refuses,
and ``play`` printing the game's header before refusing its seats. A value is now repeated
through `yamskit.errors.brief`: at most `ECHO_LIMIT` characters and its length.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_cli import assert_one_line_error, run
from yamskit.errors import ECHO_LIMIT

LONG = "y" * 100_000
#: An error line: the fixed words, a value cut to ECHO_LIMIT and its length, the options listed.
SHORT_LINE = 400


@pytest.mark.parametrize(
    "args",
    [
        ("rules", "classic", "-o", f"joker={LONG}"),
        ("rules", "classic", "-o", f"{LONG}=1"),
        ("rules", LONG),
        ("play", "classic", "--players", LONG, "--bots", "1", "--seed", "1"),
        ("simulate", "classic", "-n", "1", "--seed", LONG),
    ],
    ids=["option value", "option name", "variant name", "player name", "seed"],
)
def test_a_long_value_is_refused_in_one_short_line(args: tuple[str, ...]) -> None:
    done = run(*args)
    assert_one_line_error(done)
    assert len(done.stderr) < SHORT_LINE, done.stderr[:SHORT_LINE]
    assert f"({len(LONG)} characters)" in done.stderr or "whole number" in done.stderr
    assert "y" * (ECHO_LIMIT + 1) not in done.stderr


def test_a_record_naming_a_huge_variant_is_refused_in_one_short_line(tmp_path: Path) -> None:
    name = "x" * 5_000_000
    record = {
        "format": "yamskit.record",
        "version": 1,
        "variant": {"name": name, "options": {}},
        "players": ["Ann"],
        "seed": 1,
        "moves": [],
    }
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = run("check", str(path))
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert len(done.stdout + done.stderr) < 2 * SHORT_LINE
    assert "(5000000 characters)" in done.stdout + done.stderr


@pytest.mark.parametrize("seed", ["18446744073709551616", "-1", "1e3"])
def test_simulate_and_play_take_the_same_seeds(seed: str) -> None:
    for command in (("simulate", "classic", "-n", "1"), ("play", "classic", "--bots", "1")):
        done = run(*command, "--seed", seed)
        assert_one_line_error(done, "a seed is a whole number from 0 to 2**64 - 1")
        assert done.stdout == ""


@pytest.mark.parametrize(
    "args",
    [("play", "yam-master", "--bots", "3"), ("play", "classic", "--players", "Ann", "Ann")],
    ids=["too many seats", "the same name twice"],
)
def test_play_refuses_its_seats_before_printing_the_game(args: tuple[str, ...]) -> None:
    done = run(*args)
    assert_one_line_error(done)
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("play", "competitive", "--bots", "4"), "this game takes 2 players, not 4 (-o mode=2v2 seats 4)"),
        (("play", "competitive", "--bots", "3"), "this game takes 2 players, not 3 (-o mode=1v1v1 seats 3)"),
        (("play", "competitive", "-o", "mode=2v2", "--bots", "2"), "takes 4 players, not 2 (-o mode=1v1 seats 2)"),
        (("play", "yam-master", "--bots", "3"), "this game takes 2 players, not 3"),
    ],
)
def test_a_seating_the_game_refuses_names_the_option_that_seats_it(args: tuple[str, ...], said: str) -> None:
    done = run(*args)
    assert_one_line_error(done, said)
    if "-o" not in said:
        assert "-o" not in done.stderr  # no option of Yam Master seats three
