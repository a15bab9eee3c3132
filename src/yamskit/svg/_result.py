"""A result: ranking, teams and, for Competitive Yams, the duel table."""

from __future__ import annotations

import math
from typing import Any

from ..result import Result
from ._canvas import MAX_WIDTH, Canvas, fit, text_width
from ._theme import Theme

_ROW = 22
_PAD = 10
#: The widest a player's name is drawn, in pixels (longer names are shortened).
_NAME_MAX = 140


def _table(
    canvas: Canvas,
    x: float,
    y: float,
    heads: list[str],
    rows: list[list[tuple[str, dict[str, Any]]]],
    widths: list[float],
    *,
    align: list[str],
) -> float:
    theme = canvas.theme
    total_w = math.fsum(widths)
    canvas.rect(x, y, total_w, _ROW, theme.header)
    cx = x
    for head, w, a in zip(heads, widths, align, strict=True):
        tx = cx + _PAD if a == "start" else cx + w - _PAD if a == "end" else cx + w / 2
        canvas.text(tx, y + _ROW / 2, head, size=11, anchor=a, bold=True)
        cx += w
    y += _ROW
    canvas.rect(x, y, total_w, _ROW * len(rows), theme.paper)
    for row in rows:
        cx = x
        for (body, attributes), w, a in zip(row, widths, align, strict=True):
            tx = cx + _PAD if a == "start" else cx + w - _PAD if a == "end" else cx + w / 2
            extra = dict(attributes)
            bold = extra.pop("font_weight", None) == "bold"
            canvas.text(tx, y + _ROW / 2, body, size=12, anchor=a, bold=bold, **extra)
            cx += w
        canvas.line(x, y + _ROW, x + total_w, y + _ROW, theme.grid)
        y += _ROW
    canvas.rect(x, y - _ROW * (len(rows) + 1), total_w, _ROW * (len(rows) + 1), "none", stroke=theme.ink)
    return y


def _widths(heads: list[str], rows: list[list[tuple[str, dict[str, Any]]]]) -> list[float]:
    return [
        max(text_width(h, 11), *(text_width(row[i][0], 12) for row in rows)) + 2 * _PAD for i, h in enumerate(heads)
    ]


def draw(result: Result, theme: Theme) -> str:
    """The SVG of a result."""
    canvas = Canvas(theme)
    x0, y = float(_PAD), float(_PAD)
    teams = result.teams
    title = fit(result.headline, 14, MAX_WIDTH - 2 * _PAD)
    canvas.text(x0, y + 10, title, size=14, bold=True, class_="title")
    y += 28
    team_of = {seat: fit(team.name, 12, 2 * _NAME_MAX) for team in teams for seat in team.seats}
    heads = ["Rank", "Player", *(["Team"] if teams else []), "Score"]
    rows: list[list[tuple[str, dict[str, Any]]]] = []
    for place, group in enumerate(result.ranking, start=1):
        for seat in group:
            row: list[tuple[str, dict[str, Any]]] = [
                (str(place), {}),
                (fit(result.players[seat], 12, _NAME_MAX), {"fill": theme.player(seat), "font_weight": "bold"}),
            ]
            if teams:
                row.append((team_of.get(seat, ""), {}))
            row.append((str(result.scores[seat]), {"class_": "score", "data_player": seat, "font_weight": "bold"}))
            rows.append(row)
    widths = _widths(heads, rows)
    align = ["middle", "start", *(["start"] if teams else []), "end"]
    y = _table(canvas, x0, y, heads, rows, widths, align=align)
    width = math.fsum(widths)
    if teams:
        y += 14
        team_rows = [
            [
                (fit(team.name, 12, 2 * _NAME_MAX), {}),
                (str(team.score), {"class_": "team-score", "data_team": t, "font_weight": "bold"}),
            ]
            for t, team in enumerate(teams)
        ]
        team_heads = ["Team", "Team total"]
        team_w = _widths(team_heads, team_rows)
        y = _table(canvas, x0, y, team_heads, team_rows, team_w, align=["start", "end"])
        width = max(width, math.fsum(team_w))
    details = result.details
    if isinstance(details, dict) and details.get("duels"):
        y += 18
        canvas.text(x0, y, "Duels", size=13, bold=True)
        y += 14
        duel_heads = [
            "Column",
            "Coef.",
            "Player",
            "Raw",
            "Clean",
            "Opponent",
            "Raw",
            "Clean",
            "×",
            "Difference",
            "Points",
        ]
        duel_rows: list[list[tuple[str, dict[str, Any]]]] = []
        for d, duel in enumerate(details["duels"]):
            a, b = duel["pair"]
            points = duel["points"][0]
            colour = theme.positive if points > 0 else theme.negative if points < 0 else theme.muted
            duel_rows.append(
                [
                    (duel["column"], {}),
                    (str(duel["coefficient"]), {}),
                    (fit(result.players[a], 12, _NAME_MAX), {"fill": theme.player(a)}),
                    (str(duel["raw"][0]), {"class_": "duel-raw", "data_duel": d, "data_side": 0}),
                    ("+200" if duel["clean"][0] else "", {"fill": theme.muted}),
                    (fit(result.players[b], 12, _NAME_MAX), {"fill": theme.player(b)}),
                    (str(duel["raw"][1]), {"class_": "duel-raw", "data_duel": d, "data_side": 1}),
                    ("+200" if duel["clean"][1] else "", {"fill": theme.muted}),
                    (str(duel["multiplier"]), {}),
                    (str(duel["difference"]), {}),
                    (str(points), {"class_": "duel-points", "data_duel": d, "fill": colour, "font_weight": "bold"}),
                ]
            )
        duel_w = _widths(duel_heads, duel_rows)
        aligns = ["start", "end", "start", "end", "end", "start", "end", "end", "end", "end", "end"]
        y = _table(canvas, x0, y, duel_heads, duel_rows, duel_w, align=aligns)
        width = max(width, math.fsum(duel_w))
    width = max(width, text_width(title, 14))
    return canvas.document(x0 + width + _PAD, y + _PAD, title, "result")
