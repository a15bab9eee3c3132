"""The duel-sheet player (Competitive Yams's ``"expert"``): its laws, its chances, its weights, whole games.

No strength claims here: benchmarks/bots.py measures it against ``"hard"`` (docs/performance.md).
"""

from __future__ import annotations

import math
import random
import statistics

import attrs
import numpy as np
import pytest

import yamskit
from yamskit.bots import GreedyPlayer, play, player
from yamskit.bots.duel_sheet import (
    ColumnLaws,
    DuelSheetPlayer,
    _scaled,
    column_weights,
    duel_scoring,
    win_chance,
)
from yamskit.bots.expert import ExpertPlayer
from yamskit.categories import Category, total, upper
from yamskit.errors import RuleConfigError, YamskitError
from yamskit.game import GameState
from yamskit.result import Result
from yamskit.scorecard import Column
from yamskit.scorecard.rules import SheetState

MODES = {"1v1": 2, "1v1v1": 3, "2v2": 4}


def _midgame(mode: str, *, seed: int, moves: int) -> GameState:
    v = yamskit.variant("competitive", mode=mode)
    game = v.new_game(players=[f"P{i}" for i in range(MODES[mode])], seed=seed)
    greedy = GreedyPlayer()
    for _ in range(moves):
        game = game.apply(greedy.choose(game))
    return game


def _reference_chance(game: GameState, seat: int, draws: int, rng: random.Random) -> float:
    """The chance to win under the same laws, drawn one duel at a time through the result's own hook."""
    duels = duel_scoring(game.rules)
    assert duels is not None
    laws = [ColumnLaws.of(game, s) for s in range(len(game.players))]
    sides = [tuple(t.seats) for t in game.result().teams] or [(s,) for s in range(len(game.players))]
    wins = 0.0
    for _ in range(draws):
        raws = [[max(0, round(rng.gauss(m, v**0.5))) for m, v in zip(law.mean, law.var, strict=False)] for law in laws]
        clean = [[rng.random() < p for p in law.clean] for law in laws]
        points = [0] * len(game.players)
        for a, b in duels.pairs:
            for c, coefficient in enumerate(game.column_weights):
                won = duels.duel_points(
                    raws[a][c], raws[b][c], clean_a=clean[a][c], clean_b=clean[b][c], coefficient=coefficient
                )
                points[a] += won
                points[b] -= won
        side_points = [sum(points[s] for s in side) for side in sides]
        mine = side_points[next(i for i, side in enumerate(sides) if seat in side)]
        best_other = max(p for i, p in enumerate(side_points) if seat not in sides[i])
        wins += 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
    return wins / draws


@pytest.mark.parametrize(
    ("mode", "seed", "moves"), [("1v1", 1, 60), ("1v1", 2, 150), ("1v1v1", 3, 120), ("2v2", 4, 200)]
)
def test_the_win_chance_agrees_with_a_duel_by_duel_draw_of_the_same_laws(mode: str, seed: int, moves: int) -> None:
    game = _midgame(mode, seed=seed, moves=moves)
    seat = game.current_player
    fast = win_chance(game, seat, samples=4000)
    slow = _reference_chance(game, seat, 2000, random.Random(seed))
    # two independent estimates of one chance: 4 standard errors of their difference
    spread = (fast * (1 - fast) / 4000 + slow * (1 - slow) / 2000) ** 0.5
    assert abs(fast - slow) <= 4 * spread + 0.005


