"""The OpenSpiel adapter: every variant as an explicitly stochastic, perfect-information Python game.

`register` adds ``python_yamskit_<variant>`` games (``-`` becomes ``_``) to pyspiel, so
``pyspiel.load_game("python_yamskit_yam_master")`` works, and with it OpenSpiel's
algorithms (MCTS, expectimax, CFR...) and tests.

* Decisions use the variant's fixed action ids (``variant.actions``).
* Chance is explicit: after a ``Roll`` decision a chance node follows, whose outcomes are
  the five-dice results of the throw (ids are indexes into `yamskit.dice.ROLLS`) with
  their exact probabilities (`yamskit.game.throw_outcomes`, as floats). Competitive
  Yams without the ``coefficients`` option starts with a chance node dealing the column
  coefficients: one of the 720 orders of 8, 10, ..., 18, all equally likely.
* Seat 0 always begins (``first_player=0``: no hidden roll-off), so every chance event
  of the game is a chance node.
* Returns at the end: each player's final score (classic, yahtzee, challenge, Yamslam,
  your own sheets: general-sum), each player's duel points (Competitive Yams: zero-sum),
  or +1 / 0 / -1 for a win, a draw, a loss (Yam Master: zero-sum).
* Observation tensors are `yamskit.rl.observe` for the observing player; the observation
  string is the game's text view.

Parameters: ``players`` (scorecard variants: 2 by default) and the variant's options that
have a text or number default (``mode``, ``removed``, ``max_turns``, ``four_of_a_kind``,
``yams_bonus``).

Examples:
    >>> import pyspiel
    >>> from yamskit.rl.openspiel import register
    >>> names = register()
    >>> names[:2]
    ['python_yamskit_challenge', 'python_yamskit_classic']
    >>> game = pyspiel.load_game("python_yamskit_yahtzee")
    >>> state = game.new_initial_state()
    >>> state.legal_actions(), state.is_chance_node()
    ([0], False)
    >>> state.apply_action(0)  # throw all five dice
    >>> outcomes = state.chance_outcomes()
    >>> len(outcomes), round(sum(p for _, p in outcomes), 12)
    (252, 1.0)
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pyspiel

from .. import registry
from ..actions import Roll
from ..dice import ROLLS, Dice
from ..scorecard.variant import ScorecardVariant
from . import _compat, _play
from .observation import default_players, observation_size, observe

__all__ = ["YamsGame", "YamsState", "game_name", "register"]

_ROLL_IDS = {roll: i for i, roll in enumerate(ROLLS)}
_REGISTERED: dict[str, type[YamsGame]] = {}
_OUTCOMES: dict[Dice, list[tuple[int, float]]] = {}
_COEFFICIENT_ORDERS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations((8, 10, 12, 14, 16, 18)))


def game_name(variant: str) -> str:
    """The pyspiel short name of a registry name.

    Examples:
        >>> game_name("yam-master")
        'python_yamskit_yam_master'
    """
    return "python_yamskit_" + variant.replace("-", "_")


def _parameters(variant: Any) -> dict[str, Any]:
    params: dict[str, Any] = {}
    if not (isinstance(variant, ScorecardVariant) and variant.name == "competitive") and variant.name != "yamslam":
        params["players"] = _players(variant)
    for key, value in variant.options.items():
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            params[key] = value
    return params


def _players(variant: Any) -> int:
    low = default_players(variant)
    high = variant.rules.players[1] if isinstance(variant, ScorecardVariant) else low
    return max(low, min(2, high))


def _returns_kind(variant: Any) -> str:
    if isinstance(variant, ScorecardVariant):
        return "score" if variant.rules.result is None else "duel"
    return "score" if variant.name == "yamslam" else "outcome"


def _bounds(variant: Any, players: int) -> tuple[float, float, int]:
    """Utility bounds and the longest game (decisions and chance nodes), generously."""
    if isinstance(variant, ScorecardVariant):
        rules = variant.rules
        boxes = len(rules.rows) * len(rules.columns)
        bonus = max((p for _, p in rules.bonus.tiers), default=0) if rules.bonus else 0
        column = sum(row.max for row in rules.rows) + bonus
        extra = 100 * boxes
        length = players * boxes * (2 * rules.max_throws + 1) + 1
        if _returns_kind(variant) == "duel":
            duel = (column + 2 * 200) * 20 * 5 * len(rules.columns)
            return -duel * (players - 1) * 2.0, duel * (players - 1) * 2.0, length
        return 0.0, float(column * len(rules.columns) + extra), length
    if variant.name == "yam-master":
        return -1.0, 1.0, variant.max_turns * 9 + 1
    from ..variants.yamslam.chips import MAX_SCORE

    return 0.0, float(MAX_SCORE), variant.max_turns(players) * 9 + 2


class YamsGame(pyspiel.Game):  # type: ignore[misc]
    """A pyspiel game playing a yamskit variant (see the module docs).

    Examples:
        >>> game = YamsGame({"variant": "yam-master"})
        >>> game.num_players(), game.num_distinct_actions() == len(game.space)
        (2, True)
    """

    #: The variant a registered subclass plays when the parameters do not name one.
    default_variant = "classic"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = str(params.pop("variant", self.default_variant))
        players = params.pop("players", None)
        self.variant: Any = registry.variant(name, **params)  # any registered variant, options as given
        self.players = _players(self.variant) if players is None else int(players)
        self.space = _compat.action_space(self.variant)
        self.returns_kind = _returns_kind(self.variant)
        self.deals_coefficients = (
            isinstance(self.variant, ScorecardVariant)
            and self.variant.rules.setup is not None
            and self.variant.options.get("coefficients") is None
        )
        low, high, length = _bounds(self.variant, self.players)
        zero_sum = self.returns_kind in ("duel", "outcome")
        game_type = _game_type(self.variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=len(_COEFFICIENT_ORDERS) if self.deals_coefficients else len(ROLLS),
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=length,
        )
        super().__init__(game_type, info, {"variant": name, "players": self.players, **params})
        self.names = [f"player_{i}" for i in range(self.players)]

    def new_initial_state(self) -> YamsState:
        """A new game (a chance node first where coefficients are dealt).

        Examples:
            >>> YamsGame({"variant": "competitive"}).new_initial_state().is_chance_node()
            True
        """
        return YamsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer: `yamskit.rl.observe` as the tensor, the text view as the string.

        Examples:
            >>> game = YamsGame({"variant": "yamslam"})
            >>> observer = game.make_py_observer()
            >>> observer.set_from(game.new_initial_state(), 0)
            >>> observer.tensor.shape
            (45,)
        """
        return _Observer(self)


