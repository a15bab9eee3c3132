"""How the strong bot values a scorecard: every open box's expected future worth, bonuses, clean columns.

For a sheet with several columns (Yams Challenge, Competitive Yams, a user's own) no
exact solver exists, so the bot values the end of its turn as *points written now
minus what the box was expected to be worth later*, plus the change it makes to the
expected upper bonus and, in Competitive Yams, to the chance that the column stays
clean. Every term is computed from the rolls' score tables with numpy:

* **effective table** of an open box: its row's points for each roll of the sheet's dice
  (252 of five; `yamskit.scorecard.ScorecardRules.row_tables`),
  0 where a constraint refuses the value (golden rule, the two sums, plus above
  minus): the constraints that expose ``bounds`` are asked, so a user's own constraint
  of that shape is understood too;
* **worth** of an open box: the expected points of one turn aimed only at it (its
  column's throw limit and turn condition applied: a *dry* box only sees throws of all
  the dice, a *turbo* box at most two throws), times `WORTH_FACTOR`, fitted by a
  sweep of simulated play (`benchmarks/worth_factor.py`: Yams Challenge solitaire
  scored most at 1.0, of 0.7 to 1.1; docs/explanation/bots.md has the table);
* **upper bonus**: a normal approximation of the final upper total (open number
  rows at their worth times a *bonus factor*, standard deviation `UPPER_SPREAD` × face),
  giving the expected bonus over every tier. The factor is 1 on a sheet of several
  columns and `ONE_COLUMN_BONUS_FACTOR` on one column (`bonus_factor_of`): a number
  row is written when its dice are good, so it ends above one turn aimed at it, and
  counting it at that one turn makes a bonus like Maxi Yatzy's (84 of six dice) look
  out of reach;
* **clean column** (Competitive Yams: +200 to the duel when no box is 0): the chance
  that every other open box gets a value, from each box's chance of a non-zero in an
  aimed turn, given two tries;
* **awards** of a result declared as points (Balut's `yamskit.scorecard.points.PointsTable`,
  a user's own): the change to each award's expected points, priced in the total's unit
  (`yamskit.bots.points`).

Competitive Yams weighs each column by its coefficient.

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="66612"))
    >>> view = SheetView.of(game)
    >>> round(float(view.worth[view.rules.row_index("sixes"), 0] / WORTH_FACTOR), 2)  # one turn aimed at sixes
    12.64
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np

from .._fast import IdentityCache
from ..actions import Action, Roll
from ..dice import Dice
from ..scorecard.rules import ScorecardRules
from ..scorecard.state import ScorecardGame
from ..turn import Throw, Turn
from .lookahead import NEG, FloatArray, StopValues, box_placement, keep_or_box, single_target_values
from .points import POINT_TRIES, AwardView
from .store import stop_offset

__all__ = [
    "CLEAN_TRIES",
    "MEDIUM_WORTH",
    "ONE_COLUMN_BONUS_FACTOR",
    "UPPER_SPREAD",
    "WORTH_FACTOR",
    "SheetView",
    "bonus_factor_of",
    "choose_on_sheet",
]

#: An open box is expected to be worth this share of one turn aimed only at it (fitted by
#: simulated play: benchmarks/worth_factor.py).
WORTH_FACTOR = 1.0
#: The share the ``"medium"`` level of a one-column sheet of five dice gives an open box, one
#: throw ahead: chosen by play so that it lands between ``"easy"`` and the solver's ``"hard"``
#: (2-player classic, Yahtzee, Yatzy; at 1.0 ``"hard"`` wins only about 56% of Yatzy games
#: against it, at 0.5 it wins barely more than ``"easy"`` in classic; docs/explanation/bots.md).
MEDIUM_WORTH = 0.8
#: Standard deviation of a number row's final points, per unit of its face.
UPPER_SPREAD = 1.0
#: How many times its worth an open number row counts toward the upper bonus's expected
#: total on a one-column sheet (`bonus_factor_of`). Fitted by simulated play
#: (`benchmarks/bonus_factor.py`, Maxi Yatzy, the hard bot alone, 300 games of each factor):
#: 1.3 scored best of 1.0 to 1.6, about 30 points above 1.0 with and without saved throws.
ONE_COLUMN_BONUS_FACTOR = 1.3
#: How many aimed turns a box of a clean column is assumed to get for a non-zero value.
CLEAN_TRIES = 2
_FACES_OF = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}


def _table(rules: ScorecardRules) -> FloatArray:
    return np.array(rules.row_tables, dtype=np.float64).reshape(len(rules.rows), len(rules.dice_tables.rolls))


_TABLES: IdentityCache[FloatArray] = IdentityCache("bots: row tables", size=64, key="a ScorecardRules object")


def _row_tables(rules: ScorecardRules) -> FloatArray:
    """The points of every row for every roll of the sheet's dice, shape (rows, rolls), cached per rules object."""
    return _TABLES.get(rules, lambda: _table(rules))


