"""The solver's view of a variant: row tables, upper bonus, joker and five-of-a-kind bonuses, as arrays.

`model_of` checks that a variant is a one-column solitaire scorecard game the
solver handles, and reads off everything the expectimax needs. Anything else raises
`RuleConfigError` naming what is not supported. The model also
carries the rules *fingerprint*: a hash of every table and rule value, stored with a
saved strategy so that it is never used for other rules.

Examples:
    >>> import yamskit
    >>> from yamskit.solver.model import model_of
    >>> m = model_of(yamskit.variant("yahtzee"))
    >>> m.rows[:2], m.cap, m.joker, m.five_bonus, m.flag_row
    (('ones', 'twos'), 63, 'forced', 100, 11)
"""

from __future__ import annotations

import hashlib
import json

import attrs
import numpy as np
import numpy.typing as npt

from ..errors import RuleConfigError, brief
from ..scorecard.game_rules import OpensAfter, ServedBonus, ServedWin
from ..scorecard.house_rules import FiveOfAKindBonus, Joker, NumberBoxBonus, joker_value
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from .tables import IntArray, SolverTables, solver_tables

__all__ = ["MAX_ROWS", "MAX_TABLE_BYTES", "UPPER_ROWS", "Model", "model_of", "sheet_of"]

#: The number-row ids the joker rules look for, ones to sixes.
UPPER_ROWS = ("ones", "twos", "threes", "fours", "fives", "sixes")
#: The most rows a solvable sheet may have: the value table is dense over the 2**rows filled sets, so each
#: row more doubles it (20 rows of Maxi Yatzy: 2**20 sets x 85 upper totals, 0.7 GB of float64).
MAX_ROWS = 20
#: The most bytes the dense value table (2**rows x flags x upper totals, float64) may take; the solve holds it
#: twice at its end (the shared table and the strategy's copy).
MAX_TABLE_BYTES = 4 << 30


@attrs.frozen(eq=False)
class Model:
    """A one-column scorecard variant reduced to arrays.

    Attributes:
        rows: row ids, top to bottom (bit ``i`` of a filled set is row ``i``).
        tables: points of each row for each roll of the variant's dice, shape (rows, rolls): (rows, 252)
            for five dice.
        bonus_rows: whether each row counts towards the upper total.
        cap: the highest bonus threshold (upper totals are capped there; 0 without a bonus).
        bonus: the bonus earned by each capped upper total 0..cap.
        max_throws: throws per turn.
        allow_scratch: whether a box may be crossed out.
        joker: ``None``, ``"free"``, ``"forced"`` or ``"seed"``.
        five_bonus: points of the five-of-a-kind bonus (0 without one).
        number_bonus: points of the number-box bonus (`NumberBoxBonus`; 0 without one): a further five
            of a kind scored in the number row of its face earns them (with a forced joker only).
        flag_row: the five-of-a-kind row the joker and bonus look at, or the row an `OpensAfter` box waits
            for (-1 if none).
        upper_index: the row index of the number rows of faces 1 to 6 (-1 where the sheet has no such
            row): the joker's ``upper`` rows, else ones..sixes.
        joker_points: what each row pays for a five of a kind of each face at full joker value.
        fingerprint: a hash of everything above.
        dice: the roll and keep tables of the variant's dice count (`yamskit.solver.tables.solver_tables`).
        served: the model of a turn's first throw where the sheet has `ServedBonus` or `ServedWin` rules
            (``None`` without): its ``tables`` pay the served points and its ``win_rows`` end the game.
        win_rows: the rows whose Score ends the game at once (`ServedWin`; only in a ``served`` model).
        opens_row: the row that may be scored only once ``flag_row`` holds points (`OpensAfter`; -1 if none).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total, upper
        >>> tiny = yamskit.ScorecardVariant.define("tiny", rows=[upper(6), Category("chance", total)])
        >>> m = model_of(tiny)
        >>> m.rows, m.num_rows, m.tables.shape, m.max_throws, m.cap
        (('sixes', 'chance'), 2, (2, 252), 3, 0)
        >>> int(m.tables[0, -1]), int(m.tables[1, 0])  # 66666 in sixes, 11111 in chance
        (30, 5)
    """

    rows: tuple[str, ...]
    tables: IntArray
    bonus_rows: npt.NDArray[np.bool_]
    cap: int
    bonus: IntArray
    max_throws: int
    allow_scratch: bool
    joker: str | None
    five_bonus: int
    flag_row: int
    upper_index: tuple[int, ...]
    joker_points: IntArray
    fingerprint: str
    number_bonus: int = 0
    dice: SolverTables = attrs.field(factory=lambda: solver_tables(5))
    served: Model | None = None
    win_rows: tuple[int, ...] = ()
    opens_row: int = -1

    @property
    def num_rows(self) -> int:
        """How many rows the sheet has."""
        return len(self.rows)

    @property
    def needs_flag(self) -> bool:
        """Whether states must tell the flag row holding points from holding 0 (five of a kind, `OpensAfter`)."""
        return self.flag_row >= 0 and (self.joker == "seed" or self.five_bonus > 0 or self.opens_row >= 0)

    @property
    def flags(self) -> int:
        """How many flag values a state has (1 or 2)."""
        return 2 if self.needs_flag else 1

    @property
    def bonus_grows(self) -> bool:
        """Whether the upper bonus never decreases as the upper total grows."""
        return bool(np.all(np.diff(self.bonus) >= 0))

    @property
    def is_upper(self) -> npt.NDArray[np.bool_]:
        """Whether each row is one of the number rows the joker rules know (`upper_index`)."""
        return np.isin(np.arange(len(self.rows)), self.upper_index)

    def written_values(self, row: int) -> set[int]:
        """Every value a box of ``row`` may end up holding (for the reachable upper totals)."""
        values = {int(v) for v in self.tables[row]}
        if self.allow_scratch:
            values.add(0)
        if self.joker is not None:
            values.update(int(v) for v in self.joker_points[row])
        if self.served is not None:
            values.update(int(v) for v in self.served.tables[row])
        return values


