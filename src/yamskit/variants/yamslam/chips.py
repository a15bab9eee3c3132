"""Yamslam chips: the seven kinds, what a roll qualifies for, collections and bonus arithmetic.

The rack holds four chips of each of seven kinds. A roll qualifies for every kind
whose combination it contains (matching is inclusive: a full house is also three of
a kind and two pairs); a five of a kind, a *Yamslam*, qualifies for any chip. A
`ChipSet` counts chips of each kind (the rack, the discard pile, a player's
collection) and lists them in value order; `tally` adds the bonuses.

Examples:
    >>> from yamskit import Dice
    >>> ", ".join(qualifying_kinds(Dice.parse("22444")))
    'two_pairs, three_of_a_kind, flush, full_house'
    >>> tally(ChipSet.full(), last_draw=True).total
    1000
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import Any, ClassVar

import attrs

from ..._cache import Memo
from ...categories import (
    Category,
    is_five_of_a_kind,
    is_full_house,
    is_large_straight,
    is_small_straight,
    n_of_a_kind,
    when,
)
from ...dice import NUM_DICE, Dice
from ...errors import DeserializationError, InvalidDiceError, YamskitError, brief
from ...names import Name, Names

__all__ = [
    "CHIPS_PER_KIND",
    "CHIP_CATEGORIES",
    "CHIP_NAMES",
    "FULL_STACK_BONUS",
    "GOLDEN_7_BONUS",
    "KINDS",
    "LAST_DRAW_BONUS",
    "MAX_SCORE",
    "SILVER_6_BONUS",
    "Chip",
    "ChipSet",
    "Tally",
    "chip_kind",
    "is_flush",
    "is_two_pairs",
    "is_yamslam",
    "qualifies",
    "qualifying_kinds",
    "tally",
]

#: Chips of each kind in a full rack.
CHIPS_PER_KIND = 4
#: Bonus for one chip of each of the seven kinds.
GOLDEN_7_BONUS = 50
#: Bonus for six different kinds (not paid together with the golden 7).
SILVER_6_BONUS = 20
#: Bonus for each complete stack of four chips of one kind.
FULL_STACK_BONUS = 30
#: Bonus for taking the last chip from the rack.
LAST_DRAW_BONUS = 20


class Chip(StrEnum):
    """The seven chip kinds, in value order; each is also its plain-string id.

    Examples:
        >>> Chip.FLUSH.value, Chip.FLUSH.points, Chip("full_house") == "full_house"
        ('flush', 25, True)
    """

    TWO_PAIRS = "two_pairs"
    THREE_OF_A_KIND = "three_of_a_kind"
    SMALL_STRAIGHT = "small_straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    LARGE_STRAIGHT = "large_straight"

    @property
    def points(self) -> int:
        """The chip's value in points."""
        return _VALUES[self]

    @property
    def label(self) -> str:
        """The name shown to players ("Full house")."""
        return self.value.replace("_", " ").capitalize()


_VALUES = {
    Chip.TWO_PAIRS: 5,
    Chip.THREE_OF_A_KIND: 10,
    Chip.SMALL_STRAIGHT: 20,
    Chip.FLUSH: 25,
    Chip.FULL_HOUSE: 30,
    Chip.FOUR_OF_A_KIND: 40,
    Chip.LARGE_STRAIGHT: 50,
}

#: The kinds, lowest value first (the order players line their chips up in).
KINDS: tuple[Chip, ...] = tuple(Chip)


#: The chips' ids and display labels (see `yamskit.names`).
CHIP_NAMES = Names("chip", tuple(Name(kind.value, kind.label) for kind in KINDS))


def chip_kind(kind: str) -> Chip:
    """The `Chip` named by an id or label (any case); `UnknownNameError` listing the ids otherwise.

    Examples:
        >>> chip_kind("flush"), chip_kind("Full House")
        (<Chip.FLUSH: 'flush'>, <Chip.FULL_HOUSE: 'full_house'>)
        >>> chip_kind("ful_house")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        UnknownNameError: unknown chip 'ful_house'; did you mean 'full_house'? chips: ...
    """
    if isinstance(kind, Chip):
        return kind
    return Chip(CHIP_NAMES.resolve(kind))


