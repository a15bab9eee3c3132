"""The rules of a Yam Master turn, as functions of values: what the dice may claim, challenges, removals, the end.

The board, its labels and what dice satisfy them are in `.board`; this module numbers the
decisions (`ACTIONS`), says which are legal (`legal_ids` and the ``check_*`` functions,
which raise the error naming the rule) and when and why the game ends (`end_reason`).
`.game` applies them to a state.

Examples:
    >>> from yamskit import Dice
    >>> turn = Turn.start(max_throws=MAX_THROWS).throw(Dice(), Dice.parse("66666"))
    >>> ids = legal_ids(Board.empty(), turn, current_player=0)
    >>> [ACTIONS[i] for i in ids if i >= 462][:3]
    [DeclareChallenge(), Pass(), Place(cell=(0, 4))]
"""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from ..._cache import Memo
from ...action_space import NUM_ROLL_IDS, ROLL_ACTIONS, ActionSpace
from ...actions import DeclareChallenge, Pass, Place, RemoveToken, Roll
from ...dice import ROLLS, SUB_KEEPS
from ...errors import IllegalActionError, MustRollFirstError, OccupiedError, UnknownActionError, brief
from ...game import Variant
from ...history import MAX_MOVES
from ...turn import Turn
from .board import FIGURE_LABELS, LABEL_NAMES, LABELS, SIZE, Board, Cell, LabelSet, dice_labels

__all__ = [
    "ACTIONS",
    "DECLARE_ID",
    "DEFAULT_MAX_TURNS",
    "LARGEST_MAX_TURNS",
    "MAX_THROWS",
    "MOST_MOVES_A_TURN",
    "PASS_ID",
    "PLACE_ID",
    "REMOVE_ID",
    "RULINGS",
    "TOKENS",
    "BoardVariant",
    "ChallengeError",
    "EndReason",
    "LabelError",
    "RemovalError",
    "RemovedTo",
    "cell_of",
    "check_declare",
    "check_end",
    "check_place",
    "check_remove",
    "check_roll",
    "end_reason",
    "labels_of",
    "legal_ids",
]

#: Tokens each player starts with.
TOKENS = 12
#: Throws per turn.
MAX_THROWS = 3
#: The default bound on the number of turns (both players counted) before the game is scored.
DEFAULT_MAX_TURNS = 200
#: The most moves a turn can take: a throw, a challenge, two more throws and the move that ends it.
MOST_MOVES_A_TURN = 5
#: The largest ``max_turns``: its longest game, every turn taking `MOST_MOVES_A_TURN` moves, is the
#: most moves a save or a record holds (`yamskit.history.MAX_MOVES`).
LARGEST_MAX_TURNS = MAX_MOVES // MOST_MOVES_A_TURN

#: Where a removed token goes: back to its owner's supply, or out of the game.
RemovedTo = Literal["supply", "out"]
#: Why a game ended.
EndReason = Literal["five_in_a_row", "last_token", "max_turns"]


@runtime_checkable
class BoardVariant(Variant, Protocol):
    """The Yam Master variant as its states see it: a `yamskit.game.Variant` with the two options.

    Examples:
        >>> import yamskit
        >>> isinstance(yamskit.variant("yam-master"), BoardVariant)
        True
    """

    @property
    def removed(self) -> RemovedTo:
        """Where a token taken by the Yam predator goes: ``"supply"`` or ``"out"``."""

    @property
    def max_turns(self) -> int:
        """The most turns, both players counted, before the game ends and is scored."""


