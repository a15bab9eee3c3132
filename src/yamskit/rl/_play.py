"""What the single-game adapters share: building variants, render modes, the episode's dice, the driver.

`Driver` plays one game by action ids the way `YamsEnv` and the PettingZoo env do: the
throws take their faces from the episode's dice (`yamskit.rl.dice`), legal ids come
from the state's mask, bots play their seats, and rewards are paid as
`yamskit.rl.rewards` says, computing the result only after a move that can change a
score (a throw never does, in any variant).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _registry
from ..actions import Action, Roll
from ..bots import Player
from ..dice import KEEPS, NUM_DICE, Dice, dice_tables, keep_index
from ..errors import IllegalActionError, RenderModeError, RuleConfigError, brief
from ..game import GameState, Variant
from ..turn import thrown_parts
from . import _compat
from .dice import faces
from .observation import Observer, dice_count
from .rewards import Reward, check_reward, outcome, reward_scale, scorer, side_score

__all__ = ["RENDER_MODES", "Driver", "EpisodeDice", "check_render_mode"]

#: The render modes every adapter offers: the text view returned (``ansi``) or printed (``human``).
RENDER_MODES = ("ansi", "human")
#: Throws whose faces `EpisodeDice` computes at once.
_BLOCK = 64


def check_render_mode(render_mode: object) -> str | None:
    """``render_mode`` if the adapters offer it.

    Raises:
        RenderModeError: any other mode.

    Examples:
        >>> check_render_mode("rgb_array")
        Traceback (most recent call last):
        yamskit.errors.RenderModeError: render_mode must be None, 'ansi' or 'human', not 'rgb_array': ...
        >>> check_render_mode("ansi"), check_render_mode(None)
        ('ansi', None)
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise RenderModeError(
            f"render_mode must be None, 'ansi' or 'human', not {brief(render_mode)}: "
            "yamskit draws text, and pictures as SVG (yamskit.svg), not as pixel arrays"
        )
    return render_mode


def built_in_names() -> list[str]:
    """The names of yamskit's own variants the adapters play (every one of them), sorted.

    Not plug-ins or names registered at run time.

    Examples:
        >>> "maxi-yatzy" in built_in_names(), built_in_names() == sorted(built_in_names())
        (True, True)
    """
    return sorted(_registry.builtin_names())


def resolve_variant(variant: str | Variant, options: Mapping[str, Any]) -> Variant:
    """A variant from a registry name (with options) or a variant object (without).

    Raises:
        RuleConfigError: an unknown name or option, or options given beside a variant object.
    """
    if isinstance(variant, str):
        return _registry.build(variant, options)
    if options:
        raise RuleConfigError(f"options {sorted(options)} are for a variant given by name, not {brief(variant)}")
    return variant


class EpisodeDice:
    """The faces of an episode's throws, ``key``'s counter-based dice (`yamskit.rl.dice`) in order.

    ``dice`` is how many dice the game throws (1 to 8; five by default).

    Examples:
        >>> dice = EpisodeDice(7)
        >>> first = KEEPS[dice.next_index(5)]
        >>> len(first), dice.throws, EpisodeDice(7).next_index(5) == KEEPS.index(first)
        (5, 1, True)
        >>> three = EpisodeDice(7, dice=3)
        >>> len(dice_tables(3).keeps[three.next_index(3)])
        3
    """

    def __init__(self, key: int, *, dice: int = NUM_DICE) -> None:
        self.key = key
        self.dice = dice
        self.throws = 0
        self._rows: list[list[int]] = []

    def next_index(self, count: int) -> int:
        """The next throw of ``count`` dice (the first ``count`` faces of its draw), as a keep index.

        The index is into `KEEPS` for five dice, into ``dice_tables(dice).keeps`` for any count
        (the same numbering: `yamskit.dice.keep_index`).
        """
        j = self.throws
        rows = self._rows
        if j >= len(rows):
            throws = np.arange(j, j + _BLOCK, dtype=np.uint64)
            drawn = faces(np.full(_BLOCK, self.key, dtype=np.uint64), throws, count=self.dice)
            rows += _outcomes(drawn).tolist() if self.dice == NUM_DICE else _any_outcomes(drawn.tolist())
        self.throws = j + 1
        return rows[j][count]


#: ``_KEEP_OF_CODE[c]``: the `KEEPS` index of the dice whose face counts, in base 6, add up to ``c``.
_KEEP_OF_CODE = np.zeros(6**6, dtype=np.int64)
for _k, _keep in enumerate(KEEPS):
    _KEEP_OF_CODE[sum(6 ** (f - 1) for f in _keep.faces)] = _k
_FACE_CODE = 6 ** np.arange(6, dtype=np.int64)