class YamsState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state wrapping a yamskit state, plus a pending throw (a chance node).

    Examples:
        >>> game = YamsGame({"variant": "classic", "players": 1})
        >>> state = game.new_initial_state()
        >>> state.apply_action(0)
        >>> state.keep, state.current_player() == pyspiel.PlayerId.CHANCE
        (Dice.parse(''), True)
    """

    def __init__(self, game: YamsGame) -> None:
        super().__init__(game)
        # pyspiel clones a Python state by deep-copying its attributes; yamskit states are
        # immutable values, so the holder hands the same one to the clone
        self._held = _Shared(None, None)
        if not game.deals_coefficients:
            self._held = _Shared(game.variant.new_game(players=game.names, seed=0, first_player=0), None)

    @property
    def _yams(self) -> YamsGame:
        game: YamsGame = self.get_game()
        return game

    @property
    def game_state(self) -> Any:
        """The yamskit state (``None`` before the coefficients are dealt).

        Examples:
            >>> YamsGame({"variant": "classic"}).new_initial_state().game_state.turn.throws_used
            0
        """
        return self._held.state

    @property
    def keep(self) -> Dice | None:
        """The dice kept by the pending throw, or ``None``.

        Examples:
            >>> YamsGame({"variant": "yamslam"}).new_initial_state().keep is None
            True
        """
        return self._held.keep

    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` at a throw or a deal, ``TERMINAL`` at the end.

        Examples:
            >>> YamsGame({"variant": "yam-master"}).new_initial_state().current_player()
            0
        """
        if self.game_state is None or self.keep is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.game_state.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        return _compat.legal_ids(self.game_state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the pending throw (or deal) with their probabilities.

        Ids are indexes into `yamskit.dice.ROLLS` (or into the 720 coefficient orders).

        Examples:
            >>> state = YamsGame({"variant": "yahtzee"}).new_initial_state()
            >>> state.apply_action(0)
            >>> outcomes = state.chance_outcomes()
            >>> outcomes[0], len(outcomes)
            ((0, 0.0001286008230452675), 252)
        """
        if self.game_state is None:
            share = 1.0 / len(_COEFFICIENT_ORDERS)
            return [(i, share) for i in range(len(_COEFFICIENT_ORDERS))]
        keep = self.keep
        assert keep is not None
        if keep not in _OUTCOMES:  # the same for every state: the throw was checked when it was chosen
            _OUTCOMES[keep] = [(_ROLL_IDS[dice], float(p)) for dice, p in self.game_state.outcomes(keep)]
        return list(_OUTCOMES[keep])

    def _apply_action(self, action: int) -> None:
        game, state, keep = self._yams, self.game_state, self.keep
        if state is None:
            weights = _COEFFICIENT_ORDERS[action]
            self._held = _Shared(game.variant.new_game(players=game.names, seed=0, column_weights=weights), None)
        elif keep is not None:
            self._held = _Shared(state.apply(Roll(keep=keep, outcome=ROLLS[action] - keep)), None)
        else:
            move = game.space[action]
            if isinstance(move, Roll):
                state.check(move)
                self._held = _Shared(state, move.keep)
            else:
                self._held = _Shared(state.apply(move), None)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.game_state is None:
                return f"coefficients {_COEFFICIENT_ORDERS[action]}"
            return f"dice {ROLLS[action]}"
        return repr(self._yams.space[action])

    def is_terminal(self) -> bool:
        """Whether the game has ended.

        Examples:
            >>> YamsGame({"variant": "classic"}).new_initial_state().is_terminal()
            False
        """
        return self.game_state is not None and self.keep is None and bool(self.game_state.is_over)

    def returns(self) -> list[float]:
        """Final scores, duel points or +1/0/-1 (see the module docs); zeros before the end.

        Examples:
            >>> YamsGame({"variant": "yam-master"}).new_initial_state().returns()
            [0.0, 0.0]
        """
        if not self.is_terminal():
            return [0.0] * self._yams.players
        if self._yams.returns_kind == "outcome":
            return [float(_play.outcome(self.game_state, i)) for i in range(self._yams.players)]
        return [float(s) for s in self.game_state.result().scores]

    def __str__(self) -> str:
        if self.game_state is None:
            return "dealing the column coefficients"
        text = str(self.game_state.render())
        return text + (f"\nthrowing, keeping {self.keep}" if self.keep is not None else "")


class _Shared:
    """An immutable (state, pending keep) pair that deep copies as itself."""

    __slots__ = ("keep", "state")

    def __init__(self, state: Any, keep: Dice | None) -> None:
        self.state = state
        self.keep = keep

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Observer:
    """OpenSpiel's PyObserver interface over `yamskit.rl.observe`."""

    def __init__(self, game: YamsGame) -> None:
        self.tensor = np.zeros(observation_size(game.variant, game.players), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: YamsState, player: int) -> None:
        if state.game_state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = observe(state.game_state, player)

    def string_from(self, state: YamsState, player: int) -> str:
        return str(state)


def _game_type(variant: Any) -> Any:
    kind = _returns_kind(variant)
    players = _players(variant)
    if isinstance(variant, ScorecardVariant):
        low, high = variant.rules.players
    elif variant.name == "yamslam":
        low, high = variant.players
    else:
        low = high = 2
    return pyspiel.GameType(
        short_name=game_name(variant.name),
        long_name=f"yamskit {variant.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if kind != "score" else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(high, players),
        min_num_players=min(low, players),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": variant.name, **_parameters(variant)},
    )


def register() -> list[str]:
    """Register a pyspiel game for every built-in variant; return their short names.

    A variant of your own plays through ``YamsGame({"variant": name, ...})`` once it is in
    the registry (`yamskit.register_variant`).

    Registering twice is harmless.

    Examples:
        >>> "python_yamskit_yamslam" in register()
        True
    """
    names = []
    for name in _play.built_in_names():
        short = game_name(name)
        if short not in pyspiel.registered_names():
            # a class per variant: pyspiel keeps classes (not closures) safely until exit
            cls = type(f"YamsGame_{short}", (YamsGame,), {"default_variant": name, "__doc__": YamsGame.__doc__})
            _REGISTERED[short] = cls
            pyspiel.register_game(_game_type(registry.variant(name)), cls)
        names.append(short)
    return names
