"""The Yam Master board: the 5×5 labelled cells, what the dice satisfy, lines and runs.

Cells are ``(row, col)`` counted from the top left. Each cell carries a label,
the combination a token needs to go there, shown as printed on the (French) board::

    1     3     Défi  4     6
    2     Carré Sec   Full  5
    ≤8    Full  Yam   Défi  Suite
    6     Sec   Suite ≤8    1
    3     2     Carré 5     4

Each label has an English id, the same word the other variants use for that
combination (`LABEL_TABLE`, and the naming page of the docs):

| label | id | the dice |
| --- | --- | --- |
| 1..6 | ``"1"``..``"6"`` | three (or more) of that face |
| Carré | ``four_of_a_kind`` | four of a kind |
| Yam | ``yams`` | five of a kind |
| Full | ``full_house`` | three of one face and two of another (five of a kind counts) |
| Suite | ``straight`` | 12345 or 23456 |
| ≤8 | ``less_than_8`` | a sum of 8 or less |
| Sec | ``one_shot`` | a *figure* (any label above but a plain three of a kind) on the first throw |
| Défi | ``challenge`` | a challenge declared after the first throw, then a figure on the second or third |

Wherever a label is read, the id, the label (any case, accents optional: ``"carre"``)
or the old id of releases before 0.1.0 (``"le8"``, with a `DeprecationWarning`) is
accepted; the label sets this module returns answer ``in`` the same way.

A `Board` is an immutable value holding each cell's owner (a player index or
``None``); it finds every maximal run of one player's tokens along rows, columns and
both diagonals (short diagonals included). `render_board` and `render_game`
draw a board and a whole game as text.

Examples:
    >>> board = Board.parse("XXX.. / ..... / ..O.. / ..... / .....")
    >>> run = board.runs[0]
    >>> run.player, run.direction, run.cells, board.points(0)
    (0, 'row', ((0, 0), (0, 1), (0, 2)), 1)
    >>> cells_with_label("yams"), sorted(dice_labels(Dice.parse("44444")))
    (((2, 2),), ['4', 'four_of_a_kind', 'full_house', 'yams'])
    >>> "Carré" in dice_labels(Dice.parse("44444"))
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, Literal, Protocol, TypeAlias, runtime_checkable

import attrs

from ...categories import full_house, is_five_of_a_kind, is_large_straight, n_of_a_kind, sum_at_most
from ...dice import Dice
from ...errors import InvalidDiceError, YamskitError, brief
from ...game import GameState
from ...names import Name, Names
from ...turn import Turn

__all__ = [
    "FACE_LABELS",
    "FIGURE_LABELS",
    "LABELS",
    "LABEL_IDS",
    "LABEL_NAMES",
    "LABEL_TABLE",
    "LINES",
    "MARKS",
    "RUN_POINTS",
    "SIZE",
    "Board",
    "BoardError",
    "BoardGame",
    "Cell",
    "Direction",
    "LabelSet",
    "Run",
    "cells_with_label",
    "dice_labels",
    "is_figure",
    "render_board",
    "render_game",
    "turn_labels",
]

#: Rows and columns of the board.
SIZE = 5
#: A board cell: ``(row, col)`` from the top left.
Cell: TypeAlias = tuple[int, int]
#: A line direction: ``row`` (left to right), ``column`` (top to bottom), ``diagonal``
#: (top left to bottom right) and ``anti_diagonal`` (top right to bottom left).
Direction: TypeAlias = Literal["row", "column", "diagonal", "anti_diagonal"]

#: Labels of the three-of-a-kind cells, by face.
FACE_LABELS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6")
#: Ids of the figures: every combination but a plain three of a kind (what one_shot and challenge need).
FIGURE_LABELS: tuple[str, ...] = ("full_house", "four_of_a_kind", "yams", "straight", "less_than_8")
#: Every label id.
LABEL_IDS: tuple[str, ...] = (*FACE_LABELS, *FIGURE_LABELS, "one_shot", "challenge")

#: The label ids with their printed (French) labels. The ids of releases before 0.1.0
#: were the labels without accents (``carre``, ``defi``, ``full``, ``yam``, ``suite``,
#: ``sec``), so they still read as labels; only ``le8`` needs an alias of its own.
LABEL_TABLE = Names(
    "cell label",
    (
        *(Name(face, face) for face in FACE_LABELS),
        Name("full_house", "Full"),
        Name("four_of_a_kind", "Carré"),
        Name("yams", "Yam"),
        Name("straight", "Suite"),
        Name("less_than_8", "≤8", deprecated=("le8",)),
        Name("one_shot", "Sec"),
        Name("challenge", "Défi"),
    ),
)

#: The label ids themselves (a set's membership test answers them without resolving a spelling).
_LABEL_IDS = frozenset(LABEL_TABLE.ids)

#: The label id of each cell, ``LABELS[row][col]``.
LABELS: tuple[tuple[str, ...], ...] = (
    ("1", "3", "challenge", "4", "6"),
    ("2", "four_of_a_kind", "one_shot", "full_house", "5"),
    ("less_than_8", "full_house", "yams", "challenge", "straight"),
    ("6", "one_shot", "straight", "less_than_8", "1"),
    ("3", "2", "four_of_a_kind", "5", "4"),
)
_FIGURES_TEXT = "a figure (full house, four of a kind, yams, straight or less than 8)"
#: What each label asks of the dice, in words (for messages and text views).
LABEL_NAMES: dict[str, str] = {
    **{label: f"three {label}s or more" for label in FACE_LABELS},
    "full_house": "a full house (three of one face and two of another; five of a kind counts)",
    "four_of_a_kind": "four of a kind or more",
    "yams": "five of a kind",
    "straight": "a straight, 12345 or 23456",
    "less_than_8": "a sum of 8 or less",
    "one_shot": f"{_FIGURES_TEXT} on the first throw",
    "challenge": f"a challenge declared after the first throw, then {_FIGURES_TEXT} on the second or third throw",
}


class LabelSet(frozenset[str]):
    """A frozen set of label ids whose ``in`` also reads labels and old ids.

    ``"Carré" in labels`` and ``"carre" in labels`` ask for ``"four_of_a_kind"``;
    equality and iteration see the ids only.

    Examples:
        >>> labels = LabelSet({"four_of_a_kind", "6"})
        >>> "four_of_a_kind" in labels, "Carré" in labels, "yams" in labels
        (True, True, False)
        >>> labels == {"6", "four_of_a_kind"}
        True
    """

    __slots__ = ()

    def __contains__(self, label: object) -> bool:
        if frozenset.__contains__(self, label):
            return True
        if label in _LABEL_IDS:  # a label's own id, absent: no spelling to resolve (the engine asks this way)
            return False
        if not isinstance(label, str) or label not in LABEL_TABLE:
            return False
        return frozenset.__contains__(self, LABEL_TABLE.resolve(label))


#: Points of a maximal run by its length (a run of five ends the game instead).
RUN_POINTS: dict[int, int] = {3: 1, 4: 2}
#: How tokens are drawn in text: player 0 ``X``, player 1 ``O``.
MARKS: tuple[str, str] = ("X", "O")

_STEPS: dict[str, tuple[int, int]] = {"row": (0, 1), "column": (1, 0), "diagonal": (1, 1), "anti_diagonal": (1, -1)}
_full = full_house(five_of_a_kind=True)
_carre = n_of_a_kind(4)
_three = n_of_a_kind(3)
_le8 = sum_at_most(8)


def _line(start: Cell, direction: str) -> tuple[Cell, ...]:
    dr, dc = _STEPS[direction]
    r, c = start
    cells = []
    while 0 <= r < SIZE and 0 <= c < SIZE:
        cells.append((r, c))
        r, c = r + dr, c + dc
    return tuple(cells)


def _all_lines() -> tuple[tuple[Direction, tuple[Cell, ...]], ...]:
    starts: dict[Direction, list[Cell]] = {
        "row": [(r, 0) for r in range(SIZE)],
        "column": [(0, c) for c in range(SIZE)],
        "diagonal": [(0, c) for c in range(SIZE)] + [(r, 0) for r in range(1, SIZE)],
        "anti_diagonal": [(0, c) for c in range(SIZE)] + [(r, SIZE - 1) for r in range(1, SIZE)],
    }
    lines = [(d, _line(s, d)) for d, cells in starts.items() for s in cells]
    return tuple((d, cells) for d, cells in lines if len(cells) >= 3)


#: Every line three cells long or more, with its direction: 5 rows, 5 columns,
#: 5 diagonals and 5 anti-diagonals (lengths 3, 4, 5, 4, 3).
LINES: tuple[tuple[Direction, tuple[Cell, ...]], ...] = _all_lines()


def dice_labels(dice: Dice) -> LabelSet:
    """The label ids five dice satisfy on their own (every label but ``one_shot`` and ``challenge``).

    A Yam is also a full, a carré and a three of a kind of its face.

    Raises:
        InvalidDiceError: not five dice.

    Examples:
        >>> sorted(dice_labels(Dice.parse("11123")))
        ['1', 'less_than_8']
        >>> sorted(dice_labels(Dice.parse("23456")))
        ['straight']
    """
    if len(dice) != 5:
        raise InvalidDiceError(f"a Yam Master combination takes five dice, not {len(dice)} ({dice})")
    labels = {FACE_LABELS[face - 1] for face, count in enumerate(dice.counts, start=1) if count >= 3}
    checks = (
        ("full_house", _full),
        ("four_of_a_kind", _carre),
        ("yams", is_five_of_a_kind),
        ("straight", is_large_straight),
    )
    labels.update(label for label, predicate in checks if predicate(dice))
    if _le8(dice):
        labels.add("less_than_8")
    return LabelSet(labels)


def is_figure(dice: Dice) -> bool:
    """Whether the dice form a figure: a combination other than a plain three of a kind.

    Examples:
        >>> is_figure(Dice.parse("33325")), is_figure(Dice.parse("33322")), is_figure(Dice.parse("11123"))
        (False, True, True)
    """
    return not dice_labels(dice).isdisjoint(FIGURE_LABELS)


def turn_labels(turn: Turn) -> LabelSet:
    """The label ids the dice of a turn satisfy, ``one_shot`` and ``challenge`` included.

    ``one_shot`` (*sec*): a figure on the first throw. ``challenge`` (*défi*): a
    challenge declared after the first throw and a figure on the second or third.
    Empty before the first throw.

    Examples:
        >>> first = Turn.start().throw(Dice(), Dice.parse("22255"))
        >>> sorted(turn_labels(first))
        ['2', 'full_house', 'one_shot']
        >>> second = first.declare_challenge().throw(Dice.parse("222"), Dice.parse("22"))
        >>> sorted(turn_labels(second))
        ['2', 'challenge', 'four_of_a_kind', 'full_house', 'yams']
    """
    if not turn.has_thrown:
        return LabelSet()
    labels = set(dice_labels(turn.dice))
    if not labels.isdisjoint(FIGURE_LABELS):
        if turn.is_first_throw:
            labels.add("one_shot")
        if turn.challenge_met:
            labels.add("challenge")
    return LabelSet(labels)


def cells_with_label(label: str) -> tuple[Cell, ...]:
    """The cells carrying ``label`` (id or printed label), top to bottom, left to right.

    Raises:
        UnknownNameError: not a label (the message suggests the closest one).

    Examples:
        >>> cells_with_label("challenge"), cells_with_label("Défi")
        (((0, 2), (2, 3)), ((0, 2), (2, 3)))
    """
    wanted = LABEL_TABLE.resolve(label)
    return tuple((r, c) for r in range(SIZE) for c in range(SIZE) if LABELS[r][c] == wanted)


@attrs.frozen
class Run:
    """A maximal run of one player's tokens along a line: who, which way, which cells.

    Examples:
        >>> run = Run(1, "column", ((0, 4), (1, 4), (2, 4), (3, 4)))
        >>> run.length, run.points
        (4, 2)
    """

    player: int
    direction: Direction
    cells: tuple[Cell, ...]

    @property
    def length(self) -> int:
        """How many tokens the run has."""
        return len(self.cells)

    @property
    def points(self) -> int:
        """1 for a run of three, 2 for a run of four, 0 otherwise (five in a row wins instead)."""
        return RUN_POINTS.get(len(self.cells), 0)

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready dict: player, direction, length, points and cells as ``[row, col]``."""
        return {
            "player": self.player,
            "direction": self.direction,
            "length": self.length,
            "points": self.points,
            "cells": [list(cell) for cell in self.cells],
        }


