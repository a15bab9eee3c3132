"""Whole Yatzy games: random playouts with every invariant checked at every step, and a stateful machine."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import yamskit
from tests.playout import assert_illegal, five_of_a_kind_often
from tests.variants.preset_checks import check_totals, check_turns, play_and_check
from yamskit import Roll, Score, Scratch
from yamskit.dice import KEEPS, ROLLS
from yamskit.scorecard import ScorecardGame

OPTIONS = [{"two_pairs_from_four": tp4, "full_house_from_five": fh5} for tp4 in (False, True) for fh5 in (False, True)]
ROWS = yamskit.variant("yatzy").rows
BONUS = (63, 50)  # the rule pages' upper bonus: 50 at 63 or more


@pytest.mark.parametrize(
    ("options", "players"),
    [(o, 1 + i % 3) for i, o in enumerate(OPTIONS)],
    ids=[f"{'-'.join(k for k, v in o.items() if v) or 'default'}-{1 + i % 3}p" for i, o in enumerate(OPTIONS)],
)
def test_random_games_keep_every_invariant_at_every_step(options: dict[str, Any], players: int) -> None:
    variant = yamskit.variant("yatzy", **options)
    rng = random.Random(f"yatzy {sorted(options.items())} {players}")
    start, final, chosen = play_and_check(variant, players, rng, bonus=BONUS, every=1 if players == 1 else 2)
    assert final.is_over
    assert len(final.result().scores) == players
    replayed = start  # the same seed and the same actions: the same game
    for action in chosen:
        replayed = replayed.apply(action)
    assert replayed == final


GAMES = 200 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 60


def test_many_random_games_end_after_fifteen_turns_each() -> None:
    rng = random.Random(2026)
    for index in range(GAMES):
        options = OPTIONS[index % len(OPTIONS)]
        players = [f"P{i}" for i in range(1 + index % 4)]
        game = yamskit.variant("yatzy", **options).new_game(players=players, seed=index)
        while not game.is_over:
            game = game.apply(five_of_a_kind_often(game, rng))
            check_turns(game)
        check_totals(game, BONUS)
        assert all(len(game.sheets[p].cells[0]) == 15 for p in range(len(players)))
        if index % 20 == 0:
            assert yamskit.load_game(game.to_json()) == game


class YatzyMachine(RuleBasedStateMachine):
    """Hypothesis drives a Yatzy game with given dice and any box; invariants after every step."""

    game: ScorecardGame

    @initialize(
        players=st.integers(min_value=1, max_value=3),
        options=st.sampled_from(OPTIONS),
        seed=st.integers(min_value=0, max_value=2**64 - 1),
    )
    def start(self, players: int, options: dict[str, Any], seed: int) -> None:
        self.game = yamskit.variant("yatzy", **options).new_game(players=[f"P{i}" for i in range(players)], seed=seed)

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
        """Throw given faces (keeping a prefix of the dice), then score ``row``: it pays what the sheet says."""
        keep = yamskit.Dice(self.game.dice.faces[:keep_index])
        roll = Roll(keep=keep, outcome=yamskit.Dice(outcome.faces[: 5 - len(keep)]))
        if self.game.is_legal(roll):
            self.game = self.game.apply(roll)
        else:
            assert_illegal(self.game, roll)
        for action in (Score(row), Scratch(row)):
            if self.game.is_legal(action):
                player, dice = self.game.current_player, self.game.dice
                after = self.game.apply(action)
                points = after.cell(player, row).points
                expected = self.game.variant.score(row, dice) if isinstance(action, Score) else None
                assert points == expected
                self.game = after
                return
            assert_illegal(self.game, action)

    @rule(keep=st.sampled_from(KEEPS))
    def probe_illegal(self, keep: Any) -> None:
        """Throws that are not legal now, and a box this sheet does not have, are refused and change nothing."""
        for action in (Roll(keep=keep), Score("yams"), Scratch("nonexistent")):
            if not self.game.is_legal(action):
                assert_illegal(self.game, action)

    @invariant()
    def json_round_trips(self) -> None:
        assert yamskit.load_game(self.game.to_json()) == self.game

    @invariant()
    def totals_add_up(self) -> None:
        check_totals(self.game, BONUS)

    @invariant()
    def ends_after_fifteen_turns_each(self) -> None:
        check_turns(self.game)
        assert bool(list(self.game.legal_actions())) != self.game.is_over


YatzyMachine.TestCase.settings = settings(stateful_step_count=80, max_examples=25 if GAMES > 60 else 10)
test_yatzy_machine = YatzyMachine.TestCase