def _fake_turn(max_throws: int, used: int, fresh: bool, dice: int) -> Turn:
    """A turn of ``dice`` dice with ``used`` throws whose last threw them all (``fresh``) or kept one.

    One die cannot be kept and thrown again: its turns are always fresh.
    """
    ones = Dice((1,) * dice)
    throws = [Throw(Dice(), ones)] * (used - 1)
    kept = not fresh and dice > 1
    throws.append(Throw(Dice.parse("1"), Dice((1,) * (dice - 1))) if kept else Throw(Dice(), ones))
    return Turn(max_throws=max_throws, throws=tuple(throws), dice_count=dice)


def _effective(game: ScorecardGame, player: int, r: int, c: int, raw: FloatArray) -> FloatArray:
    """``raw`` with 0 wherever a constraint of the rules refuses the value in box (r, c)."""
    rules = game.rules
    row, column = rules.row_ids[r], rules.columns[c].id
    out = raw
    sheet = game.sheets[player]
    for rule in rules.placement_rules:
        bounds_of = getattr(rule, "bounds", None)
        if bounds_of is not None:
            b = bounds_of(game, player, row, column)
            if b.forbidden:
                return np.zeros_like(raw)
            ok = raw >= b.low
            if b.high is not None:
                ok &= raw <= b.high
            out = np.where(ok, out, 0.0)
        plus, minus = getattr(rule, "plus", None), getattr(rule, "minus", None)
        if isinstance(plus, str) and isinstance(minus, str) and row in (plus, minus):
            other = minus if row == plus else plus
            box = sheet.cell(rules.row_index(other), c)
            if box.points is not None:
                ok = raw > box.points if row == plus else raw < box.points
                out = np.where(ok, out, 0.0)
    return out