class BoardError(YamskitError):
    """A board that cannot exist: not 25 cells, or an owner other than ``None``, 0 and 1.

    Examples:
        >>> Board.parse("XX/..") # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        BoardError: a board is 5 rows of 5 marks
    """


def _to_cells(value: Iterable[int | None]) -> tuple[int | None, ...]:
    """The cells as a tuple, checked (a converter, so that the runs are found on a board known to be right)."""
    cells = tuple(value)
    if len(cells) != SIZE * SIZE or any(v not in (None, 0, 1) or type(v) is bool for v in cells):
        raise BoardError(f"a board holds {SIZE * SIZE} cells, each None, 0 or 1")
    return cells


@attrs.frozen
class Board:
    """Who owns each cell: a flat tuple of 25 entries, ``None`` (free), 0 or 1, row by row.

    ``runs`` lists every maximal run of three or more tokens of one player along a
    line, in line order (rows, columns, diagonals, anti-diagonals); runs of five are
    in it too (see `fives`).

    Examples:
        >>> board = Board.empty().place((2, 2), 1)
        >>> board.owner((2, 2)), board.count(1), len(board.free_cells())
        (1, 1, 24)
    """

    cells: tuple[int | None, ...] = attrs.field(converter=_to_cells)
    runs: tuple[Run, ...] = attrs.field(init=False, eq=False, repr=False)

    #: The side of the board, in cells (`SIZE`): what a picture reads of the state.
    size: ClassVar[int] = SIZE
    #: The label id of each cell, ``label_ids[row][col]`` (`LABELS`): what a picture reads of the state.
    label_ids: ClassVar[tuple[tuple[str, ...], ...]] = LABELS

    @staticmethod
    def label_text(label: str) -> str:
        """How label ``label`` is printed on the board (`LABEL_TABLE`).

        Examples:
            >>> Board.label_text("full_house"), Board.label_text("3")
            ('Full', '3')
        """
        return str(LABEL_TABLE.label(label))

    @runs.default
    def _every_run(self) -> tuple[Run, ...]:
        return tuple(self._find_runs())

    @classmethod
    def empty(cls) -> Board:
        """A board with no token.

        Examples:
            >>> Board.empty().free_cells()[:2]
            ((0, 0), (0, 1))
        """
        return cls((None,) * (SIZE * SIZE))

    @classmethod
    def parse(cls, text: str) -> Board:
        """A board from five rows of five marks (``X`` or ``0``, ``O`` or ``1``, ``.`` free).

        Rows are separated by ``/`` or new lines; spaces are ignored.

        Raises:
            BoardError: not five rows of five known marks.

        Examples:
            >>> Board.parse("X..../...../...../...../....O").owner((4, 4))
            1
        """
        rows = [r.replace(" ", "") for r in text.replace("/", "\n").splitlines() if r.strip()]
        values = {"X": 0, "0": 0, "O": 1, "1": 1, ".": None}
        if len(rows) != SIZE or any(len(r) != SIZE or any(ch.upper() not in values for ch in r) for r in rows):
            raise BoardError(f"a board is {SIZE} rows of {SIZE} marks (X, O or .), not {brief(text)}")
        return cls(values[ch.upper()] for row in rows for ch in row)

    def __repr__(self) -> str:
        return f"Board.parse({'/'.join(self.to_data())!r})"

    def owner(self, cell: Cell) -> int | None:
        """The player whose token is on ``cell``, or ``None``."""
        r, c = cell
        return self.cells[r * SIZE + c]

    def place(self, cell: Cell, player: int) -> Board:
        """The board with ``player``'s token on ``cell`` (whatever was there)."""
        r, c = cell
        i = r * SIZE + c
        return Board((*self.cells[:i], player, *self.cells[i + 1 :]))

    def remove(self, cell: Cell) -> Board:
        """The board with ``cell`` free.

        Examples:
            >>> Board.parse("X..../...../...../...../.....").remove((0, 0)) == Board.empty()
            True
        """
        r, c = cell
        i = r * SIZE + c
        return Board((*self.cells[:i], None, *self.cells[i + 1 :]))

    def count(self, player: int) -> int:
        """How many of ``player``'s tokens are on the board."""
        return self.cells.count(player)

    def cells_of(self, player: int | None) -> tuple[Cell, ...]:
        """The cells owned by ``player`` (``None``: the free cells), row by row."""
        return tuple(divmod(i, SIZE) for i, v in enumerate(self.cells) if v == player and type(v) is type(player))

    def free_cells(self) -> tuple[Cell, ...]:
        """The free cells, row by row."""
        return self.cells_of(None)

    def transpose(self) -> Board:
        """The board mirrored along its main diagonal: cell ``(r, c)`` moves to ``(c, r)``.

        Examples:
            >>> Board.parse("XX.../...../...../...../.....").transpose().cells_of(0)
            ((0, 0), (1, 0))
        """
        return Board(self.cells[c * SIZE + r] for r in range(SIZE) for c in range(SIZE))

    def _find_runs(self) -> Iterator[Run]:
        for direction, line in LINES:
            start = 0
            while start < len(line):
                owner = self.owner(line[start])
                end = start + 1
                while end < len(line) and owner is not None and self.owner(line[end]) == owner:
                    end += 1
                if owner is not None and end - start >= 3:
                    yield Run(owner, direction, line[start:end])
                start = end

    @property
    def scoring_runs(self) -> tuple[Run, ...]:
        """The runs of three and four (the ones that score points).

        Examples:
            >>> board = Board.parse("XXXX./O..../O..../O..../.....")
            >>> {run.player: run.points for run in board.scoring_runs}
            {0: 2, 1: 1}
        """
        return tuple(run for run in self.runs if run.points)

    @property
    def fives(self) -> tuple[Run, ...]:
        """The runs of five: five in a row, which wins the game at once."""
        return tuple(run for run in self.runs if run.length == SIZE)

    def points(self, player: int) -> int:
        """The points ``player``'s runs of three and four are worth.

        Examples:
            >>> Board.parse("XXX../X..../X..../...../.....").points(0)
            2
        """
        return sum(run.points for run in self.runs if run.player == player)

    def to_data(self) -> list[str]:
        """Five strings of marks, ``"X"``/``"O"``/``"."``, top row first (see `parse`).

        Examples:
            >>> Board.empty().place((0, 1), 0).to_data()[0]
            '.X...'
        """
        marks = {None: ".", 0: "X", 1: "O"}
        return ["".join(marks[self.cells[r * SIZE + c]] for c in range(SIZE)) for r in range(SIZE)]

    def render(self, marks: Sequence[str] = MARKS) -> str:
        """The board as text (see `render_board`)."""
        return render_board(self, marks)


