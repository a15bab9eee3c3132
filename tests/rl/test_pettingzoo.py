"""The PettingZoo AEC env: PettingZoo's api_test and seed_test for every variant and mode, masks, rewards."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import yamskit  # noqa: E402
from yamskit.rl.observation import observe  # noqa: E402
from yamskit.rl.pettingzoo import env, raw_env  # noqa: E402

from . import other_dice  # noqa: E402

CONFIGS: list[tuple[object, dict[str, object]]] = [
    ("challenge", {}),
    ("classic", {}),
    ("yahtzee", {"players": 3}),
    ("competitive", {"mode": "1v1"}),
    ("competitive", {"mode": "1v1v1"}),
    ("competitive", {"mode": "2v2"}),
    ("yam-master", {}),
    ("yamslam", {"mode": "standard"}),
    ("yamslam", {"mode": "team"}),
    ("maxi-yatzy", {}),  # saved throws
]
#: Sheets of three and of six dice and one of four that saves throws, as variant objects, two and three players.
OTHER_DICE: list[tuple[object, dict[str, object]]] = [
    (make(), {"players": players}) for make in (*other_dice.SHEETS, other_dice.saving) for players in (2, 3)
]


def _ids(config: tuple[object, dict[str, object]]) -> str:
    name, options = config
    return str(getattr(name, "name", name)) + "".join(f"-{v}" for v in options.values())


@pytest.mark.parametrize("config", CONFIGS + OTHER_DICE, ids=_ids)
def test_api_test_and_seed_test_pass(config: tuple[str, dict[str, object]]) -> None:
    name, options = config
    with warnings.catch_warnings():
        # PettingZoo warns about every dict observation, its classic games' format included
        warnings.filterwarnings("ignore", message="Observation")
        api_test(env(name, **options), num_cycles=300)
        seed_test(lambda: env(name, **options), num_cycles=100)


def _play(aec: object, seed: int, pick: int) -> list[tuple[str, float, bytes]]:
    aec.reset(seed=seed)
    rng = np.random.default_rng(pick)
    trail: list[tuple[str, float, bytes]] = []
    for agent in aec.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = aec.last()
        trail.append((agent, float(reward), obs["observation"].tobytes()))
        if terminated or truncated:
            aec.step(None)
            continue
        game = aec.unwrapped.game
        seat = aec.possible_agents.index(agent)
        assert seat == game.current_player
        assert obs["action_mask"].tobytes() == game.legal_action_mask()
        np.testing.assert_array_equal(obs["observation"], observe(game, seat))
        others = [aec.observe(a)["action_mask"] for a in aec.possible_agents if a != agent]
        assert not any(mask.any() for mask in others)
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return trail


@pytest.mark.parametrize("config", CONFIGS[:3] + CONFIGS[6:] + OTHER_DICE, ids=_ids)
def test_masks_are_legal_action_masks_and_seeds_repeat_games(config: tuple[str, dict[str, object]]) -> None:
    name, options = config
    first = _play(env(name, **options), seed=5, pick=1)
    assert first == _play(env(name, **options), seed=5, pick=1)
    assert first != _play(env(name, **options), seed=6, pick=1)


def test_score_rewards_add_up_to_each_players_final_score() -> None:
    aec = env("yahtzee", players=2)
    trail = _play(aec, seed=3, pick=2)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent, reward, _ in trail:
        totals[agent] += reward
    assert list(totals.values()) == [float(s) for s in aec.unwrapped.game.result().scores]


def test_yam_master_pays_the_outcome_at_the_end() -> None:
    aec = env("yam-master", reward="outcome")
    trail = _play(aec, seed=4, pick=4)
    final = {agent: reward for agent, reward, _ in trail[-2:]}
    winners = aec.unwrapped.game.result().winners
    seat = aec.possible_agents.index
    expected = {a: (1.0 if winners == (seat(a),) else 0.0 if seat(a) in winners else -1.0) for a in final}
    assert final == expected
    assert sum(reward for _, reward, _ in trail[:-2]) == 0.0


def test_a_masked_out_action_raises_and_changes_nothing() -> None:
    aec = raw_env("yamslam")
    aec.reset(seed=1)
    before = aec.game
    with pytest.raises(yamskit.IllegalActionError, match="masked out"):
        aec.step(aec.space.index(yamskit.TakeChip("flush")))
    assert aec.game is before


def test_render_is_the_games_text_view() -> None:
    aec = raw_env("competitive", render_mode="ansi")
    aec.reset(seed=2)
    assert aec.render() == aec.game.render()
