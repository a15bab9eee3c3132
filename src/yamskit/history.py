"""A game's history: every move made, shared between the states of one game.

A state's history is its predecessor's plus one move, stored as a link to it, so
playing or replaying ``n`` moves costs ``O(n)``; and a history costs memory for its own
moves only: comparing or hashing a state walks the moves without keeping a copy (a
hashed link keeps one number, the running hash of the moves up to it).

Examples:
    >>> from yamskit import Pass, Roll
    >>> h = EMPTY_HISTORY.append(Move(0, Roll(outcome="12345"))).append(Move(0, Pass()))
    >>> len(h), h[-1]
    (2, Move(player=0, action=Pass()))
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

import attrs

from .actions import Action

__all__ = ["EMPTY_HISTORY", "MAX_MOVES", "History", "Move", "to_history"]

#: The most moves a saved game or a record holds. Every built-in variant's longest legal game
#: fits in it (Yam Master's ``max_turns`` is bounded so that it does), and `yamskit.define`
#: refuses a sheet whose longest game would not.
MAX_MOVES = 100_000


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


def _tuple_hash_step(width: int) -> tuple[int, Callable[[int, int], int], Callable[[int, int], int]]:
    """CPython's tuple hash (xxHash-based) as three parts: the start, one step per item, the end.

    ``hash(moves)`` of a tuple is ``finish(step(...step(start, hash(m0))..., hash(mk)), len)``;
    keeping the running value on each link lets a history hash like the tuple of its moves
    while hashing only the moves added since the last hash.
    """
    if width == 64:
        prime1, prime2, prime5 = 11400714785074694791, 14029467366897019727, 2870177450012600261
        rotate, mask = 31, 2**64 - 1
    else:  # pragma: no cover - 32-bit builds
        prime1, prime2, prime5 = 2654435761, 2246822519, 374761393
        rotate, mask = 13, 2**32 - 1
    back = width - rotate

    def step(acc: int, lane: int) -> int:
        acc = (acc + (lane & mask) * prime2) & mask
        acc = ((acc << rotate) | (acc >> back)) & mask
        return (acc * prime1) & mask

    def finish(acc: int, length: int) -> int:
        acc = (acc + (length ^ (prime5 ^ 3527539))) & mask
        if acc == mask:
            return 1546275796
        return acc - (mask + 1) if acc > mask >> 1 else acc

    return prime5, step, finish


_START, _step, _finish = _tuple_hash_step(sys.hash_info.width)
#: Whether the running hash above is the interpreter's tuple hash (CPython); elsewhere a
#: history hashes the tuple of its moves, built for the call and then dropped.
_TUPLE_HASH = _finish(_step(_step(_START, hash("a")), hash(7)), 2) == hash(("a", 7))


class History(Sequence[Move]):
    """The moves of a game, shared between the states of that game.

    Each state's history is the one before it plus one move, and this is how it is
    stored: a new state links to its predecessor's history instead of copying it, so
    playing or replaying ``n`` moves costs ``O(n)``, not ``O(n**2)``. It reads like the
    tuple of its moves: ``len``, indexing (the last moves are the quickest to reach),
    slicing (which gives a tuple), iteration, and equality with another history or with
    a tuple of the same moves.

    A link keeps its move, its predecessor and, once hashed, one number: the running hash
    of the moves up to it. Hashing or comparing a history never stores a copy of its moves,
    so hashing every state of an ``n``-move game costs ``O(n)`` time and memory, and two
    states of one game compare by walking back to the link they share.

    Examples:
        >>> from yamskit import Pass, Roll
        >>> h = History.of([Move(0, Roll(outcome="12345"))]).append(Move(0, Pass()))
        >>> len(h), h[-1], h == (Move(0, Roll(outcome="12345")), Move(0, Pass()))
        (2, Move(player=0, action=Pass()), True)
        >>> h[:1]
        (Move(player=0, action=Roll(keep=Dice.parse(''), outcome=Dice.parse('12345'))),)
    """

    __slots__ = ("_hash", "_len", "_move", "_parent", "_tuple")

    _parent: History | None
    _move: Move | None
    _len: int
    #: The moves of a history made by `of` (its base); ``None`` on an appended link.
    _tuple: tuple[Move, ...] | None
    #: The running tuple hash of the moves up to this link (before the length is mixed in).
    _hash: int | None

    def __init__(self) -> None:
        self._parent = None
        self._move = None
        self._len = 0
        self._tuple = ()
        self._hash = None

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
        history._parent, history._move, history._len = None, None, len(items)
        history._tuple, history._hash = items, None
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
        history._parent, history._move, history._len = self, move, self._len + 1
        history._tuple = history._hash = None
        return history

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves as a tuple (built for the caller; the history keeps no copy).

        Examples:
            >>> from yamskit import Pass
            >>> History().append(Move(0, Pass())).moves
            (Move(player=0, action=Pass()),)
        """
        if self._tuple is not None:
            return self._tuple
        tail: list[Move] = []
        node: History = self
        while node._tuple is None:
            assert node._move is not None
            assert node._parent is not None
            tail.append(node._move)
            node = node._parent
        tail.reverse()
        return node._tuple + tuple(tail)

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
            if self._len != other._len:
                return False
            if self._hash is not None and other._hash is not None and self._hash != other._hash:
                return False
            mine, theirs = self, other
            while mine is not theirs:  # back to the link both share (states of one game share their past)
                if mine._tuple is not None or theirs._tuple is not None:
                    return all(a is b or a == b for a, b in zip(reversed(mine), reversed(theirs), strict=True))
                if mine._move is not theirs._move and mine._move != theirs._move:
                    return False
                assert mine._parent is not None
                assert theirs._parent is not None
                mine, theirs = mine._parent, theirs._parent
            return True
        if isinstance(other, tuple):
            return self._len == len(other) and all(
                a is b or a == b for a, b in zip(reversed(self), reversed(other), strict=True)
            )
        return NotImplemented

    def _running_hash(self) -> int:
        """The running hash up to this link, computed from the nearest link that knows its own."""
        if self._hash is not None:
            return self._hash
        path: list[History] = []
        node: History = self
        while node._hash is None and node._tuple is None:
            path.append(node)
            assert node._parent is not None
            node = node._parent
        if node._hash is None:
            assert node._tuple is not None
            acc = _START
            for move in node._tuple:
                acc = _step(acc, hash(move))
            node._hash = acc
        acc = node._hash
        for link in reversed(path):
            acc = link._hash = _step(acc, hash(link._move))
        return acc

    def __hash__(self) -> int:
        if not _TUPLE_HASH:  # pragma: no cover - interpreters other than CPython
            return hash(self.moves)
        return _finish(self._running_hash(), self._len)

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


# attrs copies a converter's annotations into the ``__init__`` of the classes that use it, where
# `typing.get_type_hints` evaluates them in those classes' modules: give it evaluated ones.
to_history.__annotations__ = {"moves": Iterable[Move], "return": History}