def render_board(board: Board, marks: Sequence[str] = MARKS) -> str:
    """The board as a text grid: free cells show their printed label, taken ones the owner's mark.

    An occupied cell shows the mark and the label it covers, e.g. ``X:Full``.

    Examples:
        >>> print(render_board(Board.empty().place((1, 3), 0)))
                0       1       2       3       4
           +-------+-------+-------+-------+-------+
         0 |   1   |   3   | Défi  |   4   |   6   |
           +-------+-------+-------+-------+-------+
         1 |   2   | Carré |  Sec  |X:Full |   5   |
           +-------+-------+-------+-------+-------+
         2 |  ≤8   | Full  |  Yam  | Défi  | Suite |
           +-------+-------+-------+-------+-------+
         3 |   6   |  Sec  | Suite |  ≤8   |   1   |
           +-------+-------+-------+-------+-------+
         4 |   3   |   2   | Carré |   5   |   4   |
           +-------+-------+-------+-------+-------+
    """
    rule = "   " + "+-------" * SIZE + "+"
    lines = ["    " + "".join(f"{c:^8}" for c in range(SIZE)).rstrip(), rule]
    for r in range(SIZE):
        texts = []
        for c in range(SIZE):
            owner = board.owner((r, c))
            label = LABEL_TABLE.label(LABELS[r][c])
            texts.append(f"{label:^7}" if owner is None else f"{marks[owner] + ':' + label:^7}")
        lines.append(f"{r:>2} |" + "|".join(texts) + "|")
        lines.append(rule)
    return "\n".join(lines)


