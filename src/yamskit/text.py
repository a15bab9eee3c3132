"""Plain-text views of scorecard variants and games, for terminals, logs and docs.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    >>> g = g.apply(yamskit.Roll(outcome="22555")).apply(yamskit.Score("full_house"))
    >>> print(render_scorecard(g).splitlines()[0])
    Ann  <- to play
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .scorecard_game import ScorecardGame, ScorecardVariant

__all__ = ["describe_scorecard", "render_scorecard"]


def render_scorecard(game: ScorecardGame) -> str:
    """Each player's sheet as a text table (boxes, column bonus and totals), then the turn.

    Crossed-out boxes show ``x``; empty boxes are blank.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(yamskit.Roll(outcome="12345"))
        >>> print(render_scorecard(g).splitlines()[-1])
        Ann to play: dice 12345, throws 1/3
    """
    rules = game.rules
    labels = [r.label for r in rules.rows]
    width = max(len(label) for label in [*labels, "Upper bonus", "Total"]) + 1
    cols = rules.column_ids
    tags = [f"x{w}" for w in game.column_weights[: len(cols)]]
    cw = max(6, *(len(c) + 1 + len(tags[i] if i < len(tags) else "") for i, c in enumerate(cols)))
    result = game.result()
    lines: list[str] = []
    for p, (name, sheet) in enumerate(zip(game.players, game.sheets, strict=True)):
        marker = "  <- to play" if p == game.current_player and not game.is_over else ""
        lines.append(f"{name}{marker}")
        if len(cols) > 1:
            weights = game.column_weights
            head = "".join(
                f"{c}{'x' + str(weights[i]) if i < len(weights) else ''}".rjust(cw) for i, c in enumerate(cols)
            )
            lines.append(" " * width + head)
        for r, label in enumerate(labels):
            lines.append(label.ljust(width) + "".join(str(sheet.cells[c][r]).rjust(cw) for c in range(len(cols))))
        if rules.bonus:
            bonus = "".join(str(rules.bonus.points(rules.upper_total(sheet, c))).rjust(cw) for c in range(len(cols)))
            lines.append("Upper bonus".ljust(width) + bonus)
        if sheet.extra:
            lines.append("Extra".ljust(width) + str(sheet.extra).rjust(cw))
        lines.append("Total".ljust(width) + str(result.scores[p]).rjust(cw))
        lines.append("")
    if game.is_over:
        lines.append("Game over. Winner: " + ", ".join(result.winner_names))
    else:
        turn = game.turn
        dice = str(turn.dice) if turn.has_thrown else "-"
        lines.append(
            f"{game.players[game.current_player]} to play: dice {dice}, throws {turn.throws_used}/{turn.max_throws}"
        )
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
