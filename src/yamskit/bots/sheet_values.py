"""Fitted values of a sheet of several columns: the expert's judge of Yams Challenge.

Hard values the end of a turn on a sheet of several columns by its view
(`yamskit.bots.sheet.SheetView`): each open box worth one turn aimed at it, the upper bonus
by a normal law. It never learns that the columns share their turns. `SheetValues` is a
judge fitted to the game itself, the way hard fits a one-column sheet too large to solve
(`yamskit.bots.fitted_values`): the value of a sheet is a linear function of its features,
with one set of weights for each *layer* (the number of boxes filled), fitted from the full
sheet back to the empty one. In each layer the target of a sheet is its exact one-turn
expectimax (every roll and keep, `yamskit.bots.lookahead`) over the fitted values of the
layer after it. The features (`SheetModel.features`):

* which boxes are open, one feature each;
* for each column with an upper bonus, the chance that its open bonus rows still reach the
  threshold, each row given one turn aimed at it, with the column's throws and with one
  throw fewer;
* for each column with a pair rule (plus above minus), the worth of the open box of the pair
  under the bound the other one sets, once that holds a number.

The sheets come from games of hard and medium (`yamskit.bots.sheet_fit`), each with two
sheets one random box later, so that the boxes the expectimax weighs and the games never
reach are in the fit too. The weights are drawn towards the view's (each open box worth a
turn aimed at it, the bonus worth its chance) by a ridge of `RIDGE`: without it the values
of rare sheets run away layer after layer, and the empty sheet was valued at 2,400 points.

The fit takes some five minutes on one core, so the values of Yams Challenge are shipped
with the package (``data/challenge-values.json``, written by ``benchmarks/fit_sheet_values.py``);
`stored_values` finds them for rules with the same `signature`. Measured on 2026-12-06
(scratch runs on two cores, a prototype of this module with the same features and fit): over
seeds 90000-90199 alone, 782.8 ± 8.3 points a game against hard's 728.4 ± 7.7 (ridge 1,000:
729.7; 100: 764.5; 20: 776.8; 5: 782.8; 1: 775.0); the figures of the shipped values are in
docs/explanation/bots.md.

Examples:
    >>> import yamskit
    >>> model = SheetModel.of(yamskit.variant("challenge").rules)
    >>> model.rows, model.columns, model.size
    (14, 4, 73)
    >>> supports(yamskit.variant("classic").rules)
    'a sheet of one column (the exact solver or the fitted one-column values play it)'
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from importlib import resources
from typing import Any

import attrs
import numpy as np

from .._cache import cached
from ..errors import DeserializationError, RuleConfigError
from ..jsontext import parse_json
from ..scorecard.plus_minus import PlusAboveMinus
from ..scorecard.rules import ScorecardRules
from ..scorecard.sheet import Sheet
from ..solver.tables import FloatArray
from .lookahead import single_target_values
from .sheet import _fake_turn

__all__ = [
    "RIDGE",
    "ColumnState",
    "SheetModel",
    "SheetState",
    "SheetValues",
    "signature",
    "stored_values",
    "supports",
]

#: How strongly the weights of a layer are drawn towards the view's (see the module docs).
RIDGE = 5.0

#: One column: filled boxes (a bit per row), its bonus rows' total (capped at the threshold),
#: and the points of the pair's greater and lesser boxes (-1 unless they hold a number).
ColumnState = tuple[int, int, int, int]
#: A sheet: one `ColumnState` per column.
SheetState = tuple[ColumnState, ...]


def _pair_of(rules: ScorecardRules) -> tuple[int, int] | str | None:
    """The rows (greater, lesser) of a plus-above-minus rule, ``None`` without one, or why it is not modelled."""
    if not rules.placement_rules:
        return None
    if len(rules.placement_rules) > 1:
        return "more than one placement rule"
    rule = rules.placement_rules[0]
    if not isinstance(rule, PlusAboveMinus):
        return f"the placement rule {type(rule).__name__} (only a pair of rows, plus above minus, is modelled)"
    return rules.row_index(rule.plus), rules.row_index(rule.minus)


def _fresh_only(rules: ScorecardRules, condition: Any) -> bool | None:
    """Whether a column's turn condition asks for a fresh throw (``None``: a condition not modelled)."""
    if condition is None:
        return False
    fresh = condition.check(_fake_turn(rules.max_throws, 2, True, rules.dice))
    kept = condition.check(_fake_turn(rules.max_throws, 2, False, rules.dice))
    return True if fresh and not kept else None


