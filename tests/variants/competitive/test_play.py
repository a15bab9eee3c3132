"""Competitive Yams: column fill orders, the turbo column, and whole games in every mode."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import yamskit
from tests.playout import assert_illegal, random_playout
from tests.strategies import faces
from tests.variants.competitive.test_rules import new_game, with_cells
from yamskit import ColumnConditionError, Dice, GameOverError, Pass, Roll, Score, ScorecardGame, Scratch

ROWS = 13
SUMS = ("small_sum", "large_sum")


def only_column(game: ScorecardGame, column: str) -> ScorecardGame:
    """``game`` with every box of every player crossed out except those of ``column``."""
    for player in range(len(game.players)):
        others = {(row, c): 0 for row in game.variant.rows for c in game.variant.columns if c != column}
        game = with_cells(game, player, others)
    return game


def turns_of(history: Any, player: int, column: str) -> list[tuple[int, int]]:
    """(row index, throws used) of each box ``player`` filled in ``column``, in order."""
    from yamskit.variants.competitive import rows

    ids = [r.id for r in rows()]
    out, throws = [], 0
    for move in history:
        if isinstance(move.action, Roll):
            throws += 1
        else:
            if move.player == player and move.action.column == column:
                out.append((ids.index(move.action.row), throws))
            throws = 0
    return out


def play_column(column: str, seed: int) -> ScorecardGame:
    game = only_column(new_game(seed=seed), column)
    rng = random.Random(seed)
    while not game.is_over:
        legal = list(game.legal_actions())
        assert legal, "never stranded"
        game = game.apply(rng.choice(legal))
    return game


def is_block(rows: list[int]) -> bool:
    return max(rows) - min(rows) + 1 == len(rows)


seeds = st.integers(min_value=0, max_value=10**9)


@settings(max_examples=15)
@given(seeds)
def test_down_fills_top_to_bottom(seed: int) -> None:
    order = [r for r, _ in turns_of(play_column("down", seed).history, 0, "down")]
    assert order == list(range(ROWS))


@settings(max_examples=15)
@given(seeds)
def test_up_fills_bottom_to_top(seed: int) -> None:
    order = [r for r, _ in turns_of(play_column("up", seed).history, 1, "up")]
    assert order == list(reversed(range(ROWS)))


@settings(max_examples=15)
@given(seeds)
def test_mid_starts_at_sixes_or_small_sum_and_grows_as_one_block(seed: int) -> None:
    order = [r for r, _ in turns_of(play_column("mid", seed).history, 0, "mid")]
    assert order[0] in (5, 6)
    assert all(is_block(order[:n]) for n in range(1, ROWS + 1))


@settings(max_examples=15)
@given(seeds)
def test_connected_starts_anywhere_and_grows_as_one_block(seed: int) -> None:
    order = [r for r, _ in turns_of(play_column("connected", seed).history, 1, "connected")]
    assert sorted(order) == list(range(ROWS))
    assert all(is_block(order[:n]) for n in range(1, ROWS + 1))


@settings(max_examples=15)
@given(seeds)
def test_turbo_boxes_take_at_most_two_throws(seed: int) -> None:
    game = play_column("turbo", seed)
    for player in (0, 1):
        filled = turns_of(game.history, player, "turbo")
        assert sorted(r for r, _ in filled) == list(range(ROWS))
        assert all(throws <= 2 for _, throws in filled)


def test_turbo_refuses_a_third_throw_when_only_turbo_boxes_are_left() -> None:
    game = only_column(new_game(), "turbo").apply(Roll()).apply(Roll(keep=""))
    assert_illegal(game, Roll(keep=""), ColumnConditionError)
    assert game.is_legal(Score("ones", "turbo"))
    open_free = with_cells(new_game(), 0, {})  # every column open: a third throw is fine
    open_free = open_free.apply(Roll()).apply(Roll(keep=""))
    assert open_free.is_legal(Roll(keep=""))
    third = open_free.apply(Roll(keep=""))
    assert_illegal(third, Score("ones", "turbo"), ColumnConditionError)


# ---------------------------------------------------------------- whole games


def sums_hold(state: ScorecardGame) -> None:
    """small_sum < large_sum on every sheet and column where both hold numbers."""
    for sheet in state.sheets:
        for c in range(len(state.variant.columns)):
            small, large = (sheet.cells[c][state.variant.rules.row_index(r)] for r in SUMS)
            if small.value and large.value:
                assert small.value < large.value
            if not small.is_empty and not large.is_empty:
                assert (small.value == 0) == (large.value == 0), "a 0 in one sum crosses out the other"


def candidates(state: ScorecardGame) -> list[Any]:
    """Two actions that are usually illegal (a different pair at each step), and the per-state invariants."""
    sums_hold(state)
    assert state.is_over == all(sheet.empty_count == 0 for sheet in state.sheets)
    out: list[Any] = [
        Scratch("ones", "free"),
        Score("ones"),
        Score("chance", "free"),
        Pass(),
        Roll(keep="66666"),
    ]
    sheet = state.sheets[state.current_player]
    for c, column in enumerate(state.variant.columns):
        for r, cell in enumerate(sheet.cells[c]):
            if not cell.is_empty:
                out.append(Score(state.variant.rows[r], column))  # occupied
                break
    out.append(Score("ones", "up"))
    out.append(Score("yams", "down"))
    out.append(Score("yams", "turbo"))
    step = len(state.history)
    return [out[step % len(out)], out[(step * 7 + 3) % len(out)]]


def large_sums_beat_every_small_sum_when_written(start: ScorecardGame, actions: list[Any]) -> int:
    """Replay ``actions``: every large_sum written with points exceeds every small_sum of its column then."""
    state, checked = start, 0
    for action in actions:
        if isinstance(action, Score) and action.row == "large_sum":
            smalls = [state.cell(p, "small_sum", action.column).value for p in range(len(state.players))]
            after = state.apply(action)
            written = after.cell(state.current_player, "large_sum", action.column).value
            if written:
                assert written > max(smalls)
                checked += 1
            state = after
        else:
            state = state.apply(action)
    return checked


def assert_complete(end: ScorecardGame, moves: int) -> None:
    assert end.is_over
    assert all(sheet.empty_count == 0 for sheet in end.sheets)
    scores = [m for m in end.history if isinstance(m.action, Score)]
    assert len(scores) == moves
    assert all(sum(1 for m in scores if m.player == p) == 78 for p in range(len(end.players)))
    r = end.result()
    assert sum(r.scores) == 0
    assert len(r.details["duels"]) == 6 * (1 if len(end.players) == 2 else len(end.players))


def test_1v1_random_game_with_every_check_at_every_step() -> None:
    start = new_game(seed=11)
    end, actions = random_playout(start, random.Random(11), candidates)
    assert_complete(end, 2 * 78)
    r = end.result()
    assert r.scores[0] == -r.scores[1]
    assert r.winners == ((0,) if r.scores[0] > 0 else (1,) if r.scores[0] < 0 else (0, 1))
    assert large_sums_beat_every_small_sum_when_written(start, actions) > 0


@pytest.mark.slow  # whole three- and four-player games: the endgame tests below check them in the quick run
def test_1v1v1_random_game() -> None:
    start = new_game("1v1v1", seed=12)
    end, actions = random_playout(start, random.Random(12), candidates, every=3, apply_all=False)
    assert_complete(end, 3 * 78)
    assert end.result().winners == tuple(i for i, s in enumerate(end.result().scores) if s == max(end.result().scores))
    assert large_sums_beat_every_small_sum_when_written(start, actions) > 0


@pytest.mark.slow
def test_2v2_random_game() -> None:
    start = new_game("2v2", seed=13)
    end, actions = random_playout(start, random.Random(13), candidates, every=7, apply_all=False)
    assert_complete(end, 4 * 78)
    teams = end.result().details["teams"]
    assert teams[0]["score"] == -teams[1]["score"]
    assert large_sums_beat_every_small_sum_when_written(start, actions) > 0


@pytest.mark.parametrize("mode", ["1v1v1", "2v2"])
def test_endgame_with_every_check_at_every_step(mode: str) -> None:
    """Play quickly to the last few boxes, then check everything at every step to the end."""
    state, rng = new_game(mode, seed=21), random.Random(21)
    while sum(sheet.empty_count for sheet in state.sheets) > 5 * len(state.players):
        state = state.apply(rng.choice(list(state.legal_actions())))
    end, _ = random_playout(state, rng, candidates)
    assert_complete(end, len(end.players) * 78)


def test_a_finished_game_refuses_everything() -> None:
    state, rng = new_game(seed=5), random.Random(5)
    end, _ = random_playout(state, rng, every=50, apply_all=False)
    assert list(end.legal_actions()) == []
    assert_illegal(end, Roll(), GameOverError)
    assert_illegal(end, Score("ones", "free"), GameOverError)


class CompetitiveMachine(RuleBasedStateMachine):
    """Random games whose dice hypothesis chooses, checking the scoring rules at every step."""

    def __init__(self) -> None:
        super().__init__()
        self.state = new_game()

    @initialize(mode=st.sampled_from(["1v1", "1v1v1", "2v2"]), seed=seeds)
    def start(self, mode: str, seed: int) -> None:
        self.state = new_game(mode, seed=seed)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        before = self.state
        action = data.draw(st.sampled_from(list(before.legal_actions())))
        if isinstance(action, Roll):
            thrown = 5 - len(action.keep)
            action = Roll(keep=action.keep, outcome=Dice(data.draw(st.lists(faces, min_size=thrown, max_size=thrown))))
        self.state = before.apply(action)
        if isinstance(action, Score):
            assert action.column is not None
            value = self.state.cell(before.current_player, action.row, action.column).value
            others = [before.cell(p, action.row, action.column).value for p in range(len(before.players))]
            if value:
                assert value >= max(others), "golden rule"
            if before.turn.is_first_throw and len(set(before.dice.faces)) == 1 and action.row not in SUMS:
                assert value == before.variant.category(action.row).max, "a sec writes the row's maximum"

    @invariant()
    def sums_stay_ordered(self) -> None:
        sums_hold(self.state)

    @invariant()
    def duels_are_zero_sum(self) -> None:
        r = self.state.result()
        assert sum(r.scores) == 0
        assert sum(t["score"] for t in r.details["teams"]) == 0
        for d in r.details["duels"]:
            assert d["points"][0] == -d["points"][1]

    @invariant()
    def json_round_trip(self) -> None:
        assert yamskit.load_game(self.state.to_json()) == self.state


TestCompetitiveMachine = CompetitiveMachine.TestCase
TestCompetitiveMachine.settings = settings(max_examples=15, stateful_step_count=40)
