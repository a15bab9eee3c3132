"""The ``"expert"`` level: whole legal games of every setup, its rollout budget, determinism, and the strategy cache.

Budgets are tiny (a few rollouts a decision) so that every test takes a few seconds; nothing
here depends on the clock, and nothing claims strength (benchmarks/expert.py measures it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import yamskit
from yamskit.bots import ExpertPlayer, GreedyPlayer, RandomPlayer, StrongPlayer, player, strong
from yamskit.bots import expert as expert_module
from yamskit.bots.expert import Search, rollout_value
from yamskit.categories import Category, total, upper
from yamskit.errors import RuleConfigError, YamskitError
from yamskit.game import GameState, Variant
from yamskit.solver import expectimax as expectimax_module
from yamskit.solver import strategy as strategy_module
from yamskit.solver.advice import cache_path

pytest.importorskip("numpy")


def _cheap_expert(variant: Variant, *, seed: int, rollouts: int = 2) -> ExpertPlayer:
    """An expert with the medium bot planning and random rollouts: a whole game of any family in a few seconds.

    (The hard bot of a one-column sheet first fits its values, seconds of work that the
    expert level's own tests pay once.)
    """
    return ExpertPlayer(
        StrongPlayer(variant, time_budget=0.0, seed=seed, depth=1),
        proposers=(GreedyPlayer(), RandomPlayer(seed=seed)),
        rollout_policy=RandomPlayer(seed=seed),
        seed=seed,
        rollouts=rollouts,
    )


def _play_checked(game: GameState, bots: dict[int, Any], other: Any) -> tuple[str, ...]:
    """Play ``game`` out, each move checked legal first; the moves as text."""
    state = game
    while not state.is_over:
        bot = bots.get(state.current_player, other)
        action = bot.choose(state)
        assert state.is_legal(action), (state.current_player, action)
        state = state.apply(action)
    return tuple(str(move.action) for move in state.history)


#: (variant, options, players): the seed games, Competitive duels, Yam Master, Yamslam, a solitaire sheet
#: the solver cannot play (Challenge), three players, teams, and a points sheet alone and with an opponent.
SETUPS = [
    ("classic", {}, 2),
    ("yatzy", {}, 3),
    ("competitive", {}, 2),
    ("challenge", {}, 1),
    ("yam-master", {}, 2),
    ("yamslam", {}, 2),
    ("yamslam", {"mode": "team"}, 4),
    ("yamslam", {"mode": "solo"}, 1),
    ("competitive", {"mode": "2v2"}, 4),
    ("maxi-yatzy", {}, 2),
    ("balut", {}, 1),
    ("balut", {}, 2),
]


@pytest.mark.parametrize(("name", "options", "seats"), SETUPS)
def test_expert_plays_whole_games_of_every_setup_legally(name: str, options: dict[str, Any], seats: int) -> None:
    variant = yamskit.variant(name, **options)
    names = [f"P{i}" for i in range(seats)]
    moves = _play_checked(variant.new_game(players=names, seed=11), {0: _cheap_expert(variant, seed=7)}, GreedyPlayer())
    assert moves


@pytest.mark.parametrize(("name", "seats", "runs"), [("yamslam", 2, 2), ("classic", 2, 2), ("yam-master", 2, 1)])
def test_the_expert_level_plays_whole_games_reproducibly(name: str, seats: int, runs: int) -> None:
    variant = yamskit.variant(name)
    names = [f"P{i}" for i in range(seats)]
    games = {
        _play_checked(
            variant.new_game(players=names, seed=3),
            {0: player(variant, "expert", rollouts=2, seed=5, cache=False)},
            player(variant, "medium", seed=1),
        )
        for _ in range(runs)
    }
    assert len(games) == 1  # the same moves every time


def _decision(variant: Variant, seats: int) -> tuple[ExpertPlayer, GameState]:
    """A decision with several candidates: the expert level of ``variant`` and the first position offering them."""
    bot = _cheap_expert(variant, seed=2)
    state = variant.new_game(players=[f"P{i}" for i in range(seats)], seed=4)
    while len(bot._candidates(state)) < 3:
        state = state.apply(GreedyPlayer().choose(state))
    return bot, state


@pytest.mark.parametrize("budget", [0, 1, 2, 3, 7, 10])
def test_a_decision_plays_exactly_the_rollouts_of_its_budget(budget: int, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = yamskit.variant("yamslam")
    bot, state = _decision(variant, 2)
    played: list[int] = []
    real = expert_module.rollout_value

    def counted(final: GameState, seat: int) -> float:
        played.append(seat)
        return real(final, seat)

    monkeypatch.setattr(expert_module, "rollout_value", counted)
    search = ExpertPlayer(
        bot.planner, proposers=bot.proposers, rollout_policy=bot.rollout_policy, rollouts=budget
    ).search(state)
    assert len(played) == search.rollouts == budget
    counts = [c.rollouts for c in search.candidates]
    assert len(counts) == 3
    assert max(counts) - min(counts) <= 1
    assert counts == sorted(counts, reverse=True)
    assert set(played) <= {state.current_player}


def test_without_a_count_a_decision_of_no_time_plays_one_round() -> None:
    variant = yamskit.variant("yam-master")
    bot, state = _decision(variant, 2)
    timed = ExpertPlayer(
        bot.planner, proposers=bot.proposers, rollout_policy=bot.rollout_policy, rollouts=None, decision_time=0.0
    )
    search = timed.search(state)
    assert [c.rollouts for c in search.candidates] == [1, 1, 1]


def test_the_search_is_the_same_for_the_same_seed() -> None:
    variant = yamskit.variant("competitive")
    bot, state = _decision(variant, 2)
    first, second = bot.search(state), bot.search(state)
    assert first == second
    assert first.choice in [c.action for c in first.candidates]


def test_the_planners_action_stays_unless_clearly_beaten() -> None:
    roll, take = yamskit.Roll(), yamskit.Score("chance")
    stats = expert_module.CandidateStats
    assert expert_module._pick([stats(roll, (1.0, 0.0)), stats(take, (1.0, 1.0))]) == roll  # one win in two: noise
    assert expert_module._pick([stats(roll, (0.0,) * 3), stats(take, (1.0,) * 3)]) == roll  # too few rounds
    assert expert_module._pick([stats(roll, (0.0,) * 4), stats(take, (1.0,) * 4)]) == take
    noisy = (1.0, 0.0, 1.0, 0.0, 0.0, 1.0)  # three wins more in six rounds: under 2.5 standard errors
    assert expert_module._pick([stats(roll, (0.0,) * 6), stats(take, noisy)]) == roll
    assert expert_module._pick([stats(roll, (1.0,)), stats(take, ())]) == roll


def test_rollout_values_are_scores_alone_and_wins_together() -> None:
    v = yamskit.variant("classic")
    solo = v.new_game(seed=1)
    duel = v.new_game(players=["A", "B"], seed=1)
    for state in (solo, duel):
        while not state.is_over:
            state = state.apply(GreedyPlayer().choose(state))
        if len(state.players) == 1:
            assert rollout_value(state, 0) == state.result().scores[0]
        else:
            assert sorted(rollout_value(state, s) for s in (0, 1)) in ([0.0, 1.0], [0.5, 0.5])


def test_a_solvable_solitaire_sheet_is_played_as_hard(tmp_path: Path) -> None:
    sheet = yamskit.ScorecardVariant.define("expert-tiny", rows=[upper(6), Category("chance", total)])
    bot = player(sheet, "expert", rollouts=50, cache=tmp_path)
    assert isinstance(bot, ExpertPlayer)
    assert bot.exact
    state = sheet.new_game(seed=1).apply(yamskit.Roll(outcome="66123"))
    search = bot.search(state)
    assert search == Search(player(sheet, "hard", cache=tmp_path).choose(state), ())
    # with others at the table the expert searches
    duel = sheet.new_game(players=["A", "B"], seed=1).apply(yamskit.Roll(outcome="66123"))
    assert bot.search(duel).choice in duel.legal_actions()


def test_rollouts_are_played_by_hard_where_hard_is_exact(tmp_path: Path) -> None:
    # Generala: solved exactly, but its served rules keep the duel player out, so the expert searches
    generala = yamskit.variant("generala")
    bot = player(generala, "expert", rollouts=2, seed=3, cache=tmp_path)
    assert isinstance(bot, ExpertPlayer)
    assert bot.exact
    assert bot.duel is None
    assert bot.rollout_policy is bot.planner
    game = generala.new_game(players=["A", "B"], seed=6)
    moves = _play_checked(game, {0: bot}, player(generala, "medium", seed=1, cache=tmp_path))
    again = _play_checked(
        game,
        {0: player(generala, "expert", rollouts=2, seed=3, cache=tmp_path)},
        player(generala, "medium", seed=1, cache=tmp_path),
    )
    assert moves == again
    # a sheet hard does not solve rolls out with the cheap bot where it searches
    challenge = player(yamskit.variant("challenge"), "expert", rollouts=2)
    assert isinstance(challenge, ExpertPlayer)
    assert isinstance(challenge.rollout_policy, GreedyPlayer)


@pytest.mark.parametrize(
    "options",
    [{"rollouts": -1}, {"rollouts": 1.5}, {"decision_time": -0.1}, {"decision_time": float("nan")}],
)
def test_bad_expert_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(RuleConfigError):
        player(yamskit.variant("yamslam"), "expert", **options)


def test_the_candidate_count_is_checked_and_a_finished_game_refused() -> None:
    variant = yamskit.variant("yamslam")
    with pytest.raises(RuleConfigError, match="candidates"):
        ExpertPlayer(GreedyPlayer(), rollout_policy=GreedyPlayer(), candidates=0)
    state = variant.new_game(players=["A", "B"], seed=1)
    while not state.is_over:
        state = state.apply(GreedyPlayer().choose(state))
    with pytest.raises(YamskitError, match="over"):
        ExpertPlayer(GreedyPlayer(), rollout_policy=GreedyPlayer()).search(state)


# -- the disk cache of solved strategies ---------------------------------------------------------------


def _tiny() -> yamskit.ScorecardVariant:
    return yamskit.ScorecardVariant.define("expert-cache-tiny", rows=[upper(5), upper(6), Category("chance", total)])


def _no_solve(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("solved again although the strategy is in the cache")


@pytest.mark.parametrize("level", ["perfect", "hard"])
def test_a_warm_disk_cache_is_read_not_solved_again(
    level: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = _tiny()
    strong._STRATEGIES.clear()
    told: list[tuple[int, int]] = []
    first = player(sheet, level, cache=tmp_path, progress=lambda done, all_: told.append((done, all_)))
    state = sheet.new_game(seed=2).apply(yamskit.Roll(outcome="55661"))
    chosen = first.choose(state)
    assert cache_path(sheet, directory=tmp_path).is_file()
    assert told
    assert told[-1][0] == told[-1][1]
    strong._STRATEGIES.clear()  # as in a fresh process
    monkeypatch.setattr(strategy_module, "solve_values", _no_solve)
    monkeypatch.setattr(expectimax_module, "solve_values", _no_solve)
    again: list[tuple[int, int]] = []
    second = player(sheet, level, cache=tmp_path, progress=lambda done, all_: again.append((done, all_)))
    assert second.choose(state) == chosen
    assert again == []


def test_a_strategy_on_disk_is_played_whatever_the_time_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # With no time to solve, hard plays fitted values and the expert searches; once `advise`
    # (or "perfect") has saved the strategy, both read it and play it, solving nothing.
    sheet = _tiny()
    strong._STRATEGIES.clear()
    assert not strong.solvable(sheet, time_budget=0, cache=tmp_path)
    assert not player(sheet, "expert", time_budget=0, cache=tmp_path).exact
    optimal = player(sheet, "perfect", cache=tmp_path)  # solves and saves
    state = sheet.new_game(seed=2).apply(yamskit.Roll(outcome="55661"))
    best = optimal.choose(state)
    strong._STRATEGIES.clear()  # as in a fresh process
    monkeypatch.setattr(strategy_module, "solve_values", _no_solve)
    monkeypatch.setattr(expectimax_module, "solve_values", _no_solve)
    assert strong.solvable(sheet, time_budget=0, cache=tmp_path)
    assert not strong.solvable(sheet, time_budget=0)  # without the cache: no time, no strategy
    assert not strong.solvable(sheet, time_budget=0, cache=tmp_path / "elsewhere")
    expert = player(sheet, "expert", time_budget=0, cache=tmp_path)
    assert expert.exact
    assert player(sheet, "hard", time_budget=0, cache=tmp_path).choose(state) == best
    assert expert.choose(state) == best
    strong._STRATEGIES.clear()


def test_without_a_disk_cache_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YAMSKIT_CACHE", str(tmp_path))
    strong._STRATEGIES.clear()
    player(_tiny(), "perfect", cache=False)
    assert list(tmp_path.iterdir()) == []
    strong._STRATEGIES.clear()


def test_a_fresh_process_reads_the_cache_the_default_player_fills(tmp_path: Path) -> None:
    script = (
        "import yamskit, sys\n"
        "from yamskit.bots import player\n"
        "told = []\n"
        "player(yamskit.variant('yacht'), 'perfect', progress=lambda d, t: told.append(d))\n"
        "print('solved' if told else 'read')\n"
    )
    env = {**os.environ, "YAMSKIT_CACHE": str(tmp_path)}
    runs = [
        subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        for _ in range(2)
    ]
    assert [run.stdout.strip() for run in runs] == ["solved", "read"]
    assert all(run.stderr == "" for run in runs)  # a library call prints nothing
    assert cache_path(yamskit.variant("yacht"), directory=tmp_path).is_file()


class _OwnChance:
    """A state whose family has its own ``chance_outcomes`` (the engine's, seen through a wrapper)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.asked = 0

    def chance_outcomes(self, keep: Any) -> Any:
        self.asked += 1
        return self.state.chance_outcomes(keep)

    def apply(self, action: Any) -> GameState:
        return self.state.apply(action)


def test_a_family_with_its_own_chance_is_thrown_by_its_chance_outcomes() -> None:
    import random

    state = yamskit.variant("yam-master").new_game(players=["A", "B"], seed=1)
    own = _OwnChance(state)
    thrown = [expert_module._throw(own, yamskit.Roll(), random.Random(4)).dice for _ in range(2)]  # type: ignore[arg-type]
    assert own.asked == 2
    assert thrown[0] == thrown[1]
    assert len(thrown[0]) == 5
