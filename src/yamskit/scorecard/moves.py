"""Legal moves of a scorecard game, computed from tables instead of trying every action.

A `SheetTables` is built once per rule set (``rules.tables``). It knows, for each
column and each set of filled boxes (a bit mask, `yamskit.scorecard.Sheet.masks`),
which boxes the column's fill policy opens next and their ids in the variant's
action space; the keeps a player may choose come from `yamskit.dice.SUB_KEEPS`.
A state's ``legal_action_ids()`` puts these together with the columns' turn conditions
and the variant's placement rules:

* a placement rule may say which boxes it could refuse in a position by offering
  ``refusable_rows``: a method ``refusable_rows(game) -> frozenset``, or a plain
  ``frozenset`` when the answer never changes (``frozenset()`` for a rule that only changes
  points). Its items are row ids (every box of that row) or ``(row, column)`` pairs (one
  box). Only those boxes are then run through the rules one by one. A rule without it may
  refuse anything, so every candidate box is run through it: still exact, slower. A rule
  that knows it refuses a box's Score in that position, whatever the other rules do, and
  accepts its Scratch, may name it as a `Refused` pair: the Score is then left out
  without running the rules (Yams Challenge's plus-above-minus rule does, when alone);
* a throw is legal while a box can still be filled after it; when every open column
  has a turn condition, each keep is checked the long way (`ScorecardGame.check`).

The generate-and-test definition (try every throw and every box with
`ScorecardGame.is_legal`) stays the reference; the tests compare the two on thousands
of random positions of every variant.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="22555"))
    >>> ids = g.legal_action_ids()
    >>> len(ids), g.variant.actions[ids[-1]]
    (38, Scratch(row='chance', column=None))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .._cache import Memo
from ..dice import SUB_KEEPS, Dice, dice_tables
from ..turn import Turn
from .sheet import Column, TurnCondition

__all__ = ["SUB_KEEP_SETS", "Refusable", "Refused", "RuleSet", "SheetTables", "legal_ids"]

#: For each roll index, the set of keep indexes a player may choose (for quick membership).
SUB_KEEP_SETS: tuple[frozenset[int], ...] = tuple(frozenset(keeps) for keeps in SUB_KEEPS)

#: What a placement rule says it may refuse: a row id (each box of the row) or a ``(row, column)`` box.
Refusable = str | tuple[str, str]

#: The open boxes of one column: its turn condition, the Score ids and the Scratch ids of its open
#: boxes, and their rows.
_Open = tuple[TurnCondition | None, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class RuleSet(Protocol):
    """What the tables read of a rule set (`yamskit.scorecard.ScorecardRules`, which builds them).

    Examples:
        >>> import yamskit
        >>> isinstance(yamskit.variant("classic").rules.tables, SheetTables)
        True
    """

    @property
    def row_ids(self) -> tuple[str, ...]:
        """Row ids, top to bottom."""

    @property
    def columns(self) -> tuple[Column, ...]:
        """The columns, left to right."""

    @property
    def row_heads(self) -> tuple[int, ...] | None:
        """For each row, the index of its category's own row; ``None`` when every category has one box."""

    @property
    def allow_scratch(self) -> bool:
        """Whether ``Scratch`` may cross a box out."""

    @property
    def max_throws(self) -> int:
        """Throws per turn."""

    @property
    def dice(self) -> int:
        """How many dice a turn throws."""

    @property
    def placement_rules(self) -> tuple[Callable[..., Any], ...]:
        """The placement rules (each ``rule(game, placement) -> placement``; see `yamskit.scorecard.rules`)."""


class Refused(tuple[str, str]):
    """A box ``(row, column)`` whose Score a rule refuses for sure, named in its ``refusable_rows`` answer.

    The rule promises two things about the position it was asked about: a Score in that box
    is illegal whatever the other placement rules do, and the rule itself accepts the box's
    Scratch. `legal_ids` then leaves the Score out without running the rules on it (the
    Scratch still goes through any other rule that names the box). A plain ``(row, column)``
    pair only says the rule *may* refuse the box. It compares equal to the plain pair.

    Examples:
        >>> box = Refused(("plus", "up"))
        >>> box == ("plus", "up"), box.row, box.column
        (True, 'plus', 'up')
        >>> box
        Refused(('plus', 'up'))
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Refused({tuple(self)!r})"

    @property
    def row(self) -> str:
        """The box's row id."""
        return self[0]

    @property
    def column(self) -> str:
        """The box's column id."""
        return self[1]


