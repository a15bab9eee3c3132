"""The planning bots on a result declared as points (Balut's table, a user's own), on positions built by hand.

They check what the award pricing computes and that the levels play whole games
legally and reproducibly; how much stronger it makes them is measured in
benchmarks/bots.py and docs/explanation/bots.md, not here.
"""

from __future__ import annotations

import numpy as np
import pytest

import yamskit
from yamskit.actions import Roll, Score, Scratch
from yamskit.bots import GreedyPlayer, StrongPlayer, play, player
from yamskit.bots.points import TIE_RATE, AwardView, total_rate
from yamskit.bots.sheet import SheetView
from yamskit.categories import Category, face_sum, total
from yamskit.dice import Dice
from yamskit.scorecard.points import Award, PointsTable
from yamskit.variants.balut import POINTS


def _balut(moves: list[tuple[str, str]], *, won_on: str = "points") -> yamskit.GameState:
    """A solitaire Balut after ``moves``: (dice of one throw, row), a row starting with ``-`` crossed out."""
    g = yamskit.variant("balut", won_on=won_on).new_game(players=["P"], seed=1)
    for faces, row in moves:
        g = g.apply(Roll(outcome=faces))
        g = g.apply(Scratch(row[1:]) if row.startswith("-") else Score(row))
    return g


def _line(view: AwardView, row: str) -> int:
    return next(i for i, line in enumerate(view.lines) if line.award.row == row)


def _first_open(g: yamskit.GameState, category: str) -> int:
    rules = g.rules
    sheet = g.sheets[g.current_player]
    heads = rules.row_heads
    head = rules.row_index(category)
    return next(r for r in range(len(rules.rows)) if heads[r] == head and sheet.cells[0][r].is_empty)


def test_the_rate_is_the_total_one_point_of_the_bands_is_worth() -> None:
    assert total_rate(POINTS) == 50.0
    assert total_rate(PointsTable((Award.per_box("balut", 2),))) == TIE_RATE
    uneven = PointsTable((Award.bands(((0, 0), (100, 1), (120, 2), (140, 3))),))
    assert total_rate(uneven) == 20.0


def test_no_award_view_without_a_points_table() -> None:
    assert AwardView.of(yamskit.variant("balut", won_on="total").new_game(seed=1)) is None
    assert SheetView.of(yamskit.variant("classic").new_game(seed=1)).awards is None
    assert SheetView.of(yamskit.variant("balut").new_game(seed=1)).awards is not None


def test_a_zero_in_the_last_straight_box_costs_most_of_the_award() -> None:
    g = _balut([("12345", "straight"), ("23456", "straight"), ("12345", "straight")])
    view = AwardView.of(g.apply(Roll(outcome="11111")))
    assert view is not None
    line = view.lines[_line(view, "straight")]
    last = _first_open(g, "straight")
    assert line.boxes == ((last, 0),)
    chance = line.chance[(last, 0)]
    assert 0.2 < chance < 1.0
    zero, fifteen = view.gain(last, 0, np.array([0.0, 15.0]))
    assert zero == pytest.approx(-50.0 * 4 * chance)
    assert fifteen == pytest.approx(50.0 * 4 * (1.0 - chance))


def test_hard_keeps_the_last_straight_open_when_other_boxes_can_take_the_dice() -> None:
    g = _balut([("12345", "straight"), ("23456", "straight"), ("12345", "straight")])
    g = g.apply(Roll(outcome="11236")).apply(Roll(keep=Dice.parse("1236"), outcome="1"))
    g = g.apply(Roll(keep=Dice.parse("1236"), outcome="6"))
    assert g.turn.throws_left == 0
    choice = StrongPlayer(g.variant).choose(g)
    assert isinstance(choice, (Score, Scratch))
    assert choice.row != "straight"
    # on the first throw it plays for the straight: it keeps a run of four different faces
    g = _balut([("12345", "straight"), ("23456", "straight"), ("12345", "straight")])
    keep = StrongPlayer(g.variant).choose(g.apply(Roll(outcome="12344")))
    assert isinstance(keep, Roll)
    assert keep.keep == Dice.parse("1234")


def test_a_spoiled_row_award_is_worth_nothing_more() -> None:
    g = _balut([("11111", "-straight"), ("12345", "straight")])
    view = AwardView.of(g.apply(Roll(outcome="11111")))
    assert view is not None
    r = _first_open(g, "straight")
    assert view.lines[_line(view, "straight")].spoiled
    assert list(view.gain(r, 0, np.array([0.0, 20.0]))) == [0.0, 0.0]


