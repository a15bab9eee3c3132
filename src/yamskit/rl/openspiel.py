"""The OpenSpiel adapter: every variant as an explicitly stochastic, perfect-information Python game.

`register` adds ``python_yamskit_<variant>`` games (``-`` becomes ``_``) to pyspiel, so
``pyspiel.load_game("python_yamskit_yam_master")`` works, and with it OpenSpiel's
algorithms (MCTS, expectimax, CFR...) and tests.

* Decisions use the variant's fixed action ids (``variant.actions``).
* Chance is explicit: after a ``Roll`` decision a chance node follows, whose outcomes are
  the results of the throw (ids are indexes into the rolls of the game's dice:
  `yamskit.dice.ROLLS` for five, 252 outcomes; ``dice_tables(n).rolls`` for a sheet of
  ``n`` dice, 56 for three, 462 for six) with their exact probabilities
  (`yamskit.game.throw_outcomes`, as floats). Competitive Yams without the
  ``coefficients`` option starts with a chance node dealing the column coefficients:
  one of the 720 orders of 8, 10, ..., 18, all equally likely.
* Seat 0 always begins (``first_player=0``: no hidden roll-off), so every chance event
  of the game is a chance node. (A plug-in family whose ``new_game`` takes no
  ``first_player`` starts its games as its own rules say.)
* Returns at the end, by the ``reward`` parameter (`yamskit.rl.rewards`): ``"outcome"``
  (+1 / 0 / -1 for a win, a shared first place, a loss; the default of the zero-sum
  setups, Competitive Yams and Yam Master), ``"score"`` (each player's final score, its
  team's in team play; the default elsewhere) or ``"normalized"`` (the score over
  `yamskit.rl.rewards.reward_scale`). The game is declared zero-sum where the returns
  always add up to 0: duel points, and outcomes between exactly two sides.
* Observation tensors are `yamskit.rl.observe` for the observing player; the observation
  string is the game's text view.
* Action ids: exactly integers in range (`yamskit.rl.ids`); ``state.apply_action(0.5)``,
  an id out of range or a chance outcome the node does not have raises an
  `yamskit.rl.ActionIdError` (an `ActionIdTypeError` for a non-integer), an illegal
  decision the `yamskit.IllegalActionError` naming the rule.
* Games and states pickle, and ``pyspiel.load_game(str(game))`` and
  ``pyspiel.serialize_game_and_state`` round-trip (`register` must have run in the
  process that loads them).
* `LeafEvaluator` values positions for OpenSpiel's MCTS without playing them out.

Parameters: ``players`` (0, the default, takes the variant's smallest number of players,
2 where it allows 2), ``reward``, and the variant's
options that have a text or number default (``mode``, ``removed``, ``max_turns``,
``four_of_a_kind``, ``yams_bonus``).

Examples:
    >>> import pyspiel
    >>> from yamskit.rl.openspiel import register
    >>> names = register()
    >>> names[:2]
    ['python_yamskit_balut', 'python_yamskit_challenge']
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

import inspect
import itertools
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import mcts

from .. import registry
from .._cache import Memo
from ..actions import Roll
from ..adapters import adapter_of
from ..dice import NUM_DICE, ROLLS, Dice, dice_tables, keep_index
from ..game import GameState, Variant
from ..scorecard.variant import ScorecardVariant
from ..turn import thrown_parts
from . import _compat, _play
from .ids import ActionIdError, action_id
from .observation import Observer, dice_count, player_range
from .rewards import Reward, check_reward, outcome, reward_scale, side_score

__all__ = ["LeafEvaluator", "YamsGame", "YamsState", "game_name", "register"]

_REGISTERED: dict[str, type[YamsGame]] = {}
#: The outcomes of throwing all dice but each keep, by (dice count, keep index): 462 lists for five dice.
_OUTCOMES: Memo[tuple[int, int], list[tuple[int, float]]] = Memo(
    "openspiel: throw outcomes", size=4096, key="a dice count and a keep's index"
)
_COEFFICIENT_ORDERS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations((8, 10, 12, 14, 16, 18)))
#: The bounds of a family whose adapter gives none: scores within ±1,000,000, games of at most 100,000 steps.
_GENERIC_BOUNDS = (-1_000_000.0, 1_000_000.0, 100_000)


def game_name(variant: str) -> str:
    """The pyspiel short name of a registry name.

    Examples:
        >>> game_name("yam-master")
        'python_yamskit_yam_master'
    """
    return "python_yamskit_" + variant.replace("-", "_")


def _parameters(variant: Variant) -> dict[str, Any]:
    params: dict[str, Any] = {"players": 0, "reward": _default_reward(variant)}  # 0: the variant's own number
    for key, value in variant.options.items():
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            params[key] = value
    return params


def _players(variant: Variant) -> int:
    low, high = player_range(variant)
    return max(low, min(2, high))


def _default_reward(variant: Variant) -> Reward:
    """``"outcome"`` for the zero-sum setups (duels; Yam Master, by its adapter), ``"score"`` elsewhere."""
    if isinstance(variant, ScorecardVariant):
        return "score" if variant.rules.result is None else "outcome"
    return adapter_of(variant).default_reward


def _sides(variant: Variant, players: int) -> int:
    """How many sides (teams, or players alone) a game of ``players`` has."""
    result = variant.new_game(players=[f"player_{i}" for i in range(players)], seed=0).result()
    in_teams = sum(len(team.seats) for team in result.teams)
    return len(result.teams) + players - in_teams


def _bounds(variant: Variant, players: int) -> tuple[float, float, int]:
    """Bounds of the final scores and the longest game (decisions and chance nodes), generously."""
    if isinstance(variant, ScorecardVariant):
        rules = variant.rules
        boxes = len(rules.rows) * len(rules.columns)
        bonus = max((p for _, p in rules.bonus.tiers), default=0) if rules.bonus else 0
        column = sum(max(table) for table in rules.row_tables) + bonus
        extra = 100 * boxes
        # a turn per box, each of at most max_throws throws (a decision and a chance node each) and a box.
        # With saved throws a turn may throw more (max_throws + the store, at most `store_bound`), but each
        # throw spent from the store is one an earlier turn of the same player left unused: a player's
        # throws over the game still number at most boxes x max_throws, so the bound holds as it is.
        length = players * boxes * (2 * rules.max_throws + 1) + 1
        if rules.result is not None:  # duels: the difference, the clean bonuses, the coefficient, the crush
            duel = (column + 2 * 200) * 20 * 5 * len(rules.columns)
            return -duel * (players - 1) * 2.0, duel * (players - 1) * 2.0, length
        return 0.0, float(column * len(rules.columns) + extra), length
    bounds = adapter_of(variant).bounds  # another family's: its adapter's, else wide generic ones
    return _GENERIC_BOUNDS if bounds is None else bounds(variant, players)


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
        reward = params.pop("reward", None)
        self.variant: Variant = registry.variant(name, **params)  # any registered variant, options as given
        self.players = _players(self.variant) if not players else int(players)
        self.reward_mode: Reward = check_reward(_default_reward(self.variant) if reward is None else reward)
        self.space = _compat.action_space(self.variant)
        self.deals_coefficients = (
            isinstance(self.variant, ScorecardVariant)
            and self.variant.rules.setup is not None
            and self.variant.options.get("coefficients") is None
        )
        self.names = [f"player_{i}" for i in range(self.players)]
        #: the rolls of the game's dice: a throw's outcome id is an index into them (`ROLLS` for five dice)
        self.dice_count = dice_count(self.variant)
        self.rolls = ROLLS if self.dice_count == NUM_DICE else dice_tables(self.dice_count).rolls
        self.roll_ids = {roll: i for i, roll in enumerate(self.rolls)}
        low, high, length = _bounds(self.variant, self.players)
        self.scale = reward_scale(self.variant, self.players) if self.reward_mode == "normalized" else 1.0
        low, high = (-1.0, 1.0) if self.reward_mode == "outcome" else (low / self.scale, high / self.scale)
        zero_sum = _zero_sum(self.variant, self.players, self.reward_mode)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=max(len(_COEFFICIENT_ORDERS) if self.deals_coefficients else 0, len(self.rolls)),
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=length,
        )
        game_type = _game_type(self.variant, zero_sum=zero_sum)
        values = {"variant": name, "players": self.players, "reward": self.reward_mode, **params}
        super().__init__(game_type, info, values)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return _load, (str(self),)

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
        # immutable values, so the holder hands the same one (and the game) to the clone
        first = None if game.deals_coefficients else _first_game(game.variant, game.names)
        self._held = _Shared(game, first, None)

    @property
    def _yams(self) -> YamsGame:
        return self._held.game

    @property
    def game_state(self) -> GameState | None:
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

    def apply_action(self, action: Any) -> None:
        """Apply a decision id, or a chance outcome id at a chance node: exactly an integer in range.

        Raises:
            ActionIdTypeError: ``action`` is not an integer (`yamskit.rl.ids`).
            ActionIdError: it is not an id of the space, or not an outcome of this chance node.
            IllegalActionError: the decision is illegal (the message names the rule).

        Examples:
            >>> state = YamsGame({"variant": "yahtzee"}).new_initial_state()
            >>> state.apply_action(2.0)
            Traceback (most recent call last):
            yamskit.errors.ActionIdTypeError: an action id is an int or a numpy integer, not float 2.0
        """
        super().apply_action(action_id(action, 2**62))

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
        state = self.game_state
        if state is None:  # pragma: no cover - pyspiel asks only at decision nodes, which come after the deal
            return []
        return list(state.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the pending throw (or deal) with their probabilities.

        Ids are indexes into the rolls of the game's dice (`yamskit.dice.ROLLS` for five dice,
        ``dice_tables(n).rolls`` for ``n``), or into the 720 coefficient orders.

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
        if keep is None:
            return []
        game = self._yams
        k = (game.dice_count, keep_index(keep.faces))
        found = _OUTCOMES.get(k)  # the same for every state: the throw was checked when it was chosen
        if found is None:
            ids = game.roll_ids
            found = _OUTCOMES.put(k, [(ids[dice], float(p)) for dice, p in self.game_state.outcomes(keep)])
        return list(found)

    def _apply_action(self, action: int) -> None:
        held = self._held
        game, state, keep = held.game, held.state, held.keep
        if state is None:
            if not 0 <= action < len(_COEFFICIENT_ORDERS):
                raise ActionIdError(f"chance outcome {action} is out of range: the deals are 0 to 719")
            weights = _COEFFICIENT_ORDERS[action]
            first = game.variant.new_game(players=game.names, seed=0, column_weights=weights, first_player=0)
            self._held = _Shared(game, first, None)
        elif keep is not None:
            self._held = _Shared(game, state.apply(_throw(game.rolls, keep, action)), None)
        else:
            move = game.space[action_id(action, len(game.space))]
            if isinstance(move, Roll):
                if action not in state.legal_action_ids():
                    state.check(move)  # raises the error naming the rule
                self._held = _Shared(game, state, move.keep)
            else:
                self._held = _Shared(game, state.apply(move), None)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.game_state is None:
                return f"coefficients {_COEFFICIENT_ORDERS[action]}"
            return f"dice {self._yams.rolls[action]}"
        return repr(self._yams.space[action])

    def is_terminal(self) -> bool:
        """Whether the game has ended.

        Examples:
            >>> YamsGame({"variant": "classic"}).new_initial_state().is_terminal()
            False
        """
        return self.game_state is not None and self.keep is None and bool(self.game_state.is_over)

    def returns(self) -> list[float]:
        """+1/0/-1, final scores or normalized scores, by the ``reward`` parameter; zeros before the end.

        Examples:
            >>> YamsGame({"variant": "yam-master"}).new_initial_state().returns()
            [0.0, 0.0]
        """
        game = self._yams
        state = self.game_state
        if state is None or not self.is_terminal():
            return [0.0] * game.players
        result = state.result()
        if game.reward_mode == "outcome":
            return [float(outcome(result, i)) for i in range(game.players)]
        return [side_score(result, i) / game.scale for i in range(game.players)]

    def __str__(self) -> str:
        return self._held.text()


class LeafEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Values positions for OpenSpiel's MCTS from the score now, without playing them out.

    A random play-out of a 200-turn Yam Master game costs tens of milliseconds; MCTS runs
    one per simulation. This evaluator reads the position instead: with ``"outcome"``
    rewards, each player's value is ``tanh(6 x (its side's score - the best other side's) /
    reward_scale)`` (run points in Yam Master, so 2 points ahead is worth about 0.76);
    otherwise the returns the scores now would give. Terminal states are valued by their
    returns. Priors are uniform over the legal decisions, and the exact probabilities at
    chance nodes.

    Examples:
        >>> game = YamsGame({"variant": "yam-master"})
        >>> bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=50, evaluator=LeafEvaluator(),
        ...                    random_state=np.random.RandomState(1))
        >>> state = game.new_initial_state()
        >>> bot.step(state) in state.legal_actions()
        True
    """

    def evaluate(self, state: YamsState) -> npt.NDArray[np.float64]:
        """Each player's value of ``state``."""
        if state.is_terminal():
            return np.array(state.returns())
        game: YamsGame = state._held.game
        if state.game_state is None:
            return np.zeros(game.players)
        result = state.game_state.result()
        scores = [side_score(result, i) for i in range(game.players)]
        if game.reward_mode != "outcome":
            return np.array(scores, dtype=np.float64) / game.scale
        scale = reward_scale(game.variant, game.players)
        values = []
        for i, mine in enumerate(scores):
            mates = next((set(t.seats) for t in result.teams if i in t.seats), {i})
            others = max((s for j, s in enumerate(scores) if j not in mates), default=mine)
            values.append(float(np.tanh(6.0 * (mine - others) / scale)))
        return np.array(values)

    def prior(self, state: YamsState) -> list[tuple[int, float]]:
        """Uniform over the legal decisions; the outcomes' probabilities at a chance node."""
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


