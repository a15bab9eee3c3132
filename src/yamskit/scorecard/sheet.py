"""Score sheets: cells, columns, fill policies, turn conditions and upper bonuses.

A `Sheet` is one player's grid of rows × columns. Each `Column` has a
`FillPolicy` (which empty box may be filled next) and may have a
`TurnCondition` (what the turn must look like to write there: Yams
Challenge's *dry* column, Competitive Yams' *turbo* column). An `UpperBonus`
pays points per column when its number rows reach thresholds.

Examples:
    >>> policy = FillPolicy.mid("sixes", "small_sum")
    >>> rows = ("ones", "twos", "threes", "fours", "fives", "sixes", "small_sum", "large_sum")
    >>> policy.allowed(rows, (False,) * 8)
    (5, 6)
    >>> policy.allowed(rows, (False,) * 5 + (True, False, False))
    (4, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import attrs

from .._fast import builder
from ..errors import RuleConfigError, brief
from ..turn import Turn

__all__ = [
    "Cell",
    "Column",
    "FillPolicy",
    "Sheet",
    "TurnCondition",
    "UpperBonus",
]


@attrs.frozen
class Cell:
    """One box: empty, holding points, or crossed out.

    Examples:
        >>> Cell(), Cell(points=25), Cell(scratched=True)
        (Cell(points=None, scratched=False), Cell(points=25, scratched=False), Cell(points=None, scratched=True))
        >>> Cell(scratched=True).value, Cell(points=25).holds_number
        (0, True)
    """

    points: int | None = None
    scratched: bool = False

    def __attrs_post_init__(self) -> None:
        if self.scratched and self.points is not None:
            raise RuleConfigError("a crossed-out box holds no points")
        if self.points is not None and (type(self.points) is not int or not 0 <= self.points < 10**6):
            raise RuleConfigError(f"a box holds whole points from 0, not {brief(self.points)}")

    @property
    def is_empty(self) -> bool:
        """Nothing written yet."""
        return self.points is None and not self.scratched

    @property
    def holds_number(self) -> bool:
        """Points were written (possibly 0); a crossed-out box holds no number."""
        return self.points is not None

    @property
    def value(self) -> int:
        """What the box counts: its points, or 0."""
        return self.points or 0

    def __str__(self) -> str:
        return "x" if self.scratched else "" if self.points is None else str(self.points)


EMPTY = Cell()
SCRATCHED = Cell(scratched=True)

PolicyKind = Literal["free", "down", "up", "mid", "connected"]


@attrs.frozen
class FillPolicy:
    """Which empty boxes of a column may be filled, given which are filled.

    * ``free`` — any empty box;
    * ``down`` — strictly top to bottom; ``up`` — strictly bottom to top;
    * ``mid(first...)`` — first one of the ``first`` rows, then a box next to the
      filled block (no wrap-around), so the filled boxes stay one block;
    * ``connected`` — first any box, then a box next to the filled block.

    Examples:
        >>> FillPolicy.down().allowed(("a", "b", "c"), (True, False, False))
        (1,)
        >>> FillPolicy.up().allowed(("a", "b", "c"), (False, False, False))
        (2,)
    """

    kind: PolicyKind = "free"
    first: tuple[str, ...] = ()

    @classmethod
    def free(cls) -> FillPolicy:
        """Any order."""
        return cls("free")

    @classmethod
    def down(cls) -> FillPolicy:
        """Top to bottom."""
        return cls("down")

    @classmethod
    def up(cls) -> FillPolicy:
        """Bottom to top."""
        return cls("up")

    @classmethod
    def mid(cls, *first: str) -> FillPolicy:
        """Start on one of the ``first`` rows, then grow the block up or down."""
        if not first:
            raise RuleConfigError("a mid column needs at least one starting row")
        return cls("mid", tuple(first))

    @classmethod
    def connected(cls) -> FillPolicy:
        """Start anywhere, then grow the block up or down."""
        return cls("connected")

    def allowed(self, rows: Sequence[str], filled: Sequence[bool]) -> tuple[int, ...]:
        """Indexes of the rows that may be filled next.

        Examples:
            >>> FillPolicy.connected().allowed(("a", "b", "c", "d"), (False, True, True, False))
            (0, 3)
        """
        empty = [i for i, f in enumerate(filled) if not f]
        if not empty:
            return ()
        if self.kind == "down":
            return (empty[0],)
        if self.kind == "up":
            return (empty[-1],)
        if self.kind == "free":
            return tuple(empty)
        taken = [i for i, f in enumerate(filled) if f]
        if not taken:
            if self.kind == "connected":
                return tuple(empty)
            return tuple(sorted(rows.index(r) for r in self.first))
        low, high = taken[0], taken[-1]
        return tuple(i for i in (low - 1, high + 1) if 0 <= i < len(rows) and not filled[i])

    def describe(self) -> str:
        """A phrase for error messages and docs.

        Examples:
            >>> FillPolicy.mid("sixes").describe()
            'starts at sixes, then grows next to the filled boxes'
        """
        return {
            "free": "any order",
            "down": "top to bottom",
            "up": "bottom to top",
            "mid": f"starts at {' or '.join(self.first)}, then grows next to the filled boxes",
            "connected": "starts anywhere, then grows next to the filled boxes",
        }[self.kind]


@attrs.frozen
class TurnCondition:
    """What a turn must satisfy before a column accepts a box (dry, turbo...).

    The check must depend on the turn's facts (throws used, dice kept), not on the
    faces, because yamskit also asks it of throws not yet made, to keep players from
    being stranded with no legal placement. Make ``check`` a module-level function (or
    a frozen callable value) for the variant to pickle; a ``lambda`` does not pickle.

    Examples:
        >>> from yamskit import Dice
        >>> turn = Turn.start().throw(Dice(), Dice.parse("12345"))
        >>> TurnCondition.dry().check(turn), TurnCondition.at_most_throws(2).check(turn)
        (True, True)
    """

    name: str
    description: str
    check: Callable[[Turn], bool] = attrs.field(eq=False, repr=False)

    @classmethod
    def dry(cls) -> TurnCondition:
        """All five dice showing came from one throw of all five dice."""
        return cls("dry", "the dice must come from one throw of all five dice", _all_dice_thrown)

    @classmethod
    def at_most_throws(cls, limit: int) -> TurnCondition:
        """The turn used at most ``limit`` throws."""
        return cls(f"at_most_{limit}_throws", f"the turn may use at most {limit} throws", _AtMostThrows(limit))

    @property
    def reads_shape_only(self) -> bool:
        """Whether ``check`` reads only how many throws were made and whether the last kept no dice.

        True for the built-in conditions (`dry`, `at_most_throws`): listing the legal throws
        then asks once for an empty keep and once for any other (see `yamskit.scorecard.moves`).
        Any other check is asked for every keep.

        Examples:
            >>> TurnCondition.dry().reads_shape_only, TurnCondition("odd", "odd throws", bool).reads_shape_only
            (True, False)
        """
        return self.check is _all_dice_thrown or type(self.check) is _AtMostThrows


def _all_dice_thrown(turn: Turn) -> bool:
    return turn.all_dice_thrown


@attrs.frozen
class _AtMostThrows:
    limit: int

    def __call__(self, turn: Turn) -> bool:
        return turn.throws_used <= self.limit


@attrs.frozen
class Column:
    """A column of a sheet: id, fill policy, optional turn condition.

    Examples:
        >>> Column("dry", condition=TurnCondition.dry()).policy
        FillPolicy(kind='free', first=())
    """

    id: str
    policy: FillPolicy = FillPolicy()
    condition: TurnCondition | None = None
    label: str = ""


@attrs.frozen
class UpperBonus:
    """Points for a column whose number rows add up to a threshold (the highest tier reached).

    Examples:
        >>> UpperBonus.single(63, 35).points(62), UpperBonus.single(63, 35).points(63)
        (0, 35)
        >>> UpperBonus(rows=("ones",), tiers=((60, 30), (70, 50))).points(75)
        50
    """

    rows: tuple[str, ...] = ("ones", "twos", "threes", "fours", "fives", "sixes")
    tiers: tuple[tuple[int, int], ...] = ((63, 35),)

    @classmethod
    def single(cls, threshold: int, points: int, rows: tuple[str, ...] | None = None) -> UpperBonus:
        """One threshold, one bonus."""
        return cls(rows=rows or cls().rows, tiers=((threshold, points),))

    def points(self, upper_total: int) -> int:
        """The bonus an upper total earns."""
        earned = 0
        for threshold, bonus in self.tiers:
            if upper_total >= threshold:
                earned = bonus
        return earned


@attrs.frozen
class Sheet:
    """One player's boxes: ``cells[column][row]``, plus points outside the boxes.

    ``extra`` holds points earned beside the boxes (classic's Yams bonuses).

    Examples:
        >>> s = Sheet.empty(rows=2, columns=1)
        >>> s.with_cell(1, 0, Cell(points=8)).cells
        ((Cell(points=None, scratched=False), Cell(points=8, scratched=False)),)
    """

    cells: tuple[tuple[Cell, ...], ...]
    extra: int = 0
    #: For each column, a bit mask of its filled boxes: bit ``r`` is set when row ``r`` is filled.
    masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Whether every box is filled.
    is_full: bool = attrs.field(init=False, eq=False, repr=False)

    @masks.default
    def _filled_masks(self) -> tuple[int, ...]:
        return tuple(sum(1 << r for r, cell in enumerate(col) if not cell.is_empty) for col in self.cells)

    @is_full.default
    def _every_box_filled(self) -> bool:
        return all(m == (1 << len(col)) - 1 for m, col in zip(self.masks, self.cells, strict=True))

    @classmethod
    def empty(cls, *, rows: int, columns: int) -> Sheet:
        """A sheet of empty boxes."""
        return cls(tuple((EMPTY,) * rows for _ in range(columns)))

    def cell(self, row: int, column: int) -> Cell:
        """The box at ``row``, ``column`` (indexes)."""
        return self.cells[column][row]

    def with_cell(self, row: int, column: int, cell: Cell) -> Sheet:
        """A copy with one box replaced."""
        return self.with_cells(((row, column, cell),))

    def with_cells(self, changes: Sequence[tuple[int, int, Cell]], *, extra: int = 0) -> Sheet:
        """A copy with the boxes ``(row, column, cell)`` replaced and ``extra`` more points beside them.

        Examples:
            >>> s = Sheet.empty(rows=2, columns=2).with_cells([(0, 1, Cell(points=3)), (1, 1, Cell(points=4))])
            >>> s.masks, s.cell(1, 1).points
            ((0, 3), 4)
        """
        cells = list(self.cells)
        masks = list(self.masks)
        for row, column, cell in changes:
            col = cells[column]
            cells[column] = (*col[:row], cell, *col[row + 1 :])
            empty = cell.points is None and not cell.scratched  # Cell.is_empty, without the call
            masks[column] = masks[column] & ~(1 << row) if empty else masks[column] | (1 << row)
        # full when every column is: the last column written is asked first, and is usually not
        full = not changes or masks[column] == (1 << len(cells[column])) - 1
        if full:
            for m, col in zip(masks, cells, strict=True):
                if m != (1 << len(col)) - 1:
                    full = False
                    break
        return _sheet(tuple(cells), self.extra + extra, tuple(masks), full)  # the changes are checked

    def filled(self, column: int) -> tuple[bool, ...]:
        """For each row of ``column``, whether its box is filled."""
        return tuple(not c.is_empty for c in self.cells[column])

    @property
    def empty_count(self) -> int:
        """How many boxes are still empty."""
        return sum(c.is_empty for col in self.cells for c in col)


#: ``Sheet(cells, extra)`` with its masks and fullness known, without working them out (see `yamskit._fast`).
_sheet = builder(Sheet)
