"""The text view of scorecard games: every sheet side by side, the totals, the turn; and a rule summary.

`render_scorecard` is what ``str(game)`` and ``game.render()`` show;
`describe_scorecard` is ``variant.describe()``; `table` aligns rows of cells in
columns for every text view of yamskit.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1)
    >>> g = g.apply(yamskit.Roll(outcome="22555")).apply(yamskit.Score("full_house"))
    >>> print(render_scorecard(g).splitlines()[0])
                   Ann  Bob <- to play
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .house_rules import FiveOfAKindBonus, Joker
from .rules import SheetVariant
from .state import ScorecardGame

__all__ = ["describe_scorecard", "duel_points", "render_scorecard", "table"]

#: Widest text line `render_scorecard` aims for; more players go in further blocks.
_WIDTH = 160


def table(rows: Sequence[Sequence[str]], right: Sequence[bool], gap: str = "  ") -> list[str]:
    """Rows of cells aligned in columns (``right[i]``: right-align column ``i``)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        gap.join(cell.rjust(w) if r else cell.ljust(w) for cell, w, r in zip(row, widths, right, strict=True)).rstrip()
        for row in rows
    ]


def duel_points(details: Any, players: int, columns: tuple[str, ...]) -> list[dict[str, int]] | None:
    """Each player's duel points per column, when the result holds a duel table."""
    if not isinstance(details, dict) or "duels" not in details:
        return None
    out: list[dict[str, int]] = [dict.fromkeys(columns, 0) for _ in range(players)]
    for duel in details["duels"]:
        for seat, points in zip(duel["pair"], duel["points"], strict=True):
            out[seat][duel["column"]] += points
    return out


def _status(game: ScorecardGame) -> str:
    if game.is_over:
        why = f" ({game.ended.reason})" if game.ended else ""
        return f"Game over{why}. " + game.result().headline
    turn = game.turn
    dice = str(turn.dice) if turn.has_thrown else "-"
    kept = f" (kept {turn.kept})" if len(turn.kept) else ""
    status = (
        f"{game.players[game.current_player]} to play: dice {dice}{kept}, throws {turn.throws_used}/{turn.max_throws}"
    )
    if game.saved_throws:
        status += f", saved throws {turn.saved - turn.spent}"
    return status


def render_scorecard(game: ScorecardGame) -> str:
    """Every player's sheet side by side, with per-column totals, then the turn (or the outcome).

    Each player has one column per sheet column (headed with its coefficient where
    the variant has them). Under the boxes come, per column, the upper total and
    bonus (where the variant pays one) and the column's total; for Competitive Yams
    the duel points each column brought; then any extra points (Yams bonuses), the
    throws each player has saved (in a game with saved throws: Maxi Yatzy), each
    player's total (its duel score in Competitive Yams) and, with teams, the team
    totals. Crossed-out boxes show ``x``; empty boxes are blank.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(yamskit.Roll(outcome="12345"))
        >>> print(render_scorecard(g).splitlines()[-1])
        Ann to play: dice 12345, throws 1/3
        >>> g = yamskit.variant("maxi-yatzy").new_game(players=["Ann"], seed=1).apply(yamskit.Roll(outcome="123456"))
        >>> g = g.apply(yamskit.Score("full_straight")).apply(yamskit.Roll(outcome="111222"))
        >>> print(render_scorecard(g).splitlines()[-1])
        Ann to play: dice 111222, throws 1/3, saved throws 2
        >>> g = yamskit.variant("challenge").new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("yams", "disorder"))
        >>> for line in render_scorecard(g).splitlines()[-5:-2]:
        ...     print(line)
        Upper bonus               0          0         0    0 |          0          0         0    0
        Column total              0          0        40    0 |          0          0         0    0
        Total                                              40 |                                    0
    """
    rules = game.rules
    result = game.result()
    details = result.details
    columns = rules.column_ids
    multi = len(columns) > 1
    weights = game.column_weights
    n = len(game.players)
    duels = duel_points(details, n, columns)
    width = len(columns)
    rows: list[list[str]] = []
    names: list[str] = []
    for p, name in enumerate(game.players):
        marker = " <- to play" if p == game.current_player and not game.is_over else ""
        names.append(name + marker)
    if multi:
        rows.append(["", *(columns * n)])
        if weights:
            rows.append(["", *([f"x{w}" for w in weights[:width]] * n)])
    for r, row in enumerate(rules.rows):
        rows.append([row.label or row.id, *(str(sheet.cells[c][r]) for sheet in game.sheets for c in range(width))])
    if rules.bonus:
        uppers = [rules.upper_total(sheet, c) for sheet in game.sheets for c in range(width)]
        rows.append(["Upper total", *map(str, uppers)])
        rows.append(["Upper bonus", *(str(rules.bonus.points(u)) for u in uppers)])
    if multi:
        totals = []
        for sheet in game.sheets:
            for c in range(width):
                bonus = rules.bonus.points(rules.upper_total(sheet, c)) if rules.bonus else 0
                totals.append(str(sum(cell.value for cell in sheet.cells[c]) + bonus))
        rows.append(["Column total", *totals])
    if duels is not None:
        rows.append(["Duel points", *(str(duels[p][c]) for p in range(n) for c in columns)])

    def spanning(label: str, values: Sequence[object]) -> list[str]:
        return [label, *(str(values[p]) if c == width - 1 else "" for p in range(n) for c in range(width))]

    if any(sheet.extra for sheet in game.sheets):
        rows.append(spanning("Extra", [sheet.extra for sheet in game.sheets]))
    if game.saved_throws:
        rows.append(spanning("Saved throws", [game.saved_now(p) for p in range(n)]))
    if result.totals:  # a game won on points (a declared result: Balut): the total, then the points
        rows.append(spanning("Total", result.totals))
        rows.append(spanning("Points", result.scores))
    else:
        rows.append(spanning("Total" if duels is None else "Score (duels)", result.scores))
    teams = result.teams
    if teams:
        team_score = {seat: team.score for team in teams for seat in team.seats}
        rows.append(spanning("Team total", [team_score.get(p, "") for p in range(n)]))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for p in range(n):  # each player's group is at least as wide as the name over it
        group = range(1 + p * width, 1 + (p + 1) * width)
        need = len(names[p]) - (sum(widths[i] for i in group) + 2 * (width - 1))
        if need > 0:
            widths[group[-1]] += need
    spans = [sum(widths[1 + p * width : 1 + (p + 1) * width]) + 2 * (width - 1) for p in range(n)]
    blocks: list[list[int]] = [[]]
    for p in range(n):  # players side by side, as many as fit in _WIDTH characters
        used = widths[0] + sum(spans[q] + 3 for q in blocks[-1])
        if blocks[-1] and used + spans[p] + 3 > _WIDTH:
            blocks.append([])
        blocks[-1].append(p)
    bar = " | " if multi else "  "
    lines: list[str] = []
    for block in blocks:
        head = [names[p].center(spans[p]) if multi else names[p].rjust(spans[p]) for p in block]
        lines.append((" " * widths[0] + "  " + bar.join(head)).rstrip())
        for cells in rows:
            groups = [
                "  ".join(cells[1 + p * width + c].rjust(widths[1 + p * width + c]) for c in range(width))
                for p in block
            ]
            lines.append((cells[0].ljust(widths[0]) + "  " + bar.join(groups)).rstrip())
        lines.append("")
    lines.append(_status(game))
    return "\n".join(lines)


