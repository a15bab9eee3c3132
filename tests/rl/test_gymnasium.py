"""The Gymnasium env: Gymnasium's own checker, masks, rewards, seeding, observations."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import yamskit  # noqa: E402
import yamskit.rl  # noqa: E402
from yamskit.bots import RandomPlayer  # noqa: E402
from yamskit.rl import YamsEnv, observation_layout, observation_size, observe  # noqa: E402
from yamskit.rl._play import built_in_names  # noqa: E402

from . import other_dice  # noqa: E402

#: Every registered id (Maxi Yatzy's too), plus the modes of the variants that have them, plus sheets of
#: three and six dice and one that saves throws (variant objects given to ``make`` in place of the id's variant).
CONFIGS = [
    *((env_id, {}) for env_id in yamskit.rl.env_ids()),
    ("yamskit/competitive-v0", {"mode": "1v1v1"}),
    ("yamskit/competitive-v0", {"mode": "2v2"}),
    ("yamskit/yamslam-v0", {"mode": "solo"}),
    ("yamskit/yamslam-v0", {"mode": "team"}),
    *(("yamskit/classic-v0", {"variant": make()}) for make in other_dice.SHEETS),
    ("yamskit/classic-v0", {"variant": other_dice.saving()}),  # a sheet of four dice that saves throws
]


def _ids(config: tuple[str, dict[str, object]]) -> str:
    env_id, options = config
    if "variant" in options:
        return getattr(options["variant"], "name", str(options["variant"]))
    return env_id.split("/")[1] + "".join(f"-{v}" for v in options.values())


def _episode(env: gym.Env, seed: int, pick: int, limit: int = 3000) -> list[tuple[object, ...]]:
    """Play one episode with random legal actions; every step's (action, reward, obs bytes, mask bytes)."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(pick)
    steps: list[tuple[object, ...]] = [(None, 0.0, obs.tobytes(), info["action_mask"].tobytes())]
    for _ in range(limit):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        steps.append((action, reward, obs.tobytes(), info["action_mask"].tobytes()))
        if terminated or truncated:
            return steps
    raise AssertionError("the episode did not end")


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_every_env_passes_gymnasiums_checker(config: tuple[str, dict[str, object]]) -> None:
    env_id, options = config
    env = gym.make(env_id, **options)
    check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_masks_are_the_states_legal_action_masks_and_observations_fit_the_layout(
    config: tuple[str, dict[str, object]],
) -> None:
    env_id, options = config
    env = gym.make(env_id, **options).unwrapped
    obs, info = env.reset(seed=11)
    size = observation_size(env.variant, env.players)
    rng = np.random.default_rng(5)
    for _ in range(400):
        assert obs.shape == (size,)
        assert obs.dtype == np.float32
        assert np.isfinite(obs).all()
        assert obs.min() >= 0.0
        assert obs.max() <= 1.0
        np.testing.assert_array_equal(obs, observe(env.game, 0))
        assert info["action_mask"].tobytes() == env.game.legal_action_mask()
        np.testing.assert_array_equal(env.action_masks(), info["action_mask"].astype(bool))
        obs, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated:
            assert not info["action_mask"].any()
            break


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_seeded_resets_give_identical_episodes(config: tuple[str, dict[str, object]]) -> None:
    env_id, options = config
    first = _episode(gym.make(env_id, **options), seed=21, pick=2)
    again = _episode(gym.make(env_id, **options), seed=21, pick=2)
    assert first == again
    other = _episode(gym.make(env_id, **options), seed=22, pick=2)
    assert other != first


def test_a_masked_out_action_changes_nothing_and_pays_the_penalty() -> None:
    env = YamsEnv("yahtzee")
    env.reset(seed=1)
    before = env.game
    obs, reward, terminated, truncated, info = env.step(env.space.index(yamskit.Score("chance")))
    assert env.game is before
    assert (reward, terminated, truncated) == (-1.0, False, False)
    assert "must throw the dice before placing" in info["illegal_action"]
    np.testing.assert_array_equal(obs, observe(before, 0))