class _Shared:
    """The game and an immutable (state, pending keep) pair, which deep copy as themselves."""

    __slots__ = ("_text", "game", "keep", "state")

    def __init__(self, game: YamsGame, state: GameState | None, keep: Dice | None) -> None:
        self.game = game
        self.state = state
        self.keep = keep
        self._text: str | None = None

    def text(self) -> str:
        """The text view of the pair, made once.

        pyspiel asks a state for it several times a step (its string, each player's
        observation string), and a four-player Competitive sheet takes milliseconds to lay out.
        """
        if self._text is None:
            if self.state is None:
                self._text = "dealing the column coefficients"
            else:
                text = str(self.state.render())
                self._text = text + (f"\nthrowing, keeping {self.keep}" if self.keep is not None else "")
        return self._text

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


def _throw(rolls: tuple[Dice, ...], keep: Dice, roll: int) -> Roll:
    """The throw keeping ``keep`` that shows ``rolls[roll]`` (the rolls of the game's dice).

    Raises:
        ActionIdError: ``roll`` is not an outcome of the throw (out of range, or without the kept dice).
    """
    if not 0 <= roll < len(rolls):
        raise ActionIdError(f"chance outcome {roll} is out of range: the throws' results are 0 to {len(rolls) - 1}")
    if not keep.issubset(rolls[roll]):
        raise ActionIdError(f"chance outcome {roll} ({rolls[roll]}) does not show the kept dice {keep}")
    return thrown_parts(keep, rolls[roll] - keep)[0]  # the shared throw of the pair