def test_a_threshold_out_of_reach_or_reached_is_worth_nothing_more() -> None:
    out = _balut([("11111", "-fours"), ("11111", "-fours"), ("12345", "fours")])  # 4: 48 more needed, 20 at most
    view = AwardView.of(out.apply(Roll(outcome="11111")))
    assert view is not None
    line = view.lines[_line(view, "fours")]
    assert line.reach(line.written, line.boxes) == 0.0
    assert list(view.gain(_first_open(out, "fours"), 0, np.array([0.0, 20.0]))) == [0.0, 0.0]
    reached = _balut([("44444", "fours"), ("44444", "fours"), ("44441", "fours")])  # 56
    view = AwardView.of(reached.apply(Roll(outcome="11111")))
    assert view is not None
    assert list(view.gain(_first_open(reached, "fours"), 0, np.array([0.0, 20.0]))) == [0.0, 0.0]


def test_a_threshold_within_reach_prices_its_chance() -> None:
    g = _balut([("44444", "fours"), ("44441", "fours"), ("44412", "fours")])  # 48: the last box needs a 4
    view = AwardView.of(g.apply(Roll(outcome="11111")))
    assert view is not None
    r = _first_open(g, "fours")
    line = view.lines[_line(view, "fours")]
    before = line.reach(line.written, line.boxes)
    assert 0.5 < before < 1.0  # one 4 in an aimed turn: nearly sure
    zero, four = view.gain(r, 0, np.array([0.0, 4.0]))
    assert zero == pytest.approx(-100.0 * before)
    assert four == pytest.approx(100.0 * (1.0 - before))


def test_the_plain_pricing_counts_points_now_and_awards_spoiled() -> None:
    g = _balut([("12345", "straight")]).apply(Roll(outcome="11111"))
    view = AwardView.of(g, plain=True)
    assert view is not None
    rules = g.rules
    assert list(view.gain(_first_open(g, "straight"), 0, np.array([0.0, 15.0]))) == [-200.0, 50.0]  # 4 x 50 / 4
    assert list(view.gain(rules.row_index("balut"), 0, np.array([0.0, 25.0]))) == [0.0, 100.0]
    assert list(view.gain(rules.row_index("choice"), 0, np.array([30.0]))) == [0.0]


def test_a_later_box_of_a_category_is_played() -> None:
    g = _balut([("66666", "balut"), ("11111", "-fours")]).apply(Roll(outcome="55555"))
    for level in ("medium", "hard"):
        assert player(g.variant, level).choose(g) == Score("balut")


def test_easy_reads_no_award() -> None:
    # the greedy bot writes the most points now: it plays the same game whatever decides the winner
    seen = []
    for won_on in ("points", "total"):
        v = yamskit.variant("balut", won_on=won_on)
        g = play(v.new_game(players=["A", "B"], seed=3), [GreedyPlayer(), GreedyPlayer()])
        seen.append([[cell.points for cell in sheet.cells[0]] for sheet in g.sheets])
    assert seen[0] == seen[1]


def _mini() -> yamskit.ScorecardVariant:
    table = PointsTable((Award.at_least("sixes", 24, 3), Award.no_zero("chance", 2), Award.per_box("sixes", 1)))
    return yamskit.ScorecardVariant.define(
        "docs-points-mini",
        rows=[Category("sixes", face_sum(6), boxes=3), Category("chance", total, boxes=2)],
        result=table,
    )


def test_a_users_own_points_table_is_priced() -> None:
    v = _mini()
    view = SheetView.of(v.new_game(seed=1).apply(Roll(outcome="66612")))
    assert view.awards is not None
    assert view.awards.rate == TIE_RATE
    assert [line.award.kind for line in view.awards.lines] == ["at_least", "no_zero", "per_box"]


def _moves(variant: yamskit.ScorecardVariant, levels: tuple[str, str], seed: int) -> list[str]:
    bots = [player(variant, level, seed=seed) for level in levels]
    g = variant.new_game(players=["A", "B"], seed=seed)
    out = []
    while not g.is_over:
        action = bots[g.current_player].choose(g)
        assert g.is_legal(action)
        out.append(str(action))
        g = g.apply(action)
    return out


@pytest.mark.parametrize(
    ("name", "options", "levels"),
    [
        ("balut", {}, ("hard", "medium")),
        ("balut", {"won_on": "total"}, ("hard", "easy")),
        ("mini", {}, ("hard", "medium")),
    ],
)
def test_whole_seeded_games_are_legal_and_deterministic(
    name: str, options: dict[str, str], levels: tuple[str, str]
) -> None:
    variant = _mini() if name == "mini" else yamskit.variant(name, **options)
    first = _moves(variant, levels, seed=7)
    assert first == _moves(variant, levels, seed=7)
    final = play(variant.new_game(players=["A", "B"], seed=7), [player(variant, lv, seed=7) for lv in levels])
    assert final.is_over