def _bonus_faces(rules: ScorecardRules) -> tuple[int, ...] | None:
    """The face each bonus row counts (its table is face times how many dice show it), ``None`` otherwise."""
    assert rules.bonus is not None
    rolls = rules.dice_tables.rolls
    faces = []
    for row in rules.bonus.rows:
        table = rules.row_tables[rules.row_index(row)]
        found = [f for f in range(1, 7) if all(t == f * r.count(f) for t, r in zip(table, rolls, strict=True))]
        if not found:
            return None
        faces.append(found[0])
    return tuple(faces)


def supports(rules: ScorecardRules) -> str | None:
    """``None`` when `SheetModel` models these rules, else why not (a sentence).

    Modelled: a sheet of several columns won on its total, boxes of one row each, no saved
    throws, each column in any fill order with no condition or a fresh throw (*dry*), an
    upper bonus of one tier over number rows or none, and at most one placement rule, a
    pair of rows (plus above minus).

    Examples:
        >>> import yamskit
        >>> supports(yamskit.variant("challenge").rules) is None
        True
        >>> supports(yamskit.variant("competitive").rules)  # won by column duels
        'a result rule, saved throws or no crossing out'
    """
    if len(rules.columns) < 2:
        return "a sheet of one column (the exact solver or the fitted one-column values play it)"
    if rules.result is not None or rules.saved_throws or not rules.allow_scratch:
        return "a result rule, saved throws or no crossing out"
    if any(row.boxes != 1 for row in rules.rows):
        return "a row of several boxes"
    if any(_fresh_only(rules, column.condition) is None for column in rules.columns):
        return "a column condition other than a fresh throw"
    if rules.bonus is not None and (len(rules.bonus.tiers) != 1 or _bonus_faces(rules) is None):
        return "an upper bonus of several tiers or over rows that are not numbers"
    pair = _pair_of(rules)
    if isinstance(pair, tuple) and rules.bonus is not None and {rules.row_ids[r] for r in pair} & set(rules.bonus.rows):
        return "a pair rule over rows of the upper bonus"
    if isinstance(pair, str):
        if len(rules.placement_rules) > 1:
            return "a placement rule of several (only a pair of rows, plus above minus, is modelled)"
        return pair
    return None


def signature(rules: ScorecardRules) -> str:
    """A hash of everything the values depend on: rows and their tables, columns, bonus, pair rule, dice, throws.

    Examples:
        >>> import yamskit
        >>> len(signature(yamskit.variant("challenge").rules))
        32
    """
    text = repr(
        (
            [(row.id, table) for row, table in zip(rules.rows, rules.row_tables, strict=True)],
            [(c.id, c.policy, c.condition) for c in rules.columns],
            rules.bonus,
            rules.placement_rules,
            rules.dice,
            rules.max_throws,
            rules.allow_scratch,
        )
    )
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _count_chances(face: int, throws: int, fresh: bool, dice: int) -> FloatArray:
    """The chances of 0 to ``dice`` dice showing ``face`` after a turn aimed at it.

    With keeps, every die showing it is kept. A fresh-only column throws all the dice again
    unless at least half show it (a rule of thumb: the feature needs a shape, not an optimum).
    """
    p = 1.0 / 6.0
    one = np.array([math.comb(dice, n) * p**n * (1 - p) ** (dice - n) for n in range(dice + 1)])
    if fresh:
        stay = np.zeros(dice + 1)
        go = 1.0
        enough = (dice + 1) // 2
        for t in range(throws):
            if t == throws - 1:
                stay += go * one
            else:
                stay[enough:] += go * one[enough:]
                go *= float(one[:enough].sum())
        return stay
    have = np.zeros(dice + 1)
    have[0] = 1.0
    for _ in range(throws):
        after = np.zeros(dice + 1)
        for n in range(dice + 1):
            rest = dice - n
            for add in range(rest + 1):
                after[n + add] += have[n] * math.comb(rest, add) * p**add * (1 - p) ** (rest - add)
        have = after
    return have


