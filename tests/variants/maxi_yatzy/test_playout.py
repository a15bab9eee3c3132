"""Whole Maxi Yatzy games: random playouts through legal_actions()/apply() with the store checked at every step.

At every step: the step invariants of every variant (`tests.playout.check_step`: legal actions
apply, illegal probes raise and change nothing, the JSON save reads back); each player fills
one box a turn and the game lasts twenty rounds; the totals are the boxes plus the bonus; the
store is never negative, grows by exactly the throws a turn left unused, and is spent one throw
at a time, only after the turn's own three; the notation writes the store and reads back to the
same position (read field by field: positions of a game with saved throws are not checked yet).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import yamskit
from tests.playout import check_step
from tests.variants.preset_checks import check_totals, check_turns, placements
from yamskit import Roll, Score, Scratch
from yamskit.dice import dice_tables
from yamskit.scorecard import ScorecardGame
from yamskit.scorecard.notation import read_scorecard

SIX = dice_tables(6)


def _same_position(a: Any, b: Any) -> bool:
    return type(a) is type(b) and all(
        getattr(a, f.name) == getattr(b, f.name) for f in attrs.fields(type(a)) if f.eq and "history" not in f.name
    )


def check_notation_fields(state: ScorecardGame) -> None:
    """The notation reads back, field by field, to the same position, which writes the same text."""
    text = state.to_notation()
    back = ScorecardGame(**read_scorecard(state.variant, text.split()))
    assert _same_position(back, state), text
    assert back.to_notation() == text
    assert back.saved_throws == state.saved_throws
    assert back.turn.saved == state.turn.saved


def candidates(game: ScorecardGame, rng: random.Random) -> list[Any]:
    """Plausible actions of six dice, legal or not (a throw beyond the store's, a box twice...)."""
    rows = game.variant.rows
    keeps = SIX.keeps
    return [
        Roll(),
        Roll(keep=rng.choice(keeps)),
        Roll(outcome=str(rng.choice(SIX.rolls))),
        Roll(keep=game.turn.dice, outcome=""),
        Score(rng.choice(rows)),
        Scratch(rng.choice(rows)),
        Score("yams"),
    ]


def choose(game: ScorecardGame, rng: random.Random, style: str) -> Any:
    """A legal action: ``saver`` ends turns early, ``spender`` throws while it may, ``mixed`` either at random."""
    actions = list(game.legal_actions())
    throws = [a for a in actions if isinstance(a, Roll)]
    boxes = [a for a in actions if not isinstance(a, Roll)]
    if not boxes:
        return rng.choice(throws)
    wants_throw = {"saver": 0.1, "spender": 0.95, "mixed": 0.5}[style]
    if throws and rng.random() < wants_throw:
        return rng.choice(throws)
    return rng.choice(boxes)


def play_and_check(players: int, seed: int, style: str, options: dict[str, Any]) -> ScorecardGame:
    variant = yamskit.variant("maxi-yatzy", **options)
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    game = variant.new_game(names, seed=seed, first_player=rng.randrange(players))
    saving = variant.rules.saved_throws
    turn_start_store = list(game.saved_throws) if saving else [0] * players
    bonus = (options.get("bonus_threshold", 84), options.get("bonus", 100))
    for step in range(10_000):
        check_totals(game, bonus)
        check_turns(game)
        assert all(store >= 0 for store in game.saved_throws)
        if saving:
            me = game.current_player
            assert game.turn.saved == game.saved_throws[me] == turn_start_store[me]
            assert game.saved_now(me) == game.turn.saved - max(0, game.turn.throws_used - 3)
        if (step % 3 == 0 or game.is_over) and saving:
            # (without saved throws a save's start is checked as a position of six dice, which the
            # witness games do not play yet: that case's JSON is left to the position work)
            check_step(game, candidates(game, rng), apply_all=False)
        check_notation_fields(game)
        if step % 25 == 0 and not game.is_over:  # the tables' legal ids are the full check's, action by action
            ids = set(game.legal_action_ids())
            assert {i for i, a in enumerate(variant.actions) if game.is_legal(a)} == ids
        if game.is_over:
            assert list(game.legal_actions()) == []
            assert all(placements(game, p) == 20 for p in range(players))
            return game
        action = choose(game, rng, style)
        before = game
        game = game.apply(action)
        me = before.current_player
        if isinstance(action, Roll):
            used = game.turn.throws_used
            if saving:
                # a throw beyond the turn's own three spends exactly one stored throw
                assert game.saved_now(me) == before.saved_now(me) - (1 if used > 3 else 0)
                assert used <= 3 + before.turn.saved
            else:
                assert used <= 3
        else:  # the turn ended: the store grew by exactly the throws it left unused (less those it spent)
            used = before.turn.throws_used
            assert used >= 1
            if saving:
                assert game.saved_throws[me] == turn_start_store[me] + 3 - used
                changed = [p for p in range(players) if game.saved_throws[p] != before.saved_throws[p]]
                assert changed in ([], [me])
                turn_start_store = list(game.saved_throws)
            else:
                assert game.saved_throws == ()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("players", "seed", "style", "options"),
    [
        (1, 1, "saver", {}),
        (1, 2, "spender", {}),
        pytest.param(2, 3, "mixed", {}, marks=pytest.mark.slow),  # several players: 7-10 s each
        pytest.param(3, 4, "mixed", {"bonus": 50, "bonus_threshold": 75}, marks=pytest.mark.slow),
        (2, 5, "saver", {"saved_throws": False}),
    ],
)
def test_random_games_keep_every_invariant_at_every_step(
    players: int, seed: int, style: str, options: dict[str, Any]
) -> None:
    game = play_and_check(players, seed, style, options)
    assert game.is_over
    if style == "saver" and options.get("saved_throws", True):
        assert max(game.saved_throws) > 0  # (a saver ends with throws in store)


def test_a_spender_throws_more_than_three_times_in_some_turn() -> None:
    rng = random.Random(7)
    game = yamskit.variant("maxi-yatzy").new_game(["Ann"], seed=7)
    most = 0
    while not game.is_over:
        action = choose(game, rng, "saver" if len(game.history) < 40 else "spender")
        game = game.apply(action)
        most = max(most, game.turn.throws_used)
    assert most > 3


def test_a_records_replay_refuses_a_throw_the_store_cannot_pay_for() -> None:
    from yamskit.history import Move
    from yamskit.records import GameRecord, check_record

    fourth = tuple(Move(0, Roll(outcome="123456")) for _ in range(4))
    report = check_record(GameRecord("maxi-yatzy", seed=1, moves=fourth))
    assert (report.index, report.error_type) == (3, "ThrowLimitError")
    saved = (Move(0, Roll(outcome="666666")), Move(0, Score("maxi_yatzy")), *fourth, Move(0, Score("chance")))
    report = check_record(GameRecord("maxi-yatzy", seed=1, moves=saved))
    assert report.index is None
    game = GameRecord("maxi-yatzy", seed=1, moves=saved).to_game()
    assert game.saved_throws == (1,)  # 2 saved, 1 spent, 0 left unused
