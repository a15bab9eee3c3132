"""Dice: a sorted multiset of faces, the precomputed rolls and keeps, exact odds, seeded streams.

A roll of five dice is a *multiset*: the order in which the faces land does not
matter, so `Dice` stores its faces sorted. There are exactly 252 distinct
rolls of five dice (`ROLLS`) and 462 multisets of zero to five dice that a
player may keep between throws (`KEEPS`); both are enumerated once at import
and every table of the five-dice games is indexed by them.

A game of another dice count (1 to `MAX_DICE`) reads the same tables for its count from
`dice_tables` (a `DiceTables`): built once per count, shared by every variant that throws
that many dice. ``dice_tables(5)`` holds the module's own five-dice tables, the same
objects as `ROLLS`, `KEEPS`, `SUB_KEEPS` and `KEEP_CHILDREN`.

Examples:
    >>> from yamskit import Dice
    >>> d = Dice.of(5, 3, 3, 2, 3)
    >>> d
    Dice.parse('23335')
    >>> str(d), d.total, d.count(3)
    ('23335', 16, 3)
    >>> len(ROLLS), len(KEEPS)
    (252, 462)
    >>> len(dice_tables(6).rolls), len(dice_tables(6).keeps)
    (462, 924)
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import ClassVar

import attrs

try:  # BLAKE2 alone: ``hashlib`` would also load OpenSSL, a few milliseconds of every import
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import blake2b

from . import _display
from ._cache import cached
from ._fast import builder
from .errors import InvalidDiceError, brief

__all__ = [
    "FACES",
    "KEEPS",
    "KEEP_CHILDREN",
    "MAX_DICE",
    "NUM_DICE",
    "ROLLS",
    "SUB_KEEPS",
    "Dice",
    "DiceStream",
    "DiceTables",
    "dice_tables",
    "face_from_seed",
    "interned",
    "keep_index",
    "new_stream",
    "outcome_probabilities",
]

#: The faces of one die.
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
#: How many dice a full roll of the five seed games has (the count of the module's own tables).
NUM_DICE = 5
#: The most dice a game may throw (`dice_tables` builds tables for 1 to ``MAX_DICE`` dice).
MAX_DICE = 8
_MAX_SEED = 2**64
_SEPARATORS = frozenset(" ,;-")


def _sorted_faces(faces: Iterable[int] | str) -> tuple[int, ...]:
    if isinstance(faces, str):  # Dice("22555") reads like Dice.parse("22555"), as Roll(outcome="22555") does
        faces = _read_faces(faces)
    try:
        values = tuple(faces)
    except TypeError:
        raise InvalidDiceError(
            f"dice are faces 1 to 6 (Dice.of(2, 2, 5)) or their digits (Dice('225')), not {brief(faces)}"
        ) from None
    for face in values:
        if type(face) is not int or not 1 <= face <= 6:
            raise InvalidDiceError(f"invalid face {brief(face)}: faces are integers 1 to 6")
    if len(values) > MAX_DICE:
        raise InvalidDiceError(f"{len(values)} dice given: a game throws at most {MAX_DICE}")
    return tuple(sorted(values))


def _read_faces(text: str) -> list[int]:
    """The faces of a string of digits (spaces and commas between them allowed)."""
    faces = []
    for char in text:
        if char in _SEPARATORS:
            continue
        if char not in "123456":
            raise InvalidDiceError(f"invalid face {brief(char)} in {brief(text)}: faces are 1 to 6")
        faces.append(int(char))
    return faces


@attrs.frozen(repr=False, order=False, cache_hash=True)
class Dice:
    """A sorted multiset of at most eight faces (`MAX_DICE`), each 1 to 6.

    Build one with `of` or `parse`, or call it with the faces or their digits; the faces
    are stored sorted, so two rolls showing the same faces are equal whatever order they
    landed in.

    Examples:
        >>> Dice.of(6, 1, 6) == Dice.parse("616") == Dice.parse("1 6 6") == Dice("616") == Dice([6, 1, 6])
        True
        >>> Dice.parse("23335").counts
        (0, 1, 3, 0, 1, 0)
    """

    faces: tuple[int, ...] = attrs.field(converter=_sorted_faces, default=())

    @classmethod
    def of(cls, *faces: int) -> Dice:
        """Dice showing these faces, in any order.

        Examples:
            >>> Dice.of(3, 1, 2).faces
            (1, 2, 3)
        """
        return cls(faces)

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read dice from a string of digits such as ``"33325"`` (spaces and commas allowed).

        Raises:
            InvalidDiceError: a character that is not a face 1-6 or a separator, or
                more than eight dice (a game refuses more dice than it throws).

        Examples:
            >>> Dice.parse("3,3,3,2,5")
            Dice.parse('23335')
        """
        if not isinstance(text, str):
            raise InvalidDiceError(f"dice must be given as a string of digits, not {brief(text)}")
        return cls(_read_faces(text))

    def __str__(self) -> str:
        return "".join(map(str, self.faces))

    def __repr__(self) -> str:
        return f"Dice.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.faces)

    def __iter__(self) -> Iterator[int]:
        return iter(self.faces)

    def __contains__(self, face: object) -> bool:
        return face in self.faces

    def __add__(self, other: Dice) -> Dice:
        """The union of two multisets (kept dice plus a new throw)."""
        if not self.faces:
            return other
        found = _INTERNED.get(tuple(sorted(self.faces + other.faces)))
        return found if found is not None else Dice(self.faces + other.faces)

    def __sub__(self, other: Dice) -> Dice:
        """These dice without ``other``; raises `InvalidDiceError` if not a sub-multiset."""
        rest = list(self.faces)
        for face in other.faces:
            try:
                rest.remove(face)
            except ValueError:
                raise InvalidDiceError(f"{other} is not among the dice {self}") from None
        return Dice(rest)

    @property
    def counts(self) -> tuple[int, int, int, int, int, int]:
        """How many dice show each face, ones first.

        Examples:
            >>> Dice.parse("11666").counts
            (2, 0, 0, 0, 0, 3)
        """
        c = [0] * 6
        for face in self.faces:
            c[face - 1] += 1
        return (c[0], c[1], c[2], c[3], c[4], c[5])

    def count(self, face: int) -> int:
        """How many dice show ``face``.

        Examples:
            >>> Dice.parse("11666").count(6)
            3
        """
        return self.faces.count(face)

    @property
    def total(self) -> int:
        """The sum of the faces.

        Examples:
            >>> Dice.parse("11666").total
            20
        """
        return sum(self.faces)

    @property
    def index(self) -> int:
        """Position of a five-dice roll in `ROLLS` (of any other dice in the keeps: `keep_index`).

        The tables of another dice count look rolls up themselves (`DiceTables.roll_index`).

        Examples:
            >>> ROLLS[Dice.parse("23335").index]
            Dice.parse('23335')
        """
        if len(self.faces) == NUM_DICE:
            return _ROLL_INDEX[self.faces]
        return keep_index(self.faces)

    def issubset(self, other: Dice) -> bool:
        """Whether every die here is also among ``other`` (as a multiset).

        Examples:
            >>> Dice.parse("33").issubset(Dice.parse("23335")), Dice.parse("22").issubset(Dice.parse("23335"))
            (True, False)
        """
        if not self.faces:
            return True
        keep, roll = _KEEP_INDEX.get(self.faces), _ROLL_INDEX.get(other.faces)
        if keep is not None and roll is not None:
            return keep in _SUB_KEEP_SETS[roll]
        mine, theirs = self.counts, other.counts
        return all(a <= b for a, b in zip(mine, theirs, strict=True))

    def sub_multisets(self) -> tuple[Dice, ...]:
        """Every distinct multiset of these dice, from none to all, in `KEEPS` order.

        Examples:
            >>> [str(k) for k in Dice.parse("336").sub_multisets()]
            ['', '3', '6', '33', '36', '336']
        """
        return _sub_multisets(self.faces)

    #: The picture Jupyter shows: a row of die faces `yamskit.svg` draws (see ``yamskit._display``).
    picture_kind: ClassVar[str] = "dice"
    _repr_svg_ = _display.repr_svg


