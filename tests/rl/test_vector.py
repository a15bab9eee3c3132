"""The vector env plays the same games as the single env, many at once."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")

import yamskit  # noqa: E402
import yamskit.rl  # noqa: E402
from yamskit.bots import GreedyPlayer  # noqa: E402
from yamskit.categories import Category, total, upper  # noqa: E402
from yamskit.rl import YamsEnv, YamsVectorEnv  # noqa: E402


def _hoard(env: YamsEnv, mask: object, rng: object) -> int | None:
    """Keep every die of the most frequent face while throws are left (five of a kinds come often)."""
    turn = env.game.turn
    if not turn.has_thrown:
        return None
    counts = turn.dice.counts
    face = max(range(6), key=lambda f: counts[f])
    if counts[face] == 5 or turn.throws_left == 0:
        box = GreedyPlayer().choose(env.game)  # the box paying most now
        return None if isinstance(box, yamskit.Roll) else env.space.index(box)
    return env.space.index(yamskit.Roll(keep=yamskit.Dice((face + 1,) * counts[face])))


def _play_both(variant: object, seeds: list[int], steps: int, pick_seed: int, hoard: bool = False) -> tuple[int, int]:
    """Step a vector env and one single env per game with the same random legal actions; compare everything."""
    n = len(seeds)
    vec = YamsVectorEnv(variant, num_envs=n)
    singles = [YamsEnv(variant) for _ in range(n)]
    vobs, vinfo = vec.reset(seed=seeds)
    sobs = [env.reset(seed=s) for env, s in zip(singles, seeds, strict=True)]
    rng = np.random.default_rng(pick_seed)
    done = np.zeros(n, dtype=bool)
    finished = bonused = 0
    for _ in range(steps):
        for i in range(n):
            np.testing.assert_array_equal(vobs[i], sobs[i][0])
            np.testing.assert_array_equal(vinfo["action_mask"][i], sobs[i][1]["action_mask"])
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in vinfo["action_mask"]])
        if hoard:
            for i, env in enumerate(singles):
                chosen = None if done[i] else _hoard(env, vinfo["action_mask"][i], rng)
                actions[i] = actions[i] if chosen is None else chosen
        vobs, vrew, vterm, _, vinfo = vec.step(actions)
        for i, env in enumerate(singles):
            if done[i]:
                bonused += int(env.game.sheets[0].extra > 0)
                sobs[i] = env.reset()
                assert vrew[i] == 0
                assert not vterm[i]
                continue
            obs, reward, terminated, _, info = env.step(int(actions[i]))
            sobs[i] = (obs, info)
            assert vrew[i] == reward
            assert vterm[i] == terminated
            finished += int(terminated)
        done = vterm.copy()
    return finished, bonused


def test_vector_games_equal_single_env_games_with_the_same_seeds_and_actions() -> None:
    assert _play_both("yahtzee", [0, 1, 2, 3, 10, 11], steps=220, pick_seed=1)[0] >= 6


def test_vector_games_equal_single_env_games_in_classic_and_a_sheet_of_ones_own() -> None:
    tiny = yamskit.ScorecardVariant.define("tiny", rows=[upper(6), upper(5), Category("chance", total)])
    assert _play_both("classic", [5, 6, 7], steps=120, pick_seed=2)[0] >= 2
    assert _play_both(tiny, [1, 2, 3, 4], steps=60, pick_seed=3)[0] >= 4


def test_yahtzee_joker_and_bonus_match_the_single_env_when_five_of_a_kind_is_frequent() -> None:
    # hoarding the most frequent face makes five of a kinds (and so jokers and bonuses) common
    finished, bonused = _play_both("yahtzee", list(range(20, 36)), steps=240, pick_seed=4, hoard=True)
    assert finished >= 16
    assert bonused >= 2  # games that scored a second five of a kind (bonus and joker rules applied)


def test_make_vec_builds_the_numpy_vector_env_for_solvable_variants() -> None:
    envs = gym.make_vec("yamskit/yahtzee-v0", num_envs=3)
    assert isinstance(envs.unwrapped, YamsVectorEnv)
    obs, _info = envs.reset(seed=0)
    assert obs.shape == (3, yamskit.rl.observation_size(yamskit.variant("yahtzee")))


def test_an_illegal_action_in_one_game_raises_and_changes_no_game() -> None:
    envs = YamsVectorEnv("classic", num_envs=2)
    _obs, _ = envs.reset(seed=4)
    with pytest.raises(yamskit.IllegalActionError, match=r"game 1: action 3 .* before the first throw"):
        envs.step(np.array([0, 3]))
    again, _, _, _, _ = envs.step(np.array([0, 0]))
    assert again[:, -6:].sum() > 0  # the throw happened once, after the refused step
    single = YamsEnv("classic")
    single.reset(seed=4)
    np.testing.assert_array_equal(again[0], single.step(0)[0])


def test_vector_env_refuses_variants_the_solver_does_not_handle() -> None:
    with pytest.raises(yamskit.RuleConfigError, match="columns"):
        YamsVectorEnv("challenge", num_envs=2)


def test_seeded_resets_give_identical_batches() -> None:
    a, b = YamsVectorEnv("yahtzee", num_envs=8), YamsVectorEnv("yahtzee", num_envs=8)
    a.reset(seed=3)
    b.reset(seed=3)
    first = a.step(np.zeros(8, dtype=np.int64))[0]
    np.testing.assert_array_equal(first, b.step(np.zeros(8, dtype=np.int64))[0])
    assert len({tuple(row) for row in first}) > 1  # the games differ from each other


def test_kniffels_joker_and_number_box_bonus_match_the_single_env_when_five_of_a_kind_is_frequent() -> None:
    # Schmidt's bonus is paid for a Score in the number row only: the vector env pays it as the engine does
    finished, bonused = _play_both("kniffel", list(range(40, 56)), steps=240, pick_seed=5, hoard=True)
    assert finished >= 16
    assert bonused >= 2
