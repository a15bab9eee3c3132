"""Variant names are read like row names: case, ``-``, ``_`` and spaces do not matter; aliases; near misses."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yamskit
from yamskit import GameRecord, RuleConfigError, _registry
from yamskit.registry import BUILTIN_ALIASES

ROOT = Path(__file__).resolve().parents[1]
BUILTINS = _registry.builtin_names()
SEPARATORS = st.sampled_from(["-", "_", " ", "  ", " - ", "__"])


@st.composite
def spellings(draw: st.DrawFn, name: str) -> str:
    """``name`` with each letter in either case, its words joined by any separators, padded with spaces."""
    words = re.split(r"[-_ ]+", name)
    cased = ["".join(ch.upper() if draw(st.booleans()) else ch.lower() for ch in word) for word in words]
    text = cased[0]
    for word in cased[1:]:
        text += draw(SEPARATORS) + word
    return draw(st.sampled_from(["", " "])) + text + draw(st.sampled_from(["", " "]))


def test_the_builtins_are_the_seed_games_and_the_presets() -> None:
    assert BUILTINS == [
        "balut",
        "challenge",
        "classic",
        "competitive",
        "crag",
        "generala",
        "kniffel",
        "maxi-yatzy",
        "yacht",
        "yahtzee",
        "yam-master",
        "yamslam",
        "yatzy",
    ]


@pytest.mark.parametrize("name", BUILTINS)
@given(data=st.data())
def test_every_spelling_of_every_builtin_name_is_that_variant(name: str, data: st.DataObject) -> None:
    spelled = data.draw(spellings(name))
    assert _registry.canonical(spelled) == name
    assert yamskit.variant(spelled).name == name


@pytest.mark.parametrize(("alias", "name"), sorted(BUILTIN_ALIASES.items()))
@given(data=st.data())
def test_every_spelling_of_every_alias_is_its_variant(alias: str, name: str, data: st.DataObject) -> None:
    assert name in BUILTINS
    assert yamskit.variant(data.draw(spellings(alias))).name == name


@pytest.mark.parametrize(
    ("spelled", "name"),
    [
        ("yam_master", "yam-master"),
        ("Yam Master", "yam-master"),
        ("YAM-MASTER", "yam-master"),
        ("Yams", "classic"),
        ("Classic Yams", "classic"),
        ("yams_challenge", "challenge"),
        ("Competitive Yams", "competitive"),
        ("Pro Yams", "competitive"),
        ("YAHTZEE", "yahtzee"),
        ("Scandinavian Yatzy", "yatzy"),
        ("YATZY", "yatzy"),
        ("Yacht Dice", "yacht"),
    ],
)
def test_worked_examples(spelled: str, name: str) -> None:
    assert yamskit.variant(spelled).name == name


def test_options_follow_the_name_however_it_is_spelled() -> None:
    assert yamskit.variant("Yam Master", max_turns=50).options == yamskit.variant("yam-master", max_turns=50).options
    with pytest.raises(RuleConfigError, match="variant 'yam-master' has no option 'nope'"):
        yamskit.variant("YAM MASTER", nope=1)


@pytest.mark.parametrize(
    ("wrong", "nearest"),
    [
        ("yam mastre", "'yam-master'"),
        ("clasic", "'classic'"),
        ("Yamslma", "'yamslam'"),
        ("yams chalenge", "'challenge'"),
        ("competetive", "'competitive'"),
    ],
)
def test_an_unknown_name_suggests_the_nearest_names(wrong: str, nearest: str) -> None:
    with pytest.raises(RuleConfigError) as caught:
        yamskit.variant(wrong)
    message = str(caught.value)
    assert message.startswith(f"unknown variant {wrong!r}; did you mean {nearest}?")
    assert message.endswith("known variants: " + ", ".join(yamskit.variant_names()))


def test_a_name_far_from_every_name_suggests_nothing_but_lists_them() -> None:
    with pytest.raises(RuleConfigError, match=r"^unknown variant 'zzzz'; known variants: balut, challenge, classic"):
        yamskit.variant("zzzz")


@pytest.mark.parametrize("bad", ["", "   ", "-", 3, None])
def test_a_name_that_is_no_name_is_refused(bad: object) -> None:
    with pytest.raises(RuleConfigError):
        yamskit.variant(bad)  # type: ignore[arg-type]


def test_saves_records_and_notation_write_the_registered_name() -> None:
    game = yamskit.variant("Yam Master").new_game(players=["Ann", "Bob"], seed=1)
    assert game.to_notation().startswith("yam-master ")
    assert '"name":"yam-master"' in game.to_json()
    assert '"name": "yam-master"' in GameRecord.from_game(game).dump()


def test_a_save_or_record_naming_the_variant_otherwise_still_loads() -> None:
    game = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
    save = game.to_json().replace('"name":"yam-master"', '"name":"Yam_Master"')
    assert yamskit.load_game(save) == game
    assert yamskit.load_game(save, variant=game.variant) == game
    record = GameRecord.from_game(game).dump().replace('"name": "yam-master"', '"name": "YAM MASTER"')
    assert GameRecord.load(record).to_game() == game
    notation = game.to_notation().replace("yam-master", "YAM_Master", 1)
    assert yamskit.from_notation(notation) == game
    assert game.variant.from_notation(notation) == game


def test_a_spelling_of_a_registered_name_cannot_be_registered_as_another_variant() -> None:
    with pytest.raises(RuleConfigError, match="'Classic' reads as the variant 'classic'"):
        yamskit.register_variant("Classic", lambda: yamskit.variant("classic"))
    assert yamskit.variant("Classic").name == "classic"


def test_a_registered_name_wins_over_an_alias_and_aliases_do_not_clash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_registry, "_FACTORIES", dict(_registry._FACTORIES))
    monkeypatch.setattr(_registry, "_ALIASES", dict(_registry._ALIASES))
    yamskit.register_variant("pro-yams", lambda: yamskit.variant("yahtzee"))
    assert _registry.canonical("Pro Yams") == "pro-yams"
    assert _registry.canonical("competitive yams") == "competitive"
    with pytest.raises(RuleConfigError, match="already means 'classic'"):
        _registry.add_alias("YAMS", "yahtzee")
    _registry.add_alias("yams", "classic")  # the same meaning again is fine
    with pytest.raises(RuleConfigError, match="non-empty"):
        _registry.add_alias(" - ", "classic")


def test_the_aliases_are_documented() -> None:
    page = (ROOT / "docs" / "reference" / "names.md").read_text(encoding="utf-8")
    for alias, name in BUILTIN_ALIASES.items():
        assert f"| `{alias}` | `{name}` |" in page


def test_the_command_line_reads_variant_names_the_same_way() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yamskit", "play", "Yam_Master", "--bots", "2", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("yam-master: Bot 1, Bot 2 (seed 3)")
