"""Scorecard games: the rules of a sheet-based variant, and the game state that plays them.

`ScorecardRules` declares a sheet (rows, columns, bonus), the throw limit
and the placement rules; `ScorecardVariant` names it and starts games;
`ScorecardGame` is the immutable state. Classic Yams, Yams Challenge and
Competitive Yams are all declarations over these three classes, and so is any
variant a user defines (see the how-to "Define your own variant").

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("classic")
    >>> g = v.new_game(players=["Ann"], seed=1).apply(yamskit.Roll(outcome="33325"))
    >>> g = g.apply(yamskit.Score("threes"))
    >>> g.sheets[0].cell(v.rules.row_index("threes"), 0)
    Cell(points=9, scratched=False)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

import attrs

from .action_space import ActionSpace, scorecard_actions
from .actions import Action, DiceLike, Roll, Score, Scratch, to_dice
from .categories import Category
from .dice import NUM_DICE, Dice, DiceStream
from .errors import (
    ColumnConditionError,
    FillOrderError,
    IllegalActionError,
    MustRollFirstError,
    OccupiedError,
    RuleConfigError,
    UnknownActionError,
)
from .game import (
    EMPTY_HISTORY,
    History,
    LegalActions,
    Move,
    Result,
    check_players,
    choose_first_player,
    game_over_error,
    new_stream,
    resolve_player,
    roll_dice,
    throw_outcomes,
    to_history,
)
from .names import Names, column_names, row_names
from .placement import Placement, PlacementRule
from .scorecard import SCRATCHED, Cell, Column, Sheet, UpperBonus
from .scorecard_moves import SheetTables, legal_ids
from .state_checks import check_column_weights
from .turn import Turn

__all__ = ["ScorecardGame", "ScorecardRules", "ScorecardVariant"]

_PLACEHOLDER = Dice.parse("11111")
#: Stand-in faces for throws not made yet (turn conditions look at the throws, not the faces).
_PLACEHOLDERS: tuple[Dice, ...] = tuple(Dice((1,) * n) for n in range(NUM_DICE + 1))
#: Boxes holding the usual points, shared (cells are values).
_POINTS: dict[int, Cell] = {points: Cell(points=points) for points in range(1001)}


def _standard_result(game: ScorecardGame) -> Result:
    rules = game.variant.rules
    details = []
    scores = []
    for sheet in game.sheets:
        columns = {}
        for c, column in enumerate(rules.columns):
            boxes = sum(cell.value for cell in sheet.cells[c])
            upper = rules.upper_total(sheet, c)
            bonus = rules.bonus.points(upper) if rules.bonus else 0
            columns[column.id] = {"boxes": boxes, "upper": upper, "bonus": bonus, "total": boxes + bonus}
        total = sum(col["total"] for col in columns.values()) + sheet.extra
        details.append({"columns": columns, "extra": sheet.extra, "total": total})
        scores.append(total)
    return Result.from_scores(game.players, scores, details={"players": details})


def _check_rows(_instance: object, _attribute: object, rows: tuple[Category, ...]) -> None:
    ids = [r.id for r in rows]
    if not rows or len(set(ids)) != len(ids):
        raise RuleConfigError(f"a sheet needs at least one row and distinct row ids: {ids}")


@attrs.frozen
class ScorecardRules:
    """Everything that defines a scorecard variant.

    Attributes:
        rows: the categories, top to bottom.
        columns: the columns, left to right (one column for classic-like games).
        bonus: the upper bonus paid per column, or ``None``.
        max_throws: throws per turn.
        allow_scratch: whether ``Scratch`` may cross a box out.
        rules: placement rules applied, in order, to every Score and Scratch.
        result: computes the `Result`; ``None`` sums each player's
            boxes, column bonuses and extra points.
        setup: draws per-game column weights from the seeded stream (or returns given
            ones), for variants whose columns carry coefficients.
        players: the smallest and largest number of players.

    Examples:
        >>> from yamskit.categories import upper
        >>> rules = ScorecardRules(rows=tuple(upper(f) for f in range(1, 7)))
        >>> rules.row_ids[:2], rules.column_ids
        (('ones', 'twos'), ('main',))
    """

    rows: tuple[Category, ...] = attrs.field(validator=_check_rows)
    columns: tuple[Column, ...] = (Column("main"),)
    bonus: UpperBonus | None = None
    max_throws: int = 3
    allow_scratch: bool = True
    rules: tuple[PlacementRule, ...] = ()
    result: Callable[[ScorecardGame], Result] | None = None
    setup: Callable[[DiceStream, int], tuple[tuple[int, ...], DiceStream]] | None = None
    players: tuple[int, int] = (1, 8)
    _row_names: Names = attrs.field(init=False, repr=False, eq=False)
    _column_names: Names = attrs.field(init=False, repr=False, eq=False)

    #: Row ids, top to bottom.
    row_ids: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Column ids, left to right.
    column_ids: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    _rows_at: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _columns_at: dict[str | None, int] = attrs.field(init=False, eq=False, repr=False)
    _tables: SheetTables | None = attrs.field(init=False, default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "row_ids", tuple(r.id for r in self.rows))
        object.__setattr__(self, "column_ids", tuple(c.id for c in self.columns))
        object.__setattr__(self, "_row_names", row_names((r.id, r.label) for r in self.rows))
        object.__setattr__(self, "_column_names", column_names((c.id, c.label) for c in self.columns))
        ids = list(self.column_ids)
        if not ids or len(set(ids)) != len(ids):
            raise RuleConfigError(f"a sheet needs at least one column and distinct column ids: {ids}")
        for column in self.columns:
            unknown = [r for r in column.policy.first if r not in self.row_ids]
            if unknown:
                raise RuleConfigError(f"column {column.id!r} starts at unknown rows {unknown}")
        if self.bonus:
            unknown = [r for r in self.bonus.rows if r not in self.row_ids]
            if unknown:
                raise RuleConfigError(f"the upper bonus counts unknown rows {unknown}")
        object.__setattr__(self, "_rows_at", {row: i for i, row in enumerate(self.row_ids)})
        columns_at: dict[str | None, int] = {column: i for i, column in enumerate(self.column_ids)}
        if len(self.columns) == 1:
            columns_at[None] = 0
        object.__setattr__(self, "_columns_at", columns_at)

    def __getstate__(self) -> dict[str, Any]:
        # the tables are a cache: a copy (pickle, a worker process) builds its own
        return {f.name: getattr(self, f.name) for f in attrs.fields(type(self)) if f.name != "_tables"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_tables", None)

    @property
    def tables(self) -> SheetTables:
        """The lookup tables the game states use to list legal moves (built on first use)."""
        if self._tables is None:
            object.__setattr__(self, "_tables", SheetTables(self))
        assert self._tables is not None
        return self._tables

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


@attrs.frozen
class ScorecardVariant:
    """A named scorecard rule set; starts games and scores dice.

    Two variants are equal when their names and options are.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> v.score("full_house", yamskit.Dice.parse("22555"))
        25
    """

    name: str
    rules: ScorecardRules = attrs.field(eq=False, repr=False)
    options: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    notes: tuple[str, ...] = attrs.field(default=(), eq=False, repr=False)
    _key: str = attrs.field(init=False, repr=False)
    _space: ActionSpace | None = attrs.field(init=False, default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_key", json.dumps(self.options, sort_keys=True, default=str))

    def __getstate__(self) -> dict[str, Any]:
        # the action space is a cache: a copy builds its own
        return {f.name: getattr(self, f.name) for f in attrs.fields(type(self)) if f.name != "_space"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_space", None)

    @property
    def actions(self) -> ActionSpace:
        """The numbered decisions of this variant (see `yamskit.action_space.scorecard_actions`).

        Examples:
            >>> import yamskit
            >>> space = yamskit.variant("classic").actions
            >>> space[space.index(yamskit.Score("yams"))]
            Score(row='yams', column=None)
        """
        if self._space is None:
            object.__setattr__(self, "_space", scorecard_actions(self.name, self.rules))
        assert self._space is not None
        return self._space

    @classmethod
    def define(
        cls,
        name: str,
        *,
        rows: Sequence[Category],
        columns: Sequence[Column] = (Column("main"),),
        bonus: UpperBonus | None = None,
        max_throws: int = 3,
        allow_scratch: bool = True,
        rules: Sequence[PlacementRule] = (),
        result: Callable[[ScorecardGame], Result] | None = None,
        setup: Callable[[DiceStream, int], tuple[tuple[int, ...], DiceStream]] | None = None,
        players: tuple[int, int] = (1, 8),
        options: Mapping[str, Any] | None = None,
        notes: Sequence[str] = (),
    ) -> ScorecardVariant:
        """Declare a scorecard variant from core parts (see `ScorecardRules`).

        ``options`` are recorded (they go into saved games, so the registry can rebuild
        the variant); ``notes`` are one-line rulings shown by `describe`.

        Examples:
            >>> from yamskit.categories import upper, Category, total
            >>> mini = ScorecardVariant.define("mini", rows=[upper(6), Category("chance", total)])
            >>> mini.new_game(players=["Ann"], seed=1).legal_actions()[0]
            Roll(keep=Dice.parse(''), outcome=None)
        """
        if max_throws not in range(1, 11):
            raise RuleConfigError(f"max_throws must be 1 to 10, not {max_throws!r}")
        return cls(
            name,
            ScorecardRules(
                rows=tuple(rows),
                columns=tuple(columns),
                bonus=bonus,
                max_throws=max_throws,
                allow_scratch=allow_scratch,
                rules=tuple(rules),
                result=result,
                setup=setup,
                players=players,
            ),
            dict(options or {}),
            tuple(notes),
        )

    @property
    def rows(self) -> tuple[str, ...]:
        """Row ids, top to bottom."""
        return self.rules.row_ids

    @property
    def columns(self) -> tuple[str, ...]:
        """Column ids, left to right."""
        return self.rules.column_ids

    def category(self, row: str) -> Category:
        """The category behind a row id."""
        return self.rules.rows[self.rules.row_index(row)]

    def score(self, row: str, dice: DiceLike) -> int:
        """Points ``row`` gives for ``dice`` alone, with no sheet context (0 if they do not qualify).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").score("three_of_a_kind", "33325")
            16
        """
        return self.category(row).score(to_dice(dice))

    def new_game(
        self,
        players: Sequence[str] = ("Player 1",),
        *,
        seed: int | None = None,
        first_player: int | Literal["roll_off"] = 0,
        column_weights: Sequence[int] | None = None,
    ) -> ScorecardGame:
        """A new game: empty sheets, the first player to throw.

        Args:
            players: names in seat order.
            seed: seed of the dice stream (a fresh random one when ``None``; it is
                stored in the state, so the game stays reproducible).
            first_player: index of the first player, or ``"roll_off"``: each throws the
                five dice, the highest sum starts, tied leaders throw again.
            column_weights: per-column coefficients, when the variant uses them
                (otherwise drawn by the variant's setup); checked by the setup
                (`check_column_weights`), refused by variants without one.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=4, first_player="roll_off")
            >>> g.players[g.current_player] in ("Ann", "Bob")
            True
        """
        low, high = self.rules.players
        names = check_players(players, minimum=low, maximum=high)
        stream = new_stream(seed)
        weights: tuple[int, ...] = ()
        if column_weights is not None:
            weights = check_column_weights(self, column_weights)
        elif self.rules.setup is not None:
            weights, stream = self.rules.setup(stream, len(names))
        first, stream = choose_first_player(stream, len(names), first_player)
        return ScorecardGame(
            variant=self,
            players=names,
            sheets=tuple(Sheet.empty(rows=len(self.rows), columns=len(self.columns)) for _ in names),
            current_player=first,
            turn=Turn.start(max_throws=self.rules.max_throws),
            stream=stream,
            first_player=first,
            column_weights=weights,
        )

    def describe(self) -> str:
        """A plain-text summary: rows with their maxima, columns, bonus, options, rulings.

        Examples:
            >>> import yamskit
            >>> print(yamskit.variant("classic").describe().splitlines()[0])
            classic: 13 rows x 1 column(s), 3 throws a turn
        """
        from .text import describe_scorecard

        return describe_scorecard(self)

    def state_from_data(self, data: Any) -> ScorecardGame:
        """Rebuild a state from the ``"state"`` part of its JSON (see `yamskit.serialization`)."""
        from .serialization import scorecard_state_from_data

        return scorecard_state_from_data(self, data)

    def position(
        self,
        players: Sequence[str] | None = None,
        *,
        sheets: Sequence[Mapping[Any, Any] | None] | Mapping[str, Mapping[Any, Any]] | None = None,
        extra: Sequence[int] | Mapping[str, int] | None = None,
        current_player: int | str = 0,
        first_player: int | str | None = None,
        dice: Dice | str | Sequence[int] | None = None,
        throws: int | None = None,
        kept: Dice | str | Sequence[int] = "",
        seed: int | None = None,
        draws: int | None = None,
        column_weights: Sequence[int] | Mapping[str, int] | None = None,
        totals: Sequence[int | None] | Mapping[str, int] | None = None,
    ) -> ScorecardGame:
        """A position set up from paper, checked against what a game can reach; its history is empty.

        Args:
            players: names in seat order (default ``Player 1``... for the fewest players).
            sheets: each player's boxes, by seat (a list) or by name (a dict). A sheet is
                ``{row: value}`` for one-column variants, ``{column: {row: value}}`` or
                ``{(row, column): value}`` otherwise; a value is points, ``"x"`` (crossed
                out) or ``None`` (empty). Boxes not named are empty.
            extra: each player's points beside the boxes (classic's Yams bonuses).
            current_player: the player to act, by index or name.
            first_player: who played first (default: the seat the filled boxes point to).
            dice: the five dice showing, if the player has thrown this turn.
            throws: throws used this turn (default 1 with dice, else 0).
            kept: the dice held back in the last throw (default none: all five thrown).
            seed: the dice stream's seed (default a fresh random one).
            draws: faces already drawn from the stream (default: what a new game's setup draws).
            column_weights: per-column coefficients, a list or ``{column: weight}``
                (default: dealt from the seed, as a new game does).
            totals: the totals written on paper, to check: each player's score as
                ``result()`` counts it (boxes, bonuses and extra points; duel points in
                Competitive Yams). ``None`` for a player skips the check.

        Raises:
            PositionError: a value no game can reach; the message names the box and the
                rule, ``error.rule`` its id (see `yamskit.position`).
            UnknownActionError: an unknown row or column id.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("challenge")
            >>> g = v.position(["Ann"], sheets=[{"descending": {"ones": 3, "twos": 4}}], dice="12345")
            >>> g.cell(0, "twos", "descending").points, g.is_legal(yamskit.Score("threes", "descending"))
            (4, True)
        """
        from .position import scorecard_position

        return scorecard_position(
            self,
            players,
            sheets=sheets,
            extra=extra,
            current_player=current_player,
            first_player=first_player,
            dice=dice,
            throws=throws,
            kept=kept,
            seed=seed,
            draws=draws,
            column_weights=column_weights,
            totals=totals,
        )

    def from_notation(self, text: str) -> ScorecardGame:
        """The state a position notation describes (see `yamskit.notation`); its history is empty.

        Raises:
            NotationError: malformed text, or a notation of other rules.
            PositionError: a position no game can reach.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").from_notation("classic Ann ,,9,,,,,,,,,, 0:0 - 3:0").cell(0, "threes")
            Cell(points=9, scratched=False)
        """
        from .notation import from_notation

        result: ScorecardGame = from_notation(text, variant=self)
        return result


@attrs.frozen
class ScorecardGame:
    """The state of a scorecard game: sheets, whose turn, the turn's throws, the dice stream.

    Follows the game protocol of `yamskit.game`.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=2)
        >>> g = g.apply(yamskit.Roll(outcome="12345"))
        >>> g.is_legal(yamskit.Score("large_straight")), g.placement(yamskit.Score("large_straight")).points
        (True, 40)
    """

    variant: ScorecardVariant
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    current_player: int
    turn: Turn
    stream: DiceStream
    _history: History = attrs.field(default=EMPTY_HISTORY, converter=to_history, alias="history")
    first_player: int = 0
    column_weights: tuple[int, ...] = ()
    _over: bool = attrs.field(init=False, eq=False, repr=False)
    _legal: tuple[int, ...] | None = attrs.field(init=False, default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_over", all(sheet.is_full for sheet in self.sheets))

    # ------------------------------------------------------------------ queries
    @property
    def history(self) -> History:
        """Every move so far, throws with their faces (a `History`, which reads like a tuple of moves)."""
        return self._history

    @property
    def rules(self) -> ScorecardRules:
        """The variant's rules."""
        return self.variant.rules

    @property
    def is_over(self) -> bool:
        """Whether every box of every sheet is filled."""
        return self._over

    @property
    def dice(self) -> Dice:
        """The dice showing in the current turn (empty before its first throw)."""
        return self.turn.dice

    def cell(self, player: int, row: str, column: str | None = None) -> Cell:
        """The box ``row``/``column`` of ``player``'s sheet."""
        return self.sheets[player].cell(self.rules.row_index(row), self.rules.column_index(column))

    def outcomes(self, keep: DiceLike = "") -> tuple[tuple[Dice, Fraction], ...]:
        """Every five-dice result of throwing all dice but ``keep``, with exact probabilities.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1)
            >>> len(g.outcomes()), sum(p for _, p in g.outcomes())
            (252, Fraction(1, 1))
        """
        return throw_outcomes(self.turn, keep)

    # ------------------------------------------------------------------ legality
    def _free_column(self) -> bool:
        """Whether a column without a turn condition has a box open to the player to move."""
        tables = self.rules.tables
        masks = self.sheets[self.current_player].masks
        conditions = tables.conditions
        return any(conditions[c] is None and tables.open_boxes(c, masks[c])[0] for c in range(tables.columns))

    def _can_finish(self, turn: Turn) -> bool:
        tables = self.rules.tables
        masks = self.sheets[self.current_player].masks
        for c, condition in enumerate(tables.conditions):
            if tables.open_boxes(c, masks[c])[0] and (condition is None or condition.check(turn)):
                return True
        if turn.throws_left <= 0:
            return False
        again = [turn.thrown(Dice(), _PLACEHOLDER)]
        if len(turn.dice):
            again.append(turn.thrown(Dice.of(turn.dice.faces[0]), Dice.parse("1111")))
        return any(self._can_finish(t) for t in again)

    def _can_finish_keeping(self, keep: Dice) -> bool:
        """Whether a box can still be filled after throwing all dice but ``keep`` (a throw the turn allows)."""
        return self._can_finish(self.turn.thrown(keep, _PLACEHOLDERS[NUM_DICE - len(keep)]))

    def _check_roll(self, action: Roll) -> None:
        self.turn.check_throw(action.keep, action.outcome)
        if self._free_column():
            return
        if not self._can_finish_keeping(action.keep):
            kept = f"keeping {action.keep}" if len(action.keep) else "this throw"
            raise ColumnConditionError(
                f"{kept} would leave no box you may fill this turn: "
                + "; ".join(f"column {c.id!r}: {c.condition.description}" for c in self.rules.columns if c.condition)
            )

    def placement(self, action: Score | Scratch) -> Placement:
        """What ``action`` would write, after every rule; raises if it is illegal.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="66661"))
            >>> g.placement(yamskit.Score("four_of_a_kind")).points
            25
        """
        if self.is_over:
            raise game_over_error(self.players)
        turn = self.turn
        if not turn.throws:
            raise MustRollFirstError(f"{self.players[self.current_player]} must throw the dice before placing")
        rules = self.rules
        r = rules.row_index(action.row)
        c = rules.column_index(action.column)
        column = rules.columns[c]
        scratch = isinstance(action, Scratch)
        if scratch and not rules.allow_scratch:
            raise IllegalActionError(f"{self.variant.name} has no crossing out: score a box instead")
        mask = self.sheets[self.current_player].masks[c]
        if mask >> r & 1:
            raise OccupiedError(f"box {action.row!r} of column {column.id!r} is already filled")
        allowed = rules.tables.open_boxes(c, mask)[0]
        if r not in allowed:
            names = ", ".join(rules.row_ids[i] for i in allowed)
            raise FillOrderError(
                f"column {column.id!r} fills {column.policy.describe()}: {action.row!r} is not next"
                + (f" (next: {names})" if names else " (it is full)")
            )
        if column.condition is not None and not column.condition.check(turn):
            raise ColumnConditionError(f"column {column.id!r}: {column.condition.description}")
        return self._placement_at(r, c, scratch)

    def _placement_at(self, r: int, c: int, scratch: bool) -> Placement:
        """The placement in box (``r``, ``c``), through the rules, for a box the sheet and column allow."""
        rules = self.rules
        turn = self.turn
        dice = turn.throws[-1].dice
        points = 0 if scratch else rules.rows[r].table[dice.index]
        p = Placement(self.current_player, rules.row_ids[r], rules.column_ids[c], dice, turn, scratch, points, scratch)
        for rule in rules.rules:
            p = rule(self, p)
        return p

    def check(self, action: Action, *, player: int | str | None = None) -> None:
        """Raise the `IllegalActionError` that ``action`` would raise; else nothing.

        This is the full, explicit check (the reference for `legal_action_ids`).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1)
            >>> g.check(yamskit.Roll())
        """
        if self.is_over:
            raise game_over_error(self.players)
        resolve_player(self.players, self.current_player, player)
        if isinstance(action, Roll):
            self._check_roll(action)
        elif isinstance(action, (Score, Scratch)):
            self.placement(action)
        else:
            raise UnknownActionError(f"{self.variant.name} has no action {type(action).__name__}")

    def is_legal(self, action: Action, *, player: int | str | None = None) -> bool:
        """Whether ``action`` applies now.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").new_game(seed=1).is_legal(yamskit.Score("yams"))
            False
        """
        try:
            self.check(action, player=player)
        except IllegalActionError:
            return False
        except ValueError:  # malformed dice in the action, etc.
            return False
        return True

    def _generate(self) -> Iterator[Action]:
        # throws first, then box by box (column by column), its Score before its Scratch
        space = self.variant.actions
        ids = legal_ids(self)
        base = self.rules.tables.score_base
        boxes = self.rules.tables.rows * self.rules.tables.columns
        throws = [space[i] for i in ids if i < base]
        order = sorted(((i - base) % boxes, i) for i in ids if i >= base)
        return iter(throws + [space[i] for _, i in order])

    def legal_actions(self) -> LegalActions:
        """A lazy view of the legal actions (throws listed with ``outcome=None``).

        The actions are the interned values of ``variant.actions``, in id order.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> sum(isinstance(a, yamskit.Score) for a in g.legal_actions())
            13
        """
        return LegalActions(self._generate, self.is_legal)

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids in ``variant.actions`` of the legal decisions, ascending.

        Computed from tables (see `yamskit.scorecard_moves`), not by trying every action.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> ids = g.legal_action_ids()
            >>> len(ids), g.variant.actions[ids[-1]]
            (58, Scratch(row='chance', column=None))
        """
        legal = self._legal
        if legal is None:
            legal = legal_ids(self)
            object.__setattr__(self, "_legal", legal)  # a cache: the state itself never changes
        return legal

    def legal_action_mask(self) -> bytes:
        """One byte per id of ``variant.actions``: 1 where the decision is legal, else 0.

        Examples:
            >>> import yamskit
            >>> mask = yamskit.variant("classic").new_game(seed=1).legal_action_mask()
            >>> len(mask), sum(mask)
            (488, 1)
        """
        mask = bytearray(len(self.variant.actions))
        for i in self.legal_action_ids():
            mask[i] = 1
        return bytes(mask)

    # ------------------------------------------------------------------ doing
    def apply(self, action: Action, *, player: int | str | None = None) -> ScorecardGame:
        """The state after ``action``; this state is left as it was.

        Raises:
            IllegalActionError: a subclass naming the broken rule.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1)
            >>> g.apply(yamskit.Roll()).turn.throws_used, g.turn.throws_used
            (1, 0)
        """
        if self._over:
            raise game_over_error(self.players)
        if player is not None:
            resolve_player(self.players, self.current_player, player)
        legal = self._legal
        if legal is not None:  # the legal ids are known: a decision among them needs no more checks
            i = self.variant.actions.find(action)
            if i is not None and i in legal:
                return self._apply_id(i, action)
        if isinstance(action, Roll):
            self._check_roll(action)
            turn, stream, done = roll_dice(self.turn, self.stream, action)
            return ScorecardGame(
                self.variant,
                self.players,
                self.sheets,
                self.current_player,
                turn,
                stream,
                self._history.append(Move(self.current_player, done)),
                self.first_player,
                self.column_weights,
            )
        if isinstance(action, (Score, Scratch)):
            action = self.rules.canonical(action)
            return self._write(self.placement(action), action)
        raise UnknownActionError(f"{self.variant.name} has no action {type(action).__name__}")

    def _apply_id(self, i: int, action: Action) -> ScorecardGame:
        """Apply the legal decision ``i`` of the action space (``action`` is how it was spelled)."""
        tables = self.rules.tables
        if i < tables.score_base:  # a throw with its faces from the stream
            assert isinstance(action, Roll)
            keep = action.keep
            rolled, stream = self.stream.throw(NUM_DICE - len(keep))
            state = object.__new__(ScorecardGame)  # the same game a throw later, set field by field
            put = object.__setattr__
            put(state, "variant", self.variant)
            put(state, "players", self.players)
            put(state, "sheets", self.sheets)
            put(state, "current_player", self.current_player)
            put(state, "turn", self.turn.thrown(keep, rolled))
            put(state, "stream", stream)
            put(state, "_history", self._history.append(Move(self.current_player, Roll(keep, rolled))))
            put(state, "first_player", self.first_player)
            put(state, "column_weights", self.column_weights)
            put(state, "_over", self._over)
            put(state, "_legal", None)
            return state
        assert isinstance(action, (Score, Scratch))
        boxes = tables.rows * tables.columns
        box = i - tables.score_base
        c, r = divmod(box % boxes, tables.rows)
        return self._write(self._placement_at(r, c, box >= boxes), action)

    def _write(self, p: Placement, action: Score | Scratch) -> ScorecardGame:
        rules = self.rules
        cell = SCRATCHED if p.crossed else _POINTS.get(p.points) or Cell(points=p.points)
        changes = [(rules.row_index(p.row), rules.column_index(p.column), cell)]
        changes.extend((rules.row_index(row), rules.column_index(column), SCRATCHED) for row, column in p.also_cross)
        sheet = self.sheets[p.player].with_cells(changes, extra=p.extra)
        sheets = (*self.sheets[: p.player], sheet, *self.sheets[p.player + 1 :])
        return ScorecardGame(
            self.variant,
            self.players,
            sheets,
            (self.current_player + 1) % len(self.players),
            Turn.start(max_throws=rules.max_throws),
            self.stream,
            self._history.append(Move(self.current_player, action)),
            self.first_player,
            self.column_weights,
        )

    # ------------------------------------------------------------------ scoring
    def upper_total(self, player: int, column: str | None = None) -> int:
        """The sum of the bonus rows of ``player``'s ``column``."""
        return self.rules.upper_total(self.sheets[player], self.rules.column_index(column))

    def result(self) -> Result:
        """Points, ranking and winners (also for an unfinished game: the points so far).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1).result().scores
            (0, 0)
        """
        return (self.rules.result or _standard_result)(self)

    def render(self) -> str:
        """The sheets and the turn as plain text (see `yamskit.text.render_scorecard`)."""
        from .text import render_scorecard

        return render_scorecard(self)

    def to_json(self) -> str:
        """This state as JSON text; `yamskit.load_game` reads it back into an equal state."""
        from .serialization import dump_game, scorecard_state_to_data

        return dump_game(self.variant, scorecard_state_to_data(self))

    def to_notation(self) -> str:
        """This position as one line of text (see `yamskit.notation`); `from_notation` reads it back.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").new_game(players=["Ann"], seed=3).to_notation()
            'classic Ann ,,,,,,,,,,,, 0:0 - 3:0'
        """
        from .notation import to_notation

        return to_notation(self)

    # ------------------------------------------------------------------ views
    def __str__(self) -> str:
        """The text view of this state (the same as `render`); ``repr`` stays the full value."""
        return self.render()

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for this state (see `yamskit.svg.svg`)."""
        from .svg import svg

        return svg(self)


# the quick copy in ScorecardGame._apply_id sets every field: keep it in step with the class
assert [f.name for f in attrs.fields(ScorecardGame)] == [
    "variant",
    "players",
    "sheets",
    "current_player",
    "turn",
    "stream",
    "_history",
    "first_player",
    "column_weights",
    "_over",
    "_legal",
]
