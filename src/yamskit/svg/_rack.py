"""Yamslam: the rack, the discard pile, each collection with its bonuses, the turn's dice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._canvas import Canvas, fit, text_width, turn_panel, wrap
from ._theme import Theme
from ._title import variant_title

if TYPE_CHECKING:
    from ..variants.yamslam import YamslamGame
    from ..variants.yamslam.chips import ChipSet

_PAD = 10
_ROW = 34
_KIND = 92
_CHIP = 10
#: The widest a side's name is drawn, in pixels (longer names are shortened).
_NAME_MAX = 110


def status_line(game: YamslamGame) -> str:
    """Whose turn and which throw, or the winners."""
    if game.is_over:
        result = game.result()
        names = ", ".join(result.winner_names)
        return f"Game over · {'winners' if len(result.winners) > 1 else 'winner'}: {names}"
    me = game.players[game.current_player]
    if game.second_pick:
        return f"{me} takes the Yamslam's second chip"
    turn = game.turn
    if not turn.has_thrown:
        return f"{me} to throw"
    yamslam = " · Yamslam!" if game.shows_yamslam else ""
    return f"{me} · throw {turn.throws_used} of {turn.max_throws}{yamslam}"


def _stack(canvas: Canvas, x: float, y: float, index: int, count: int, value: int, where: str, kind: str) -> None:
    theme = canvas.theme
    canvas.open("g", class_="stack", data_where=where, data_kind=kind, data_count=count)
    cy = y + _ROW / 2
    if count == 0:
        canvas.circle(x + _CHIP + 4, cy, _CHIP, "none", stroke=theme.grid, stroke_dasharray="3 3")
    for i in range(count):
        canvas.circle(x + _CHIP + 4 + i * 8, cy, _CHIP, theme.chip(index), stroke=theme.ink, stroke_width=1)
    if count:
        canvas.text(x + _CHIP + 4 + (count - 1) * 8, cy, str(value), size=8, anchor="middle", fill="#ffffff", bold=True)
    canvas.text(x + _KIND - 6, cy, f"×{count}", size=11, anchor="end", fill=theme.ink if count else theme.muted)
    canvas.close("g")


def draw(game: YamslamGame, theme: Theme) -> str:
    """The SVG of a Yamslam game."""
    kinds = game.rack.every_kind
    canvas = Canvas(theme)
    result = game.result()
    tallies = result.details["teams"] if game.variant.mode == "team" else None
    names = game.side_names
    current_side = game.variant.side(game.current_player)
    rows: list[tuple[str, str, ChipSet, int | None]] = [
        ("Rack", "rack", game.rack, None),
        ("Discard", "discard", game.discard, None),
    ]
    rows += [
        (fit(name, 13, _NAME_MAX), "side", chips, s)
        for s, (name, chips) in enumerate(zip(names, game.collections, strict=True))
    ]
    label_w = max(text_width(label, 13) for label, *_ in rows) + 2 * _PAD + 14
    x0, y = float(_PAD), float(_PAD)
    title = f"{variant_title(game.variant)} · {len(game.players)} player{'s' if len(game.players) > 1 else ''}"
    canvas.text(x0, y + 10, title, size=14, bold=True, class_="title")
    y += 26
    extra = (("chips", "Chips"), ("bonuses", "Bonuses"), ("total", "Total"))
    extra_w = 62
    table_w = label_w + _KIND * len(kinds) + extra_w * len(extra)
    heads = [wrap(kind.label, 11, _KIND - 8) for kind in kinds]
    head_h = 13 * max(len(lines) for lines in heads) + 17
    canvas.rect(x0, y, table_w, head_h, theme.header)
    for k, kind in enumerate(kinds):
        cx = x0 + label_w + (k + 0.5) * _KIND
        for i, line in enumerate(heads[k]):
            canvas.text(cx, y + 9 + 13 * i, line, size=11, anchor="middle", bold=True, class_="kind")
        canvas.text(cx, y + head_h - 9, f"{kind.points} pts", size=10, anchor="middle", fill=theme.muted)
    for e, (_, words) in enumerate(extra):
        canvas.text(
            x0 + label_w + _KIND * len(kinds) + (e + 0.5) * extra_w,
            y + head_h / 2,
            words,
            size=11,
            anchor="middle",
            bold=True,
        )
    y += head_h
    top = y
    for label, where, chips, side in rows:
        to_play = side is not None and side == current_side and not game.is_over
        canvas.rect(
            x0, y, table_w, _ROW, theme.highlight if to_play else theme.paper if side is not None else theme.background
        )
        fill = theme.player(side) if side is not None else theme.ink
        canvas.text(x0 + _PAD, y + _ROW / 2, label, size=13, bold=True, fill=fill, class_="row-label")
        for k, kind in enumerate(kinds):
            _stack(
                canvas,
                x0 + label_w + k * _KIND,
                y,
                k,
                chips.count(kind),
                kind.points,
                where if side is None else f"side-{side}",
                kind.value,
            )
        if side is not None:
            entry = tallies[side] if tallies is not None else result.details["players"][_first_seat(game, side)]
            for e, (key, _) in enumerate(extra):
                canvas.text(
                    x0 + label_w + _KIND * len(kinds) + (e + 0.5) * extra_w,
                    y + _ROW / 2,
                    str(entry[key if key != "chips" else "chip_points"]),
                    size=13,
                    anchor="middle",
                    bold=key == "total",
                    class_=key,
                    data_side=side,
                )
        y += _ROW
    canvas.open("g", class_="grid", stroke=theme.grid, stroke_width=1)
    for i in range(len(rows) + 1):
        canvas.add("line", x1=x0, y1=top + i * _ROW, x2=x0 + table_w, y2=top + i * _ROW)
    for k in range(len(kinds) + len(extra) + 1):
        gx = x0 + label_w + min(k, len(kinds)) * _KIND + max(0, k - len(kinds)) * extra_w
        canvas.add("line", x1=gx, y1=top - head_h, x2=gx, y2=y)
    canvas.add("line", x1=x0, y1=top - head_h, x2=x0, y2=y)
    canvas.add("line", x1=x0 + table_w, y1=top - head_h, x2=x0 + table_w, y2=y)
    canvas.close("g")
    notes = _bonus_notes(game, result.details, tallies)
    y += 6
    for note in notes:
        canvas.text(x0, y + 8, note, size=11, fill=theme.muted, class_="bonus-note")
        y += 16
    y += 8
    turn = game.turn
    status = status_line(game)
    used_w, used_h = turn_panel(canvas, x0, y, status, turn.dice, turn.kept)
    y += used_h
    width = max(x0 + table_w, x0 + used_w, *(x0 + text_width(n, 11) for n in notes)) + _PAD
    return canvas.document(width, y + _PAD, f"{variant_title(game.variant)}: {status}", "rack")


def _first_seat(game: YamslamGame, side: int) -> int:
    return next(p for p in range(len(game.players)) if game.variant.side(p) == side)


def _bonus_notes(game: YamslamGame, details: dict[str, object], tallies: object) -> list[str]:
    names = game.side_names
    players: Any = details["players"]
    entries = tallies if isinstance(tallies, list) else [players[_first_seat(game, s)] for s in range(len(names))]
    words = {"golden_7": "golden 7", "silver_6": "silver 6", "full_stacks": "full stacks", "last_draw": "last draw"}
    notes = []
    for name, entry in zip(names, entries, strict=True):
        parts = [f"{words[key]} +{entry[key]}" for key in words if entry[key]]
        if parts:
            notes.append(fit(f"{name}: " + ", ".join(parts), 11, 900))
    return notes
