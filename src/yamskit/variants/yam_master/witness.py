"""Witnesses for Yam Master positions: a game that leaves the board, the tokens and the turn as they stand.

`witness_of` plays the position's turns in seat order from its first player: each player
places the tokens it has on the board; with ``removed="out"``, each token out of the game
is first placed and then taken by the opponent's *Yam predator* (five of a kind) on the
next turn; every other turn is a throw and a pass. A game that ended on a row of five ends
with the token every row of five shares; a game that ended on a player's last token ends
with that token. The turn under way (throws and a declared challenge) comes last.

Every placement throws dice its cell's label takes (a *Sec* on the first throw, a *Défi*
declared after a throw that makes nothing and met on the second).

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yam-master")
    >>> g = v.position(["Ann", "Bob"], board="X..../...../...../...../....O", current_player=0, seed=1)
    >>> [str(m.action) for m in witness_of(g).moves if not isinstance(m.action, yamskit.Roll)]
    ['place 0,0', 'place 4,4']
"""

from __future__ import annotations

from collections.abc import Iterator

from ...actions import Action, DeclareChallenge, Pass, Place, RemoveToken, Roll
from ...dice import Dice
from ...history import Move
from ...position.errors import ImpossibleBoardError, ImpossibleTurnError
from ...position.witness import Witness
from .board import LABELS, SIZE, Board, Cell
from .game import YamMasterGame

__all__ = ["witness_of"]

#: Dice each label takes on the first throw (``one_shot`` needs a figure there; ``challenge`` is thrown apart).
_DICE = {
    **{str(face): Dice((face,) * 3 + ((face % 6) + 1, ((face + 1) % 6) + 1)) for face in range(1, 7)},
    "full_house": Dice.parse("22333"),
    "four_of_a_kind": Dice.parse("44445"),
    "yams": Dice.parse("55555"),
    "straight": Dice.parse("12345"),
    "less_than_8": Dice.parse("11123"),
    "one_shot": Dice.parse("22333"),
}
_NOTHING = Dice.parse("12346")  # no label at all: a throw to pass on, or to declare a challenge after
_FIVE = Dice.parse("66666")


def _placing(player: int, cell: Cell) -> list[Move]:
    """A turn that places ``player``'s token on ``cell``: throws its label takes, then Place."""
    label = LABELS[cell[0]][cell[1]]
    if label == "challenge":
        throws: list[Action] = [Roll(outcome=_NOTHING), DeclareChallenge(), Roll(outcome=_DICE["one_shot"])]
    else:
        throws = [Roll(outcome=_DICE[label])]
    return [*(Move(player, action) for action in throws), Move(player, Place(cell))]


def _ending_cell(game: YamMasterGame) -> Cell | None:
    """The cell placed last when the game ended on a row of five: one every row of five shares."""
    fives = game.board.fives
    if not fives:
        return None
    shared = set(fives[0].cells).intersection(*(run.cells for run in fives[1:]))
    if not shared:
        rows = "; ".join(f"{run.cells[0]}-{run.cells[-1]}" for run in fives)
        raise ImpossibleBoardError(
            f"{game.players[fives[0].player]} has rows of five with no cell in common ({rows}): the first one "
            "ends the game, so a single token completes them all",
            rule="five_in_a_row",
        )
    return min(shared)


#: How many tokens each player has placed to be taken out, taken out, and left to place.
_Counts = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


def _schedule(game: YamMasterGame, finals: list[int], finisher: int | None) -> list[str] | None:
    """What each turn does, in seat order: ``remove``, ``out`` (a token to be taken out), ``place`` or ``pass``.

    A depth-first search over how many of each every player has done (dead ends remembered): a
    token taken out must first be placed by its owner; the finisher's last token comes last.
    The search keeps its own stack, a frame a turn, so a game of any length fits.
    """
    turns, first, out = game.turns, game.first_player, game.out
    all_taken = (out[1], out[0])

    def complete(counts: _Counts) -> bool:
        return counts == (out, all_taken, (0, 0))

    def choices(t: int, counts: _Counts) -> list[tuple[str, _Counts]]:
        placed, taken, left = counts
        p = (first + t) % 2
        q = 1 - p
        if t == turns - 1 and finisher is not None:
            return [("last", counts)] if p == finisher and complete(counts) else []
        found: list[tuple[str, _Counts]] = []
        if taken[p] < out[q] and placed[q] > taken[p]:
            found.append(("remove", (placed, _bump(taken, p), left)))
        if placed[p] < out[p]:
            found.append(("out", (_bump(placed, p), taken, left)))
        if left[p]:
            found.append(("place", (placed, taken, _bump(left, p, -1))))
        found.append(("pass", counts))
        return found

    start: _Counts = ((0, 0), (0, 0), (finals[0], finals[1]))
    if turns == 0:
        return [] if complete(start) else None
    dead: set[tuple[int, _Counts]] = set()
    plan: list[str] = []  # the move of each turn on the stack below the top
    stack: list[tuple[tuple[int, _Counts], Iterator[tuple[str, _Counts]]]] = [((0, start), iter(choices(0, start)))]
    while stack:
        here, untried = stack[-1]
        step = next(untried, None)
        if step is None:  # every choice from here fails
            dead.add(here)
            stack.pop()
            if plan:
                plan.pop()
            continue
        what, counts = step
        t = len(stack)  # the turn after this one
        if t == turns:
            if what == "last" or complete(counts):
                return [*plan, what]
            continue
        if (t, counts) in dead:
            continue
        plan.append(what)
        stack.append(((t, counts), iter(choices(t, counts))))
    return None


