"""The rules of a scorecard variant (`ScorecardRules`), what a placement is, and what a placement rule may read.

`yamskit.scorecard.variant.ScorecardVariant` names a rule set and starts games;
`yamskit.scorecard.state.ScorecardGame` plays it (all three are exported by
`yamskit.scorecard`). The rules hold the variant's placement rules, each a callable
``rule(game, placement) -> placement`` (a `PlacementRule`, see `yamskit.scorecard.placement`;
`PlacementRuleBase` gives a rule's optional hooks their defaults) that reads the game
through the `SheetState` protocol: the rules, the state and the placement rules name each
other, so their contracts are written here, together.

Examples:
    >>> import yamskit
    >>> rules = yamskit.variant("challenge").rules
    >>> rules.column_ids, rules.row_index("Full House")
    (('down', 'up', 'disorder', 'dry'), 8)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable
from typing import Any, ClassVar, Protocol, TypeAlias, runtime_checkable

import attrs

from .._fast import builder, replacer
from ..actions import DiceLike, Score, Scratch
from ..categories import Category
from ..dice import MAX_DICE, NUM_DICE, Dice, DiceStream, DiceTables, dice_tables
from ..errors import RuleConfigError, UnknownActionError, brief
from ..game import GameState, Variant
from ..history import MAX_MOVES
from ..jsontext import MAX_TEXT
from ..names import Names, column_names, row_names
from ..result import Result
from ..turn import Turn
from .moves import Refusable, SheetTables
from .sheet import Cell, Column, Sheet, UpperBonus

__all__ = [
    "BoxValues",
    "EarlyEnd",
    "Placement",
    "PlacementRule",
    "PlacementRuleBase",
    "ScorecardRules",
    "SheetState",
    "SheetVariant",
]

#: The points each row's box can hold, one set per row, top to bottom (see ``box_values`` in
#: `yamskit.scorecard.placement`).
BoxValues: TypeAlias = tuple[frozenset[int], ...]


@attrs.frozen
class EarlyEnd:
    """How a game that ended at once ended: who won, and the rule's reason (see ``ends_game``).

    A placement rule with an ``ends_game`` hook (see `yamskit.scorecard.placement`) ends the
    game when its event happens; the state then holds this value (`ScorecardGame.ended`),
    its saves and notation too.

    Attributes:
        player: the seat that made the event and wins the game.
        reason: the rule's ``end_reason``: what happened.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("generala").new_game(["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="44444")).apply(yamskit.Score("generala"))
        >>> g.is_over, g.ended, g.result().winner_names
        (True, EarlyEnd(player=0, reason='a generala on the first throw'), ('Ann',))
    """

    player: int
    reason: str


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


@runtime_checkable
class PlacementRule(Protocol):
    """A placement rule: ``rule(game, placement) -> placement``, the one member every rule has.

    The rule returns the placement unchanged, or with other points, points beside the
    boxes, boxes to cross out, notes; or it raises an `IllegalActionError` subclass that
    names the rule. A plain function is a placement rule, and so is any value with this
    ``__call__``; the optional hooks a rule may add (``check_sheet``, ``refusable_rows``,
    ``box_values``...) are listed in `yamskit.scorecard.placement`, with their defaults in
    `PlacementRuleBase`.

    Examples:
        >>> import yamskit
        >>> def no_chance_on_the_first_throw(game, placement):
        ...     if placement.row == "chance" and len(placement.turn.throws) == 1 and not placement.scratch:
        ...         raise yamskit.IllegalActionError("house rule: no chance on the first throw")
        ...     return placement
        >>> isinstance(no_chance_on_the_first_throw, PlacementRule)
        True
        >>> v = yamskit.ScorecardVariant.define("mine", rows=yamskit.variant("classic").rules.rows,
        ...                                      rules=[no_chance_on_the_first_throw])
        >>> v.new_game(seed=1).apply(yamskit.Roll(outcome="66554")).is_legal(yamskit.Score("chance"))
        False
    """

    def __call__(self, game: SheetState, placement: Placement, /) -> Placement:
        """``placement`` as this rule writes it in ``game``; raises if the rule forbids it."""


#: A box as the position search names it: ``(player, row, column)`` indexes (see `yamskit.scorecard.witness`).
_Box: TypeAlias = tuple[int, int, int]


@attrs.frozen
class PlacementRuleBase:
    """A base for placement rules: every optional hook at its default, so a rule states only what it adds.

    A subclass writes ``__call__`` (the `PlacementRule` member) and overrides the hooks it
    offers (see `yamskit.scorecard.placement` for what each means). The defaults are the
    answers the engine gives a rule that has no such hook, so deriving from this class
    changes nothing but the declarations' clarity:

    * `check_sheet`, `check_position` and `witness_order` do nothing;
    * `crosses_out`, `witness_own_sheet` are false and `extra_points` is 0;
    * `ends_game` is ``None``: the rule never ends a game at once (`end_reason` is empty);
    * `refusable_rows`, `box_values` and `witness_context` are ``None``, "not offered": the
      engine then runs the rule on every open box, takes the values its boxes may hold as
      unknown, and runs the rule on every turn the position search tries. A rule that only
      changes points should say so with ``refusable_rows = frozenset()``.

    The hooks that bear on play are looked up once, when the rules are made (`ScorecardRules`),
    the others only by the position checks: deriving from this class adds no work to a step.

    Examples:
        >>> import attrs, yamskit
        >>> @attrs.frozen
        ... class ChanceDoubled(PlacementRuleBase):
        ...     row: str = "chance"
        ...     refusable_rows = frozenset()  # it never refuses a box, it only doubles one
        ...     def __call__(self, game, placement):
        ...         if placement.row != self.row:
        ...             return placement
        ...         return attrs.evolve(placement, points=2 * placement.points)
        ...     def check_sheet(self, rules):
        ...         rules.check_rows(self, "doubled row", self.row)
        >>> rows = yamskit.variant("classic").rules.rows
        >>> v = yamskit.ScorecardVariant.define("double", rows=rows, rules=[ChanceDoubled()])
        >>> v.new_game(seed=1).apply(yamskit.Roll(outcome="66554")).placement(yamskit.Score("chance")).points
        52
        >>> yamskit.ScorecardVariant.define("double", rows=rows, rules=[ChanceDoubled("luck")])
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: ChanceDoubled: the doubled row 'luck' is not a row of this sheet (rows: \
'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind', ...)
    """

    #: The boxes the rule may refuse in a position: a fixed ``frozenset`` of row ids and ``(row, column)``
    #: pairs, or a method ``refusable_rows(game)`` giving them (see `yamskit.scorecard.moves`);
    #: ``None``: it may refuse any box.
    refusable_rows: ClassVar[frozenset[Refusable] | Callable[..., frozenset[Refusable]] | None] = None
    #: ``box_values(rules, values) -> values``: the points each row's box may hold once the rule has had its
    #: say (see `ScorecardRules.box_values`); ``None``: it may write anything.
    box_values: ClassVar[Callable[..., BoxValues] | None] = None
    #: Whether the rule writes crossed-out boxes even where the variant has no crossing out.
    crosses_out: ClassVar[bool] = False
    #: Whether the rule's effect depends only on the placing player's own sheet and the turn.
    witness_own_sheet: ClassVar[bool] = False
    #: ``witness_context(game, player, row, column) -> Hashable``: what of the sheets the rule's effect
    #: on a box depends on (see `yamskit.scorecard.witness`); ``None``: unknown.
    witness_context: ClassVar[Callable[..., Hashable] | None] = None
    #: ``ends_game(game, placement) -> bool``: whether writing ``placement`` ends the game at once, the
    #: placing player winning (see `EarlyEnd`); ``None``: the rule never ends a game. A rule with the
    #: hook also names what happened in ``end_reason``.
    ends_game: ClassVar[Callable[..., bool] | None] = None
    #: What happened, for a rule that ends games (``ends_game``): the `EarlyEnd` reason.
    end_reason: ClassVar[str] = ""

    @property
    def extra_points(self) -> int:
        """The points beside the boxes the rule pays at a time (a five-of-a-kind bonus); 0 here."""
        return 0

    def check_sheet(self, rules: ScorecardRules) -> None:
        """Raise `RuleConfigError`, naming this rule and the row, when ``rules``' sheet cannot honour it.

        Asked once, when the rules are made (`ScorecardRules`, so at
        `yamskit.scorecard.ScorecardVariant.define`); `ScorecardRules.check_rows` says
        which of the rows a rule reads the sheet lacks. Here: nothing to check.
        """

    def check_position(self, game: SheetState) -> None:
        """Raise `yamskit.position.ImpossibleSheetError` for sheets the rule forbids; here: none."""

    def witness_order(self, game: SheetState) -> Iterable[tuple[_Box, _Box, str]]:
        """Boxes that must be written in this order across players: ``(before, after, rule)``; here: none."""
        return ()


def _box_rows(rows: Iterable[Category]) -> tuple[Category, ...]:
    """The sheet's rows: each category's own row, then the rows of its further boxes (see `Category.box_rows`).

    The rows of further boxes given (a copy of rules made anew) are made again from their category.
    """
    given = tuple(rows)
    if all(getattr(row, "boxes", 1) == 1 for row in given):
        return given
    heads = {row.id for row in given if isinstance(row, Category) and row.box == 1}
    out: list[Category] = []
    for row in given:
        if not isinstance(row, Category):
            raise RuleConfigError(f"a row is a Category, not {brief(row)}")
        if row.box != 1 and row.head not in heads:
            raise RuleConfigError(f"row {brief(row.id)} is box {row.box} of {brief(row.head)}, which is not a row")
        out.extend(row.box_rows())
    return tuple(out)


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
            (``rules`` in 0.1; that name went in 0.3).
        result: computes the `Result`; ``None`` sums each player's
            boxes, column bonuses and extra points.
        setup: draws per-game column weights from the seeded stream (or returns given
            ones), for variants whose columns carry coefficients.
        players: the smallest and largest number of players.
        dice: how many dice a turn throws, 1 to 8 (`yamskit.dice.MAX_DICE`); five in the seed games.
        saved_throws: unused throws are saved (Maxi Yatzy): the throws a turn leaves unused go to
            the player's store, and a later turn may spend stored throws, one at a time, beyond
            ``max_throws`` (see `yamskit.scorecard.ScorecardGame.saved_throws`).

    Raises:
        RuleConfigError: a dice count outside 1 to 8, no rows, two rows or two columns with one id, a column or bonus
            naming a row the sheet does not have, a turn condition without a check function,
            an upper bonus's tiers not whole points,
            a placement rule that is not callable, or one whose ``check_sheet`` hook says
            the sheet cannot honour it (a joker naming a five-of-a-kind row the sheet lacks).

    Examples:
        >>> from yamskit.categories import upper
        >>> rules = ScorecardRules(rows=tuple(upper(f) for f in range(1, 7)))
        >>> rules.row_ids[:2], rules.column_ids
        (('ones', 'twos'), ('main',))
    """

    rows: tuple[Category, ...] = attrs.field(converter=_box_rows)
    columns: tuple[Column, ...] = (Column("main"),)
    bonus: UpperBonus | None = None
    max_throws: int = 3
    allow_scratch: bool = True
    placement_rules: tuple[PlacementRule, ...] = ()
    result: Callable[[SheetState], Result] | None = None
    setup: Callable[[DiceStream, int], tuple[tuple[int, ...], DiceStream]] | None = None
    players: tuple[int, int] = (1, 8)
    dice: int = attrs.field(default=NUM_DICE)
    saved_throws: bool = False

    #: Row ids, top to bottom.
    row_ids: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For each row, the index of its category's own row (see `yamskit.categories.Category.boxes`);
    #: ``None`` on a sheet whose categories have one box each.
    row_heads: tuple[int, ...] | None = attrs.field(init=False, eq=False, repr=False)
    #: Column ids, left to right.
    column_ids: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    _row_names: Names = attrs.field(init=False, eq=False, repr=False)
    _column_names: Names = attrs.field(init=False, eq=False, repr=False)
    _rows_at: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _columns_at: dict[str | None, int] = attrs.field(init=False, eq=False, repr=False)
    #: The rolls and keeps of the variant's dice (`yamskit.dice.dice_tables`, shared by every sheet of that count).
    dice_tables: DiceTables = attrs.field(init=False, eq=False, repr=False)
    #: Each row's points for each roll of the variant's dice, in ``dice_tables.rolls`` order (the rows' own
    #: ``table`` for five dice).
    row_tables: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: The lookup tables the game states use to list legal moves.
    tables: SheetTables = attrs.field(init=False, eq=False, repr=False)
    _values: BoxValues | None = attrs.field(init=False, eq=False, repr=False)
    #: The placement rules that may end a game at once (those with an ``ends_game`` hook), in order.
    enders: tuple[PlacementRule, ...] = attrs.field(init=False, eq=False, repr=False)

    # The derived fields are worked out in order, when the rules are made; the first two check the sheet.
    @row_ids.default
    def _checked_row_ids(self) -> tuple[str, ...]:
        if type(self.dice) is not int or not 1 <= self.dice <= MAX_DICE:
            raise RuleConfigError(f"dice must be a whole number from 1 to {MAX_DICE}, not {brief(self.dice)}")
        if type(self.saved_throws) is not bool:
            raise RuleConfigError(f"saved_throws must be True or False, not {brief(self.saved_throws)}")
        ids = tuple(r.id for r in self.rows)
        if not ids or len(set(ids)) != len(ids):
            raise RuleConfigError(f"a sheet needs at least one row and distinct row ids: {list(ids)}")
        return ids

    @row_heads.default
    def _category_rows(self) -> tuple[int, ...] | None:
        if all(row.boxes == 1 for row in self.rows):
            return None
        heads = tuple(self._rows_of_heads[row.head] for row in self.rows)
        for row in self.rows:
            if row.boxes > 1 and row.box == 1:
                for column in self.columns:
                    if column.policy.kind != "free":
                        raise RuleConfigError(
                            f"row {brief(row.id)} has {row.boxes} boxes, which fill in the order they stand, so "
                            f"its columns must fill in any order: column {brief(column.id)} fills "
                            f"{column.policy.describe()}"
                        )
        return heads

    @property
    def _rows_of_heads(self) -> dict[str, int]:
        return {row.id: i for i, row in enumerate(self.rows) if row.box == 1}

    @column_ids.default
    def _checked_column_ids(self) -> tuple[str, ...]:
        ids = tuple(c.id for c in self.columns)
        if not ids or len(set(ids)) != len(ids):
            raise RuleConfigError(f"a sheet needs at least one column and distinct column ids: {list(ids)}")
        for column in self.columns:
            unknown = [r for r in column.policy.first if r not in self.row_ids]
            if unknown:
                raise RuleConfigError(f"column {brief(column.id)} starts at unknown rows {brief(unknown)}")
            if column.condition is not None and not callable(column.condition.check):
                raise RuleConfigError(
                    f"column {brief(column.id)}: the turn condition {brief(column.condition.name)} has no check "
                    f"(a function turn -> bool), but {brief(column.condition.check)}"
                )
        if self.bonus:
            unknown = [r for r in self.bonus.rows if r not in self.row_ids]
            if unknown:
                raise RuleConfigError(
                    f"the upper bonus counts unknown rows {brief(unknown)} (name the sheet's rows with "
                    "UpperBonus(rows=...))"
                )
            _check_bonus(self.bonus)
        return ids

    @_row_names.default
    def _make_row_names(self) -> Names:
        return row_names((r.id, r.label, r.aliases) for r in self.rows)

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

    @dice_tables.default
    def _make_dice_tables(self) -> DiceTables:
        return dice_tables(self.dice)

    @row_tables.default
    def _make_row_tables(self) -> tuple[tuple[int, ...], ...]:
        return tuple(row.tabulate(self.dice) for row in self.rows)

    @tables.default
    def _make_tables(self) -> SheetTables:
        return SheetTables(self)

    @_values.default
    def _make_values(self) -> BoxValues | None:
        values: BoxValues | None = tuple(frozenset(table) for table in self.row_tables)
        for rule in self.placement_rules:
            hook = getattr(rule, "box_values", None)
            if values is None or hook is None:
                return None
            values = hook(self, values)
        return values

    @enders.default
    def _make_enders(self) -> tuple[PlacementRule, ...]:
        return tuple(rule for rule in self.placement_rules if getattr(rule, "ends_game", None) is not None)

    @property
    def end_reasons(self) -> tuple[str, ...]:
        """The reasons the rules that end games give (`EarlyEnd.reason`), one per such rule, in order.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("generala").rules.end_reasons, yamskit.variant("classic").rules.end_reasons
            (('a generala on the first throw',), ())
        """
        return tuple(str(getattr(rule, "end_reason", "")) for rule in self.enders)

    def early_end(self, game: SheetState, placement: Placement) -> EarlyEnd | None:
        """How writing ``placement`` in ``game`` ends the game at once, or ``None`` (no rule's event happened).

        Asks each rule of `enders`; the first whose ``ends_game`` hook says yes gives the reason.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("generala")
            >>> g = v.new_game(seed=1).apply(yamskit.Roll(outcome="55555"))
            >>> v.rules.early_end(g, g.placement(yamskit.Score("generala")))
            EarlyEnd(player=0, reason='a generala on the first throw')
            >>> v.rules.early_end(g, g.placement(yamskit.Score("poker")))
        """
        for rule in self.enders:
            if rule.ends_game(game, placement):  # type: ignore[attr-defined]
                return EarlyEnd(placement.player, str(getattr(rule, "end_reason", "")))
        return None

    def __attrs_post_init__(self) -> None:
        self._check_longest_game()
        # every placement rule against the sheet, once the rows can be looked up (the checks are `check_sheet` hooks)
        for i, rule in enumerate(self.placement_rules):
            if not callable(rule):
                raise RuleConfigError(
                    f"placement rule {i + 1} ({brief(rule)}) is not callable: a rule is "
                    "rule(game, placement) -> placement"
                )
            check = getattr(rule, "check_sheet", None)
            if check is not None:
                check(self)
        check = getattr(self.result, "check_sheet", None)  # a declared result (`yamskit.scorecard.points`)
        if check is not None:
            check(self)
        reasons = self.end_reasons
        for rule, reason in zip(self.enders, reasons, strict=True):
            if not callable(getattr(rule, "ends_game", None)) or not reason or len(reason) > 200:
                raise RuleConfigError(
                    f"{_rule_name(rule)}: a rule that ends games needs an ends_game(game, placement) hook and an "
                    f"end_reason of 1 to 200 characters, not {brief(reason)}"
                )
        if len(set(reasons)) != len(reasons):
            raise RuleConfigError(f"two rules that end games give one reason (saves name the rule by it): {reasons}")

    def _check_longest_game(self) -> None:
        """Refuse a sheet whose longest legal game a save or a record could not hold.

        A turn is every throw, then the move that fills or crosses out one box: a game of the
        most players takes at most ``players x boxes x (max_throws + 1)`` moves, which must fit
        `MAX_MOVES`, and their text (a move's JSON is under 80 characters beside its row and
        column ids) half of `MAX_TEXT`, the rest left for the sheets.
        """
        most = self.players[1] * len(self.rows) * len(self.columns) * (self.max_throws + 1)
        # the ids as JSON writes them (a letter past ASCII takes an escape)
        ids = max(len(json.dumps(r)) for r in self.row_ids) + max(len(json.dumps(c)) for c in self.column_ids)
        if most > MAX_MOVES or most * (80 + ids) > MAX_TEXT // 2:
            raise RuleConfigError(
                f"the longest game of this sheet ({self.players[1]} players x {len(self.rows)} rows x "
                f"{len(self.columns)} columns x {self.max_throws + 1} moves a turn = {most} moves, with row and "
                f"column ids of up to {ids} characters) would not fit a save or a record ({MAX_MOVES} moves, "
                f"{MAX_TEXT} characters of text): use fewer rows, columns, players or throws, or shorter ids"
            )

    def check_rows(self, rule: object, role: str, *rows: str) -> None:
        """Raise `RuleConfigError` naming ``rule`` and the first of ``rows`` this sheet does not have.

        For placement rules' ``check_sheet`` hooks (see `PlacementRuleBase`): ``role`` says what
        the row is to the rule. ``rule`` is the rule (named by its class, a function by its
        name) or the name to give it (``"Joker('free')"``).

        Examples:
            >>> import yamskit
            >>> from yamskit.scorecard.house_rules import FiveOfAKindBonus
            >>> rules = yamskit.variant("challenge").rules
            >>> rules.check_rows(FiveOfAKindBonus(), "five-of-a-kind row", "yams")
            >>> rules.check_rows(FiveOfAKindBonus(), "five-of-a-kind row", "yatzy")
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: FiveOfAKindBonus: the five-of-a-kind row 'yatzy' is not a row of this \
sheet (rows: 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind', ...)
        """
        for row in rows:
            if not isinstance(row, str) or row not in self._rows_at:
                raise RuleConfigError(
                    f"{_rule_name(rule)}: the {role} {brief(row)} is not a row of this sheet "
                    f"(rows: {_listed(self.row_ids)})"
                )

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
        if self.row_heads is not None:  # a category of several boxes counts all of them
            counted = {self.row_index(r) for r in self.bonus.rows}
            cells = sheet.cells[column]
            return sum(cells[i].value for i, head in enumerate(self.row_heads) if head in counted)
        return sum(sheet.cells[column][self.row_index(r)].value for r in self.bonus.rows)

    def decision_row(self, row: int) -> str:
        """The row id the decisions that fill box ``row`` name: its category's (`yamskit.categories.Category.boxes`).

        A box of a category of several boxes is filled by ``Score(category)`` when it is the
        category's first free box; a one-box row is its own category.

        Examples:
            >>> import yamskit
            >>> rules = yamskit.variant("balut").rules
            >>> rules.row_ids[2], rules.decision_row(2), yamskit.variant("classic").rules.decision_row(2)
            ('fours_3', 'fours', 'threes')
        """
        heads = self.row_heads
        return self.row_ids[row if heads is None else heads[row]]

    def category_totals(self, sheet: Sheet) -> dict[str, int]:
        """What each category holds on ``sheet``, all its boxes in every column together, by the category's id.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("balut").new_game(seed=1)
            >>> for faces in ("66661", "66622"):
            ...     g = g.apply(yamskit.Roll(outcome=faces)).apply(yamskit.Score("sixes"))
            >>> g.rules.category_totals(g.sheets[0])["sixes"], g.cell(0, "sixes_2").points
            (42, 18)
        """
        totals: dict[str, int] = {}
        heads = self.row_heads
        for c in range(len(self.columns)):
            cells = sheet.cells[c]
            for r, row in enumerate(self.rows):
                head = self.row_ids[heads[r]] if heads is not None else row.id
                totals[head] = totals.get(head, 0) + cells[r].value
        return totals

    def category_boxes(self, sheet: Sheet, category: str) -> tuple[Cell, ...]:
        """The boxes of ``category`` on ``sheet``, column by column, top to bottom.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("balut").new_game(seed=1).apply(yamskit.Roll(outcome="55555"))
            >>> [str(cell) for cell in g.rules.category_boxes(g.apply(yamskit.Score("balut")).sheets[0], "balut")]
            ['45', '', '', '']
        """
        head = self.row_index(category)
        heads = self.row_heads
        rows = [r for r in range(len(self.rows)) if (heads[r] if heads is not None else r) == head]
        return tuple(sheet.cells[c][r] for c in range(len(self.columns)) for r in rows)


def _rule_name(rule: object) -> str:
    """How error messages name a placement rule: a name given as text, a function's name, else its class's."""
    if isinstance(rule, str):
        return rule
    name = getattr(rule, "__name__", None)
    if isinstance(name, str) and not isinstance(rule, type):
        return name if name.isidentifier() else brief(name)
    return type(rule).__name__


def _listed(ids: tuple[str, ...], *, most: int = 7) -> str:
    """Row ids for a message: quoted, the first ``most``, then ``...``."""
    shown = ", ".join(brief(i) for i in ids[:most])
    return shown + (", ..." if len(ids) > most else "")


def _check_bonus(bonus: UpperBonus) -> None:
    """An upper bonus counts distinct rows and pays whole points >= 0 from whole thresholds >= 0."""
    if len(set(bonus.rows)) != len(bonus.rows):
        raise RuleConfigError(f"the upper bonus counts a row twice: {brief(list(bonus.rows))}")
    for tier in bonus.tiers:
        if not isinstance(tier, tuple) or len(tier) != 2 or any(type(n) is not int or n < 0 for n in tier):
            raise RuleConfigError(f"an upper bonus tier is (threshold, points), whole numbers >= 0, not {brief(tier)}")