@pytest.mark.parametrize("mode", sorted(MODES))
def test_the_chances_of_every_side_add_up_to_one(mode: str) -> None:
    game = _midgame(mode, seed=7, moves=40 * MODES[mode])
    seats = range(len(game.players))
    sides = {tuple(t.seats) for t in game.result().teams} or {(s,) for s in seats}
    total = sum(win_chance(game, side[0], samples=2000) for side in sides)
    assert total == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_at_the_end_the_laws_are_the_sheets_and_the_chance_is_the_result(mode: str) -> None:
    v = yamskit.variant("competitive", mode=mode)
    final = play(v.new_game(players=[f"P{i}" for i in range(MODES[mode])], seed=5), [GreedyPlayer()] * MODES[mode])
    details = final.result().details
    for seat in range(MODES[mode]):
        laws = ColumnLaws.of(final, seat)
        columns = details["columns"][seat]
        assert laws.mean == tuple(float(columns[c.id]["raw"]) for c in final.rules.columns)
        assert laws.var == (0.0,) * len(final.rules.columns)
        assert laws.clean == tuple(1.0 if columns[c.id]["clean"] else 0.0 for c in final.rules.columns)
    result = final.result()
    sides = [t.seats for t in result.teams] or [(s,) for s in range(MODES[mode])]
    for seat in range(MODES[mode]):
        mine = next(sum(result.scores[s] for s in side) for side in sides if seat in side)
        best_other = max(sum(result.scores[s] for s in side) for side in sides if seat not in side)
        expected = 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
        assert win_chance(final, seat, samples=200) == expected
        side = next(side for side in sides if seat in side)
        assert (expected == 1.0) == (set(result.winners) == set(side))


def test_the_column_weights_keep_the_coefficients_scale_and_follow_a_coefficient() -> None:
    columns = yamskit.variant("competitive").rules.column_ids
    level = dict.fromkeys(columns, 10)
    weights = {}
    for free in (10, 30):
        v = yamskit.variant("competitive", coefficients={**level, "free": free})
        weights[free] = column_weights(v.new_game(players=["A", "B"], seed=1), samples=4000)
        assert statistics.mean(weights[free]) == pytest.approx(
            statistics.mean(v.new_game(players=["A", "B"]).column_weights)
        )
    free = columns.index("free")
    share = {k: w[free] / sum(w) for k, w in weights.items()}
    assert share[30] > 1.5 * share[10]


def test_weights_too_small_to_divide_give_the_coefficients() -> None:
    # a decided game leaves kernel values of 1e-320: their mean is 0, and dividing by it made
    # every weight infinite and the bot's gains NaN (seen in a 2v2 benchmark)
    coefficients = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    for tiny in ([5e-324, 0, 0, 0, 0, 0], [1e-300] * 6, [np.nan, 0, 0, 0, 0, 0], [0.0] * 6):
        assert _scaled(np.array(tiny), coefficients) == tuple(coefficients)
    scaled = _scaled(np.array([1e-3, 3e-3, 0, 0, 0, 0]), coefficients)
    assert statistics.mean(scaled) == pytest.approx(3.5)
    assert scaled[1] == pytest.approx(3 * scaled[0])
    assert min(scaled) > 0


@pytest.mark.parametrize("mode", ["1v1", "2v2"])
def test_the_column_weights_are_finite_and_positive_through_a_whole_game(mode: str) -> None:
    seats = 4 if mode == "2v2" else 2
    game = yamskit.variant("competitive", mode=mode).new_game(players=list("ABCD")[:seats], seed=7)
    greedy, checked = GreedyPlayer(), 0
    while not game.is_over:
        action = greedy.choose(game)
        if not isinstance(action, yamskit.Roll):  # a box is written: every decision's weights before it
            weights = column_weights(game, samples=300)
            assert all(math.isfinite(w) and w > 0 for w in weights), weights
            checked += 1
        game = game.apply(action)
    assert checked == seats * len(game.rules.rows) * len(game.rules.columns)


def test_the_player_plays_every_mode_legally_and_alike_for_a_seed() -> None:
    for mode, seats in MODES.items():
        v = yamskit.variant("competitive", mode=mode)
        runs = set()
        for _ in range(2 if mode == "1v1" else 1):
            state = v.new_game(players=[f"P{i}" for i in range(seats)], seed=3)
            bots = {0: DuelSheetPlayer(seed=4, samples=300)}
            while not state.is_over:
                action = bots.get(state.current_player, GreedyPlayer()).choose(state)
                assert state.is_legal(action)
                state = state.apply(action)
            runs.add(tuple(str(m.action) for m in state.history))
        assert len(runs) == 1


