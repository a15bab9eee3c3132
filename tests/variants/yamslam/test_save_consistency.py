"""Saved Yamslam games that contradict themselves are refused, each with its reason.

Each test starts from a real save, changes what one consistency check guards, and expects
`DeserializationError` naming that check; the untouched save must load, so a refusal is
always caused by the change.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import yamskit
from yamskit import DeserializationError, Roll

Save = dict[str, Any]

TURN_THROWN = {"max_throws": 3, "throws": [{"kept": "", "rolled": "11111"}], "challenge": False}


def _save(name: str, players: list[str] | None = None, **options: Any) -> Save:
    game = yamskit.variant(name, **options).new_game(players=players, seed=1)
    data: Save = json.loads(game.to_json())
    assert yamskit.load_game(json.dumps(data)) == game
    return data


def _refused(data: Save, message: str) -> None:
    with pytest.raises(DeserializationError, match=message):
        yamskit.load_game(json.dumps(data))


def _yamslam(change: Callable[[Save], None], mode: str = "standard") -> Save:
    players = None if mode == "solo" else (["A", "B", "C", "D"] if mode == "team" else ["Ann", "Bob"])
    data = _save("yamslam", players, mode=mode)
    change(data["state"])
    return data


def _move_chip(state: Save, kind: str, to: str) -> None:
    state["rack"].remove(kind)
    if to == "discard":
        state["discard"].append(kind)
    else:
        state["collections"][int(to)].append(kind)


def _empty_rack(state: Save) -> None:
    state["collections"][0] = state["rack"][:14]
    state["collections"][1] = state["rack"][14:]
    state["rack"] = []


@pytest.mark.parametrize(
    ("mode", "change", "message"),
    [
        ("standard", lambda s: s.update(collections=[[]]), r"state\.collections must have 2 entries, not 1"),
        ("team", lambda s: s.update(collections=[[], [], [], []]), r"state\.collections must have 2 entries, not 4"),
        ("standard", lambda s: s["rack"].pop(), "must hold 4 chips of each kind"),
        ("standard", lambda s: s["collections"][0].append("flush"), "must hold 4 chips of each kind"),
        ("standard", lambda s: s.update(discard=["flush"] * 5), r"state\.discard: .*0 to 4 chips"),
        ("standard", lambda s: s["rack"].extend(["flush"] * 4), r"state\.rack must be a list of at most 28 chip ids"),
        ("standard", lambda s: s.update(discard="flush"), r"state\.discard must be list"),
        ("standard", lambda s: s["collections"].__setitem__(1, ["joker"]), r"state\.collections\[1\]: unknown chip"),
        ("standard", lambda s: s.pop("last_draw"), "missing 'last_draw'"),
        ("standard", lambda s: s.update(last_draw=0), r"state\.last_draw is set but the rack still holds chips"),
        ("standard", lambda s: (_empty_rack(s), s.update(last_draw=2)), r"state\.last_draw"),
        ("standard", lambda s: s.update(second_pick=True), r"second_pick is only set in solo"),
        ("solo", lambda s: s.update(second_pick=True), r"second_pick is only set in solo, after a Yamslam"),
        ("solo", lambda s: s.update(round_chip=True), r"state\.round_chip is not used in solo"),
        ("standard", lambda s: s.update(players=["Ann"]), r"state\.players"),
        ("standard", lambda s: s.update(current_player=2), r"current_player"),
    ],
)
def test_an_inconsistent_yamslam_save_is_refused(mode: str, change: Callable[[Save], None], message: str) -> None:
    _refused(_yamslam(change, mode), message)


def test_consistent_yamslam_saves_with_chips_moved_load() -> None:
    def moved(state: Save) -> None:
        _move_chip(state, "large_straight", "discard")
        _move_chip(state, "flush", "1")

    game = yamskit.load_game(json.dumps(_yamslam(moved)))
    assert game.discard.to_data() == ["large_straight"]
    assert game.collections[1].to_data() == ["flush"]

    def flush_discarded(state: Save) -> None:
        _move_chip(state, "flush", "discard")
        _move_chip(state, "large_straight", "1")

    _refused(_yamslam(flush_discarded), "discard_order")  # a round discards the rack's highest chip
    # Bob took the rack's last chip, so Ann, the first player, is to play a new round
    ended = _yamslam(lambda s: (_empty_rack(s), s.update(last_draw=1, first_player=0, current_player=0)))
    finished = yamskit.load_game(json.dumps(ended))
    assert finished.is_over
    assert finished.result().scores[1] > finished.result().scores[0] - 1000


def test_a_solo_second_pick_after_a_yamslam_loads() -> None:
    def yamslam_thrown(state: Save) -> None:
        state["turn"] = TURN_THROWN
        state["second_pick"] = True
        _move_chip(state, "two_pairs", "0")  # the Yamslam's first chip

    game = yamskit.load_game(json.dumps(_yamslam(yamslam_thrown, "solo")))
    assert game.second_pick
    assert Roll() not in game.legal_actions()
    _refused(_yamslam(lambda s: s.update(turn=TURN_THROWN, second_pick=True), "solo"), "second_pick")


def test_yamslam_chips_are_conserved_in_a_save() -> None:
    game = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    data: Save = json.loads(game.to_json())
    data["state"]["collections"][0] = ["flush"]
    _refused(data, "4 chips of each kind")
