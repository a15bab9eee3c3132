"""The OpenSpiel adapter: pyspiel's random_sim_test for every variant, exact chance outcomes, returns.

The sheets of other than five dice (`tests.rl.other_dice`) are user variants: their games are
built as ``YamsGame({"variant": name})`` once the names are registered, not loaded by a pyspiel name.
"""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import yamskit  # noqa: E402
import yamskit.dice  # noqa: E402
import yamskit.rl  # noqa: E402
from yamskit.dice import ROLLS  # noqa: E402
from yamskit.rl.openspiel import YamsGame, register  # noqa: E402

from . import other_dice  # noqa: E402

NAMES = register()
#: The sheets of three and of six dice, with one and with two players.
OTHER_DICE = [(name, {"players": players}) for name in other_dice.NAMES for players in (1, 2)]
#: The sheet that saves throws, with one and with two players (Maxi Yatzy is among the registered `NAMES`).
SAVING = [(other_dice.SAVING, {"players": players}) for players in (1, 2)]
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


def _load(name: str, params: dict[str, object]) -> YamsGame:
    """A registered pyspiel game by its name, or a game of a sheet of `tests.rl.other_dice` by its registry name."""
    if name in (*other_dice.NAMES, other_dice.SAVING):
        other_dice.register()
        return YamsGame({"variant": name, **params})
    game: YamsGame = pyspiel.load_game(name, params)
    return game


@pytest.mark.parametrize("config", [(n, {}) for n in NAMES] + MODES + OTHER_DICE + SAVING, ids=_ids)
def test_random_sim_test_passes(config: tuple[str, dict[str, object]]) -> None:
    name, params = config
    game = _load(name, params)
    sims = 1 if "competitive" in name else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def _random_game(name: str, seed: int, params: dict[str, object] | None = None) -> object:
    """Play a game with random decisions and chance sampled from its probabilities; check every chance node."""
    game = _load(name, params or {})
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
                assert [(game.rolls[i], p) for i, p in outcomes] == [(d, float(p)) for d, p in exact]
            action = ids[rng.choice(len(ids), p=np.array(probs) / sum(probs))]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    assert chance_nodes > 10
    return state


@pytest.mark.parametrize(
    "name",
    [
        "python_yamskit_yahtzee",
        "python_yamskit_yam_master",
        "python_yamskit_yamslam",
        "python_yamskit_maxi_yatzy",
        *other_dice.NAMES,
        other_dice.SAVING,
    ],
)
def test_chance_outcomes_are_the_exact_throw_outcomes(name: str) -> None:
    _random_game(name, seed=1)


@pytest.mark.parametrize("name", other_dice.NAMES)
def test_sizes_follow_the_dice_count(name: str) -> None:
    game = _load(name, {"players": 2})
    dice = game.variant.rules.dice
    assert game.rolls == yamskit.dice.dice_tables(dice).rolls
    assert game.max_chance_outcomes() == len(game.rolls)  # 56 rolls of three dice, 462 of six
    assert game.num_distinct_actions() == len(yamskit.dice.dice_tables(dice).keeps) + 2 * len(game.variant.rows)
    assert game.observation_tensor_size() == yamskit.rl.observation_size(game.variant, 2)
    state = game.new_initial_state()
    state.apply_action(0)  # throw them all
    assert len(state.chance_outcomes()) == len(game.rolls)


def test_scorecard_returns_are_the_final_scores_on_a_sheet_of_six_dice() -> None:
    state = _random_game("rl-six-dice", seed=2, params={"players": 1})
    assert state.returns() == [float(s) for s in state.game_state.result().scores]
    throws = [move.action for move in state.game_state.history if isinstance(move.action, yamskit.Roll)]
    assert throws
    assert all(len(t.keep) + len(t.outcome) == 6 for t in throws)


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
