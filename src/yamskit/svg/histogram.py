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
_LABELS = 34


def _label(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def histogram(
    bins: Sequence[tuple[int, int, int]],
    *,
    title: str = "Points",
    bar_width: float = 0,
    height: float = 200,
    theme: Theme = LIGHT,
) -> str:
    """Bins of points as a bar chart, a standalone SVG document.

    Args:
        bins: ``(low, high, count)`` per bin, in order (``high`` included).
        title: the line written above the bars (and the document's ``<title>``).
        bar_width: the width of one bar in pixels (0: wide enough for its range label).
        height: the height of the tallest bar in pixels.
        theme: colours and font.

    Each bar is a ``<rect class="bar">`` with ``data-low``, ``data-high`` and
    ``data-count`` attributes.

    Examples:
        >>> picture = histogram([(1, 5, 2), (6, 10, 0), (11, 15, 4)], title="classic")
        >>> picture.count('class="bar"'), '<title>classic</title>' in picture
        (3, True)
        >>> histogram([]).count('class="bar"')
        0
    """
    canvas = Canvas(theme)
    labels = [_label(low, high) for low, high, _ in bins]
    width = bar_width or max([28.0, *(text_width(text, 11) + 8 for text in labels)])
    top = max([1, *(count for _, _, count in bins)])
    base = _MARGIN + _TITLE + 14 + height
    canvas.text(_MARGIN, _MARGIN + 10, title, size=15, bold=True, class_="title")
    x = float(_MARGIN)
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
    canvas.line(_MARGIN, base, max(x, _MARGIN + 1.0), base, theme.ink, class_="axis")
    total_width = max(x + _MARGIN, text_width(title, 15) + 2 * _MARGIN)
    return canvas.document(total_width, base + _LABELS, title, "histogram")
