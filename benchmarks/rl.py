"""Steps per second of yamskit's RL adapters: Gymnasium env, vector env, PettingZoo, OpenSpiel.

Usage::

    python benchmarks/rl.py [--seconds 3] [--envs 4096] [--repeat 3]

Actions are random *legal* ones (chosen from the mask, as a masked agent would). Two
figures per adapter: steps per second of the environment alone (time inside ``step`` and
the automatic resets) and of the whole loop (the random policy included). Each is the
median of ``--repeat`` runs of about ``--seconds`` each, in one process. Times are the
process's CPU time (``time.process_time``): on a shared machine, wall-clock time also counts
the time spent waiting for a CPU, which says nothing about the code measured.

* Gymnasium: ``gymnasium.make("yamskit/yahtzee-v0")`` stepped one action at a time;
* vector env: `yamskit.rl.YamsVectorEnv` for Yahtzee with ``--envs`` games, counting every
  game's step;
* PettingZoo: the AEC env of classic Yams for two players, and of Yam Master;
* OpenSpiel: ``python_yamskit_yahtzee`` with two players, counting decisions and chance nodes.

The vector env's target is at least 100 times the single env's steps per second.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import gymnasium as gym
import numpy as np
import pyspiel

import yamskit.rl
from yamskit.rl import YamsVectorEnv
from yamskit.rl.openspiel import register
from yamskit.rl.pettingzoo import env as aec_env

#: A run: plays for about the given seconds; returns (steps, seconds inside the env).
Run = Callable[[float], tuple[int, float]]


def rates(run: Run, seconds: float, repeat: int) -> tuple[float, float]:
    """Median steps per second of the env alone and of the whole loop."""
    alone, loop = [], []
    for _ in range(repeat):
        start = time.process_time()
        steps, inside = run(seconds)
        loop.append(steps / (time.process_time() - start))
        alone.append(steps / inside)
    return statistics.median(alone), statistics.median(loop)


def single(seconds: float) -> tuple[int, float]:
    env = gym.make("yamskit/yahtzee-v0")
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps, inside, end = 0, 0.0, time.process_time() + seconds
    clock = time.process_time
    while clock() < end:
        for _ in range(100):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            start = clock()
            _, _, terminated, _, info = env.step(action)
            if terminated:
                _, info = env.reset()
            inside += clock() - start
        steps += 100
    return steps, inside


def vector(envs: int) -> Run:
    def run(seconds: float) -> tuple[int, float]:
        vec = YamsVectorEnv("yahtzee", num_envs=envs)
        rng = np.random.default_rng(0)
        _, info = vec.reset(seed=0)
        steps, inside, end = 0, 0.0, time.process_time() + seconds
        while time.process_time() < end:
            mask = info["action_mask"].view(np.uint8)
            actions = np.argmax(rng.integers(1, 256, size=mask.shape, dtype=np.uint8) * mask, axis=1)
            start = time.process_time()
            _, _, _, _, info = vec.step(actions)
            inside += time.process_time() - start
            steps += envs
        return steps, inside

    return run


def pettingzoo(name: str) -> Run:
    def run(seconds: float) -> tuple[int, float]:
        aec = aec_env(name)
        rng = np.random.default_rng(0)
        aec.reset(seed=0)
        steps, inside, end = 0, 0.0, time.process_time() + seconds
        while time.process_time() < end:
            start = time.process_time()
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.reset()
                inside += time.process_time() - start
                continue
            inside += time.process_time() - start
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            start = time.process_time()
            aec.step(action)
            inside += time.process_time() - start
            steps += 1
        return steps, inside

    return run


def openspiel(seconds: float) -> tuple[int, float]:
    game = pyspiel.load_game("python_yamskit_yahtzee")
    rng = np.random.default_rng(0)
    state = game.new_initial_state()
    steps, inside, end = 0, 0.0, time.process_time() + seconds
    while time.process_time() < end:
        start = time.process_time()
        if state.is_terminal():
            state = game.new_initial_state()
        chance = state.is_chance_node()
        options = state.chance_outcomes() if chance else state.legal_actions()
        inside += time.process_time() - start
        if chance:
            ids, probs = zip(*options, strict=True)
            action = ids[rng.choice(len(ids), p=np.array(probs) / sum(probs))]
        else:
            action = rng.choice(options)
        start = time.process_time()
        state.apply_action(int(action))
        inside += time.process_time() - start
        steps += 1
    return steps, inside


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    register()
    assert yamskit.rl.env_ids()
    runs: list[tuple[str, Run]] = [
        ("Gymnasium env, yahtzee", single),
        (f"vector env, yahtzee, {args.envs} games", vector(args.envs)),
        ("PettingZoo AEC, classic (2 players)", pettingzoo("classic")),
        ("PettingZoo AEC, yam-master", pettingzoo("yam-master")),
        ("OpenSpiel, python_yamskit_yahtzee (2 players)", openspiel),
    ]
    width = max(len(name) for name, _ in runs)
    print(f"{'steps per second':<{width}}  {'env alone':>12}  {'with policy':>12}")
    figures = []
    for name, run in runs:
        alone, loop = rates(run, args.seconds, args.repeat)
        figures.append((alone, loop))
        print(f"{name:<{width}}  {alone:>12,.0f}  {loop:>12,.0f}")
    (single_alone, single_loop), (vector_alone, vector_loop) = figures[0], figures[1]
    print(
        f"vector / single: {vector_alone / single_alone:.0f}x env alone, "
        f"{vector_loop / single_loop:.0f}x with the random policy (target: at least 100x)"
    )


if __name__ == "__main__":
    main()
