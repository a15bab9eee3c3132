"""The fitted corrections of the split evaluation: features, offsets, and the choices they change."""

from __future__ import annotations

import numpy as np
import pytest

import yamskit
from yamskit.bots import fitted
from yamskit.bots.lookahead import box_placement, keep_or_box
from yamskit.bots.split import _gains, choose_split, split_parts
from yamskit.solver import solve

#: Positions where the split evaluation without corrections writes a poor number box and the
#: optimal player sacrifices the Yams (or the reverse): the exact best action, in notation.
SACRIFICES = [
    ("classic Player%201 2,4,9,,20,18,,,25,30,,,22 0:0 11124,4+3556,4+2345 87:91", "yams"),
    ("classic Player%201 1,2,,16,20,,,,,30,,,23 0:0 13456,6+1136,66+125 63:69", "yams"),
    ("classic Player%201 ,,9,12,,,16,,25,30,40,50,25 0:0 11223,22+345,22+223 94:79", "twos"),
    ("classic Player%201 2,4,,,20,18,,,25,30,,,20 0:0 13455,345+24,2345+2 142:81", "yams"),
    ("classic Player%201 2,0,9,12,10,,,,25,30,,0,21 0:0 23445,2345+3,2345+4 129:88", "four_of_a_kind"),
]


@pytest.fixture
def uncorrected(monkeypatch: pytest.MonkeyPatch) -> None:
    """The split evaluation as it was before the fit: parts weighted 0.9, no box worth."""
    monkeypatch.setattr(fitted, "PART_WEIGHTS", np.array([[0.9, 0, 0, 0], [0.9, 0, 0, 0]]))
    monkeypatch.setattr(fitted, "BOX_WEIGHTS", np.zeros_like(fitted.BOX_WEIGHTS))


def test_box_features_come_from_the_row_tables_alone() -> None:
    v = yamskit.variant("classic")
    f = fitted.box_features(v.rules, split_parts(v))
    assert f.shape == (13, len(fitted.FEATURES))
    column = {name: f[:, k] for k, name in enumerate(fitted.FEATURES)}
    rows = v.rules.row_index
    assert column["aimed"][rows("sixes")] == pytest.approx(1.2638889)  # 12.64 points in an aimed turn
    assert column["one_throw"][rows("chance")] == pytest.approx(1.75)  # 17.5 points
    assert column["maximum"][rows("yams")] == 5.0
    assert column["one_throw_nonzero"][rows("yams")] == pytest.approx(10 * 6 / 6**5)
    assert column["bonus_row"].tolist() == [1.0] * 6 + [0.0] * 7
    assert column["bonus_aimed"][rows("chance")] == 0.0


def test_box_offsets_are_the_fitted_cubics_of_the_features() -> None:
    x = 0.4
    for k in range(len(fitted.FEATURES)):
        unit = np.zeros((1, len(fitted.FEATURES)))
        unit[0, k] = 2.0
        expected = 2.0 * sum(fitted.BOX_WEIGHTS[k, d] * x**d for d in range(fitted.DEGREE))
        assert fitted.box_offsets(unit, x)[0] == pytest.approx(expected)
    assert fitted.part_weight(True, x) == pytest.approx(float(np.polyval(fitted.PART_WEIGHTS[0][::-1], x)))


def test_split_gains_are_points_plus_weighted_part_change_less_the_box_worth() -> None:
    v = yamskit.variant("classic")
    game = v.new_game(seed=3).apply(yamskit.Roll(outcome="66612")).apply(yamskit.Roll("666", "55"))
    game = game.apply(yamskit.Roll("", "11111")).apply(yamskit.Score("ones"))
    game = game.apply(yamskit.Roll(outcome="33345"))
    gains, _ = _gains(game)
    parts = split_parts(v)
    x = 11 / 12  # twelve boxes open, eleven after this one
    offsets = fitted.box_offsets(fitted.box_features(v.rules, parts), x)
    chance = v.rules.row_index("chance")
    lower, _, values = next(p for p in parts if chance in p[0])
    j = lower.index(chance)
    change = float(values[1 << j, 0, 0] - values[0, 0, 0])
    roll = game.dice.index
    expected = 18 + fitted.part_weight(False, x) * change - offsets[chance]
    assert gains[chance, roll] == pytest.approx(expected)
    assert (gains[v.rules.row_index("ones")] < -1e17).all()  # filled


@pytest.mark.parametrize(("text", "best"), SACRIFICES)
def test_the_corrections_choose_the_box_to_sacrifice_as_the_optimum_does(text: str, best: str) -> None:
    v = yamskit.variant("classic")
    game = v.from_notation(text)
    assert choose_split(game).row == best  # type: ignore[attr-defined]


@pytest.mark.usefixtures("uncorrected")
@pytest.mark.parametrize(("text", "best"), SACRIFICES)
def test_without_the_corrections_the_split_sacrifices_the_wrong_box(text: str, best: str) -> None:
    v = yamskit.variant("classic")
    assert choose_split(v.from_notation(text)).row != best  # type: ignore[attr-defined]


def _regret(v: yamskit.ScorecardVariant, strategy: object, games: int) -> float:
    lost = 0.0
    for seed in range(games):
        game = v.new_game(seed=seed)
        while not game.is_over:
            action = choose_split(game)
            if game.turn.has_thrown:
                lost += next(a.regret for a in strategy.advise(game) if a.action == action)  # type: ignore[attr-defined]
            game = game.apply(action)
    return lost / games


def test_the_corrections_lose_fewer_points_against_the_exact_values(monkeypatch: pytest.MonkeyPatch) -> None:
    v = yamskit.variant("classic")
    strategy = solve(v, processes=1, quiet=True)
    fitted_loss = _regret(v, strategy, 16)
    monkeypatch.setattr(fitted, "PART_WEIGHTS", np.array([[0.9, 0, 0, 0], [0.9, 0, 0, 0]]))
    monkeypatch.setattr(fitted, "BOX_WEIGHTS", np.zeros_like(fitted.BOX_WEIGHTS))
    plain_loss = _regret(v, strategy, 16)
    assert fitted_loss < plain_loss - 0.5


def test_box_placement_writes_the_score_and_refuses_a_filled_box() -> None:
    v = yamskit.variant("classic")
    game = v.new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
    found = box_placement(game, "chance", None)
    assert found is not None
    assert (found[0], found[1].points) == (yamskit.Score("chance"), 15)
    game = game.apply(yamskit.Score("chance")).apply(yamskit.Roll(outcome="12345"))
    assert box_placement(game, "chance", None) is None


def test_keep_or_box_stops_when_no_keep_beats_the_box() -> None:
    v = yamskit.variant("classic")
    game = v.new_game(seed=1).apply(yamskit.Roll(outcome="66666"))
    flat = np.zeros(252)
    assert keep_or_box(game, (50.0, yamskit.Score("yams")), lambda used, fresh: flat, depth=3) == yamskit.Score("yams")
