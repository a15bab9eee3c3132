"""Games that save throws (Maxi Yatzy, `tests.rl.other_dice.saving`) in the learning environments.

The frameworks' own checkers run on them with the other variants (test_gymnasium.py,
test_pettingzoo.py, test_openspiel.py); here: the store in the observation, the mask past
``max_throws``, the bounds, and the other games' vectors left as they were.
"""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")

import yamskit  # noqa: E402
import yamskit.rl  # noqa: E402
from yamskit import Roll, Score  # noqa: E402
from yamskit.rl import Observer, YamsEnv, observation_layout, observe  # noqa: E402
from yamskit.rl._play import built_in_names  # noqa: E402
from yamskit.rl.observation import store_bound  # noqa: E402

from . import other_dice  # noqa: E402

THROW_ALL = 0  # the first action id: Roll(keep=()), throw every die


def _blocks(variant: yamskit.Variant, players: int, vector: np.ndarray) -> dict[str, list[float]]:
    """``vector`` cut into its named blocks."""
    out = {}
    at = 0
    for name, size in observation_layout(variant, players):
        out[name] = vector[at : at + size].tolist()
        at += size
    return out


def test_the_store_bound_is_a_turn_per_box_each_saving_all_but_one_throw() -> None:
    assert store_bound("maxi-yatzy") == 20 * 2
    assert store_bound(other_dice.saving()) == 4 * 1
    assert store_bound(yamskit.variant("maxi-yatzy", saved_throws=False)) == 0
    assert all(store_bound(name) == 0 for name in built_in_names() if name != "maxi-yatzy")


def test_only_games_that_save_throws_have_the_store_blocks() -> None:
    for name in built_in_names():
        names = [block for block, _ in observation_layout(name)]
        saves = name == "maxi-yatzy"
        assert ("saved" in names, "throws_left" in names) == (saves, saves), name
    assert observation_layout("maxi-yatzy", 3)[-2:] == (("saved", 3), ("throws_left", 1))
    plain = yamskit.variant("maxi-yatzy", saved_throws=False)
    assert observation_layout(plain) == observation_layout("maxi-yatzy")[:-2]


def test_a_throw_past_max_throws_is_taken_through_the_env_and_the_store_goes_down_by_one() -> None:
    env = gym.make("yamskit/maxi-yatzy-v0").unwrapped
    obs, info = env.reset(seed=1)
    chance = env.space.index(Score("chance"))
    bound = store_bound("maxi-yatzy")

    obs, _, _, _, info = env.step(THROW_ALL)  # one throw of three: two go to the store
    obs, _, _, _, info = env.step(chance)
    assert env.game.saved_throws == (2,)
    seen = _blocks(env.variant, 1, obs)
    assert seen["saved"] == pytest.approx([2 / bound])
    assert seen["throws_left"] == pytest.approx([5 / (3 + bound)])  # three of the turn's own, two stored

    for _ in range(3):  # the turn's own throws
        obs, _, _, _, info = env.step(THROW_ALL)
    assert env.game.turn.throws_used == 3
    assert info["action_mask"][THROW_ALL] == 1  # past max_throws: the store allows it
    assert info["action_mask"].tobytes() == env.game.legal_action_mask()
    before = _blocks(env.variant, 1, obs)
    assert before["saved"] == pytest.approx([2 / bound])

    obs, _, _, _, info = env.step(THROW_ALL)  # the fourth throw, spent from the store
    after = _blocks(env.variant, 1, obs)
    assert (env.game.turn.throws_used, env.game.turn.spent, env.game.saved_now(0)) == (4, 1, 1)
    assert after["saved"] == pytest.approx([before["saved"][0] - 1 / bound])
    assert after["throws_left"] == pytest.approx([before["throws_left"][0] - 1 / (3 + bound)])
    assert after["throws"] == [0.0, 0.0, 0.0, 1.0]  # the one-hot stops at max throws

    obs, _, _, _, info = env.step(THROW_ALL)  # the fifth, the store's last
    assert _blocks(env.variant, 1, obs)["saved"] == [0.0]
    assert _blocks(env.variant, 1, obs)["throws_left"] == [0.0]
    throws = [i for i in np.flatnonzero(info["action_mask"]) if isinstance(env.space[i], Roll)]
    assert throws == []  # the store is empty: no sixth throw
    assert info["action_mask"].any()  # but a box to fill


