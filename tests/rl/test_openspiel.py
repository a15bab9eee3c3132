"""The OpenSpiel adapter: pyspiel's random_sim_test for every variant, exact chance outcomes, returns."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import yamskit  # noqa: E402
from yamskit.dice import ROLLS  # noqa: E402
from yamskit.rl.openspiel import register  # noqa: E402

NAMES = register()
MODES = [
    pytest.param(("python_yamskit_competitive", {"mode": "1v1v1"}), marks=pytest.mark.slow),
    pytest.param(("python_yamskit_competitive", {"mode": "2v2"}), marks=pytest.mark.slow),
    ("python_yamskit_yamslam", {"mode": "solo"}),
    ("python_yamskit_yamslam", {"mode": "team"}),
    ("python_yamskit_classic", {"players": 1}),
    ("python_yamskit_yam_master", {"removed": "out", "max_turns": 30}),
]


def _ids(config: object) -> str:
    name, params = config  # type: ignore[misc]
    return name.removeprefix("python_yamskit_") + "".join(f"-{v}" for v in params.values())


@pytest.mark.parametrize("config", [(n, {}) for n in NAMES] + MODES, ids=_ids)
def test_random_sim_test_passes(config: tuple[str, dict[str, object]]) -> None:
    name, params = config
    game = pyspiel.load_game(name, params)
    sims = 1 if "competitive" in name else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def _random_game(name: str, seed: int, params: dict[str, object] | None = None) -> object:
    """Play a game with random decisions and chance sampled from its probabilities; check every chance node."""
    game = pyspiel.load_game(name, params or {})
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    chance_nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            ids, probs = zip(*outcomes, strict=True)
            assert sum(probs) == pytest.approx(1.0, abs=1e-12)
            if state.game_state is not None:
                chance_nodes += 1
                exact = state.game_state.outcomes(state.keep)
                assert [(ROLLS[i], p) for i, p in outcomes] == [(d, float(p)) for d, p in exact]
            action = ids[rng.choice(len(ids), p=np.array(probs) / sum(probs))]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    assert chance_nodes > 10
    return state


@pytest.mark.parametrize("name", ["python_yamskit_yahtzee", "python_yamskit_yam_master", "python_yamskit_yamslam"])
def test_chance_outcomes_are_the_exact_throw_outcomes(name: str) -> None:
    _random_game(name, seed=1)


def test_scorecard_returns_are_the_final_scores() -> None:
    state = _random_game("python_yamskit_classic", seed=2)
    assert state.returns() == [float(s) for s in state.game_state.result().scores]
    assert state.game_state.is_over


def test_yam_master_returns_win_or_loss() -> None:
    state = _random_game("python_yamskit_yam_master", seed=3, params={"max_turns": 40})
    returns = state.returns()
    assert sum(returns) == 0.0
    winners = state.game_state.result().winners
    assert returns == ([0.0, 0.0] if len(winners) == 2 else [1.0 if w in winners else -1.0 for w in (0, 1)])


def test_competitive_deals_the_coefficients_at_a_chance_node() -> None:
    game = pyspiel.load_game("python_yamskit_competitive")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 720
    state.apply_action(719)
    assert state.game_state.column_weights == (18, 16, 14, 12, 10, 8)
    assert not state.is_chance_node()


def test_observation_tensor_is_observe_and_clones_are_independent() -> None:
    from yamskit.rl import observe

    game = pyspiel.load_game("python_yamskit_yamslam")
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(ROLLS.index(yamskit.Dice.parse("66666")))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[-2])
    assert state.game_state.turn.has_thrown
    assert clone.game_state is not state.game_state
    np.testing.assert_array_equal(np.array(state.observation_tensor(1)), observe(state.game_state, 1))


def test_an_illegal_decision_is_refused() -> None:
    game = pyspiel.load_game("python_yamskit_classic")
    state = game.new_initial_state()
    with pytest.raises(Exception, match=r"must throw|before the first throw"):
        state.apply_action(len(game.space) - 2)
