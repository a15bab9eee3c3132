"""Legal moves of a scorecard game, computed from tables instead of trying every action.

A `SheetTables` is built once per rule set (``rules.tables``). It knows, for each
column and each set of filled boxes (a bit mask, `yamskit.scorecard.Sheet.masks`),
which boxes the column's fill policy opens next and their ids in the variant's
action space; the keeps a player may choose come from `yamskit.dice.SUB_KEEPS`.
`legal_ids` puts these together with the columns' turn conditions and the variant's
placement rules:

* a placement rule may say which rows it could ever refuse in a position by offering a
  method ``refusable_rows(game) -> frozenset[str]``; only boxes of those rows are then
  checked through the full `ScorecardGame.placement`. A rule without that method may
  refuse anything, so every candidate box is checked through it: still exact, slower;
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

from typing import TYPE_CHECKING

from .action_space import NUM_ROLL_IDS
from .dice import SUB_KEEPS
from .errors import IllegalActionError

if TYPE_CHECKING:
    from .scorecard import Column, TurnCondition
    from .scorecard_game import ScorecardGame, ScorecardRules

__all__ = ["SheetTables", "legal_ids"]

#: Bound on the memo of each rule set (column, mask) -> open boxes; cleared when reached.
_MEMO_LIMIT = 1 << 18
#: For each roll index, the set of keep indexes a player may choose (for quick membership).
SUB_KEEP_SETS: tuple[frozenset[int], ...] = tuple(frozenset(keeps) for keeps in SUB_KEEPS)


class SheetTables:
    """Lookup tables of one scorecard rule set, for listing legal moves quickly.

    Attributes:
        rows: number of rows; columns: number of columns.
        score_base: id of ``Score`` for box (0, 0); box ``(r, c)`` is ``score_base + c * rows + r``.
        scratch_base: the same for ``Scratch``, or ``None`` without crossing out.
        conditions: each column's turn condition (``None`` when it has none).

    Examples:
        >>> import yamskit
        >>> t = yamskit.variant("challenge").rules.tables
        >>> t.open_boxes(1, 0)[0]  # ascending fills minus first
        (13,)
    """

    __slots__ = ("_columns", "_memo", "_row_ids", "columns", "conditions", "rows", "score_base", "scratch_base")

    def __init__(self, rules: ScorecardRules) -> None:
        self._row_ids = rules.row_ids
        self._columns: tuple[Column, ...] = rules.columns
        self.rows = len(rules.rows)
        self.columns = len(rules.columns)
        self.score_base = NUM_ROLL_IDS
        self.scratch_base: int | None = NUM_ROLL_IDS + self.rows * self.columns if rules.allow_scratch else None
        self.conditions: tuple[TurnCondition | None, ...] = tuple(c.condition for c in rules.columns)
        self._memo: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}

    def open_boxes(self, column: int, mask: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The rows ``column``'s fill policy opens when ``mask`` is filled, their Score ids, their Scratch ids.

        Examples:
            >>> import yamskit
            >>> rows, scores, scratches = yamskit.variant("classic").rules.tables.open_boxes(0, 0b1)
            >>> rows[:2], scores[:2], scratches[:2]
            ((1, 2), (463, 464), (476, 477))
        """
        key = (column, mask)
        found = self._memo.get(key)
        if found is None:
            filled = tuple(bool(mask >> r & 1) for r in range(self.rows))
            rows = self._columns[column].policy.allowed(self._row_ids, filled)
            start = self.score_base + column * self.rows
            scores = tuple(start + r for r in rows)
            scratches: tuple[int, ...] = ()
            if self.scratch_base is not None:
                scratches = tuple(self.scratch_base + column * self.rows + r for r in rows)
            found = (rows, scores, scratches)
            if len(self._memo) >= _MEMO_LIMIT:
                self._memo.clear()
            self._memo[key] = found
        return found


def _refusable(game: ScorecardGame) -> frozenset[str] | None:
    """Rows some placement rule might refuse now; ``None``: any row (a rule that cannot tell)."""
    rows: frozenset[str] = frozenset()
    for rule in game.rules.rules:
        tell = getattr(rule, "refusable_rows", None)
        if tell is None:
            return None
        more = tell(game)
        if more:
            rows = rows | more
    return rows


def legal_ids(game: ScorecardGame) -> tuple[int, ...]:
    """The ascending ids of the legal decisions of ``game`` (see the module docs).

    Examples:
        >>> import yamskit
        >>> legal_ids(yamskit.variant("competitive").new_game(players=["A", "B"], seed=1))
        (0,)
    """
    if game.is_over:
        return ()
    rules = game.rules
    tables = rules.tables
    turn = game.turn
    masks = game.sheets[game.current_player].masks
    conditions = tables.conditions
    thrown = bool(turn.throws)
    free_column = False
    scores: list[int] = []
    scratches: list[int] = []
    for c in range(tables.columns):
        rows, score_ids, scratch_ids = tables.open_boxes(c, masks[c])
        if not rows:
            continue
        condition = conditions[c]
        if condition is None:
            free_column = True
        elif not thrown or not condition.check(turn):
            continue
        if thrown:
            scores.extend(score_ids)
            scratches.extend(scratch_ids)
    if turn.max_throws - len(turn.throws) <= 0:
        keeps: tuple[int, ...] = ()
    elif not thrown:
        keeps = (0,)
    else:
        keeps = SUB_KEEPS[turn.throws[-1].dice.index]
    if keeps and not free_column:
        space = game.variant.actions
        keeps = tuple(k for k in keeps if game.is_legal(space[k]))
    if scores and rules.rules:
        refusable = _refusable(game)
        if refusable is None or refusable:
            space = game.variant.actions
            check = None if refusable is None else {rules.row_index(r) for r in refusable}
            rows_count = tables.rows
            scores = [i for i in scores if _placeable(game, space[i], check, (i - tables.score_base) % rows_count)]
            scratches = [
                i for i in scratches if _placeable(game, space[i], check, (i - tables.score_base) % rows_count)
            ]
    return keeps + tuple(scores) + tuple(scratches)


def _placeable(game: ScorecardGame, action: object, check: set[int] | None, row: int) -> bool:
    if check is not None and row not in check:
        return True
    try:
        game.placement(action)  # type: ignore[arg-type]
    except (IllegalActionError, ValueError):
        return False
    return True
