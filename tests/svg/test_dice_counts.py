"""A throw of three, six or eight dice draws whole: every die inside the picture, kept ones marked, no clash.

The sheets of other dice counts than five (Crag's three dice, a user's six and eight) are
drawn by the same code as the five-dice games; these pictures check the dice row under the
sheet of one player (the narrowest picture, so the widest row of dice must widen it) and the
text view's status line.
"""

from __future__ import annotations

import pytest

import yamskit
from yamskit import Roll
from yamskit.categories import Category, total, upper
from yamskit.scorecard import ScorecardVariant
from yamskit.svg import dice, sheet, svg

from .geometry import problems
from .test_svg import by_class, parse


def _sheet_of(count: int) -> ScorecardVariant:
    if count == 3:
        return yamskit.variant("crag")
    rows = [*(upper(face) for face in range(1, 7)), Category("chance", total)]
    return ScorecardVariant.define(f"dice-{count}", rows=rows, dice=count)


@pytest.mark.parametrize("count", [1, 3, 6, 8])
def test_a_throw_of_the_sheets_dice_is_drawn_whole_inside_the_picture(count: int) -> None:
    variant = _sheet_of(count)
    game = variant.new_game(players=["Al"], seed=count).apply(Roll(outcome="6" * count))
    keep = "6" * (count - 1)
    game = game.apply(Roll(keep=keep, outcome="1"))
    picture = sheet(game)
    assert picture == svg(game)
    root = parse(picture)
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    drawn = by_class(root, "die")
    assert [d.attrib["data-face"] for d in drawn] == list(keep + "1")
    assert [d.attrib["data-kept"] for d in drawn] == ["true"] * (count - 1) + ["false"]
    for die in drawn:
        (face,) = [e for e in die if e.tag.endswith("rect")]
        x, y = float(face.attrib["x"]), float(face.attrib["y"])
        assert x >= 0, (count, x)
        assert x + float(face.attrib["width"]) <= width, (count, x)
        assert y >= 0, (count, y)
        assert y + float(face.attrib["height"]) <= height, (count, y)
    assert problems(picture) == []
    status = str(game).splitlines()[-1]
    assert f"dice {game.turn.dice}" in status
    assert status.endswith(f"throws 2/{variant.rules.max_throws}")


@pytest.mark.parametrize("faces", ["135", "661", "123456", "66554411"])
def test_dice_alone_draw_any_count_with_the_kept_ones_first(faces: str) -> None:
    root = parse(dice(faces, kept=faces[:2]))
    drawn = by_class(root, "die")
    assert len(drawn) == len(faces)
    assert [d.attrib["data-kept"] for d in drawn].count("true") == 2
    assert float(root.attrib["width"]) >= len(faces) * 40


def test_the_text_view_shows_three_dice_and_two_throws() -> None:
    game = yamskit.variant("crag").new_game(players=["Ann"], seed=1).apply(Roll(outcome="661"))
    assert "Ann to play: dice 166, throws 1/2" in str(game)
    assert "Crag" in str(game)
