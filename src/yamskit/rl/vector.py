"""The vector env: thousands of solitaire games of a one-column scorecard variant, stepped with numpy.

`YamsVectorEnv` keeps every game as rows of numpy arrays and applies one action per game
in a handful of array operations: the sheets are the batch simulator's
(`yamskit.solver.batch`), so its legality and scoring (joker, five-of-a-kind bonus, upper
bonus) are the solver's. It takes the variants the solver takes: ``classic``, ``yahtzee``
and any one-column, free-order sheet of five dice of your own. A sheet of other than five
dice is refused (a `yamskit.RuleConfigError` that names its dice count): `YamsEnv` and the
PettingZoo and OpenSpiel adapters play it.

Each game ``i`` is the game a `YamsEnv` of the same variant plays after
``reset(seed=seed + i)``: the same dice (`yamskit.rl.dice`), the same action ids, masks,
observations and rewards (``reward="score"``, ``"normalized"`` or ``"outcome"``, as
`yamskit.rl.rewards` says; a solitaire game is won when it ends). A game's last step puts
its final score in ``info["final_score"]`` (with ``info["_final_score"]`` true for that
game, Gymnasium's convention for vector infos). Finished games restart on the next step,
Gymnasium's default *next-step* autoreset: that step ignores the game's action, returns
the new game's first observation, a reward of 0, and is the next episode of the same seed.
Actions are exactly integer ids in range (`yamskit.rl.ids.action_ids`).

Examples:
    >>> import numpy as np
    >>> from yamskit.rl import YamsVectorEnv
    >>> envs = YamsVectorEnv("yahtzee", num_envs=4)
    >>> obs, info = envs.reset(seed=0)
    >>> obs.shape, info["action_mask"].shape
    ((4, 55), (4, 488))
    >>> obs, reward, terminated, truncated, info = envs.step(np.zeros(4, dtype=np.int64))  # everyone throws
    >>> reward.tolist(), int(info["action_mask"][0].sum()) > 13
    ([0.0, 0.0, 0.0, 0.0], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..actions import Roll, Score, Scratch
from ..dice import KEEPS, NUM_DICE
from ..errors import RuleConfigError, brief
from ..game import Variant
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from ..solver import tables
from ..solver.batch import _POW6, _Games, _throw
from ..solver.model import model_of
from ..solver.tables import IntArray
from . import _compat, _play
from .dice import episode_keys, faces
from .ids import action_ids
from .observation import observation_size
from .rewards import Reward, check_reward, reward_scale

__all__ = ["YamsVectorEnv"]

Floats = npt.NDArray[np.float32]

_KIND_ROLL, _KIND_SCORE, _KIND_SCRATCH = 0, 1, 2
#: ``_SUBKEEPS[r, k]``: keep ``k`` is among the dice of roll ``r`` (a Roll keeping it is legal).
_SUBKEEPS = np.zeros((tables.NUM_ROLLS, tables.NUM_KEEPS), dtype=np.int8)
for _r in range(tables.NUM_ROLLS):
    _SUBKEEPS[_r, tables.ROLL_KEEPS[_r, : tables.ROLL_KEEP_COUNTS[_r]]] = 1
_COUNTS = np.vstack([tables.COUNTS, np.zeros((1, 6), dtype=np.int64)]) / 5.0  # row -1: no dice yet


class YamsVectorEnv(VectorEnv[Floats, IntArray, Floats]):
    """``num_envs`` solitaire games of a one-column scorecard variant, stepped together.

    Args:
        variant: ``"classic"``, ``"yahtzee"`` or a variant object the solver accepts.
        num_envs: how many games.
        reward: ``"score"`` (default), ``"normalized"`` or ``"outcome"``.
        **options: the variant's options when it is given by name.

    Raises:
        RuleConfigError: the solver does not handle the variant (it says why), or it throws other
            than five dice.

    Examples:
        >>> envs = YamsVectorEnv("classic", num_envs=2)
        >>> envs.single_action_space, envs.action_space
        (Discrete(488), MultiDiscrete([488 488]))
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 - the Gymnasium convention

    def __init__(
        self, variant: str | Variant = "yahtzee", num_envs: int = 1, *, reward: Reward = "score", **options: Any
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise RuleConfigError(f"num_envs must be a positive whole number, not {brief(num_envs)}")
        resolved = _play.resolve_variant(variant, options)
        self.reward_mode: Reward = check_reward(reward)
        self._reward_scale = reward_scale(resolved, 1) if reward == "normalized" else 1.0
        self.model = model_of(resolved)
        assert isinstance(resolved, ScorecardVariant)  # model_of refuses every other variant
        if resolved.rules.dice != NUM_DICE:  # its masks, observations and dice codes are of five dice
            raise RuleConfigError(
                f"no vector env for {resolved.name} yet: it throws {resolved.rules.dice} dice, and the vector env's "
                "arrays are of five; use YamsEnv (gymnasium.make_vec falls back to SyncVectorEnv)"
            )
        self.variant = resolved
        self.num_envs = num_envs
        self.space = _compat.action_space(self.variant)
        size = self._size = observation_size(self.variant, 1)
        self.single_observation_space = spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(len(self.space))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        m = self.model
        rows = len(m.rows)
        kind = np.full(len(self.space), -1, dtype=np.int64)
        arg = np.zeros(len(self.space), dtype=np.int64)
        for k, keep in enumerate(KEEPS):
            i = self.space.index(Roll(keep=keep))
            kind[i], arg[i] = _KIND_ROLL, k
        self._score_ids = np.array([self.space.index(Score(r)) for r in m.rows], dtype=np.int64)
        kind[self._score_ids], arg[self._score_ids] = _KIND_SCORE, np.arange(rows)
        self._scratch_ids = np.zeros(0, dtype=np.int64)
        if m.allow_scratch:
            self._scratch_ids = np.array([self.space.index(Scratch(r)) for r in m.rows], dtype=np.int64)
            kind[self._scratch_ids], arg[self._scratch_ids] = _KIND_SCRATCH, np.arange(rows)
        self._roll_ids = np.array([self.space.index(Roll(keep=k)) for k in KEEPS], dtype=np.int64)
        self._rolls_first = bool((self._roll_ids == np.arange(len(KEEPS))).all())
        self._kind, self._arg = kind, arg
        self._scale = np.array([1.0 / max(1, row.max) for row in self.variant.rules.rows])
        self._full = (1 << rows) - 1
        self._seeds = np.zeros(num_envs, dtype=np.uint64)
        self._episodes = np.zeros(num_envs, dtype=np.uint64)
        self._start_all()

    # ------------------------------------------------------------------ state
    def _start_all(self) -> None:
        n = self.num_envs
        self._games = _Games.start(self.model, n)
        self._scratched = np.zeros((n, len(self.model.rows)), dtype=np.bool_)
        self._roll = np.full(n, -1, dtype=np.int64)
        self._throws = np.zeros(n, dtype=np.int64)
        self._thrown = np.zeros(n, dtype=np.uint64)
        self._done = np.zeros(n, dtype=np.bool_)
        self._keys = episode_keys(self._seeds, self._episodes)
        self._mask = self._masks()

    def _restart(self, where: IntArray) -> None:
        g = self._games
        for array in (g.filled, g.upper, g.flag, g.extra, self._throws):
            array[where] = 0
        g.points[where] = 0
        self._scratched[where] = False
        self._roll[where] = -1
        self._thrown[where] = 0
        self._done[where] = False
        self._episodes[where] += np.uint64(1)
        self._keys[where] = episode_keys(self._seeds[where], self._episodes[where])

    def _masks(self) -> npt.NDArray[np.int8]:
        n, m = self.num_envs, self.model
        mask = np.zeros((n, len(self.space)), dtype=np.int8)
        live, throws = ~self._done, self._throws
        mask[live & (throws == 0), self._roll_ids[0]] = 1
        middle = np.flatnonzero(live & (throws > 0) & (throws < m.max_throws))
        if self._rolls_first:  # ids 0..461 are the keeps in order: copy whole rows of the keep table
            mask[middle, : len(KEEPS)] = _SUBKEEPS[self._roll[middle]]
        else:
            mask[middle[:, None], self._roll_ids[None, :]] = _SUBKEEPS[self._roll[middle]]
        thrown = np.flatnonzero(live & (throws > 0))
        legal = self._games.legal_rows(thrown, self._roll[thrown]).astype(np.int8)
        mask[thrown[:, None], self._score_ids[None, :]] = legal
        if len(self._scratch_ids):
            mask[thrown[:, None], self._scratch_ids[None, :]] = legal
        return mask

    def _observe(self) -> Floats:
        g, m = self._games, self.model
        n, rows = self.num_envs, len(m.rows)
        obs = np.zeros((n, self._size), dtype=np.float32)
        cells = obs[:, : rows * 3].reshape(n, rows, 3)
        cells[:, :, 0] = (g.filled[:, None] >> np.arange(rows)[None, :]) & 1
        cells[:, :, 1] = self._scratched
        cells[:, :, 2] = np.minimum(1.0, g.points * self._scale[None, :])
        at = rows * 3
        if m.cap > 0 and self.variant.rules.bonus is not None:
            obs[:, at] = np.minimum(1.0, g.upper / m.cap)
            obs[:, at + 1] = m.bonus[np.minimum(g.upper, m.cap)] > 0
        obs[:, at + 2] = np.minimum(1.0, g.extra / 1000.0)
        at += 4  # upper (2), extra (1), column weights (1: none)
        obs[:, at : at + 6] = _COUNTS[self._roll]
        at += 6
        obs[np.arange(n), at + self._throws] = 1.0
        obs[:, -1] = 1.0  # to move: the only player (the challenge flag before it stays 0)
        return obs

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game, shape ``(num_envs, actions)``; games about to restart: none.

        Examples:
            >>> envs = YamsVectorEnv("classic", num_envs=3)
            >>> _ = envs.reset(seed=1)
            >>> envs.action_masks().sum(axis=1).tolist()
            [1, 1, 1]
        """
        return self._mask.astype(np.bool_)

    # ------------------------------------------------------------------ gymnasium API
    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Floats, dict[str, Any]]:
        """Start every game; game ``i`` gets ``seed + i`` (or ``seed[i]`` for a list).

        Examples:
            >>> envs = YamsVectorEnv("yahtzee", num_envs=2)
            >>> a, _ = envs.reset(seed=[7, 7])
            >>> bool((a[0] == a[1]).all())
            True
        """
        if seed is None:
            entropy = np.random.SeedSequence().generate_state(2, np.uint64)
            seeds = entropy[0] + np.arange(self.num_envs, dtype=np.uint64)
        elif isinstance(seed, int):
            seeds = np.arange(seed, seed + self.num_envs, dtype=np.uint64)
        else:
            if len(seed) != self.num_envs:
                raise ValueError(f"give one seed per game: {len(seed)} seeds for {self.num_envs} games")
            seeds = np.array([int(s) for s in seed], dtype=np.uint64)
        self._seeds = seeds
        self._episodes = np.zeros(self.num_envs, dtype=np.uint64)
        self._start_all()
        return self._observe(), {"action_mask": self._mask}

    def step(self, actions: Any) -> tuple[Floats, Floats, Any, Any, dict[str, Any]]:
        """Apply one action id per game (ignored for games that restart on this step).

        Raises:
            ActionIdTypeError: the actions are not integer ids, one per game (`yamskit.rl.ids`).
            ActionIdError: an id is outside the action space.
            IllegalActionError: some game's action is masked out (the subclass naming the rule;
                the message names the first such game); no game is changed.

        Examples:
            >>> import numpy as np
            >>> envs = YamsVectorEnv("classic", num_envs=2)
            >>> _ = envs.reset(seed=0)
            >>> envs.step(np.array([0, 5]))  # doctest: +IGNORE_EXCEPTION_DETAIL
            Traceback (most recent call last):
            KeepError: game 1: action 5 (Roll(keep=Dice.parse('5'), outcome=None)) is masked out ...
        """
        acts = action_ids(actions, self.num_envs, len(self.space))
        n, g = self.num_envs, self._games
        restarting = np.nonzero(self._done)[0]
        live = np.nonzero(~self._done)[0]
        mask = self._mask
        bad = live[mask[live, acts[live]] == 0]
        if len(bad):
            i = int(bad[0])
            error = _play.illegal(self._single_state(i), int(acts[i]), self.space)
            raise type(error)(f"game {i}: {error}")
        reward = np.zeros(n, dtype=np.float64)
        kind, arg = self._kind[acts[live]], self._arg[acts[live]]
        rolling = live[kind == _KIND_ROLL]
        if len(rolling):
            keep = arg[kind == _KIND_ROLL]
            drawn = faces(self._keys[rolling], self._thrown[rolling]) - 1
            codes: IntArray = np.cumsum(_POW6[drawn], axis=1)
            self._roll[rolling] = _throw(keep, codes)
            self._thrown[rolling] += np.uint64(1)
            self._throws[rolling] += 1
        boxing = kind != _KIND_ROLL
        writing = live[boxing]
        if len(writing):
            m = self.model
            row = arg[boxing]
            crossed = kind[boxing] == _KIND_SCRATCH
            upper_before, extra_before = g.upper[writing], g.extra[writing]
            g.write(writing, row, crossed, g.scores(writing, self._roll[writing]))
            self._scratched[writing, row] = crossed
            self._roll[writing] = -1
            self._throws[writing] = 0
            # the step's points: the box, the change of the upper bonus, the extra points
            bonus = m.bonus[np.minimum(g.upper[writing], m.cap)] - m.bonus[np.minimum(upper_before, m.cap)]
            reward[writing] = g.points[writing, row] + bonus + g.extra[writing] - extra_before
        self._restart(restarting)
        terminated = np.zeros(n, dtype=np.bool_)
        terminated[live] = g.filled[live] == self._full
        self._done = terminated.copy()
        self._mask = self._masks()
        info: dict[str, Any] = {"action_mask": self._mask}  # a fresh array every step
        if terminated.any():
            final = np.zeros(n, dtype=np.float64)
            ended = np.flatnonzero(terminated)
            final[ended] = self._totals(ended)
            info["final_score"], info["_final_score"] = final, terminated.copy()
        if self.reward_mode == "outcome":
            reward = terminated.astype(np.float64)
        return (
            self._observe(),
            (reward / self._reward_scale).astype(np.float32),
            terminated,
            np.zeros(n, dtype=np.bool_),
            info,
        )

    def _totals(self, games: IntArray) -> Floats:
        """The final scores of ``games``: boxes, upper bonus and extra points."""
        g, m = self._games, self.model
        bonus = m.bonus[np.minimum(g.upper[games], m.cap)]
        return (g.points[games].sum(axis=1) + bonus + g.extra[games]).astype(np.float64)  # type: ignore[no-any-return]

    def _single_state(self, i: int) -> ScorecardGame:
        """A yamskit state with game ``i``'s sheet and dice (used to explain an illegal action)."""
        from ..scorecard.sheet import SCRATCHED, Cell

        m, g = self.model, self._games
        game = self.variant.new_game(seed=0)
        sheet = game.sheets[0]
        for r in range(len(m.rows)):
            if (int(g.filled[i]) >> r) & 1:
                cell = SCRATCHED if self._scratched[i, r] else Cell(points=int(g.points[i, r]))
                sheet = sheet.with_cell(r, 0, cell)
        import attrs

        sheet = attrs.evolve(sheet, extra=int(g.extra[i]))
        state = attrs.evolve(game, sheets=(sheet,))
        if self._throws[i] > 0:
            dice = KEEPS[tables.ROLL_OFFSET + int(self._roll[i])]
            turn = state.turn
            for _ in range(int(self._throws[i])):
                turn = turn.throw(KEEPS[0], dice)
            state = attrs.evolve(state, turn=turn)
        return state
