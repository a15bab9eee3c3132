"""The display hook: the pictures `_repr_svg_` shows, filled by `yamskit.svg`.

A value that can be drawn names its kind of picture in a class attribute
``picture_kind`` (``"dice"``, ``"sheet"``, ``"board"``, ``"rack"``, ``"result"``, or a
plug-in's own). Its ``_repr_svg_`` asks this module for the picture; `yamskit.svg`
registers a drawer for each kind when it is imported, and a plug-in family registers
its own with ``yamskit.svg.register``. The core never imports the drawing code.

Examples:
    >>> import yamskit
    >>> picture(yamskit.Dice.parse("33325")).startswith("<svg")
    True
    >>> kind_of(yamskit.Dice.parse("33325"))
    'dice'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ._hooks import PICTURES

__all__ = ["PICTURES", "Drawer", "add_loader", "drawer", "kind_of", "picture", "register", "repr_svg", "state_repr"]

#: A drawer: ``drawer(thing, **options) -> str``, a standalone SVG document.
Drawer = Callable[..., str]


def add_loader(loader: Callable[[], None]) -> None:
    """Run ``loader`` (which registers drawers) before the first picture is asked for.

    Examples:
        >>> add_loader(lambda: None)
    """
    PICTURES.add_loader(loader)


def register(kind: str, draw: Drawer) -> None:
    """Draw values whose ``picture_kind`` is ``kind`` with ``draw``.

    Examples:
        >>> register("blank", lambda thing, **options: "<svg/>")
        >>> drawer("blank")(None)
        '<svg/>'
    """
    PICTURES.register(kind, draw)


def kind_of(thing: Any) -> str | None:
    """The kind of picture ``thing`` asks for (its class's ``picture_kind``), or ``None``.

    Examples:
        >>> kind_of(3) is None
        True
    """
    kind = getattr(type(thing), "picture_kind", None)
    return kind if isinstance(kind, str) else None


def drawer(kind: str | None) -> Drawer | None:
    """The drawer registered for ``kind``, or ``None``.

    Examples:
        >>> drawer("no such kind") is None
        True
    """
    return PICTURES.get(kind) if kind is not None else None


def picture(thing: Any, **options: Any) -> str | None:
    """The SVG picture of ``thing``, or ``None`` when no drawer knows its kind.

    Examples:
        >>> picture(object()) is None
        True
    """
    draw = drawer(kind_of(thing))
    return None if draw is None else draw(thing, **options)


def repr_svg(thing: Any) -> str | None:
    """What a drawable class uses as its ``_repr_svg_`` (Jupyter's picture): `picture` of the value.

    Examples:
        >>> import yamskit
        >>> yamskit.Dice.parse("12")._repr_svg_().count('class="die"')
        2
    """
    return picture(thing)


class _Shown(Protocol):
    """What `state_repr` reads of a state."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def variant(self) -> _Named: ...

    def to_notation(self) -> str: ...


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def state_repr(state: _Shown) -> str:
    """What a game state uses as its ``repr``: its class, variant, players and position notation.

    Short, in the manner of python-chess's ``Board('fen')``: the notation holds the
    whole position, and `yamskit.from_notation` reads it back (with an empty history).

    Examples:
        >>> import yamskit
        >>> yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=3)
        <ScorecardGame classic ['Ann', 'Bob'] 'classic Ann,Bob ,,,,,,,,,,,,/,,,,,,,,,,,, 0:0 - 3:0'>
        >>> yamskit.variant("yamslam", mode="solo").new_game(players=["Ann"], seed=3, first_player=0)
        <YamslamGame yamslam ['Ann'] 'yamslam(mode=solo) Ann 0000000 0000000 0:0 - 3:0 -'>
    """
    name = type(state).__name__
    return f"<{name} {state.variant.name} {list(state.players)!r} {state.to_notation()!r}>"
