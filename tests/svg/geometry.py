"""Where the text of a picture lies, and whether it collides with other text or crosses a line.

A text's box is estimated from its font size and characters with the pictures' own
generous `yamskit.svg._canvas.text_width` (the browser test checks that real glyphs
are never wider) and a height of one em around the baseline (ascent 0.8, descent 0.25).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import NamedTuple

from yamskit.svg._canvas import text_width

NS = "{http://www.w3.org/2000/svg}"


class Box(NamedTuple):
    """An axis-aligned box: left, top, right, bottom, and what it holds."""

    left: float
    top: float
    right: float
    bottom: float
    label: str

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share some area (touching edges do not count)."""
        return (
            min(self.right, other.right) - max(self.left, other.left) > 0.01
            and min(self.bottom, other.bottom) - max(self.top, other.top) > 0.01
        )


def _float(element: ET.Element, name: str, default: float = 0.0) -> float:
    return float(element.attrib.get(name, default))


def text_boxes(root: ET.Element) -> list[Box]:
    """The estimated box of every non-empty ``<text>`` of a picture."""
    out = []
    for element in root.iter(f"{NS}text"):
        body = "".join(element.itertext())
        if not body:
            continue
        size = _float(element, "font-size", 16)
        x, baseline = _float(element, "x"), _float(element, "y")
        width = text_width(body, size)
        anchor = element.attrib.get("text-anchor", "start")
        left = x if anchor == "start" else x - width / 2 if anchor == "middle" else x - width
        out.append(Box(left, baseline - 0.8 * size, left + width, baseline + 0.25 * size, body))
    return out


def segments(root: ET.Element) -> list[tuple[float, float, float, float]]:
    """Every straight edge drawn: ``<line>`` elements and the edges of stroked ``<rect>`` elements."""
    out = []
    for element in root.iter(f"{NS}line"):
        out.append(tuple(_float(element, name) for name in ("x1", "y1", "x2", "y2")))
    for element in root.iter(f"{NS}rect"):
        if element.attrib.get("stroke", "none") == "none":
            continue
        x, y = _float(element, "x"), _float(element, "y")
        w, h = _float(element, "width"), _float(element, "height")
        out += [(x, y, x + w, y), (x, y + h, x + w, y + h), (x, y, x, y + h), (x + w, y, x + w, y + h)]
    return out  # type: ignore[return-value]


def _crosses(box: Box, segment: tuple[float, float, float, float]) -> bool:
    """Whether an axis-aligned segment passes through the inside of ``box`` (slanted ones are skipped)."""
    x1, y1, x2, y2 = segment
    if x1 == x2:
        return box.left < x1 < box.right and min(y1, y2) < box.bottom and max(y1, y2) > box.top
    if y1 == y2:
        return box.top < y1 < box.bottom and min(x1, x2) < box.right and max(x1, x2) > box.left
    return False


def problems(picture: str) -> list[str]:
    """What is wrong with the text of ``picture``: overlaps, lines through text, text outside the picture."""
    root = ET.fromstring(picture)
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    boxes = text_boxes(root)
    found = []
    for i, box in enumerate(boxes):
        if box.left < 0 or box.top < 0 or box.right > width or box.bottom > height:
            found.append(f"{box.label!r} runs out of the {width:g}x{height:g} picture: {box[:4]}")
        for other in boxes[i + 1 :]:
            if box.overlaps(other):
                found.append(f"{box.label!r} {box[:4]} overlaps {other.label!r} {other[:4]}")
        for segment in segments(root):
            if _crosses(box, segment):
                found.append(f"a line {segment} crosses {box.label!r} {box[:4]}")
                break
    return found
