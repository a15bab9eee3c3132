"""docs/rules/games.md: one row per built-in game, its facts read from the variants themselves."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import yamskit
from yamskit.registry import variant_names

PAGE = Path(__file__).resolve().parents[1] / "docs" / "rules" / "games.md"
COLUMNS = ("Game", "Name", "Players", "Dice", "Throws", "Boxes", "What is special", "Options", "Sources checked")


def _rows() -> dict[str, dict[str, str]]:
    """The table's rows by game name (the backticked name), each a dict of its cells."""
    lines = [line for line in PAGE.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    assert tuple(header) == COLUMNS
    rows = {}
    for line in lines[2:]:  # under the header and its rule
        cells = dict(zip(COLUMNS, (cell.strip() for cell in line.strip("|").split("|")), strict=True))
        rows[cells["Name"].strip("`")] = cells
    return rows


ROWS = _rows()


def _seats(variant: Any) -> list[int]:
    """The numbers of players, 1 to 9, that ``variant`` starts a game with."""
    seats = []
    for n in range(1, 10):
        try:
            variant.new_game(players=[f"P{i}" for i in range(n)], seed=0)
        except yamskit.RuleConfigError:
            continue
        seats.append(n)
    return seats


def _players(name: str) -> tuple[int, int]:
    """The fewest and most players of ``name`` over its modes."""
    modes = yamskit.registry.option_choices(name).get("mode", (None,))
    seats = [n for mode in modes for n in _seats(yamskit.variant(name, **({} if mode is None else {"mode": mode})))]
    return min(seats), max(seats)


def test_every_built_in_game_has_one_row() -> None:
    assert sorted(ROWS) == sorted(variant_names())


@pytest.mark.parametrize("name", sorted(ROWS))
def test_a_row_says_what_the_variant_does(name: str) -> None:
    row = ROWS[name]
    variant: Any = yamskit.variant(name)
    turn = variant.new_game(players=[f"P{i}" for i in range(_seats(variant)[0])], seed=0).turn
    assert row["Dice"] == str(turn.dice_count)
    assert row["Throws"] == str(turn.max_throws)
    low, high = _players(name)
    assert row["Players"] == (str(low) if low == high else f"{low}-{high}")
    rules = getattr(variant, "rules", None)
    boxes = "—" if rules is None else str(len(variant.rows) * len(variant.columns))
    assert row["Boxes"] == boxes
    options = re.findall(r"`([a-z_]+)`", row["Options"])
    assert options == list(variant.options), f"{name}: the page lists {options}, the variant {list(variant.options)}"
    assert re.fullmatch(r"\[[^\]]+\]\([a-z-]+\.md\)", row["Game"]), row["Game"]
    link = PAGE.parent / row["Game"].split("(")[1].rstrip(")")
    assert link.is_file()
