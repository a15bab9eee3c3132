"""The contracts every variant follows: the `GameState` and `Variant` protocols, `Player`, and the play loop.

A game state is an immutable value. Whatever the variant, it offers:

* ``players`` (names, in seat order) and ``current_player`` (an index into them);
* ``legal_actions()`` — a lazy view of the actions that apply now;
* ``legal_action_ids()`` / ``legal_action_mask()`` — the same as ids of the variant's
  `yamskit.ActionSpace` (``variant.actions``), for programs that work with integers;
* ``is_legal(action)`` / ``check(action)`` / ``apply(action)`` — ask, explain, do;
* ``outcomes(keep)`` — the chance outcomes of a throw with exact probabilities, and
  ``chance_outcomes(keep)`` — the same as ready-to-apply throws (at most 252);
* ``is_over`` and ``result()``;
* ``history`` — every `Move` made so far, throws with their faces;
* ``to_json()`` (and `yamskit.load_game` to read it back), ``to_notation()`` (and
  `yamskit.from_notation`), ``render()`` (also ``str(state)``);
* ``turn``, ``dice``, ``stream``, ``first_player`` and ``origin``;
* ``picture_kind``, the picture `yamskit.svg` draws of it;
* ``parse_action(text)`` / ``action_text(action)`` — actions as words, both ways (see
  `yamskit.action_text`).

A variant (what `yamskit.variant` returns) names its rules and options, numbers its
decisions (``actions``), starts games, reads and writes its states (JSON data and
notation), sets up positions and says whether a game reaches one (``check_position``,
``witness``). The edges of the library (bots, records, pictures, the command line, the
learning adapters) use these members and nothing else of a variant they do not know,
so a family a user plugs in gets all of them. `yamskit.transitions.GameStateBase` and
`yamskit.family.VariantBase` hold the bodies the built-in families share.

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=3)
    >>> isinstance(game, GameState), isinstance(game.variant, Variant)
    (True, True)
    >>> game.players[game.current_player]
    'Ann'
    >>> yamskit.Roll() in game.legal_actions()
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from .action_space import ActionSpace
from .actions import Action, DiceLike, Roll
from .dice import Dice, DiceStream
from .errors import YamskitError
from .history import EMPTY_HISTORY, History, Move, to_history
from .legal import LegalActions
from .result import Result
from .turn import Turn

_S = TypeVar("_S")

__all__ = [
    "EMPTY_HISTORY",
    "GameState",
    "History",
    "LegalActions",
    "Move",
    "Player",
    "Result",
    "Transitions",
    "Variant",
    "VariantLike",
    "Witness",
    "play",
    "to_history",
]


def _same(_state: object, action: Action) -> Action:
    return action


@attrs.frozen
class Transitions(Generic[_S]):
    """A game class's transitions: what each legal decision makes of a state.

    A transition's new state keeps the ``origin`` of the state it comes from (a copy by
    ``attrs.evolve`` or by a `yamskit._fast.replacer` does).

    Attributes:
        thrown: ``thrown(state, turn, stream, history)``, the state after a throw: the turn
            with the new dice, the stream after it, the history with the throw (faces
            included) appended.
        moves: for each other action type, ``move(state, action, id, history)``: the state
            after that legal decision (``id`` its id in ``variant.actions``, ``history``
            with the move appended).
        canonical: ``canonical(state, action)``: the decision of ``variant.actions`` that a
            legal action spelled otherwise stands for (an alias, a label); it is dispatched
            and recorded as that one. By default the action itself.

    A state class names its transitions in its ``transitions`` class attribute, which
    `yamskit.transitions.GameStateBase.apply` runs.

    Examples:
        >>> from yamskit.variants.yamslam.game import TRANSITIONS
        >>> sorted(t.__name__ for t in TRANSITIONS.moves)
        ['Pass', 'TakeChip']
    """

    thrown: Callable[[_S, Turn, DiceStream, History], _S]
    moves: Mapping[type[Any], Callable[[_S, Any, int, History], _S]]
    canonical: Callable[[_S, Action], Action] = _same


@runtime_checkable
class GameState(Protocol):
    """The protocol every variant's game state follows (see the module docs).

    Examples:
        >>> import yamskit
        >>> all(isinstance(yamskit.variant(n).new_game(players=["A", "B"], seed=1), GameState)
        ...     for n in ("classic", "challenge", "yam-master", "yamslam"))
        True
    """

    @property
    def variant(self) -> Variant:
        """The variant this game follows."""

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order."""

    @property
    def current_player(self) -> int:
        """Index of the player to act."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def history(self) -> Sequence[Move]:
        """Every move so far (a `History`, which reads like a tuple of moves)."""

    def legal_actions(self) -> LegalActions:
        """A lazy view of the legal actions."""

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids in ``variant.actions`` of the legal decisions, ascending."""

    def legal_action_mask(self) -> bytes:
        """One byte per id of ``variant.actions``: 1 where the decision is legal, else 0."""

    def check(self, action: Action, *, player: int | str | None = None) -> None:
        """Raise the `IllegalActionError` that applying ``action`` would raise."""

    def is_legal(self, action: Action, *, player: int | str | None = None) -> bool:
        """Whether ``action`` applies now."""

    def apply(self, action: Action, *, player: int | str | None = None) -> GameState:
        """The state after ``action`` (each variant's state returns its own type)."""

    def outcomes(self, keep: DiceLike = ...) -> tuple[tuple[Dice, Fraction], ...]:
        """The chance outcomes of throwing all dice but ``keep``."""

    def chance_outcomes(self, keep: DiceLike = ...) -> tuple[tuple[Roll, Fraction], ...]:
        """Each distinct throw keeping ``keep``, once, as a ready-to-apply `Roll` with its exact probability."""

    def result(self) -> Result:
        """The final (or current) points, ranking and winners."""

    def to_json(self) -> str:
        """A JSON text that `yamskit.load_game` reads back into an equal state."""

    def to_notation(self) -> str:
        """The position as one line of text; `yamskit.from_notation` reads it back (see `yamskit.notation`)."""

    def render(self) -> str:
        """The state as plain text (also ``str(state)``)."""

    @property
    def turn(self) -> Turn:
        """The turn in progress: the throws so far and the dice kept."""

    @property
    def dice(self) -> Dice:
        """The dice showing in the current turn (empty before its first throw)."""

    @property
    def stream(self) -> DiceStream:
        """The seeded dice stream the next throws come from."""

    @property
    def first_player(self) -> int:
        """Index of the player who started the game."""

    @property
    def origin(self) -> GameState | None:
        """The position the history starts from (``None`` while the history is empty)."""

    #: The kind of picture `yamskit.svg` draws of the state (see ``yamskit._display``).
    picture_kind: ClassVar[str]

    #: What each decision makes of a state (`Transitions`; run by `yamskit.transitions.GameStateBase.apply`).
    transitions: ClassVar[Transitions[Any]]

    def parse_action(self, text: str) -> Action:
        """The legal action ``text`` names: ``str(action)``, the short form, or a variant (see `yamskit.action_text`).

        Raises `yamskit.NotationError` (with the nearest legal actions) for text that names none.
        """

    def action_text(self, action: Action) -> str:
        """The short text of a legal ``action`` (as few words as this state needs); `parse_action` reads it back."""


