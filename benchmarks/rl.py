"""Steps per second of yamskit's RL adapters against pyhtzee's engine and yamskit's own protocol, in one run.

Usage::

    python benchmarks/rl.py [--seconds 2] [--repeat 3] [--envs 4096] [--only classic,yam-master]

Everything runs in this one process, back to back; every figure is the median of
``--repeat`` runs of about ``--seconds`` CPU seconds (``time.process_time``, so the other
jobs of a shared machine weigh less on it), each started from a settled heap
(``protocol.settle``: collected, then frozen, so a run pays for its own garbage
collections, not for the objects earlier runs left alive). Actions are random *legal* ones.

1. The peer: pyhtzee's engine (Yahtzee, one player), ``game.take_action(game.sample_action())``,
   as in benchmarks/protocol.py (installed with pip when missing).
2. ``gymnasium.make("yamskit/classic-v0")``, default wrappers, masks on: each step picks a
   uniform id among ``info["action_mask"]``'s ones. Two figures: the env alone (time inside
   ``step`` and ``reset``) and the whole loop (the random policy included), each against
   pyhtzee's steps per second. Target: at least 1.
3. For every variant and mode: yamskit's own protocol (``state.apply(space[random
   legal id])``, as benchmarks/protocol.py) against the Gymnasium env of that variant,
   whose other seats are played by bots that also pick a random legal id, so both count
   every move of every player (moves per second). Target: the env at least 1/2 of its
   protocol. The PettingZoo AEC env of the multiplayer setups is timed the same way.
4. The vector env (Yahtzee, ``--envs`` games) against the single env; OpenSpiel's
   ``python_yamskit_yam_master``: what a state costs to clone and to step (a decision and
   a chance outcome), and a whole game of OpenSpiel's MCTS bot (1,000 simulations a move,
   `yamskit.rl.openspiel.LeafEvaluator`) against the greedy bot.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import ensure
from protocol import CASES, pyhtzee_games, settle, timed, yamskit_games

import yamskit
import yamskit.rl
from yamskit.rl import YamsEnv, YamsVectorEnv

#: A run: plays for about the given CPU seconds; returns (steps, CPU seconds of the loop, of the adapter alone).
Run = Callable[[float], tuple[int, float, float]]


class QuickRandom:
    """A bot that picks a uniform legal id, as the protocol benchmark does."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        return state.variant.actions[self.rng.choice(state.legal_action_ids())]


def rates(run: Run, seconds: float, repeat: int) -> tuple[float, float]:
    """Median steps per second of the adapter alone and of the whole loop, each run from a settled heap."""
    alone, loop = [], []
    for _ in range(repeat):
        settle()
        steps, looped, inside = run(seconds)
        loop.append(steps / looped)
        alone.append(steps / inside)
    return statistics.median(alone), statistics.median(loop)


def gym_run(make: Callable[[], Any], count_moves: bool) -> Run:
    """Random legal play through a Gymnasium env: steps are agent steps, or every move (``count_moves``).

    The loop (the random policy reading the mask, ``step``, ``reset``) is timed by blocks
    of 50 steps, since reading the clock costs about a microsecond. Then a fresh env
    replays the same actions from the same seed, timed as one block: the env alone.
    """

    def run(seconds: float) -> tuple[int, float, float]:
        clock = time.process_time
        env = make()
        rng = random.Random(0)
        actions: list[int | None] = []
        start = clock()
        _, info = env.reset(seed=0)
        end = start + seconds
        while clock() < end:
            for _ in range(50):
                action = rng.choice(info["action_mask"].nonzero()[0].tolist())
                actions.append(action)
                _, _, terminated, _, info = env.step(action)
                if terminated:
                    actions.append(None)
                    _, info = env.reset()
        looped = clock() - start
        replay = make()
        settle()
        start = clock()
        replay.reset(seed=0)
        step, reset = replay.step, replay.reset
        for action in actions:
            if action is None:
                reset()
            else:
                step(action)
        inside = clock() - start
        steps = sum(a is not None for a in actions)
        if count_moves:  # every move of every seat, the bots' included, counted on a third copy
            counter = make()
            counter.reset(seed=0)
            steps = 0
            for action in actions:
                if action is None:
                    steps += len(counter.unwrapped.game.history)
                    counter.reset()
                else:
                    counter.step(action)
            steps += len(counter.unwrapped.game.history)
        return steps, looped, inside

    return run


