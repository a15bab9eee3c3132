"""Every state a game reaches is accepted, and the game found for it reaches it again.

Random games of every variant and mode, and of two variants a user defines, are played
through ``legal_actions()``/``apply()``; one throw in four shows a five of a kind, so the
jokers, the Yams bonuses, the *sec*, the Yam predator and the Yamslams come up. For the
states along the way, ``variant.witness(state)`` gives a record whose ``to_game()`` equals
the state in every field but the dice stream (and the history), and the position read
back from its notation or from a save is accepted too.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import yamskit
from tests.playout import five_of_a_kind_often, kniffel_lite, two_columns
from tests.scorecard.test_dice_count import six_dice, three_dice
from yamskit import Roll
from yamskit.position.witness import difference

CASES: list[tuple[str, Any, int]] = [
    ("classic", {}, 2),
    ("classic", {"joker": "free", "yams_bonus": 100}, 1),
    ("classic", {"joker": "seed", "yams_bonus": 100}, 2),
    ("yahtzee", {}, 1),
    ("challenge", {}, 2),
    ("competitive", {}, 2),
    ("competitive", {"mode": "1v1v1", "four_of_a_kind": "all_dice"}, 3),
    ("competitive", {"mode": "2v2"}, 4),
    ("yam-master", {}, 2),
    ("yam-master", {"removed": "out", "max_turns": 60}, 2),
    ("yamslam", {}, 3),
    ("yamslam", {"mode": "solo"}, 1),
    ("yamslam", {"mode": "team"}, 4),
    ("yatzy", {}, 2),
    ("yatzy", {"two_pairs_from_four": True, "full_house_from_five": True}, 1),
    ("yacht", {}, 1),
    ("yacht", {"four_of_a_kind": "all_dice", "full_house_from_five": True}, 2),
    ("kniffel", {}, 1),
    ("kniffel", {"joker": "seed", "kniffel_bonus": 100, "bonus_when": "always"}, 2),
    ("generala", {}, 2),
    ("balut", {}, 2),
    ("generala", {"straight_wraps": True, "one_for_two": True, "served_bonus": 10, "doble_generala": False}, 1),
    ("crag", {}, 2),
    ("crag", {"thirteen_takes_crag": True}, 1),
    ("maxi-yatzy", {}, 2),
    ("maxi-yatzy", {"saved_throws": False}, 1),
    ("user", kniffel_lite, 2),
    ("user", six_dice, 2),
    ("user", three_dice, 1),
    ("user", two_columns, 1),
]


def _variant(name: str, options: Any) -> Any:
    return options() if name == "user" else yamskit.variant(name, **options)


def _same_but_the_stream(reached: Any, state: Any) -> bool:
    return difference(reached, state) is None and reached == attrs.evolve(
        state, stream=reached.stream, history=reached.history
    )


def _id(case: tuple[str, Any, int]) -> str:
    name, options, players = case
    return f"{name}-{options if isinstance(options, dict) else options.__name__}-{players}"


@pytest.mark.parametrize(("name", "options", "players"), CASES, ids=[_id(c) for c in CASES])
def test_every_state_of_a_random_game_is_accepted_and_its_witness_reaches_it(
    name: str, options: Any, players: int
) -> None:
    variant = _variant(name, options)
    # seeded from the case's id: the text of a user variant's options would hold a function's address
    rng = random.Random(_id((name, options, players)))
    state = variant.new_game([f"P{i}" for i in range(players)], seed=rng.randrange(2**32))
    checked = 0
    for step in range(100_000):
        if step % 9 == 0 or state.is_over:
            record = variant.witness(state)
            reached = record.to_game(variant=variant)
            assert _same_but_the_stream(reached, state), (step, difference(reached, state))
            assert record.players == state.players
            checked += 1
        if state.is_over:
            break
        state = state.apply(five_of_a_kind_often(state, rng))
    assert state.is_over
    assert checked > 3
    back = yamskit.load_game(state.to_json(), variant=variant)
    assert back == state
    if hasattr(variant, "from_notation"):
        assert variant.from_notation(state.to_notation()) == attrs.evolve(state, history=())


def test_a_record_of_a_game_continued_from_a_position_replays_it() -> None:
    """A game continued from a position has a record: the position's witness, then the moves played."""
    v = yamskit.variant("yahtzee")
    start = v.position(["Ann"], sheets=[{"yams": 50, "sixes": 30}], extra=[100], seed=4)
    game = start.apply(Roll(outcome="44444")).apply(yamskit.Score("fours"))
    assert game.origin == start
    record = yamskit.GameRecord.from_game(game)
    assert record.to_game().sheets == game.sheets
    assert yamskit.check_record(record.dump()).valid
    saved = json.loads(game.to_json())
    assert saved["state"]["origin"]["history"] == []
    assert yamskit.load_game(game.to_json()).origin == start


def test_user_variants_made_and_dropped_by_the_hundred_each_play_by_their_own_rules() -> None:
    # A memo keyed by id() that outlived its object could answer for the next object Python
    # puts at that address: variants of other sheets made and dropped in turn would then
    # get each other's legal moves or witnesses. The memos keep their objects alive.
    from tests.oracle import reference_ids

    rng = random.Random("made and dropped")
    for round_ in range(200):
        make = (kniffel_lite, two_columns)[round_ % 2]
        variant = make()
        state = variant.new_game(["P0", "P1"], seed=round_)
        for _ in range(rng.randrange(1, 12)):
            assert state.legal_action_ids() == reference_ids(state), (round_, make.__name__)
            state = state.apply(five_of_a_kind_often(state, rng))
        reached = variant.witness(state).to_game(variant=variant)
        assert _same_but_the_stream(reached, state), (round_, make.__name__)
        del variant, state, reached