def _first_game(variant: Variant, names: list[str]) -> GameState:
    """A new game of ``variant`` in which seat 0 begins, where its ``new_game`` lets the caller say so."""
    try:
        takes_first = "first_player" in inspect.signature(variant.new_game).parameters
    except (TypeError, ValueError):  # pragma: no cover - a new_game without a signature
        takes_first = True
    if takes_first:
        return variant.new_game(players=names, seed=0, first_player=0)
    return variant.new_game(players=names, seed=0)


def _load(text: str) -> YamsGame:
    """``pyspiel.load_game(text)`` after `register` (unpickles games)."""
    register()
    game: YamsGame = pyspiel.load_game(text)
    return game


class _Observer:
    """OpenSpiel's PyObserver interface over `yamskit.rl.Observer`."""

    def __init__(self, game: YamsGame) -> None:
        self._observer = Observer(game.variant, game.players)
        self.tensor = np.zeros(self._observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: YamsState, player: int) -> None:
        if state.game_state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._observer(state.game_state, player)

    def string_from(self, state: YamsState, player: int) -> str:
        return str(state)


def _zero_sum(variant: Variant, players: int, reward: Reward) -> bool:
    """Whether the returns always add up to 0: duel points, or outcomes between exactly two sides."""
    if reward == "outcome":
        return _sides(variant, players) == 2
    return isinstance(variant, ScorecardVariant) and variant.rules.result is not None


def _game_type(variant: Variant, *, zero_sum: bool) -> Any:  # Any: a pyspiel.GameType (pyspiel has no type hints)
    players = _players(variant)
    low, high = player_range(variant)
    return pyspiel.GameType(
        short_name=game_name(variant.name),
        long_name=f"yamskit {variant.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
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
            variant = registry.variant(name)
            zero_sum = _zero_sum(variant, _players(variant), _default_reward(variant))
            pyspiel.register_game(_game_type(variant, zero_sum=zero_sum), cls)
        names.append(short)
    return names