@attrs.frozen
class SheetView:
    """The bot's view of the player to move: open boxes, their tables, worth and weights.

    Attributes:
        rules: the variant's rules.
        cells: the open boxes ``(row, column)``.
        tables: the effective table of each open box, shape (len(cells), rolls of the sheet's dice).
        worth: the expected future worth of every box (0 for filled ones), shape (rows, columns).
        nonzero: the chance that an open box ends with a value, shape (rows, columns).
        weights: the weight of each column (its coefficient, else 1).
        clean: the clean-column bonus (0 when the variant has none).
        spreads: the variance assumed for each row's final points (number rows only).
        plain: the cruder view of the ``"medium"`` level: a box is worth the points written
            in it now (its worth is 0: the future of the sheet is not looked at), every column
            weighs 1 (the coefficients are ignored), and neither the upper bonus nor the clean
            column counts. The placement rules still shape what a box can take.
        worth_factor: the share of one aimed turn an open box is expected to be worth
            (`WORTH_FACTOR` by default; the ``"medium"`` level of a one-column sheet of five
            dice that `yamskit.bots.split.splittable` accepts takes less, `MEDIUM_WORTH`, so that
            it holds its boxes back less than it should).
        bonus_factor: how many times its worth an open number row counts toward the
            expected upper total the bonus is priced from (1 by default; see `bonus_factor_of`).
        awards: the awards of a result declared as points (`yamskit.bots.points.AwardView`, read
            from the rules' result when it is a `yamskit.scorecard.points.PointsTable`; ``None``
            otherwise): writing a value also gains what it changes to their expected points
            (``plain``: the points it earns now and the awards a 0 spoils).
        seat: the seat whose sheet is viewed, or ``None`` for the player to move (a bot
            weighing an opponent's prospects views that opponent's seat, and one looking at
            its own next turn views its own seat while another player is to move); the
            awards are that seat's.
        point_tries: how many turns aimed at it an open box of an award is assumed to get
            (`yamskit.bots.points.POINT_TRIES` by default; the expert on a points sheet takes
            more, `yamskit.bots.ahead.AHEAD_TRIES`).

    Examples:
        >>> import yamskit
        >>> view = SheetView.of(yamskit.variant("competitive").new_game(players=["A", "B"], seed=2))
        >>> len(view.cells), view.clean, sorted(view.weights)
        (78, 200, [8.0, 10.0, 12.0, 14.0, 16.0, 18.0])
    """

    game: ScorecardGame = attrs.field(repr=False)
    rules: ScorecardRules = attrs.field(repr=False)
    cells: tuple[tuple[int, int], ...]
    tables: FloatArray = attrs.field(repr=False)
    worth: FloatArray = attrs.field(repr=False)
    nonzero: FloatArray = attrs.field(repr=False)
    weights: tuple[float, ...]
    clean: int
    spreads: FloatArray = attrs.field(repr=False)
    plain: bool = attrs.field(default=False, kw_only=True)
    worth_factor: float = attrs.field(default=WORTH_FACTOR, kw_only=True)
    bonus_factor: float = attrs.field(default=1.0, kw_only=True)
    awards: AwardView | None = attrs.field(default=None, kw_only=True, repr=False)
    seat: int | None = attrs.field(default=None, kw_only=True)
    point_tries: int = attrs.field(default=POINT_TRIES, kw_only=True)

    @classmethod
    def of(
        cls,
        game: ScorecardGame,
        *,
        plain: bool = False,
        worth_factor: float = WORTH_FACTOR,
        bonus_factor: float = 1.0,
        seat: int | None = None,
        point_tries: int = POINT_TRIES,
    ) -> SheetView:
        """Build the view for the player to move in ``game``, or for ``seat`` (the others: see the attributes).

        Examples:
            >>> import yamskit
            >>> view = SheetView.of(yamskit.variant("challenge").new_game(seed=1).apply(yamskit.Roll(outcome="12345")))
            >>> len(view.cells), view.weights
            (56, (1.0, 1.0, 1.0, 1.0))
            >>> duel = yamskit.variant("competitive").new_game(players=["A", "B"], seed=2)
            >>> plain = SheetView.of(duel, plain=True)
            >>> plain.weights, plain.clean, float(plain.worth.max())
            ((1.0, 1.0, 1.0, 1.0, 1.0, 1.0), 0, 0.0)
            >>> classic = yamskit.variant("classic").new_game(seed=1)
            >>> full, less = SheetView.of(classic), SheetView.of(classic, worth_factor=0.5)
            >>> bool(abs(less.worth - 0.5 * full.worth).max() < 1e-9)
            True
            >>> maxi = yamskit.variant("maxi-yatzy").new_game(seed=1)
            >>> round(SheetView.of(maxi).expected_bonus(0, 0, range(6)), 2)  # the rows at one aimed turn each
            0.07
            >>> round(SheetView.of(maxi, bonus_factor=1.3).expected_bonus(0, 0, range(6)), 2)
            6.44
        """
        rules = game.rules
        row_ids = rules.row_ids
        player = game.current_player if seat is None else seat
        sheet = game.sheets[player]
        raw = _row_tables(rules)
        cells = tuple(
            (r, c) for c in range(len(rules.columns)) for r in range(len(row_ids)) if sheet.cells[c][r].is_empty
        )
        rolls = len(rules.dice_tables.rolls)
        tables = np.array([_effective(game, player, r, c, raw[r]) for r, c in cells]).reshape(len(cells), rolls)
        worth = np.zeros((len(row_ids), len(rules.columns)))
        nonzero = np.ones((len(row_ids), len(rules.columns)))
        groups: dict[tuple[int, bool], list[int]] = {}
        for i, (_, c) in enumerate(cells if not plain else ()):
            groups.setdefault(_aim(rules, c), []).append(i)
        for (throws, fresh), index in groups.items():
            block = tables[index].T
            both = single_target_values(
                np.hstack([block, (block > 0).astype(np.float64)]), throws=throws, fresh_only=fresh, dice=rules.dice
            )
            for j, i in enumerate(index):
                r, c = cells[i]
                worth[r, c] = worth_factor * both[j]
                nonzero[r, c] = 1.0 - (1.0 - min(1.0, float(both[len(index) + j]))) ** CLEAN_TRIES
        weights = tuple(float(w) for w in game.column_weights) or (1.0,) * len(rules.columns)
        clean = _clean_bonus(rules)
        if plain:
            weights, clean = (1.0,) * len(rules.columns), 0
        spreads = _spreads(rules)
        awards = AwardView.of(game, plain=plain, cells=cells, tables=tables, tries=point_tries, seat=seat)
        return cls(
            game,
            rules,
            cells,
            tables,
            worth,
            nonzero,
            weights,
            clean,
            spreads,
            plain=plain,
            worth_factor=worth_factor,
            bonus_factor=bonus_factor,
            awards=awards,
            seat=seat,
            point_tries=point_tries,
        )

    # ------------------------------------------------------------------ bonus and clean terms
    def expected_bonus(self, c: int, total: float, open_rows: Sequence[int]) -> float:
        """The expected upper bonus of column ``c`` from ``total`` with ``open_rows`` still to fill.

        Examples:
            >>> import yamskit
            >>> view = SheetView.of(yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345")))
            >>> view.expected_bonus(0, 63, ()), view.expected_bonus(0, 10, ())
            (35.0, 0.0)
        """
        mean = total + sum(self.bonus_factor * float(self.worth[r, c]) for r in open_rows)
        var = sum(float(self.spreads[r]) for r in open_rows)
        return self._bonus(mean, var)

    def clean_chance(self, c: int) -> float:
        """The chance that column ``c`` ends complete without a 0, as the view prices it.

        It is 0 once the column holds a 0, and for every column of rules that pay nothing
        for a clean column.

        Examples:
            >>> import yamskit
            >>> competitive = yamskit.variant("competitive").new_game(players=["A", "B"], seed=2)
            >>> 0 < SheetView.of(competitive).clean_chance(0) < 1
            True
            >>> SheetView.of(yamskit.variant("classic").new_game(seed=1)).clean_chance(0)
            0.0
        """
        state = self._column_state(c)
        return state.product if state.clean else 0.0

    def _bonus(self, mean: float, var: float) -> float:
        bonus = self.rules.bonus
        if not bonus or self.plain:
            return 0.0
        out, before = 0.0, 0
        for threshold, points in bonus.tiers:
            step = points - before
            before = points
            if var <= 0:
                out += step if mean >= threshold else 0.0
            else:
                z = (mean - threshold + 0.5) / math.sqrt(var)
                out += step * 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
        return out

    def _column_state(self, c: int) -> _Column:
        sheet = self.game.sheets[self.game.current_player if self.seat is None else self.seat]
        column = sheet.cells[c]
        upper = _upper_rows(self.rules)
        total = float(sum(column[r].value for r in upper))
        open_upper = [r for r in upper if column[r].is_empty]
        mean = sum(self.bonus_factor * float(self.worth[r, c]) for r in open_upper)
        var = sum(float(self.spreads[r]) for r in open_upper)
        clean = bool(self.clean) and all(cell.is_empty or cell.value > 0 for cell in column)
        product = math.prod(float(self.nonzero[r, c]) for r in range(len(column)) if column[r].is_empty)
        return _Column(total, frozenset(open_upper), mean, var, self._bonus(total + mean, var), clean, product)

    def gains(self) -> FloatArray:
        """The value of writing each roll in each open box, shape (len(cells), rolls of the sheet's dice).

        Examples:
            >>> import yamskit
            >>> view = SheetView.of(yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345")))
            >>> view.gains().shape
            (13, 252)
        """
        out = np.empty_like(self.tables)
        cache: dict[int, _Column] = {}
        for i, (r, c) in enumerate(self.cells):
            if c not in cache:
                cache[c] = self._column_state(c)
            out[i] = self.weights[c] * self.gain_of(r, c, self.tables[i], cache[c])
        return out

    def gain_of(self, r: int, c: int, points: FloatArray, column: _Column | None = None) -> FloatArray:
        """The unweighted value of writing ``points`` (an array) in box (r, c), relative to its worth.

        Examples:
            >>> import numpy as np, yamskit
            >>> view = SheetView.of(yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345")))
            >>> [round(float(v), 1) for v in view.gain_of(view.rules.row_index("chance"), 0, np.array([15.0, 25.0]))]
            [-8.3, 1.7]
        """
        col = column or self._column_state(c)
        value = points - self.worth[r, c]
        if r in col.open_upper:
            mean = col.total + col.mean - self.bonus_factor * float(self.worth[r, c])
            var = col.var - float(self.spreads[r])
            distinct, inverse = np.unique(points, return_inverse=True)
            after = np.array([self._bonus(mean + float(p), var) for p in distinct])
            value = value + after[inverse] - col.bonus
        if col.clean:
            mine = float(self.nonzero[r, c])
            others = col.product / mine if mine > 0 else 0.0
            value = value + np.where(points > 0, self.clean * (others - col.product), -self.clean * col.product)
        if self.awards is not None:
            value = value + self.awards.gain(r, c, np.asarray(points, dtype=np.float64))
        return np.asarray(value, dtype=np.float64)