#: The rulings this module applies, one line each, set-up to winner (shown by ``describe()``; explained in the docs).
RULINGS: tuple[str, ...] = (
    "set-up: 2 players, 12 tokens each; seat 0 plays X, seat 1 plays O; seat 0 starts, or "
    "new_game(first_player=SEAT), or first_player='roll_off' (five dice each, the highest sum starts, ties "
    "throw again; RULINGS: everywhere)",
    "turn: up to 3 throws of the five dice, keeping any dice between throws (kept dice may be thrown again); "
    "after any throw the turn may end with Place (a token on a free cell whose label the dice satisfy), "
    "RemoveToken (five of a kind: an opponent's token instead) or Pass; placing is optional (sheet 003)",
    "cells: 1..6 three or more of that face; Carré four of a kind; Yam five of a kind; Full three of one face "
    "and two of another; Suite 12345 or 23456; ≤8 a sum of 8 or less; Sec a figure on the first throw; "
    "Défi a figure on the 2nd or 3rd throw after a challenge declared before the 2nd",
    "Sec and Défi take a figure: Full, Carré, Yam, Suite or ≤8 (a plain three of a kind is not one)",
    "a Yam is also a Full, a Carré and a three of a kind of its face",
    "a challenge is declared between the first and second throw, and commits to at least one more throw",
    "the throw after a challenge must throw at least one die (keeping all five is not a throw)",
    "a failed challenge costs nothing: any other cell the dice satisfy may still be taken",
    "a removed token goes back to its owner's supply (removed='supply') or out of the game (removed='out')",
    "lines: rows, columns and both diagonals, short diagonals included",
    "end: five in a row ends the game at once, even with the last token; otherwise it ends as soon as a "
    "player has no token left to place, or after max_turns turns (both players counted, default 200: a "
    "bound the sheet does not have, since both players may pass forever)",
    "winner: five in a row wins, scored 1 to 0; otherwise each maximal run scores once per line, 3 in a row "
    "1 point and 4 in a row 2 (not 2 + 1 + 1), crossing lines each count; the most points wins, equal "
    "points are a draw",
)


class LabelError(IllegalActionError):
    """A token placed on a cell whose label the dice do not satisfy.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(seed=1).apply(yamskit.Roll(outcome="12346"))
        >>> g.apply(yamskit.Place((2, 2)))  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        LabelError: cell (2, 2) is 'yam': it needs five of a kind
    """


class ChallengeError(IllegalActionError):
    """A challenge declared at the wrong time, or a turn ended right after declaring one.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(seed=1).apply(yamskit.Roll(outcome="12346"))
        >>> g = g.apply(yamskit.DeclareChallenge())
        >>> g.is_legal(yamskit.Pass()), g.is_legal(yamskit.DeclareChallenge())
        (False, False)
    """


class RemovalError(IllegalActionError):
    """A removal without five of a kind, or of a cell that holds no opponent's token.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(seed=1).apply(yamskit.Roll(outcome="66666"))
        >>> g.is_legal(yamskit.RemoveToken((0, 0)))  # the cell is free
        False
    """


#: The action space of every Yam Master variant: the 462 throws (ids 0-461), then
#: ``DeclareChallenge()`` (462), ``Pass()`` (463), ``Place(cell)`` for the 25 cells row by
#: row (464-488: cell ``(r, c)`` is ``464 + 5 * r + c``) and ``RemoveToken(cell)`` in the
#: same order (489-513).
ACTIONS: ActionSpace = ActionSpace(
    "yam-master",
    (
        *ROLL_ACTIONS,
        DeclareChallenge(),
        Pass(),
        *(Place((r, c)) for r in range(SIZE) for c in range(SIZE)),
        *(RemoveToken((r, c)) for r in range(SIZE) for c in range(SIZE)),
    ),
)

