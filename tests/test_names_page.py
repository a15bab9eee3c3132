"""docs/reference/names.md lists every id of every kind, with its label and aliases, as the code has them."""

from __future__ import annotations

from pathlib import Path

import pytest

import yamskit
from yamskit.names import Names
from yamskit.variants.yam_master.board import LABEL_TABLE
from yamskit.variants.yamslam.chips import CHIP_NAMES

PAGE = Path(__file__).resolve().parents[1] / "docs" / "reference" / "names.md"


def _quoted(values: tuple[str, ...]) -> str:
    return ", ".join(f"`{v}`" for v in values) or "-"


def table_lines(names: Names) -> list[str]:
    """The markdown rows of one table: id, label, aliases, old ids."""
    return [f"| `{e.id}` | {e.label} | {_quoted(e.aliases)} | {_quoted(e.deprecated)} |" for e in names]


def tables() -> dict[str, Names]:
    """Every table of names, by the heading it has on the page."""
    found: dict[str, Names] = {}
    for name in (
        "classic",
        "yahtzee",
        "challenge",
        "competitive",
        "yatzy",
        "yacht",
        "kniffel",
        "generala",
        "maxi-yatzy",
        "balut",
        "crag",
    ):
        rules = yamskit.variant(name).rules
        found[f"{name} rows"] = rules.row_names
        if len(rules.columns) > 1:
            found[f"{name} columns"] = rules.column_names
    found["yam-master cell labels"] = LABEL_TABLE
    found["yamslam chips"] = CHIP_NAMES
    return found


@pytest.mark.parametrize("heading", sorted(tables()))
def test_the_names_page_lists_every_id_with_its_label_and_aliases(heading: str) -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert f"### {heading}" in text
    section = text.split(f"### {heading}", 1)[1].split("\n### ", 1)[0]
    for line in table_lines(tables()[heading]):
        assert line in section, f"{heading}: missing {line!r}"
