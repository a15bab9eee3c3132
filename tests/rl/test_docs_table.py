"""The env table of docs/reference/rl.md matches the envs' real sizes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

gym = pytest.importorskip("gymnasium")

import yamskit.rl  # noqa: E402
from yamskit.rl import YamsVectorEnv  # noqa: E402

PAGE = Path(__file__).resolve().parents[2] / "docs" / "reference" / "rl.md"
ROW = re.compile(
    r"^\| `(yamskit/[a-z-]+-v0)` \| (.*?) ?\| (\d+) \| (\d+) \| (\d+) \| (\w+) \| (yes|—) \|$", re.MULTILINE
)


def test_every_row_of_the_env_table_is_right_and_every_id_has_one() -> None:
    rows = ROW.findall(PAGE.read_text(encoding="utf-8"))
    assert {r[0] for r in rows} == set(yamskit.rl.env_ids())
    for env_id, options, players, actions, size, reward, vector in rows:
        kwargs = dict(re.findall(r'`(\w+)="([^"]+)"`', options))
        env = gym.make(env_id, **kwargs).unwrapped
        assert (env.players, env.action_space.n, env.observation_space.shape[0], env.reward_mode) == (
            int(players),
            int(actions),
            int(size),
            reward,
        )
        spec = gym.spec(env_id)
        assert (spec.vector_entry_point is not None) == (vector == "yes")
        if vector == "yes":
            assert YamsVectorEnv(env.variant, num_envs=1).single_observation_space == env.observation_space
