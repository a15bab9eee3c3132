"""Score sheets: every player side by side, every column, per-column totals, the turn's dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scorecard.text import duel_points
from ._canvas import Canvas, text_width, turn_panel
from ._theme import Theme

if TYPE_CHECKING:
    from ..scorecard.state import ScorecardGame

_ROW = 22
_PAD = 8
_SIZE = 12


def last_placement(game: ScorecardGame) -> tuple[int, str, str] | None:
    """(player, row, column) of the last box written, or ``None``."""
    from ..actions import Score, Scratch

    for move in reversed(game.history):
        if isinstance(move.action, (Score, Scratch)):
            column = move.action.column or game.rules.column_ids[0]
            return move.player, move.action.row, column
    return None


def status_line(game: ScorecardGame) -> str:
    """Whose turn and which throw, or the winners."""
    if game.is_over:
        result = game.result()
        names = ", ".join(result.winner_names)
        return f"Game over · {'winners' if result.is_draw else 'winner'}: {names}"
    turn = game.turn
    me = game.players[game.current_player]
    if not turn.has_thrown:
        return f"{me} to throw"
    return f"{me} · throw {turn.throws_used} of {turn.max_throws}"


def draw(game: ScorecardGame, theme: Theme) -> str:
    """The SVG of a scorecard game."""
    rules = game.rules
    result = game.result()
    details = result.details
    columns = rules.column_ids
    weights = game.column_weights
    multi = len(columns) > 1
    duels = duel_points(details, len(game.players), columns)
    teams = details.get("teams") if isinstance(details, dict) else None
    team_rows = [t for t in teams or () if isinstance(t, dict) and "score" in t and len(t.get("players", ())) > 1]
    summary: list[tuple[str, str]] = []
    if rules.bonus:
        summary += [("upper", "Upper total"), ("bonus", "Upper bonus")]
    summary.append(("column-total", "Column total" if multi else "Boxes + bonus"))
    if duels is not None:
        summary.append(("duels", "Duel points"))
    has_extra = any(sheet.extra for sheet in game.sheets)
    labels = [r.label or r.id for r in rules.rows]
    every_label = [*labels, *(label for _, label in summary), "Extra", "Total", "Team total"]
    label_w = max(text_width(label, _SIZE) for label in every_label) + 2 * _PAD
    heads = [c + (f" ×{weights[i]}" if i < len(weights) else "") for i, c in enumerate(columns)]
    cell_w = max(44.0, *(text_width(h, 11) + _PAD for h in heads)) if multi else 0.0
    name_w = max(text_width(name, _SIZE) + 2 * _PAD for name in game.players)
    group_w = max(cell_w * len(columns), name_w, 64.0)
    cell_w = group_w / len(columns)
    width = _PAD * 2 + label_w + group_w * len(game.players)
    canvas = Canvas(theme)
    x0, y = float(_PAD), float(_PAD)
    title = f"{game.variant.name} · {len(game.players)} player{'s' if len(game.players) > 1 else ''}"
    canvas.text(x0, y + 10, title, size=14, bold=True, class_="title")
    y += 26
    top = y

    def group_x(p: int) -> float:
        return x0 + label_w + p * group_w

    # headers: player names, then column ids
    canvas.rect(x0, y, label_w + group_w * len(game.players), _ROW, theme.header)
    for p, name in enumerate(game.players):
        to_play = p == game.current_player and not game.is_over
        if to_play:
            canvas.rect(group_x(p), y, group_w, _ROW, theme.highlight)
        canvas.text(
            group_x(p) + group_w / 2,
            y + _ROW / 2,
            name,
            size=_SIZE,
            anchor="middle",
            bold=True,
            fill=theme.player(p),
            class_="player",
            data_player=p,
        )
    y += _ROW
    if multi:
        canvas.rect(x0, y, label_w + group_w * len(game.players), _ROW, theme.header)
        for p in range(len(game.players)):
            for c, head in enumerate(heads):
                canvas.text(
                    group_x(p) + (c + 0.5) * cell_w, y + _ROW / 2, head, size=11, anchor="middle", fill=theme.muted
                )
        y += _ROW
    last = last_placement(game)
    body_top = y
    canvas.rect(x0, y, label_w, _ROW * len(labels), theme.header)
    canvas.rect(x0 + label_w, y, group_w * len(game.players), _ROW * len(labels), theme.paper)
    for r, row in enumerate(rules.rows):
        canvas.text(x0 + _PAD, y + _ROW / 2, labels[r], size=_SIZE)
        for p, sheet in enumerate(game.sheets):
            for c, column in enumerate(columns):
                cell = sheet.cells[c][r]
                cx = group_x(p) + c * cell_w
                if last == (p, row.id, column):
                    canvas.rect(cx, y, cell_w, _ROW, theme.highlight, class_="last")
                # an invisible box over every cell, empty ones too, for a page to click or style
                canvas.rect(
                    cx,
                    y,
                    cell_w,
                    _ROW,
                    theme.paper,
                    fill_opacity=0,
                    class_="box",
                    data_player=p,
                    data_row=row.id,
                    data_column=column,
                    data_empty="true" if cell.is_empty else "false",
                )
                if cell.is_empty:
                    continue
                canvas.text(
                    cx + cell_w / 2,
                    y + _ROW / 2,
                    "✗" if cell.scratched else str(cell.points),
                    size=_SIZE,
                    anchor="middle",
                    fill=theme.muted if cell.scratched else theme.ink,
                    class_="cell",
                    data_player=p,
                    data_row=row.id,
                    data_column=column,
                    data_scratched="true" if cell.scratched else "false",
                )
        y += _ROW
    # per-column summaries
    col_data = _column_numbers(game)
    for key, label in summary:
        canvas.rect(x0, y, label_w + group_w * len(game.players), _ROW, theme.header)
        canvas.text(x0 + _PAD, y + _ROW / 2, label, size=_SIZE, bold=key == "column-total")
        for p in range(len(game.players)):
            for c, column in enumerate(columns):
                value = duels[p][column] if key == "duels" and duels is not None else col_data[p][column][key]
                fill = theme.ink
                if key == "duels":
                    fill = theme.positive if value > 0 else theme.negative if value < 0 else theme.muted
                canvas.text(
                    group_x(p) + (c + 0.5) * cell_w,
                    y + _ROW / 2,
                    str(value),
                    size=_SIZE,
                    anchor="middle",
                    fill=fill,
                    bold=key == "column-total",
                    class_=key,
                    data_player=p,
                    data_column=column,
                )
        y += _ROW
    columns_bottom = y
    spans: list[tuple[str, str, list[int]]] = []
    if has_extra:
        spans.append(("extra", "Extra", [sheet.extra for sheet in game.sheets]))
    spans.append(("total", "Total" if duels is None else "Score (duels)", list(result.scores)))
    for key, label, values in spans:
        canvas.rect(x0, y, label_w + group_w * len(game.players), _ROW, theme.header)
        canvas.text(x0 + _PAD, y + _ROW / 2, label, size=_SIZE, bold=True)
        for p, value in enumerate(values):
            canvas.text(
                group_x(p) + group_w / 2,
                y + _ROW / 2,
                str(value),
                size=13,
                anchor="middle",
                bold=True,
                class_=key,
                data_player=p,
            )
        y += _ROW
    if team_rows:
        canvas.rect(x0, y, label_w + group_w * len(game.players), _ROW, theme.header)
        canvas.text(x0 + _PAD, y + _ROW / 2, "Team total", size=_SIZE, bold=True)
        for t, team in enumerate(team_rows):
            for p in team["players"]:
                canvas.text(
                    group_x(p) + group_w / 2,
                    y + _ROW / 2,
                    str(team["score"]),
                    size=13,
                    anchor="middle",
                    bold=True,
                    class_="team-total",
                    data_team=t,
                    data_player=p,
                )
        y += _ROW
    _grid(
        canvas, x0, top, label_w, group_w, cell_w, len(game.players), len(columns), y, (body_top, columns_bottom), multi
    )
    y += 10
    turn = game.turn
    used_w, used_h = turn_panel(canvas, x0, y, status_line(game), turn.dice, turn.kept)
    y += used_h
    width = max(width, used_w + 2 * _PAD)
    return canvas.document(width, y + _PAD, f"{game.variant.name}: {status_line(game)}", "sheet")


def _column_numbers(game: ScorecardGame) -> list[dict[str, dict[str, int]]]:
    rules = game.rules
    out = []
    for sheet in game.sheets:
        per: dict[str, dict[str, int]] = {}
        for c, column in enumerate(rules.column_ids):
            boxes = sum(cell.value for cell in sheet.cells[c])
            upper = rules.upper_total(sheet, c)
            bonus = rules.bonus.points(upper) if rules.bonus else 0
            per[column] = {"upper": upper, "bonus": bonus, "column-total": boxes + bonus}
        out.append(per)
    return out


def _grid(
    canvas: Canvas,
    x0: float,
    top: float,
    label_w: float,
    group_w: float,
    cell_w: float,
    players: int,
    columns: int,
    bottom: float,
    body: tuple[float, float],
    multi: bool,
) -> None:
    theme = canvas.theme
    right = x0 + label_w + group_w * players
    canvas.open("g", class_="grid", stroke=theme.grid, stroke_width=1)
    y = top
    while y <= bottom + 0.5:
        canvas.add("line", x1=x0, y1=y, x2=right, y2=y)
        y += _ROW
    canvas.add("line", x1=x0, y1=top, x2=x0, y2=bottom)
    for p in range(players + 1):
        gx = x0 + label_w + p * group_w
        canvas.add("line", x1=gx, y1=top, x2=gx, y2=bottom, stroke=theme.ink, stroke_width=1.5)
        if p < players and multi:
            for c in range(1, columns):
                canvas.add("line", x1=gx + c * cell_w, y1=body[0] - _ROW, x2=gx + c * cell_w, y2=body[1])
    canvas.close("g")
