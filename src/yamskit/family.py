"""A variant family's declaration (`Family`) and the variant methods built from it (`VariantBase`).

A family (the scorecard games, Yam Master, Yamslam, a plug-in's) has one state class
and writes its states in its own way: its JSON fields, its notation, its text. Its
variant class names these once, in a `Family` value, and derives from the slotted mixin
`VariantBase`, which adds no field and reads, writes and checks states through them:
``state_from_data`` and ``state_to_data``, ``from_notation`` and ``to_notation``,
``render``, ``check_position`` and ``witness``, and ``action_words``. A state reaches
them through its variant (``state.to_json()`` is ``variant.state_to_data(state)`` in a
save), so a state class never imports how it is written.

A variant refuses a state of another family (`RulesMismatchError`) rather than reading
fields it does not have.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yamslam")
    >>> g = v.new_game(players=["Ann", "Bob"], seed=1)
    >>> isinstance(v, VariantBase), v.from_notation(v.to_notation(g)) == g
    (True, True)
    >>> yamskit.variant("classic").state_to_data(g)
    Traceback (most recent call last):
    ...
    yamskit.errors.RulesMismatchError: classic reads classic states, not a YamslamGame
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol, TypeVar

import attrs

from .action_text import ActionWords
from .errors import RulesMismatchError
from .game import GameState, Variant, Witness
from .notation import read_position
from .position.saves import check_loaded, read_origin
from .position.witness import record_reaching

__all__ = ["Family", "VariantBase"]

S = TypeVar("S", bound=GameState)


@attrs.frozen
class Family(Generic[S]):
    """What a variant family declares once: its state class, and how its states are read, written and checked.

    Attributes:
        game: the state class (its constructor takes the fields the readers give).
        read_data: ``read_data(variant, data)``: the state's fields from the ``"state"``
            part of a save (each family's reader takes its own variant: ``Callable[...]``).
        write_data: ``write_data(state)``: that part, JSON-ready.
        read_notation: ``read_notation(variant, fields)``: the state's fields from the
            fields of a notation (after its head).
        write_notation: ``write_notation(state)``: the state's position as one line.
        render: ``render(state)``: the state as plain text.
        check_position: ``check_position(state)``: a game that reaches the state (a
            `yamskit.game.Witness`), or a `yamskit.position.PositionError`.
        words: how the family's own actions read as text (``None``: as their canonical text).

    Examples:
        >>> import yamskit
        >>> yamskit.variant("yam-master").family.game.__name__
        'YamMasterGame'
    """

    game: type[S]
    read_data: Callable[..., Mapping[str, Any]]
    write_data: Callable[[S], dict[str, Any]]
    read_notation: Callable[..., Mapping[str, Any]]
    write_notation: Callable[[S], str]
    render: Callable[[S], str]
    check_position: Callable[[S], Witness]
    words: ActionWords | None = None


class _Declared(Variant, Protocol[S]):
    """A variant that names its family (what `VariantBase`'s methods read of ``self``)."""

    @property
    def family(self) -> Family[S]: ...


class VariantBase(Generic[S]):
    """The variant methods every family shares, built from its `Family`: a slotted mixin that adds no field.

    A variant class derives from it and names its `Family` in a class attribute ``family``;
    it has the other members of `yamskit.game.Variant` (``name``, ``options``, ``actions``,
    ``new_game``, ``describe``, ``position``).

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> g = v.new_game(players=["Ann"], seed=2)
        >>> v.state_from_data(v.state_to_data(g)) == g, v.render(g) == str(g)
        (True, True)
    """

    __slots__ = ()

    def _own(self: _Declared[S], state: object) -> S:
        """``state``, when it is a state of this family; else `RulesMismatchError`."""
        if not isinstance(state, self.family.game):
            raise RulesMismatchError(f"{self.name} reads {self.name} states, not a {type(state).__name__}")
        return state

    def state_from_data(self: _Declared[S], data: Any) -> S:
        """The state the ``"state"`` part of a save describes (``data``: parsed JSON, any shape), checked.

        Raises:
            DeserializationError: a field is missing or malformed, or the state is impossible.
        """
        family = self.family
        return check_loaded(family.game(**family.read_data(self, data)), read_origin(self, data))

    def state_to_data(self: _Declared[S], state: GameState) -> dict[str, Any]:
        """The ``"state"`` part of ``state``'s save, JSON-ready (`state_from_data` reads it back)."""
        return self.family.write_data(VariantBase._own(self, state))

    def from_notation(self: _Declared[S], text: str) -> S:
        """The state a position notation describes (see `yamskit.notation`); its history is empty.

        Raises:
            NotationError: malformed text, or a notation of other rules.
            PositionError: a position no game can reach.
        """
        family = self.family
        return read_position(text, self, lambda fields: family.game(**family.read_notation(self, fields)))

    def to_notation(self: _Declared[S], state: GameState) -> str:
        """``state``'s position as one line of text (``state.to_notation()``; `from_notation` reads it back)."""
        return self.family.write_notation(VariantBase._own(self, state))

    def render(self: _Declared[S], state: GameState) -> str:
        """``state`` as plain text (``str(state)``)."""
        return self.family.render(VariantBase._own(self, state))

    def check_position(self: _Declared[S], state: GameState) -> Witness:
        """A game of these rules that reaches ``state`` (a `yamskit.game.Witness`).

        Raises:
            PositionError: no game reaches ``state``: the first rule it breaks, naming the
                box, cell or chip concerned.
            RulesMismatchError: ``state`` is a state of another family.
        """
        return self.family.check_position(VariantBase._own(self, state))

    def witness(self: _Declared[S], state: GameState) -> Any:
        """A game record (`yamskit.records.GameRecord`) of a game of these rules that reaches ``state``.

        The record starts a new game with the state's players, seed and set-up and plays
        every move with its faces; its ``to_game()`` is ``state`` in every field but the
        dice stream and the history (see `yamskit.position.witness.record_reaching`).
        The records are an edge above the core, which returns what their hook makes
        (``Any`` here; `yamskit.records.GameRecord` in practice).

        Raises:
            PositionError: no game reaches ``state``: the first rule it breaks.
            RulesMismatchError: ``state`` is a state of another family.
        """
        return record_reaching(self.check_position, state)

    @property
    def action_words(self: _Declared[S]) -> ActionWords | None:
        """How the family's own actions read as text (see `yamskit.action_text`)."""
        return self.family.words