# attrs writes the annotation of ``served`` on the generated __init__ as text, which names the
# class itself, so `typing.get_type_hints` of __init__ cannot resolve it there: give it the type
Model.__init__.__annotations__["served"] = Model | None


def _fail(variant: ScorecardVariant, why: str) -> RuleConfigError:
    return RuleConfigError(f"yamskit.solver cannot solve {variant.name!r}: {why}")


def model_of(variant: object, *, saved_throws: bool = False) -> Model:
    """The solver's model of ``variant``; `RuleConfigError` if it is not solvable.

    ``saved_throws``: accept a variant that saves unused throws (the caller models the store:
    `yamskit.solver.store`); without it such a variant is refused.

    Solvable: a `ScorecardVariant` of 1 to 8 dice (with saved throws only as above), with one column in free order and
    no turn condition, the standard result, at most `MAX_ROWS` rows, an
    optional upper bonus (any tiers; the dense value table, 2**rows x flags x (threshold + 1) float64,
    at most `MAX_TABLE_BYTES`), and placement rules that are
    `Joker` and `FiveOfAKindBonus` or `NumberBoxBonus`
    (at most one of each, on the same row; a forced joker needs all six of its number rows; a
    number-box bonus needs a forced joker on its own number rows; those three rules need five dice),
    or else `ServedBonus`, `ServedWin` and one `OpensAfter` (with crossing out), as Generala's.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> from yamskit.scorecard import Column
        >>> two = yamskit.ScorecardVariant.define("two", rows=[upper(1)], columns=[Column("a"), Column("b")])
        >>> model_of(two)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        RuleConfigError: yamskit.solver cannot solve 'two': it has 2 columns; the solver handles one
    """
    if not isinstance(variant, ScorecardVariant):
        raise RuleConfigError(f"yamskit.solver solves scorecard variants, not {type(variant).__name__}")
    rules = variant.rules
    if rules.saved_throws and not saved_throws:
        raise _fail(
            variant,
            "it saves unused throws for later turns; solve it over a capped store with solve(variant, store_cap=N)",
        )
    dice = solver_tables(rules.dice)
    if len(rules.columns) != 1:
        raise _fail(variant, f"it has {len(rules.columns)} columns; the solver handles one")
    column = rules.columns[0]
    if column.policy.kind != "free":
        raise _fail(variant, f"its column fills {column.policy.describe()}; the solver handles any order")
    if column.condition is not None:
        raise _fail(variant, f"its column has the turn condition {brief(column.condition.name)}")
    if rules.row_heads is not None:
        raise _fail(variant, "its categories are scored several times (a category of several boxes)")
    if rules.result is not None:
        raise _fail(variant, "it computes its result with its own function")
    if len(rules.rows) > MAX_ROWS:
        raise _fail(
            variant,
            f"it has {len(rules.rows)} rows; the solver handles at most {MAX_ROWS} (its table is dense over "
            "the 2**rows sets of filled rows)",
        )
    rows = rules.row_ids
    jokers = [r for r in rules.placement_rules if isinstance(r, Joker)]
    bonuses = [r for r in rules.placement_rules if isinstance(r, FiveOfAKindBonus)]
    in_number = [r for r in rules.placement_rules if isinstance(r, NumberBoxBonus)]
    served_rules = [r for r in rules.placement_rules if isinstance(r, ServedBonus)]
    wins = [r for r in rules.placement_rules if isinstance(r, ServedWin)]
    opens = [r for r in rules.placement_rules if isinstance(r, OpensAfter)]
    known = (Joker, FiveOfAKindBonus, NumberBoxBonus, ServedBonus, ServedWin, OpensAfter)
    others = [r for r in rules.placement_rules if not isinstance(r, known)]
    if others:
        raise _fail(variant, f"the placement rule {brief(others[0])} is not one the solver knows")
    turn_rules = [*served_rules, *wins, *opens]
    five_rules = [*jokers, *bonuses, *in_number]
    if turn_rules and five_rules:
        raise _fail(
            variant, f"its rule {brief(turn_rules[0])} is not modelled together with its rule {brief(five_rules[0])}"
        )
    if len(opens) > 1:
        raise _fail(variant, f"it has more than one box that opens later ({brief(opens[1])})")
    if opens and not rules.allow_scratch:
        raise _fail(variant, f"its rule {brief(opens[0])} needs crossing out (a closed box is filled by a cross)")
    if len(jokers) > 1 or len(bonuses) + len(in_number) > 1:
        raise _fail(variant, "it has more than one joker or five-of-a-kind bonus rule")
    joker = jokers[0] if jokers else None
    five = bonuses[0] if bonuses else None
    number = in_number[0] if in_number else None
    if number is not None and (joker is None or joker.kind != "forced" or joker.upper != number.upper):
        raise _fail(variant, f"its {brief(number)} needs a forced joker on the same number rows")
    if rules.dice != 5 and (joker or five or number):
        found = joker or five or number
        raise _fail(variant, f"its placement rule {brief(found)} reads five of a kind; it throws {rules.dice} dice")
    flag_rows = {r.row for r in jokers} | {r.row for r in bonuses} | {r.row for r in in_number}
    flag_rows |= {r.after for r in opens}  # (none of the others with an `OpensAfter`)
    if len(flag_rows) > 1:
        raise _fail(variant, f"its joker and five-of-a-kind bonus look at different rows {sorted(flag_rows)}")
    flag_row = -1
    if flag_rows:  # a row of the sheet: `ScorecardVariant.define` checks the rules against the sheet
        (name,) = flag_rows
        flag_row = rows.index(name)
    numbers = joker.upper if joker is not None else UPPER_ROWS  # the joker's own number rows (einser...)
    upper_index = tuple(rows.index(r) if r in rows else -1 for r in numbers)
    if joker is not None and joker.kind == "forced" and -1 in upper_index:
        raise _fail(variant, f"a forced joker needs all six number rows, here {brief(numbers)}")

    table = np.array(rules.row_tables, dtype=np.int64).reshape(len(rows), dice.num_rolls)
    joker_points = np.array(
        [
            [joker_value(row, int(points[r])) for r in dice.all_of_a_kind]
            for row, points in zip(rules.rows, table, strict=True)
        ],
        dtype=np.int64,
    )
    bonus = rules.bonus
    if bonus is not None:
        thresholds = [t for t, _ in bonus.tiers]
        cap = max(thresholds) if thresholds else 0
        bonus_rows = np.array([r in bonus.rows for r in rows], dtype=np.bool_)
        earned = np.array([bonus.points(u) for u in range(cap + 1)], dtype=np.int64)
    else:
        cap = 0
        bonus_rows = np.zeros(len(rows), dtype=np.bool_)
        earned = np.zeros(1, dtype=np.int64)
    if cap < 0 or cap > 10_000:
        raise _fail(variant, f"its bonus threshold {cap} is out of range 0..10000")
    seed = joker is not None and joker.kind == "seed"
    flags = 2 if flag_row >= 0 and (seed or (five is not None and five.points > 0) or opens) else 1  # `Model.flags`
    table_bytes = (1 << len(rows)) * flags * (cap + 1) * 8
    if table_bytes > MAX_TABLE_BYTES:
        raise _fail(
            variant,
            f"its {len(rows)} rows and bonus threshold {cap} need a value table of {table_bytes / 2**30:.1f} GiB; "
            f"the solver takes at most {MAX_TABLE_BYTES / 2**30:.0f} GiB",
        )
    described = {
        "rows": [[r, list(map(int, t))] for r, t in zip(rows, table, strict=True)],
        "bonus_rows": [bool(b) for b in bonus_rows],
        "bonus": [int(b) for b in earned],
        "max_throws": rules.max_throws,
        "allow_scratch": rules.allow_scratch,
        "joker": joker.kind if joker else None,
        "five_bonus": five.points if five else 0,
        "flag_row": flag_row,
    }
    if numbers != UPPER_ROWS:  # (classic's number rows leave the fingerprints of 0.1's tables as they were)
        described["upper_index"] = list(upper_index)
    if number is not None:  # (and the sheets without one theirs)
        described["number_bonus"] = number.points
    if rules.dice != 5:  # (and the five-dice sheets theirs)
        described["dice"] = rules.dice
    served_table = table.copy()
    for rule in served_rules:  # in the rules' order, each on what the earlier ones wrote (a 0 stays 0)
        for name in rule.rows:
            at = rows.index(name)
            served_table[at] += np.where(served_table[at] > 0, rule.points, 0)
    win_rows = tuple(sorted({rows.index(name) for rule in wins for name in rule.rows}))
    opens_row = rows.index(opens[0].row) if opens else -1
    if turn_rules:  # (and the sheets without them theirs)
        described["served"] = [list(map(int, t)) for t in served_table]
        described["win_rows"] = list(win_rows)
        described["opens_row"] = opens_row
    if rules.saved_throws:  # (a model of the game with its store; the store's cap is the store model's)
        described["saved_throws"] = True
    fingerprint = hashlib.sha256(json.dumps(described, sort_keys=True).encode()).hexdigest()
    model = Model(
        rows=rows,
        tables=table,
        bonus_rows=bonus_rows,
        cap=cap,
        bonus=earned,
        max_throws=rules.max_throws,
        allow_scratch=rules.allow_scratch,
        joker=joker.kind if joker else None,
        five_bonus=five.points if five else 0,
        flag_row=flag_row,
        upper_index=upper_index,
        joker_points=joker_points,
        fingerprint=fingerprint,
        number_bonus=number.points if number else 0,
        dice=dice,
        opens_row=opens_row,
    )
    if served_rules or wins:
        first = attrs.evolve(model, tables=served_table, fingerprint=f"{fingerprint}:served", win_rows=win_rows)
        model = attrs.evolve(model, served=first)
    return model


def sheet_of(model: Model, state: ScorecardGame, *, player: int | None = None) -> tuple[int, int, int, int]:
    """The sheet of ``player`` (the player to move by default) as ``model``'s tables read it.

    Returns (filled rows as bits, five-of-a-kind flag, upper total capped at ``model.cap``,
    points written so far, extra points included). The rules are not checked here: the
    strategies check them first.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("yacht").new_game(seed=1).apply(yamskit.Roll(outcome="66666"))
        >>> sheet_of(model_of(game.variant), game.apply(yamskit.Score("yacht")), player=0)
        (2048, 0, 0, 50)
    """
    sheet = state.sheets[state.current_player if player is None else player]
    cells = sheet.cells[0]
    filled = sum(1 << i for i, cell in enumerate(cells) if not cell.is_empty)
    upper = min(sum(cell.value for i, cell in enumerate(cells) if model.bonus_rows[i]), model.cap)
    flag = 1 if model.needs_flag and cells[model.flag_row].value > 0 else 0
    return filled, flag, upper, sum(cell.value for cell in cells) + sheet.extra
