"""Seeded games play the same, byte for byte, as the games recorded before the 0.2 refactoring.

``tests/data/playouts/`` holds, for every variant and mode (and two variants a user
defines), what seeded random games wrote on 2026-12-02 at a772eb9, before the rule code's
plumbing moved: the final state's game record (``GameRecord.from_game(...).dump()``),
and digests (SHA-256) of its save (``to_json()``) and of the notation of every state on
the way. Two games per case: one played through ``legal_action_ids()`` and the action
space (as a learning loop plays), one through ``legal_actions()`` with a five of a kind
thrown one time in four (as a person or a bot plays, bringing in the jokers, bonuses,
*sec*, Yam predator and Yamslams). Each game's randomness comes from a fixed text, never
from a ``repr`` holding an address.

A change that alters how any of these games plays or is written fails here. To record
them again on purpose (a rule changed, with a changelog entry saying so)::

    python -m tests.test_playout_records
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import yamskit
from tests.playout import five_of_a_kind_often, kniffel_lite, two_columns
from yamskit.records import GameRecord

DATA = Path(__file__).resolve().parent / "data" / "playouts"


def _registered(name: str, **options: Any) -> Callable[[], Any]:
    return lambda: yamskit.variant(name, **options)


#: case id -> (the variant, the number of players)
CASES: dict[str, tuple[Callable[[], Any], int]] = {
    "classic-1": (_registered("classic"), 1),
    "classic-2": (_registered("classic"), 2),
    "classic-free-joker-2": (_registered("classic", joker="free", yams_bonus=100), 2),
    "classic-seed-joker-1": (_registered("classic", joker="seed", yams_bonus=100), 1),
    "yahtzee-1": (_registered("yahtzee"), 1),
    "yahtzee-3": (_registered("yahtzee"), 3),
    "challenge-1": (_registered("challenge"), 1),
    "challenge-2": (_registered("challenge"), 2),
    "competitive-1v1": (_registered("competitive", mode="1v1"), 2),
    "competitive-1v1v1": (_registered("competitive", mode="1v1v1", four_of_a_kind="all_dice"), 3),
    "competitive-2v2": (_registered("competitive", mode="2v2"), 4),
    "yam-master": (_registered("yam-master"), 2),
    "yam-master-out-60": (_registered("yam-master", removed="out", max_turns=60), 2),
    "yamslam-2": (_registered("yamslam"), 2),
    "yamslam-5": (_registered("yamslam"), 5),
    "yamslam-solo": (_registered("yamslam", mode="solo"), 1),
    "yamslam-team": (_registered("yamslam", mode="team"), 4),
    "user-kniffel-lite-2": (kniffel_lite, 2),
    "user-two-columns-1": (two_columns, 1),
}


def _by_ids(state: Any, rng: random.Random) -> Any:
    return state.variant.actions[rng.choice(state.legal_action_ids())]


def _play(case: str, how: str) -> dict[str, str]:
    make, players = CASES[case]
    variant = make()
    rng = random.Random(f"{case}/{how}")
    state = variant.new_game([f"P{i}" for i in range(players)], seed=rng.randrange(2**32))
    notations = hashlib.sha256()
    for _ in range(100_000):
        notations.update(state.to_notation().encode() + b"\n")
        if state.is_over:
            break
        state = state.apply(_by_ids(state, rng) if how == "ids" else five_of_a_kind_often(state, rng))
    assert state.is_over
    return {
        "save_sha256": hashlib.sha256(state.to_json().encode()).hexdigest(),
        "record": GameRecord.from_game(state).dump(),
        "notations_sha256": notations.hexdigest(),
    }


def played(case: str) -> dict[str, dict[str, str]]:
    """What the two seeded games of ``case`` write."""
    return {how: _play(case, how) for how in ("ids", "objects")}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_seeded_game_writes_what_it_wrote_before_the_refactoring(case: str) -> None:
    recorded = json.loads((DATA / f"{case}.json").read_text(encoding="utf-8"))
    now = played(case)
    for how in ("ids", "objects"):
        for part in ("save_sha256", "record", "notations_sha256"):
            assert now[how][part] == recorded[how][part], (case, how, part)


def test_every_recorded_case_is_played() -> None:
    assert sorted(path.stem for path in DATA.glob("*.json")) == sorted(CASES)


if __name__ == "__main__":  # pragma: no cover - records the games anew, on purpose
    DATA.mkdir(parents=True, exist_ok=True)
    for name in sorted(CASES):
        text = json.dumps(played(name), indent=1, sort_keys=True) + "\n"
        (DATA / f"{name}.json").write_text(text, encoding="utf-8")
        print(name, len(text))
