"""A game's history: every move made, shared between the states of one game.

A state's history is its predecessor's plus one move, stored as a link to it, so
playing or replaying ``n`` moves costs ``O(n)``; and a history costs memory for its own
moves only: comparing or hashing a state walks the moves without keeping a copy.

Examples:
    >>> from yamskit import Pass, Roll
    >>> h = EMPTY_HISTORY.append(Move(0, Roll(outcome="12345"))).append(Move(0, Pass()))
    >>> len(h), h[-1]
    (2, Move(player=0, action=Pass()))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

import attrs

from .actions import Action

__all__ = ["EMPTY_HISTORY", "History", "Move", "to_history"]


@attrs.frozen
class Move:
    """One entry of a game's history: who acted, and the action as applied.

    Throws are stored with their faces (``Roll.outcome`` is never ``None`` here),
    so a history replays the same game without the seed.

    Examples:
        >>> from yamskit import Roll
        >>> Move(0, Roll(outcome="12345"))
        Move(player=0, action=Roll(keep=Dice.parse(''), outcome=Dice.parse('12345')))
    """

    player: int
    action: Action


class History(Sequence[Move]):
    """The moves of a game, shared between the states of that game.

    Each state's history is the one before it plus one move, and this is how it is
    stored: a new state links to its predecessor's history instead of copying it, so
    playing or replaying ``n`` moves costs ``O(n)``, not ``O(n**2)``. It reads like the
    tuple of its moves: ``len``, indexing (the last moves are the quickest to reach),
    slicing (which gives a tuple), iteration, and equality with another history or with
    a tuple of the same moves.

    Examples:
        >>> from yamskit import Pass, Roll
        >>> h = History.of([Move(0, Roll(outcome="12345"))]).append(Move(0, Pass()))
        >>> len(h), h[-1], h == (Move(0, Roll(outcome="12345")), Move(0, Pass()))
        (2, Move(player=0, action=Pass()), True)
        >>> h[:1]
        (Move(player=0, action=Roll(keep=Dice.parse(''), outcome=Dice.parse('12345'))),)
    """

    __slots__ = ("_len", "_move", "_parent", "_tuple")

    _parent: History | None
    _move: Move | None
    _len: int
    _tuple: tuple[Move, ...] | None

    def __init__(self) -> None:
        self._parent = None
        self._move = None
        self._len = 0
        self._tuple = ()

    @classmethod
    def of(cls, moves: Iterable[Move]) -> History:
        """A history holding ``moves`` (a tuple, a list or another history).

        Examples:
            >>> len(History.of([]))
            0
        """
        if isinstance(moves, History):
            return moves
        items = tuple(moves)
        if not items:
            return EMPTY_HISTORY
        history = object.__new__(cls)
        history._parent, history._move, history._len, history._tuple = None, None, len(items), items
        return history

    def append(self, move: Move) -> History:
        """This history and then ``move`` (this one is not changed); takes constant time.

        Examples:
            >>> from yamskit import Pass
            >>> empty = History()
            >>> len(empty.append(Move(1, Pass()))), len(empty)
            (1, 0)
        """
        history = object.__new__(History)
        history._parent, history._move, history._len, history._tuple = self, move, self._len + 1, None
        return history

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves as a tuple (built once per history, then kept).

        Examples:
            >>> from yamskit import Pass
            >>> History().append(Move(0, Pass())).moves
            (Move(player=0, action=Pass()),)
        """
        if self._tuple is None:
            tail: list[Move] = []
            node: History = self
            while node._tuple is None:
                assert node._move is not None
                assert node._parent is not None
                tail.append(node._move)
                node = node._parent
            tail.reverse()
            self._tuple = node._tuple + tuple(tail)
        return self._tuple

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        if isinstance(index, slice) or self._tuple is not None:
            return self.moves[index]
        if type(index) is not int:
            raise TypeError(f"history indices must be integers or slices, not {type(index).__name__}")
        position = index + self._len if index < 0 else index
        if not 0 <= position < self._len:
            raise IndexError("history index out of range")
        node: History = self
        while node._tuple is None:
            if node._len - 1 == position:
                assert node._move is not None
                return node._move
            assert node._parent is not None
            node = node._parent
        return node._tuple[position]

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __reversed__(self) -> Iterator[Move]:
        node: History | None = self
        while node is not None and node._tuple is None:
            assert node._move is not None
            yield node._move
            node = node._parent
        if node is not None and node._tuple is not None:
            yield from reversed(node._tuple)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, History):
            return self._len == other._len and self.moves == other.moves
        if isinstance(other, tuple):
            return self._len == len(other) and self.moves == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.moves)

    def __add__(self, other: object) -> tuple[Move, ...]:
        if isinstance(other, (tuple, History)):
            return self.moves + tuple(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(self.moves)

    def __reduce__(self) -> tuple[Any, ...]:
        return (History.of, (self.moves,))


#: The history of a game before its first move.
EMPTY_HISTORY = History()


def to_history(moves: Iterable[Move]) -> History:
    """A `History` of ``moves`` (the converter of the states' ``history`` field).

    Examples:
        >>> to_history(()) is EMPTY_HISTORY
        True
    """
    return moves if type(moves) is History else History.of(moves)