def _fixed_options(variant: SheetVariant) -> str:
    """The house rules a preset fixes, as ``" (fixed: joker='forced', ...)"``, or ``""``."""
    fixed = [f"{k}={v!r}" for rule in variant.rules.placement_rules for k, v in _rule_options(rule).items()]
    return f" (fixed: {', '.join(fixed)})" if fixed else ""


def _rule_options(rule: object) -> dict[str, object]:
    if isinstance(rule, Joker):
        return {"joker": rule.kind}
    if isinstance(rule, FiveOfAKindBonus):
        return {"yams_bonus": rule.points}
    return {}


def describe_scorecard(variant: SheetVariant) -> str:
    """The rows (with their maximum), columns, bonus, throws, options and notes of a variant.

    A variant without options says ``Options: none``, naming the house rules a preset
    fixes (``yahtzee``: ``joker='forced'``, ``yams_bonus=100``).

    Examples:
        >>> import yamskit
        >>> print(describe_scorecard(yamskit.variant("challenge")).splitlines()[0])
        challenge: 14 rows x 4 column(s), 3 throws a turn
        >>> print(describe_scorecard(yamskit.variant("balut")).splitlines()[0])
        balut: 28 rows (7 categories) x 1 column(s), 3 throws a turn
        >>> [line for line in describe_scorecard(yamskit.variant("yahtzee")).splitlines() if "Options" in line]
        ["Options: none (fixed: joker='forced', yams_bonus=100)"]
        >>> [line for line in describe_scorecard(yamskit.variant("maxi-yatzy")).splitlines() if "maxi_yatzy:" in line]
        ['  maxi_yatzy: Maxi Yatzy, max 100']
    """
    rules = variant.rules
    dice = "" if rules.dice == 5 else f"{rules.dice} dice, "  # five dice go without saying
    shape = f"{len(rules.rows)} rows x {len(rules.columns)} column(s)"
    categories = sum(1 for r in rules.rows if r.box == 1)
    if categories != len(rules.rows):  # categories of several boxes: say how many categories hold the rows
        shape = f"{len(rules.rows)} rows ({categories} categories) x {len(rules.columns)} column(s)"
    lines = [f"{variant.name}: {shape}, {dice}{rules.max_throws} throws a turn"]
    lines.append("Rows (id: label, max points):")
    lines.extend(  # a category of several boxes once, with its count and its boxes' ids
        f"  {r.id}: {r.label}, max {max(table)}"
        + (f", {r.boxes} boxes ({', '.join(b.id for b in r.box_rows())})" if r.boxes > 1 else "")
        for r, table in zip(rules.rows, rules.row_tables, strict=True)
        if r.box == 1
    )
    lines.append("Columns:")
    for c in rules.columns:
        cond = f"; {c.condition.description}" if c.condition else ""
        lines.append(f"  {c.id}: {c.policy.describe()}{cond}")
    if rules.bonus:
        tiers = ", ".join(f"{b} at {t}+" for t, b in rules.bonus.tiers)
        lines.append(f"Upper bonus per column: {tiers} (rows {', '.join(rules.bonus.rows)})")
    awards = getattr(rules.result, "awards", None)  # a result declared on the category totals
    if awards:
        lines.append("Won on points (the total breaks ties):")
        lines.extend(f"  {award}" for award in awards)
    scratch = "Scratch(row)" if len(rules.columns) == 1 else "Scratch(row, column)"
    lines.append("Crossing out: " + (f"{scratch} writes x (0)" if rules.allow_scratch else "no"))
    if rules.saved_throws:
        lines.append("Saved throws: a turn's unused throws go to the player's store; later turns may spend them")
    if variant.options:
        lines.append("Options: " + ", ".join(f"{k}={v!r}" for k, v in variant.options.items()))
    else:
        lines.append("Options: none" + _fixed_options(variant))
    if variant.notes:
        lines.append("Rulings:")
        lines.extend(f"  - {note}" for note in variant.notes)
    return "\n".join(lines)
