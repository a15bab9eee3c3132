"""The rules of a scorecard variant (`ScorecardRules`), what a placement is, and what a placement rule may read.

`yamskit.scorecard.variant.ScorecardVariant` names a rule set and starts games;
`yamskit.scorecard.state.ScorecardGame` plays it (all three are exported by
`yamskit.scorecard`). The rules hold the variant's placement rules, each a callable
``rule(game, placement) -> placement`` (a `PlacementRule`, see `yamskit.scorecard.placement`)
that reads the game through the `SheetState` protocol: the rules, the state and the
placement rules name each other, so their contracts are written here, together.

Examples:
    >>> import yamskit
    >>> rules = yamskit.variant("challenge").rules
    >>> rules.column_ids, rules.row_index("Full House")
    (('down', 'up', 'disorder', 'dry'), 8)
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any, Protocol, TypeAlias, runtime_checkable

import attrs

from .._fast import builder, replacer
from ..actions import DiceLike, Score, Scratch
from ..categories import Category
from ..dice import Dice, DiceStream
from ..errors import RuleConfigError, UnknownActionError, brief
from ..game import GameState, Variant
from ..names import Names, column_names, row_names
from ..result import Result
from ..turn import Turn
from .moves import SheetTables
from .sheet import Cell, Column, Sheet, UpperBonus

__all__ = ["BoxValues", "Placement", "PlacementRule", "ScorecardRules", "SheetState", "SheetVariant"]

#: The points each row's box can hold, one set per row, top to bottom (see ``box_values`` in
#: `yamskit.scorecard.placement`).
BoxValues: TypeAlias = tuple[frozenset[int], ...]


@attrs.frozen
class Placement:
    """What a Score or Scratch would write, as computed so far.

    Attributes:
        player: index of the player placing.
        row: row id; column: column id.
        dice: the five dice showing; turn: the turn they come from.
        scratch: the player asked to cross the box out (``Scratch``).
        points: the points to write (0 when crossed out).
        crossed: the box will be written as crossed out (asked, or forced by a rule).
        extra: points earned beside the boxes (for example a Yams bonus).
        also_cross: other boxes ``(row, column)`` of the same sheet that become crossed
            out as a consequence, even if they hold points.
        notes: short explanations added by rules, for UIs and logs.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic", yams_bonus=100).new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("yams"))
        >>> p = g.apply(yamskit.Roll(outcome="66666")).placement(yamskit.Score("sixes"))
        >>> p.points, p.extra, p.crossed, p.notes
        (30, 100, False, ('bonus 100',))
    """

    player: int
    row: str
    column: str
    dice: Dice
    turn: Turn
    scratch: bool
    points: int
    crossed: bool
    extra: int = 0
    also_cross: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()

    def written_as_zero(self, note: str) -> Placement:
        """This placement, written as a crossed-out 0, with ``note`` explaining why."""
        return _zeroed(self, 0, True, (*self.notes, note))


#: A placement with other points, crossing and notes, without the checks (see `yamskit._fast`).
_zeroed = replacer(Placement, "points", "crossed", "notes")
#: ``Placement(...)`` from values known to be right, without the constructor's checks: the
#: scorecard builds one or two placements at every write.
new_placement = builder(Placement)


@runtime_checkable
class SheetVariant(Variant, Protocol):
    """A scorecard variant as its states see it: a `yamskit.game.Variant` with a sheet's rules.

    `yamskit.scorecard.ScorecardVariant` is one (and any class a user writes that offers
    the same members).

    Examples:
        >>> import yamskit
        >>> isinstance(yamskit.variant("challenge"), SheetVariant)
        True
    """

    @property
    def rules(self) -> ScorecardRules:
        """The rows, columns and placement rules."""

    @property
    def rows(self) -> tuple[str, ...]:
        """Row ids, top to bottom."""

    @property
    def columns(self) -> tuple[str, ...]:
        """Column ids, left to right."""

    @property
    def notes(self) -> tuple[str, ...]:
        """The rulings the variant follows, one line each."""

    def category(self, row: str) -> Category:
        """The category behind a row id."""

    def score(self, row: str, dice: DiceLike) -> int:
        """Points ``row`` gives for ``dice`` alone, with no sheet context."""


@runtime_checkable
class SheetState(GameState, Protocol):
    """A scorecard game as its placement rules and result functions read it (`yamskit.scorecard.ScorecardGame`).

    Examples:
        >>> import yamskit
        >>> isinstance(yamskit.variant("classic").new_game(seed=1), SheetState)
        True
    """

    @property
    def variant(self) -> SheetVariant:
        """The variant this game follows."""

    @property
    def rules(self) -> ScorecardRules:
        """The variant's rules."""

    @property
    def sheets(self) -> tuple[Sheet, ...]:
        """One sheet per player, in seat order."""

    @property
    def column_weights(self) -> tuple[int, ...]:
        """The columns' coefficients, for variants whose columns carry them (else empty)."""

    def cell(self, player: int | str, row: str, column: str | None = None) -> Cell:
        """The box ``row``/``column`` of ``player``'s sheet."""

    def placement(self, action: Score | Scratch) -> Placement:
        """What ``action`` would write, after every rule; raises if it is illegal."""

    def upper_total(self, player: int, column: str | None = None) -> int:
        """The sum of the bonus rows of ``player``'s ``column``."""


