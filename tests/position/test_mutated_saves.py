"""Mutated saves: each loads only if the change leaves a reachable, self-consistent state.

Three kinds of saves are changed one field at a time (a box's value, a cell, a chip moved
between piles, a turn field, whose turn, who began, the points beside the boxes):

* saves of real games, with their whole history: the history decides the state, so a
  changed state loads only if the change changed nothing;
* the same saves with one move of the history changed: the save loads exactly when the
  changed moves, replayed by the records' own replay, are legal and give the same state;
* saves of positions (no history) of the small configurations of the exhaustive searches:
  a changed position loads exactly when the search reached it.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import yamskit
from tests.position import test_exhaustive_scorecard as small_sheets
from tests.position import test_exhaustive_yamslam as small_chips
from yamskit import Roll, Score
from yamskit.errors import YamskitError
from yamskit.position.witness import difference
from yamskit.records import GameRecord
from yamskit.serialization import history_from_data

Save = dict[str, Any]


def _loads(text: str, variant: Any = None) -> Any | None:
    try:
        return yamskit.load_game(text, variant=variant)
    except YamskitError:
        return None


def _game(name: str, options: dict[str, Any], players: int, seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    state = yamskit.variant(name, **options).new_game([f"P{i}" for i in range(players)], seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(list(state.legal_actions())))
    return state


def _mutations(state: Save, rng: random.Random) -> Iterator[tuple[str, Save]]:
    """One field of the ``"state"`` part changed at a time (a copy each)."""

    def changed(what: str, change: Any) -> tuple[str, Save]:
        copied = copy.deepcopy(state)
        change(copied)
        return what, copied

    n = len(state["players"])
    yield changed("current_player", lambda s: s.update(current_player=(s["current_player"] + 1) % n))
    yield changed("first_player", lambda s: s.update(first_player=(s["first_player"] + 1) % n))
    if state["turn"]["throws"]:
        yield changed(
            "turn faces",
            lambda s: s["turn"]["throws"][-1].update(rolled="66666"[: len(s["turn"]["throws"][-1]["rolled"])]),
        )
        yield changed("turn throws", lambda s: s["turn"]["throws"].pop())
    if "sheets" in state:
        for _ in range(6):
            p = rng.randrange(n)
            column = rng.randrange(len(state["sheets"][p]["cells"]))
            row = rng.randrange(len(state["sheets"][p]["cells"][column]))
            value = rng.choice([None, "x", 0, 5, 10, 25, 30, 50])

            def box(s: Save, p: int = p, c: int = column, r: int = row, v: Any = value) -> None:
                s["sheets"][p]["cells"][c][r] = v

            yield changed(f"box {row}", box)
        yield changed("extra", lambda s: s["sheets"][0].update(extra=s["sheets"][0]["extra"] + 100))
    if "board" in state:
        for _ in range(6):
            r, c = rng.randrange(5), rng.randrange(5)
            mark = rng.choice("XO.")

            def cell(s: Save, r: int = r, c: int = c, mark: str = mark) -> None:
                row = s["board"][r]
                before = row[c]
                s["board"][r] = row[:c] + mark + row[c + 1 :]
                for p, m in enumerate("XO"):  # keep twelve tokens each, as a forger would
                    s["supply"][p] += (before == m) - (mark == m)

            yield changed(f"cell {r},{c}", cell)
        yield changed("turns", lambda s: s.update(turns=s["turns"] + 2))
    if "rack" in state:
        piles = ["rack", "discard", *(f"collections.{i}" for i in range(len(state["collections"])))]

        def pile(s: Save, name: str) -> list[str]:
            if name.startswith("collections."):
                chips: list[str] = s["collections"][int(name.split(".")[1])]
                return chips
            chips = s[name]
            return chips

        for _ in range(6):
            source, target = rng.sample(piles, 2)
            if not pile(state, source):
                continue
            chip = rng.choice(pile(state, source))

            def move(s: Save, source: str = source, target: str = target, chip: str = chip) -> None:
                pile(s, source).remove(chip)
                pile(s, target).append(chip)

            yield changed(f"{chip} {source}->{target}", move)
        yield changed("round_chip", lambda s: s.update(round_chip=not s["round_chip"]))


GAMES = [
    ("classic", {"joker": "free", "yams_bonus": 100}, 2),
    ("yahtzee", {}, 1),
    ("challenge", {}, 1),
    ("competitive", {}, 2),
    ("yam-master", {"removed": "out"}, 2),
    ("yamslam", {}, 2),
    ("yamslam", {"mode": "solo"}, 1),
    ("yatzy", {}, 1),
    ("yacht", {}, 2),
    ("kniffel", {}, 1),
    ("generala", {}, 2),
    ("balut", {}, 2),
    ("crag", {}, 2),
    ("maxi-yatzy", {}, 2),
]


@pytest.mark.parametrize(("name", "options", "players"), GAMES, ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def test_a_changed_state_with_its_whole_history_loads_only_if_nothing_changed(
    name: str, options: dict[str, Any], players: int
) -> None:
    rng = random.Random(name)
    tried = refused = 0
    for steps in (7, 40, 200):
        game = _game(name, options, players, seed=steps, steps=steps)
        data = json.loads(game.to_json())
        assert _loads(game.to_json()) == game
        for what, state in _mutations(data["state"], rng):
            text = json.dumps({**data, "state": state})
            loaded = _loads(text)
            unchanged = state == data["state"]
            assert (loaded is not None) == unchanged, (steps, what)
            tried += 1
            refused += loaded is None
    assert refused > 10


@pytest.mark.parametrize(("name", "options", "players"), GAMES, ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def test_a_changed_move_loads_exactly_when_the_moves_still_give_the_state(
    name: str, options: dict[str, Any], players: int
) -> None:
    game = _game(name, options, players, seed=11, steps=60)
    data = json.loads(game.to_json())
    rng = random.Random(name)
    history = data["state"]["history"]
    for _ in range(12):
        changed = copy.deepcopy(data)
        i = rng.randrange(len(history))
        action = changed["state"]["history"][i]["action"]
        if action["type"] == "roll":
            action["outcome"] = "".join(rng.choice("123456") for _ in action["outcome"])
        elif action["type"] == "score":
            action["row"] = rng.choice(list(game.variant.rows))
        else:
            changed["state"]["history"][i]["player"] = (changed["state"]["history"][i]["player"] + 1) % players
        loaded = _loads(json.dumps(changed))
        # the records' own replay of the changed moves, from the same start (throws drawn where they match)
        record = GameRecord.from_game(game)
        forged = history_from_data(changed["state"]["history"], players)
        try:
            replayed = attrs.evolve(record, moves=forged).to_game()
            same = difference(replayed, game) is None and replayed.stream == game.stream
        except YamskitError:
            same = False
        assert (loaded is not None) == same, (i, action)


def test_changed_positions_of_a_small_sheet_load_exactly_when_a_game_reaches_them() -> None:
    variant = small_sheets._variant(
        "mutated",
        [small_sheets.upper(1), small_sheets.YAMS],
        [small_sheets.Joker("forced"), small_sheets.FiveOfAKindBonus(100)],
    )
    players = ("Ann", "Bob")
    reached = small_sheets.reachable(variant, players)
    candidates = list(small_sheets.candidates(variant, players, (0, 100)))
    rng = random.Random(5)
    for state in rng.sample(candidates, 400):
        loaded = _loads(state.to_json(), variant)
        assert (loaded is not None) == (small_sheets.key(state) in reached)


def test_changed_chips_load_exactly_when_a_game_reaches_them() -> None:
    variant = yamskit.variant("yamslam")
    players = ("Ann", "Bob")
    starts = [variant.new_game(players, seed=1, first_player=first) for first in (0, 1)]
    reached = set(small_chips.search(starts, 2))
    for state in small_chips.candidates(variant, players, 2, (0, 1)):
        loaded = _loads(state.to_json())
        assert (loaded is not None) == (small_chips.key(state) in reached)


def test_a_position_save_continued_by_hand_keeps_its_start() -> None:
    v = yamskit.variant("classic")
    start = v.position(["Ann"], sheets=[{"sixes": 24}], seed=2)
    game = start.apply(Roll(outcome="12345")).apply(Score("large_straight"))
    data = json.loads(game.to_json())
    assert _loads(game.to_json()) == game
    data["state"]["origin"]["sheets"][0]["cells"][0][5] = 25  # a start no game reaches
    assert _loads(json.dumps(data)) is None
    data["state"]["origin"]["sheets"][0]["cells"][0][5] = 18  # a reachable start the moves do not lead from
    assert _loads(json.dumps(data)) is None