@cached("dice: sub-multisets", size=462, key="the sorted faces of at most eight dice")
def _sub_multisets(faces: tuple[int, ...]) -> tuple[Dice, ...]:
    found = {combo for size in range(len(faces) + 1) for combo in itertools.combinations(faces, size)}
    return tuple(interned(f) for f in sorted(found, key=lambda f: (len(f), f)))  # by size, then lexicographic


def _multisets(size: int) -> list[tuple[int, ...]]:
    return list(itertools.combinations_with_replacement(FACES, size))


#: The 462 distinct multisets of zero to five dice, by size then lexicographically: the five-dice
#: tables' keeps (``dice_tables(5).keeps``, the same object).
KEEPS: tuple[Dice, ...] = tuple(Dice(f) for size in range(NUM_DICE + 1) for f in _multisets(size))
#: The 252 distinct rolls of five dice, in lexicographic order (the last 252 keeps: the same objects);
#: the five-dice tables' rolls (``dice_tables(5).rolls``).
ROLLS: tuple[Dice, ...] = KEEPS[len(KEEPS) - 252 :]
_ROLL_INDEX: dict[tuple[int, ...], int] = {d.faces: i for i, d in enumerate(ROLLS)}
#: Every multiset's position among all multisets by size then lexicographically: the same for every dice
#: count (the keeps of ``n`` dice are the first ones), grown by `_grow` up to the sizes asked for.
_KEEP_INDEX: dict[tuple[int, ...], int] = {d.faces: i for i, d in enumerate(KEEPS)}


