"""A histogram of points as SVG: one bar per bin, counts above, bin ranges below.

`histogram` draws the bins that `yamskit.bots.simulate.SimulationResult.histogram`
returns (``(low, high, count)`` per bin) as a standalone picture, with the same
`Theme` as every other picture; ``yamskit simulate --svg FILE`` writes one.

Examples:
    >>> picture = histogram([(0, 9, 3), (10, 19, 5)], title="Points")
    >>> picture.count('class="bar"'), 'data-count="5"' in picture
    (2, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ._canvas import Canvas, text_width
from ._theme import LIGHT, Theme

__all__ = ["histogram"]

_MARGIN = 16
_TITLE = 30
_LABELS = 48
#: Room for the vertical axis's label, above the bars.
_AXIS = 16


def _label(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def histogram(
    bins: Sequence[tuple[int, int, int]],
    *,
    title: str = "Points",
    x_label: str = "Points",
    y_label: str = "Games",
    bar_width: float = 0,
    height: float = 200,
    theme: Theme = LIGHT,
) -> str:
    """Bins of points as a bar chart, a standalone SVG document.

    Args:
        bins: ``(low, high, count)`` per bin, in order (``high`` included).
        title: the line written above the bars (and the document's ``<title>``).
        x_label: what the bins count, written under their ranges.
        y_label: what the bars' heights count, written above the vertical axis.
        bar_width: the width of one bar in pixels (0: wide enough for its range label).
        height: the height of the tallest bar in pixels.
        theme: colours and font.

    Each bar is a ``<rect class="bar">`` with ``data-low``, ``data-high`` and
    ``data-count`` attributes; the axes are ``<line class="axis">`` and their labels
    ``<text class="axis-label">``.

    Examples:
        >>> picture = histogram([(1, 5, 2), (6, 10, 0), (11, 15, 4)], title="classic")
        >>> picture.count('class="bar"'), '<title>classic</title>' in picture
        (3, True)
        >>> histogram([]).count('class="bar"')
        0
        >>> histogram([(1, 5, 2)], x_label="Points per game").count("Points per game")
        1
    """
    canvas = Canvas(theme)
    labels = [_label(low, high) for low, high, _ in bins]
    width = bar_width or max([28.0, *(text_width(text, 11) + 8 for text in labels)])
    top = max([1, *(count for _, _, count in bins)])
    base = _MARGIN + _TITLE + _AXIS + 14 + height
    canvas.text(_MARGIN, _MARGIN + 10, title, size=15, bold=True, class_="title")
    left = float(_MARGIN)
    canvas.text(left, _MARGIN + _TITLE + 8, y_label, size=11, fill=theme.muted, class_="axis-label", data_axis="y")
    x = left
    for (low, high, count), text in zip(bins, labels, strict=True):
        tall = height * count / top
        canvas.rect(
            x + 2,
            base - tall,
            width - 4,
            tall,
            theme.highlight,
            class_="bar",
            data_low=low,
            data_high=high,
            data_count=count,
            stroke=theme.grid,
        )
        canvas.text(x + width / 2, base - tall - 8, str(count), size=10, anchor="middle", class_="count")
        canvas.text(x + width / 2, base + 12, text, size=11, anchor="middle", fill=theme.muted, class_="range")
        x += width
    right = max(x, left + 1.0)
    canvas.line(left, base, right, base, theme.ink, class_="axis")
    canvas.line(left, base, left, _MARGIN + _TITLE + _AXIS, theme.ink, class_="axis")
    middle = max((left + right) / 2, left + text_width(x_label, 11) / 2)
    canvas.text(
        middle, base + 32, x_label, size=11, anchor="middle", fill=theme.muted, class_="axis-label", data_axis="x"
    )
    total_width = max(
        right + _MARGIN,
        text_width(title, 15) + 2 * _MARGIN,
        *(text_width(t, 11) + 2 * _MARGIN for t in (x_label, y_label)),
    )
    return canvas.document(total_width, base + _LABELS, title, "histogram")
