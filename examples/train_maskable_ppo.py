"""Train sb3-contrib's MaskablePPO on a yamskit Gymnasium env and report its learning curve and final score.

Needs the extras and PyTorch: ``pip install torch 'yamskit[sb3]'`` (on a machine without a
GPU, a CPU build of torch is enough). Without them the script says so and stops.

    python examples/train_maskable_ppo.py                                   # 2,048 steps: a smoke run
    python examples/train_maskable_ppo.py --steps 300000 --curve curve.csv  # the docs' baseline run

The agent sees the masks (`YamsEnv.action_masks`), so it never plays an illegal id; the
rewards are points (``reward="score"``), so an episode's return is its final score. The
learning curve is the mean score of the last 100 training episodes after each rollout;
the final figure is the mean score of the trained policy (deterministic) over
``--eval-games`` seeded games, beside the mean of random legal play on the same seeds.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path
from typing import Any

try:
    import gymnasium as gym
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.logger import Logger
except ImportError as missing:
    print(f"This example needs PyTorch and sb3-contrib ({missing.name} is missing): pip install torch 'yamskit[sb3]'")
    sys.exit(0)

import yamskit.rl  # noqa: F401 - registers the yamskit/... ids


class Curve(BaseCallback):  # type: ignore[misc]
    """Records (steps, minutes, mean score of the last 100 episodes) after each rollout."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[tuple[int, float, float]] = []
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        return True

    def _on_rollout_end(self) -> None:
        episodes = self.model.ep_info_buffer
        if episodes:
            mean = statistics.fmean(float(e["r"]) for e in episodes)
            self.points.append((self.num_timesteps, (time.perf_counter() - self.start) / 60, mean))


def evaluate(env_id: str, games: int, policy: Any | None, seed: int) -> float:
    """Mean final score over ``games`` seeded games: the model's deterministic play, or random legal play."""
    env = gym.make(env_id)
    rng = np.random.default_rng(seed)
    scores = []
    for game in range(games):
        obs, info = env.reset(seed=seed + game)
        done = False
        while not done:
            if policy is None:
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            else:
                action, _ = policy.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
            obs, _, done, _, info = env.step(int(action))
        scores.append(info["final_score"])
    return statistics.fmean(scores)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="yamskit/classic-v0")
    parser.add_argument("--steps", type=int, default=2048, help="training steps (every env's steps counted)")
    parser.add_argument("--envs", type=int, default=4, help="envs stepped side by side (DummyVecEnv)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (more only helps on an idle machine)")
    parser.add_argument("--eval-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--curve", type=Path, help="write the learning curve here (CSV)")
    parser.add_argument("--save", type=Path, help="save the trained model here (.zip)")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    # make_vec_env with no env_kwargs: the env id alone, as Stable-Baselines3 users write it
    envs = make_vec_env(args.env, n_envs=args.envs, seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=512,
        batch_size=256,
        gamma=1.0,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
    )
    # no log files: the curve below is the record (SB3's default logger would make an empty temporary folder)
    model.set_logger(Logger(folder=None, output_formats=[]))
    curve = Curve()
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=curve)
    minutes = (time.perf_counter() - start) / 60
    trained = evaluate(args.env, args.eval_games, model, seed=10_000)
    random_play = evaluate(args.env, args.eval_games, None, seed=10_000)
    if args.curve is not None:
        with args.curve.open("w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["steps", "minutes", "mean_score_last_100_episodes"])
            writer.writerows((s, f"{m:.3f}", f"{v:.2f}") for s, m, v in curve.points)
    if args.save is not None:
        model.save(args.save)
    steps = f"{model.num_timesteps:,} steps in {minutes:.1f} minutes"
    print(f"MaskablePPO on {args.env}: {steps}, torch threads: {args.threads}")
    if curve.points:
        print(f"  training episodes, mean score of the last 100: {curve.points[-1][2]:.1f}")
    print(f"  {args.eval_games} evaluation games: trained {trained:.1f}, random legal play {random_play:.1f}")


if __name__ == "__main__":
    main()