def is_two_pairs(dice: Dice) -> bool:
    """Two pairs, counted inclusively: a full house, four or five of a kind hold two pairs too.

    Examples:
        >>> is_two_pairs(Dice.parse("22551")), is_two_pairs(Dice.parse("66661")), is_two_pairs(Dice.parse("22345"))
        (True, True, False)
    """
    return sum(count // 2 for count in dice.counts) >= 2


def is_flush(dice: Dice) -> bool:
    """All five dice of one colour; the colours go by parity (odd faces one colour, even the other).

    Examples:
        >>> is_flush(Dice.parse("13355")), is_flush(Dice.parse("22466")), is_flush(Dice.parse("12345"))
        (True, True, False)
    """
    return len(dice) == NUM_DICE and len({face % 2 for face in dice.faces}) == 1


def is_yamslam(dice: Dice) -> bool:
    """Five of a kind: it qualifies for any chip, from the rack or the discard pile.

    Examples:
        >>> is_yamslam(Dice.parse("44444"))
        True
    """
    return is_five_of_a_kind(dice)


_PREDICATES = {
    Chip.TWO_PAIRS: is_two_pairs,
    Chip.THREE_OF_A_KIND: n_of_a_kind(3),
    Chip.SMALL_STRAIGHT: is_small_straight,
    Chip.FLUSH: is_flush,
    Chip.FULL_HOUSE: is_full_house,
    Chip.FOUR_OF_A_KIND: n_of_a_kind(4),
    Chip.LARGE_STRAIGHT: is_large_straight,
}

#: Each kind as a core `Category` worth the chip's value
#: when the dice form its combination (a Yamslam's any-chip right is not included).
CHIP_CATEGORIES: dict[Chip, Category] = {
    kind: Category(kind.value, when(_PREDICATES[kind], kind.points)) for kind in KINDS
}


def qualifies(kind: str, dice: Dice) -> bool:
    """Whether ``dice`` may take a chip of ``kind`` (a Yamslam qualifies for every kind).

    Raises:
        UnknownActionError: ``kind`` is not a chip id.
        InvalidDiceError: not five dice.

    Examples:
        >>> qualifies("two_pairs", Dice.parse("33366")), qualifies("flush", Dice.parse("12345"))
        (True, False)
    """
    chip = chip_kind(kind)
    if len(dice) != NUM_DICE:
        raise InvalidDiceError(f"a chip is won with five dice, not {len(dice)} ({dice})")
    return is_yamslam(dice) or CHIP_CATEGORIES[chip].score(dice) > 0


def qualifying_kinds(dice: Dice) -> tuple[Chip, ...]:
    """Every kind ``dice`` qualify for, in value order (all seven for a Yamslam).

    Examples:
        >>> ", ".join(qualifying_kinds(Dice.parse("12345")))
        'small_straight, large_straight'
    """
    return tuple(kind for kind in KINDS if qualifies(kind, dice))


def _to_counts(counts: Iterable[int]) -> tuple[int, ...]:
    return tuple(counts)


def _check_counts(_instance: object, _attribute: object, counts: tuple[int, ...]) -> None:
    if len(counts) != len(KINDS) or any(type(c) is not int or not 0 <= c <= CHIPS_PER_KIND for c in counts):
        raise YamskitError(f"a chip set holds 0 to {CHIPS_PER_KIND} chips of each of {len(KINDS)} kinds: {counts}")


#: The index in `KINDS` of each chip's id (a `Chip` finds its own, being equal to its id).
_KIND_INDEX: dict[str, int] = {kind.value: i for i, kind in enumerate(KINDS)}


def _kind_index(kind: str) -> int:
    """The index in `KINDS` of the chip ``kind`` names (`chip_kind`'s errors for a name it does not know)."""
    i = _KIND_INDEX.get(kind) if type(kind) is str or type(kind) is Chip else None
    return KINDS.index(chip_kind(kind)) if i is None else i


@attrs.frozen(repr=False)
class ChipSet:
    """A bag of chips: how many of each kind (0 to 4), listed in value order.

    Used for the rack, the discard pile and each collection.

    Examples:
        >>> chips = ChipSet.of("flush", "two_pairs", "flush")
        >>> chips, len(chips), chips.points
        (ChipSet.of('two_pairs', 'flush', 'flush'), 3, 55)
    """

    counts: tuple[int, ...] = attrs.field(default=(0,) * len(KINDS), converter=_to_counts, validator=_check_counts)

    #: Every chip kind, in value order (`KINDS`; ``counts[i]`` counts ``every_kind[i]``): what a picture reads.
    every_kind: ClassVar[tuple[Chip, ...]] = KINDS

    @classmethod
    def of(cls, *kinds: str) -> ChipSet:
        """A set holding the chips named (in any order).

        Examples:
            >>> ChipSet.of("large_straight").count("large_straight")
            1
        """
        counts = [0] * len(KINDS)
        for kind in kinds:
            counts[KINDS.index(chip_kind(kind))] += 1
        return cls(tuple(counts))

    @classmethod
    def full(cls) -> ChipSet:
        """All 28 chips: the rack at the start of a game.

        Examples:
            >>> len(ChipSet.full())
            28
        """
        return cls((CHIPS_PER_KIND,) * len(KINDS))

    def __repr__(self) -> str:
        return f"ChipSet.of({', '.join(repr(k.value) for k in self)})"

    def __len__(self) -> int:
        return sum(self.counts)

    def __iter__(self) -> Iterator[Chip]:
        """The chips one by one, lowest value first."""
        for kind, count in zip(KINDS, self.counts, strict=True):
            yield from (kind,) * count

    def __contains__(self, kind: object) -> bool:
        return isinstance(kind, str) and kind in CHIP_NAMES and self.count(kind) > 0

    def count(self, kind: str) -> int:
        """How many chips of ``kind`` the set holds.

        Examples:
            >>> ChipSet.full().count("flush")
            4
        """
        return self.counts[KINDS.index(chip_kind(kind))]

    def add(self, kind: str) -> ChipSet:
        """The set with one more chip of ``kind``.

        Examples:
            >>> ChipSet().add("flush")
            ChipSet.of('flush')
        """
        i = _kind_index(kind)
        counts = self.counts
        return _chip_set((*counts[:i], counts[i] + 1, *counts[i + 1 :]))

    def remove(self, kind: str) -> ChipSet:
        """The set with one chip of ``kind`` fewer.

        Raises:
            YamskitError: there is no such chip in the set.

        Examples:
            >>> ChipSet.of("flush", "flush").remove("flush")
            ChipSet.of('flush')
        """
        i = _kind_index(kind)
        counts = self.counts
        if not counts[i]:
            raise YamskitError(f"no {kind} chip to remove from {brief(self)}")
        return _chip_set((*counts[:i], counts[i] - 1, *counts[i + 1 :]))

    def __add__(self, other: ChipSet) -> ChipSet:
        return ChipSet(tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    @property
    def kinds(self) -> tuple[Chip, ...]:
        """The different kinds held, in value order.

        Examples:
            >>> ChipSet.of("flush", "flush", "two_pairs").kinds
            (<Chip.TWO_PAIRS: 'two_pairs'>, <Chip.FLUSH: 'flush'>)
        """
        return tuple(kind for kind, count in zip(KINDS, self.counts, strict=True) if count)

    @property
    def highest(self) -> Chip | None:
        """The highest-value kind held (the one a discard removes from the rack), or ``None``.

        Examples:
            >>> ChipSet.of("flush", "two_pairs").highest
            <Chip.FLUSH: 'flush'>
        """
        kinds = self.kinds
        return kinds[-1] if kinds else None

    @property
    def points(self) -> int:
        """The sum of the chips' values, without bonuses."""
        return sum(count * kind.points for kind, count in zip(KINDS, self.counts, strict=True))

    def to_data(self) -> list[str]:
        """The chips as a JSON-ready list of ids in value order.

        Examples:
            >>> ChipSet.of("flush", "two_pairs").to_data()
            ['two_pairs', 'flush']
        """
        return [kind.value for kind in self]

    @classmethod
    def from_data(cls, value: Any, where: str = "chips") -> ChipSet:
        """The set a list from `to_data` describes, checked (untrusted JSON).

        Raises:
            DeserializationError: not a list of chip ids, or more than four of a kind.

        Examples:
            >>> ChipSet.from_data(["flush", "two_pairs"]) == ChipSet.of("flush", "two_pairs")
            True
        """
        if not isinstance(value, list) or len(value) > CHIPS_PER_KIND * len(KINDS):
            raise DeserializationError(f"{where} must be a list of at most {CHIPS_PER_KIND * len(KINDS)} chip ids")
        if not all(isinstance(kind, str) for kind in value):
            raise DeserializationError(f"{where} must list chip ids as strings")
        try:
            return cls.of(*value)
        except YamskitError as error:
            raise DeserializationError(f"{where}: {error}") from None


@attrs.frozen
class Tally:
    """A collection's score: chip points plus each bonus.

    Examples:
        >>> t = tally(ChipSet.of("two_pairs", *["flush"] * 4), last_draw=True)
        >>> t.chip_points, t.full_stacks, t.last_draw, t.total
        (105, 30, 20, 155)
    """

    chip_points: int
    golden_7: int
    silver_6: int
    full_stacks: int
    last_draw: int

    @property
    def bonuses(self) -> int:
        """The sum of all bonuses."""
        return self.golden_7 + self.silver_6 + self.full_stacks + self.last_draw

    @property
    def total(self) -> int:
        """Chip points plus bonuses."""
        return self.chip_points + self.bonuses

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready breakdown (with ``bonuses`` and ``total``)."""
        return {**attrs.asdict(self), "bonuses": self.bonuses, "total": self.total}


def tally(chips: ChipSet, *, last_draw: bool = False) -> Tally:
    """Score a collection: golden 7 (50), or else silver 6 (20); 30 per full stack; last draw 20.

    Examples:
        >>> six = ChipSet.of(*[k for k in KINDS if k != "flush"])
        >>> tally(six).silver_6, tally(six.add("flush")).golden_7, tally(six.add("flush")).silver_6
        (20, 50, 0)
    """
    different = len(chips.kinds)
    return Tally(
        chip_points=chips.points,
        golden_7=GOLDEN_7_BONUS if different == len(KINDS) else 0,
        silver_6=SILVER_6_BONUS if different == len(KINDS) - 1 else 0,
        full_stacks=FULL_STACK_BONUS * sum(1 for count in chips.counts if count == CHIPS_PER_KIND),
        last_draw=LAST_DRAW_BONUS if last_draw else 0,
    )


#: The best possible score: all 28 chips, every bonus (the solo game's 1000).
MAX_SCORE: int = tally(ChipSet.full(), last_draw=True).total


#: The chip sets `ChipSet.add` and `ChipSet.remove` have made, by their counts (one value per count
#: pattern; a game visits a few dozen of the 78,125).
_CHIP_SETS: Memo[tuple[int, ...], ChipSet] = Memo(
    "yamslam: chip sets", size=1 << 14, key="the counts of each chip kind"
)


def _chip_set(counts: tuple[int, ...]) -> ChipSet:
    """``ChipSet(counts)``, checked once per pattern of counts and shared after that."""
    found = _CHIP_SETS.get(counts)
    if found is None:
        found = _CHIP_SETS.put(counts, ChipSet(counts))  # the checks run here (a fifth chip of a kind raises)
    return found
