"""Combinations: predicates, scorers, and categories tabulated over the 252 rolls.

Predicates answer "do these dice form X?"; scorers say how many points they give.
Both are plain functions of `Dice`. A `Category` pairs an id
with a scorer and evaluates it once for each of the 252 five-dice rolls, so scoring
during play (and in solvers) is a tuple lookup.

The helpers here return plain values (module-level functions, or small frozen
callables), never closures, so categories and the variants built from them pickle
(to send states to worker processes). A scorer of your own pickles when it is a
module-level function or such a value; a ``lambda`` (or a function defined inside
another) does not: ``pickle`` raises ``PicklingError`` or ``AttributeError`` ("Can't
pickle local object") for any variant that holds one.

Examples:
    >>> from yamskit import Dice
    >>> from yamskit.categories import Category, n_of_a_kind, when, total
    >>> three = Category("three_of_a_kind", when(n_of_a_kind(3), total))
    >>> three.score(Dice.parse("33325")), three.score(Dice.parse("12345")), three.max
    (16, 0, 30)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from .dice import MAX_DICE, NUM_DICE, ROLLS, Dice, dice_tables
from .errors import InvalidDiceError, RuleConfigError, brief
from .names import LABEL

__all__ = [
    "MAX_BOXES",
    "Category",
    "Predicate",
    "Scorer",
    "constant",
    "face_sum",
    "full_house",
    "full_house_or_five_of_a_kind",
    "is_five_of_a_kind",
    "is_full_house",
    "is_high_straight",
    "is_large_straight",
    "is_low_straight",
    "is_small_straight",
    "kind_face",
    "matching_sum",
    "n_of_a_kind",
    "sum_at_most",
    "total",
    "upper",
    "when",
]

#: A scorer maps five dice to points.
Scorer = Callable[[Dice], int]
#: A predicate says whether five dice form a combination.
Predicate = Callable[[Dice], bool]

_SMALL_RUNS = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
_LARGE_RUNS = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})


def total(dice: Dice) -> int:
    """The sum of all the dice (chance, plus, minus...).

    Examples:
        >>> total(Dice.parse("33325"))
        16
    """
    return dice.total


def face_sum(face: int) -> Scorer:
    """A scorer: the sum of the dice showing ``face`` (the number rows).

    Examples:
        >>> face_sum(3)(Dice.parse("33325"))
        9
    """
    if face not in range(1, 7):
        raise RuleConfigError(f"a face is 1 to 6, not {brief(face)}")
    return _FaceSum(face)


@attrs.frozen
class _FaceSum:
    face: int

    @property
    def __name__(self) -> str:
        return f"face_sum_{self.face}"

    def __call__(self, dice: Dice) -> int:
        return self.face * dice.count(self.face)


def kind_face(dice: Dice, n: int) -> int | None:
    """The face shown by at least ``n`` dice (the highest such face), or ``None``.

    Examples:
        >>> kind_face(Dice.parse("33325"), 3), kind_face(Dice.parse("33325"), 4)
        (3, None)
    """
    best = None
    for face, count in enumerate(dice.counts, start=1):
        if count >= n:
            best = face
    return best


def n_of_a_kind(n: int) -> Predicate:
    """A predicate: at least ``n`` dice show one face (five of a kind is also three of a kind).

    Examples:
        >>> n_of_a_kind(4)(Dice.parse("66661")), n_of_a_kind(4)(Dice.parse("66611"))
        (True, False)
    """
    if n not in range(1, MAX_DICE + 1):
        raise RuleConfigError(f"n of a kind needs n from 1 to {MAX_DICE}, not {brief(n)}")
    return _NOfAKind(n)


@attrs.frozen
class _NOfAKind:
    n: int

    @property
    def __name__(self) -> str:
        return f"{self.n}_of_a_kind"

    def __call__(self, dice: Dice) -> bool:
        return max(dice.counts) >= self.n


def is_five_of_a_kind(dice: Dice) -> bool:
    """All five dice show the same face (a Yams).

    Examples:
        >>> is_five_of_a_kind(Dice.parse("44444"))
        True
    """
    faces = dice.faces  # sorted: five of a kind when the first and the last agree
    return len(faces) == NUM_DICE and faces[0] == faces[-1]


#: The six rolls of five of a kind, ones to sixes (the engine's Joker and referee read them).
FIVE_OF_A_KIND_ROLLS: tuple[Dice, ...] = tuple(roll for roll in ROLLS if is_five_of_a_kind(roll))
#: Their indexes in `yamskit.dice.ROLLS` (a throw's ``index``): one set look-up answers the test.
FIVE_OF_A_KIND_INDEXES: frozenset[int] = frozenset(roll.index for roll in FIVE_OF_A_KIND_ROLLS)


def is_full_house(dice: Dice) -> bool:
    """Three dice of one face and two of another (five of a kind does not count).

    Examples:
        >>> is_full_house(Dice.parse("22555")), is_full_house(Dice.parse("55555"))
        (True, False)
    """
    return sorted(c for c in dice.counts if c) == [2, 3]


def full_house(*, five_of_a_kind: bool) -> Predicate:
    """A full-house predicate, with or without five of a kind counting as one.

    Examples:
        >>> full_house(five_of_a_kind=True)(Dice.parse("55555"))
        True
    """
    return full_house_or_five_of_a_kind if five_of_a_kind else is_full_house


def full_house_or_five_of_a_kind(dice: Dice) -> bool:
    """A full house, or five of a kind (which several variants count as one).

    Examples:
        >>> full_house_or_five_of_a_kind(Dice.parse("22555")), full_house_or_five_of_a_kind(Dice.parse("44444"))
        (True, True)
    """
    return is_full_house(dice) or is_five_of_a_kind(dice)


def is_small_straight(dice: Dice) -> bool:
    """Four consecutive faces among the dice (1234, 2345 or 3456); a large straight is one too.

    Examples:
        >>> is_small_straight(Dice.parse("12346")), is_small_straight(Dice.parse("12356"))
        (True, False)
    """
    faces = set(dice.faces)
    return any(run <= faces for run in _SMALL_RUNS)


def is_large_straight(dice: Dice) -> bool:
    """Five consecutive faces: 12345 or 23456.

    Examples:
        >>> is_large_straight(Dice.parse("23456")), is_large_straight(Dice.parse("12346"))
        (True, False)
    """
    faces = set(dice.faces)
    return any(run == faces for run in _LARGE_RUNS)


def is_low_straight(dice: Dice) -> bool:
    """Exactly the faces 1, 2, 3, 4, 5 in any order (Yacht's "little straight").

    Where `is_large_straight` takes either run, Yacht scores 12345 and 23456 in two
    categories; this is the lower one, `is_high_straight` the higher.

    Examples:
        >>> is_low_straight(Dice.parse("53142")), is_low_straight(Dice.parse("23456"))
        (True, False)
        >>> little = when(is_low_straight, 30)
        >>> little(Dice.parse("12345")), little(Dice.parse("12346"))
        (30, 0)
    """
    return dice.counts == (1, 1, 1, 1, 1, 0)


def is_high_straight(dice: Dice) -> bool:
    """Exactly the faces 2, 3, 4, 5, 6 in any order (Yacht's "big straight").

    Examples:
        >>> is_high_straight(Dice.parse("65432")), is_high_straight(Dice.parse("12345"))
        (True, False)
        >>> big = when(is_high_straight, 30)
        >>> big(Dice.parse("23456")), big(Dice.parse("23466"))
        (30, 0)
    """
    return dice.counts == (0, 1, 1, 1, 1, 1)


def sum_at_most(limit: int) -> Predicate:
    """A predicate: the dice add up to at most ``limit`` (Yam Master's ≤8).

    Examples:
        >>> sum_at_most(8)(Dice.parse("11123")), sum_at_most(8)(Dice.parse("11124"))
        (True, False)
    """
    return _SumAtMost(limit)


@attrs.frozen
class _SumAtMost:
    limit: int

    @property
    def __name__(self) -> str:
        return f"sum_at_most_{self.limit}"

    def __call__(self, dice: Dice) -> bool:
        return dice.total <= self.limit


def matching_sum(n: int) -> Scorer:
    """A scorer: the sum of ``n`` dice of the face shown at least ``n`` times, else 0.

    Yams Challenge scores three of a kind this way (five 3s give 9).

    Examples:
        >>> matching_sum(3)(Dice.parse("33333")), matching_sum(4)(Dice.parse("33336"))
        (9, 12)
    """
    return _MatchingSum(n)


@attrs.frozen
class _MatchingSum:
    n: int

    @property
    def __name__(self) -> str:
        return f"matching_sum_{self.n}"

    def __call__(self, dice: Dice) -> int:
        face = kind_face(dice, self.n)
        return 0 if face is None else self.n * face


def constant(points: int) -> Scorer:
    """A scorer that always gives ``points`` (use with `when`).

    Examples:
        >>> constant(25)(Dice.parse("12345"))
        25
    """
    return _Constant(points)


@attrs.frozen
class _Constant:
    points: int

    @property
    def __name__(self) -> str:
        return f"constant_{self.points}"

    def __call__(self, _dice: Dice) -> int:
        return self.points


def when(predicate: Predicate, points: int | Scorer) -> Scorer:
    """A scorer: ``points`` (a number or a scorer) when ``predicate`` holds, else 0.

    Examples:
        >>> straight = when(is_large_straight, 40)
        >>> straight(Dice.parse("12345")), straight(Dice.parse("11345"))
        (40, 0)
    """
    return _When(predicate, constant(points) if isinstance(points, int) else points)


@attrs.frozen
class _When:
    predicate: Predicate
    scorer: Scorer

    @property
    def __name__(self) -> str:
        return f"when_{getattr(self.predicate, '__name__', 'predicate')}"

    def __call__(self, dice: Dice) -> int:
        return self.scorer(dice) if self.predicate(dice) else 0


def _tabulate(row: object, scorer: Scorer, rolls: tuple[Dice, ...] = ROLLS) -> tuple[int, ...]:
    """The points ``scorer`` gives each roll; `RuleConfigError` naming ``row`` and the roll it fails on."""
    table = []
    for roll in rolls:
        try:
            points = scorer(roll)
        except Exception as error:  # a user's scorer: whatever it raises is a mistake in the sheet
            raise RuleConfigError(
                f"row {brief(row)}: its scorer raised {type(error).__name__} ({brief(str(error))}) for {roll}"
            ) from error
        if type(points) is not int or points < 0:
            raise RuleConfigError(
                f"row {brief(row)}: a scorer must give whole points >= 0, but gives {brief(points)} for {roll}"
            )
        table.append(points)
    return tuple(table)


def _check_id(_instance: object, _attribute: object, value: str) -> None:
    if not isinstance(value, str) or not value.isidentifier() or not value.islower():
        raise RuleConfigError(f"an id is a snake_case name such as 'full_house', not {brief(value)}")


#: The most boxes one category may have on a sheet (Balut has four).
MAX_BOXES = 10


def _check_boxes(instance: Category, _attribute: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= MAX_BOXES:
        raise RuleConfigError(
            f"row {brief(instance.id)}: boxes must be a whole number from 1 to {MAX_BOXES}, not {brief(value)}"
        )


def _check_box(instance: Category, _attribute: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= instance.boxes:
        raise RuleConfigError(
            f"row {brief(instance.id)}: box must be 1 to boxes ({instance.boxes}), not {brief(value)}"
        )


def _aliases(values: Iterable[str]) -> tuple[str, ...]:
    return (values,) if isinstance(values, str) else tuple(values)


def _check_aliases(_instance: object, _attribute: object, value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(a, str) and a.strip() for a in value):
        raise RuleConfigError(f"a row's aliases are names (non-empty strings), not {brief(value)}")


@attrs.frozen
class Category:
    """A named scorer, evaluated once over the 252 rolls.

    Attributes:
        id: the snake_case id players use (``"full_house"``).
        scorer: points for five dice; called 252 times at construction, never again.
        label: the name shown on a sheet (defaults from the id).
        aliases: other names a user may type for the row, read silently wherever a row is named
            (a German sheet's ``einser`` takes ``"ones"`` and ``"aces"``); ids and labels of the
            sheet's rows win over them.
        boxes: how many boxes the category has on a sheet, 1 to `MAX_BOXES` (Balut scores each of
            its categories four times). A sheet gives the category one row per box (`box_rows`):
            its own, then ``<id>_2``... below it; ``Score(id)`` fills the first free one.
        box: which of the category's boxes this row is: 1 for the category's own row, 2 and up
            for the rows `box_rows` adds (made by the sheet, not written by hand).
        table: the points of each roll of `ROLLS`, in order.

    Raises:
        RuleConfigError: an id that is not snake_case, or a scorer that raises or gives
            anything but whole points >= 0 for some roll (the message names the row and the roll).

    Examples:
        >>> c = Category("fives", face_sum(5))
        >>> c.label, c.score(Dice.parse("55512")), c.max
        ('Fives', 15, 25)
        >>> Category("fuenfer", face_sum(5), "Fünfer", aliases=("fives", "5s")).aliases
        ('fives', '5s')
        >>> Category("broken", lambda dice: 1 // (dice.faces[0] - 1))
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: row 'broken': its scorer raised ZeroDivisionError ('integer division or \
modulo by zero') for 11111
    """

    id: str = attrs.field(validator=_check_id)
    scorer: Scorer = attrs.field(eq=False, repr=False)
    label: str = attrs.field(default="", converter=LABEL)  # type: ignore[misc]
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_aliases, validator=_check_aliases, kw_only=True)
    boxes: int = attrs.field(default=1, validator=_check_boxes, kw_only=True)
    box: int = attrs.field(default=1, validator=_check_box, kw_only=True)
    table: tuple[int, ...] = attrs.field(init=False, repr=False)

    @table.default
    def _tabulated(self) -> tuple[int, ...]:
        return _tabulate(self.id, self.scorer)

    @property
    def head(self) -> str:
        """The id of the category this row is a box of (its own id for the category's own row).

        Examples:
            >>> [row.head for row in Category("sixes", face_sum(6), boxes=3).box_rows()]
            ['sixes', 'sixes', 'sixes']
        """
        return self.id if self.box == 1 else self.id.rpartition("_")[0]

    def box_rows(self) -> tuple[Category, ...]:
        """The rows the category takes on a sheet: itself, then one row per further box (``<id>_2``...).

        A one-box category is its own single row. The further rows score alike and are
        labelled ``<label> 2``...; they carry no aliases (``Score(id)`` names the category).

        Examples:
            >>> rows = Category("choice", total, boxes=4).box_rows()
            >>> [(row.id, row.label, row.box) for row in rows][1:3]
            [('choice_2', 'Choice 2', 2), ('choice_3', 'Choice 3', 3)]
            >>> Category("choice", total).box_rows()[0].boxes, len(Category("choice", total).box_rows())
            (1, 1)
        """
        if self.boxes == 1 or self.box != 1:
            return (self,) if self.box == 1 else ()
        more = (
            Category(f"{self.id}_{n}", self.scorer, f"{self.label} {n}", boxes=self.boxes, box=n)
            for n in range(2, self.boxes + 1)
        )
        return (self, *more)

    def tabulate(self, dice: int) -> tuple[int, ...]:
        """The points of each roll of ``dice`` dice, in `yamskit.dice.DiceTables.rolls` order (`table` for five).

        Raises:
            RuleConfigError: the scorer raises or gives anything but whole points >= 0 for a roll
                of that many dice (the message names the row and the roll).
            InvalidDiceError: ``dice`` is not 1 to 8.

        Examples:
            >>> c = Category("chance", total)
            >>> c.tabulate(5) is c.table, len(c.tabulate(6)), max(c.tabulate(6))
            (True, 462, 36)
        """
        tables = dice_tables(dice)
        return self.table if tables.count == NUM_DICE else _tabulate(self.id, self.scorer, tables.rolls)

    def score(self, dice: Dice) -> int:
        """Points these five dice give, looked up in the table.

        Raises:
            InvalidDiceError: not exactly five dice.
        """
        if len(dice) != NUM_DICE:
            raise InvalidDiceError(f"a category scores five dice, not {len(dice)} ({dice})")
        return self.table[dice.index]

    @property
    def max(self) -> int:
        """The most points any roll gives."""
        return max(self.table)


def upper(face: int, id: str | None = None, label: str = "", *, aliases: tuple[str, ...] = ()) -> Category:
    """The number row of ``face``: the sum of the dice showing it.

    Examples:
        >>> upper(6).id, upper(6).max
        ('sixes', 30)
        >>> upper(1, "einser", "Einser", aliases=("ones",)).label
        'Einser'
    """
    points = face_sum(face)  # refuses a face outside 1 to 6 before the default id is looked up
    names = ("ones", "twos", "threes", "fours", "fives", "sixes")
    return Category(id or names[face - 1], points, label, aliases=aliases)