@attrs.frozen
class _Column:
    total: float
    open_upper: frozenset[int]
    mean: float
    var: float
    bonus: float
    clean: bool
    product: float


def _aim(rules: ScorecardRules, c: int) -> tuple[int, bool]:
    """The throws and the dry flag of a turn aimed at a box of column ``c``."""
    condition = rules.columns[c].condition
    throws, fresh = rules.max_throws, False
    if condition is not None:
        if condition.name == "dry":
            fresh = True
        elif condition.name.startswith("at_most_"):
            throws = min(throws, int(condition.name.split("_")[2]))
    return throws, fresh


def _upper_rows(rules: ScorecardRules) -> tuple[int, ...]:
    if not rules.bonus:
        return ()
    row_ids = rules.row_ids
    return tuple(row_ids.index(r) for r in rules.bonus.rows if r in row_ids)


def _spreads(rules: ScorecardRules) -> FloatArray:
    """The variance assumed for each row's final points (number rows only)."""
    return np.array([(UPPER_SPREAD * _FACES_OF.get(r, 3)) ** 2 for r in rules.row_ids], dtype=np.float64)


def _clean_bonus(rules: ScorecardRules) -> int:
    """The bonus a clean column (every box holding points) brings: the result function's ``clean_bonus`` hook."""
    bonus = getattr(rules.result, "clean_bonus", 0)
    return bonus if isinstance(bonus, int) and not isinstance(bonus, bool) else 0