def _bonus_chances(faces: Sequence[int], threshold: int, throws: int, fresh: bool, dice: int) -> FloatArray:
    """``[open rows as bits, need]``: the chance the open rows' aimed turns add up to at least ``need``."""
    counts = [_count_chances(f, throws, fresh, dice) for f in faces]
    top = sum(faces) * dice + 1
    out = np.zeros((1 << len(faces), threshold + 1))
    for mask in range(1 << len(faces)):
        dist = np.zeros(top)
        dist[0] = 1.0
        for i, face in enumerate(faces):
            if mask >> i & 1:
                step = np.zeros(top)
                for n, chance in enumerate(counts[i]):
                    step[face * n :] += dist[: top - face * n] * chance
                dist = step
        out[mask] = np.cumsum(dist[::-1])[::-1][: threshold + 1]
    return out


@attrs.frozen(eq=False)
class SheetModel:
    """What the fitted values read from a sheet's rules: tables, features and the view's weights.

    Build it with `SheetModel.of` (kept once per rules).

    Attributes:
        rules: the rules it models (`supports` them).
        rows: the sheet's rows.
        columns: its columns.
        size: the number of features (1 + rows × columns + 4 × columns).
        tables: each row's points for each roll of the dice (rows, rolls).
        fresh_only: for each column, whether it takes only a fresh throw (*dry*).
        bonus_rows: the row indexes of the upper bonus, in the bonus's order.
        threshold: the bonus's threshold (0 without a bonus).
        amount: the bonus's points (0 without a bonus).
        pair: the rows (greater, lesser) of the plus-above-minus rule, or ``None``.
        prior: the view's weights, towards which every layer's fit is drawn.
        pair_worth: for each column, the greater box's worth above each bound and the lesser
            box's below it (one turn aimed at it, indexed by the other box's points).
        signature: the rules' `signature`, computed once (a decision compares it with its values').

    Examples:
        >>> import yamskit
        >>> m = SheetModel.of(yamskit.variant("challenge").rules)
        >>> m.fresh_only, m.threshold, m.amount, m.pair
        ((False, False, False, True), 60, 30, (12, 13))
    """

    rules: ScorecardRules
    rows: int
    columns: int
    size: int
    tables: FloatArray
    fresh_only: tuple[bool, ...]
    bonus_rows: tuple[int, ...]
    threshold: int
    amount: int
    pair: tuple[int, int] | None
    prior: FloatArray
    signature: str
    _bonus: tuple[tuple[FloatArray, FloatArray], ...]
    pair_worth: tuple[tuple[FloatArray, FloatArray], ...]

    @staticmethod
    def of(rules: ScorecardRules) -> SheetModel:
        """The model of ``rules``, built once per rules and kept.

        Raises:
            RuleConfigError: rules it does not model (the message says why).

        Examples:
            >>> import yamskit
            >>> rules = yamskit.variant("challenge").rules
            >>> SheetModel.of(rules) is SheetModel.of(rules)
            True
        """
        return _model(rules)

    def features(self, state: SheetState) -> FloatArray:
        """The features of a sheet (see the module docs), the first one constant.

        Examples:
            >>> import yamskit
            >>> m = SheetModel.of(yamskit.variant("challenge").rules)
            >>> f = m.features(m.empty())
            >>> float(f[0]), float(f[1:57].sum()), round(float(f[57]), 4)
            (1.0, 56.0, 0.0763)
        """
        out = np.zeros(self.size)
        out[0] = 1.0
        base = 1 + self.rows * self.columns
        for c, (filled, upper, greater, lesser) in enumerate(state):
            for r in range(self.rows):
                if not filled >> r & 1:
                    out[1 + c * self.rows + r] = 1.0
            out[base + 2 * c : base + 2 * c + 2] = self.bonus_features(c, filled, upper)
            out[base + 2 * self.columns + 2 * c : base + 2 * self.columns + 2 * c + 2] = self.pair_features(
                c, filled, greater, lesser
            )
        return out

    def empty(self) -> SheetState:
        """The state of an empty sheet.

        Examples:
            >>> import yamskit
            >>> SheetModel.of(yamskit.variant("challenge").rules).empty()[0]
            (0, 0, -1, -1)
        """
        return ((0, 0, -1, -1),) * self.columns

    def state_of(self, sheet: Sheet) -> SheetState:
        """The state of a game's sheet.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("challenge")
            >>> g = v.new_game(seed=1).apply(yamskit.Roll(outcome="66665")).apply(yamskit.Score("sixes", "disorder"))
            >>> SheetModel.of(v.rules).state_of(g.sheets[0])[2]
            (32, 24, -1, -1)
        """
        out = []
        bonus = set(self.bonus_rows)
        for c in range(self.columns):
            filled, upper, greater, lesser = 0, 0, -1, -1
            for r in range(self.rows):
                cell = sheet.cell(r, c)
                if cell.points is None and not cell.scratched:
                    continue
                filled |= 1 << r
                if cell.points is None:
                    continue
                if r in bonus:
                    upper += cell.points
                if self.pair is not None and r == self.pair[0]:
                    greater = cell.points
                if self.pair is not None and r == self.pair[1]:
                    lesser = cell.points
            out.append((filled, min(upper, self.threshold), greater, lesser))
        return tuple(out)

    def layer(self, state: SheetState) -> int:
        """How many boxes are filled.

        Examples:
            >>> import yamskit
            >>> m = SheetModel.of(yamskit.variant("challenge").rules)
            >>> m.layer(m.empty())
            0
        """
        return sum(bin(filled).count("1") for filled, _, _, _ in state)

    def open_rows(self, state: SheetState, column: int) -> tuple[int, ...]:
        """The rows of ``column`` that may be filled now, by the column's fill order.

        Examples:
            >>> import yamskit
            >>> m = SheetModel.of(yamskit.variant("challenge").rules)
            >>> m.open_rows(m.empty(), 0), m.open_rows(m.empty(), 1)
            ((0,), (13,))
        """
        filled = state[column][0]
        flags = [bool(filled >> r & 1) for r in range(self.rows)]
        return self.rules.columns[column].policy.allowed(self.rules.row_ids, flags)

    def allowed_points(self, state: SheetState, column: int, row: int) -> tuple[int, int]:
        """The points a box may hold now, ``low <= points < high``: the pair rule's bound, else any.

        Examples:
            >>> import yamskit
            >>> m = SheetModel.of(yamskit.variant("challenge").rules)
            >>> m.allowed_points(((0, 0, -1, 20),) * 4, 0, 12), m.allowed_points(((0, 0, 25, -1),) * 4, 0, 13)
            ((21, 41), (0, 25))
        """
        high = int(self.tables.max()) + 1
        if self.pair is None or row not in self.pair:
            return 0, high
        _, _, greater, lesser = state[column]
        if row == self.pair[0]:
            return (lesser + 1 if lesser >= 0 else 0), high
        return 0, (greater if greater >= 0 else high)

    def write(self, state: SheetState, column: int, row: int, points: int | None) -> tuple[SheetState, int]:
        """The state after writing ``points`` in a box (``None``: crossed out), and the points it earns, bonus included.

        Examples:
            >>> import yamskit
            >>> m = SheetModel.of(yamskit.variant("challenge").rules)
            >>> m.write(((0, 55, -1, -1),) * 4, 0, 5, 12)[1]  # sixes reach the bonus
            42
        """
        filled, upper, greater, lesser = state[column]
        filled |= 1 << row
        earned = 0
        if points is not None:
            earned = points
            if row in self.bonus_rows:
                if upper < self.threshold <= upper + points:
                    earned += self.amount
                upper = min(upper + points, self.threshold)
            if self.pair is not None and row == self.pair[0]:
                greater = points
            if self.pair is not None and row == self.pair[1]:
                lesser = points
        after = list(state)
        after[column] = (filled, upper, greater, lesser)
        return tuple(after), earned

    def bonus_features(self, column: int, filled: int, upper: int) -> tuple[float, float]:
        """A column's two bonus features: the chance its open bonus rows reach the threshold (0 once reached).

        The first gives each open row a turn aimed at it with the column's throws, the second
        with one throw fewer (a fresh-only column: one throw).

        Examples:
            >>> import yamskit
            >>> m = SheetModel.of(yamskit.variant("challenge").rules)
            >>> [round(x, 4) for x in m.bonus_features(2, 0, 0)], m.bonus_features(2, 0, 60)
            ([0.0763, 0.004], (0.0, 0.0))
        """
        if not self.bonus_rows or upper >= self.threshold:
            return 0.0, 0.0
        open_bits = sum(1 << i for i, r in enumerate(self.bonus_rows) if not filled >> r & 1)
        high, low = self._bonus[column]
        need = self.threshold - upper
        return float(high[open_bits, need]), float(low[open_bits, need])

    def pair_features(self, column: int, filled: int, greater: int, lesser: int) -> tuple[float, float]:
        """A column's two pair features: the worth of the open half of the pair under the other's bound.

        The first is the greater box's worth while the lesser holds ``lesser`` points, the
        second the lesser box's while the greater holds ``greater`` (0 where that does not
        apply; -1 points: not holding a number).

        Examples:
            >>> import yamskit
            >>> m = SheetModel.of(yamskit.variant("challenge").rules)
            >>> plus_open = (1 << 14) - 1 - (1 << 12)  # every box of the column filled but plus
            >>> round(m.pair_features(0, plus_open, -1, 20)[0], 4)  # plus must beat a minus of 20
            20.2861
        """
        if self.pair is None:
            return 0.0, 0.0
        above, below = self.pair_worth[column]
        g, lo = self.pair
        first = float(above[lesser]) if not filled >> g & 1 and lesser >= 0 else 0.0
        second = float(below[greater]) if not filled >> lo & 1 and greater >= 0 else 0.0
        return first, second