def _outcomes(drawn: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """For each throw's five drawn faces (rows), the `KEEPS` index of its first 0, 1, ... 5 faces, shape (n, 6)."""
    codes = np.zeros((len(drawn), NUM_DICE + 1), dtype=np.int64)
    codes[:, 1:] = np.cumsum(_FACE_CODE[drawn - 1], axis=1)
    return _KEEP_OF_CODE[codes]


def _any_outcomes(drawn: list[list[int]]) -> list[list[int]]:
    """`_outcomes` for any number of drawn faces a row: the keep index of the first 0, 1, ... of them."""
    return [[keep_index(tuple(sorted(row[:c]))) for c in range(len(row) + 1)] for row in drawn]


def _throw(keeps: tuple[Dice, ...], keep: int, outcome: int) -> Roll:
    """``Roll(keeps[keep], keeps[outcome])``: the shared throw of that pair (see `yamskit.turn.thrown_parts`)."""
    return thrown_parts(keeps[keep], keeps[outcome])[0]


class Driver:
    """One game played by action ids (see the module docs), with its observer and reward book.

    Args:
        variant: the variant.
        names: the players' names (their number is the number of seats).
        reward: ``"score"``, ``"normalized"`` or ``"outcome"``.
        bots: the bot of each seat that bots play (`play_bots` moves for them).

    Examples:
        >>> import yamskit
        >>> d = Driver(yamskit.variant("classic"), ["agent"], "score")
        >>> d.start(1)
        >>> d.play(0)  # throw all five dice
        >>> d.game.turn.throws_used, d.reward(0)
        (1, 0.0)
    """

    def __init__(
        self, variant: Variant, names: Sequence[str], reward: Reward, bots: Mapping[int, Player] | None = None
    ) -> None:
        self.variant = variant
        self.names = tuple(names)
        self.reward_mode = check_reward(reward)
        self.bots = dict(bots or {})
        self.space = _compat.action_space(variant)
        self.size = len(self.space)
        self.observer = Observer(variant, len(self.names))
        self.scale = reward_scale(variant, len(self.names)) if reward == "normalized" else 1.0
        #: how many dice a turn throws; the throw ids are the keeps of that many dice, in order
        self.dice_count = dice_count(variant)
        self._keeps = KEEPS if self.dice_count == NUM_DICE else dice_tables(self.dice_count).keeps
        self._roll_ids = len(self._keeps)
        #: how many dice each throw id throws
        self._thrown = tuple(self.dice_count - len(keep) for keep in self._keeps)
        if any(self.space[i] != Roll(self._keeps[i]) for i in range(self._roll_ids)):
            raise RuleConfigError(f"{variant.name}: yamskit.rl needs the throws as the first ids, in keep order")
        self._score = scorer(variant, self.names)
        self.start(0)

    def start(self, key: int) -> None:
        """A new game whose throws show the faces of episode ``key``."""
        self.game: GameState = self.variant.new_game(players=self.names, seed=key & (2**63 - 1))
        self.dice = EpisodeDice(key, dice=self.dice_count)
        self._paid = [0] * len(self.names)
        self._moved = False  # a move that may change a score was made since the last payment

    def legal(self) -> bytes:
        """The legal-action mask of the game now, one byte per id (all zeros once it is over)."""
        return bytes(self.legal_mask())

    def legal_mask(self, over: bool | None = None) -> bytearray:
        """`legal` as a new bytearray (the adapters hand it to numpy without another copy).

        ``over``: whether the game is over, when the caller knows (else it is asked).
        """
        mask = bytearray(self.size)
        game = self.game
        if not (game.is_over if over is None else over):
            for i in game.legal_action_ids():
                mask[i] = 1
        return mask

    def mask(self) -> npt.NDArray[np.int8]:
        """`legal` as a new int8 array."""
        return np.frombuffer(self.legal_mask(), dtype=np.int8)

    def play(self, index: int) -> None:
        """Apply the legal decision ``index`` for the player to move (a throw shows the episode's next faces)."""
        if index < self._roll_ids:
            self.game = self.game.apply(_throw(self._keeps, index, self.dice.next_index(self._thrown[index])))
        else:
            self.game = self.game.apply(self.space[index])
            self._moved = True

    def play_action(self, action: Action) -> None:
        """Apply ``action`` (a bot's choice); a throw without faces shows the episode's next faces."""
        if isinstance(action, Roll):
            if action.outcome is None:
                keep = keep_index(action.keep.faces)
                action = _throw(self._keeps, keep, self.dice.next_index(self._thrown[keep]))
        else:
            self._moved = True
        self.game = self.game.apply(action)

    def play_bots(self) -> None:
        """Let the bots move until a seat without a bot is to move, or the game ends."""
        bots = self.bots
        while not self.game.is_over and self.game.current_player in bots:
            self.play_action(bots[self.game.current_player].choose(self.game))

    def reward(self, seat: int) -> float:
        """What ``seat`` is paid now (see `yamskit.rl.rewards`); marks it paid."""
        game = self.game
        if self.reward_mode == "outcome":
            return float(outcome(game.result(), seat)) if game.is_over else 0.0
        if not self._moved:
            return 0.0
        self._moved = False
        now = self._score(game, (seat,))[0]
        paid, self._paid[seat] = self._paid[seat], now
        return (now - paid) / self.scale

    def rewards(self) -> list[float]:
        """What every seat is paid now, in seat order; marks them paid."""
        seats = range(len(self.names))
        game = self.game
        if self.reward_mode == "outcome":
            if not game.is_over:
                return [0.0 for _ in seats]
            result = game.result()
            return [float(outcome(result, s)) for s in seats]
        if not self._moved:
            return [0.0 for _ in seats]
        self._moved = False
        now = self._score(game, seats)
        out = [(now[s] - self._paid[s]) / self.scale for s in seats]
        self._paid = now
        return out

    def final_score(self, seat: int) -> int:
        """``seat``'s score now (its team's in team play): the final score once the game is over."""
        return side_score(self.game.result(), seat)


def illegal(state: GameState, action_id: int, space: Sequence[Action]) -> IllegalActionError:
    """The error for playing the masked-out (in-range) id ``action_id``, with the rule it breaks."""
    action = space[action_id]
    try:
        state.check(action)
    except IllegalActionError as error:  # the same kind of error, saying which id broke the rule
        return type(error)(f"action {action_id} ({action!r}) is masked out: {error}")
    return IllegalActionError(f"action {action_id} ({action!r}) is masked out")  # pragma: no cover