@runtime_checkable
class BoardGame(GameState, Protocol):
    """A Yam Master game as `render_game` reads it (`yamskit.variants.yam_master.YamMasterGame`).

    Examples:
        >>> import yamskit
        >>> isinstance(yamskit.variant("yam-master").new_game(seed=1), BoardGame)
        True
    """

    @property
    def board(self) -> Board:
        """Who owns each cell."""

    @property
    def supply(self) -> tuple[int, ...]:
        """Tokens each player still has to place."""

    @property
    def out(self) -> tuple[int, ...]:
        """Tokens of each player removed from the game."""

    @property
    def turns(self) -> int:
        """Completed turns, both players counted."""

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, or ``None``."""

    @property
    def labels(self) -> frozenset[str]:
        """The label ids the current turn's dice satisfy."""


def render_game(game: BoardGame) -> str:
    """A Yam Master game as text: the board, each player's tokens and points, then the turn or the outcome.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
        >>> print(render_game(g).splitlines()[-3])
        X = Ann: 0 on the board, 12 to place, 0 point(s)
    """
    lines = [render_board(game.board)]
    for p, name in enumerate(game.players):
        extra = f", {game.out[p]} out" if game.out[p] else ""
        lines.append(
            f"{MARKS[p]} = {name}: {game.board.count(p)} on the board, {game.supply[p]} to place{extra}, "
            f"{game.board.points(p)} point(s)"
        )
    if game.is_over:
        result = game.result()
        if game.board.fives:
            line = game.board.fives[0]
            lines.append(f"Game over: {game.players[line.player]} has five in a row, {line.cells[0]}-{line.cells[-1]}")
        else:
            why = "a player placed their last token" if game.end_reason == "last_token" else "the turn limit"
            outcome = "Draw" if result.is_draw else "Winner: " + result.winner_names[0]
            points = ", ".join(f"{name} {score}" for name, score in zip(game.players, result.scores, strict=True))
            lines.append(f"Game over ({why}). {outcome} ({points})")
    else:
        turn = game.turn
        me = f"{game.players[game.current_player]} ({MARKS[game.current_player]})"
        if not turn.has_thrown:
            lines.append(f"{me} to play: turn {game.turns + 1}, no throw yet")
        else:
            challenge = ", challenge declared" if turn.challenge else ""
            have = ", ".join(LABEL_TABLE.label(label) for label in sorted(game.labels)) or "nothing"
            lines.append(
                f"{me} to play: dice {turn.dice}, throw {turn.throws_used}/{turn.max_throws}{challenge}; "
                f"the dice satisfy: {have}"
            )
    return "\n".join(lines)
