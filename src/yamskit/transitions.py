"""One ``apply`` for every game: the protocol's shared skeleton, and the transitions a game class supplies.

Every state's ``apply(action, player=...)`` runs the same steps, written once here in
`apply_move`:

1. who acts: a finished game refuses every action (`GameOverError`), a ``player`` who
   is not the one to move is refused (`NotYourTurnError`);
2. is it legal: a decision found among the state's remembered ``legal_action_ids()``
   needs no more checks; anything else goes through the state's full ``check``, which
   raises the specific `IllegalActionError` naming the broken rule (or passes, for a
   legal action the ids cannot show, such as a throw with given faces);
3. dispatch: a throw draws its faces (from the action, or from the game's stream) and
   goes to the class's ``thrown`` transition; any other decision goes to the transition
   its `Transitions` maps its type to;
4. the new state, with the move appended to the persistent `History`.

A game class supplies only its transitions, as a value (a `Transitions`), and its
``check``; its ``apply`` method is one call of `apply_move`.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    >>> g.legal_action_ids()[-1], g.apply(yamskit.Roll()).history[-1].player
    (0, 0)
"""

from __future__ import annotations

import functools
from bisect import bisect_left as _bisect
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from .action_space import NUM_ROLL_IDS
from .actions import Action, DiceLike, Roll, to_dice
from .dice import KEEPS, NUM_DICE, Dice, DiceStream, keep_index, outcome_probabilities
from .errors import UnknownActionError
from .game import History, LegalActions, Move, game_over_error, resolve_player, roll_dice, throw_outcomes
from .turn import _PARTS as _THROWN
from .turn import Turn, thrown_parts

if TYPE_CHECKING:
    from .action_space import ActionSpace

__all__ = [
    "Playable",
    "Transitions",
    "apply_move",
    "is_legal",
    "legal_action_mask",
    "remembered_legal_ids",
    "state_apply",
    "state_chance_outcomes",
    "state_is_legal",
    "state_legal_action_mask",
    "state_legal_actions",
    "state_origin",
    "state_outcomes",
]


class _Variant(Protocol):
    @property
    def actions(self) -> ActionSpace: ...


class Playable(Protocol):
    """What `apply_move` reads from a state: the protocol's fields, ``check`` and the remembered legal ids.

    ``_legal`` is the state's memo of its ``legal_action_ids()`` (``None`` until they are
    asked for; see `remembered_legal_ids`).
    """

    @property
    def variant(self) -> _Variant: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def current_player(self) -> int: ...
    @property
    def turn(self) -> Turn: ...
    @property
    def stream(self) -> DiceStream: ...
    @property
    def history(self) -> History: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def _legal(self) -> tuple[int, ...] | None: ...

    transitions: ClassVar[Transitions[Any]]

    def check(self, action: Action, *, player: int | str | None = None) -> None: ...
    def legal_action_ids(self) -> tuple[int, ...]: ...
    def is_legal(self, action: Action, *, player: int | str | None = None) -> bool: ...
    def _generate(self) -> Iterable[Action]: ...


S = TypeVar("S", bound=Playable)


def _same(_state: Any, action: Action) -> Action:
    return action


@attrs.frozen
class Transitions(Generic[S]):
    """A game class's transitions: what each legal decision makes of a state.

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

    Examples:
        >>> from yamskit.variants.yamslam.game import TRANSITIONS
        >>> sorted(t.__name__ for t in TRANSITIONS.moves)
        ['Pass', 'TakeChip']
    """

    thrown: Callable[[S, Turn, DiceStream, History], S]
    moves: Mapping[type[Any], Callable[[S, Any, int, History], S]]
    canonical: Callable[[S, Action], Action] = _same