#: Every valid multiset of 0 to 5 dice (to 8 once a larger count's tables were asked for), interned: sorted
#: faces -> the one `Dice` value used for them (the objects of `ROLLS` for five dice, of `KEEPS` otherwise).
_INTERNED: dict[tuple[int, ...], Dice] = {d.faces: d for d in KEEPS}
#: Every interned multiset, in `_KEEP_INDEX` order (``_ALL_KEEPS[:462]`` are `KEEPS`).
_ALL_KEEPS: list[Dice] = list(KEEPS)
#: The largest multisets interned so far.
_GROWN = [NUM_DICE]


def _grow(size: int) -> None:
    """Intern every multiset of up to ``size`` dice (at most `MAX_DICE`), extending the keep order."""
    for n in range(_GROWN[0] + 1, size + 1):
        for faces in _multisets(n):
            dice = Dice(faces)
            _KEEP_INDEX[faces] = len(_ALL_KEEPS)
            _ALL_KEEPS.append(dice)
            _INTERNED[faces] = dice
        _GROWN[0] = n


def interned(faces: tuple[int, ...]) -> Dice:
    """The shared `Dice` value of already sorted, valid ``faces`` (0 to 8 dice), without re-checking them.

    Hot paths (throws, keeps) use it to avoid building and validating new values.

    Raises:
        KeyError: ``faces`` are not sorted valid faces of at most eight dice.

    Examples:
        >>> interned((2, 3, 3)) is interned((2, 3, 3)) is KEEPS[keep_index((2, 3, 3))]
        True
    """
    try:
        return _INTERNED[faces]
    except KeyError:  # six to eight dice are interned once first asked for
        if type(faces) is not tuple or not _GROWN[0] < len(faces) <= MAX_DICE:
            raise
    _grow(len(faces))
    return _INTERNED[faces]