def test_a_masked_out_action_raises_when_asked_to() -> None:
    env = YamsEnv("yam-master", illegal_action="raise")
    env.reset(seed=1)
    env.step(0)  # the first throw
    with pytest.raises(yamskit.IllegalActionError, match=r"RemoveToken\(cell=\(0, 0\)\).* masked out"):
        env.step(env.space.index(yamskit.RemoveToken((0, 0))))
    with pytest.raises(yamskit.IllegalActionError, match="out of range"):
        env.step(10_000)


def test_score_rewards_add_up_to_the_final_score() -> None:
    env = YamsEnv("classic", opponents=[RandomPlayer(seed=3)])
    steps = _episode(env, seed=4, pick=1)
    assert sum(float(r) for _, r, _, _ in steps) == env.game.result().scores[0]
    assert env.players == 2


def test_outcome_reward_is_paid_once_at_the_end() -> None:
    env = YamsEnv("competitive", reward="outcome")
    steps = _episode(env, seed=8, pick=3)
    rewards = [float(r) for _, r, _, _ in steps]
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    result = env.game.result()
    expected = 1.0 if result.winners == (0,) else -1.0 if 0 not in result.winners else 0.0
    assert rewards[-1] == expected


def test_score_is_the_default_reward_and_competitive_pays_duel_points() -> None:
    env = YamsEnv("competitive", opponents=[RandomPlayer(seed=1)])
    assert env.reward_mode == "score"
    steps = _episode(env, seed=8, pick=3)
    assert sum(float(r) for _, r, _, _ in steps) == env.game.result().scores[0]
    assert any(float(r) < 0 for _, r, _, _ in steps)  # an opponent's box can cost duel points


def test_teammates_share_a_win_in_two_against_two() -> None:
    from yamskit.rl.rewards import outcome

    env = YamsEnv("competitive", mode="2v2", opponents=[RandomPlayer(seed=i) for i in range(3)])
    _episode(env, seed=2, pick=2)
    result = env.game.result()
    winners = set(result.winners)
    expected = -1 if 0 not in winners else 1 if winners <= {0, 2} else 0
    assert outcome(result, 0) == expected
    assert outcome(result, 2) == expected  # the team mate gets the same


def test_options_are_keyword_arguments_of_make() -> None:
    env = gym.make("yamskit/yam-master-v0", removed="out", max_turns=40).unwrapped
    assert env.variant.options == {"removed": "out", "max_turns": 40}
    with pytest.raises(yamskit.RuleConfigError):
        gym.make("yamskit/classic-v0", colour="blue")
    with pytest.raises(yamskit.RuleConfigError, match="reward"):
        gym.make("yamskit/classic-v0", reward="points")


