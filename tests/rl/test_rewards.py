"""Honest rewards: over 50 seeded episodes per env, the rewards add up to the final score (or the outcome).

Every Gymnasium env (every variant and mode, bots in the other seats, Yamslam teams whose
bot team mate takes chips during ``reset`` included), every PettingZoo env (every agent),
the vector env and the OpenSpiel games, with ``reward="score"``, ``"normalized"`` and
``"outcome"``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")

import yamskit  # noqa: E402
import yamskit.rl  # noqa: E402
from yamskit.bots import Player  # noqa: E402
from yamskit.rl import YamsEnv, YamsVectorEnv  # noqa: E402
from yamskit.rl.rewards import outcome, reward_scale, side_score  # noqa: E402

from . import other_dice  # noqa: E402

EPISODES = 50
#: (variant name, options) of every Gymnasium setup.
SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("classic", {}),
    ("yahtzee", {}),
    ("challenge", {}),
    ("competitive", {"mode": "1v1"}),
    ("competitive", {"mode": "1v1v1"}),
    ("competitive", {"mode": "2v2"}),
    ("yam-master", {}),
    ("yamslam", {"mode": "standard"}),
    ("yamslam", {"mode": "solo"}),
    ("yamslam", {"mode": "team"}),
    *((name, {}) for name in other_dice.NAMES),  # sheets of three and six dice
]
_SHEETS = dict(zip(other_dice.NAMES, other_dice.SHEETS, strict=True))


def _ids(setup: tuple[str, dict[str, Any]]) -> str:
    name, options = setup
    return name + "".join(f"-{v}" for v in options.values())


def _variant(name: str, options: dict[str, Any]) -> Any:
    """A registry variant, or a sheet of `tests.rl.other_dice` by its name (a variant object: not registered)."""
    return _SHEETS[name]() if name in _SHEETS else yamskit.variant(name, **options)


class QuickRandom:
    """A random legal bot that chooses by ids (cheaper than `RandomPlayer`), reproducibly."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        return state.variant.actions[self.rng.choice(state.legal_action_ids())]


def _play_gym(env: Any, seed: int) -> tuple[list[float], dict[str, Any]]:
    """A random legal episode; its rewards and last info."""
    _obs, info = env.reset(seed=seed)
    rng = random.Random(seed)
    rewards: list[float] = []
    terminated = False
    while not terminated:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        assert ("final_score" in info) == terminated
        rewards.append(float(reward))
    return rewards, info


@pytest.mark.parametrize("setup", SETUPS, ids=_ids)
def test_gym_score_rewards_add_up_to_the_final_score_over_50_episodes(setup: tuple[str, dict[str, Any]]) -> None:
    name, options = setup
    variant = _variant(name, options)
    seats = yamskit.rl.default_players(variant)
    bots: list[Player] = [QuickRandom(i) for i in range(1, seats)]  # type: ignore[list-item]
    env = YamsEnv(variant, opponents=bots)
    for episode in range(EPISODES):
        rewards, info = _play_gym(env, seed=episode)
        final = side_score(env.game.result(), 0)
        assert info["final_score"] == final
        assert sum(rewards) == final, f"episode {episode}"


def test_yamslam_team_episodes_pay_chips_a_bot_team_mate_takes_during_reset() -> None:
    env = gym.make("yamskit/yamslam-v0", mode="team")  # greedy bots, the team mate among them
    paid_at_reset = 0
    for episode in range(EPISODES):
        env.reset(seed=episode)
        before = side_score(env.unwrapped.game.result(), 0)
        paid_at_reset += before > 0
        rewards, info = _play_gym(env, seed=episode)
        assert sum(rewards) == info["final_score"] == side_score(env.unwrapped.game.result(), 0)
    assert paid_at_reset > 0  # the case happened: the team scored before the agent's first step


@pytest.mark.parametrize("setup", SETUPS, ids=_ids)
def test_gym_outcome_and_normalized_rewards(setup: tuple[str, dict[str, Any]]) -> None:
    name, options = setup
    variant = _variant(name, options)
    seats = yamskit.rl.default_players(variant)
    scale = reward_scale(variant, seats)
    for episode in range(5):
        bots: list[Player] = [QuickRandom(i + episode) for i in range(1, seats)]  # type: ignore[list-item]
        won = YamsEnv(variant, opponents=bots, reward="outcome")
        rewards, info = _play_gym(won, seed=episode)
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == outcome(won.game.result(), 0) in (-1, 0, 1)
        assert info["final_score"] == side_score(won.game.result(), 0)
        bots = [QuickRandom(i + episode) for i in range(1, seats)]  # type: ignore[misc]
        scaled = YamsEnv(variant, opponents=bots, reward="normalized")
        rewards, info = _play_gym(scaled, seed=episode)
        assert sum(rewards) == pytest.approx(info["final_score"] / scale, abs=1e-9)


def test_the_normalized_scale_of_a_sheet_of_other_dice_reads_its_own_rolls() -> None:
    # six dice: ones to sixes up to 6 x face (126), six of a kind 100, chance 36, bonus 50
    assert reward_scale(other_dice.six_dice(), 1) == 312.0
    assert reward_scale(other_dice.crag_like(), 1) == 63 + 26 + 25 + 18


