"""The page's Python (web/page/yamskit_page.py) in CPython: views, clicks, bots, records, the playground.

The same module runs in Pyodide in the browser; here it is checked fast, without a
browser: every variant is played to the end through the page's own calls, illegal
actions come back with the library's message and change nothing, and the saves and
records it hands out load again.
"""

from __future__ import annotations

import doctest
import json
import random
import sys
from typing import Any

import pytest

import yamskit
from yamskit.actions import action_from_data
from yamskit.records import GameRecord, check_record

from .conftest import BUILT_IN, cases, page_module

page = page_module()


def start(variant: str, players: list[dict[str, Any]], *, mode: str | None = None, seed: int = 1) -> dict[str, Any]:
    spec = {"variant": variant, "mode": mode, "players": players, "seed": seed}
    return dict(json.loads(page.start(json.dumps(spec))))


def act(action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
    return dict(json.loads(page.act(json.dumps(action), player)))


def test_the_examples_of_the_module_run() -> None:
    failures, tried = doctest.testmod(page, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 5
    assert failures == 0


def test_the_menu_offers_every_variant_and_mode_with_the_players_each_accepts() -> None:
    menu = json.loads(page.menu())
    names = [v["name"] for v in menu["variants"]]
    assert set(BUILT_IN) <= set(names) <= set(yamskit.variant_names())
    modes = {v["name"]: [(m["mode"], m["players"]) for m in v["modes"]] for v in menu["variants"]}
    assert modes["competitive"] == [("1v1", [2]), ("1v1v1", [3]), ("2v2", [4])]
    assert modes["yamslam"] == [("standard", list(range(2, 9))), ("solo", [1]), ("team", [4])]
    assert modes["yam-master"] == [(None, [2])]
    assert modes["classic"] == [(None, list(range(1, 9)))]
    assert menu["version"] == yamskit.__version__


def test_a_variant_that_cannot_be_built_or_started_is_left_out_of_the_menu() -> None:
    def broken(**options: Any) -> Any:
        raise yamskit.RuleConfigError("this variant needs an option")

    yamskit.register_variant("web-test-broken", broken, replace=True)
    names = [v["name"] for v in json.loads(page.menu())["variants"]]
    assert "web-test-broken" not in names
    assert "classic" in names


def test_without_numpy_only_the_random_and_easy_bots_are_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now raises ImportError
    assert page.levels() == ["random", "easy"]
    assert json.loads(page.menu())["levels"] == ["random", "easy"]
    monkeypatch.undo()
    assert page.levels() == list(yamskit.bots.LEVELS)


def _playouts() -> list[Any]:
    """Every case of `cases`; the three- and four-player Competitive games (10 to 20 s) are slow."""
    slow = {("competitive", "1v1v1"), ("competitive", "2v2")}
    return [
        pytest.param(
            g, marks=[pytest.mark.slow] if (g["name"], g["mode"]) in slow else [], id=f"{g['name']}-{g['mode']}"
        )
        for g in cases()
    ]


@pytest.mark.parametrize("game", _playouts())
def test_every_variant_plays_to_the_end_through_the_page(game: dict[str, Any]) -> None:
    """People in every seat: each legal action the view lists applies; an illegal one changes nothing."""
    rng = random.Random(game["seed"])
    seats = [{"name": f"P{i}"} for i in range(len(game["bots"]))]
    now = start(game["name"], seats, mode=game["mode"], seed=game["seed"])
    steps = 0
    while not now["over"]:
        assert now["legal"]
        assert not now["bot_to_move"]
        before = now
        wrong = {"type": "roll", "keep": "666666666"} if rng.random() < 0.1 else None  # nine dice
        if wrong is not None:
            now = act(wrong)
            with pytest.raises(yamskit.DeserializationError) as refused:
                action_from_data(wrong)
            assert now["error"] == f"DeserializationError: {refused.value}"
            assert now["moves"] == before["moves"]
            assert now["notation"] == before["notation"]
            continue
        writes = [a for a in now["legal"] if a["type"] not in ("roll", "pass")]
        now = act(rng.choice(writes if writes and rng.random() < 0.6 else now["legal"]))
        assert now["error"] is None
        assert now["moves"] == before["moves"] + 1
        steps += 1
        assert steps < 5000
    state = yamskit.load_game(page.save())
    assert state.is_over
    assert list(state.result().scores) == now["scores"]
    assert list(state.result().winner_names) == now["winners"]
    assert GameRecord.load(page.record()).to_game() == state
    assert now["notation"] == state.to_notation()
    assert now["svg"] == yamskit.svg.svg(state)


def test_an_illegal_click_gets_the_library_message_and_changes_nothing() -> None:
    now = start("classic", [{"name": "Ann"}, {"name": "Bob"}], seed=4)
    state = yamskit.load_game(page.save())
    for action, player in [
        ({"type": "score", "row": "chance", "column": "main"}, None),
        ({"type": "roll", "keep": "66", "outcome": None}, None),
        ({"type": "roll", "keep": "", "outcome": None}, 1),
        ({"type": "score", "row": "no_such_row", "column": "main"}, 0),
    ]:
        after = act(action, player)
        with pytest.raises(yamskit.YamskitError) as refused:
            state.apply(action_from_data(action), player=player)
        assert after["error"] == f"{type(refused.value).__name__}: {refused.value}"
        assert after["notation"] == now["notation"]
        assert after["moves"] == 0


def test_a_refused_new_game_keeps_the_game_in_play() -> None:
    now = start("classic", [{"name": "Ann"}], seed=2)
    refused = start("yam-master", [{"name": "Solo"}], seed=2)
    assert refused["error"] is not None
    assert refused["error"].startswith("RuleConfigError: ")
    assert refused["variant"] == "classic"
    assert refused["notation"] == now["notation"]
    unknown = start("no-such-game", [{"name": "Ann"}])
    assert unknown["error"] is not None
    assert "no-such-game" in unknown["error"]


def test_bots_move_only_in_their_own_seats() -> None:
    now = start("yamslam", [{"name": "Ann"}, {"name": "Bot", "bot": "easy"}], seed=8)
    assert not now["bot_to_move"]
    assert now["bots"] == {"1": True}
    assert json.loads(page.bot_move())["moves"] == 0  # Ann's turn: no bot to move
    while now["current"] == 0 and not now["over"]:
        now = act(now["legal"][0])
    assert now["bot_to_move"]
    moved = json.loads(page.bot_move())
    assert moved["moves"] == now["moves"] + 1


def test_a_record_claims_the_scores_shown_and_the_referee_accepts_it() -> None:
    now = json.loads(page.autoplay("challenge", None, ["easy", "random"], 12))
    record = GameRecord.load(now["record"])
    assert record.claimed == dict(zip(record.players, now["scores"], strict=True))
    assert check_record(now["record"]).valid


def test_a_simulation_reports_its_progress_and_its_bounds() -> None:
    seen: list[tuple[int, int]] = []
    out = json.loads(
        page.simulate(
            json.dumps({"variant": "classic", "games": 6, "seed": 2}), lambda done, total: seen.append((done, total))
        )
    )
    assert out["error"] is None
    assert out["games"] == 6
    assert seen[-1] == (6, 6)
    assert len(seen) == 6
    too_many = json.loads(page.simulate(json.dumps({"variant": "classic", "games": 10**6})))
    assert too_many["error"] == "RuleConfigError: games must be from 1 to 100000, not 1000000"
    unknown = json.loads(page.simulate(json.dumps({"variant": "nope", "games": 2})))
    assert unknown["error"] is not None
    assert "nope" in unknown["error"]


def test_playground_blocks_share_names_and_report_errors_as_python_does() -> None:
    assert json.loads(page.run_block("shared = 41"))["value"] is None
    assert json.loads(page.run_block("shared + 1"))["value"] == "42"
    broken = json.loads(page.run_block("def f(:\n    pass"))
    assert broken["error"].startswith('  File "<block>", line 1')
    assert "SyntaxError" in broken["error"]
    drawn = json.loads(page.run_block("import yamskit.svg\nyamskit.svg.dice('66')"))
    assert drawn["svg"].startswith("<svg")
    assert drawn["value"] is None
