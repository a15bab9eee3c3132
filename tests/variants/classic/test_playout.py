"""Whole classic games: a stateful machine and many random playouts, invariants at every step."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import yamskit
from tests.playout import assert_illegal, check_step, random_playout
from tests.strategies import examples
from yamskit import Roll, Score, Scratch
from yamskit.dice import KEEPS, ROLLS
from yamskit.scorecard import ScorecardGame

OPTIONS = [{"joker": joker, "yams_bonus": bonus} for joker in (None, "free", "forced", "seed") for bonus in (0, 100)]
ROWS = yamskit.variant("classic").rows


def placements(game: ScorecardGame, player: int) -> int:
    return sum(1 for m in game.history if m.player == player and isinstance(m.action, (Score, Scratch)))


def check_totals(game: ScorecardGame) -> None:
    """Each total is the sum of the boxes, the upper bonus and the extra points."""
    for p, sheet in enumerate(game.sheets):
        boxes = sum(cell.value for cell in sheet.cells[0])
        upper = sum(cell.value for cell in sheet.cells[0][:6])
        assert game.result().scores[p] == boxes + (35 if upper >= 63 else 0) + sheet.extra
        if not game.variant.options["yams_bonus"]:
            assert sheet.extra == 0


def candidates(game: ScorecardGame) -> list[Any]:
    """Plausible actions, legal or not, to probe every rule."""
    rng = random.Random(len(game.history))
    return [
        Roll(),
        Roll(keep=rng.choice(KEEPS)),
        Roll(keep=game.dice, outcome=""),
        Roll(outcome=str(rng.choice(ROLLS))),
        Score(rng.choice(ROWS)),
        Scratch(rng.choice(ROWS)),
        Score("chance", "other"),
    ]


def check_finished(game: ScorecardGame) -> None:
    assert game.is_over
    for p in range(len(game.players)):
        assert placements(game, p) == 13
        assert all(not c.is_empty for c in game.sheets[p].cells[0])
    check_totals(game)


@pytest.mark.parametrize(
    ("options", "players"),
    [(o, 1 + i % 4) for i, o in enumerate(OPTIONS)],
    ids=[f"{o['joker']}-{o['yams_bonus']}-{1 + i % 4}p" for i, o in enumerate(OPTIONS)],
)
def test_random_games_keep_every_invariant_at_every_step(options: dict[str, Any], players: int) -> None:
    game = yamskit.variant("classic", **options).new_game(players=[f"P{i}" for i in range(players)], seed=players)
    final, chosen = random_playout(game, random.Random(str(options)), candidates, every=1 if players < 4 else 3)
    check_finished(final)
    # Same seed, same actions: the same game.
    replayed = game
    for action in chosen:
        replayed = replayed.apply(action)
    assert replayed == final


GAMES = 400 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 150


def test_hundreds_of_random_games_end_after_thirteen_turns_each() -> None:
    rng = random.Random(2026)
    for index in range(GAMES):
        options = OPTIONS[index % len(OPTIONS)]
        players = [f"P{i}" for i in range(1 + index % 4)]
        game = yamskit.variant("classic", **options).new_game(players=players, seed=index)
        while not game.is_over:
            actions = list(game.legal_actions())
            assert actions
            game = game.apply(rng.choice(actions))
        check_finished(game)
        if index % 50 == 0:
            assert yamskit.load_game(game.to_json()) == game


class ClassicMachine(RuleBasedStateMachine):
    """Hypothesis drives a classic game; invariants are checked after every step."""

    game: ScorecardGame

    @initialize(
        players=st.integers(min_value=1, max_value=4),
        options=st.sampled_from(OPTIONS),
        seed=st.integers(min_value=0, max_value=2**64 - 1),
    )
    def start(self, players: int, options: dict[str, Any], seed: int) -> None:
        self.game = yamskit.variant("classic", **options).new_game(players=[f"P{i}" for i in range(players)], seed=seed)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        before = self.game.to_json()
        action = data.draw(st.sampled_from(list(self.game.legal_actions())))
        after = self.game.apply(action)
        assert self.game.to_json() == before
        self.game = after

    @precondition(lambda self: not self.game.is_over)
    @rule(outcome=st.sampled_from(ROLLS), keep_index=st.integers(0, 5), row=st.sampled_from(ROWS))
    def explicit_turn(self, outcome: Any, keep_index: int, row: str) -> None:
        """Throw given faces (keeping a prefix of the dice), then try to score ``row``."""
        keep = yamskit.Dice(self.game.dice.faces[:keep_index])
        roll = Roll(keep=keep, outcome=yamskit.Dice(outcome.faces[: 5 - len(keep)]))
        if self.game.is_legal(roll):
            self.game = self.game.apply(roll)
        else:
            assert_illegal(self.game, roll)
        for action in (Score(row), Scratch(row)):
            if self.game.is_legal(action):
                self.game = self.game.apply(action)
                return
            assert_illegal(self.game, action)

    @rule(keep=st.sampled_from(KEEPS))
    def probe_illegal(self, keep: Any) -> None:
        for action in (Roll(keep=keep), Score("nonexistent")):
            if not self.game.is_legal(action):
                assert_illegal(self.game, action)

    @invariant()
    def json_round_trips(self) -> None:
        assert yamskit.load_game(self.game.to_json()) == self.game

    @invariant()
    def totals_add_up(self) -> None:
        check_totals(self.game)

    @invariant()
    def never_stranded_and_ends_after_thirteen_turns_each(self) -> None:
        if self.game.is_over:
            check_finished(self.game)
            assert list(self.game.legal_actions()) == []
        else:
            assert list(self.game.legal_actions())
            counts = [placements(self.game, p) for p in range(len(self.game.players))]
            assert max(counts) - min(counts) <= 1
            assert max(counts) <= 13

    @invariant()
    def step_invariants(self) -> None:
        check_step(self.game, apply_all=False)


ClassicMachine.TestCase.settings = settings(stateful_step_count=120, max_examples=examples(20) if GAMES > 150 else 15)
test_classic_machine = ClassicMachine.TestCase