@runtime_checkable
class Variant(Protocol):
    """What `yamskit.variant` returns: a named rule set that starts games and reads and writes its states.

    Examples:
        >>> import yamskit
        >>> all(isinstance(yamskit.variant(n), Variant) for n in ("classic", "yam-master", "yamslam"))
        True
    """

    @property
    def name(self) -> str:
        """The registry name, e.g. ``"classic"``."""

    @property
    def options(self) -> dict[str, Any]:
        """The options the variant was made with, JSON-ready (``Any``: each option has its own type)."""

    @property
    def actions(self) -> ActionSpace:
        """Every decision of the variant, numbered (see `yamskit.action_space`)."""

    def new_game(self, *args: Any, **kwargs: Any) -> GameState:
        """A new game state (each family takes its own set-up: players, seed, who starts...)."""

    def describe(self) -> str:
        """A plain-text summary of the rules, options and rulings."""

    def state_from_data(self, data: Any) -> GameState:
        """The state the ``"state"`` part of a save describes, checked (``data``: parsed JSON, any shape)."""

    def state_to_data(self, state: GameState) -> dict[str, Any]:
        """The ``"state"`` part of ``state``'s save, JSON-ready (`state_from_data` reads it back)."""

    def from_notation(self, text: str) -> GameState:
        """The state a one-line notation describes; its history is empty (see `yamskit.notation`)."""

    def to_notation(self, state: GameState) -> str:
        """``state``'s position as one line of text (what ``state.to_notation()`` gives)."""

    def render(self, state: GameState) -> str:
        """``state`` as plain text (what ``state.render()`` and ``str(state)`` give)."""

    def position(self, *args: Any, **kwargs: Any) -> GameState:
        """A position set up from paper (each family names its own parts: sheets, a board, chips...)."""

    def check_position(self, state: GameState) -> Witness:
        """A game of these rules that reaches ``state``; `yamskit.position.PositionError` when none does."""

    def witness(self, state: GameState) -> Any:
        """A `yamskit.records.GameRecord` of a game reaching ``state`` (the records are an edge: ``Any`` here)."""