def pettingzoo_run(name: str, options: dict[str, Any]) -> Run:
    """Random legal play through the AEC env, timed as `gym_run` times the Gymnasium env."""
    from yamskit.rl.pettingzoo import env as aec_env

    def run(seconds: float) -> tuple[int, float, float]:
        clock = time.process_time
        aec = aec_env(name, **options)
        rng = random.Random(0)
        actions: list[int | None] = []
        start = clock()
        aec.reset(seed=0)
        end = start + seconds
        while clock() < end:
            for _ in range(50):
                obs, _, terminated, truncated, _ = aec.last()
                if terminated or truncated:
                    actions.append(None)
                    aec.reset()
                    continue
                action = rng.choice(obs["action_mask"].nonzero()[0].tolist())
                actions.append(action)
                aec.step(action)
        looped = clock() - start
        replay = aec_env(name, **options)
        settle()
        start = clock()
        replay.reset(seed=0)
        for action in actions:
            if action is None:
                replay.reset()
            else:
                replay.last()
                replay.step(action)
        return sum(a is not None for a in actions), looped, clock() - start

    return run


def vector_run(envs: int) -> Run:
    def run(seconds: float) -> tuple[int, float, float]:
        vec = YamsVectorEnv("yahtzee", num_envs=envs)
        rng = np.random.default_rng(0)
        _, info = vec.reset(seed=0)
        steps, inside, begin = 0, 0.0, time.process_time()
        end = begin + seconds
        while time.process_time() < end:
            mask = info["action_mask"].view(np.uint8)
            actions = np.argmax(rng.integers(1, 256, size=mask.shape, dtype=np.uint8) * mask, axis=1)
            start = time.process_time()
            _, _, _, _, info = vec.step(actions)
            inside += time.process_time() - start
            steps += envs
        return steps, time.process_time() - begin, inside

    return run


def openspiel_costs(repeat: int) -> None:
    """Clone and step costs of a Yam Master state, and a whole MCTS game against greedy."""
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from yamskit.bots import GreedyPlayer
    from yamskit.rl.openspiel import LeafEvaluator, register

    register()
    game = pyspiel.load_game("python_yamskit_yam_master")
    rng = np.random.default_rng(0)
    states = []
    state = game.new_initial_state()
    while not state.is_terminal() and len(states) < 400:
        states.append(state.clone())
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=np.array(probs) / sum(probs))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    clones, steps = [], []
    for _ in range(repeat):
        start = time.process_time()
        for s in states:
            s.clone()
        clones.append((time.process_time() - start) / len(states) * 1e6)
        start = time.process_time()
        for s in states:
            copy = s.clone()
            if copy.is_chance_node():
                copy.apply_action(copy.chance_outcomes()[0][0])
            else:
                copy.apply_action(copy.legal_actions()[0])
        steps.append((time.process_time() - start) / len(states) * 1e6 - clones[-1])
    print(
        f"OpenSpiel python_yamskit_yam_master: clone {statistics.median(clones):.1f} µs, "
        f"step (list the legal ids or outcomes, apply one) {statistics.median(steps):.1f} µs "
        f"(means over {len(states)} states)"
    )
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=1000, evaluator=LeafEvaluator(), random_state=np.random.RandomState(1)
    )
    greedy = GreedyPlayer()
    results = []
    for seat in (0, 1):
        start, wall = time.process_time(), time.perf_counter()
        state, moves = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                action = int(rng.choice(ids, p=np.array(probs) / sum(probs)))
            elif state.current_player() == seat:
                action, moves = bot.step(state), moves + 1
            else:
                action = game.space.index(greedy.choose(state.game_state))
            state.apply_action(action)
        results.append(state.returns()[seat])
        print(
            f"  MCTS (1,000 simulations, LeafEvaluator) in seat {seat} vs greedy: {state.game_state.turns} turns, "
            f"{moves} MCTS moves, {time.process_time() - start:.1f} s CPU, {time.perf_counter() - wall:.1f} s wall, "
            f"MCTS's return {state.returns()[seat]:+.0f}"
        )


