"""Score sheets: every player side by side, every column, per-column totals, the turn's dice."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..scorecard.state import ScorecardGame
from ..scorecard.text import duel_points
from ._canvas import MAX_WIDTH, Canvas, fit, text_width, turn_panel
from ._theme import Theme
from ._title import variant_title

_ROW = 22
_PAD = 8
_SIZE = 12
_HEAD = 11
#: Room around a number in its box, in pixels.
_GAP = 8
#: The most a player's name may widen a player's columns, in pixels (longer names are shortened).
_NAME_MAX = 220


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
        ended = game.ended
        why = f" ({ended.reason})" if ended is not None else ""
        return f"Game over{why} · {'winners' if result.is_draw else 'winner'}: {names}"
    turn = game.turn
    me = game.players[game.current_player]
    saved = f" · {turn.saved - turn.spent} saved" if game.saved_throws else ""
    if not turn.has_thrown:
        return f"{me} to throw{saved}"
    return f"{me} · throw {turn.throws_used} of {turn.max_throws}{saved}"


def _teams(details: Any) -> list[tuple[int, ...]]:
    """The seats of each team of more than one player that the result names (Competitive 2v2)."""
    teams = details.get("teams") if isinstance(details, dict) else None
    return [
        tuple(team["players"])
        for team in teams or ()
        if isinstance(team, dict) and "score" in team and len(team.get("players", ())) > 1
    ]


def _progress(upper: int, tiers: tuple[tuple[int, int], ...]) -> str:
    """The upper total against the next bonus threshold: ``34/63`` (the last threshold once all are reached)."""
    goal = next((threshold for threshold, _ in tiers if upper < threshold), tiers[-1][0])
    return f"{upper}/{goal}"


def draw(game: ScorecardGame, theme: Theme) -> str:
    """The SVG of a scorecard game: players side by side, on several rows of players when they do not fit."""
    rules = game.rules
    result = game.result()
    columns = rules.column_ids
    weights = game.column_weights
    multi = len(columns) > 1
    players = len(game.players)
    duels = duel_points(result.details, players, columns)
    teams = _teams(result.details)
    col_data = _column_numbers(game)
    summary: list[tuple[str, str]] = []
    if rules.bonus:
        summary += [("upper", "Upper total"), ("bonus", "Upper bonus")]
    summary.append(("column-total", "Column total" if multi else "Boxes + bonus"))
    if duels is not None:
        summary.append(("duels", "Duel points"))

    def shown(key: str, p: int, column: str) -> str:
        if key == "duels" and duels is not None:
            return str(duels[p][column])
        value = col_data[p][column][key]
        return _progress(value, rules.bonus.tiers) if key == "upper" and rules.bonus else str(value)

    spans: list[tuple[str, str, list[int]]] = []
    if any(sheet.extra for sheet in game.sheets):
        spans.append(("extra", "Extra", [sheet.extra for sheet in game.sheets]))
    if game.saved_throws:  # a game with saved throws: each player's store (the player to move's, less those spent)
        spans.append(("saved-throws", "Saved throws", [game.saved_now(p) for p in range(players)]))
    spans.append(("total", "Total" if duels is None else "Score (duels)", list(result.scores)))
    labels = [r.label or r.id for r in rules.rows]
    every_label = [*labels, *(label for _, label in summary), *(label for _, label, _ in spans), "Team total"]
    label_w = max(text_width(label, _SIZE) for label in every_label) + 2 * _PAD
    marks = [f"×{weight}" for weight in weights[: len(columns)]] if multi else []
    col_w = []
    for c, column in enumerate(columns):
        texts = [text_width(shown(key, p, column), _SIZE) for key, _ in summary for p in range(players)]
        texts += [text_width(str(sheet.cells[c][r].points), _SIZE) for sheet in game.sheets for r in range(len(labels))]
        col_w.append(max([36.0, *texts, text_width(column, _HEAD) if multi else 0.0]) + _GAP)
    totals_w = max(text_width(str(value), 13) for _, _, values in spans for value in values) + _GAP
    name_w = min(max(text_width(name, _SIZE) for name in game.players) + 2 * _PAD, _NAME_MAX)
    group_w = max(math.fsum(col_w), 64.0, totals_w, name_w)
    col_w = [w * group_w / math.fsum(col_w) for w in col_w]
    per_row = max(1, int((MAX_WIDTH - 2 * _PAD - label_w) // group_w))
    order = [seat for team in teams for seat in team]
    order += [seat for seat in range(players) if seat not in order]
    blocks = [order[i : i + per_row] for i in range(0, players, per_row)]

    canvas = Canvas(theme)
    x0, y = float(_PAD), float(_PAD)
    title = f"{variant_title(game.variant)} · {players} player{'s' if players > 1 else ''}"
    canvas.text(x0, y + 10, fit(title, 14, MAX_WIDTH - 2 * _PAD), size=14, bold=True, class_="title")
    y += 26
    layout = _Layout(game, label_w, col_w, multi, marks, teams)
    for b, block in enumerate(blocks):
        if b:
            y += 14
        y = layout.block(canvas, y, block, summary, shown, spans)
    width = _PAD * 2 + label_w + group_w * max(len(block) for block in blocks)
    y += 10
    turn = game.turn
    status = status_line(game)
    used_w, used_h = turn_panel(canvas, x0, y, status, turn.dice, turn.kept)
    y += used_h
    width = max(width, used_w + 2 * _PAD, text_width(title, 14) + 2 * _PAD)
    return canvas.document(min(width, MAX_WIDTH), y + _PAD, f"{variant_title(game.variant)}: {status}", "sheet")


class _Layout:
    """Draws the players of one row of the picture: headers, boxes, totals and the grid."""

    def __init__(
        self,
        game: ScorecardGame,
        label_w: float,
        col_w: list[float],
        multi: bool,
        marks: list[str],
        teams: list[tuple[int, ...]],
    ) -> None:
        self.game = game
        self.label_w, self.col_w, self.group_w = label_w, col_w, math.fsum(col_w)
        self.col_x = [math.fsum(col_w[:c]) for c in range(len(col_w))]
        self.multi, self.marks, self.teams = multi, marks, teams
        self.last = last_placement(game)

    def block(
        self,
        canvas: Canvas,
        y: float,
        seats: list[int],
        summary: list[tuple[str, str]],
        shown: Callable[[str, int, str], str],
        spans: list[tuple[str, str, list[int]]],
    ) -> float:
        """Draw ``seats`` side by side from ``y``; returns the y below them."""
        game, theme = self.game, canvas.theme
        rules = game.rules
        columns = rules.column_ids
        x0, label_w, group_w, col_x, col_w = float(_PAD), self.label_w, self.group_w, self.col_x, self.col_w
        right = x0 + label_w + group_w * len(seats)
        top = y
        lines = [y]
        bounds = [0, len(seats)]  # where a team's span starts or ends

        def gx(i: int) -> float:
            return x0 + label_w + i * group_w

        if self.teams:
            canvas.rect(x0, y, right - x0, _ROW, theme.header)
            i = 0
            while i < len(seats):
                team = next(t for t, members in enumerate(self.teams) if seats[i] in members)
                j = i
                while j < len(seats) and seats[j] in self.teams[team]:
                    j += 1
                words = "Team " + " + ".join(game.players[p] for p in self.teams[team])
                span_w = (j - i) * group_w
                canvas.text(
                    gx(i) + span_w / 2,
                    y + _ROW / 2,
                    fit(words, _SIZE, span_w - 2 * _PAD),
                    size=_SIZE,
                    anchor="middle",
                    bold=True,
                    class_="team",
                    data_team=team,
                )
                i = j
                bounds.append(i)
            y += _ROW
            lines.append(y)
        names_top = y
        canvas.rect(x0, y, right - x0, _ROW, theme.header)
        for i, p in enumerate(seats):
            if p == game.current_player and not game.is_over:
                canvas.rect(gx(i), y, group_w, _ROW, theme.highlight)
            canvas.text(
                gx(i) + group_w / 2,
                y + _ROW / 2,
                fit(game.players[p], _SIZE, group_w - 2 * _PAD),
                size=_SIZE,
                anchor="middle",
                bold=True,
                fill=theme.player(p),
                class_="player",
                data_player=p,
            )
        y += _ROW
        lines.append(y)
        heads_top = y
        if self.multi:
            high = _ROW + (10 if self.marks else 0)
            canvas.rect(x0, y, right - x0, high, theme.header)
            for i in range(len(seats)):
                for c, head in enumerate(columns):
                    cx = gx(i) + col_x[c] + col_w[c] / 2
                    canvas.text(cx, y + 11, head, size=_HEAD, anchor="middle", fill=theme.muted, class_="column-head")
                    if self.marks:
                        canvas.text(cx, y + 23, self.marks[c], size=10, anchor="middle", fill=theme.muted)
            y += high
            lines.append(y)
        canvas.rect(x0, y, label_w, _ROW * len(rules.rows), theme.header)
        canvas.rect(x0 + label_w, y, right - x0 - label_w, _ROW * len(rules.rows), theme.paper)
        for r, row in enumerate(rules.rows):
            canvas.text(x0 + _PAD, y + _ROW / 2, row.label or row.id, size=_SIZE)
            for i, p in enumerate(seats):
                self._boxes(canvas, gx(i), y, p, r, row.id)
            y += _ROW
            lines.append(y)
        for key, label in summary:
            canvas.rect(x0, y, right - x0, _ROW, theme.header)
            canvas.text(x0 + _PAD, y + _ROW / 2, label, size=_SIZE, bold=key == "column-total")
            for i, p in enumerate(seats):
                for c, column in enumerate(columns):
                    text = shown(key, p, column)
                    fill = theme.ink
                    if key == "duels":
                        value = int(text)
                        fill = theme.positive if value > 0 else theme.negative if value < 0 else theme.muted
                    canvas.text(
                        gx(i) + col_x[c] + col_w[c] / 2,
                        y + _ROW / 2,
                        text,
                        size=_SIZE,
                        anchor="middle",
                        fill=fill,
                        bold=key == "column-total",
                        class_=key,
                        data_player=p,
                        data_column=column,
                    )
            y += _ROW
            lines.append(y)
        columns_bottom = y
        rows = [(key, label, {p: values[p] for p in seats}) for key, label, values in spans]
        if self.teams:
            scores = dict(zip(self.teams, (t.score for t in game.result().teams), strict=True))
            rows.append(("team-total", "Team total", {p: scores[t] for t in self.teams for p in t if p in seats}))
        for key, label, values in rows:
            canvas.rect(x0, y, right - x0, _ROW, theme.header)
            canvas.text(x0 + _PAD, y + _ROW / 2, label, size=_SIZE, bold=True)
            for i, p in enumerate(seats):
                if p not in values:
                    continue
                tagged: dict[str, Any] = {}
                if key == "team-total":
                    tagged["data_team"] = next(t for t, members in enumerate(self.teams) if p in members)
                canvas.text(
                    gx(i) + group_w / 2,
                    y + _ROW / 2,
                    str(values[p]),
                    size=13,
                    anchor="middle",
                    bold=True,
                    class_=key,
                    data_player=p,
                    **tagged,
                )
            y += _ROW
            lines.append(y)
        canvas.open("g", class_="grid", stroke=theme.grid, stroke_width=1)
        for line_y in lines:
            canvas.add("line", x1=x0, y1=line_y, x2=right, y2=line_y)
        canvas.add("line", x1=x0, y1=top, x2=x0, y2=y)
        for i in range(len(seats) + 1):
            canvas.add(
                "line",
                x1=gx(i),
                y1=top if i in bounds else names_top,
                x2=gx(i),
                y2=y,
                stroke=theme.ink,
                stroke_width=1.5,
            )
            if i < len(seats) and self.multi:
                for c in range(1, len(columns)):
                    cx = gx(i) + col_x[c]
                    canvas.add("line", x1=cx, y1=heads_top, x2=cx, y2=columns_bottom)
        canvas.close("g")
        return y

    def _boxes(self, canvas: Canvas, x: float, y: float, p: int, r: int, row: str) -> None:
        """The boxes of row ``r`` of player ``p``'s sheet, one per column, from ``x``."""
        theme = canvas.theme
        sheet = self.game.sheets[p]
        for c, column in enumerate(self.game.rules.column_ids):
            cell = sheet.cells[c][r]
            cx, cell_w = x + self.col_x[c], self.col_w[c]
            if self.last == (p, row, column):
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
                data_row=row,
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
                data_row=row,
                data_column=column,
                data_scratched="true" if cell.scratched else "false",
            )


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