def test_ansi_rendering_is_the_games_text_view() -> None:
    env = gym.make("yamskit/yamslam-v0", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == env.unwrapped.game.render()
    assert YamsEnv("classic").render() is None


def test_stepping_after_the_end_asks_for_a_reset() -> None:
    env = YamsEnv("yahtzee")
    _episode(env, seed=3, pick=3)
    with pytest.raises(yamskit.GameOverError, match="reset"):
        env.step(0)


@pytest.mark.parametrize("name", built_in_names())  # the games the adapters play (any dice, saved throws too)
def test_observation_layout_adds_up_and_observe_follows_it(name: str) -> None:
    variant = yamskit.variant(name)
    layout = observation_layout(variant)
    assert sum(size for _, size in layout) == observation_size(variant)
    game = variant.new_game(players=[f"P{i}" for i in range(yamskit.rl.default_players(variant))], seed=1)
    for seat in range(len(game.players)):
        vector = observe(game, seat)
        assert vector.shape == (observation_size(variant),)
        start = sum(size for block, size in layout[: [b for b, _ in layout].index("to_move")])
        assert vector[start : start + len(game.players)].tolist() == [
            1.0 if (game.current_player - seat) % len(game.players) == k else 0.0 for k in range(len(game.players))
        ]


def test_observe_puts_the_observer_first() -> None:
    variant = yamskit.variant("classic")
    game = variant.new_game(players=["Ann", "Bob"], seed=1)
    game = game.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("yams"))
    ann, bob = observe(game, 0), observe(game, 1)
    yams = variant.rows.index("yams")
    rows = len(variant.rows)
    assert ann[yams * 3 : yams * 3 + 3].tolist() == [1.0, 0.0, 1.0]  # Ann's own yams box, full marks
    assert bob[(rows + yams) * 3 : (rows + yams) * 3 + 3].tolist() == [1.0, 0.0, 1.0]  # in Bob's view: the opponent's
    with pytest.raises(IndexError):
        observe(game, 2)


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_an_observer_kept_through_a_game_gives_the_vectors_of_a_fresh_one(
    config: tuple[str, dict[str, object]],
) -> None:
    from yamskit.rl import Observer

    env_id, options = config
    variant = gym.make(env_id, **options).unwrapped.variant
    players = yamskit.rl.default_players(variant)
    if players == 1 and variant.name != "yamslam":  # sheets: two seats to look from (Yamslam solo is one)
        players = 2
    kept = Observer(variant, players)
    rng = np.random.default_rng(3)
    game = variant.new_game(players=[f"P{i}" for i in range(players)], seed=4)
    while not game.is_over:
        for seat in range(players):  # every seat looks, as the PettingZoo env's agents do
            np.testing.assert_array_equal(kept(game, seat), Observer(variant, players)(game, seat))
        game = game.apply(variant.actions[int(rng.choice(game.legal_action_ids()))])
    np.testing.assert_array_equal(kept(game, 0), observe(game, 0))


def test_observation_layout_takes_a_registry_name() -> None:
    assert observation_layout("classic") == observation_layout(yamskit.variant("classic"))
    assert observation_size("competitive", 2) == observation_size(yamskit.variant("competitive"), 2)


@pytest.mark.parametrize("make", other_dice.SHEETS, ids=lambda make: make.__name__)
def test_the_action_space_follows_the_dice_count_and_the_observation_the_sheet(make: object) -> None:
    from yamskit.dice import dice_tables

    variant = make()  # type: ignore[operator]
    rules = variant.rules
    env = YamsEnv(variant)
    assert env.action_space.n == len(dice_tables(rules.dice).keeps) + 2 * len(rules.rows)  # throws, Score, Scratch
    # cells, upper, extra, weights, dice (six face counts, whatever the count), throws, challenge, to_move
    rows = len(rules.rows)
    assert observation_size(variant) == rows * 3 + 2 + 1 + 1 + 6 + rules.max_throws + 1 + 1 + 1
    sixes = yamskit.Dice((6,) * rules.dice)
    game = variant.new_game(seed=1).apply(yamskit.Roll(outcome=sixes))
    layout = dict(observation_layout(variant))
    start = sum(size for block, size in observation_layout(variant)[: list(layout).index("dice")])
    assert observe(game, 0)[start : start + 6].tolist() == [0.0] * 5 + [1.0]  # six sixes / six: 1
    game = game.apply(yamskit.Score("chance"))
    chance = 3 * rules.row_ids.index("chance")  # the cells come first, row by row
    assert observe(game, 0)[chance : chance + 3].tolist() == [1.0, 0.0, 1.0]  # the most chance pays, on these dice


def test_the_vector_env_refuses_a_sheet_of_other_dice_naming_its_count() -> None:
    with pytest.raises(yamskit.RuleConfigError, match="it throws 3 dice"):
        yamskit.rl.YamsVectorEnv(other_dice.crag_like())
