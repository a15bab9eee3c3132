"""Action ids: every adapter takes exactly an integer in range, and any other value raises a YamskitError.

A fuzz test per adapter (Gymnasium, PettingZoo, the vector env, OpenSpiel) throws values
of every kind at ``step``/``apply_action``: only `yamskit.YamskitError` subclasses may
escape, and the game is left as it was. Worked examples pin the issue's cases: ``0.99``
and ``"0"`` used to play action 0, and OpenSpiel raised ``IndexError`` out of range.
"""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import yamskit  # noqa: E402
from yamskit.rl import ActionIdError, ActionIdTypeError, YamsEnv, YamsVectorEnv  # noqa: E402
from yamskit.rl.ids import action_id, action_ids  # noqa: E402

#: Values of every kind an agent might hand an env: numbers of every type, text, containers, None.
VALUES = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=5),
    st.binary(max_size=3),
    st.lists(st.integers(0, 3), max_size=3),
    st.integers(-5, 600).map(np.int64),
    st.integers(0, 600).map(np.uint16),
    st.integers(-5, 600).map(lambda i: np.array(i)),
    st.floats(-2, 600).map(np.float32),
    st.integers(0, 3).map(lambda i: np.array([i])),
    st.complex_numbers(max_magnitude=10),
)


def _is_an_id(value: Any, size: int) -> bool:
    if isinstance(value, bool | np.bool_):
        return False
    if isinstance(value, int | np.integer) or (
        isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu"
    ):
        return 0 <= int(value) < size
    return False


def test_the_issues_examples_are_refused() -> None:
    env = YamsEnv("classic", illegal_action="raise")
    env.reset(seed=1)
    before = env.game
    for value in (0.99, "0", 1.0, True, None):
        with pytest.raises(ActionIdTypeError):
            env.step(value)
    with pytest.raises(ActionIdError, match="out of range"):
        env.step(488)
    assert env.game is before
    assert issubclass(ActionIdTypeError, TypeError)
    assert issubclass(ActionIdError, yamskit.UnknownActionError)


def _only_yamskit_errors_escape(env: Any, value: Any) -> None:
    """Step ``env`` with ``value``: a YamskitError leaving the game as it was, or an id that was valid."""
    before = env.game
    try:
        env.step(value)
    except yamskit.YamskitError:
        assert env.game is before
        return
    assert _is_an_id(value, len(env.space))


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_gymnasium_takes_exactly_integer_ids(value: Any) -> None:
    env = YamsEnv("yam-master", illegal_action="raise")
    env.reset(seed=2)
    _only_yamskit_errors_escape(env, value)


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_pettingzoo_takes_exactly_integer_ids(value: Any) -> None:
    pytest.importorskip("pettingzoo")
    from yamskit.rl.pettingzoo import raw_env

    aec = raw_env("yamslam")
    aec.reset(seed=3)
    _only_yamskit_errors_escape(aec, value)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        VALUES,
        st.lists(VALUES, min_size=2, max_size=2),
        st.lists(st.integers(-2, 500), min_size=2, max_size=2).map(np.array),
    )
)
def test_the_vector_env_takes_exactly_integer_ids(value: Any) -> None:
    envs = YamsVectorEnv("classic", num_envs=2)
    obs, _ = envs.reset(seed=4)
    try:
        envs.step(value)
    except yamskit.YamskitError:
        again, _, _, _, _ = envs.step(np.zeros(2, dtype=np.int64))  # nothing changed: the first throw
        np.testing.assert_array_equal(again[:, : len(obs[0]) - 12], obs[:, : len(obs[0]) - 12])
        return
    array = np.asarray(value)
    assert array.dtype.kind in "iu"
    assert array.shape == (2,)


def test_the_vector_env_refuses_float_arrays_that_used_to_be_truncated() -> None:
    envs = YamsVectorEnv("classic", num_envs=2)
    envs.reset(seed=4)
    with pytest.raises(ActionIdTypeError, match="float64"):
        envs.step(np.array([0.0, 0.99]))
    with pytest.raises(ActionIdError, match="game 1: action id 488 is out of range"):
        envs.step(np.array([0, 488]))
    assert action_ids([np.int8(1), 2], 2, 10).tolist() == [1, 2]


@settings(max_examples=300, deadline=None)
@given(VALUES, st.booleans())
def test_openspiel_takes_exactly_integer_ids_and_chance_outcomes_of_the_node(value: Any, at_chance: bool) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from yamskit.rl.openspiel import register

    register()
    game = pyspiel.load_game("python_yamskit_classic")
    state = game.new_initial_state()
    state.apply_action(0)
    if not at_chance:
        state.apply_action(251)  # 66666
    before = (state.game_state, state.keep)
    try:
        state.apply_action(value)
    except yamskit.YamskitError:
        assert (state.game_state, state.keep) == before
        return
    size = 252 if at_chance else len(game.space)
    assert _is_an_id(value, size)


def test_openspiel_refuses_out_of_range_ids_and_impossible_outcomes() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from yamskit.rl.openspiel import register

    register()
    state = pyspiel.load_game("python_yamskit_yahtzee").new_initial_state()
    with pytest.raises(ActionIdError, match="out of range"):
        state.apply_action(10_000)
    state.apply_action(0)
    state.apply_action(251)  # 66666
    state.apply_action(yamskit.variant("yahtzee").actions.index(yamskit.Roll(keep="666")))
    with pytest.raises(ActionIdError, match="does not show the kept dice"):
        state.apply_action(0)  # 11111 does not hold the three sixes kept
    with pytest.raises(ActionIdError, match="out of range"):
        state.apply_action(252)
    assert action_id(np.uint8(3), 5) == 3
