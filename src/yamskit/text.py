"""Plain-text views of scorecard games, results and duels, for terminals, logs and docs.

`render_scorecard` draws every player's sheet side by side with per-column totals;
`render_result` ranks the players (with their team, and team totals, where there
are teams); `render_duels` lists the duels of a Competitive Yams result.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1)
    >>> g = g.apply(yamskit.Roll(outcome="22555")).apply(yamskit.Score("full_house"))
    >>> print(render_scorecard(g).splitlines()[0])
                   Ann  Bob <- to play
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Result
    from .scorecard_state import ScorecardGame
    from .scorecard_variant import ScorecardVariant

__all__ = ["describe_scorecard", "render_duels", "render_result", "render_scorecard"]

#: Widest text line `render_scorecard` aims for; more players go in further blocks.
_WIDTH = 160


def _table(rows: Sequence[Sequence[str]], right: Sequence[bool], gap: str = "  ") -> list[str]:
    """Rows of cells aligned in columns (``right[i]``: right-align column ``i``)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        gap.join(cell.rjust(w) if r else cell.ljust(w) for cell, w, r in zip(row, widths, right, strict=True)).rstrip()
        for row in rows
    ]


def _status(game: ScorecardGame) -> str:
    if game.is_over:
        from .svg._result import headline, teams_of

        result = game.result()
        return "Game over. " + headline(result, teams_of(result))
    turn = game.turn
    dice = str(turn.dice) if turn.has_thrown else "-"
    kept = f" (kept {turn.kept})" if len(turn.kept) else ""
    return (
        f"{game.players[game.current_player]} to play: dice {dice}{kept}, throws {turn.throws_used}/{turn.max_throws}"
    )


def render_scorecard(game: ScorecardGame) -> str:
    """Every player's sheet side by side, with per-column totals, then the turn (or the outcome).

    Each player has one column per sheet column (headed with its coefficient where
    the variant has them). Under the boxes come, per column, the upper total and
    bonus (where the variant pays one) and the column's total; for Competitive Yams
    the duel points each column brought; then any extra points (Yams bonuses), each
    player's total (its duel score in Competitive Yams) and, with teams, the team
    totals. Crossed-out boxes show ``x``; empty boxes are blank.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(yamskit.Roll(outcome="12345"))
        >>> print(render_scorecard(g).splitlines()[-1])
        Ann to play: dice 12345, throws 1/3
        >>> g = yamskit.variant("challenge").new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("yams", "disorder"))
        >>> for line in render_scorecard(g).splitlines()[-5:-2]:
        ...     print(line)
        Upper bonus               0          0         0    0 |          0          0         0    0
        Column total              0          0        40    0 |          0          0         0    0
        Total                                              40 |                                    0
    """
    from .svg._sheet import duel_points

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
    rows.append(spanning("Total" if duels is None else "Score (duels)", result.scores))
    from .svg._result import teams_of

    teams = teams_of(result)
    if teams:
        team_score = {seat: score for _, seats, score in teams for seat in seats}
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


def render_result(result: Result) -> str:
    """The ranking: place, player, team (where there are teams) and score, then the team totals and the winner.

    Examples:
        >>> import yamskit
        >>> from yamskit.game import Result
        >>> print(render_result(Result.from_scores(["Ann", "Bob", "Cy"], [120, 150, 120])))
        Place  Player  Score
        1      Bob       150
        2      Ann       120
        2      Cy        120
        Winner: Bob
    """
    from .svg._result import headline, teams_of

    teams = teams_of(result)
    team_of = {seat: name for name, seats, _ in teams for seat in seats}
    rows = [["Place", "Player", *(["Team"] if teams else []), "Score"]]
    for place, group in enumerate(result.ranking, start=1):
        for seat in group:
            team = [team_of.get(seat, "")] if teams else []
            rows.append([str(place), result.players[seat], *team, str(result.scores[seat])])
    lines = _table(rows, [False, False, *([False] if teams else []), True])
    if teams:
        lines.append("Team totals: " + ", ".join(f"{name} {score}" for name, _, score in teams))
    lines.append(headline(result, teams))
    return "\n".join(lines)