def test_the_expert_level_of_a_duel_sheet_is_the_duel_sheet_player() -> None:
    v = yamskit.variant("competitive", mode="1v1v1")
    expert = player(v, "expert", seed=6)
    assert isinstance(expert, ExpertPlayer)
    assert expert.versus == DuelSheetPlayer(seed=6)
    state = v.new_game(players=["A", "B", "C"], seed=2).apply(yamskit.Roll(outcome="66543"))
    search = expert.search(state)
    assert search.rollouts == 0
    assert search.choice == DuelSheetPlayer(seed=6).choose(state)
    assert not isinstance(player(yamskit.variant("challenge"), "expert").versus, DuelSheetPlayer)
    assert player(yamskit.variant("classic"), "expert", cache=False).versus is None


def test_the_prices_are_the_hooks_points() -> None:
    from yamskit.bots.duel_sheet import _prices

    rules = yamskit.variant("competitive").rules
    duels = duel_scoring(rules)
    assert duels is not None
    prices = _prices(rules, duels)
    rng = np.random.default_rng(0)
    a, b = rng.integers(0, prices.top + 1, 500).astype(float), rng.integers(0, prices.top + 1, 500).astype(float)
    ca, cb = rng.integers(0, 2, 500).astype(float), rng.integers(0, 2, 500).astype(float)
    got = prices(14, a, b, ca, cb)
    want = [
        duels.duel_points(int(x), int(y), clean_a=bool(p), clean_b=bool(q), coefficient=14)
        for x, y, p, q in zip(a, b, ca, cb, strict=True)
    ]
    assert got.tolist() == want


def test_games_not_scored_by_duels_and_bad_options_are_refused() -> None:
    classic = yamskit.variant("classic").new_game(players=["A", "B"], seed=1)
    with pytest.raises(RuleConfigError, match="duels"):
        DuelSheetPlayer().choose(classic)
    with pytest.raises(RuleConfigError, match="duels"):
        win_chance(classic, 0)
    for bad in ({"samples": 0}, {"checked": -1}, {"depth": 1.5}):
        with pytest.raises(RuleConfigError):
            DuelSheetPlayer(**bad)  # type: ignore[arg-type]
    final = play(yamskit.variant("competitive").new_game(players=["A", "B"], seed=1), [GreedyPlayer()] * 2)
    with pytest.raises(YamskitError, match="over"):
        DuelSheetPlayer().choose(final)


@attrs.frozen
class _TwoColumnDuels:
    """A user's own result scored by duels: each column's sum against the other seat's, no coefficients."""

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        return ((0, 1),)

    def duel_points(self, raw_a: int, raw_b: int, *, clean_a: bool, clean_b: bool, coefficient: int) -> int:
        return (raw_a - raw_b) * coefficient

    def __call__(self, game: SheetState) -> Result:
        raws = [[sum(cell.value for cell in col if not cell.is_empty) for col in sheet.cells] for sheet in game.sheets]
        points = sum(
            self.duel_points(a, b, clean_a=False, clean_b=False, coefficient=1) for a, b in zip(*raws, strict=True)
        )
        return Result.from_scores(tuple(game.players), (points, -points))


def test_a_users_sheet_scored_by_duels_gets_the_duel_sheet_expert() -> None:
    sheet = yamskit.ScorecardVariant.define(
        "duel-tiny",
        rows=[upper(5), upper(6), Category("chance", total)],
        columns=(Column("left"), Column("right")),
        result=_TwoColumnDuels(),
        players=(2, 2),
    )
    expert = player(sheet, "expert", cache=False)
    assert isinstance(expert, ExpertPlayer)
    assert expert.versus is not None
    state = sheet.new_game(players=["A", "B"], seed=2)
    while not state.is_over:
        action = expert.choose(state) if state.current_player == 0 else GreedyPlayer().choose(state)
        assert state.is_legal(action)
        state = state.apply(action)
    assert win_chance(state, 0) in (0.0, 0.5, 1.0)
