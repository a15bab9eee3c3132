"""The colours and font of every picture: a frozen `Theme` value."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from ..errors import RuleConfigError, brief

__all__ = ["DARK", "LIGHT", "Theme"]


def _check_colour(_instance: object, attribute: attrs.Attribute[Any], value: str) -> None:
    if not isinstance(value, str) or not value or any(ch in value for ch in "<>&\"'"):
        raise RuleConfigError(
            f"theme colour {attribute.name} must be a CSS colour such as '#1f77b4', not {brief(value)}"
        )


def _check_colours(_instance: object, attribute: attrs.Attribute[Any], value: tuple[str, ...]) -> None:
    if len(value) < 2:
        raise RuleConfigError(f"theme {attribute.name} needs at least two colours, not {brief(value)}")
    for colour in value:
        _check_colour(_instance, attribute, colour)


def _colour() -> Any:
    return attrs.field(validator=_check_colour)


def _to_tuple(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class Theme:
    """The colours and font of the pictures drawn by `yamskit.svg`.

    Every colour is any CSS colour (``"#f5f0e6"``, ``"white"``, ``"rgb(0 0 0)"``).
    Change one or two with `attrs.evolve`; the pictures never read colours from
    anywhere else, so one theme gives one look everywhere.

    Attributes:
        background: the page behind everything.
        paper: score sheets, board cells and table bodies.
        ink: numbers and text.
        muted: secondary text (labels of covered cells, notes).
        grid: lines between boxes and cells.
        header: header rows and the row-label column.
        highlight: the last placement, the player to act, a winning line.
        positive: positive duel points.
        negative: negative duel points.
        die: a die's face.
        pip: a die's pips.
        kept: the face of a die kept from the previous throw.
        players: one colour per seat (tokens, player headers), reused in turn.
        chips: one colour per Yamslam chip kind, lowest value first (seven).
        font: the CSS font family of every text.

    Examples:
        >>> import attrs
        >>> mine = attrs.evolve(LIGHT, highlight="gold")
        >>> mine.highlight, mine.ink == LIGHT.ink, DARK.background
        ('gold', True, '#1e1f24')
    """

    background: str = _colour()
    paper: str = _colour()
    ink: str = _colour()
    muted: str = _colour()
    grid: str = _colour()
    header: str = _colour()
    highlight: str = _colour()
    positive: str = _colour()
    negative: str = _colour()
    die: str = _colour()
    pip: str = _colour()
    kept: str = _colour()
    players: tuple[str, ...] = attrs.field(converter=_to_tuple, validator=_check_colours)
    chips: tuple[str, ...] = attrs.field(converter=_to_tuple, validator=_check_colours)
    font: str = attrs.field(default="DejaVu Sans, Verdana, Arial, sans-serif", validator=_check_colour)

    def player(self, seat: int) -> str:
        """The colour of seat ``seat`` (colours repeat when there are more seats than colours).

        Examples:
            >>> LIGHT.player(0) == LIGHT.player(len(LIGHT.players))
            True
        """
        return self.players[seat % len(self.players)]

    def chip(self, index: int) -> str:
        """The colour of the chip kind at ``index`` (lowest value first).

        Examples:
            >>> LIGHT.chip(0) != LIGHT.chip(1)
            True
        """
        return self.chips[index % len(self.chips)]


#: The default theme: dark ink on warm paper.
LIGHT = Theme(
    background="#fbf8f1",
    paper="#ffffff",
    ink="#22252b",
    muted="#7a7f88",
    grid="#c9c3b6",
    header="#efe9dc",
    highlight="#ffd95a",
    positive="#1f7a3a",
    negative="#b3261e",
    die="#ffffff",
    pip="#22252b",
    kept="#cfe3ff",
    players=("#c0392b", "#1f5fa8", "#2e8b57", "#8e44ad", "#d35400", "#16a085", "#7f8c8d", "#b7950b"),
    chips=("#9aa5b1", "#5d9cec", "#48c9b0", "#f5b041", "#ec7063", "#af7ac5", "#34495e"),
)

#: A dark theme for dark pages and notebooks.
DARK = Theme(
    background="#1e1f24",
    paper="#2a2c33",
    ink="#eceff4",
    muted="#9aa1ad",
    grid="#4a4e59",
    header="#353841",
    highlight="#8a6d00",
    positive="#6fd08c",
    negative="#ff8a80",
    die="#f4f4f4",
    pip="#1e1f24",
    kept="#7fb2ff",
    players=("#ff6b5b", "#5fa8ff", "#5ed39a", "#c792ea", "#ffa657", "#4fd1c5", "#c0c4cc", "#f1d36b"),
    chips=("#b0bac6", "#5d9cec", "#48c9b0", "#f5b041", "#ec7063", "#af7ac5", "#8395a7"),
)