def _stop_table(view: SheetView, gains: FloatArray) -> Any:
    """``stop(used, fresh)`` over the boxes of the view's seat fillable now, with the columns' turn conditions."""
    rules = view.rules
    sheet = view.game.sheets[view.game.current_player if view.seat is None else view.seat]
    allowed = {c: set(column.policy.allowed(rules.row_ids, sheet.filled(c))) for c, column in enumerate(rules.columns)}
    rows_now = [i for i, (r, c) in enumerate(view.cells) if r in allowed[c]]
    memo: dict[tuple[int, bool], FloatArray] = {}

    def stop(used: int, fresh: bool) -> FloatArray:
        key = (used, fresh)
        if key not in memo:
            turn = _fake_turn(rules.max_throws, used, fresh, rules.dice)
            picks = [
                i
                for i in rows_now
                if rules.columns[view.cells[i][1]].condition is None
                or rules.columns[view.cells[i][1]].condition.check(turn)  # type: ignore[union-attr]
            ]
            memo[key] = gains[picks].max(axis=0) if picks else np.full(gains.shape[1], NEG)
        return memo[key]

    return stop


#: How many boxes, best first by the tables, are checked against every placement rule.
_CHECKED = 4


def _placements(game: ScorecardGame, view: SheetView, gains: FloatArray) -> list[tuple[float, Action]]:
    """The legal Score or Scratch of the current dice worth most, with their values (real points, every rule).

    The boxes are ranked by the tables (``gains``); the best few are then placed for
    real, so that every rule counts (a joker, a *sec*, a bonus beside the boxes); with
    five of a kind every box is, since those rules mostly concern it.
    """
    rules = game.rules
    row_ids = rules.row_ids
    sheet = game.sheets[game.current_player]
    single = len(rules.columns) == 1
    dice = game.turn.dice
    roll = rules.dice_tables.roll_index(dice.faces)
    allowed = {}
    for c, column in enumerate(rules.columns):
        if column.condition is None or column.condition.check(game.turn):
            allowed[c] = set(column.policy.allowed(row_ids, sheet.filled(c)))
    ranked = sorted(
        (i for i, (r, c) in enumerate(view.cells) if r in allowed.get(c, ())), key=lambda i: -gains[i, roll]
    )
    # a category of several boxes is named by its own row and fills its first free box: its
    # boxes are alike, so the best ranked stands for all (the others name no legal move)
    named: dict[tuple[str, int], int] = {}
    for i in ranked:
        r, c = view.cells[i]
        named.setdefault((rules.decision_row(r), c), i)
    ranked = list(named.values())
    if len(set(dice.faces)) > 1:
        ranked = ranked[:_CHECKED]
    out: list[tuple[float, Action]] = []
    column_states: dict[int, Any] = {}
    for i in ranked:
        r, c = view.cells[i]
        found = box_placement(game, rules.decision_row(r), None if single else rules.columns[c].id)
        if found is None:
            continue
        action, placed = found
        if c not in column_states:
            column_states[c] = view._column_state(c)
        points = 0.0 if placed.crossed else float(placed.points)
        value = float(view.gain_of(r, c, np.array([points]), column_states[c])[0]) * view.weights[c]
        value += placed.extra
        for row, col in placed.also_cross:
            rr, cc = rules.row_index(row), rules.column_index(col)
            value -= view.weights[cc] * sheet.cells[cc][rr].value
            if sheet.cells[cc][rr].is_empty:
                value += view.weights[cc] * view.worth[rr, cc]
        out.append((value, action))
    return out