def test_the_mask_allows_a_throw_exactly_when_the_game_does() -> None:
    variant = other_dice.saving()
    env = YamsEnv(variant)
    rolls = [i for i, action in enumerate(env.space) if isinstance(action, Roll)]
    rng = np.random.default_rng(7)
    spent = 0
    for seed in range(20):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            turn = env.game.turn
            may_throw = turn.throws_used < turn.max_throws + turn.saved
            assert bool(info["action_mask"][rolls].any()) == may_throw
            assert info["action_mask"].tobytes() == env.game.legal_action_mask()
            legal = np.flatnonzero(info["action_mask"])
            throws = [i for i in legal if i in rolls]
            # throw when allowed two times in three, so turns both save throws and spend them
            action = int(rng.choice(throws)) if throws and rng.random() < 0.67 else int(rng.choice(legal))
            _, _, done, _, info = env.step(action)
            spent = max(spent, env.game.turn.spent)
    assert spent > 0  # some turn threw past max_throws


def test_each_seat_sees_its_own_store_first() -> None:
    variant = yamskit.variant("maxi-yatzy")
    game = variant.new_game(["Ann", "Bob", "Cy"], seed=1)
    game = game.apply(Roll(outcome="666666")).apply(Score("maxi_yatzy"))  # Ann stores 2
    game = game.apply(Roll(outcome="123456")).apply(Roll(keep="")).apply(Score("chance"))  # Bob stores 1
    bound = store_bound(variant)
    for seat, stores in ((0, [2, 1, 0]), (1, [1, 0, 2]), (2, [0, 2, 1])):
        seen = _blocks(variant, 3, observe(game, seat))
        assert seen["saved"] == pytest.approx([s / bound for s in stores])
        assert seen["throws_left"] == pytest.approx([3 / (3 + bound)])  # Cy's turn: three own, nothing stored


def test_the_pettingzoo_env_shows_the_store_to_every_agent() -> None:
    from yamskit.rl.pettingzoo import env

    aec = env("maxi-yatzy", players=2)
    aec.reset(seed=3)
    chance = aec.unwrapped.space.index(Score("chance"))
    aec.step(THROW_ALL)
    aec.step(chance)  # player_0 stores 2
    bound = store_bound("maxi-yatzy")
    mine = _blocks(yamskit.variant("maxi-yatzy"), 2, aec.observe("player_0")["observation"])
    theirs = _blocks(yamskit.variant("maxi-yatzy"), 2, aec.observe("player_1")["observation"])
    assert mine["saved"] == pytest.approx([2 / bound, 0.0])
    assert theirs["saved"] == pytest.approx([0.0, 2 / bound])


def test_an_observer_gives_the_stores_of_a_game_played_to_the_end() -> None:
    variant = other_dice.saving()
    observer = Observer(variant, 2)
    rng = np.random.default_rng(1)
    game = variant.new_game(players=["A", "B"], seed=2)
    while not game.is_over:
        for seat in (0, 1):
            vector = observer(game, seat)
            np.testing.assert_array_equal(vector, observe(game, seat))
            seen = _blocks(variant, 2, vector)
            stores = [game.saved_now((seat + k) % 2) for k in range(2)]
            assert seen["saved"] == pytest.approx([s / store_bound(variant) for s in stores])
            assert seen["throws_left"] == pytest.approx([game.turn.throws_left / (2 + store_bound(variant))])
        game = game.apply(variant.actions[int(rng.choice(game.legal_action_ids()))])
    assert _blocks(variant, 2, observe(game, 0))["throws_left"] == [0.0]  # nothing left to throw once it is over


def test_openspiel_bounds_the_longest_game_of_stored_throws() -> None:
    pytest.importorskip("pyspiel")
    from yamskit.rl.openspiel import YamsGame

    other_dice.register()
    game = YamsGame({"variant": other_dice.SAVING, "players": 2})
    assert game.observation_tensor_shape() == [yamskit.rl.observation_size(game.variant, 2)]
    assert game.max_game_length() == 2 * 4 * (2 * 2 + 1) + 1  # a turn per box: two throws, two chance nodes, a box
    # each player's first turn throws once and stores a throw; every later turn throws while it may
    state = game.new_initial_state()
    length = 0
    past_max = 0
    turns = [0, 0]  # the turns each player has finished
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.chance_outcomes()[0][0]
        else:
            player = state.current_player()
            turn = state.game_state.turn
            throw = THROW_ALL in state.legal_actions() and not (turns[player] == 0 and turn.has_thrown)
            past_max += throw and turn.throws_used >= turn.max_throws
            action = THROW_ALL if throw else state.legal_actions()[-1]
            turns[player] += not throw
        state.apply_action(action)
        length += 1
    assert past_max == 2  # each player spent their stored throw
    assert length <= game.max_game_length()
