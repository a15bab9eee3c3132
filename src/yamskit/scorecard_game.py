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

from .actions import Action, Roll, Score, Scratch
from .categories import Category
from .dice import Dice, DiceStream
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
)
from .placement import Placement, PlacementRule
from .scorecard import SCRATCHED, Cell, Column, Sheet, UpperBonus
from .state_checks import check_column_weights
from .turn import Turn

__all__ = ["ScorecardGame", "ScorecardRules", "ScorecardVariant"]

_PLACEHOLDER = Dice.parse("11111")


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

    def __attrs_post_init__(self) -> None:
        ids = [c.id for c in self.columns]
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

    @property
    def row_ids(self) -> tuple[str, ...]:
        """Row ids, top to bottom."""
        return tuple(r.id for r in self.rows)

    @property
    def column_ids(self) -> tuple[str, ...]:
        """Column ids, left to right."""
        return tuple(c.id for c in self.columns)

    def row_index(self, row: str) -> int:
        """Index of a row id; `UnknownActionError` listing the rows if unknown."""
        try:
            return self.row_ids.index(row)
        except ValueError:
            raise UnknownActionError(f"unknown row {row!r}; rows: {', '.join(self.row_ids)}") from None

    def column_index(self, column: str | None) -> int:
        """Index of a column id (``None`` names the only column of a one-column sheet)."""
        if column is None:
            if len(self.columns) == 1:
                return 0
            raise UnknownActionError(f"name a column: {', '.join(self.column_ids)}")
        try:
            return self.column_ids.index(column)
        except ValueError:
            raise UnknownActionError(f"unknown column {column!r}; columns: {', '.join(self.column_ids)}") from None

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

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_key", json.dumps(self.options, sort_keys=True, default=str))

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

    def score(self, row: str, dice: Dice | str) -> int:
        """Points ``row`` gives for ``dice`` alone, with no sheet context (0 if they do not qualify).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").score("three_of_a_kind", "33325")
            16
        """
        d = dice if isinstance(dice, Dice) else Dice.parse(dice)
        return self.category(row).score(d)

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
    history: tuple[Move, ...] = ()
    first_player: int = 0
    column_weights: tuple[int, ...] = ()

    # ------------------------------------------------------------------ queries
    @property
    def rules(self) -> ScorecardRules:
        """The variant's rules."""
        return self.variant.rules

    @property
    def is_over(self) -> bool:
        """Whether every box of every sheet is filled."""
        return all(sheet.is_full for sheet in self.sheets)

    @property
    def dice(self) -> Dice:
        """The dice showing in the current turn (empty before its first throw)."""
        return self.turn.dice

    def cell(self, player: int, row: str, column: str | None = None) -> Cell:
        """The box ``row``/``column`` of ``player``'s sheet."""
        return self.sheets[player].cell(self.rules.row_index(row), self.rules.column_index(column))

    def outcomes(self, keep: Dice | str = "") -> tuple[tuple[Dice, Fraction], ...]:
        """Every five-dice result of throwing all dice but ``keep``, with exact probabilities.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1)
            >>> len(g.outcomes()), sum(p for _, p in g.outcomes())
            (252, Fraction(1, 1))
        """
        return throw_outcomes(self.turn, keep)

    # ------------------------------------------------------------------ legality
    def _can_finish(self, turn: Turn) -> bool:
        sheet = self.sheets[self.current_player]
        for c, column in enumerate(self.rules.columns):
            if column.policy.allowed(self.rules.row_ids, sheet.filled(c)) and (
                column.condition is None or column.condition.check(turn)
            ):
                return True
        if turn.throws_left <= 0:
            return False
        again = [turn.throw(Dice(), _PLACEHOLDER)]
        if len(turn.dice):
            again.append(turn.throw(Dice.of(turn.dice.faces[0]), Dice.parse("1111")))
        return any(self._can_finish(t) for t in again)

    def _check_roll(self, action: Roll) -> None:
        self.turn.check_throw(action.keep, action.outcome)
        rolled = Dice(_PLACEHOLDER.faces[: 5 - len(action.keep)])
        if not self._can_finish(self.turn.throw(action.keep, rolled)):
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
        if not self.turn.has_thrown:
            raise MustRollFirstError(f"{self.players[self.current_player]} must throw the dice before placing")
        rules = self.rules
        r = rules.row_index(action.row)
        c = rules.column_index(action.column)
        column = rules.columns[c]
        scratch = isinstance(action, Scratch)
        if scratch and not rules.allow_scratch:
            raise IllegalActionError(f"{self.variant.name} has no crossing out: score a box instead")
        sheet = self.sheets[self.current_player]
        if not sheet.cell(r, c).is_empty:
            raise OccupiedError(f"box {action.row!r} of column {column.id!r} is already filled")
        if r not in column.policy.allowed(rules.row_ids, sheet.filled(c)):
            allowed = ", ".join(rules.row_ids[i] for i in column.policy.allowed(rules.row_ids, sheet.filled(c)))
            raise FillOrderError(
                f"column {column.id!r} fills {column.policy.describe()}: {action.row!r} is not next"
                + (f" (next: {allowed})" if allowed else " (it is full)")
            )
        if column.condition is not None and not column.condition.check(self.turn):
            raise ColumnConditionError(f"column {column.id!r}: {column.condition.description}")
        dice = self.turn.dice
        points = 0 if scratch else rules.rows[r].score(dice)
        p = Placement(
            player=self.current_player,
            row=action.row,
            column=column.id,
            dice=dice,
            turn=self.turn,
            scratch=scratch,
            points=points,
            crossed=scratch,
        )
        for rule in rules.rules:
            p = rule(self, p)
        return p

    def check(self, action: Action, *, player: int | str | None = None) -> None:
        """Raise the `IllegalActionError` that ``action`` would raise; else nothing.

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
        if self.is_over:
            return
        turn = self.turn
        if turn.throws_left > 0:
            for keep in turn.dice.sub_multisets() if turn.has_thrown else (Dice(),):
                roll = Roll(keep=keep)
                if self.is_legal(roll):
                    yield roll
        if not turn.has_thrown:
            return
        single = len(self.rules.columns) == 1
        sheet = self.sheets[self.current_player]
        for c, column in enumerate(self.rules.columns):
            for r in column.policy.allowed(self.rules.row_ids, sheet.filled(c)):
                name = None if single else column.id
                for action in (Score(self.rules.row_ids[r], name), Scratch(self.rules.row_ids[r], name)):
                    if self.is_legal(action):
                        yield action

    def legal_actions(self) -> LegalActions:
        """A lazy view of the legal actions (throws listed with ``outcome=None``).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> sum(isinstance(a, yamskit.Score) for a in g.legal_actions())
            13
        """
        return LegalActions(self._generate, self.is_legal)

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
        if self.is_over:
            raise game_over_error(self.players)
        resolve_player(self.players, self.current_player, player)
        if isinstance(action, Roll):
            self._check_roll(action)
            turn, stream, done = roll_dice(self.turn, self.stream, action)
            return attrs.evolve(
                self, turn=turn, stream=stream, history=(*self.history, Move(self.current_player, done))
            )
        if isinstance(action, (Score, Scratch)):
            return self._write(self.placement(action), action)
        raise UnknownActionError(f"{self.variant.name} has no action {type(action).__name__}")

    def _write(self, p: Placement, action: Score | Scratch) -> ScorecardGame:
        rules = self.rules
        sheet = self.sheets[p.player]
        cell = SCRATCHED if p.crossed else Cell(points=p.points)
        sheet = sheet.with_cell(rules.row_index(p.row), rules.column_index(p.column), cell)
        for row, column in p.also_cross:
            sheet = sheet.with_cell(rules.row_index(row), rules.column_index(column), SCRATCHED)
        if p.extra:
            sheet = attrs.evolve(sheet, extra=sheet.extra + p.extra)
        sheets = (*self.sheets[: p.player], sheet, *self.sheets[p.player + 1 :])
        return attrs.evolve(
            self,
            sheets=sheets,
            current_player=(self.current_player + 1) % len(self.players),
            turn=Turn.start(max_throws=rules.max_throws),
            history=(*self.history, Move(self.current_player, action)),
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