def keep_index(faces: tuple[int, ...]) -> int:
    """Position in `KEEPS` of the multiset of sorted ``faces`` (0 to 5 dice; 6 to 8: in a larger count's keeps).

    The keeps of every dice count are listed in one order (by size, then lexicographically), so
    a multiset has the same index in the keeps of every count that holds it (`DiceTables.keeps`).

    Examples:
        >>> keep_index(()), keep_index((6, 6, 6, 6, 6)), KEEPS[keep_index((3, 3))]
        (0, 461, Dice.parse('33'))
        >>> dice_tables(6).keeps[keep_index((1, 1, 1, 1, 1, 1))]
        Dice.parse('111111')
    """
    try:
        return _KEEP_INDEX[faces]
    except KeyError:
        interned(faces)  # larger multisets are numbered once first asked for (KeyError: not valid faces)
        return _KEEP_INDEX[faces]


def _keep_children(count: int) -> tuple[tuple[int, ...], ...]:
    """The keep lattice of ``count`` dice: for each keep of fewer dice, its index plus one die of each face."""
    return tuple(
        tuple(_KEEP_INDEX[tuple(sorted((*k.faces, f)))] for f in FACES) for k in _ALL_KEEPS[: _keeps_of(count - 1)]
    )


def _keeps_of(count: int) -> int:
    """How many multisets of 0 to ``count`` dice there are: ``C(count + 6, 6)``."""
    return math.comb(count + 6, 6)


#: The keep lattice: ``KEEP_CHILDREN[k][f - 1]`` is the index of keep ``k`` plus one die
#: showing ``f``, for the keeps of 0 to 4 dice (the first ``len(KEEPS) - len(ROLLS)``); the
#: five-dice tables' lattice (``dice_tables(5).keep_children``).
KEEP_CHILDREN: tuple[tuple[int, ...], ...] = _keep_children(NUM_DICE)