@cached("bots: sheet-values models", size=16, key="a ScorecardRules object")
def _model(rules: ScorecardRules) -> SheetModel:
    why = supports(rules)
    if why is not None:
        raise RuleConfigError(f"the fitted sheet values do not model these rules: {why}")
    tables = np.array(rules.row_tables, dtype=np.float64)
    rows, columns = len(rules.rows), len(rules.columns)
    fresh = tuple(bool(_fresh_only(rules, column.condition)) for column in rules.columns)
    throws, dice = rules.max_throws, rules.dice
    pair = _pair_of(rules)
    assert not isinstance(pair, str)
    bonus_rows: tuple[int, ...] = ()
    threshold = amount = 0
    bonus: tuple[tuple[FloatArray, FloatArray], ...] = ((np.zeros((1, 1)), np.zeros((1, 1))),) * columns
    if rules.bonus is not None:
        faces = _bonus_faces(rules)
        assert faces is not None
        bonus_rows = tuple(rules.row_index(row) for row in rules.bonus.rows)
        threshold, amount = rules.bonus.tiers[0]
        bonus = tuple(
            (
                _bonus_chances(faces, threshold, throws, f, dice),
                _bonus_chances(faces, threshold, 1 if f else max(1, throws - 1), f, dice),
            )
            for f in fresh
        )
    top = int(tables.max()) + 1
    pair_worth: tuple[tuple[FloatArray, FloatArray], ...] = ((np.zeros(top), np.zeros(top)),) * columns
    if pair is not None:
        g, lo = pair
        above = np.stack([np.where(tables[g] > v, tables[g], 0.0) for v in range(top)], axis=1)
        below = np.stack([np.where(tables[lo] < v, tables[lo], 0.0) for v in range(top)], axis=1)
        pair_worth = tuple(
            (
                single_target_values(above, throws=throws, fresh_only=f, dice=dice),
                single_target_values(below, throws=throws, fresh_only=f, dice=dice),
            )
            for f in fresh
        )
    size = 1 + rows * columns + 4 * columns
    prior = np.zeros(size)
    for c, f in enumerate(fresh):
        prior[1 + c * rows : 1 + (c + 1) * rows] = single_target_values(
            tables.T, throws=throws, fresh_only=f, dice=dice
        )
        prior[1 + rows * columns + 2 * c] = float(amount)
    return SheetModel(
        rules=rules,
        rows=rows,
        columns=columns,
        size=size,
        tables=tables,
        fresh_only=fresh,
        bonus_rows=bonus_rows,
        threshold=threshold,
        amount=amount,
        pair=pair,
        prior=prior,
        signature=signature(rules),
        bonus=bonus,
        pair_worth=pair_worth,
    )


