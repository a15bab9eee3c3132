"""Train a tiny policy on 256 Yahtzee games at once with the vector env (numpy only, no deep learning).

Needs the extra: pip install 'yamskit[rl]'. The policy is a softmax over the legal action
ids (the mask removes the others): throws are chosen at random, boxes by a linear score
of the observation. It learns from each box's reward (the points it pays) against the
mean of the boxes written on the same step, so it learns which box to write: enough to
lift the mean score well above random play in a few seconds.
"""

from __future__ import annotations

import sys

try:
    import numpy as np

    from yamskit.dice import KEEPS
    from yamskit.rl import YamsVectorEnv
except ImportError:
    print("This example needs the rl extra: pip install 'yamskit[rl]'")
    sys.exit(0)


def main(iterations: int = 600, games: int = 256, learning_rate: float = 0.01) -> None:
    envs = YamsVectorEnv("yahtzee", num_envs=games)
    obs, info = envs.reset(seed=0)
    throws = len(KEEPS)  # ids below this are throws, the others write a box
    weights = np.zeros((obs.shape[1], envs.single_action_space.n - throws))
    rng = np.random.default_rng(0)
    running, finished = np.zeros(games), []
    for step in range(1, iterations + 1):
        mask = info["action_mask"] == 1
        mask[~mask.any(axis=1), 0] = True  # finished games restart on this step: their action is ignored
        x = obs.astype(np.float64)
        logits = np.zeros(mask.shape)
        logits[:, throws:] = np.einsum("gf,fa->ga", x, weights)
        logits = np.where(mask, logits, -np.inf)
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        actions = (probs.cumsum(axis=1) > rng.random((games, 1))).argmax(axis=1)
        obs, reward, terminated, _, info = envs.step(actions)
        boxes = actions >= throws
        if boxes.any():  # REINFORCE on the boxes written, against their mean reward
            advantage = np.where(boxes, reward - reward[boxes].mean(), 0.0)
            chosen = np.zeros_like(probs)
            chosen[np.arange(games), actions] = 1.0
            step_grad = (chosen - probs)[:, throws:] * advantage[:, None]
            weights += learning_rate * np.einsum("gf,ga->fa", x, step_grad) / boxes.sum()
        running += reward
        finished.extend(running[terminated].tolist())
        running[terminated] = 0.0
        if step % 150 == 0:
            recent = np.mean(finished[-games:])
            print(f"step {step:4d}: {len(finished):5d} games played, mean score of the last {games}: {recent:.1f}")


if __name__ == "__main__":
    main()