def apply_move(state: S, action: Action, player: int | str | None, transitions: Transitions[S]) -> S:
    """The state after ``action`` by ``player`` (``None``: whoever is to move): the protocol's ``apply``.

    Raises:
        IllegalActionError: a subclass naming the broken rule (from the state's ``check``).

    Examples:
        >>> import yamskit
        >>> from yamskit.variants.yam_master.game import TRANSITIONS
        >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
        >>> apply_move(g, yamskit.Roll(outcome="66666"), "Ann", TRANSITIONS).dice
        Dice.parse('66666')
    """
    if state.is_over:
        raise game_over_error(state.players)
    if player is not None:
        resolve_player(state.players, state.current_player, player)
    space = state.variant.actions
    legal = state._legal
    history = state.history
    i: int | None = None
    if legal is not None:
        i = space._by_identity.get(id(action))  # one of the space's own (interned) actions: no hashing
        if i is None and (type(action) is not Roll or action.outcome is None):
            i = space.find(action)  # (a throw with faces given is never one of the space's decisions)
    if i is None and legal is not None and type(action) is Roll and action.outcome is not None:
        # faces given for a throw whose keep the remembered legal ids allow: only their number is left to check
        outcome, keep = action.outcome, action.keep
        j = keep_index(keep.faces)  # the id of Roll(keep) in spaces that number throws as KEEPS does
        listed = getattr(space._actions[j], "keep", None) if j in legal else None
        whole = len(outcome.faces) + len(keep.faces) == NUM_DICE
        if listed is not None and (listed is keep or listed == keep) and whole:
            turn = state.turn.with_throw((_THROWN.get((id(keep), id(outcome))) or thrown_parts(keep, outcome))[1])
            new = transitions.thrown(state, turn, state.stream, history.append(Move(state.current_player, action)))
            # a thrown state keeps its origin; the first move of a history starts it (the state itself)
            return new if history._len else _continued(state, new)
    if i is not None:  # then legal is set: its ids ascend, so bisect finds one at the end of a long list quickly
        k = _bisect(legal, i)  # type: ignore[arg-type]  # (a plug-in listing its ids out of order only sends
        if k == len(legal) or legal[k] != i:  # type: ignore[arg-type, index]  # its moves through the check)
            i = None
    if i is None:
        state.check(action, player=player)  # raises the error naming the rule, if there is one
        if isinstance(action, Roll) and action.outcome is not None:  # faces given: not a decision of the space
            turn, stream, done = roll_dice(state.turn, state.stream, action)
            history = history.append(Move(state.current_player, done))
            return _continued(state, transitions.thrown(state, turn, stream, history))
        action = transitions.canonical(state, action)
        i = space.index(action)
    me = state.current_player
    if i < NUM_ROLL_IDS:
        keep = action.keep  # type: ignore[union-attr]
        rolled, stream = state.stream.throw(NUM_DICE - len(keep.faces))
        done, throw = _THROWN.get((id(keep), id(rolled))) or thrown_parts(keep, rolled)
        new = transitions.thrown(state, state.turn.with_throw(throw), stream, history.append(_move(me, done)))
    else:
        move = transitions.moves.get(type(action))
        if move is None:  # a check that lets an action through that no transition takes: a bug of the class
            raise UnknownActionError(f"{space.name} has no transition for {type(action).__name__}")
        made = space._moves.get((me, i))  # moves are values: one per player and decision, kept by the space
        if made is None or made.action is not action:  # (only the space's own action is shared: another
            made = Move(me, action)  # spelling of the same decision is recorded as it was given)
            if action is space._actions[i]:
                space._moves[me, i] = made
        new = move(state, action, i, history.append(made))
    if history._len and getattr(new, "_origin", None) is getattr(state, "_origin", None):
        return new  # the transition carried the origin over (a throw's copy does), or there is none
    return _continued(state, new)


#: Shared `Move` values of the throws of `_THROWN` (shared by every variant), by (player, id of the
#: throw); each entry keeps its throw alive, so an id is never another throw's.
_MOVES: dict[tuple[int, int], Move] = {}
_MOVES_LIMIT = 1 << 15


def _move(player: int, action: Roll) -> Move:
    """``Move(player, action)`` for a throw of `_THROWN`, shared between the histories that hold it."""
    found = _MOVES.get((player, id(action)))
    if found is None or found.action is not action:
        if len(_MOVES) >= _MOVES_LIMIT:
            _MOVES.clear()
        found = _MOVES[player, id(action)] = Move(player, action)
    return found


@property  # type: ignore[misc]
def state_origin(self: Any) -> Any:
    """The position the history starts from: a new game, or a position set up from paper or notation.

    ``None`` while the history is empty (the state is its own start). `apply_move` sets it
    on every state it makes; saves keep it, so a game continued from a position loads back
    with its history checked (see `yamskit.position.saves`). A game class assigns it as
    its ``origin`` property and keeps it in an ``_origin`` field that takes no part in
    equality.

    Examples:
        >>> import yamskit
        >>> start = yamskit.variant("classic").position(["Ann"], sheets=[{"ones": 3}], seed=1)
        >>> start.origin is None, start.apply(yamskit.Roll()).origin == start
        (True, True)
    """
    return self._origin