def _weights(value: Any) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(float(w) for w in layer) for layer in value)


@attrs.frozen(cache_hash=True)
class SheetValues:
    """The fitted weights of a sheet's values, one set per layer (0 to boxes − 1 filled), for one rules `signature`.

    Attributes:
        signature: the `signature` of the rules they were fitted to.
        weights: ``weights[layer]``: the feature weights (`SheetModel.features`) of the
            sheets with ``layer`` boxes filled; a full sheet is worth 0.
        games: how many games gave the sheets of the fit.
        seed: the seed of those games and of the sheets one box later.
        ridge: how strongly each layer was drawn towards the view's weights.

    Examples:
        >>> import yamskit
        >>> values = stored_values(yamskit.variant("challenge").rules)
        >>> len(values.weights), len(values.weights[0]), values.ridge
        (56, 73, 5.0)
    """

    signature: str
    weights: tuple[tuple[float, ...], ...] = attrs.field(converter=_weights, repr=False)
    games: int = attrs.field(kw_only=True)
    seed: int = attrs.field(kw_only=True)
    ridge: float = attrs.field(kw_only=True)

    def layer(self, filled: int) -> FloatArray:
        """The weights of the sheets with ``filled`` boxes filled (zeros for a full sheet).

        Examples:
            >>> import yamskit
            >>> values = stored_values(yamskit.variant("challenge").rules)
            >>> float(values.layer(56).sum())
            0.0
        """
        return _layer_array(self, filled)

    def to_json(self) -> str:
        """The values as JSON text (`SheetValues.from_json` reads it back).

        Examples:
            >>> import yamskit
            >>> values = stored_values(yamskit.variant("challenge").rules)
            >>> SheetValues.from_json(values.to_json()) == values
            True
        """
        return json.dumps(
            {
                "kind": "yamskit-sheet-values",
                "version": 1,
                "signature": self.signature,
                "games": self.games,
                "seed": self.seed,
                "ridge": self.ridge,
                "weights": [list(layer) for layer in self.weights],
            }
        )

    @staticmethod
    def from_json(text: str) -> SheetValues:
        """Read values written by `SheetValues.to_json`.

        Raises:
            DeserializationError: not such a record (the message names what is wrong).

        Examples:
            >>> SheetValues.from_json('{"kind": "a game"}')  # doctest: +IGNORE_EXCEPTION_DETAIL
            Traceback (most recent call last):
            DeserializationError: not sheet values: kind is 'a game'
        """
        try:
            data = parse_json(text, floats=True)
        except DeserializationError as error:
            raise DeserializationError(f"sheet values are not such JSON: {error}") from None
        if not isinstance(data, dict) or data.get("kind") != "yamskit-sheet-values":
            kind = data.get("kind") if isinstance(data, dict) else type(data).__name__
            raise DeserializationError(f"not sheet values: kind is {kind!r}")
        if data.get("version") != 1:
            raise DeserializationError(f"sheet values of version {data.get('version')!r}; this yamskit reads 1")
        weights = data.get("weights")
        if (
            not isinstance(weights, list)
            or not weights
            or not all(isinstance(layer, list) and len(layer) == len(weights[0]) for layer in weights)
            or not all(isinstance(w, int | float) and not isinstance(w, bool) for layer in weights for w in layer)
        ):
            raise DeserializationError("sheet values: weights must be equal lists of finite numbers, one per layer")
        for name, kind in (("signature", str), ("games", int), ("seed", int), ("ridge", int | float)):
            if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
                raise DeserializationError(f"sheet values: {name} is missing or of the wrong type")
        return SheetValues(
            data["signature"], weights, games=data["games"], seed=data["seed"], ridge=float(data["ridge"])
        )