def _sub_keeps(count: int, children: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """For each roll of ``count`` dice, the keep indexes of its sub-multisets, ascending: down the keep lattice.

    A keep's sub-multisets are itself and those of each keep one die smaller; the keeps come
    by size, so each one's are known before its children's (``children``).
    """
    keeps = _keeps_of(count)
    below: list[set[int]] = [{k} for k in range(keeps)]
    for k, grown in enumerate(children):
        for child in grown:
            below[child] |= below[k]
    return tuple(tuple(sorted(below[k])) for k in range(len(children), keeps))


#: ``SUB_KEEPS[i]`` lists, ascending, the `KEEPS` indexes of every sub-multiset of the roll
#: ``ROLLS[i]`` (from keeping nothing to keeping all five): the keeps a player may choose; the
#: five-dice tables' (``dice_tables(5).sub_keeps``).
SUB_KEEPS: tuple[tuple[int, ...], ...] = _sub_keeps(NUM_DICE, KEEP_CHILDREN)

_SUB_KEEP_SETS: tuple[frozenset[int], ...] = tuple(frozenset(keeps) for keeps in SUB_KEEPS)


@attrs.frozen(eq=False, repr=False)
class DiceTables:
    """The rolls, keeps and keep lattice of one dice count, built once and shared (see `dice_tables`).

    The keeps of ``count`` dice are every multiset of 0 to ``count`` dice, by size then
    lexicographically; the rolls are the keeps of all ``count`` dice (the last ones, the same
    objects). A multiset has the same keep index in every count's tables (`keep_index`), so the
    keeps of fewer dice are a prefix of these. For eight dice: 1,287 rolls, 3,003 keeps, 75,582
    sub-keeps in all; built in about 75 ms and 6.4 MB, the six- and seven-dice multisets it
    interns included (Python 3.11, the 2-core machine of docs/performance.md; six dice: 15 ms).
    The five-dice tables are built at import; the others when first asked for.

    Attributes:
        count: how many dice a full roll has (1 to `MAX_DICE`).
        keeps: every multiset of 0 to ``count`` dice (`KEEPS` for five).
        rolls: the multisets of ``count`` dice, ``keeps[roll_offset:]`` (`ROLLS` for five).
        roll_offset: the keep index of the first roll.
        keep_children: ``keep_children[k][f - 1]``: the index of keep ``k`` plus a die showing ``f``,
            for the keeps of fewer than ``count`` dice (`KEEP_CHILDREN` for five).
        sub_keeps: for each roll index, the keep indexes of its sub-multisets, ascending: the keeps
            a player may choose after that roll (`SUB_KEEPS` for five).
        sub_keep_sets: the same as frozensets, for membership.

    Examples:
        >>> t = dice_tables(3)
        >>> t.count, len(t.rolls), len(t.keeps), t.rolls[t.roll_index((1, 2, 6))]
        (3, 56, 84, Dice.parse('126'))
        >>> [str(t.keeps[k]) for k in t.sub_keeps[t.roll_index((6, 6, 6))]]
        ['', '6', '66', '666']
        >>> dice_tables(5).sub_keeps is SUB_KEEPS
        True
    """

    count: int
    keeps: tuple[Dice, ...]
    rolls: tuple[Dice, ...]
    keep_children: tuple[tuple[int, ...], ...]
    sub_keeps: tuple[tuple[int, ...], ...]
    sub_keep_sets: tuple[frozenset[int], ...]
    roll_offset: int = attrs.field(init=False)
    _roll_at: dict[tuple[int, ...], int] = attrs.field(init=False)

    @roll_offset.default
    def _first_roll(self) -> int:
        return len(self.keeps) - len(self.rolls)

    @_roll_at.default
    def _roll_indexes(self) -> dict[tuple[int, ...], int]:
        return {d.faces: i for i, d in enumerate(self.rolls)}

    def __repr__(self) -> str:
        return f"dice_tables({self.count})"

    def roll_index(self, faces: tuple[int, ...]) -> int:
        """Position in `rolls` of the sorted ``faces`` of ``count`` dice.

        Raises:
            KeyError: not the sorted faces of ``count`` dice.

        Examples:
            >>> dice_tables(6).roll_index((1, 1, 1, 1, 1, 2))
            1
        """
        return self._roll_at[faces]

    def keep_index(self, faces: tuple[int, ...]) -> int:
        """Position in `keeps` of the sorted ``faces`` of 0 to ``count`` dice (`yamskit.dice.keep_index`).

        Raises:
            KeyError: not the sorted faces of at most ``count`` dice.

        Examples:
            >>> dice_tables(2).keep_index((6, 6)), len(dice_tables(2).keeps)
            (27, 28)
        """
        if len(faces) > self.count:
            raise KeyError(faces)
        return _KEEP_INDEX[faces]

    def outcomes(self, thrown: int) -> tuple[tuple[Dice, Fraction], ...]:
        """Every multiset ``thrown`` of these dice (0 to ``count``) can show, with its exact probability.

        Raises:
            InvalidDiceError: ``thrown`` is not 0 to ``count``.

        Examples:
            >>> len(dice_tables(6).outcomes(6)), dice_tables(6).outcomes(0)
            (462, ((Dice.parse(''), Fraction(1, 1)),))
        """
        if type(thrown) is not int or not 0 <= thrown <= self.count:
            raise InvalidDiceError(f"cannot throw {brief(thrown)} dice: between 0 and {self.count}")
        return outcome_probabilities(thrown)


def _build_tables(count: int) -> DiceTables:
    _grow(count)
    keeps = tuple(_ALL_KEEPS[: _keeps_of(count)])
    children = _keep_children(count)
    sub_keeps = _sub_keeps(count, children)
    return DiceTables(
        count, keeps, keeps[_keeps_of(count - 1) :], children, sub_keeps, tuple(frozenset(s) for s in sub_keeps)
    )


#: The five-dice tables: the module's constants, gathered.
_FIVE = DiceTables(NUM_DICE, KEEPS, ROLLS, KEEP_CHILDREN, SUB_KEEPS, _SUB_KEEP_SETS)


@cached("dice: tables per count", size=MAX_DICE, key="a dice count (1 to 8)")
def dice_tables(count: int) -> DiceTables:
    """The tables of ``count`` dice (1 to `MAX_DICE`): built once per count, shared by every variant.

    ``dice_tables(5)`` gathers the module's constants (`ROLLS`, `KEEPS`, `KEEP_CHILDREN`,
    `SUB_KEEPS`): the same objects.

    Raises:
        InvalidDiceError: ``count`` is not a whole number from 1 to 8.

    Examples:
        >>> dice_tables(5).rolls is ROLLS, dice_tables(8) is dice_tables(8)
        (True, True)
        >>> len(dice_tables(8).rolls), len(dice_tables(8).keeps)
        (1287, 3003)
    """
    if type(count) is not int or not 1 <= count <= MAX_DICE:
        raise InvalidDiceError(f"a game throws 1 to {MAX_DICE} dice, not {brief(count)}")
    return _FIVE if count == NUM_DICE else _build_tables(count)


@cached("dice: outcome probabilities", size=MAX_DICE + 1, key="how many dice are thrown (0 to 8)")
def outcome_probabilities(count: int) -> tuple[tuple[Dice, Fraction], ...]:
    """Every multiset ``count`` thrown dice can show, with its exact probability.

    The probability of a multiset with face counts c1..c6 is the multinomial
    ``count! / (c1! ... c6!)`` over ``6 ** count``.

    Examples:
        >>> outcome_probabilities(1)[0]
        (Dice.parse('1'), Fraction(1, 6))
        >>> sum(p for _, p in outcome_probabilities(3))
        Fraction(1, 1)
    """
    if type(count) is not int or not 0 <= count <= MAX_DICE:
        raise InvalidDiceError(f"cannot throw {brief(count)} dice: between 0 and {MAX_DICE}")
    total = 6**count
    result = []
    for faces in _multisets(count):
        dice = interned(faces)
        ways = math.factorial(count)
        for c in dice.counts:
            ways //= math.factorial(c)
        result.append((dice, Fraction(ways, total)))
    return tuple(result)


def face_from_seed(seed: int, draw: int) -> int:
    """The face of the ``draw``-th die of the stream ``seed``: the same on every machine.

    The face is taken from a BLAKE2b hash of the seed and the draw counter by
    rejection sampling (bytes 252-255 are skipped), so it depends on nothing but
    these two integers: not on Python's ``random`` module nor on its version.

    Examples:
        >>> [face_from_seed(7, i) for i in range(5)] == [face_from_seed(7, i) for i in range(5)]
        True
    """
    attempt = 0
    while True:
        digest = blake2b(
            seed.to_bytes(8, "big") + draw.to_bytes(8, "big") + attempt.to_bytes(4, "big"),
            digest_size=16,
        ).digest()
        for byte in digest:
            if byte < 252:
                return byte % 6 + 1
        attempt += 1  # pragma: no cover - probability 2**-80


@cached("dice: seeded hashers", size=1024, key="a dice stream's seed")
def _seeded_hasher(seed: int) -> blake2b:
    """A BLAKE2b hasher fed with the seed's bytes; copies of it hash the rest of a draw."""
    return blake2b(seed.to_bytes(8, "big"), digest_size=16)


#: The face a die shows when the first byte of its hash is ``b`` (``b % 6 + 1``), or 0 for 252-255.
_FIRST_BYTE_FACE = bytes(b % 6 + 1 if b < 252 else 0 for b in range(256))


def _by_thrown_faces() -> dict[bytes, Dice]:
    """The interned `Dice` of every sequence of 0 to 5 faces in throw order, keyed by the faces as bytes.

    9,331 keys, built one die at a time along the keep lattice (`KEEP_CHILDREN`), so that
    nothing is sorted: a throw then looks its dice up without sorting them.
    """
    table: dict[bytes, Dice] = {b"": KEEPS[0]}
    level: dict[bytes, int] = {b"": 0}
    for _ in range(NUM_DICE):
        grown: dict[bytes, int] = {}
        for prefix, k in level.items():
            children = KEEP_CHILDREN[k]
            for f, byte in _FACE_BYTES:
                grown[prefix + byte] = children[f - 1]
        table.update((faces, KEEPS[k]) for faces, k in grown.items())
        level = grown
    return table


_FACE_BYTES: tuple[tuple[int, bytes], ...] = tuple((f, bytes((f,))) for f in FACES)
_BY_THROWN_FACES: dict[bytes, Dice] = _by_thrown_faces()


def _check_seed(_instance: object, _attribute: object, value: int) -> None:
    if type(value) is not int or not 0 <= value < _MAX_SEED:
        raise InvalidDiceError(f"a seed must be an integer from 0 to 2**64 - 1, not {brief(value)}")


def _check_draws(_instance: object, _attribute: object, value: int) -> None:
    if type(value) is not int or not 0 <= value < _MAX_SEED:
        raise InvalidDiceError(f"a draw counter must be an integer from 0 to 2**64 - 1, not {brief(value)}")


@attrs.frozen
class DiceStream:
    """A reproducible source of faces: a seed and how many faces were drawn from it.

    Being a value, a stream never changes: `throw` returns the faces and the
    stream that follows. Games keep one, so the same seed and the same actions give
    the same game on every machine and Python version.

    Examples:
        >>> stream = DiceStream(seed=7)
        >>> dice, after = stream.throw(5)
        >>> after.draws, dice == stream.throw(5)[0]
        (5, True)
    """

    seed: int = attrs.field(validator=_check_seed)
    draws: int = attrs.field(default=0, validator=_check_draws)

    def throw(self, count: int) -> tuple[Dice, DiceStream]:
        """Throw ``count`` dice: their faces and the stream after them.

        The ``k``-th die takes the face of draw ``draws + k`` (`face_from_seed`), whatever
        the count: five dice show the same faces in a game of five dice as in one of eight.

        Raises:
            InvalidDiceError: ``count`` is not 0 to 8, or the draw counter would pass 2**64 - 1.

        Examples:
            >>> len(DiceStream(seed=1).throw(3)[0])
            3
        """
        if type(count) is not int or not 0 <= count <= MAX_DICE:
            raise InvalidDiceError(f"cannot throw {brief(count)} dice: between 0 and {MAX_DICE}")
        seed, draws = self.seed, self.draws
        if draws + count >= _MAX_SEED:
            raise InvalidDiceError(f"the dice stream is used up: {draws} of 2**64 draws made")
        copy = _seeded_hasher(seed).copy
        firsts = bytearray(count)
        for k in range(count):
            # the first attempt of face_from_seed, inlined: its first byte decides 252 times in 256
            h = copy()
            h.update(((draws + k) << 32).to_bytes(12, "big"))  # the draw counter, then attempt 0
            firsts[k] = h.digest()[0]
        found = _BY_THROWN_FACES.get(bytes(firsts.translate(_FIRST_BYTE_FACE)))
        if found is None:  # a first byte of 252-255 (face 0): that die takes the next attempts; or over five dice
            found = interned(
                tuple(sorted(_FIRST_BYTE_FACE[b] or face_from_seed(seed, draws + k) for k, b in enumerate(firsts)))
            )
        return found, _stream(seed, draws + count)  # seed and counter are known to be valid


#: ``DiceStream(seed, draws)`` without its validators (see `yamskit._fast.builder`).
_stream = builder(DiceStream)


def new_stream(seed: int | None) -> DiceStream:
    """The dice stream of a new game: from ``seed``, or from a fresh random seed that the state keeps.

    Examples:
        >>> new_stream(7)
        DiceStream(seed=7, draws=0)
        >>> new_stream(None).draws
        0
    """
    return DiceStream(seed=int.from_bytes(os.urandom(8), "big") >> 1 if seed is None else seed)
