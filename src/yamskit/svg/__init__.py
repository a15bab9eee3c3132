"""Pictures of dice, score sheets, the Yam Master board, Yamslam racks and results, as SVG.

Every function returns a standalone SVG document as a string: write it to a
``.svg`` file, put it in a web page, or let Jupyter show it (states and `Dice`
have ``_repr_svg_``, so a notebook draws them by itself). Nothing here needs a
package beyond yamskit's own dependencies, and nothing is random: the same state
and theme always give the same picture.

* `svg` draws whatever it is given: dice, any game state, a `Result`.
* `dice`, `sheet`, `board`, `rack` and `result` draw one kind of thing, with its
  own options; `histogram` draws bins of points (``yamskit simulate --svg``).
* `Theme` holds the colours and the font; `LIGHT` is the default, `DARK` suits
  dark pages.

Elements carry ``class`` and ``data-*`` attributes (``data-player``,
``data-row``, ``data-column``...) so a web page can style or script them.

Examples:
    >>> import yamskit
    >>> from yamskit.svg import svg
    >>> game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1)
    >>> game = game.apply(yamskit.Roll(outcome="22555")).apply(yamskit.Score("full_house"))
    >>> picture = svg(game)
    >>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'data-row="full_house"' in picture
    (True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from .. import _display
from ..dice import Dice
from ..errors import InvalidDiceError, brief
from ..game import GameState
from ..result import Result
from ..scorecard.state import ScorecardGame
from ._canvas import Canvas
from ._theme import DARK, LIGHT, Theme
from .histogram import histogram

if TYPE_CHECKING:  # the pictures reach the families through their states (``picture_kind``), never by import
    from ..variants.yam_master import YamMasterGame
    from ..variants.yamslam import YamslamGame

__all__ = ["DARK", "LIGHT", "Theme", "board", "dice", "histogram", "rack", "register", "result", "sheet", "svg"]


def dice(faces: Dice | str, *, kept: Dice | str = "", size: float = 40, theme: Theme = LIGHT) -> str:
    """Dice as a row of die faces, kept dice first and marked (kept colour, dashed edge).

    Args:
        faces: the dice showing (a `Dice` or a string such as ``"33325"``).
        kept: the dice among ``faces`` kept from the previous throw.
        size: the side of one die, in pixels.
        theme: colours and font.

    Raises:
        InvalidDiceError: ``kept`` is not part of ``faces``, or bad faces.

    Examples:
        >>> picture = dice("61626", kept="66")
        >>> picture.count('class="die"'), picture.count('data-kept="true"')
        (5, 2)
        >>> 'width="252"' in dice("12345")
        True
    """
    shown = faces if isinstance(faces, Dice) else Dice.parse(faces)
    keep = kept if isinstance(kept, Dice) else Dice.parse(kept)
    if not keep.issubset(shown):
        raise InvalidDiceError(f"kept dice {keep} are not among the dice {shown}")
    if size <= 0:
        raise InvalidDiceError(f"a die needs a positive size, not {brief(size)}")
    canvas = Canvas(theme)
    pad = size * 0.15
    end = canvas.dice_row(pad, pad, size, shown, keep) if len(shown) else pad + size * 1.25
    return canvas.document(end - size * 0.25 + pad, size + 2 * pad, f"dice {shown or '-'}", "dice")


def sheet(game: ScorecardGame, *, theme: Theme = LIGHT) -> str:
    """A scorecard game: every player's sheet side by side, then the turn's dice.

    Each player gets one column per sheet column (with its coefficient where the
    variant has them). Under the boxes: the upper total as progress to the next bonus
    threshold (``34/63``) and the bonus per column (where the variant pays one), each
    column's total, the duel points each column brought (Competitive Yams), any extra
    points (Yams bonuses), the player's total and the team totals. Players who do not
    fit in 1,000 px go on further rows, team mates together under their team's label.
    The last box written is highlighted, and so is the player to act.
    Every box, empty or written, lies under an invisible ``rect`` of class ``box``
    with ``data-player``, ``data-row``, ``data-column`` and ``data-empty``, for a page
    to click or style.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("challenge").new_game(players=["Ann", "Bob"], seed=2)
        >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("yams", "disorder"))
        >>> picture = sheet(g)
        >>> picture.count('class="column-total"'), 'class="last"' in picture
        (8, True)
        >>> picture.count('class="box"'), picture.count('data-empty="false"')  # 2 players x 4 columns x 14 rows
        (112, 1)
    """
    from ._sheet import draw

    return draw(game, theme)


def _of_kind(game: GameState, kind: str) -> GameState:
    """``game``, if its picture is ``kind``; else the `TypeError` `svg` raises for what it cannot draw."""
    if getattr(type(game), "picture_kind", None) != kind:
        raise TypeError(f"yamskit.svg.{kind} draws a game whose picture is a {kind}, not a {type(game).__name__}")
    return game


def board(game: GameState, *, theme: Theme = LIGHT) -> str:
    """A Yam Master game: the labelled board with tokens and scoring runs, the players, the turn's dice.

    ``game`` is a state whose picture is a board (``picture_kind == "board"``: a Yam Master
    game); it is typed by the core's protocol, since the pictures import no family.

    Free cells whose label the current dice satisfy are highlighted; the last token
    placed has a highlighted ring, a token just removed a dashed one. Each run of
    three or more is drawn as a line through its tokens.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="22255")).apply(yamskit.Place((1, 3)))
        >>> picture = board(g)
        >>> picture.count('class="token"'), picture.count('class="cell"')
        (1, 25)
    """
    from ._board import draw

    return draw(cast("YamMasterGame", _of_kind(game, "board")), theme)


def rack(game: GameState, *, theme: Theme = LIGHT) -> str:
    """A Yamslam game: the rack, the discard pile, each collection with its points and bonuses, the turn's dice.

    ``game`` is a state whose picture is a rack (``picture_kind == "rack"``: a Yamslam game).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1)
        >>> picture = rack(g)
        >>> picture.count('data-where="rack"'), 'data-count="4"' in picture
        (7, True)
    """
    from ._rack import draw

    return draw(cast("YamslamGame", _of_kind(game, "rack")), theme)


def result(outcome: Result, *, theme: Theme = LIGHT) -> str:
    """A result: the ranking with each score, the team totals and, where the game has duels, the duel table.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
        >>> picture = result(g.result())
        >>> picture.count('class="duel-points"'), picture.count('class="score"')
        (6, 2)
    """
    from ._result import draw

    return draw(outcome, theme)


def register(kind: str, draw: Callable[..., str]) -> None:
    """Draw states whose class says ``picture_kind = kind`` with ``draw(state, *, theme)``.

    This is how a plug-in family gives its states a picture: `svg` and the states'
    ``_repr_svg_`` (Jupyter) then draw them with ``draw``.

    Examples:
        >>> class Coin:
        ...     picture_kind = "coin"
        >>> register("coin", lambda coin, *, theme=LIGHT: "<svg>coin</svg>")
        >>> svg(Coin())
        '<svg>coin</svg>'
    """
    _display.register(kind, draw)


def _draw_dice(faces: Dice, *, theme: Theme = LIGHT) -> str:
    return dice(faces, theme=theme)


register("dice", _draw_dice)
register("sheet", sheet)
register("board", board)
register("rack", rack)
register("result", result)


def svg(thing: Any, *, theme: Theme = LIGHT) -> str:
    """The picture of ``thing``: `Dice`, a game state of any variant that has one, or a `Result`.

    The kind of picture comes from the class of ``thing`` (its ``picture_kind``): a sheet
    for every scorecard game (user-defined variants included), the board for Yam Master,
    the rack for Yamslam; a plug-in family adds its own with `register`.

    Raises:
        TypeError: ``thing`` has no picture.

    Examples:
        >>> import yamskit
        >>> svg(yamskit.Dice.parse("33325")).count('class="die"')
        5
        >>> svg(yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1)).count('class="stack"')
        28
    """
    draw = _display.drawer(_display.kind_of(thing))
    if draw is None:
        raise TypeError(f"yamskit.svg cannot draw a {type(thing).__name__}: give dice, a game state or a result")
    return draw(thing, theme=theme)
