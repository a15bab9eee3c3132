"""One ``apply`` for every game: the protocol's shared methods, and the transitions a game class supplies.

Every state's ``apply(action, player=...)`` runs the same four steps, written once here in
`GameStateBase.apply`:

1. who acts: a finished game refuses every action (`GameOverError`), a ``player`` who
   is not the one to move is refused (`NotYourTurnError`);
2. is it legal: a decision found among the state's remembered ``legal_action_ids()``
   needs no more checks (a throw with its faces given, when its keep is among them, has
   only the number of its dice left to check); anything else goes through the state's
   full ``check``, which raises the specific `IllegalActionError` naming the broken rule
   (or passes, for a legal action the ids cannot show, such as a box named by its label);
3. dispatch: a throw shows its faces (given, or drawn from the game's stream) and goes
   to the class's ``thrown`` transition; any other decision goes to the transition its
   `Transitions` maps its type to;
4. the new state, with the move appended to the persistent `History`; a game's first
   move makes the state it was made in the origin of the new state's history.

A game class supplies only its transitions, as a value (a `Transitions`), its ``check``
and its legal ids; the protocol's other methods come from the slotted mixin
`GameStateBase`, which adds no field. How the step is kept quick (values built from their
slots, look-ups by identity) is `yamskit._fast`'s business, not this module's.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    >>> g.legal_action_ids()[-1], g.apply(yamskit.Roll()).history[-1].player
    (0, 0)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeVar

from . import _display
from ._cache import cached
from ._fast import remember
from .action_space import ActionSpace
from .action_text import state_action_text, state_parse_action
from .actions import Action, DiceLike, Roll, to_dice
from .dice import Dice, DiceStream, dice_tables, keep_index, outcome_probabilities
from .errors import UnknownActionError, game_over_error
from .game import GameState, Transitions, Variant
from .history import EMPTY_HISTORY, History, Move
from .legal import LegalActions
from .result import Result
from .seats import resolve_player
from .serialization import dump_game
from .turn import Turn, throw_outcomes, thrown_parts

__all__ = [
    "GameStateBase",
    "Playable",
    "Transitions",
    "is_legal",
    "legal_action_mask",
    "remembered_legal_ids",
]


class Playable(Protocol):
    """What this module's helpers read of a state: its remembered legal ids and its ``check``.

    ``_legal`` is the state's memo of its ``legal_action_ids()`` (``None`` until they are
    asked for; see `remembered_legal_ids`); it takes no part in equality. Every member a
    state offers is `yamskit.game.GameState`'s.
    """

    @property
    def _legal(self) -> tuple[int, ...] | None: ...

    def check(self, action: Action, *, player: int | str | None = None) -> None: ...


#: The `Move` of a player's throw (a shared `Roll` of `thrown_parts`), made once and shared by the histories.
_throw_move = cached("throws: shared moves", size=1 << 15, key="a player and a throw")(Move)


def _given_throw(space: ActionSpace, throw: Roll, dice: int) -> int | None:
    """The id of the throw of ``throw``'s keep, when it shows as many dice as that keep leaves to throw, else ``None``.

    A throw with its faces given is not a decision of the space: it stands for the throw
    of its keep, which the remembered legal ids may hold. ``dice``: how many the turn throws.
    """
    assert throw.outcome is not None
    if len(throw.keep.faces) + len(throw.outcome.faces) != dice:
        return None
    return space.throw_id(throw.keep)


_B = TypeVar("_B", bound="GameStateBase")


class GameStateBase:
    """The protocol's methods every game state shares: a slotted mixin that adds no field.

    A state class is a frozen, slotted attrs class that derives from it and has these
    fields and members: ``variant``, ``players``, ``current_player``, ``turn``,
    ``stream``, ``_history`` (alias ``history``), ``first_player``, ``is_over``,
    ``_legal`` and ``_origin`` (memos that take no part in equality), ``check``,
    ``legal_action_ids``, ``_generate`` (the legal actions in the state's own order),
    ``result``, and the class attributes ``transitions`` and ``picture_kind``. Its
    variant writes it (``variant.state_to_data(state)``, ``variant.to_notation(state)``,
    ``variant.render(state)``: see `yamskit.family`) and reads its actions as text
    (``variant.action_words``).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
        >>> isinstance(g, GameStateBase), g.apply(yamskit.Roll()).origin is g
        (True, True)
    """

    __slots__ = ()

    if TYPE_CHECKING:  # what a state class has, which the methods below read (see above)

        @property
        def variant(self) -> Variant: ...
        @property
        def players(self) -> tuple[str, ...]: ...
        @property
        def current_player(self) -> int: ...
        @property
        def turn(self) -> Turn: ...
        @property
        def stream(self) -> DiceStream: ...
        @property
        def is_over(self) -> bool: ...
        @property
        def first_player(self) -> int: ...
        @property
        def _history(self) -> History: ...
        @property
        def _legal(self) -> tuple[int, ...] | None: ...
        @property
        def _origin(self) -> GameState | None: ...
        def check(self, action: Action, *, player: int | str | None = None) -> None: ...
        def legal_action_ids(self) -> tuple[int, ...]: ...
        def _generate(self) -> Iterable[Action]: ...
        def result(self) -> Result: ...

    #: What each decision makes of a state.
    transitions: ClassVar[Transitions[Any]]
    #: The kind of picture `yamskit.svg` draws of the state (see ``yamskit._display``).
    picture_kind: ClassVar[str]

    def apply(self, action: Action, *, player: int | str | None = None) -> Self:
        """The state after ``action``; this state is left as it was (see the module docs for the steps).

        Raises:
            IllegalActionError: a subclass naming the broken rule.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam").new_game(seed=1)
            >>> g.apply(yamskit.Roll()).turn.throws_used, g.turn.throws_used
            (1, 0)
        """
        # 1. who acts
        if self.is_over:
            raise game_over_error(self.players)
        if player is not None:
            resolve_player(self.players, self.current_player, player)
        # 2. is it legal: a decision among the remembered legal ids is; anything else is checked in full
        space = self.variant.actions
        legal = self._legal
        i = None
        if legal is not None:
            i = (
                _given_throw(space, action, self.turn.dice_count)
                if type(action) is Roll and action.outcome is not None
                else space.find(action)
            )
            if i is not None:  # the ids ascend (a plug-in listing them out of order sends its moves to the check)
                k = bisect_left(legal, i)
                if k == len(legal) or legal[k] != i:
                    i = None
        if i is None:
            self.check(action, player=player)  # raises the error naming the broken rule
            if not isinstance(action, Roll):
                action = self.transitions.canonical(self, action)
                i = space.index(action)
        # 3. dispatch
        me, history = self.current_player, self._history
        transitions: Transitions[Self] = self.transitions
        if isinstance(action, Roll):
            keep, faces, stream, turn = action.keep, action.outcome, self.stream, self.turn
            if faces is None:
                faces, stream = stream.throw(turn.dice_count - len(keep.faces))
            done, throw = thrown_parts(keep, faces)
            new = transitions.thrown(self, turn.with_throw(throw), stream, history.append(_throw_move(me, done)))
        else:
            move = transitions.moves.get(type(action))
            if move is None:  # a check that lets an action through that no transition takes: a bug of the class
                raise UnknownActionError(f"{space.name} has no transition for {type(action).__name__}")
            assert i is not None  # (step 2 gave every decision other than a throw its id)
            new = move(self, action, i, history.append(space.move(me, i, action)))
        # 4. the new state: a first move starts its history at this state; later ones keep the origin
        origin = self if history is EMPTY_HISTORY else self._origin
        if new._origin is not origin:
            remember(new, "_origin", origin)
        return new

    def is_legal(self, action: Action, *, player: int | str | None = None) -> bool:
        """Whether ``action`` applies now (by ``player``, an index or a name; ``None``: whoever is to move).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").new_game(seed=1).is_legal(yamskit.Score("yams"))
            False
        """
        try:
            self.check(action, player=player)
        except (ValueError, TypeError):  # IllegalActionError is a ValueError, like malformed dice
            return False
        return True

    def legal_actions(self) -> LegalActions:
        """A lazy view of the legal actions (throws listed with ``outcome=None``), in the state's own order.

        The actions are the interned values of ``variant.actions``.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> sum(isinstance(a, yamskit.Score) for a in g.legal_actions())
            13
        """
        return LegalActions(self._generate, self.is_legal)

    def legal_action_mask(self) -> bytes:
        """One byte per id of ``variant.actions``: 1 where the decision is legal, else 0.

        Examples:
            >>> import yamskit
            >>> mask = yamskit.variant("yam-master").new_game(seed=1).legal_action_mask()
            >>> len(mask), mask[0]
            (514, 1)
        """
        return legal_action_mask(len(self.variant.actions), self.legal_action_ids())

    def outcomes(self, keep: DiceLike = "") -> tuple[tuple[Dice, Fraction], ...]:
        """Every result (all the dice showing) of throwing all dice but ``keep``, with exact probabilities.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master").new_game(seed=1)
            >>> len(g.outcomes()), sum(p for _, p in g.outcomes())
            (252, Fraction(1, 1))
        """
        return throw_outcomes(self.turn, keep)

    def chance_outcomes(self, keep: DiceLike = "") -> tuple[tuple[Roll, Fraction], ...]:
        """The throws that keeping ``keep`` can make, each once, with its exact probability: a chance node.

        Each item is a `Roll` with its faces (``Roll(keep, outcome=...)``), ready for
        ``state.apply``, and the probability of the thrown dice showing those faces in any
        order: the multinomial ``k! / (c1! ... c6!) / 6**k`` for ``k`` dice thrown. There is
        one item per distinct sorted outcome, so at most 252 (all five dice thrown), never
        the 7,776 ordered ones; the probabilities add up to exactly 1. The throws are shared
        values, the same objects at every call. It checks the throw as `outcomes` does.

        Raises:
            IllegalActionError: a subclass naming the broken rule (no throw left, ``keep``
                not among the dice...).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="66612"))
            >>> throws = g.chance_outcomes(keep="666")
            >>> len(throws), throws[0], sum(p for _, p in throws)
            (21, (Roll(keep=Dice.parse('666'), outcome=Dice.parse('11')), Fraction(1, 36)), Fraction(1, 1))
            >>> g.apply(throws[0][0]).dice
            Dice.parse('11666')
        """
        kept = to_dice(keep)
        self.outcomes(kept)  # the state's own checks of a throw now
        return _chance_table(keep_index(kept.faces), self.turn.dice_count)

    @property
    def history(self) -> History:
        """Every move so far, throws with their faces (a `History`, which reads like a tuple of moves)."""
        return self._history

    @property
    def origin(self) -> GameState | None:
        """The position the history starts from: a new game, or a position set up from paper or notation.

        ``None`` while the history is empty (the state is its own start). `apply` sets it on
        every state it makes; saves keep it, so a game continued from a position loads back
        with its history checked (see `yamskit.position.saves`). It takes no part in equality.

        Examples:
            >>> import yamskit
            >>> start = yamskit.variant("classic").position(["Ann"], sheets=[{"ones": 3}], seed=1)
            >>> start.origin is None, start.apply(yamskit.Roll()).origin == start
            (True, True)
        """
        return self._origin

    @property
    def dice(self) -> Dice:
        """The dice showing in the current turn (empty before its first throw)."""
        return self.turn.dice

    parse_action = state_parse_action
    action_text = state_action_text

    def to_json(self) -> str:
        """This state as JSON text; `yamskit.load_game` reads it back into an equal state.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master", removed="out").new_game(seed=4).apply(yamskit.Roll())
            >>> yamskit.load_game(g.to_json()) == g
            True
        """
        return dump_game(self.variant, self.variant.state_to_data(self))

    def to_notation(self) -> str:
        """This position as one line of text (see `yamskit.notation`); `yamskit.from_notation` reads it back.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").new_game(players=["Ann"], seed=3).to_notation()
            'classic Ann ,,,,,,,,,,,, 0:0 - 3:0'
        """
        return self.variant.to_notation(self)

    def render(self) -> str:
        """The state as plain text (also ``str(state)``), as its variant writes it.

        Examples:
            >>> import yamskit
            >>> print(yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1).render().splitlines()[0])
            Yamslam (standard)
        """
        return self.variant.render(self)

    def __str__(self) -> str:
        """The text view (``render()``)."""
        return self.render()

    #: ``repr(state)`` is short: class, variant, players and notation (see `yamskit._display.state_repr`).
    __repr__ = _display.state_repr
    #: The picture Jupyter shows, which `yamskit.svg` draws (see ``yamskit._display``).
    _repr_svg_ = _display.repr_svg


def remembered_legal_ids(state: Playable, compute: Callable[[], tuple[int, ...]]) -> tuple[int, ...]:
    """``state``'s legal ids, computed once by ``compute`` and remembered in its ``_legal`` field.

    A state never changes, so its legal ids do not either; `GameStateBase.apply` trusts them.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(seed=1)
        >>> remembered_legal_ids(g, lambda: (0,)), g.legal_action_ids()
        ((0,), (0,))
    """
    legal: tuple[int, ...] | None = state._legal
    if legal is None:
        legal = compute()
        remember(state, "_legal", legal)
    return legal


def legal_action_mask(size: int, ids: tuple[int, ...]) -> bytes:
    """One byte per id of a space of ``size`` decisions: 1 for the ``ids``, else 0.

    Examples:
        >>> legal_action_mask(5, (1, 3))
        b'\\x00\\x01\\x00\\x01\\x00'
    """
    mask = bytearray(size)
    for i in ids:
        mask[i] = 1
    return bytes(mask)


def is_legal(state: Playable, action: Action, player: int | str | None) -> bool:
    """Whether ``state.check(action, player=player)`` passes (a malformed action is not legal).

    Examples:
        >>> import yamskit
        >>> is_legal(yamskit.variant("classic").new_game(seed=1), yamskit.Score("yams"), None)
        False
    """
    try:
        state.check(action, player=player)
    except (ValueError, TypeError):  # IllegalActionError is a ValueError, like malformed dice
        return False
    return True


@cached("chance: throws of a keep", size=462, key="a keep's index and the dice count (462 keeps of five dice)")
def _chance_table(keep: int, dice: int) -> tuple[tuple[Roll, Fraction], ...]:
    kept = dice_tables(dice).keeps[keep]
    return tuple((thrown_parts(kept, rolled)[0], p) for rolled, p in outcome_probabilities(dice - len(kept)))