_RECENT: list[tuple[Any, int, SheetView, FloatArray]] = []


def bonus_factor_of(rules: ScorecardRules) -> float:
    """The bonus factor the hard bot prices an upper bonus with on ``rules``' sheet (`SheetView`).

    `ONE_COLUMN_BONUS_FACTOR` on a sheet of one column, 1 on a sheet of several, where the
    factor was fitted with the box worth (`WORTH_FACTOR`) and the columns' own rules.

    Examples:
        >>> import yamskit
        >>> bonus_factor_of(yamskit.variant("maxi-yatzy").rules), bonus_factor_of(yamskit.variant("challenge").rules)
        (1.3, 1.0)
    """
    return ONE_COLUMN_BONUS_FACTOR if len(rules.columns) == 1 else 1.0


def _view_of(
    game: ScorecardGame, plain: bool, worth_factor: float, bonus_factor: float, point_tries: int = POINT_TRIES
) -> tuple[SheetView, FloatArray]:
    """The view and gains of ``game``, reused within a turn (they do not depend on the dice)."""
    for sheets, player, view, gains in _RECENT:
        same = sheets is game.sheets and player == game.current_player and view.plain == plain
        factors = view.worth_factor == worth_factor and view.bonus_factor == bonus_factor
        if same and factors and view.point_tries == point_tries and view.game.variant is game.variant:
            return view, gains
    view = SheetView.of(
        game, plain=plain, worth_factor=worth_factor, bonus_factor=bonus_factor, point_tries=point_tries
    )
    gains = view.gains()
    _RECENT.insert(0, (game.sheets, game.current_player, view, gains))
    del _RECENT[8:]
    return view, gains