def _bump(pair: tuple[int, int], i: int, by: int = 1) -> tuple[int, int]:
    return (pair[0] + by, pair[1]) if i == 0 else (pair[0], pair[1] + by)


def witness_of(game: YamMasterGame) -> Witness:
    """A game of ``game``'s variant that reaches ``game`` (its dice stream and history aside).

    The position is assumed to have passed `yamskit.variants.yam_master.position`'s checks
    (tokens, seats, turn count); this orders the turns.

    Raises:
        ImpossibleBoardError: rows of five with no common cell (rule ``five_in_a_row``).
        ImpossibleTurnError: turns too few, or in an order seat order cannot give, for the
            tokens placed and taken out (rule ``turn_count``), or a last token that no
            placement can have been (rule ``last_token``).

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("yam-master", removed="out")
        >>> g = v.position(["Ann", "Bob"], out=[1, 0], current_player=0, turns=2, seed=3)
        >>> [type(m.action).__name__ for m in witness_of(g).moves]
        ['Roll', 'Place', 'Roll', 'RemoveToken']
    """
    board, players = game.board, game.players
    turns, first = game.turns, game.first_player
    last = _ending_cell(game)
    finisher = None if last is None else board.owner(last)
    if finisher is None and 0 in game.supply:
        finisher = game.supply.index(0)
    own: list[list[Cell]] = [[c for c in board.cells_of(p) if c != last] for p in (0, 1)]
    if finisher is not None and last is None:
        if not own[finisher]:
            raise ImpossibleTurnError(
                f"{players[finisher]} has no token left to place and none on the board: the last token placed "
                "ends the game, so it is still there",
                rule="last_token",
            )
        last = own[finisher].pop()  # the last token placed: any of the finisher's
    plan = _schedule(game, [len(own[0]), len(own[1])], finisher)
    if plan is None:
        raise ImpossibleTurnError(
            f"{turns} turns in seat order from {players[first]} cannot place the {board.count(0)} and "
            f"{board.count(1)} tokens on the board"
            + (f" and take out {game.out[0]} and {game.out[1]}" if any(game.out) else "")
            + (f", {players[finisher]} placing the last one" if finisher is not None else ""),
            rule="turn_count",
        )
    moves: list[Move] = []
    current = Board.empty()
    waiting: list[list[Cell]] = [[], []]  # each player's tokens placed to be taken out
    avoid = {c for cells in own for c in cells} | ({last} if last else set())
    for t, what in enumerate(plan):
        p = (first + t) % 2
        if what == "remove":
            cell = waiting[1 - p].pop(0)
            moves.extend([Move(p, Roll(outcome=_FIVE)), Move(p, RemoveToken(cell))])
            current = current.remove(cell)
        elif what == "out":
            cell = _free_cell(current, p, avoid)
            moves.extend(_placing(p, cell))
            current = current.place(cell, p)
            waiting[p].append(cell)
        elif what in ("place", "last"):
            cell = own[p].pop(0) if what == "place" else last  # type: ignore[assignment]
            assert cell is not None
            moves.extend(_placing(p, cell))
            current = current.place(cell, p)
        else:
            moves.extend([Move(p, Roll(outcome=_NOTHING)), Move(p, Pass())])
    turn = game.turn
    for i, throw in enumerate(turn.throws):
        moves.append(Move(game.current_player, Roll(keep=throw.kept, outcome=throw.rolled)))
        if i == 0 and turn.challenge:
            moves.append(Move(game.current_player, DeclareChallenge()))
    return Witness(game.variant, players, game.stream.seed, {"first_player": first}, tuple(moves))


def _free_cell(board: Board, player: int, avoid: set[Cell]) -> Cell:
    """A free cell for a token that will be taken out: none of the final tokens' cells, no row of five."""
    cells = [(r, c) for r in range(SIZE) for c in range(SIZE) if board.owner((r, c)) is None]
    cells.sort(key=lambda cell: cell in avoid)
    for cell in cells:
        if not board.place(cell, player).fives:
            return cell
    return cells[0]  # pragma: no cover - a board with a free cell that would not make five always has one
