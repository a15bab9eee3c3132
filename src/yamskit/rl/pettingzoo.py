"""The PettingZoo adapter: an AEC (turn-based) env for every variant with two or more players.

`env` builds it: ``yamskit.rl.pettingzoo.env("competitive", mode="2v2")``,
``env("yam-master")``, ``env("classic", players=3)``. Agents are ``player_0``,
``player_1``... in seat order. As in PettingZoo's classic games, an observation is a dict:
``"observation"`` (`yamskit.rl.observe` for that agent's seat) and ``"action_mask"``
(int8, one per action id of the variant's fixed action space; all zeros for an agent
whose turn it is not).

Rewards follow `yamskit.rl.rewards` (``reward="score"`` by default, ``"normalized"``,
``"outcome"``): every agent is paid at every step for the change of its own score (its
team's in team play), so each agent's rewards add up to its final score; when the game
ends every agent's info holds ``"final_score"``. Stepping a masked-out id raises the
`yamskit.IllegalActionError` naming the rule, an id that is not an integer in range
`yamskit.rl.ActionIdTypeError` or `yamskit.rl.ActionIdError`; the game is unchanged.
The dice come from `yamskit.rl.dice` keyed by the reset seed. Render modes: ``"ansi"``
(`render` returns the text view) and ``"human"`` (it prints it). The env is turn-based:
no parallel env is offered.

Examples:
    >>> from yamskit.rl.pettingzoo import env
    >>> aec = env("yam-master")
    >>> aec.reset(seed=1)
    >>> aec.agents, aec.agent_selection
    (['player_0', 'player_1'], 'player_0')
    >>> obs, reward, terminated, truncated, info = aec.last()
    >>> obs["observation"].shape, int(obs["action_mask"].sum())
    ((68,), 1)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..errors import GameOverError
from ..game import GameState, Variant
from . import _play
from .dice import episode_key
from .ids import action_id
from .observation import default_players
from .rewards import Reward

__all__ = ["YamsAECEnv", "env", "raw_env"]


class YamsAECEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC env playing one game of a yamskit variant; every seat is an agent.

    Args:
        variant: a registry name or a variant object.
        players: how many seats (default: the variant's smallest number, at least 2).
        reward: ``"score"`` (default), ``"normalized"`` or ``"outcome"`` (`yamskit.rl.rewards`).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        **options: the variant's options when it is given by name.

    Examples:
        >>> aec = YamsAECEnv("classic", players=3)
        >>> aec.possible_agents
        ['player_0', 'player_1', 'player_2']
    """

    metadata = {  # noqa: RUF012 - the PettingZoo convention
        "render_modes": list(_play.RENDER_MODES),
        "name": "yamskit_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        variant: str | Variant = "classic",
        *,
        players: int | None = None,
        reward: Reward = "score",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.variant = _play.resolve_variant(variant, options)
        self.render_mode = _play.check_render_mode(render_mode)
        count = max(2, default_players(self.variant)) if players is None else players
        self.metadata = {**self.metadata, "name": f"yamskit_{self.variant.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(count)]
        self.agents = list(self.possible_agents)
        self._driver = _play.Driver(self.variant, self.possible_agents, reward)
        self.reward_mode: Reward = self._driver.reward_mode
        self.space = self._driver.space
        size = self._driver.observer.size
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(len(self.space),), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(len(self.space))
        self._base: int | None = None
        self._episode = 0
        self._legal = self._driver.legal()

    @property
    def game(self) -> GameState:
        """The game being played: an ordinary yamskit state."""
        return self._driver.game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same dict space for every agent: ``observation`` and ``action_mask``.

        Examples:
            >>> YamsAECEnv("yam-master").observation_space("player_1")["observation"].shape
            (68,)
        """
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(len(variant.actions))`` for every agent.

        Examples:
            >>> YamsAECEnv("yamslam").action_space("player_0")
            Discrete(477)
        """
        return self._action_space

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees: its observation vector, and the legal ids if it is to move.

        Examples:
            >>> aec = YamsAECEnv("classic")
            >>> aec.reset(seed=1)
            >>> int(aec.observe("player_0")["action_mask"].sum()), int(aec.observe("player_1")["action_mask"].sum())
            (1, 0)
        """
        seat = self.possible_agents.index(agent)
        game = self.game
        if not game.is_over and game.current_player == seat:
            mask = np.frombuffer(bytearray(self._legal), dtype=np.int8)
        else:
            mask = np.zeros(len(self.space), dtype=np.int8)
        return {"observation": self._driver.observer(game, seat), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes its dice (without one: the next episode of the last seed).

        Examples:
            >>> aec = YamsAECEnv("yamslam")
            >>> aec.reset(seed=4)
            >>> aec.agent_selection, aec.rewards
            ('player_0', {'player_0': 0.0, 'player_1': 0.0})
        """
        if seed is not None:
            self._base, self._episode = int(seed), 0
        elif self._base is None:
            self._base, self._episode = int(np.random.SeedSequence().generate_state(1, np.uint64)[0]), 0
        else:
            self._episode += 1
        driver = self._driver
        driver.start(episode_key(self._base, self._episode))
        self._legal = driver.legal()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[driver.game.current_player]
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        """Apply ``action`` (an id) for the agent to move; ``None`` for an agent whose game has ended.

        Raises:
            ActionIdTypeError: ``action`` is not an integer (`yamskit.rl.ids`).
            ActionIdError: it is an integer outside the action space.
            IllegalActionError: the id is masked out (the message names the rule).

        Examples:
            >>> aec = YamsAECEnv("yam-master")
            >>> aec.reset(seed=2)
            >>> aec.step(0)  # player_0 throws; it is still their turn
            >>> aec.agent_selection, aec.game.turn.throws_used
            ('player_0', 1)
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        driver = self._driver
        index = action_id(action, driver.size)
        if driver.game.is_over:  # pragma: no cover - terminations are set when it ends
            raise GameOverError("the game is over: call reset()")
        if not self._legal[index]:
            raise _play.illegal(driver.game, index, self.space)
        driver.play(index)
        self._legal = driver.legal()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict(zip(self.possible_agents, driver.rewards(), strict=True))
        if driver.game.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"final_score": driver.final_score(i)} for i, a in enumerate(self.possible_agents)}
        else:
            self.agent_selection = self.possible_agents[driver.game.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game as text (``render_mode="ansi"``); ``"human"`` prints it and returns ``None``.

        Examples:
            >>> aec = YamsAECEnv("yam-master", render_mode="ansi")
            >>> aec.reset(seed=2)
            >>> aec.render() == aec.game.render()
            True
        """
        if self.render_mode == "human":
            print(self.game.render())
        if self.render_mode != "ansi":
            return None
        return str(self.game.render())

    def close(self) -> None:
        """Nothing to release.

        Examples:
            >>> YamsAECEnv("classic").close()
        """


def raw_env(variant: str | Variant = "classic", **kwargs: Any) -> YamsAECEnv:
    """The unwrapped env (see `YamsAECEnv`).

    Examples:
        >>> raw_env("yamslam", mode="team").num_agents
        4
    """
    return YamsAECEnv(variant, **kwargs)


def env(variant: str | Variant = "classic", **kwargs: Any) -> Any:  # Any: pettingzoo's wrapper has no type hints
    """The env wrapped as PettingZoo's classic games are (order enforcing).

    Examples:
        >>> aec = env("competitive", mode="1v1v1")
        >>> aec.reset(seed=0)
        >>> aec.num_agents, aec.unwrapped.variant.options["mode"]
        (3, '1v1v1')
    """
    return wrappers.OrderEnforcingWrapper(raw_env(variant, **kwargs))
