"""Every framework's own checker and loader, for every variant and mode.

Gymnasium's ``check_env`` with its render checks; PettingZoo's ``render_test`` (``api_test``
and ``seed_test`` are in test_pettingzoo.py); Stable-Baselines3's ``make_vec_env`` with
the id alone and sb3-contrib's ``ActionMasker`` and ``MaskablePPO``; OpenSpiel's
``load_game(str(game))``, ``serialize_game_and_state`` and pickling of games and states.
No parallel PettingZoo env is offered (the games are turn-based), so there is no
``parallel_api_test`` to run.
"""

from __future__ import annotations

import pickle
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env, env_render_passive_checker  # noqa: E402

import yamskit  # noqa: E402
import yamskit.rl  # noqa: E402
from yamskit.rl import RenderModeError, YamsEnv  # noqa: E402

GYM = [
    *((env_id, {}) for env_id in yamskit.rl.env_ids()),
    ("yamskit/competitive-v0", {"mode": "1v1v1"}),
    ("yamskit/competitive-v0", {"mode": "2v2"}),
    ("yamskit/yamslam-v0", {"mode": "solo"}),
    ("yamskit/yamslam-v0", {"mode": "team"}),
    ("yamskit/yam-master-v0", {"reward": "outcome"}),
    ("yamskit/classic-v0", {"reward": "normalized"}),
]


def _ids(config: tuple[str, dict[str, Any]]) -> str:
    env_id, options = config
    return env_id.split("/")[-1] + "".join(f"-{v}" for v in options.values())


@pytest.mark.parametrize("config", GYM, ids=_ids)
@pytest.mark.parametrize("render_mode", [None, "ansi", "human"])
def test_gymnasiums_checker_with_its_render_checks(config: tuple[str, dict[str, Any]], render_mode: str | None) -> None:
    env_id, options = config
    env = gym.make(env_id, render_mode=render_mode, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures here
        check_env(env.unwrapped, skip_render_check=False)  # also makes the env in every declared render mode
        env.reset(seed=1)
        env_render_passive_checker(env)


def test_human_mode_prints_the_game_at_every_reset_and_step_and_ansi_returns_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = gym.make("yamskit/yamslam-v0", render_mode="human")
    env.reset(seed=1)
    assert capsys.readouterr().out.strip() == env.unwrapped.game.render().strip()
    env.step(0)
    assert capsys.readouterr().out.strip() == env.unwrapped.game.render().strip()
    assert env.render() is None  # and printed it once more
    assert capsys.readouterr().out.strip() == env.unwrapped.game.render().strip()
    text = gym.make("yamskit/yamslam-v0", render_mode="ansi")
    text.reset(seed=1)
    assert text.render() == text.unwrapped.game.render()
    assert capsys.readouterr().out == ""


def test_only_working_render_modes_are_declared() -> None:
    assert YamsEnv.metadata["render_modes"] == ["ansi", "human"]
    with pytest.raises(RenderModeError, match="rgb_array") as refused:
        YamsEnv("classic", render_mode="rgb_array")
    assert isinstance(refused.value, TypeError)
    assert isinstance(refused.value, yamskit.RuleConfigError)


PZ = [
    ("classic", {}),
    ("challenge", {}),
    ("competitive", {"mode": "2v2"}),
    ("yam-master", {}),
    ("yamslam", {"mode": "team"}),
]


@pytest.mark.parametrize("config", PZ, ids=lambda c: c[0] + "".join(f"-{v}" for v in c[1].values()))
def test_pettingzoos_render_test(config: tuple[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import render_test

    from yamskit.rl.pettingzoo import env

    name, options = config
    render_test(lambda render_mode=None: env(name, render_mode=render_mode, **options))
    assert capsys.readouterr().out  # "human" printed the game


def test_sb3_make_vec_env_takes_the_id_alone() -> None:
    pytest.importorskip("torch")
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_util import make_vec_env

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render_mode='rgb_array'.*")  # SB3 asks; the env declines
        for env_id in yamskit.rl.env_ids():
            envs = make_vec_env(env_id, n_envs=2, seed=0)
            obs = envs.reset()
            assert obs.shape == (2, *envs.observation_space.shape)
            masks = np.array(envs.env_method("action_masks"))
            actions = np.array([np.flatnonzero(m)[0] for m in masks])
            envs.step(actions)
            envs.close()


def _maskable_ppo(env: Any, steps: int) -> Any:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.logger import Logger

    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, n_epochs=2, seed=0, verbose=0)
    model.set_logger(Logger(folder=None, output_formats=[]))  # (SB3's default leaves an empty SB3-* folder in /tmp)
    model.learn(total_timesteps=steps)
    return model


def test_sb3_contrib_action_masker_and_maskable_ppo_train_a_few_thousand_steps() -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    import torch
    from sb3_contrib.common.wrappers import ActionMasker

    torch.set_num_threads(1)
    for env_id, options in [("yamskit/yam-master-v0", {}), ("yamskit/yamslam-v0", {"mode": "team"})]:
        env = ActionMasker(gym.make(env_id, **options), lambda e: e.unwrapped.action_masks())
        model = _maskable_ppo(env, 1024)
        assert model.num_timesteps >= 1024
    model = _maskable_ppo(gym.make("yamskit/challenge-v0"), 2048)
    obs, _ = (env := gym.make("yamskit/challenge-v0")).reset(seed=0)
    action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
    assert env.unwrapped.action_masks()[int(action)]


@pytest.mark.slow
def test_make_vec_env_and_2048_steps_of_maskable_ppo_on_classic() -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    import torch
    from stable_baselines3.common.env_util import make_vec_env

    torch.set_num_threads(1)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render_mode='rgb_array'.*")
        envs = make_vec_env("yamskit/classic-v0", n_envs=4, seed=0)
    model = _maskable_ppo(envs, 2048)
    assert model.num_timesteps >= 2048
    assert len(model.ep_info_buffer) > 0  # episodes ended; their returns are final scores
    assert all(0 <= episode["r"] <= 1575 for episode in model.ep_info_buffer)


OPENSPIEL = [
    ("python_yamskit_challenge", {}),
    ("python_yamskit_classic", {}),
    ("python_yamskit_classic", {"players": 1}),
    ("python_yamskit_competitive", {}),
    ("python_yamskit_competitive", {"mode": "1v1v1"}),
    ("python_yamskit_competitive", {"mode": "2v2", "reward": "score"}),
    ("python_yamskit_yahtzee", {"reward": "normalized"}),
    ("python_yamskit_yam_master", {}),
    ("python_yamskit_yam_master", {"removed": "out", "reward": "score"}),
    ("python_yamskit_yamslam", {}),
    ("python_yamskit_yamslam", {"mode": "solo"}),
    ("python_yamskit_yamslam", {"mode": "team", "reward": "outcome"}),
]


@pytest.mark.parametrize("config", OPENSPIEL, ids=lambda c: c[0].removeprefix("python_yamskit_") + str(c[1]))
def test_openspiel_loads_serializes_and_pickles_games_and_states(config: tuple[str, dict[str, Any]]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from yamskit.rl.openspiel import register

    register()
    name, params = config
    game = pyspiel.load_game(name, params)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert (again.num_players(), again.get_type().utility) == (game.num_players(), game.get_type().utility)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=np.array(probs) / sum(probs))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game)
        assert state2.history() == state.history()
        assert str(state2) == str(state)
        copy = pickle.loads(pickle.dumps(state))
        assert copy.history() == state.history()
        assert copy.game_state == state.game_state
        assert copy.legal_actions() == state.legal_actions()