def render_duels(result: Result) -> str:
    """The duel table of a Competitive Yams result: one line per duel, then each player's duel score.

    Each line shows the column and its coefficient, both players with their raw
    score (boxes plus upper bonus) and clean bonus, the multiplier, the difference
    and the points the first player wins (the second loses as many).

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("competitive", coefficients={c: 10 for c in yamskit.variant("competitive").columns})
        >>> g = v.new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("yams", "free"))
        >>> print(render_duels(g.result()).splitlines()[2])
        free       10  Ann    100         Bob      0         5         100    5000
        >>> render_duels(yamskit.variant("classic").new_game(seed=1).result())
        'No duels: this result is not from a Competitive Yams game.'
    """
    details: Any = result.details
    if not isinstance(details, dict) or not details.get("duels"):
        return "No duels: this result is not from a Competitive Yams game."
    rows = [["Column", "Coef", "Player", "Raw", "Clean", "Opponent", "Raw", "Clean", "x", "Difference", "Points"]]
    for duel in details["duels"]:
        a, b = duel["pair"]
        clean = ["+200" if c else "" for c in duel["clean"]]
        rows.append(
            [
                duel["column"],
                str(duel["coefficient"]),
                result.players[a],
                str(duel["raw"][0]),
                clean[0],
                result.players[b],
                str(duel["raw"][1]),
                clean[1],
                str(duel["multiplier"]),
                str(duel["difference"]),
                str(duel["points"][0]),
            ]
        )
    right = [False, True, False, True, True, False, True, True, True, True, True]
    lines = _table(rows, right)
    lines.append("Duel scores: " + ", ".join(f"{n} {s}" for n, s in zip(result.players, result.scores, strict=True)))
    return "\n".join(lines)


def _fixed_options(variant: ScorecardVariant) -> str:
    """The house rules a preset fixes, as ``" (fixed: joker='forced', ...)"``, or ``""``."""
    fixed = [f"{k}={v!r}" for rule in variant.rules.rules for k, v in _rule_options(rule).items()]
    return f" (fixed: {', '.join(fixed)})" if fixed else ""


def _rule_options(rule: object) -> dict[str, object]:
    from .house_rules import FiveOfAKindBonus, Joker

    if isinstance(rule, Joker):
        return {"joker": rule.kind}
    if isinstance(rule, FiveOfAKindBonus):
        return {"yams_bonus": rule.points}
    return {}


def describe_scorecard(variant: ScorecardVariant) -> str:
    """The rows (with their maximum), columns, bonus, throws, options and notes of a variant.

    A variant without options says ``Options: none``, naming the house rules a preset
    fixes (``yahtzee``: ``joker='forced'``, ``yams_bonus=100``).

    Examples:
        >>> import yamskit
        >>> print(describe_scorecard(yamskit.variant("challenge")).splitlines()[0])
        challenge: 14 rows x 4 column(s), 3 throws a turn
        >>> [line for line in describe_scorecard(yamskit.variant("yahtzee")).splitlines() if "Options" in line]
        ["Options: none (fixed: joker='forced', yams_bonus=100)"]
    """
    rules = variant.rules
    lines = [
        f"{variant.name}: {len(rules.rows)} rows x {len(rules.columns)} column(s), {rules.max_throws} throws a turn"
    ]
    lines.append("Rows (id: label, max points):")
    lines.extend(f"  {r.id}: {r.label}, max {r.max}" for r in rules.rows)
    lines.append("Columns:")
    for c in rules.columns:
        cond = f"; {c.condition.description}" if c.condition else ""
        lines.append(f"  {c.id}: {c.policy.describe()}{cond}")
    if rules.bonus:
        tiers = ", ".join(f"{b} at {t}+" for t, b in rules.bonus.tiers)
        lines.append(f"Upper bonus per column: {tiers} (rows {', '.join(rules.bonus.rows)})")
    lines.append("Crossing out: " + ("Scratch(row, column) writes x (0)" if rules.allow_scratch else "no"))
    if variant.options:
        lines.append("Options: " + ", ".join(f"{k}={v!r}" for k, v in variant.options.items()))
    else:
        lines.append("Options: none" + _fixed_options(variant))
    if variant.notes:
        lines.append("Rulings:")
        lines.extend(f"  - {note}" for note in variant.notes)
    return "\n".join(lines)
