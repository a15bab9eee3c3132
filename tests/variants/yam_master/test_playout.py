"""Yam Master: properties of the legal actions in any position, and whole random games."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import yamskit
from tests.playout import check_step, random_playout
from tests.strategies import faces, rolls
from yamskit import DeclareChallenge, Dice, Pass, Place, RemoveToken, Roll, Score, Turn
from yamskit.variants.yam_master import MAX_THROWS, TOKENS, YamMasterGame
from yamskit.variants.yam_master.board import LABELS, SIZE, Board, dice_labels, turn_labels

V = yamskit.variant("yam-master")
OUT = yamskit.variant("yam-master", removed="out")
CELLS = [(r, c) for r in range(SIZE) for c in range(SIZE)]
#: Rolls with five of a kind made likelier, so removals are exercised.
dice = st.one_of(rolls, st.sampled_from([Dice.of(*[f] * 5) for f in range(1, 7)]))


@st.composite
def positions(draw: st.DrawFn) -> YamMasterGame:
    """Any position during a turn: a board, supplies, 1 to 3 throws, perhaps a challenge."""
    variant = draw(st.sampled_from([V, OUT]))
    cells = draw(
        st.lists(st.sampled_from([None, 0, 1]), min_size=SIZE * SIZE, max_size=SIZE * SIZE).filter(
            lambda cs: cs.count(0) < TOKENS and cs.count(1) < TOKENS
        )
    )
    board = Board(cells)
    assume(not board.fives)  # five in a row: the game is over
    out = tuple(draw(st.integers(0, TOKENS - 1 - board.count(p))) if variant.removed == "out" else 0 for p in (0, 1))
    supply = tuple(TOKENS - board.count(p) - out[p] for p in (0, 1))
    turn = Turn.start(max_throws=MAX_THROWS).throw(Dice(), draw(dice))
    if draw(st.booleans()):
        turn = turn.declare_challenge()
    for _ in range(draw(st.integers(0, MAX_THROWS - 1))):
        keep = draw(st.sampled_from(turn.dice.sub_multisets()))
        rolled = draw(st.lists(faces, min_size=5 - len(keep), max_size=5 - len(keep)))
        turn = turn.throw(keep, Dice(rolled))
    game = variant.new_game(
        players=["Ann", "Bob"], seed=draw(st.integers(0, 2**32)), first_player=draw(st.sampled_from([0, 1]))
    )
    return attrs.evolve(game, board=board, supply=supply, out=out, turn=turn)


def tokens_are_conserved(game: YamMasterGame) -> None:
    for p in (0, 1):
        assert game.board.count(p) + game.supply[p] + game.out[p] == TOKENS
        assert 0 <= game.supply[p] <= TOKENS
        assert game.board.count(p) <= TOKENS
    if game.variant.removed == "supply":
        assert game.out == (0, 0)


@given(positions())
def test_no_legal_action_places_on_a_taken_cell_or_exceeds_twelve_tokens(game: YamMasterGame) -> None:
    me = game.current_player
    for action in game.legal_actions():
        if isinstance(action, Place):
            assert game.board.owner(action.cell) is None
            assert LABELS[action.cell[0]][action.cell[1]] in turn_labels(game.turn)
            after = game.apply(action)
            assert after.board.count(me) == game.board.count(me) + 1
            tokens_are_conserved(after)
    for cell in CELLS:
        if game.board.owner(cell) is not None:
            assert not game.is_legal(Place(cell))


@given(positions())
def test_placements_offered_are_exactly_the_free_cells_the_dice_satisfy(game: YamMasterGame) -> None:
    offered = {a.cell for a in game.legal_actions() if isinstance(a, Place)}
    pending = game.turn.challenge and game.turn.is_first_throw
    labels = turn_labels(game.turn)
    expected = set() if pending else {c for c in game.board.free_cells() if LABELS[c[0]][c[1]] in labels}
    assert offered == expected
    assert {c for c in CELLS if game.is_legal(Place(c))} == expected


@given(positions())
def test_a_removal_is_offered_only_after_five_of_a_kind_and_only_of_an_opponent_token(game: YamMasterGame) -> None:
    me, other = game.current_player, 1 - game.current_player
    offered = {a.cell for a in game.legal_actions() if isinstance(a, RemoveToken)}
    pending = game.turn.challenge and game.turn.is_first_throw
    yam = "yam" in dice_labels(game.dice)
    assert offered == (set(game.board.cells_of(other)) if yam and not pending else set())
    assert {c for c in CELLS if game.is_legal(RemoveToken(c))} == offered
    for cell in offered:
        after = game.apply(RemoveToken(cell))
        assert after.board.owner(cell) is None
        assert after.board.count(me) == game.board.count(me)
        tokens_are_conserved(after)


def candidates(state: YamMasterGame) -> list[Any]:
    """Actions to try at a step (every illegal one must raise and change nothing); cells rotate by turn."""
    shift = state.turns % 5
    return [
        Pass(),
        DeclareChallenge(),
        Roll(),
        Roll(keep="66", outcome="666"),
        Score("yams"),
        Place((5, 5)),
        *(Place(cell) for cell in CELLS[shift::5]),
        *(RemoveToken(cell) for cell in CELLS[(shift + 2) % 5 :: 5]),
    ]


def check_game_record(start: YamMasterGame, chosen: list[Any], final: YamMasterGame) -> None:
    """Replay the chosen actions: same seed, same game; tokens conserved; the length is bounded."""
    state = start
    for action in chosen:
        tokens_are_conserved(state)
        assert state.turns <= state.variant.max_turns
        state = state.apply(action)
    assert state == final
    tokens_are_conserved(final)
    assert final.is_over
    assert final.turns <= final.variant.max_turns
    # a turn is at most 3 throws, a declaration and the action that ends it
    assert len(final.history) <= (MAX_THROWS + 2) * final.turns
    assert final.result().details["end"] == final.end_reason


@pytest.mark.parametrize(
    ("options", "seed", "every"),
    [({}, 1, 12), ({"removed": "out", "max_turns": 120}, 15, 6), ({"max_turns": 50}, 28, 3)],
)
def test_random_games_keep_the_step_invariants_to_the_end(options: dict[str, Any], seed: int, every: int) -> None:
    game = yamskit.variant("yam-master", **options).new_game(players=["Ann", "Bob"], seed=seed, first_player="roll_off")
    final, chosen = random_playout(game, random.Random(seed), candidates, every=every)
    check_game_record(game, chosen, final)
    again, chosen_again = random_playout(game, random.Random(seed), every=1_000_000, apply_all=False)
    assert (again, chosen_again) == (final, chosen)


def eager_choice(state: YamMasterGame, rng: random.Random) -> Any:
    """A random player that removes or places whenever it can (uniform play rarely finishes a game)."""
    actions = list(state.legal_actions())
    removals = [a for a in actions if isinstance(a, RemoveToken)]
    places = [a for a in actions if isinstance(a, Place)]
    if removals and rng.random() < 0.5:
        return rng.choice(removals)
    if places or removals:
        return rng.choice(places or removals)
    if DeclareChallenge() in actions and rng.random() < 0.3:
        return DeclareChallenge()
    throws = [a for a in actions if isinstance(a, Roll)]
    return rng.choice(throws) if throws else Pass()


def test_eager_games_end_every_way_and_keep_the_invariants() -> None:
    ends: set[str | None] = set()
    removed: set[str] = set()
    for seed in range(60):
        variant = (V, OUT)[seed % 2]
        state = start = variant.new_game(players=["Ann", "Bob"], seed=seed)
        rng, chosen = random.Random(seed), []
        while not state.is_over:
            if len(chosen) % 100 == 0:
                check_step(state, candidates(state), apply_all=False)
            chosen.append(eager_choice(state, rng))
            state = state.apply(chosen[-1])
        check_step(state)
        check_game_record(start, chosen, state)
        ends.add(state.end_reason)
        if any(isinstance(a, RemoveToken) for a in chosen):
            removed.add(variant.removed)
    assert ends == {"five_in_a_row", "last_token"}
    assert removed == {"supply", "out"}


@settings(max_examples=10)
@given(st.integers(0, 2**32), st.sampled_from([V, OUT]), st.integers(1, 40))
def test_every_game_ends_within_max_turns(seed: int, variant: Any, max_turns: int) -> None:
    variant = yamskit.variant("yam-master", removed=variant.removed, max_turns=max_turns)
    game = variant.new_game(players=["Ann", "Bob"], seed=seed)
    final, chosen = random_playout(game, random.Random(seed), every=10_000, apply_all=False)
    check_game_record(game, chosen, final)
    assert final.turns == max_turns or final.end_reason in ("five_in_a_row", "last_token")
