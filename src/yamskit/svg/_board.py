"""The Yam Master board: labelled cells, tokens, scoring runs, players and the turn's dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._canvas import Canvas, fit, text_width, turn_panel
from ._theme import Theme
from ._title import variant_title

if TYPE_CHECKING:
    from ..variants.yam_master import YamMasterGame

_CELL = 68
_PAD = 12


def last_moves(game: YamMasterGame) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The cell of the last token placed and of the last token removed, if any (in the last turn that did either)."""
    from ..actions import Place, RemoveToken

    for move in reversed(game.history):
        if isinstance(move.action, Place):
            return move.action.cell, None
        if isinstance(move.action, RemoveToken):
            return None, move.action.cell
    return None, None


def shown(game: YamMasterGame, label: str) -> str:
    """How a cell label is printed: as the state's board prints it."""
    return game.board.label_text(label)


def status_line(game: YamMasterGame) -> str:
    """Whose turn and which throw, or how the game ended."""
    if game.is_over:
        result = game.result()
        why = {"five_in_a_row": "five in a row", "last_token": "last token placed", "max_turns": "turn limit"}
        outcome = "draw" if result.is_draw else f"winner: {result.winner_names[0]}"
        return f"Game over ({why.get(str(game.end_reason), str(game.end_reason))}) · {outcome}"
    turn = game.turn
    me = game.players[game.current_player]
    if not turn.has_thrown:
        return f"{me} to throw · turn {game.turns + 1}"
    challenge = " · challenge declared" if turn.challenge else ""
    return f"{me} · throw {turn.throws_used} of {turn.max_throws}{challenge}"


def draw(game: YamMasterGame, theme: Theme) -> str:
    """The SVG of a Yam Master game."""
    board = game.board
    side, cell_labels = board.size, board.label_ids
    canvas = Canvas(theme)
    title = f"{variant_title(game.variant)} · {len(game.players)} players"
    canvas.text(_PAD, _PAD + 10, title, size=14, bold=True, class_="title")
    x0, y0 = float(_PAD + 14), float(_PAD + 40)
    placed, removed = last_moves(game)
    usable = game.labels if not game.is_over else frozenset()
    under: list[tuple[float, float, str]] = []  # the labels of covered cells, drawn over the runs
    for i in range(side):
        canvas.text(x0 + (i + 0.5) * _CELL, y0 - 8, str(i), size=10, anchor="middle", fill=theme.muted)
        canvas.text(x0 - 8, y0 + (i + 0.5) * _CELL, str(i), size=10, anchor="middle", fill=theme.muted)
    for r in range(side):
        for c in range(side):
            x, y = x0 + c * _CELL, y0 + r * _CELL
            owner = board.owner((r, c))
            label = cell_labels[r][c]
            target = owner is None and label in usable
            canvas.rect(
                x,
                y,
                _CELL,
                _CELL,
                theme.highlight if target else theme.paper,
                stroke=theme.grid,
                stroke_width=1,
                class_="cell",
                data_row=r,
                data_col=c,
                data_label=label,
                data_owner="" if owner is None else owner,
            )
            if owner is None:
                canvas.text(
                    x + _CELL / 2,
                    y + _CELL / 2,
                    shown(game, label),
                    size=15,
                    anchor="middle",
                    bold=True,
                    class_="label",
                )
                continue
            canvas.circle(
                x + _CELL / 2,
                y + _CELL * 0.42,
                _CELL * 0.27,
                theme.player(owner),
                stroke=theme.highlight if (r, c) == placed else theme.ink,
                stroke_width=4 if (r, c) == placed else 1,
                class_="token",
                data_player=owner,
                data_row=r,
                data_col=c,
            )
            under.append((x + _CELL / 2, y + _CELL * 0.86, shown(game, label)))
    if removed is not None and board.owner(removed) is None:
        r, c = removed
        canvas.circle(
            x0 + (c + 0.5) * _CELL,
            y0 + (r + 0.42) * _CELL,
            _CELL * 0.27,
            "none",
            stroke=theme.negative,
            stroke_width=2,
            stroke_dasharray="5 4",
            class_="removed",
        )
    canvas.rect(x0, y0, _CELL * side, _CELL * side, "none", stroke=theme.ink, stroke_width=2)
    for run in (*board.scoring_runs, *board.fives):
        (r1, c1), (r2, c2) = run.cells[0], run.cells[-1]
        canvas.line(
            x0 + (c1 + 0.5) * _CELL,
            y0 + (r1 + 0.42) * _CELL,
            x0 + (c2 + 0.5) * _CELL,
            y0 + (r2 + 0.42) * _CELL,
            theme.highlight if run.length >= 5 else theme.ink,
            stroke_width=6 if run.length >= 5 else 3,
            stroke_linecap="round",
            stroke_opacity=0.85 if run.length >= 5 else 0.45,
            class_="run",
            data_player=run.player,
            data_length=run.length,
        )
    for x, y, words in under:
        # on a plate of paper, so that a run drawn through the cell stops short of the label
        plate = text_width(words, 10) + 4
        canvas.rect(x - plate / 2, y - 7, plate, 14, theme.paper, rx=3, class_="plate")
        canvas.text(x, y, words, size=10, anchor="middle", fill=theme.muted)
    # the players
    px = x0 + _CELL * side + 24
    y = float(y0)
    panel_w = 0.0
    result = game.result()
    for p, name in enumerate(game.players):
        to_play = p == game.current_player and not game.is_over
        if to_play:
            canvas.rect(px - 6, y - 4, 200, 70, theme.highlight, rx=6)
        canvas.circle(px + 12, y + 14, 11, theme.player(p), stroke=theme.ink, stroke_width=1)
        points = result.scores[p]
        score = f"{points} point{'s' if points != 1 else ''}"
        name = fit(name, 14, 160 - text_width(score, 13) - 8)
        canvas.text(px + 30, y + 14, name, size=14, bold=True, class_="player", data_player=p)
        facts = [
            ("on-board", f"{board.count(p)} on the board", board.count(p)),
            ("supply", f"{game.supply[p]} to place", game.supply[p]),
        ]
        if game.out[p]:
            facts.append(("out", f"{game.out[p]} out of the game", game.out[p]))
        line_y = y + 34
        for key, words, value in facts:
            canvas.text(px + 30, line_y, words, size=12, fill=theme.muted, class_=key, data_player=p, data_value=value)
            line_y += 15
        canvas.text(px + 190, y + 14, score, size=13, anchor="end", bold=True, class_="points", data_player=p)
        panel_w = max(panel_w, 200.0, text_width(facts[-1][1], 12) + 36)
        y = line_y + 14
    width = px + panel_w + _PAD
    y = max(y, y0 + _CELL * side) + 14
    turn = game.turn
    status = status_line(game)
    used_w, used_h = turn_panel(canvas, x0, y, status, turn.dice, turn.kept)
    y += used_h
    if turn.has_thrown and not game.is_over:
        have = "the dice make: " + (", ".join(shown(game, label) for label in sorted(game.labels)) or "nothing")
        canvas.text(x0, y + 6, have, size=12, fill=theme.muted, class_="labels")
        used_w = max(used_w, text_width(have, 12))
        y += 20
    width = max(width, x0 + used_w + _PAD)
    return canvas.document(width, y + _PAD, f"{variant_title(game.variant)}: {status}", "board")
