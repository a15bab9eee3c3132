"""Whole Generala games: random playouts with every invariant checked at every step.

A game ends after as many rounds as the sheet has boxes, or at once on a served generala,
and on nothing else; JSON and notation read back, witness games reach the positions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import yamskit
from tests.playout import assert_illegal
from tests.strategies import FULL_RUN
from tests.variants.preset_checks import check_notation, check_totals, check_turns, check_witness, play_and_check
from yamskit import Roll, Score, Scratch
from yamskit.dice import ROLLS
from yamskit.scorecard import ScorecardGame

OPTIONS: list[dict[str, Any]] = [
    {},
    {"straight_wraps": True, "served_bonus": 10},
    {"one_for_two": True, "generala_points": 60},
    {"doble_generala": False},
]


def _fives_sometimes(game: ScorecardGame, rng: random.Random, often: float) -> Any:
    """A random legal action; a throw of all five dice shows five of a kind with chance ``often``."""
    actions = list(game.legal_actions())
    fresh = [a for a in actions if isinstance(a, Roll) and not len(a.keep)]
    if fresh and rng.random() < often:
        return Roll(outcome=[rng.randint(1, 6)] * 5)
    return rng.choice(actions)


def _served_generala(before: ScorecardGame, action: Any) -> bool:
    """Whether ``action`` scores a five of a kind of the turn's first throw in generala or doble generala."""
    turn = before.turn
    return (
        isinstance(action, Score)
        and action.row in ("generala", "doble_generala")
        and turn.throws_used == 1
        and len(set(turn.dice.faces)) == 1
    )


@pytest.mark.parametrize(
    ("options", "players"),
    [
        pytest.param(o, 1 + i % 3, marks=[pytest.mark.slow] if i % 3 else [])  # several players: 4-8 s each
        for i, o in enumerate(OPTIONS)
    ],
)
def test_random_games_keep_every_invariant_at_every_step(options: dict[str, Any], players: int) -> None:
    variant = yamskit.variant("generala", **options)
    rng = random.Random(f"generala {sorted(options.items())} {players}")
    start, final, chosen = play_and_check(
        variant, players, rng, bonus=None, every=1 if players == 1 else 2, witness_every=7 if FULL_RUN else 12
    )
    assert final.is_over
    replayed = start
    for action in chosen:
        replayed = replayed.apply(action)
    assert replayed == final


GAMES = 200 if FULL_RUN else 30


def test_many_games_end_after_every_box_or_at_once_on_a_served_generala_only() -> None:
    rng = random.Random(1880)
    early = full = 0
    for index in range(GAMES):
        players = [f"P{i}" for i in range(1 + index % 4)]
        options = OPTIONS[index % len(OPTIONS)]
        variant = yamskit.variant("generala", **options)
        game = variant.new_game(players=players, seed=index)
        turns = 0
        while not game.is_over:
            action = _fives_sometimes(game, rng, 0.02 if index % 2 else 0.2)
            after = game.apply(action)
            assert (after.ended is not None) == _served_generala(game, action), (game.to_notation(), action)
            turns += isinstance(action, Score | Scratch)
            check_turns(after)
            game = after
        check_totals(game, None)
        if game.ended is None:
            full += 1
            assert turns == len(variant.rows) * len(players)
        else:
            early += 1
            assert turns < len(variant.rows) * len(players) or game.ended.player == game.history[-1].player
            assert game.result().winners == (game.ended.player,)
        if index % 10 == 0 or (game.ended is not None and early <= 3):
            assert yamskit.load_game(game.to_json()) == game
            assert check_notation(variant, game).ended == game.ended
            check_witness(variant, game)  # a game that reaches it: for an early end, one that ends it alike
    assert early
    assert full


_FIVES = [roll for roll in ROLLS if len(set(roll.faces)) == 1]
_SERVED_ROWS = ("escalera", "full", "poker")


class GeneralaMachine(RuleBasedStateMachine):
    """Hypothesis drives a Generala game with given dice and any box; invariants after every step."""

    game: ScorecardGame

    @initialize(
        players=st.integers(min_value=1, max_value=3),
        options=st.sampled_from(OPTIONS),
        seed=st.integers(min_value=0, max_value=2**64 - 1),
    )
    def start(self, players: int, options: dict[str, Any], seed: int) -> None:
        self.game = yamskit.variant("generala", **options).new_game([f"P{i}" for i in range(players)], seed=seed)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        before = self.game.to_json()
        action = data.draw(st.sampled_from(list(self.game.legal_actions())))
        after = self.game.apply(action)
        assert self.game.to_json() == before
        assert (after.ended is not None) == _served_generala(self.game, action)
        self.game = after

    @precondition(lambda self: not self.game.is_over)
    @rule(
        outcome=st.one_of(st.sampled_from(ROLLS), st.sampled_from(_FIVES)),
        rethrow=st.booleans(),
        row=st.sampled_from(["unos", "seises", "escalera", "full", "poker", "generala", "doble_generala"]),
    )
    def explicit_turn(self, outcome: Any, rethrow: bool, row: str) -> None:
        """Throw given faces (first or second throw), then score ``row``: it pays what the sheet and the turn say."""
        if not self.game.turn.has_thrown and rethrow:
            self.game = self.game.apply(Roll(outcome="12346"))
        roll = Roll(outcome=outcome)
        if not self.game.is_legal(roll):
            return
        self.game = self.game.apply(roll)
        variant = self.game.variant
        if row not in variant.rows:
            assert_illegal(self.game, Score(row))
            return
        for action in (Score(row), Scratch(row)):
            if not self.game.is_legal(action):
                assert_illegal(self.game, action)
                continue
            player, dice, first = self.game.current_player, self.game.dice, self.game.turn.throws_used == 1
            after = self.game.apply(action)
            if isinstance(action, Score):
                plain = variant.score(row, dice)
                bonus = variant.options["served_bonus"] if first and plain and row in _SERVED_ROWS else 0
                assert after.cell(player, row).points == plain + bonus
            assert (after.ended is not None) == _served_generala(self.game, action)
            self.game = after
            return

    @rule(row=st.sampled_from(["doble_generala", "yams"]))
    def probe_illegal(self, row: str) -> None:
        """A closed box, a box this sheet lacks, any move of a game that is over: refused, changing nothing."""
        for action in (Score(row), Roll()):
            if not self.game.is_legal(action):
                assert_illegal(self.game, action)

    @invariant()
    def json_round_trips(self) -> None:
        assert yamskit.load_game(self.game.to_json()) == self.game

    @invariant()
    def totals_add_up(self) -> None:
        check_totals(self.game, None)

    @invariant()
    def ends_after_every_box_or_at_once_on_a_served_generala(self) -> None:
        check_turns(self.game)
        assert bool(list(self.game.legal_actions())) != self.game.is_over


GeneralaMachine.TestCase.settings = settings(stateful_step_count=60, max_examples=25 if FULL_RUN else 6)
test_generala_machine = GeneralaMachine.TestCase