def vector_report(envs: int, seconds: float, repeat: int) -> None:
    """The vector env (Yahtzee, ``envs`` games) against the single env, in this run; target 1,000,000 steps/s."""
    v_alone, v_loop = rates(vector_run(envs), seconds, repeat)
    s_alone, s_loop = rates(gym_run(lambda: YamsEnv("yahtzee"), count_moves=False), seconds, repeat)
    print()
    print(
        f"vector env, yahtzee, {envs} games: {v_alone:,.0f} steps/s alone, {v_loop:,.0f} with the policy; "
        f"{v_alone / s_alone:.0f}x / {v_loop / s_loop:.0f}x the single env ({s_alone:,.0f} / {s_loop:,.0f}); "
        f"{v_alone / 1e6:.2f}x the target of 1,000,000 steps/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--only", default="", help="comma-separated variant names for part 3")
    parser.add_argument("--no-openspiel", action="store_true")
    parser.add_argument("--vector-only", action="store_true", help="only part 4's vector env against the single env")
    args = parser.parse_args()
    versions = ", ".join(f"{p} {metadata.version(p)}" for p in ("numpy", "gymnasium", "pettingzoo"))
    print(
        f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; yamskit {yamskit.__version__}; "
        f"{versions}; {args.repeat} x {args.seconds:g} CPU seconds per figure"
    )
    seconds, repeat = args.seconds, args.repeat
    if args.vector_only:
        vector_report(args.envs, seconds, repeat)
        return
    ph = ensure("pyhtzee", "pyhtzee")
    peer = timed(pyhtzee_games(ph), seconds, repeat)[1] if ph is not None else None
    alone, loop = rates(gym_run(lambda: gym.make("yamskit/classic-v0"), count_moves=False), seconds, repeat)
    print()
    print("| engine or env | steps/s, env alone | steps/s, with the random policy | ÷ pyhtzee's (alone / loop) |")
    print("|---|---:|---:|---:|")
    if peer is not None:
        print(f"| pyhtzee (Yahtzee, 1 player), random legal actions | | {peer:,.0f} | 1.00 |")
        print(
            f'| `gymnasium.make("yamskit/classic-v0")` | {alone:,.0f} | {loop:,.0f} | '
            f"**{alone / peer:.2f}** / **{loop / peer:.2f}** |"
        )
    only = {n for n in args.only.split(",") if n}
    print()
    print(
        "| setup | protocol moves/s | Gymnasium env moves/s (alone / loop) | ÷ protocol "
        "| PettingZoo moves/s (alone / loop) | ÷ protocol |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for label, name, options, players in CASES:
        if only and name not in only:
            continue
        protocol = timed(yamskit_games(name, options, players), seconds, repeat)[1]

        def make(name: str = name, options: dict[str, Any] = options, n: int = players) -> Any:
            return gym.make(f"yamskit/{name}-v0", opponents=[QuickRandom(i) for i in range(1, n)], **options)

        g_alone, g_loop = rates(gym_run(make, count_moves=True), seconds, repeat)
        row = f"| {label} | {protocol:,.0f} | {g_alone:,.0f} / {g_loop:,.0f} "
        row += f"| **{g_alone / protocol:.2f}** / {g_loop / protocol:.2f} |"
        if players >= 2:
            sheet = name in ("classic", "yahtzee", "challenge")
            p_alone, p_loop = rates(
                pettingzoo_run(name, {**options, "players": players} if sheet else options), seconds, repeat
            )
            row += f" {p_alone:,.0f} / {p_loop:,.0f} | {p_alone / protocol:.2f} / {p_loop / protocol:.2f} |"
        else:
            row += " | |"
        print(row, flush=True)
    vector_report(args.envs, seconds, repeat)
    if not args.no_openspiel:
        openspiel_costs(repeat)


if __name__ == "__main__":
    main()
