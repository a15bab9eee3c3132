"""A tiny SVG writer: elements as strings, escaped attributes, a standalone document, and dice."""

from __future__ import annotations

import math
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from ..dice import Dice
from ._theme import Theme

#: Pip positions of each face on a unit square.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def num(value: float) -> str:
    """A coordinate as short text: ``12`` rather than ``12.0``."""
    rounded = round(float(value), 2)
    return str(int(rounded)) if rounded == int(rounded) else str(rounded)


#: The widest picture drawn, in pixels: wider content wraps (score sheets put players on several rows).
MAX_WIDTH = 1000

#: Characters drawn narrow and wide; `_em` gives each class a width in ems at least that of
#: the bold DejaVu Sans glyphs of the class (the browser test measures the real ones).
_NARROW = frozenset(" .,:;'|!ijlrtfI()[]")
_WIDE = frozenset("mwMW@%")


def _em(char: str) -> float:
    if char in _NARROW:
        return 0.45
    if char in _WIDE:
        return 1.12
    if char.isdigit():
        return 0.75
    if char.isupper():
        return 0.86
    if char.isascii():
        return 0.74
    return 1.0


def text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` in the pictures' sans-serif font at ``size`` px.

    Generous on purpose: layouts leave this much room, so text never runs past its box,
    whatever the font the viewer falls back on; the browser test checks that no text a
    real browser draws is wider than this.

    Examples:
        >>> text_width("Ann", 12) > text_width("Ill", 12)
        True
    """
    return size * math.fsum(_em(char) for char in text)


def fit(text: str, size: float, width: float) -> str:
    """``text`` shortened with an ellipsis so that it takes at most ``width`` px at ``size`` px.

    Examples:
        >>> fit("Alexandra", 12, 60), fit("Ann", 12, 60)
        ('Alexa…', 'Ann')
    """
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` cut into lines at spaces, each at most ``width`` px wide at ``size`` px where a word allows.

    Examples:
        >>> wrap("Three of a kind", 11, 60)
        ['Three of', 'a kind']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _attributes(attributes: dict[str, object]) -> str:
    out = []
    for key, value in attributes.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        shown = num(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
        out.append(f" {name}={quoteattr(shown)}")
    return "".join(out)


class Canvas:
    """Collects SVG elements, then writes them out as one standalone document."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.parts: list[str] = []

    def add(self, tag: str, body: str | None = None, /, **attributes: object) -> None:
        """Append one element; ``body`` is escaped text (``None``: an empty element)."""
        attrs = _attributes(attributes)
        self.parts.append(f"<{tag}{attrs}/>" if body is None else f"<{tag}{attrs}>{escape(body)}</{tag}>")

    def open(self, tag: str, **attributes: object) -> None:
        """Open a container element (close it with `close`)."""
        self.parts.append(f"<{tag}{_attributes(attributes)}>")

    def close(self, tag: str) -> None:
        """Close a container element."""
        self.parts.append(f"</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str, **attributes: object) -> None:
        """A rectangle."""
        self.add("rect", x=x, y=y, width=w, height=h, fill=fill, **attributes)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, **attributes: object) -> None:
        """A straight line."""
        self.add("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, **attributes)

    def circle(self, cx: float, cy: float, r: float, fill: str, **attributes: object) -> None:
        """A circle."""
        self.add("circle", cx=cx, cy=cy, r=r, fill=fill, **attributes)

    def text(
        self,
        x: float,
        y: float,
        body: str,
        *,
        size: float = 12,
        anchor: str = "start",
        fill: str | None = None,
        bold: bool = False,
        **attributes: object,
    ) -> None:
        """A line of text; ``y`` is its vertical middle."""
        self.add(
            "text",
            body,
            x=x,
            y=y + size * 0.35,
            font_size=size,
            text_anchor=anchor,
            fill=fill or self.theme.ink,
            font_weight="bold" if bold else None,
            **attributes,
        )

    def die(self, x: float, y: float, size: float, face: int, *, kept: bool = False, **attributes: object) -> None:
        """One die showing ``face``, its top left at ``(x, y)``; a kept die has the kept colour and a dashed edge."""
        theme = self.theme
        self.open("g", class_="die", data_face=face, data_kept="true" if kept else "false", **attributes)
        self.rect(
            x,
            y,
            size,
            size,
            theme.kept if kept else theme.die,
            rx=size * 0.18,
            stroke=theme.ink,
            stroke_width=max(1.0, size / 24),
            stroke_dasharray=f"{num(size / 8)} {num(size / 16)}" if kept else None,
        )
        for px, py in _PIPS[face]:
            self.circle(x + px * size, y + py * size, size * 0.09, theme.pip)
        self.close("g")

    def dice_row(self, x: float, y: float, size: float, dice: Dice, kept: Dice | None = None) -> float:
        """The kept dice (marked) then the others, left to right; returns the x after the last die."""
        kept = kept or Dice()
        rest = dice - kept
        gap = size * 0.25
        for face in kept.faces:
            self.die(x, y, size, face, kept=True)
            x += size + gap
        for face in rest.faces:
            self.die(x, y, size, face)
            x += size + gap
        return x

    def document(self, width: float, height: float, title: str, css_class: str) -> str:
        """The standalone SVG document holding every element added so far."""
        w, h = str(math.ceil(max(1.0, width))), str(math.ceil(max(1.0, height)))
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class={quoteattr("yamskit " + css_class)}'
            f' width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family={quoteattr(self.theme.font)}>'
        )
        background = f'<rect x="0" y="0" width="{w}" height="{h}" fill={quoteattr(self.theme.background)}/>'
        return "".join([head, f"<title>{escape(title)}</title>", background, *self.parts, "</svg>"])


def join(items: Iterable[str]) -> str:
    """Comma-separated names."""
    return ", ".join(items)


#: Size of the dice drawn under a game.
DIE = 34


def turn_panel(canvas: Canvas, x: float, y: float, status: str, dice: Dice, kept: Dice) -> tuple[float, float]:
    """A status line, then the turn's dice (kept ones marked); returns (width, height) used."""
    status = fit(status, 13, MAX_WIDTH - 2 * x)
    canvas.text(x, y + 10, status, size=13, class_="status")
    if not len(dice):
        return text_width(status, 13), 22
    end = canvas.dice_row(x, y + 24, DIE, dice, kept)
    return max(text_width(status, 13), end - x), 24 + DIE + 4
