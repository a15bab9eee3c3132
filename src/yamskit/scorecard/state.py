"""The state of a scorecard game (`ScorecardGame`): sheets, whose turn, the turn's throws, the dice stream.

Its rules are a `yamskit.scorecard.rules.ScorecardRules`, named by a
`yamskit.scorecard.variant.ScorecardVariant` (all three are exported by `yamskit.scorecard`).

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(yamskit.Roll(outcome="66612"))
    >>> g.placement(yamskit.Score("sixes")).points, g.is_legal(yamskit.Score("yams"))
    (18, True)
"""

from __future__ import annotations

from bisect import bisect_left
from typing import ClassVar

import attrs

from .._fast import memo_slot, replacer
from ..actions import Action, Roll, Score, Scratch
from ..dice import MAX_DICE, Dice, DiceStream
from ..errors import (
    ColumnConditionError,
    FillOrderError,
    IllegalActionError,
    MustRollFirstError,
    OccupiedError,
    UnknownActionError,
    brief,
    game_over_error,
)
from ..game import GameState
from ..history import EMPTY_HISTORY, History, to_history
from ..result import Result
from ..seats import resolve_player, seat_of
from ..transitions import GameStateBase, Transitions
from ..turn import Turn
from .moves import Refusable, Refused
from .rules import EarlyEnd, Placement, ScorecardRules, SheetVariant, new_placement
from .sheet import SCRATCHED, Cell, Sheet

__all__ = ["TRANSITIONS", "ScorecardGame"]

#: Stand-in faces for throws not made yet (turn conditions look at the throws, not the faces), by dice count.
_PLACEHOLDERS: tuple[Dice, ...] = tuple(Dice((1,) * n) for n in range(MAX_DICE + 1))
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


def _won_at_once(result: Result, ended: EarlyEnd) -> Result:
    """``result`` of a game a rule ended at once: the winner first, alone; the others by points after."""
    winner = ended.player
    rest = tuple(group for group in (tuple(p for p in g if p != winner) for g in result.ranking) if group)
    details = result.details
    if isinstance(details, dict):
        details = {**details, "ended": {"player": winner, "reason": ended.reason}}
    return attrs.evolve(result, ranking=((winner,), *rest), details=details)