def _continued(state: Any, new: S) -> S:
    """``new``, remembering the position its history starts from (``state`` itself, when its history is empty).

    A state class that keeps its start has an ``_origin`` field (``origin``); saves write
    it, so a game continued from a position loads back with its history replayed.
    """
    origin = getattr(state, "_origin", None) if state.history._len else state
    if origin is None:
        return new
    try:  # noqa: SIM105 - contextlib.suppress costs more than the rest of this step's bookkeeping
        object.__setattr__(new, "_origin", origin)
    except AttributeError:  # a plug-in's state without the field
        pass
    return new


def remembered_legal_ids(state: Any, compute: Callable[[], tuple[int, ...]]) -> tuple[int, ...]:
    """``state``'s legal ids, computed once by ``compute`` and remembered in its ``_legal`` field.

    A state never changes, so its legal ids do not either; `apply_move` trusts them.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(seed=1)
        >>> remembered_legal_ids(g, lambda: (0,)), g._legal
        ((0,), (0,))
    """
    legal: tuple[int, ...] | None = state._legal
    if legal is None:
        legal = compute()
        object.__setattr__(state, "_legal", legal)  # a memo: the state itself never changes
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


def is_legal(state: Any, action: Action, player: int | str | None) -> bool:
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


# ------------------------------------------------------------------ the protocol methods every state shares
# A game class assigns these in its body (``apply = state_apply``) and sets its ``transitions``;
# what differs between games is only their ``check``, their legal ids and their transitions.
def state_is_legal(self: Playable, action: Action, *, player: int | str | None = None) -> bool:
    """Whether ``action`` applies now (by ``player``, an index or a name; ``None``: whoever is to move).

    Examples:
        >>> import yamskit
        >>> yamskit.variant("classic").new_game(seed=1).is_legal(yamskit.Score("yams"))
        False
    """
    return is_legal(self, action, player)


def state_legal_actions(self: Playable) -> LegalActions:
    """A lazy view of the legal actions (throws listed with ``outcome=None``), in the state's own order.

    The actions are the interned values of ``variant.actions``.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
        >>> sum(isinstance(a, yamskit.Score) for a in g.legal_actions())
        13
    """
    return LegalActions(self._generate, self.is_legal)


def state_legal_action_mask(self: Playable) -> bytes:
    """One byte per id of ``variant.actions``: 1 where the decision is legal, else 0.

    Examples:
        >>> import yamskit
        >>> mask = yamskit.variant("yam-master").new_game(seed=1).legal_action_mask()
        >>> len(mask), mask[0]
        (514, 1)
    """
    return legal_action_mask(len(self.variant.actions), self.legal_action_ids())


def state_apply(self: S, action: Action, *, player: int | str | None = None) -> S:
    """The state after ``action``; this state is left as it was (see `apply_move`).

    Raises:
        IllegalActionError: a subclass naming the broken rule.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(seed=1)
        >>> g.apply(yamskit.Roll()).turn.throws_used, g.turn.throws_used
        (1, 0)
    """
    transitions: Transitions[S] = self.transitions
    return apply_move(self, action, player, transitions)


def state_outcomes(self: Playable, keep: DiceLike = "") -> tuple[tuple[Dice, Fraction], ...]:
    """Every five-dice result of throwing all dice but ``keep``, with exact probabilities.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(seed=1)
        >>> len(g.outcomes()), sum(p for _, p in g.outcomes())
        (252, Fraction(1, 1))
    """
    return throw_outcomes(self.turn, keep)


def state_chance_outcomes(self: Any, keep: DiceLike = "") -> tuple[tuple[Roll, Fraction], ...]:
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
    self.outcomes(kept)  # the state's own checks of a throw now (raises the error naming the rule)
    return _chance_table(keep_index(kept.faces))


@functools.cache
def _chance_table(keep: int) -> tuple[tuple[Roll, Fraction], ...]:
    kept = KEEPS[keep]
    return tuple((thrown_parts(kept, rolled)[0], p) for rolled, p in outcome_probabilities(NUM_DICE - len(kept)))