DECLARE_ID, PASS_ID, PLACE_ID, REMOVE_ID = NUM_ROLL_IDS, NUM_ROLL_IDS + 1, NUM_ROLL_IDS + 2, NUM_ROLL_IDS + 27
#: The labels each roll satisfies on its own (by roll index), and whether they make a figure.
_ROLL_LABELS: tuple[frozenset[str], ...] = tuple(dice_labels(roll) for roll in ROLLS)
_ROLL_FIGURE: tuple[bool, ...] = tuple(not labels.isdisjoint(FIGURE_LABELS) for labels in _ROLL_LABELS)
#: Flat cell indexes (``5 * row + col``) carrying each label.
_LABEL_CELLS: dict[str, tuple[int, ...]] = {
    label: tuple(r * SIZE + c for r in range(SIZE) for c in range(SIZE) if LABELS[r][c] == label)
    for label in {label for row in LABELS for label in row}
}
#: A set of labels -> the flat cells carrying one of them, ascending (a throw matches at most a dozen labels).
_CELLS_OF_LABELS: Memo[frozenset[str], tuple[int, ...]] = Memo(
    "yam master: cells of labels", size=1 << 10, key="a set of labels a throw matches"
)


def labels_of(turn: Turn) -> frozenset[str]:
    """The labels the turn's dice satisfy, ``one_shot`` and ``challenge`` included (`.board.turn_labels`, from a table).

    Examples:
        >>> from yamskit import Dice
        >>> sorted(labels_of(Turn.start().throw(Dice(), Dice.parse("22255"))))
        ['2', 'full_house', 'one_shot']
    """
    if not turn.throws:
        return frozenset()
    roll = turn.throws[-1].dice.index
    labels = _ROLL_LABELS[roll]
    if _ROLL_FIGURE[roll]:
        extra = []
        if len(turn.throws) == 1:
            extra.append("one_shot")
        if turn.challenge and len(turn.throws) >= 2:
            extra.append("challenge")
        if extra:
            labels = LabelSet(labels.union(extra))
    return labels


def _cells_of(labels: frozenset[str]) -> tuple[int, ...]:
    """The flat cells (``5 * row + col``) carrying one of ``labels``, ascending (memoised)."""
    found = _CELLS_OF_LABELS.get(labels)
    if found is None:
        found = _CELLS_OF_LABELS.put(labels, tuple(sorted(i for label in labels for i in _LABEL_CELLS.get(label, ()))))
    return found


def cell_of(action: Place | RemoveToken) -> Cell:
    """The cell ``action`` names, checked to be on the board.

    Raises:
        UnknownActionError: a cell off the board.

    Examples:
        >>> cell_of(Place((4, 4)))
        (4, 4)
    """
    cell = action.cell
    if len(cell) != 2 or any(type(v) is not int or not 0 <= v < SIZE for v in cell):
        raise UnknownActionError(
            f"no cell {brief(cell)} on the {SIZE}x{SIZE} board: rows and columns are 0 to {SIZE - 1}"
        )
    return cell


def end_reason(board: Board, supply: tuple[int, ...], turns: int, max_turns: int) -> EndReason | None:
    """Why the game ended: five in a row, a player's last token placed, or ``max_turns`` turns; else ``None``.

    Examples:
        >>> end_reason(Board.empty(), (0, 3), 30, 200), end_reason(Board.empty(), (5, 3), 30, 200)
        ('last_token', None)
    """
    if board.fives:
        return "five_in_a_row"
    if 0 in supply:
        return "last_token"
    if turns >= max_turns:
        return "max_turns"
    return None


def check_end(turn: Turn, player: str) -> None:
    """Raise if the turn may not end now (nothing thrown yet, or a declared challenge not thrown for).

    Examples:
        >>> check_end(Turn.start(), "Ann")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        MustRollFirstError: Ann must throw the dice before ending the turn
    """
    if not turn.has_thrown:
        raise MustRollFirstError(f"{player} must throw the dice before ending the turn")
    if turn.challenge and turn.is_first_throw:
        raise ChallengeError("a declared challenge must be played: throw again before ending the turn")