def _to_setup(value: Mapping[str, Any]) -> dict[str, Any]:
    return dict(value)


def _to_moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(value)


def _to_players(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class Witness:
    """A game reaching a position: a new game of ``variant`` (with ``setup``), then ``moves``.

    Attributes:
        variant: the variant object (``new_game`` starts the game).
        players: the names, in seat order.
        seed: the dice stream's seed (throws carry their faces, so it only matters for
            what ``new_game`` draws).
        setup: further keyword arguments of ``new_game`` (``first_player``,
            ``column_weights``).
        moves: every move in order, throws with their faces.

    Examples:
        >>> import yamskit
        >>> w = Witness(yamskit.variant("yamslam"), ("Ann", "Bob"), 3, {"first_player": 1}, ())
        >>> w.start().current_player
        1
    """

    variant: Variant
    players: tuple[str, ...] = attrs.field(converter=_to_players)
    seed: int | None
    setup: dict[str, Any] = attrs.field(factory=dict, converter=_to_setup)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_to_moves)

    def start(self) -> GameState:
        """The new game the witness starts from."""
        return self.variant.new_game(list(self.players), seed=self.seed, **self.setup)

    def replay(self) -> GameState:
        """The state after the last move.

        Raises:
            IllegalActionError: a move the rules refuse (a witness a family got wrong).
        """
        state = self.start()
        for move in self.moves:
            state = state.apply(move.action, player=move.player)
        return state


#: The 0.1 name of `Variant`, which now names every member the edges use.
VariantLike = Variant

_State = TypeVar("_State", bound=GameState)


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action for the player to move (the bots of `yamskit.bots`, a person at a prompt).

    Examples:
        >>> class AlwaysFirst:
        ...     def choose(self, state):
        ...         return state.legal_actions()[0]
        >>> isinstance(AlwaysFirst(), Player)
        True
    """

    def choose(self, state: GameState) -> Action:
        """The action to apply to ``state``; it must be legal there."""


def play(
    state: _State,
    players: Sequence[Player] | Mapping[str, Player],
    *,
    max_actions: int = 1_000_000,
) -> _State:
    """Let ``players`` play ``state`` to its end and return the final state (of the same type).

    Args:
        state: any game state.
        players: one player per seat (a sequence in seat order, or a mapping from
            player name to player).
        max_actions: a bound on the number of actions, against a player that never ends.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yahtzee").new_game(players=["Ann"], seed=2)
        >>> from yamskit.bots import RandomPlayer
        >>> play(g, [RandomPlayer(seed=5)]).is_over
        True
    """
    for _ in range(max_actions):
        if state.is_over:
            return state
        index = state.current_player
        chooser = players[state.players[index]] if isinstance(players, Mapping) else players[index]
        state = state.apply(chooser.choose(state))  # type: ignore[assignment]  # each state's apply keeps its type
    if not state.is_over:
        raise YamskitError(f"the game did not end within {max_actions} actions")
    return state