def test_outcome_is_the_side_that_wins_alone() -> None:
    result = yamskit.variant("competitive", mode="2v2").new_game(players=["A", "B", "C", "D"], seed=1).result()
    assert [outcome(result, s) for s in range(4)] == [0, 0, 0, 0]  # nobody has scored: every side shares first
    env = YamsEnv("competitive", mode="2v2", opponents=[QuickRandom(i) for i in range(3)], reward="outcome")  # type: ignore[list-item]
    _play_gym(env, seed=3)
    final = env.game.result()
    winners = set(final.winners)
    expected = 1 if winners <= {0, 2} else (-1 if not winners & {0, 2} else 0)
    assert outcome(final, 0) == outcome(final, 2) == expected


PZ_SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("classic", {}),
    ("yahtzee", {"players": 3}),
    ("challenge", {}),
    ("competitive", {"mode": "1v1"}),
    ("competitive", {"mode": "2v2"}),
    ("yam-master", {}),
    ("yamslam", {"mode": "standard"}),
    ("yamslam", {"mode": "team"}),
    *((name, {"players": 2}) for name in other_dice.NAMES),
]


@pytest.mark.parametrize("setup", PZ_SETUPS, ids=_ids)
def test_pettingzoo_every_agents_rewards_add_up_to_its_final_score(setup: tuple[str, dict[str, Any]]) -> None:
    pytest.importorskip("pettingzoo")
    from yamskit.rl.pettingzoo import env as aec_env

    name, options = setup
    aec = aec_env(_SHEETS[name](), **options) if name in _SHEETS else aec_env(name, **options)
    for episode in range(EPISODES):
        aec.reset(seed=episode)
        rng = random.Random(episode)
        totals = dict.fromkeys(aec.possible_agents, 0.0)
        finals: dict[str, int] = {}
        for agent in aec.agent_iter():
            obs, reward, terminated, truncated, info = aec.last()
            totals[agent] += reward
            if terminated or truncated:
                finals[agent] = info["final_score"]
                aec.step(None)
            else:
                aec.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        result = aec.unwrapped.game.result()
        for seat, agent in enumerate(aec.possible_agents):
            assert totals[agent] == finals[agent] == side_score(result, seat), (episode, agent)


def test_pettingzoo_outcome_rewards_come_once_at_the_end() -> None:
    pytest.importorskip("pettingzoo")
    from yamskit.rl.pettingzoo import env as aec_env

    aec = aec_env("yam-master", reward="outcome")
    aec.reset(seed=4)
    rng = random.Random(4)
    seen: dict[str, list[float]] = {a: [] for a in aec.possible_agents}
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        seen[agent].append(reward)
        aec.step(None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    result = aec.unwrapped.game.result()
    for seat, agent in enumerate(aec.possible_agents):
        assert seen[agent][:-1] == [0.0] * (len(seen[agent]) - 1)
        assert seen[agent][-1] == outcome(result, seat)


def test_vector_env_rewards_add_up_to_the_final_scores_of_50_games() -> None:
    envs = YamsVectorEnv("yahtzee", num_envs=50)
    _obs, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    running = np.zeros(50)
    finals: dict[int, float] = {}
    while len(finals) < 50:
        mask = info["action_mask"]
        noise = rng.random(mask.shape) * mask
        noise[mask.sum(axis=1) == 0, 0] = 1.0
        _obs, reward, terminated, _, info = envs.step(noise.argmax(axis=1))
        running += reward
        for i in np.flatnonzero(terminated):
            assert info["_final_score"][i]
            assert running[i] == info["final_score"][i]
            finals.setdefault(int(i), float(running[i]))
        running[terminated] = 0
    single = YamsEnv("yahtzee")
    assert envs.reward_mode == single.reward_mode == "score"


def test_vector_env_normalized_and_outcome_rewards() -> None:
    scale = reward_scale(yamskit.variant("classic"), 1)
    for reward in ("normalized", "outcome"):
        envs = YamsVectorEnv("classic", num_envs=4, reward=reward)
        _obs, info = envs.reset(seed=1)
        total = np.zeros(4)
        done = np.zeros(4, dtype=bool)
        while not done.all():
            mask = info["action_mask"] * ~done[:, None]
            mask[done, 0] = 1
            _obs, r, terminated, _, info = envs.step(mask.argmax(axis=1))
            total += r * ~done
            if terminated.any():
                final = info["final_score"][terminated]
                expected = final / scale if reward == "normalized" else np.ones(len(final))
                np.testing.assert_allclose(total[terminated], expected, rtol=1e-5)
            done |= terminated


OS_SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("python_yamskit_classic", {}),
    ("python_yamskit_competitive", {"mode": "2v2"}),
    ("python_yamskit_competitive", {"reward": "score"}),
    ("python_yamskit_yam_master", {"max_turns": 30}),
    ("python_yamskit_yamslam", {"mode": "team", "reward": "normalized"}),
]


@pytest.mark.parametrize("setup", OS_SETUPS, ids=lambda s: s[0].removeprefix("python_yamskit_") + str(s[1]))
def test_openspiel_returns_are_outcomes_or_final_scores(setup: tuple[str, dict[str, Any]]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from yamskit.rl.openspiel import register

    register()
    name, params = setup
    game = pyspiel.load_game(name, params)
    rng = random.Random(2)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        result = state.game_state.result()
        mode = game.reward_mode
        seats = range(game.num_players())
        if mode == "outcome":
            assert state.returns() == [float(outcome(result, s)) for s in seats]
        else:
            scale = game.scale
            assert state.returns() == pytest.approx([side_score(result, s) / scale for s in seats])
        if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            assert sum(state.returns()) == pytest.approx(0.0)