def choose_on_sheet(
    game: ScorecardGame,
    *,
    depth: int = 10,
    plain: bool | None = None,
    worth_factor: float = WORTH_FACTOR,
    bonus_factor: float = 1.0,
) -> Action:
    """The strong bot's action on a scorecard: the best keep or the best box.

    ``depth`` is how many throws ahead keeps look (1: as if the next throw ended the turn).
    ``plain`` plays by the cruder view (`SheetView`, ``plain``: the points written now, no
    future worth, coefficients, bonuses or clean columns); by default it does when ``depth``
    is 1, the ``"medium"`` level of a sheet of several columns (or of other than five dice).
    ``worth_factor`` is the share of an aimed turn an open box is expected to be worth
    (`SheetView`); the ``"medium"`` level of a one-column sheet of five dice that the split
    evaluation handles plays ``plain=False`` with `MEDIUM_WORTH`. ``bonus_factor`` prices the
    upper bonus (`SheetView`; the hard bot passes `bonus_factor_of` the rules). Where the
    rules save unused throws, ending the turn is also worth the throws it keeps
    (`yamskit.bots.store`), except in the ``plain`` view.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("challenge").new_game(seed=1).apply(yamskit.Roll(outcome="66612"))
        >>> choose_on_sheet(g)
        Roll(keep=Dice.parse('666'), outcome=None)
        >>> yahtzee = yamskit.variant("yahtzee").new_game(seed=1).apply(yamskit.Roll(outcome="66612"))
        >>> choose_on_sheet(yahtzee, depth=1, plain=False, worth_factor=MEDIUM_WORTH)
        Roll(keep=Dice.parse('666'), outcome=None)
    """
    turn = game.turn
    if not turn.has_thrown:
        return Roll()
    view, gains = _view_of(game, depth <= 1 if plain is None else plain, worth_factor, bonus_factor)
    best_box = max(_placements(game, view, gains), key=lambda vp: vp[0], default=None)
    stop = _stop_table(view, gains)
    if game.rules.saved_throws and not view.plain:
        # every box alike gains the throws that ending the turn keeps: stop now, or after more throws
        box_stop: StopValues = stop

        def stop(used: int, fresh: bool) -> FloatArray:
            return box_stop(used, fresh) + stop_offset(game, used)

        if best_box is not None:
            best_box = (best_box[0] + stop_offset(game, turn.throws_used), best_box[1])
    return keep_or_box(game, best_box, stop, depth=depth)