def _static_rows(rule: object) -> frozenset[Refusable] | None:
    """A rule's ``refusable_rows`` when it is a fixed set, with any `Refused` pair made a plain one.

    A fixed set knows no position, so it cannot be sure of a refusal.
    """
    rows = getattr(rule, "refusable_rows", None)
    if not isinstance(rows, frozenset):
        return None
    return frozenset(item if isinstance(item, str) else (item[0], item[1]) for item in rows)


class SheetTables:
    """Lookup tables of one scorecard rule set, for listing legal moves quickly.

    Attributes:
        rows: number of rows; columns: number of columns.
        score_base: id of ``Score`` for box (0, 0); box ``(r, c)`` is ``score_base + c * rows + r``.
        scratch_base: the same for ``Scratch``, or ``None`` without crossing out.
        conditions: each column's turn condition (``None`` when it has none).
        shape_conditions: whether every condition is one of the built-in ones, which read only
            the number of throws and whether the last throw kept no dice.
        dynamic_rules: the placement rules whose refusals depend on the position.
        static_rows: the rows the other rules may always refuse.
        start_turn: the turn a player starts, before its first throw (of the rules' dice).
        keeps: the keeps of the rules' dice (`yamskit.dice.KEEPS` for five): the throws' ids.
        sub_keeps: for each roll index, the keeps a player may choose (`yamskit.dice.SUB_KEEPS` for five).
        tellers: each dynamic rule's ``refusable_rows`` method (``None``: a rule that has none,
            so every candidate box goes through it).

    Examples:
        >>> import yamskit
        >>> t = yamskit.variant("challenge").rules.tables
        >>> t.open_boxes(1, 0)[0]  # ascending fills minus first
        (13,)
        >>> yamskit.variant("competitive").rules.tables.dynamic_rules  # its rules never refuse
        ()
    """

    __slots__ = (
        "_columns",
        "_row_ids",
        "by_column",
        "columns",
        "conditions",
        "dynamic_rules",
        "heads",
        "keeps",
        "order_keys",
        "rows",
        "score_base",
        "scratch_base",
        "shape_conditions",
        "start_turn",
        "static_rows",
        "sub_keeps",
        "tellers",
    )

    def __init__(self, rules: RuleSet) -> None:
        self._row_ids = rules.row_ids
        self._columns: tuple[Column, ...] = rules.columns
        #: For each row, its category's own row, on a sheet of categories of several boxes (else ``None``):
        #: the category's open box is then its first free one, and its decisions are those of its own row.
        self.heads: tuple[int, ...] | None = rules.row_heads
        self.rows = len(rules.row_ids)
        self.columns = len(rules.columns)
        dice = dice_tables(rules.dice)
        self.keeps: tuple[Dice, ...] = dice.keeps
        self.sub_keeps: tuple[tuple[int, ...], ...] = dice.sub_keeps
        throws = len(dice.keeps)  # the throws' ids come first: one per keep
        self.score_base = throws
        self.scratch_base: int | None = throws + self.rows * self.columns if rules.allow_scratch else None
        boxes = self.rows * self.columns
        #: ``order_keys[i]``: where decision ``i`` comes in a state's list of legal actions: the throws
        #: first, then box by box (column by column), each box's Score before its Scratch.
        self.order_keys: tuple[int, ...] = tuple(range(throws)) + tuple(
            throws + 2 * (box % boxes) + box // boxes for box in range(boxes * (2 if rules.allow_scratch else 1))
        )
        self.conditions: tuple[TurnCondition | None, ...] = tuple(c.condition for c in rules.columns)
        #: Whether every turn condition reads only the number of throws and whether the last kept no dice.
        self.shape_conditions = all(c is None or c.reads_shape_only for c in self.conditions)
        self.dynamic_rules: tuple[Any, ...] = tuple(r for r in rules.placement_rules if _static_rows(r) is None)
        self.tellers: tuple[Callable[..., frozenset[Refusable]] | None, ...] = tuple(
            getattr(rule, "refusable_rows", None) for rule in self.dynamic_rules
        )
        self.static_rows: frozenset[Refusable] = frozenset().union(
            *(rows for rows in map(_static_rows, rules.placement_rules) if rows is not None)
        )
        self.start_turn = Turn.start(max_throws=rules.max_throws, dice=rules.dice)
        #: For each column, `open_column`'s answers by filled mask, as far as they were asked for:
        #: ``by_column[c].get(mask)``, or ``None`` (then `open_column` works it out).
        self.by_column: tuple[Memo[int, _Open], ...] = tuple(
            Memo("scorecard: open boxes", size=1 << 17, key="a column's filled boxes, as a bit mask")
            for _ in rules.columns
        )

    def open_boxes(self, column: int, mask: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The rows ``column``'s fill policy opens when ``mask`` is filled, their Score ids, their Scratch ids.

        Examples:
            >>> import yamskit
            >>> rows, scores, scratches = yamskit.variant("classic").rules.tables.open_boxes(0, 0b1)
            >>> rows[:2], scores[:2], scratches[:2]
            ((1, 2), (463, 464), (476, 477))
        """
        _condition, scores, scratches, rows = self.by_column[column].get(mask) or self.open_column(column, mask)
        return rows, scores, scratches

    def open_column(self, column: int, mask: int) -> _Open:
        """``column``'s open boxes when ``mask`` is filled: its turn condition, their Score and Scratch ids, their rows.

        Examples:
            >>> import yamskit
            >>> tables = yamskit.variant("challenge").rules.tables
            >>> [len(tables.open_column(c, 0)[1]) for c in range(4)]
            [1, 1, 14, 14]
        """
        memo = self.by_column[column]
        found = memo.get(mask)
        if found is None:
            filled = tuple(bool(mask >> r & 1) for r in range(self.rows))
            rows = self._columns[column].policy.allowed(self._row_ids, filled)
            named = rows  # the rows whose decisions fill the open boxes
            heads = self.heads
            if heads is not None:  # each category's first free box, filled by its own row's decisions
                first: dict[int, int] = {}
                for r in rows:
                    first.setdefault(heads[r], r)
                rows, named = tuple(first.values()), tuple(first)
            start = self.score_base + column * self.rows
            scores = tuple(start + r for r in named)
            scratches: tuple[int, ...] = ()
            if self.scratch_base is not None:
                scratches = tuple(self.scratch_base + column * self.rows + r for r in named)
            found = memo.put(mask, (self.conditions[column], scores, scratches, rows))
        return found

    def box_to_fill(self, row: int, mask: int) -> int:
        """The box a decision naming ``row`` fills when ``mask`` is filled: its category's first free box.

        ``row`` itself unless it is the own row of a category of several boxes (see
        `yamskit.categories.Category.boxes`) and is filled; ``row`` again when every box of
        the category is.

        Examples:
            >>> import yamskit
            >>> tables = yamskit.variant("balut").rules.tables
            >>> tables.box_to_fill(0, 0b0), tables.box_to_fill(0, 0b11), tables.box_to_fill(0, 0b1111)
            (0, 2, 0)
        """
        heads = self.heads
        if heads is None or heads[row] != row:
            return row
        for box in range(row, self.rows):
            if heads[box] != row:
                break
            if not mask >> box & 1:
                return box
        return row


class _Listing(Protocol):
    def legal_action_ids(self) -> tuple[int, ...]: ...


def legal_ids(game: _Listing) -> tuple[int, ...]:
    """The ascending ids of the legal decisions of ``game``: ``game.legal_action_ids()``.

    0.1's entry point: a scorecard state lists its own legal ids from these tables
    (`yamskit.scorecard.ScorecardGame.legal_action_ids`).

    Examples:
        >>> import yamskit
        >>> legal_ids(yamskit.variant("competitive").new_game(players=["A", "B"], seed=1))
        (0,)
    """
    return game.legal_action_ids()