def check_place(action: Place, board: Board, turn: Turn, players: tuple[str, ...], current_player: int) -> None:
    """Raise the error naming the rule if ``action`` may not place a token now.

    Examples:
        >>> from yamskit import Dice
        >>> turn = Turn.start().throw(Dice(), Dice.parse("12346"))
        >>> check_place(Place((2, 2)), Board.empty(), turn, ("Ann", "Bob"), 0)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        LabelError: cell (2, 2) is 'yams': it needs five of a kind; dice 12346 after throw 1 make no combination
    """
    check_end(turn, players[current_player])
    cell = cell_of(action)
    owner = board.owner(cell)
    if owner is not None:
        raise OccupiedError(f"cell {cell} is taken by {players[owner]}'s token")
    label = LABELS[cell[0]][cell[1]]
    labels = labels_of(turn)
    if label not in labels:
        have = ", ".join(sorted(labels)) or "no combination"
        raise LabelError(
            f"cell {cell} is {brief(label)}: it needs {LABEL_NAMES[label]}; dice {turn.dice} "
            f"after throw {turn.throws_used} make {have}"
        )


def check_remove(action: RemoveToken, board: Board, turn: Turn, players: tuple[str, ...], current_player: int) -> None:
    """Raise the error naming the rule if ``action`` may not remove a token now (the *Yam predator*).

    Examples:
        >>> from yamskit import Dice
        >>> turn = Turn.start().throw(Dice(), Dice.parse("66666"))
        >>> check_remove(RemoveToken((0, 0)), Board.empty(), turn, ("A", "B"), 0)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        RemovalError: cell (0, 0) is free: there is no token to remove
    """
    check_end(turn, players[current_player])
    cell = cell_of(action)
    if "yams" not in dice_labels(turn.dice):
        raise RemovalError(f"removing a token needs five of a kind, not {turn.dice}")
    owner = board.owner(cell)
    if owner is None:
        raise RemovalError(f"cell {cell} is free: there is no token to remove")
    if owner == current_player:
        raise RemovalError(f"cell {cell} holds your own token: only an opponent's token may be removed")


def check_roll(action: Roll, turn: Turn) -> None:
    """Raise the error naming the rule if ``action`` may not be thrown now (after a challenge, dice must be thrown).

    Examples:
        >>> check_roll(Roll(), Turn.start())
    """
    turn.check_throw(action.keep, action.outcome, game="yam-master")
    if turn.challenge and turn.is_first_throw and len(action.keep) == len(turn.dice):
        raise ChallengeError(
            f"a challenge is met by throwing dice: keeping all of {turn.dice} throws none; throw one die or more"
        )


def check_declare(turn: Turn) -> None:
    """Raise the error naming the rule if a challenge may not be declared now (only between throws 1 and 2).

    Examples:
        >>> from yamskit import Dice
        >>> check_declare(Turn.start().throw(Dice(), Dice.parse("12346")))
    """
    if not turn.has_thrown:
        raise MustRollFirstError("a challenge is declared after the first throw, not before it")
    if turn.challenge:
        raise ChallengeError("a challenge is already declared this turn")
    if not turn.is_first_throw:
        raise ChallengeError(
            f"a challenge is declared between the first and second throw, not after throw {turn.throws_used}"
        )


def legal_ids(board: Board, turn: Turn, current_player: int) -> tuple[int, ...]:
    """The ids in `ACTIONS` of the legal decisions of a game not over, ascending.

    Examples:
        >>> legal_ids(Board.empty(), Turn.start(), 0)
        (0,)
    """
    throws = turn.throws
    if not throws:
        return (0,)
    first = len(throws) == 1
    committed = turn.challenge and first  # a declared challenge must be thrown for
    ids: list[int] = []
    if len(throws) < turn.max_throws:
        keeps = SUB_KEEPS[throws[-1].dice.index]
        ids.extend(keeps[:-1] if committed else keeps)
    if first and not turn.challenge:
        ids.append(DECLARE_ID)
    if committed:
        return tuple(ids)
    ids.append(PASS_ID)
    labels = labels_of(turn)
    cells = board.cells
    ids.extend(PLACE_ID + i for i in _cells_of(labels) if cells[i] is None)
    if "yams" in labels:
        opponent = 1 - current_player
        ids.extend(REMOVE_ID + i for i, owner in enumerate(cells) if owner == opponent)
    return tuple(ids)
