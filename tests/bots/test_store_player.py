"""The expert of a sheet with saved throws: the solver's store strategy, once it is at hand.

Small sheets with saved throws (three dice, three or four boxes) are solved in well under a
second, so the tests play whole games with the expert level and check every move against a
store strategy solved here, apart from the bot's own cache. Nothing claims strength
(benchmarks/expert.py and docs/performance.md measure it on Maxi Yatzy).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

import yamskit
from yamskit import Roll, ScorecardVariant
from yamskit.actions import Action
from yamskit.bots import ExpertPlayer, Player, player
from yamskit.bots import store_player as store_player_module
from yamskit.bots.store_player import EXPERT_STORE_CAP, StorePlayer, store_ready, store_strategy
from yamskit.categories import Category, total, upper
from yamskit.errors import RuleConfigError
from yamskit.game import GameState
from yamskit.scorecard.state import ScorecardGame
from yamskit.solver.advice import cache_path, cached_store_strategy
from yamskit.solver.store import solve_store

pytest.importorskip("numpy")


def _sheet(name: str) -> ScorecardVariant:
    return ScorecardVariant.define(
        name, rows=[upper(4), upper(5), upper(6), Category("chance", total)], dice=3, saved_throws=True
    )


def _expert(variant: ScorecardVariant, cache: Path | bool, **kwargs: object) -> ExpertPlayer:
    bot = player(variant, "expert", seed=3, rollouts=2, cache=cache, **kwargs)  # type: ignore[arg-type]
    assert isinstance(bot, ExpertPlayer)
    return bot


def _play(state: GameState, bots: Sequence[Player], rng: random.Random) -> list[tuple[ScorecardGame, Action]]:
    """Play ``state`` out with fair dice from ``rng``; every (state, action) of the game, each action checked legal."""
    moves = []
    while not state.is_over:
        assert isinstance(state, ScorecardGame)
        action = bots[state.current_player].choose(state)
        assert state.is_legal(action), action
        moves.append((state, action))
        if isinstance(action, Roll):
            thrown = state.turn.dice_count - len(action.keep)
            action = Roll(keep=action.keep, outcome="".join(str(rng.randint(1, 6)) for _ in range(thrown)))
        state = state.apply(action)
    return moves


@pytest.mark.parametrize("seats", [1, 2])
def test_the_expert_plays_the_store_strategy_in_whole_games(seats: int, tmp_path: Path) -> None:
    variant = _sheet(f"store-expert-{seats}")
    names = [f"P{i}" for i in range(seats)]
    expert = _expert(variant, tmp_path)
    assert isinstance(expert.alone if seats == 1 else expert.versus, StorePlayer)
    reference = solve_store(variant, store_cap=EXPERT_STORE_CAP)
    hard = player(variant, "hard", seed=1, cache=False)
    for game_seed in range(3):
        moves = _play(variant.new_game(players=names, seed=game_seed), [expert, hard][:seats], random.Random(game_seed))
        mine = [(state, action) for state, action in moves if state.current_player == 0]
        assert len(mine) >= 4  # at least a throw and a box a turn
        for state, action in mine:
            assert action == reference.best_action(state)
        # a new expert, read from the disk cache, plays the same game
        again = _play(
            variant.new_game(players=names, seed=game_seed),
            [_expert(variant, tmp_path, time_budget=0.0), hard][:seats],
            random.Random(game_seed),
        )
        assert [action for _, action in again] == [action for _, action in moves]


def test_the_store_is_ready_from_the_process_the_disk_or_a_solve_in_time(tmp_path: Path) -> None:
    variant = _sheet("store-ready")
    store_player_module._STORES.clear()  # (the sheets of this module share their rules, so their values)
    assert not store_ready(variant, time_budget=0.0, cache=tmp_path)  # not solved, no time to solve
    assert store_ready(variant, time_budget=5.0, cache=tmp_path)  # a fraction of a second to solve
    cached_store_strategy(variant, store_cap=EXPERT_STORE_CAP, directory=tmp_path, quiet=True)
    assert cache_path(variant, directory=tmp_path, store_cap=EXPERT_STORE_CAP).is_file()
    assert store_ready(variant, time_budget=0.0, cache=tmp_path)  # on the disk
    assert not store_ready(variant, time_budget=0.0, cache=False)
    store_strategy(variant, cache=tmp_path)
    assert store_ready(variant, time_budget=0.0, cache=False)  # in this process


def test_without_the_store_at_hand_the_expert_searches_as_before(tmp_path: Path) -> None:
    store_player_module._STORES.clear()
    expert = _expert(_sheet("store-not-ready"), tmp_path, time_budget=0.0)
    assert expert.alone is None
    assert expert.versus is None
    maxi = _expert(yamskit.variant("maxi-yatzy"), False)  # 15 minutes of solving do not fit 5 s
    assert maxi.alone is None
    assert not store_ready(yamskit.variant("yatzy"), time_budget=1e9)  # no saved throws
    assert not store_ready(yamskit.variant("yamslam"), time_budget=1e9)


def test_the_expert_reads_the_disk_cache_and_reports_a_solve_only(tmp_path: Path) -> None:
    variant = _sheet("store-progress")
    calls: list[tuple[int, int]] = []
    store_player_module._STORES.clear()
    expert = _expert(variant, tmp_path, progress=lambda done, total: calls.append((done, total)))
    game = variant.new_game(seed=1).apply(Roll(outcome="456"))
    expert.choose(game)
    assert calls  # solved now: told how it went
    assert calls[-1][0] == calls[-1][1]
    assert cache_path(variant, directory=tmp_path, store_cap=EXPERT_STORE_CAP).is_file()
    store_player_module._STORES.clear()
    calls.clear()
    expert = _expert(variant, tmp_path, time_budget=0.0, progress=lambda done, total: calls.append((done, total)))
    assert expert.choose(game) == solve_store(variant, store_cap=EXPERT_STORE_CAP).best_action(game)
    assert calls == []  # read from the disk: nothing solved, nothing reported


def test_the_store_player_refuses_what_it_cannot_play() -> None:
    variant = _sheet("store-refusals")
    bot = StorePlayer(lambda: store_strategy(variant, cache=False))
    with pytest.raises(RuleConfigError, match="scorecard"):
        bot.choose(yamskit.variant("yamslam").new_game(seed=1))
    with pytest.raises(RuleConfigError, match="store of saved throws"):
        store_strategy(yamskit.variant("yatzy"), cache=False)
