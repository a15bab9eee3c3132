"""The Gymnasium environment: one game of any variant, the agent in seat 0.

`YamsEnv` plays one game with the agent in seat 0; the other seats are played by bots
(``opponents``, default: `yamskit.bots.GreedyPlayer`) between the agent's steps.
``import yamskit.rl`` registers it as ``yamskit/<variant>-v0`` for every built-in variant.

* Actions: ``Discrete(len(variant.actions))``, the variant's fixed action ids (exactly an
  integer in range: see `yamskit.rl.ids`). The legal ones are in ``info["action_mask"]``
  (int8, 1 = legal) and `YamsEnv.action_masks` (bool, the convention of sb3-contrib's
  ``MaskablePPO``). Stepping a masked-out id leaves the game as it was and pays
  ``illegal_reward`` (default -1.0), with the broken rule in ``info["illegal_action"]``;
  with ``illegal_action="raise"`` it raises that `yamskit.IllegalActionError` instead.
  (Gymnasium's own checker steps unmasked random actions, hence the forgiving default.)
* Observations: `yamskit.rl.observe` for seat 0, a ``Box(0, 1)`` of float32.
* Rewards: ``reward="score"`` (default), ``"normalized"`` or ``"outcome"``, as
  `yamskit.rl.rewards` says: with ``score`` an episode's rewards add up to the agent's
  final score (its team's in team play, points made by bots during ``reset`` included).
  The last step's ``info["final_score"]`` is that final score, whatever the reward.
* Dice: ``reset(seed=s)`` fixes every throw of the episode (see `yamskit.rl.dice`); the
  faces are applied as explicit throw outcomes, so ``env.unwrapped.game`` is an ordinary
  state that replays without the env.
* ``render_mode="ansi"``: `YamsEnv.render` returns the game's text view;
  ``render_mode="human"`` prints it after every reset and step.

Examples:
    >>> import gymnasium as gym
    >>> import yamskit.rl
    >>> env = gym.make("yamskit/yahtzee-v0")
    >>> obs, info = env.reset(seed=3)
    >>> obs.shape, int(info["action_mask"].sum())  # before the first throw only Roll() is legal
    ((55,), 1)
    >>> obs, reward, terminated, truncated, info = env.step(0)
    >>> terminated, int(info["action_mask"].sum()) > 1
    (False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots import GreedyPlayer, Player
from ..errors import GameOverError, RuleConfigError, brief
from ..game import GameState, Variant
from . import _play
from .dice import episode_key
from .ids import action_id
from .observation import default_players
from .rewards import Reward

__all__ = ["YamsEnv"]

Observation = npt.NDArray[np.float32]


class YamsEnv(gymnasium.Env[Observation, np.int64]):
    """A Gymnasium environment playing one game of a yamskit variant, the agent in seat 0.

    Args:
        variant: a registry name (``"yahtzee"``) or a variant object.
        opponents: bots for seats 1, 2, ...; their number fixes the number of players.
            Default: greedy bots for the variant's smallest number of players (none for
            the solitaire-capable scorecard variants).
        reward: ``"score"`` (default), ``"normalized"`` or ``"outcome"`` (`yamskit.rl.rewards`).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        illegal_action: ``"penalize"`` (default) or ``"raise"``: what a masked-out id does.
        illegal_reward: the reward of a masked-out id when penalized.
        **options: the variant's options, when it is given by name
            (``gymnasium.make("yamskit/competitive-v0", mode="2v2")``).

    Raises:
        RuleConfigError: an unknown variant, option or reward (`RenderModeError` for a render mode).

    Examples:
        >>> env = YamsEnv("yam-master")
        >>> obs, info = env.reset(seed=1)
        >>> int(env.action_space.n) == len(env.space), env.players, env.reward_mode
        (True, 2, 'score')
    """

    metadata = {"render_modes": list(_play.RENDER_MODES), "render_fps": 4}  # noqa: RUF012 - the Gymnasium convention

    def __init__(
        self,
        variant: str | Variant = "classic",
        *,
        opponents: Sequence[Player] | None = None,
        reward: Reward = "score",
        render_mode: str | None = None,
        illegal_action: Literal["penalize", "raise"] = "penalize",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        self.variant = _play.resolve_variant(variant, options)
        self.render_mode = _play.check_render_mode(render_mode)
        if opponents is None:
            opponents = [GreedyPlayer()] * (default_players(self.variant) - 1)
        self.opponents: tuple[Player, ...] = tuple(opponents)
        self.players = 1 + len(self.opponents)
        if illegal_action not in ("penalize", "raise"):
            raise RuleConfigError(f"illegal_action must be 'penalize' or 'raise', not {brief(illegal_action)}")
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        names = ["agent", *(f"opponent {i}" for i in range(1, self.players))]
        bots = dict(enumerate(self.opponents, start=1))
        self._driver = _play.Driver(self.variant, names, reward, bots)
        self.reward_mode: Reward = self._driver.reward_mode
        self.space = self._driver.space
        self.action_space = spaces.Discrete(len(self.space))
        self.observation_space = spaces.Box(0.0, 1.0, shape=(self._driver.observer.size,), dtype=np.float32)
        self._base: int | None = None
        self._episode = 0
        self._legal = self._driver.legal()

    @property
    def game(self) -> GameState:
        """The game being played: an ordinary yamskit state."""
        return self._driver.game

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, one bool per action id (what ``MaskablePPO`` asks for).

        Examples:
            >>> env = YamsEnv("classic")
            >>> _ = env.reset(seed=0)
            >>> env.action_masks().nonzero()[0].tolist()  # Roll(keep=Dice()) is id 0
            [0]
        """
        return np.frombuffer(self._legal, dtype=np.bool_).copy()

    def _show(self) -> None:
        if self.render_mode == "human":
            print(self.game.render())

    # ------------------------------------------------------------------ gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game; ``seed`` fixes its dice (and, through them, the bots' play).

        Without a seed, the next episode of the last seed is played (episode 1, 2, ...),
        which is what the vector env does on its automatic resets.

        Examples:
            >>> env = YamsEnv("yahtzee")
            >>> a, _ = env.reset(seed=5)
            >>> b, _ = env.reset(seed=5)
            >>> bool((a == b).all())
            True
        """
        super().reset(seed=seed)
        if seed is not None:
            self._base, self._episode = int(seed), 0
        elif self._base is None:
            self._base, self._episode = int(self.np_random.integers(2**63)), 0
        else:
            self._episode += 1
        driver = self._driver
        driver.start(episode_key(self._base, self._episode))
        driver.play_bots()
        mask = driver.legal_mask()
        self._legal = bytes(mask)
        self._show()
        return driver.observer(driver.game, 0), {"action_mask": np.frombuffer(mask, dtype=np.int8)}

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the agent's action id, let the bots play until it is the agent's turn again.

        A masked-out id changes nothing and pays ``illegal_reward`` (see the module docs).

        Raises:
            ActionIdTypeError: ``action`` is not an integer (`yamskit.rl.ids`).
            ActionIdError: it is an integer outside the action space.
            IllegalActionError: the id is masked out and ``illegal_action="raise"`` (the
                message names the broken rule); the game is left as it was.
            GameOverError: the episode has ended; call `reset`.

        Examples:
            >>> env = YamsEnv("classic")
            >>> _ = env.reset(seed=0)
            >>> _, reward, _, _, info = env.step(len(env.space) - 1)
            >>> reward
            -1.0
            >>> info["illegal_action"]
            "action 487 (Scratch(row='chance', column=None)) is masked out: agent must throw the dice before placing"
            >>> YamsEnv("classic", illegal_action="raise").step(487)  # doctest: +IGNORE_EXCEPTION_DETAIL
            Traceback (most recent call last):
            MustRollFirstError: action 487 (Scratch(row='chance', column=None)) is masked out: ... must throw ...
        """
        driver = self._driver
        index = action if type(action) is int and 0 <= action < driver.size else action_id(action, driver.size)
        if driver.game.is_over:
            raise GameOverError("the episode has ended: call reset() before stepping again")
        if not self._legal[index]:
            error = _play.illegal(driver.game, index, self.space)
            if self.illegal_action == "raise":
                raise error
            refused = {
                "action_mask": np.frombuffer(bytearray(self._legal), dtype=np.int8),
                "illegal_action": str(error),
            }
            return driver.observer(driver.game, 0), self.illegal_reward, False, False, refused
        driver.play(index)
        game = driver.game
        if driver.bots and game.current_player != 0:
            driver.play_bots()
            game = driver.game
        reward = driver.reward(0)
        terminated: bool = game.is_over
        mask = driver.legal_mask(terminated)
        self._legal = bytes(mask)
        info: dict[str, Any] = {"action_mask": np.frombuffer(mask, dtype=np.int8)}
        if terminated:
            info["final_score"] = driver.final_score(0)
        if self.render_mode == "human":
            self._show()
        return driver.observer(game, 0), reward, terminated, False, info

    def render(self) -> str | None:
        """The game as text (``render_mode="ansi"``); ``"human"`` prints it; ``None`` without a render mode.

        Examples:
            >>> env = YamsEnv("classic", render_mode="ansi")
            >>> _ = env.reset(seed=0)
            >>> env.render() == env.game.render()
            True
        """
        if self.render_mode == "human":
            self._show()
        if self.render_mode != "ansi":
            return None
        return str(self.game.render())
