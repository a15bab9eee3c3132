"""Simulations on a real Dask cluster: a `distributed.LocalCluster` of two worker processes.

The results must equal the local run of the same seed, through ``executor=`` in
Python and through ``yamskit simulate --scheduler ADDRESS``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from yamskit.bots.simulate import simulate
from yamskit.cli import main

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.slow


def test_executor_on_a_local_cluster_gives_the_local_results(cluster: Any) -> None:
    with distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        remote = simulate("challenge", 24, seats=2, seed=5, bot="greedy", executor=client.get_executor())
    local = simulate("challenge", 24, seats=2, seed=5, bot="greedy")
    assert remote == local
    assert remote.scores == local.scores
    assert len(remote.scores) == 24


def test_solitaire_on_a_cluster_plays_game_by_game(cluster: Any) -> None:
    with distributed.Client(cluster) as client:
        remote = simulate("classic", 10, seed=2, bot="random", engine="auto", executor=client.get_executor())
    assert remote.engine == "games"
    assert remote == simulate("classic", 10, seed=2, bot="random", engine="games")


def test_cli_scheduler_option_gives_the_local_results(cluster: Any, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "yamslam", "-n", "12", "--seats", "2", "--seed", "3", "--json"]
    assert main([*args, "--scheduler", cluster.scheduler_address]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    local = json.loads(capsys.readouterr().out)
    assert remote == local
    assert remote == json.loads(json.dumps(simulate("yamslam", 12, seats=2, seed=3, bot="greedy").to_data()))


def test_cli_scheduler_that_cannot_be_reached_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "-n", "2", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err
