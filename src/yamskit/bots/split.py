"""One-column sheets without a strategy table: the sheet split into parts that are solved exactly.

A one-column sheet too big to solve within the bot's time budget is cut into parts
the solver handles quickly: the rows of the upper bonus together (with the bonus),
and the other rows in groups of at most `PART_ROWS`. Each part is solved alone, as
if it were a game of its own (`yamskit.solver.expectimax.solve_values`), which gives
the expected points still to come of every position of that part. The bot values the
end of its turn as the points written plus the change of the part's value: the
parts' values add up to an estimate of the sheet's, and the exact solves carry what
independent boxes cannot (the bonus chase, which box to sacrifice first). The parts
do not know that they share the turns; corrections fitted to the exact solver's
values (`yamskit.bots.fitted`) weigh each part's change and add a worth to each box
that depends on the share of the game left.

Examples:
    >>> import yamskit
    >>> parts = split_parts(yamskit.variant("classic"))
    >>> [len(rows) for rows, _, _ in parts]
    [6, 7]
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from .._cache import LruCache
from .._fast import IdentityCache
from ..actions import Action, Roll
from ..dice import ROLLS
from ..errors import RuleConfigError
from ..game import Variant
from ..scorecard.placement import Placement
from ..scorecard.rules import SheetVariant
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from . import fitted
from .lookahead import NEG, FloatArray, box_placement, keep_or_box

__all__ = ["BONUS_PART_ROWS", "PART_ROWS", "choose_split", "part_variant", "split_parts", "splittable"]

#: The most rows of one part (other than the bonus rows).
PART_ROWS = 8
#: The most rows of the part that holds the bonus rows (rows that follow the dice total join them).
BONUS_PART_ROWS = 6
_PARTS: IdentityCache[list[tuple[tuple[int, ...], Any, FloatArray]]] = IdentityCache(
    "bots: split parts", size=64, key="a ScorecardRules object"
)
_SOLVED: LruCache[str, list[tuple[tuple[int, ...], Any, FloatArray]]] = LruCache(
    "bots: solved split parts", size=8, key="a sheet's signature (rows, bonus, throws)"
)


def split_parts(variant: SheetVariant) -> list[tuple[tuple[int, ...], Any, FloatArray]]:
    """The parts of a one-column sheet: (row indexes, solver model, solved values), solved once per rules.

    Raises:
        RuleConfigError: a part is not something the solver handles.

    Examples:
        >>> import yamskit
        >>> rows, model, values = split_parts(yamskit.variant("classic"))[0]
        >>> model.rows, round(float(values[0, 0, 0]), 2)  # the number rows and their bonus, played alone
        (('ones', 'twos', 'threes', 'fours', 'fives', 'sixes'), 71.95)
    """
    return _PARTS.get(variant.rules, lambda: _solved_parts(variant))


def _solved_parts(variant: SheetVariant) -> list[tuple[tuple[int, ...], Any, FloatArray]]:
    """The parts of a sheet, solved once per signature (equal rules share them)."""
    return _SOLVED.get(_signature(variant.rules), lambda: _solve_parts(variant))


def _solve_parts(variant: SheetVariant) -> list[tuple[tuple[int, ...], Any, FloatArray]]:
    rules = variant.rules
    from ..solver.expectimax import solve_values
    from ..solver.model import model_of

    row_ids = rules.row_ids
    bonus_rows = tuple(row_ids.index(r) for r in rules.bonus.rows if r in row_ids) if rules.bonus else ()
    rest = [i for i in range(len(row_ids)) if i not in bonus_rows]
    # the rows that follow the dice total most go with the bonus rows (they compete for high dice)
    totals = np.array([float(r.total) for r in ROLLS])
    rest.sort(key=lambda i: -_correlation(rules.rows[i].table, totals))
    extra = max(0, BONUS_PART_ROWS - len(bonus_rows)) if bonus_rows else 0
    groups = [tuple(sorted((*bonus_rows, *rest[:extra])))] if bonus_rows else []
    rest = sorted(rest[extra:])
    groups += [tuple(rest[i : i + PART_ROWS]) for i in range(0, len(rest), PART_ROWS)]
    bonus_rows = groups[0] if bonus_rows else ()
    parts = []
    for n, group in enumerate(groups):
        model = model_of(part_variant(variant, group, n=n, bonus=group == bonus_rows))
        parts.append((group, model, solve_values(model, processes=1, quiet=True)))
    return parts


def part_variant(
    variant: SheetVariant, rows: tuple[int, ...], *, n: int, bonus: bool, max_throws: int | None = None
) -> ScorecardVariant:
    """Part ``n`` of a sheet as a game of its own: the ``rows`` (indexes), with the sheet's bonus if ``bonus``.

    ``max_throws`` defaults to the sheet's.

    Examples:
        >>> import yamskit
        >>> part = part_variant(yamskit.variant("classic"), (0, 1, 2, 3, 4, 5), n=0, bonus=True, max_throws=2)
        >>> part.name, part.rules.row_ids[-1], part.rules.max_throws, part.rules.bonus is not None
        ('classic-part-0', 'sixes', 2, True)
    """
    rules = variant.rules
    return ScorecardVariant.define(
        f"{variant.name}-part-{n}",
        rows=[rules.rows[i] for i in rows],
        bonus=rules.bonus if bonus else None,
        max_throws=rules.max_throws if max_throws is None else max_throws,
        allow_scratch=rules.allow_scratch,
        dice=rules.dice,
    )


def _signature(rules: Any) -> str:
    """A hash of what the parts depend on: rows and their tables, bonus, throws, crossing out."""
    text = repr(
        (
            [(row.id, tuple(row.table)) for row in rules.rows],
            rules.bonus,
            rules.max_throws,
            rules.allow_scratch,
        )
    )
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _correlation(table: Any, totals: FloatArray) -> float:
    values = np.array(table, dtype=np.float64)
    if values.std() == 0:
        return 0.0
    return float(np.corrcoef(values, totals)[0, 1])


def splittable(variant: Variant) -> bool:
    """Whether ``variant`` is a one-column sheet of five dice in free order whose parts the solver handles.

    Examples:
        >>> import yamskit
        >>> splittable(yamskit.variant("yahtzee")), splittable(yamskit.variant("challenge"))
        (True, False)
    """
    if not isinstance(variant, ScorecardVariant) or len(variant.rules.columns) != 1 or variant.rules.dice != 5:
        return False
    column = variant.rules.columns[0]
    if column.policy.kind != "free" or column.condition is not None or variant.rules.result is not None:
        return False
    if variant.rules.row_heads is not None:  # categories of several boxes (Balut): no parts to split
        return False
    try:
        split_parts(variant)
    except (RuleConfigError, ImportError, ValueError):
        return False
    return True


_FEATURES: IdentityCache[FloatArray] = IdentityCache("bots: split features", size=16, key="a sheet's solved parts")


def _features(game: ScorecardGame, parts: list[tuple[tuple[int, ...], Any, FloatArray]]) -> FloatArray:
    return _FEATURES.get(parts, lambda: fitted.box_features(game.rules, parts))


def _gains(game: ScorecardGame) -> tuple[FloatArray, list[tuple[int, Any, Any]]]:
    """The value of writing each roll in each row (rows x 252; -inf for filled rows), and per-row part info.

    A row's value is its points, plus the change of its part's value weighted by
    `yamskit.bots.fitted.part_weight`, less the box's fitted worth beyond its part
    (`yamskit.bots.fitted.box_offsets`).
    """
    cells = game.sheets[game.current_player].cells[0]
    tables = np.array([row.table for row in game.rules.rows], dtype=np.float64)
    out = np.full((len(cells), len(ROLLS)), NEG)
    info: list[tuple[int, Any, Any]] = [(0, None, None)] * len(cells)
    parts = split_parts(game.variant)
    x = (sum(cell.is_empty for cell in cells) - 1) / max(1, len(cells) - 1)
    offsets = fitted.box_offsets(_features(game, parts), x)
    for group, model, values in parts:
        weight = fitted.part_weight(bool(model.cap), x)
        filled = sum(1 << j for j, i in enumerate(group) if not cells[i].is_empty)
        upper = min(sum(cells[i].value for j, i in enumerate(group) if model.bonus_rows[j]), model.cap)
        now = float(values[filled, 0, upper])
        for j, i in enumerate(group):
            if not cells[i].is_empty:
                continue
            after = values[filled | (1 << j), 0]
            points = tables[i]
            if model.bonus_rows[j]:
                later = after[np.minimum(upper + points.astype(np.int64), model.cap)]
            else:
                later = np.full(len(ROLLS), float(after[upper]))
            offset = float(offsets[i])
            out[i] = points + weight * (later - now) - offset
            info[i] = (j, model, (upper, now, after, weight, offset))
    return out, info


def _real_value(placed: Placement, info: tuple[int, Any, Any]) -> float:
    j, model, (upper, now, after, weight, offset) = info
    points = 0 if placed.crossed else placed.points
    new_upper = min(upper + points, model.cap) if model.bonus_rows[j] else upper
    return float(points + placed.extra + weight * (after[new_upper] - now) - offset)


def choose_split(game: ScorecardGame, *, depth: int = 10) -> Action:
    """The action of the split evaluation: the best keep, or the best box.

    Examples:
        >>> import yamskit
        >>> yahtzee = yamskit.variant("yahtzee")
        >>> choose_split(yahtzee.new_game(seed=1).apply(yamskit.Roll(outcome="44444")))
        Score(row='yams', column=None)
    """
    if not game.turn.has_thrown:
        return Roll()
    turn = game.turn
    gains, info = _gains(game)
    row_ids = game.rules.row_ids
    best: tuple[float, Action] | None = None
    roll = turn.dice.index
    for i in np.argsort(-gains[:, roll], kind="stable"):
        if gains[i, roll] <= NEG / 2:
            break
        if best is not None and gains[i, roll] < best[0] - 60 and len(set(turn.dice.faces)) > 1:
            break
        found = box_placement(game, row_ids[i], None)
        if found is None:
            continue
        value = _real_value(found[1], info[i])
        if best is None or value > best[0]:
            best = (value, found[0])
    stop_table: FloatArray = gains.max(axis=0).astype(np.float64)
    return keep_or_box(game, best, lambda _used, _fresh: stop_table, depth=depth)
