"""The Gymnasium environment: one game of any variant, the agent in seat 0.

`YamsEnv` plays one game with the agent in seat 0; the other seats are played by bots
(``opponents``, default: `yamskit.bots.GreedyPlayer`) between the agent's steps.
``import yamskit.rl`` registers it as ``yamskit/<variant>-v0`` for every built-in variant.

* Actions: ``Discrete(len(variant.actions))``, the variant's fixed action ids. The legal ones
  are in ``info["action_mask"]`` (int8, 1 = legal) and `YamsEnv.action_masks` (bool, the
  convention of sb3-contrib's ``MaskablePPO``). Stepping a masked-out id leaves the game as
  it was and pays ``illegal_reward`` (default -1.0), with the broken rule in
  ``info["illegal_action"]``; with ``illegal_action="raise"`` it raises
  `yamskit.IllegalActionError` with that message instead. (Gymnasium's own checker steps
  unmasked random actions, hence the forgiving default.)
* Observations: `yamskit.rl.observe` for seat 0, a ``Box(0, 1)`` of float32.
* Rewards: ``reward="score"`` (the default where points accrue during the game: classic,
  yahtzee, challenge, Yamslam, your own sheets) pays the change of the agent's score at
  every step, so an episode's return is its final score. ``reward="outcome"`` (the default
  for Competitive Yams, whose duel points are only settled at the end, and Yam Master) pays
  +1 for a win, 0 for a shared first place, -1 for a loss, at the last step only.
* Dice: ``reset(seed=s)`` fixes every throw of the episode (see `yamskit.rl.dice`); the
  faces are applied as explicit throw outcomes, so ``env.unwrapped.game`` is an ordinary
  state that replays without the env.
* ``render_mode="ansi"``: `YamsEnv.render` returns the game's text view.

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

from ..actions import Roll
from ..bots import GreedyPlayer, Player
from ..errors import GameOverError
from . import _compat, _play
from .dice import episode_key
from .observation import default_players, observation_size, observe

__all__ = ["YamsEnv"]

Observation = npt.NDArray[np.float32]


class YamsEnv(gymnasium.Env[Observation, np.int64]):
    """A Gymnasium environment playing one game of a yamskit variant, the agent in seat 0.

    Args:
        variant: a registry name (``"yahtzee"``) or a variant object.
        opponents: bots for seats 1, 2, ...; their number fixes the number of players.
            Default: greedy bots for the variant's smallest number of players (none for
            the solitaire-capable scorecard variants).
        reward: ``"score"`` or ``"outcome"`` (see the module docs); default by variant.
        render_mode: ``None`` or ``"ansi"``.
        illegal_action: ``"penalize"`` (default) or ``"raise"``: what a masked-out id does.
        illegal_reward: the reward of a masked-out id when penalized.
        **options: the variant's options, when it is given by name
            (``gymnasium.make("yamskit/competitive-v0", mode="2v2")``).

    Examples:
        >>> env = YamsEnv("yam-master")
        >>> obs, info = env.reset(seed=1)
        >>> int(env.action_space.n) == len(env.space), env.players
        (True, 2)
        >>> env.reward_mode
        'outcome'
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - the Gymnasium convention

    def __init__(
        self,
        variant: Any = "classic",
        *,
        opponents: Sequence[Player] | None = None,
        reward: _play.Reward | None = None,
        render_mode: str | None = None,
        illegal_action: Literal["penalize", "raise"] = "penalize",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        self.variant = _play.resolve_variant(variant, options)
        if opponents is None:
            opponents = [GreedyPlayer()] * (default_players(self.variant) - 1)
        self.opponents: tuple[Player, ...] = tuple(opponents)
        self.players = 1 + len(self.opponents)
        self.reward_mode: _play.Reward = _play.check_options(self.variant, reward, render_mode)
        self.render_mode = render_mode
        if illegal_action not in ("penalize", "raise"):
            raise ValueError(f"illegal_action must be 'penalize' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.space = _compat.action_space(self.variant)
        self.action_space = spaces.Discrete(len(self.space))
        size = observation_size(self.variant, self.players)
        self.observation_space = spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32)
        names = ["agent", *(f"opponent {i}" for i in range(1, self.players))]
        self._names = names
        self._base: int | None = None
        self._episode = 0
        self._key = 0
        self._throws = 0
        self.game: Any = self.variant.new_game(players=names, seed=0)
        self._mask = _play.mask_array(self.game)

    # ------------------------------------------------------------------ helpers
    def _apply(self, action: Any) -> None:
        action = _play.with_faces(action, self._key, self._throws)
        if isinstance(action, Roll):
            self._throws += 1
        self.game = self.game.apply(action)

    def _play_opponents(self) -> None:
        while not self.game.is_over and self.game.current_player != 0:
            bot = self.opponents[self.game.current_player - 1]
            self._apply(bot.choose(self.game))

    def _score(self) -> int:
        return int(self.game.result().scores[0])

    def _info(self) -> dict[str, Any]:
        self._mask = _play.mask_array(self.game)
        return {"action_mask": self._mask.copy()}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, one bool per action id (what ``MaskablePPO`` asks for).

        Examples:
            >>> env = YamsEnv("classic")
            >>> _ = env.reset(seed=0)
            >>> env.action_masks().nonzero()[0].tolist()  # Roll(keep=Dice()) is id 0
            [0]
        """
        return self._mask.astype(np.bool_)

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
        self._key = episode_key(self._base, self._episode)
        self._throws = 0
        self.game = self.variant.new_game(players=self._names, seed=self._key & (2**63 - 1))
        self._play_opponents()
        return observe(self.game, 0), self._info()

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the agent's action id, let the bots play until it is the agent's turn again.

        A masked-out id changes nothing and pays ``illegal_reward`` (see the module docs).

        Raises:
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
            IllegalActionError: action 487 (Scratch(row='chance', column=None)) is masked out: ... must throw ...
        """
        if self.game.is_over:
            raise GameOverError("the episode has ended: call reset() before stepping again")
        index = int(action)
        mask = self._mask
        if not 0 <= index < len(mask) or not mask[index]:
            error = _play.illegal(self.game, index, self.space)
            if self.illegal_action == "raise":
                raise error
            info = {"action_mask": self._mask.copy(), "illegal_action": str(error)}
            return observe(self.game, 0), self.illegal_reward, False, False, info
        before = self._score() if self.reward_mode == "score" else 0
        self._apply(self.space[index])
        self._play_opponents()
        terminated = bool(self.game.is_over)
        if self.reward_mode == "score":
            reward = float(self._score() - before)
        else:
            reward = float(_play.outcome(self.game, 0)) if terminated else 0.0
        return observe(self.game, 0), reward, terminated, False, self._info()

    def render(self) -> str | None:
        """The game as text (``render_mode="ansi"``); ``None`` without a render mode.

        Examples:
            >>> env = YamsEnv("classic", render_mode="ansi")
            >>> _ = env.reset(seed=0)
            >>> env.render() == env.game.render()
            True
        """
        if self.render_mode != "ansi":
            return None
        return str(self.game.render())
