"""Legal moves of a scorecard game, computed from tables instead of trying every action.

A `SheetTables` is built once per rule set (``rules.tables``). It knows, for each
column and each set of filled boxes (a bit mask, `yamskit.scorecard.Sheet.masks`),
which boxes the column's fill policy opens next and their ids in the variant's
action space; the keeps a player may choose come from `yamskit.dice.SUB_KEEPS`.
`legal_ids` puts these together with the columns' turn conditions and the variant's
placement rules:

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
    >>> ids = legal_ids(g)
    >>> len(ids), g.variant.actions[ids[-1]]
    (38, Scratch(row='chance', column=None))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._cache import Memo
from ..action_space import NUM_ROLL_IDS
from ..dice import KEEPS, SUB_KEEPS
from ..errors import IllegalActionError
from ..turn import Turn

if TYPE_CHECKING:
    from .rules import ScorecardRules
    from .sheet import Column, TurnCondition
    from .state import ScorecardGame

__all__ = ["SUB_KEEP_SETS", "Refusable", "Refused", "SheetTables", "legal_ids"]

#: For each roll index, the set of keep indexes a player may choose (for quick membership).
SUB_KEEP_SETS: tuple[frozenset[int], ...] = tuple(frozenset(keeps) for keeps in SUB_KEEPS)

#: What a placement rule says it may refuse: a row id (each box of the row) or a ``(row, column)`` box.
Refusable = str | tuple[str, str]

#: The open boxes of one column: its turn condition, the Score ids and the Scratch ids of its open
#: boxes, and their rows.
_Open = tuple["TurnCondition | None", tuple[int, ...], tuple[int, ...], tuple[int, ...]]


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
        start_turn: the turn a player starts, before its first throw.
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
        "_by_column",
        "_columns",
        "_row_ids",
        "columns",
        "conditions",
        "dynamic_rules",
        "order_keys",
        "rows",
        "score_base",
        "scratch_base",
        "shape_conditions",
        "start_turn",
        "static_rows",
        "tellers",
    )

    def __init__(self, rules: ScorecardRules) -> None:
        self._row_ids = rules.row_ids
        self._columns: tuple[Column, ...] = rules.columns
        self.rows = len(rules.rows)
        self.columns = len(rules.columns)
        self.score_base = NUM_ROLL_IDS
        self.scratch_base: int | None = NUM_ROLL_IDS + self.rows * self.columns if rules.allow_scratch else None
        boxes = self.rows * self.columns
        #: ``order_keys[i]``: where decision ``i`` comes in a state's list of legal actions: the throws
        #: first, then box by box (column by column), each box's Score before its Scratch.
        self.order_keys: tuple[int, ...] = tuple(range(NUM_ROLL_IDS)) + tuple(
            NUM_ROLL_IDS + 2 * (box % boxes) + box // boxes for box in range(boxes * (2 if rules.allow_scratch else 1))
        )
        self.conditions: tuple[TurnCondition | None, ...] = tuple(c.condition for c in rules.columns)
        #: Whether every turn condition reads only the number of throws and whether the last kept no dice.
        self.shape_conditions = all(c is None or c.reads_shape_only for c in self.conditions)
        self.dynamic_rules: tuple[Any, ...] = tuple(r for r in rules.rules if _static_rows(r) is None)
        self.tellers: tuple[Callable[[ScorecardGame], frozenset[Refusable]] | None, ...] = tuple(
            getattr(rule, "refusable_rows", None) for rule in self.dynamic_rules
        )
        self.static_rows: frozenset[Refusable] = frozenset().union(
            *(rows for rows in map(_static_rows, rules.rules) if rows is not None)
        )
        self.start_turn = Turn.start(max_throws=rules.max_throws)
        #: for each column, `open_column`'s answers by filled mask
        self._by_column: tuple[Memo[int, _Open], ...] = tuple(
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
        _condition, scores, scratches, rows = self._by_column[column].get(mask) or self.open_column(column, mask)
        return rows, scores, scratches

    def open_column(self, column: int, mask: int) -> _Open:
        """``column``'s open boxes when ``mask`` is filled: its turn condition, their Score and Scratch ids, their rows.

        Examples:
            >>> import yamskit
            >>> tables = yamskit.variant("challenge").rules.tables
            >>> [len(tables.open_column(c, 0)[1]) for c in range(4)]
            [1, 1, 14, 14]
        """
        memo = self._by_column[column]
        found = memo.get(mask)
        if found is None:
            filled = tuple(bool(mask >> r & 1) for r in range(self.rows))
            rows = self._columns[column].policy.allowed(self._row_ids, filled)
            start = self.score_base + column * self.rows
            scores = tuple(start + r for r in rows)
            scratches: tuple[int, ...] = ()
            if self.scratch_base is not None:
                scratches = tuple(self.scratch_base + column * self.rows + r for r in rows)
            found = memo.put(mask, (self.conditions[column], scores, scratches, rows))
        return found


def legal_ids(game: ScorecardGame) -> tuple[int, ...]:
    """The ascending ids of the legal decisions of ``game`` (see the module docs).

    Examples:
        >>> import yamskit
        >>> legal_ids(yamskit.variant("competitive").new_game(players=["A", "B"], seed=1))
        (0,)
    """
    if game.is_over:
        return ()
    rules = game.variant.rules
    tables = rules.tables
    turn = game.turn
    throws = turn.throws
    masks = game.sheets[game.current_player].masks
    by_column = tables._by_column
    free = False  # whether a column without a turn condition has an open box
    scores: tuple[int, ...] = ()
    scratches: tuple[int, ...] = ()
    if throws:  # the open boxes of every column whose condition this turn meets
        for c, mask in enumerate(masks):
            condition, score_ids, scratch_ids, _ = by_column[c].get(mask) or tables.open_column(c, mask)
            if score_ids:
                if condition is None:
                    free = True
                elif not condition.check(turn):
                    continue
                scores += score_ids
                scratches += scratch_ids
    else:
        for c, mask in enumerate(masks):
            condition, score_ids, _, _ = by_column[c].get(mask) or tables.open_column(c, mask)
            if score_ids and condition is None:
                free = True
                break
    if len(throws) >= turn.max_throws:
        keeps: tuple[int, ...] = ()
    elif not throws:
        keeps = (0,)
    else:
        keeps = SUB_KEEPS[throws[-1].index]
    if keeps and not free:  # every open column has a turn condition: keep only throws that can still finish
        if tables.shape_conditions and keeps[0] == 0:
            # the built-in conditions read only whether the keep is empty: ask once for each kind of keep
            rest = len(keeps) > 1 and game._can_finish_keeping(KEEPS[keeps[1]])
            keeps = ((0,) if game._can_finish_keeping(KEEPS[0]) else ()) + (keeps[1:] if rest else ())
        else:
            keeps = tuple(k for k in keeps if game._can_finish_keeping(KEEPS[k]))
    if not throws:
        return keeps
    if scores and (tables.static_rows or tables.tellers):
        # the rules' answers: the boxes they might refuse now (None: a rule that cannot tell)
        answers: tuple[frozenset[Refusable], ...] | None = (tables.static_rows,) if tables.static_rows else ()
        for tell in tables.tellers:
            if tell is None:
                answers = None
                break
            more = tell(game)
            if more:
                answers += (more,)  # type: ignore[operator]
        if answers is None or answers:
            rows_count = tables.rows
            boxes = rows_count * tables.columns
            base = tables.score_base
            refused: set[int] = set()  # boxes whose Score a rule refuses for sure
            if answers is None:
                check = set(range(boxes))
            else:
                check = set()
                for answer in answers:  # one answer at a time: a Refused pair equals the plain one
                    for item in answer:
                        if isinstance(item, str):
                            r = rules.row_index(item)
                            check.update(range(r, boxes, rows_count))
                        else:
                            box = rules.column_index(item[1]) * rows_count + rules.row_index(item[0])
                            (refused if type(item) is Refused else check).add(box)
            scores = tuple(
                i
                for i in scores
                if (i - base) not in refused and ((i - base) not in check or _placeable(game, i - base, boxes))
            )
            scratches = tuple(
                i for i in scratches if (i - base) % boxes not in check or _placeable(game, i - base, boxes)
            )
    return keeps + scores + scratches


def _placeable(game: ScorecardGame, box: int, boxes: int) -> bool:
    """Whether the rules accept the placement ``box`` (counted from the first Score id)."""
    c, r = divmod(box % boxes, game.rules.tables.rows)
    try:
        game._placement_at(r, c, box >= boxes)
    except (IllegalActionError, ValueError):
        return False
    return True