#: A placement rule: inspect or change a placement, or raise an `IllegalActionError` naming the rule.
PlacementRule: TypeAlias = Callable[[SheetState, Placement], Placement]


@attrs.frozen
class ScorecardRules:
    """Everything that defines a scorecard variant.

    Attributes:
        rows: the categories, top to bottom.
        columns: the columns, left to right (one column for classic-like games).
        bonus: the upper bonus paid per column, or ``None``.
        max_throws: throws per turn.
        allow_scratch: whether ``Scratch`` may cross a box out.
        placement_rules: placement rules applied, in order, to every Score and Scratch
            (``rules`` in 0.1, which still reads them, with a `DeprecationWarning`, until 0.3).
        result: computes the `Result`; ``None`` sums each player's
            boxes, column bonuses and extra points.
        setup: draws per-game column weights from the seeded stream (or returns given
            ones), for variants whose columns carry coefficients.
        players: the smallest and largest number of players.

    Raises:
        RuleConfigError: no rows, two rows or two columns with one id, or a column or
            bonus naming a row the sheet does not have.

    Examples:
        >>> from yamskit.categories import upper
        >>> rules = ScorecardRules(rows=tuple(upper(f) for f in range(1, 7)))
        >>> rules.row_ids[:2], rules.column_ids
        (('ones', 'twos'), ('main',))
    """

    rows: tuple[Category, ...]
    columns: tuple[Column, ...] = (Column("main"),)
    bonus: UpperBonus | None = None
    max_throws: int = 3
    allow_scratch: bool = True
    placement_rules: tuple[PlacementRule, ...] = ()
    result: Callable[[SheetState], Result] | None = None
    setup: Callable[[DiceStream, int], tuple[tuple[int, ...], DiceStream]] | None = None
    players: tuple[int, int] = (1, 8)

    #: Row ids, top to bottom.
    row_ids: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Column ids, left to right.
    column_ids: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    _row_names: Names = attrs.field(init=False, eq=False, repr=False)
    _column_names: Names = attrs.field(init=False, eq=False, repr=False)
    _rows_at: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _columns_at: dict[str | None, int] = attrs.field(init=False, eq=False, repr=False)
    #: The lookup tables the game states use to list legal moves.
    tables: SheetTables = attrs.field(init=False, eq=False, repr=False)
    _values: BoxValues | None = attrs.field(init=False, eq=False, repr=False)

    # The derived fields are worked out in order, when the rules are made; the first two check the sheet.
    @row_ids.default
    def _checked_row_ids(self) -> tuple[str, ...]:
        ids = tuple(r.id for r in self.rows)
        if not ids or len(set(ids)) != len(ids):
            raise RuleConfigError(f"a sheet needs at least one row and distinct row ids: {list(ids)}")
        return ids

    @column_ids.default
    def _checked_column_ids(self) -> tuple[str, ...]:
        ids = tuple(c.id for c in self.columns)
        if not ids or len(set(ids)) != len(ids):
            raise RuleConfigError(f"a sheet needs at least one column and distinct column ids: {list(ids)}")
        for column in self.columns:
            unknown = [r for r in column.policy.first if r not in self.row_ids]
            if unknown:
                raise RuleConfigError(f"column {brief(column.id)} starts at unknown rows {unknown}")
        if self.bonus:
            unknown = [r for r in self.bonus.rows if r not in self.row_ids]
            if unknown:
                raise RuleConfigError(f"the upper bonus counts unknown rows {unknown}")
        return ids

    @_row_names.default
    def _make_row_names(self) -> Names:
        return row_names((r.id, r.label) for r in self.rows)

    @_column_names.default
    def _make_column_names(self) -> Names:
        return column_names((c.id, c.label) for c in self.columns)

    @_rows_at.default
    def _make_rows_at(self) -> dict[str, int]:
        return {row: i for i, row in enumerate(self.row_ids)}

    @_columns_at.default
    def _make_columns_at(self) -> dict[str | None, int]:
        columns_at: dict[str | None, int] = {column: i for i, column in enumerate(self.column_ids)}
        if len(self.columns) == 1:
            columns_at[None] = 0
        return columns_at

    @tables.default
    def _make_tables(self) -> SheetTables:
        return SheetTables(self)

    @_values.default
    def _make_values(self) -> BoxValues | None:
        values: BoxValues | None = tuple(frozenset(row.table) for row in self.rows)
        for rule in self.placement_rules:
            hook = getattr(rule, "box_values", None)
            if values is None or hook is None:
                return None
            values = hook(self, values)
        return values

    @property
    def rules(self) -> tuple[PlacementRule, ...]:
        """The 0.1 name of `placement_rules`: deprecated, it goes in 0.3.

        Examples:
            >>> import warnings, yamskit
            >>> with warnings.catch_warnings(record=True) as caught:
            ...     warnings.simplefilter("always")
            ...     rules = yamskit.variant("challenge").rules.rules
            >>> len(rules), str(caught[0].message)
            (1, 'ScorecardRules.rules is deprecated: read ScorecardRules.placement_rules')
        """
        warnings.warn(
            "ScorecardRules.rules is deprecated: read ScorecardRules.placement_rules", DeprecationWarning, stacklevel=2
        )
        return self.placement_rules

    def __reduce__(self) -> tuple[Any, ...]:
        # a copy (pickle, a worker process) is made anew from the fields given, and works out its own tables
        return (type(self), tuple(getattr(self, f.name) for f in attrs.fields(type(self)) if f.init))

    @property
    def box_values(self) -> BoxValues | None:
        """The points each row's box can hold (a cross aside), top to bottom; ``None`` when unknown.

        The row's scorer gives the values it pays over the 252 rolls; then each placement
        rule, in order, says what it changes through its ``box_values`` hook (see
        `yamskit.scorecard.placement`). A rule without the hook may write anything, and
        the values are then unknown. Computed once per rule set.

        Examples:
            >>> import yamskit
            >>> sorted(yamskit.variant("classic").rules.box_values[8])
            [0, 25]
            >>> sorted(yamskit.variant("competitive").rules.box_values[12])[:3]
            [75, 80, 85]
        """
        return self._values

    @property
    def row_names(self) -> Names:
        """The rows' ids, display labels and aliases (see `yamskit.names`).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("yahtzee").rules.row_names.label("yams")
            'Yahtzee'
        """
        return self._row_names

    @property
    def column_names(self) -> Names:
        """The columns' ids, display labels and aliases (see `yamskit.names`).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("challenge").rules.column_names.label("down")
            'Descending'
        """
        return self._column_names

    def row_index(self, row: str) -> int:
        """Index of a row, by id or label (any case) or alias; `UnknownNameError` if unknown.

        Examples:
            >>> import yamskit
            >>> rules = yamskit.variant("classic").rules
            >>> rules.row_index("chance"), rules.row_index("Full House")
            (12, 8)
        """
        try:
            return self._rows_at[row]
        except (KeyError, TypeError):
            return self._rows_at[self._row_names.resolve(row)]

    def column_index(self, column: str | None) -> int:
        """Index of a column, by id, label or alias (``None``: the only column of a one-column sheet).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("challenge").rules.column_index("ascending")
            1
        """
        try:
            return self._columns_at[column]
        except (KeyError, TypeError):
            pass
        if column is None:
            raise UnknownActionError(f"name a column: {', '.join(self.column_ids)}") from None
        return self._columns_at[self._column_names.resolve(column)]

    def canonical(self, action: Score | Scratch) -> Score | Scratch:
        """``action`` with its row and column written as ids (the same object when they already are).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("yahtzee").rules.canonical(yamskit.Score("Yahtzee"))
            Score(row='yams', column=None)
        """
        row = self.row_ids[self.row_index(action.row)]
        column = action.column if action.column is None else self.column_ids[self.column_index(action.column)]
        if row == action.row and column == action.column:
            return action
        return type(action)(row, column)

    def upper_total(self, sheet: Sheet, column: int) -> int:
        """The sum of the bonus rows of ``column`` on ``sheet``."""
        if not self.bonus:
            return 0
        return sum(sheet.cells[column][self.row_index(r)].value for r in self.bonus.rows)
