"""The Yacht of docs/how-to/define-a-variant.md scores as exercism's canonical data and as OpenSpiel's ``yacht``.

The variants are taken from the page itself (its python blocks run in order), so the page
cannot drift from what is checked here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from yamskit import Dice
from yamskit.dice import ROLLS

PAGE = Path(__file__).resolve().parents[1] / "docs" / "how-to" / "define-a-variant.md"

#: exercism/problem-specifications, exercises/yacht/canonical-data.json (commit 03f8331, 2026-08-09):
#: every case, as (description, dice, category, expected score).
EXERCISM_CASES = [
    ("Yacht", [5, 5, 5, 5, 5], "yacht", 50),
    ("Not Yacht", [1, 3, 3, 2, 5], "yacht", 0),
    ("Ones", [1, 1, 1, 3, 5], "ones", 3),
    ("Ones, out of order", [3, 1, 1, 5, 1], "ones", 3),
    ("No ones", [4, 3, 6, 5, 5], "ones", 0),
    ("Twos", [2, 3, 4, 5, 6], "twos", 2),
    ("Fours", [1, 4, 1, 4, 1], "fours", 8),
    ("Yacht counted as threes", [3, 3, 3, 3, 3], "threes", 15),
    ("Yacht of 3s counted as fives", [3, 3, 3, 3, 3], "fives", 0),
    ("Fives", [1, 5, 3, 5, 3], "fives", 10),
    ("Sixes", [2, 3, 4, 5, 6], "sixes", 6),
    ("Full house two small, three big", [2, 2, 4, 4, 4], "full house", 16),
    ("Full house three small, two big", [5, 3, 3, 5, 3], "full house", 19),
    ("Two pair is not a full house", [2, 2, 4, 4, 5], "full house", 0),
    ("Four of a kind is not a full house", [1, 4, 4, 4, 4], "full house", 0),
    ("Yacht is not a full house", [2, 2, 2, 2, 2], "full house", 0),
    ("Four of a Kind", [6, 6, 4, 6, 6], "four of a kind", 24),
    ("Yacht can be scored as Four of a Kind", [3, 3, 3, 3, 3], "four of a kind", 12),
    ("Full house is not Four of a Kind", [3, 3, 3, 5, 5], "four of a kind", 0),
    ("Little Straight", [3, 5, 4, 1, 2], "little straight", 30),
    ("Little Straight as Big Straight", [1, 2, 3, 4, 5], "big straight", 0),
    ("Four in order but not a little straight", [1, 1, 2, 3, 4], "little straight", 0),
    ("No pairs but not a little straight", [1, 2, 3, 4, 6], "little straight", 0),
    ("Minimum is 1, maximum is 5, but not a little straight", [1, 1, 3, 4, 5], "little straight", 0),
    ("Big Straight", [4, 6, 2, 5, 3], "big straight", 30),
    ("Big Straight as little straight", [6, 5, 4, 3, 2], "little straight", 0),
    ("No pairs but not a big straight", [6, 5, 4, 3, 1], "big straight", 0),
    ("Choice", [3, 3, 5, 6, 6], "choice", 23),
    ("Yacht as choice", [2, 2, 2, 2, 2], "choice", 10),
]

#: OpenSpiel's category order (its actions "Score in Ones" ... "Score in Yacht") as the page's row ids.
OPENSPIEL_ROWS = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "choice",
    "four_of_a_kind",
    "full_house",
    "little_straight",
    "big_straight",
    "yacht",
]


@pytest.fixture(scope="module")
def page() -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    for block in re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M):
        exec(compile(block, str(PAGE), "exec"), namespace)
    return namespace


def test_yacht_has_the_twelve_boxes_and_no_bonus(page: dict[str, Any]) -> None:
    yacht = page["yacht"]
    assert sorted(yacht.rows) == sorted(OPENSPIEL_ROWS)
    assert len(yacht.rows) == 12
    assert page["openspiel_yacht"].rows == yacht.rows


@pytest.mark.parametrize(
    ("description", "dice", "category", "expected"), EXERCISM_CASES, ids=[c[0] for c in EXERCISM_CASES]
)
def test_yacht_scores_every_exercism_case(
    page: dict[str, Any], description: str, dice: list[int], category: str, expected: int
) -> None:
    assert page["yacht"].score(category, Dice(dice)) == expected, description


def test_yacht_scores_a_whole_game_through_the_protocol(page: dict[str, Any]) -> None:
    from yamskit.bots import RandomPlayer, play

    game = play(page["yacht"].new_game(players=["Ann"], seed=5), [RandomPlayer(seed=5)])
    assert game.is_over
    boxes = [game.cell(0, row).points or 0 for row in OPENSPIEL_ROWS]  # a scratched box holds None
    assert game.result().scores == (sum(boxes),)


def _openspiel_score(pyspiel: Any, game: Any, dice: Dice, category: int) -> int:
    state = game.new_initial_state()
    faces = dice.faces
    state.apply_action(sum((face - 1) * 6**i for i, face in enumerate(faces)))  # the first throw's faces
    state.apply_action(0)  # keep all: go to scoring
    state.apply_action(32 + category)  # 2**5 re-roll masks come first, then the categories
    (total,) = re.findall(r"total: (\d+)", str(state))
    return int(total)


def test_openspiel_yacht_scores_every_roll_as_openspiel_does(page: dict[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the 'openspiel' extra")
    game = pyspiel.load_game("yacht", {"players": 1})
    assert [a.removeprefix("Score in ") for a in _category_names(game)] == [
        "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes",
        "Chance", "Four of a Kind", "Full House", "Small Straight", "Large Straight", "Yacht",
    ]  # fmt: skip
    variant = page["openspiel_yacht"]
    differ = []
    for roll in ROLLS:
        for category, row in enumerate(OPENSPIEL_ROWS):
            theirs = _openspiel_score(pyspiel, game, roll, category)
            if variant.score(row, roll) != theirs:
                differ.append((str(roll), row, variant.score(row, roll), theirs))
    assert not differ
    # and exercism's Yacht is another game in exactly the two boxes the page names
    yacht = page["yacht"]
    changed = {row for roll in ROLLS for row in OPENSPIEL_ROWS if yacht.score(row, roll) != variant.score(row, roll)}
    assert changed == {"four_of_a_kind", "full_house"}


def _category_names(game: Any) -> list[str]:
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(0)
    return [state.action_to_string(0, action) for action in state.legal_actions()]
