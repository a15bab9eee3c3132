"""Whole Yamslam games: step invariants, chip conservation, qualification, and that every game ends."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import yamskit
from tests.playout import random_playout
from yamskit import Dice, Pass, Roll, Score, TakeChip
from yamskit.variants.yamslam import YamslamGame
from yamskit.variants.yamslam.chips import CHIPS_PER_KIND, KINDS, is_yamslam, qualifying_kinds

MODES = {"standard": 3, "solo": 1, "team": 4}
ALL_CHIPS = CHIPS_PER_KIND * len(KINDS)


def candidates(state: Any) -> list[Any]:
    """Actions worth trying at every step: chips from both piles, pass, a throw, a foreign action."""
    top = state.discard.highest or "large_straight"
    return [TakeChip("flush"), TakeChip("two_pairs"), TakeChip(top, True), Pass(), Roll(outcome="66666"), Score("x")]


def new(mode: str, seed: int) -> YamslamGame:
    names = [f"P{i}" for i in range(MODES[mode])]
    return yamskit.variant("yamslam", mode=mode).new_game(players=names, seed=seed)  # type: ignore[no-any-return]


def turns_started(game: YamslamGame) -> int:
    moves = game.history
    return sum(
        1
        for i, m in enumerate(moves)
        if isinstance(m.action, Roll) and (i == 0 or not isinstance(moves[i - 1].action, Roll))
    )


def check_move(before: YamslamGame, action: Any, after: YamslamGame) -> None:
    """The per-move properties: conservation, qualification, discard-pile use, the round discard."""
    for state in (before, after):
        assert len(state.rack) + len(state.discard) + sum(len(c) for c in state.collections) == ALL_CHIPS
        counts = [sum(c.counts[i] for c in (state.rack, state.discard, *state.collections)) for i in range(7)]
        assert counts == [CHIPS_PER_KIND] * len(KINDS)
    if isinstance(action, TakeChip):
        dice = before.dice
        if not before.second_pick:
            assert is_yamslam(dice) or action.kind in qualifying_kinds(dice), f"{action} with {dice}"
            assert not action.from_discard or is_yamslam(dice)
        side = before.variant.side(before.current_player)
        assert after.collections[side].count(action.kind) == before.collections[side].count(action.kind) + 1
    # the discard pile only ever grows by the highest chip left in the rack
    if len(after.discard) > len(before.discard):
        assert len(after.discard) == len(before.discard) + 1
        assert isinstance(action, Pass) or (isinstance(action, TakeChip) and not action.from_discard)
        grown = [k for k in KINDS if after.discard.count(k) > before.discard.count(k)]
        rack = before.rack.remove(action.kind) if isinstance(action, TakeChip) else before.rack
        assert grown == [rack.highest]


def play(game: YamslamGame, choose: Callable[[YamslamGame, list[Any]], Any]) -> YamslamGame:
    """Play to the end with ``choose``, checking every move and the length bound."""
    bound = game.variant.max_turns(len(game.players))
    while not game.is_over:
        legal = list(game.legal_actions())
        assert legal
        action = choose(game, legal)
        after = game.apply(action)
        check_move(game, action, after)
        game = after
        assert turns_started(game) <= bound
    assert len(game.rack) == 0
    assert not list(game.legal_actions())
    return game


@pytest.mark.parametrize("mode", list(MODES))
def test_random_games_keep_the_step_invariants(mode: str) -> None:
    final, chosen = random_playout(new(mode, 11), random.Random(5), candidates, every=4)
    assert final.is_over
    replay = new(mode, 11)
    for action in chosen:
        replay = replay.apply(action)
    assert replay == final


@pytest.mark.parametrize("mode", list(MODES))
def test_random_games_check_every_step(mode: str) -> None:
    final, _ = random_playout(new(mode, 2), random.Random(2), apply_all=False)
    result = final.result()
    assert sorted(result.scores, reverse=True)[0] == result.scores[result.winners[0]]


def biased_faces(rng: random.Random, count: int, bias: int) -> Dice:
    """Faces that favour sixes, so Yamslams (and discard-pile takes) happen often."""
    return Dice([6 if rng.randrange(10) < bias else rng.randint(1, 6) for _ in range(count)])


@settings(max_examples=25)
@given(mode=st.sampled_from(list(MODES)), seed=st.integers(0, 2**32), bias=st.integers(0, 9))
def test_any_game_conserves_chips_and_ends(mode: str, seed: int, bias: int) -> None:
    rng = random.Random(seed)

    def choose(game: YamslamGame, legal: list[Any]) -> Any:
        action = rng.choice(legal)
        if isinstance(action, Roll):
            return Roll(keep=action.keep, outcome=biased_faces(rng, 5 - len(action.keep), bias))
        return action

    play(new(mode, seed), choose)


@pytest.mark.parametrize("mode", list(MODES))
def test_a_game_of_passes_ends_after_28_chipless_rounds(mode: str) -> None:
    final = play(new(mode, 3), lambda game, legal: Pass() if Pass() in legal else legal[0])
    assert len(final.discard) == ALL_CHIPS
    assert final.last_draw is None
    assert turns_started(final) == ALL_CHIPS * len(final.players)
    assert set(final.result().scores) == {0}


@pytest.mark.parametrize("mode", list(MODES))
def test_a_game_of_yamslams_from_the_discard_pile_ends(mode: str) -> None:
    """Yamslams that always take from the discard pile still cannot stop the game."""
    rng = random.Random(1)

    def choose(game: YamslamGame, legal: list[Any]) -> Any:
        if not game.turn.has_thrown:
            return Roll(outcome="55555" if rng.random() < 0.5 else "12356")
        discards = [a for a in legal if isinstance(a, TakeChip) and a.from_discard]
        return discards[0] if discards else (legal[-1] if not game.second_pick else legal[0])

    final = play(new(mode, 2), choose)
    assert final.is_over


def test_greedy_players_take_the_best_chip_they_can() -> None:
    def choose(game: YamslamGame, legal: list[Any]) -> Any:
        takes = [a for a in legal if isinstance(a, TakeChip)]
        if takes:
            return max(takes, key=lambda a: (yamskit.variants.yamslam.chips.Chip(a.kind).points, not a.from_discard))
        return Roll() if Roll() in legal else Pass()

    final = play(new("standard", 8), choose)
    assert sum(final.result().scores) > 0


class YamslamMachine(RuleBasedStateMachine):
    """A stateful test: any legal action, throws with dice that favour Yamslams; invariants after each step."""

    @initialize(mode=st.sampled_from(list(MODES)), seed=st.integers(0, 2**32))
    def start(self, mode: str, seed: int) -> None:
        self.game = new(mode, seed)
        self.rng = random.Random(seed)

    @precondition(lambda self: not self.game.is_over)
    @rule(pick=st.integers(0, 10**6), sixes=st.integers(0, 9))
    def act(self, pick: int, sixes: int) -> None:
        legal = list(self.game.legal_actions())
        action = legal[pick % len(legal)]
        if isinstance(action, Roll):
            action = Roll(keep=action.keep, outcome=biased_faces(self.rng, 5 - len(action.keep), sixes))
        after = self.game.apply(action)
        check_move(self.game, action, after)
        self.game = after

    @invariant()
    def chips_are_conserved_and_the_game_is_bounded(self) -> None:
        game = self.game
        assert len(game.rack) + len(game.discard) + sum(len(c) for c in game.collections) == ALL_CHIPS
        assert turns_started(game) <= game.variant.max_turns(len(game.players))
        assert game.is_over == (len(game.rack) == 0 and not game.second_pick)
        assert (game.last_draw is not None) <= (len(game.rack) == 0)

    @invariant()
    def json_round_trips(self) -> None:
        assert yamskit.load_game(self.game.to_json()) == self.game


TestYamslamMachine = YamslamMachine.TestCase
TestYamslamMachine.settings = settings(max_examples=15, stateful_step_count=60, deadline=None)