@cached("bots: sheet-values weights", size=8, key="a SheetValues (its weights as arrays, one per layer)")
def _layer_arrays(values: SheetValues) -> tuple[FloatArray, ...]:
    arrays = [np.array(layer, dtype=np.float64) for layer in values.weights]
    arrays.append(np.zeros(len(values.weights[0])))
    return tuple(arrays)


def _layer_array(values: SheetValues, filled: int) -> FloatArray:
    return _layer_arrays(values)[filled]


#: The values shipped with the package, each file fitted to one preset's rules.
_SHIPPED = ("challenge-values.json",)


@cached("bots: shipped sheet values", size=1, key="none: the package's files, read once")
def _shipped() -> dict[str, SheetValues]:
    found = {}
    folder = resources.files("yamskit.bots") / "data"
    for name in _SHIPPED:
        values = SheetValues.from_json((folder / name).read_text(encoding="utf-8"))
        found[values.signature] = values
    return found


def stored_values(rules: ScorecardRules) -> SheetValues | None:
    """The values shipped for rules of the same `signature` (Yams Challenge's), else ``None``.

    Examples:
        >>> import yamskit
        >>> stored_values(yamskit.variant("challenge").rules).games
        2000
        >>> stored_values(yamskit.variant("balut").rules) is None  # rules it does not model
        True
    """
    if supports(rules) is not None:
        return None
    return _shipped().get(signature(rules))
