"""Where the text of a picture lies, and whether it collides with other text or crosses a line.

A text's box is estimated from its font size and characters with the pictures' own
generous `yamskit.svg._canvas.text_width` (the browser test checks that real glyphs
are never wider) and a height around the baseline of 0.8 em above and 0.25 em below.
A line may pass behind a text only where an opaque rectangle drawn after the line and
before the text covers the whole text (a plate under a label).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import NamedTuple

from yamskit.svg._canvas import text_width

NS = "{http://www.w3.org/2000/svg}"

Segment = tuple[float, float, float, float]


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

    def inside(self, other: Box) -> bool:
        """Whether this box lies within ``other``."""
        return (
            other.left <= self.left
            and other.top <= self.top
            and self.right <= other.right
            and self.bottom <= other.bottom
        )


def _float(element: ET.Element, name: str, default: float = 0.0) -> float:
    return float(element.attrib.get(name, default))


def text_box(element: ET.Element) -> Box:
    """The estimated box of one ``<text>`` element."""
    body = "".join(element.itertext())
    size = _float(element, "font-size", 16)
    x, baseline = _float(element, "x"), _float(element, "y")
    width = text_width(body, size)
    anchor = element.attrib.get("text-anchor", "start")
    left = x if anchor == "start" else x - width / 2 if anchor == "middle" else x - width
    return Box(left, baseline - 0.8 * size, left + width, baseline + 0.25 * size, body)


def _rect(element: ET.Element) -> Box:
    x, y = _float(element, "x"), _float(element, "y")
    return Box(x, y, x + _float(element, "width"), y + _float(element, "height"), "")


def _segments(element: ET.Element) -> list[Segment]:
    """The straight edges an element draws: a ``<line>``, or the four sides of a stroked ``<rect>``."""
    if element.tag == f"{NS}line":
        return [(_float(element, "x1"), _float(element, "y1"), _float(element, "x2"), _float(element, "y2"))]
    if element.tag == f"{NS}rect" and element.attrib.get("stroke", "none") != "none":
        b = _rect(element)
        return [
            (b.left, b.top, b.right, b.top),
            (b.left, b.bottom, b.right, b.bottom),
            (b.left, b.top, b.left, b.bottom),
            (b.right, b.top, b.right, b.bottom),
        ]
    return []


def _is_plate(element: ET.Element) -> bool:
    """An opaque filled rectangle, which hides what was drawn before it."""
    fill = element.attrib.get("fill", "none")
    return element.tag == f"{NS}rect" and fill != "none" and element.attrib.get("fill-opacity", "1") != "0"


def _crosses(box: Box, segment: Segment) -> bool:
    """Whether an axis-aligned segment passes through the inside of ``box`` (slanted ones are skipped)."""
    x1, y1, x2, y2 = segment
    if x1 == x2:
        return box.left < x1 < box.right and min(y1, y2) < box.bottom and max(y1, y2) > box.top
    if y1 == y2:
        return box.top < y1 < box.bottom and min(x1, x2) < box.right and max(x1, x2) > box.left
    return False


def text_boxes(root: ET.Element) -> list[Box]:
    """The estimated box of every non-empty ``<text>`` of a picture."""
    return [box for box in (text_box(e) for e in root.iter(f"{NS}text")) if box.label]


def problems(picture: str) -> list[str]:
    """What is wrong with the text of ``picture``: overlaps, lines through text, text outside the picture."""
    root = ET.fromstring(picture)
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    elements = list(root.iter())
    texts = [(j, text_box(e)) for j, e in enumerate(elements) if e.tag == f"{NS}text" and "".join(e.itertext())]
    edges = [(i, segment) for i, e in enumerate(elements) for segment in _segments(e)]
    plates = [(k, _rect(e)) for k, e in enumerate(elements) if _is_plate(e)]
    found = []
    for n, (j, box) in enumerate(texts):
        if box.left < 0 or box.top < 0 or box.right > width or box.bottom > height:
            found.append(f"{box.label!r} runs out of the {width:g}x{height:g} picture: {box[:4]}")
        for _, other in texts[n + 1 :]:
            if box.overlaps(other):
                found.append(f"{box.label!r} {box[:4]} overlaps {other.label!r} {other[:4]}")
        for i, segment in edges:
            hidden = any(i < k < j and box.inside(plate) for k, plate in plates)
            if _crosses(box, segment) and not hidden:
                found.append(f"a line {segment} crosses {box.label!r} {box[:4]}")
                break
    return found
