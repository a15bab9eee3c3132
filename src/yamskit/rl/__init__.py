"""yamskit for reinforcement learning: Gymnasium, PettingZoo and OpenSpiel adapters.

Needs the ``rl`` extra (``pip install 'yamskit[rl]'``: numpy, gymnasium, pettingzoo);
`yamskit.rl.openspiel` needs the ``openspiel`` extra as well. Importing this package
registers a Gymnasium environment ``yamskit/<variant>-v0`` for every built-in variant:

* `YamsEnv` — one game, the agent in seat 0, bots in the other seats;
* `YamsVectorEnv` — thousands of solitaire games of a one-column sheet stepped with numpy
  (``gymnasium.make_vec("yamskit/yahtzee-v0", num_envs=4096)`` builds it for classic and yahtzee);
* `observe` / `Observer` / `observation_size` / `observation_layout` — states as float32 vectors;
* `yamskit.rl.rewards` — the ``reward`` option (``score``, ``normalized``, ``outcome``) and
  `reward_scale`; `yamskit.rl.ids` — action ids, exactly integers in range
  (`ActionIdError`, `ActionIdTypeError`);
* `yamskit.rl.pettingzoo` — an AEC env for every variant with two or more players;
* `yamskit.rl.openspiel` — ``register()`` adds ``python_yamskit_<variant>`` games to OpenSpiel.

Examples:
    >>> import gymnasium as gym
    >>> import yamskit.rl
    >>> sorted(i for i in gym.registry if i.startswith("yamskit/"))[:3]
    ['yamskit/balut-v0', 'yamskit/challenge-v0', 'yamskit/classic-v0']
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium
    import numpy as _numpy  # noqa: F401 - checked here so the error below is the one users see
except ImportError as _error:  # pragma: no cover - exercised without the extra
    # ModuleNotFoundError (an ImportError) carrying the missing module's name, so that
    # ``pytest.importorskip`` and ``except ModuleNotFoundError`` treat it as a missing extra.
    raise ModuleNotFoundError(
        f"yamskit.rl needs {_error.name}: pip install 'yamskit[rl]' (gymnasium, pettingzoo)", name=_error.name
    ) from _error

from ..errors import ActionIdError, ActionIdTypeError, RenderModeError
from ._play import built_in_names as _variant_names
from .env import YamsEnv
from .observation import Observer, default_players, observation_layout, observation_size, observe
from .rewards import reward_scale
from .vector import YamsVectorEnv

__all__ = [
    "ActionIdError",
    "ActionIdTypeError",
    "Observer",
    "RenderModeError",
    "YamsEnv",
    "YamsVectorEnv",
    "default_players",
    "env_ids",
    "observation_layout",
    "observation_size",
    "observe",
    "reward_scale",
]


def env_ids() -> list[str]:
    """The Gymnasium ids this package registers, one per built-in variant (plug-ins: use `YamsEnv`).

    Examples:
        >>> env_ids()[:2]
        ['yamskit/balut-v0', 'yamskit/challenge-v0']
    """
    return [f"yamskit/{name}-v0" for name in _variant_names()]


def _solvable(name: str) -> bool:
    """Whether the vector env plays ``name``: a sheet of five dice the solver's stepped games take."""
    from ..errors import RuleConfigError
    from ..registry import variant
    from ..solver.batch import batch_model

    try:
        model = batch_model(variant(name))
    except RuleConfigError:
        return False
    return bool(model.dice.count == 5)


def _register() -> None:
    for name in _variant_names():
        env_id = f"yamskit/{name}-v0"
        if env_id not in _gymnasium.registry:
            vector = "yamskit.rl.vector:YamsVectorEnv" if _solvable(name) else None
            _gymnasium.register(
                id=env_id, entry_point="yamskit.rl.env:YamsEnv", vector_entry_point=vector, kwargs={"variant": name}
            )


_register()