@attrs.frozen(repr=False)
class ScorecardGame(GameStateBase):
    """The state of a scorecard game: sheets, whose turn, the turn's throws, the dice stream.

    Follows the game protocol of `yamskit.game`.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=2)
        >>> g = g.apply(yamskit.Roll(outcome="12345"))
        >>> g.is_legal(yamskit.Score("large_straight")), g.placement(yamskit.Score("large_straight")).points
        (True, 40)
    """

    variant: SheetVariant
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    current_player: int
    turn: Turn
    stream: DiceStream
    _history: History = attrs.field(default=EMPTY_HISTORY, converter=to_history, alias="history")
    first_player: int = 0
    column_weights: tuple[int, ...] = ()
    #: How the game ended at once, when a rule's event ended it (see `EarlyEnd`); else ``None``.
    ended: EarlyEnd | None = None
    #: Each player's store of saved throws, in seat order, in a game whose rules save unused throws
    #: (``rules.saved_throws``, Maxi Yatzy); empty otherwise. The player to move's entry is the store as
    #: their turn began (the turn holds it as ``turn.saved``); it changes when the turn ends, to
    #: ``turn.saved_after``. See `saved_now`.
    saved_throws: tuple[int, ...] = ()
    #: Whether the game is over: a rule ended it at once (`ended`), or every box of every sheet is filled
    #: (worked out once, when the state is made).
    is_over: bool = attrs.field(init=False, eq=False)
    _legal: tuple[int, ...] | None = attrs.field(init=False, default=None, eq=False)
    #: The position this state's history starts from (``None`` for a state with an empty history).
    _origin: GameState | None = attrs.field(default=None, eq=False, alias="origin")

    @is_over.default
    def _all_sheets_full(self) -> bool:
        return self.ended is not None or all(sheet.is_full for sheet in self.sheets)

    # ------------------------------------------------------------------ queries
    @property
    def rules(self) -> ScorecardRules:
        """The variant's rules."""
        return self.variant.rules

    def saved_now(self, player: int | str) -> int:
        """The throws ``player``'s store holds now (a seat or a name); the player to move's less those spent this turn.

        The throws the turn leaves unused go in when it ends. 0 in games without saved throws.

        Raises:
            NotYourTurnError: no such player in this game.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("maxi-yatzy").new_game(["Ann", "Bob"], seed=1)
            >>> g = g.apply(yamskit.Roll(outcome="666666")).apply(yamskit.Score("maxi_yatzy"))
            >>> g.saved_throws, g.saved_now("Ann"), g.saved_now("Bob")
            ((2, 0), 2, 0)
        """
        seat = seat_of(self.players, player)
        if not self.saved_throws:
            return 0
        if seat == self.current_player and not self.is_over:
            return self.turn.saved - self.turn.spent
        return self.saved_throws[seat]

    def cell(self, player: int | str, row: str, column: str | None = None) -> Cell:
        """The box ``row``/``column`` of ``player``'s sheet (``player``: a seat or a name).

        Raises:
            NotYourTurnError: no such player in this game.
            UnknownNameError: no such row or column.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(["Ann", "Bob"], seed=1)
            >>> g.cell("Bob", "ones") == g.cell(1, "ones")
            True
        """
        seat = seat_of(self.players, player)
        return self.sheets[seat].cell(self.rules.row_index(row), self.rules.column_index(column))

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
        count = turn.dice_count
        again = [turn.thrown(Dice(), _PLACEHOLDERS[count])]
        if len(turn.dice):
            again.append(turn.thrown(Dice.of(turn.dice.faces[0]), _PLACEHOLDERS[count - 1]))
        return any(self._can_finish(t) for t in again)

    def _can_finish_keeping(self, keep: Dice) -> bool:
        """Whether a box can still be filled after throwing all dice but ``keep`` (a throw the turn allows)."""
        turn = self.turn
        return self._can_finish(turn.thrown(keep, _PLACEHOLDERS[turn.dice_count - len(keep)]))

    def _check_roll(self, action: Roll) -> None:
        self.turn.check_throw(action.keep, action.outcome, game=self.variant.name)
        if self._free_column():
            return
        if not self._can_finish_keeping(action.keep):
            kept = f"keeping {action.keep}" if len(action.keep) else "this throw"
            raise ColumnConditionError(
                f"{kept} would leave no box you may fill this turn: "
                + "; ".join(
                    f"column {brief(c.id)}: {c.condition.description}" for c in self.rules.columns if c.condition
                )
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
        if not isinstance(action, (Score, Scratch)):
            raise UnknownActionError(f"a placement is a Score or a Scratch, not {brief(action)}")
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
            raise OccupiedError(f"box {brief(action.row)} of column {brief(column.id)} is already filled")
        allowed = rules.tables.open_boxes(c, mask)[0]
        if r not in allowed:
            names = ", ".join(rules.row_ids[i] for i in allowed)
            raise FillOrderError(
                f"column {brief(column.id)} fills {column.policy.describe()}: {brief(action.row)} is not next"
                + (f" (next: {names})" if names else " (it is full)")
            )
        if column.condition is not None and not column.condition.check(turn):
            raise ColumnConditionError(f"column {brief(column.id)}: {column.condition.description}")
        return self._placement_at(r, c, scratch)

    def _placement_at(self, r: int, c: int, scratch: bool) -> Placement:
        """The placement in box (``r``, ``c``), through the rules, for a box the sheet and column allow."""
        rules = self.variant.rules
        turn = self.turn
        throw = turn.throws[-1]
        points = 0 if scratch else rules.row_tables[r][throw.index]
        p = new_placement(
            self.current_player, rules.row_ids[r], rules.column_ids[c], throw.dice, turn, scratch, points, scratch
        )
        for rule in rules.placement_rules:
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

    def _generate(self) -> tuple[Action, ...]:
        # throws first, in id order; then box by box (column by column), its Score before its Scratch
        space = self.variant.actions
        ids = self.legal_action_ids()
        rules = self.variant.rules
        tables = rules.tables
        if tables.scratch_base is None:  # no Scratch: the ids already ascend in the listing's order
            return space.pick(ids)
        n = bisect_left(ids, tables.score_base)  # how many throws: the ids ascend, throws have the lowest
        if n == len(ids):
            return space.pick(ids)
        boxes = ids[n:] if n else ids  # far fewer sets than whole id lists: remembered by the space
        listed = space.listed(boxes, tables.order_keys)
        return space.pick(ids[:n]) + listed if n else listed

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids in ``variant.actions`` of the legal decisions, ascending.

        Computed from tables (see `yamskit.scorecard.moves`), not by trying every action.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> ids = g.legal_action_ids()
            >>> len(ids), g.variant.actions[ids[-1]]
            (58, Scratch(row='chance', column=None))
        """
        legal = self._legal
        if legal is None:  # computed once (`remembered_legal_ids`, inlined: this runs at every step)
            legal = _legal_ids(self)
            _set_legal(self, legal)
        return legal

    # ------------------------------------------------------------------ doing
    def _write(self, p: Placement, history: History, r: int, c: int) -> ScorecardGame:
        """The state after ``p`` is written in box (``r``, ``c``) and the boxes it crosses out: the next to throw."""
        rules = self.variant.rules
        if p.row != rules.row_ids[r] or p.column != rules.column_ids[c]:  # a rule moved the placement
            r, c = rules.row_index(p.row), rules.column_index(p.column)
        cell = SCRATCHED if p.crossed else _POINTS.get(p.points) or Cell(points=p.points)
        changes = [(r, c, cell)]
        if p.also_cross:
            changes.extend(
                (rules.row_index(row), rules.column_index(column), SCRATCHED) for row, column in p.also_cross
            )
        sheets = self.sheets
        me = p.player
        sheet = sheets[me].with_cells(changes, extra=p.extra)
        sheets = (*sheets[:me], sheet, *sheets[me + 1 :])
        following = (self.current_player + 1) % len(self.players)
        ended = rules.early_end(self, p) if rules.enders else None
        over = ended is not None or (sheet.is_full and all(other.is_full for other in sheets))
        if self.saved_throws:  # saved throws: the turn's unused throws go to the store, the next turn may spend theirs
            return self._write_saving(sheets, following, history, over, ended)
        return _written(self, sheets, following, rules.tables.start_turn, history, over, ended)

    def _write_saving(
        self, sheets: tuple[Sheet, ...], following: int, history: History, over: bool, ended: EarlyEnd | None
    ) -> ScorecardGame:
        """`_write`'s end in a game with saved throws: the stores after the turn, the next turn with its store."""
        stores = list(self.saved_throws)
        stores[self.current_player] = self.turn.saved_after
        tables = self.variant.rules.tables
        saved = stores[following]
        start = tables.start_turn
        turn = Turn.start(max_throws=start.max_throws, dice=start.dice_count, saved=saved) if saved else start
        return _written_saving(self, sheets, following, turn, history, over, ended, tuple(stores))

    # ------------------------------------------------------------------ scoring
    def upper_total(self, player: int, column: str | None = None) -> int:
        """The sum of the bonus rows of ``player``'s ``column``."""
        return self.rules.upper_total(self.sheets[player], self.rules.column_index(column))

    def result(self) -> Result:
        """Points, ranking and winners (also for an unfinished game: the points so far).

        A game a rule ended at once (`ended`) is won by the player who made the event,
        whatever the points; the others rank by points after, and the result's details
        say how it ended (``details["ended"]``).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1).result().scores
            (0, 0)
        """
        result = (self.rules.result or _standard_result)(self)
        return result if self.ended is None else _won_at_once(result, self.ended)

    # ------------------------------------------------------------------ the class's parts of the protocol
    #: What each decision makes of a state (set below, once the transitions are defined).
    transitions: ClassVar[Transitions[ScorecardGame]]
    #: The picture Jupyter shows: the sheet `yamskit.svg` draws (see ``yamskit._display``).
    picture_kind: ClassVar[str] = "sheet"


#: The state after a throw (the ``thrown`` transition: the sheets do not change), and after a box is written:
#: ``attrs.evolve`` without the checks, naming the fields that change, the legal ids to be worked out anew
#: (see `yamskit._fast`).
_thrown_state = replacer(ScorecardGame, "turn", "stream", "history", fresh=["_legal"])
_written = replacer(ScorecardGame, "sheets", "current_player", "turn", "history", "is_over", "ended", fresh=["_legal"])
_written_saving = replacer(
    ScorecardGame,
    "sheets",
    "current_player",
    "turn",
    "history",
    "is_over",
    "ended",
    "saved_throws",
    fresh=["_legal"],
)
#: Remembers a state's legal ids once they are asked for.
_set_legal = memo_slot(ScorecardGame, "_legal")


def _legal_ids(game: ScorecardGame) -> tuple[int, ...]:
    """The ascending ids of the legal decisions of ``game``, from the tables (see `yamskit.scorecard.moves`).

    The open boxes of each column come from the tables, the keeps a player may choose
    from their ``sub_keeps`` (`yamskit.dice.SUB_KEEPS` for five dice); the columns' turn
    conditions and the placement rules (as far as they say they may refuse a box) decide the rest.
    """
    if game.is_over:
        return ()
    rules = game.variant.rules
    tables = rules.tables
    turn = game.turn
    throws = turn.throws
    masks = game.sheets[game.current_player].masks
    by_column = tables.by_column
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
    if len(throws) >= turn.max_throws + turn.saved:  # (saved: the stored throws it may spend, 0 in most games)
        keeps: tuple[int, ...] = ()
    elif not throws:
        keeps = (0,)
    else:
        keeps = tables.sub_keeps[throws[-1].index]
    if keeps and not free:  # every open column has a turn condition: keep only throws that can still finish
        if tables.shape_conditions and keeps[0] == 0:
            # the built-in conditions read only whether the keep is empty: ask once for each kind of keep
            every = tables.keeps
            rest = len(keeps) > 1 and game._can_finish_keeping(every[keeps[1]])
            keeps = ((0,) if game._can_finish_keeping(every[0]) else ()) + (keeps[1:] if rest else ())
        else:
            every = tables.keeps
            keeps = tuple(k for k in keeps if game._can_finish_keeping(every[k]))
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


def _write_box(state: ScorecardGame, _action: Score | Scratch, i: int, history: History) -> ScorecardGame:
    """Score or cross out the box of the legal decision ``i`` (boxes column by column, Scores before Scratches)."""
    rules = state.variant.rules
    tables = rules.tables
    rows = tables.rows
    boxes = rows * tables.columns
    box = i - tables.score_base
    c, r = divmod(box % boxes, rows)
    return state._write(state._placement_at(r, c, box >= boxes), history, r, c)


def _canonical(state: ScorecardGame, action: Action) -> Action:
    """A legal Score or Scratch spelled with labels or aliases: the decision with ids it stands for."""
    if isinstance(action, (Score, Scratch)):
        return state.rules.canonical(action)
    return action


#: What each scorecard decision makes of a state (applied by `yamskit.transitions.GameStateBase.apply`).
TRANSITIONS: Transitions[ScorecardGame] = Transitions(
    thrown=_thrown_state, moves={Score: _write_box, Scratch: _write_box}, canonical=_canonical
)
ScorecardGame.transitions = TRANSITIONS
