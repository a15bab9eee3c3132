"""The Yam Master game state (`YamMasterGame`) and its protocol methods; the rules it applies are in `.rules`.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1).apply(yamskit.Roll(outcome="66666"))
    >>> g.is_legal(yamskit.Place((2, 2))), g.end_reason
    (True, None)
"""

from __future__ import annotations

from bisect import bisect_left
from typing import ClassVar

import attrs

from ..._fast import memo_slot, replacer
from ...actions import Action, DeclareChallenge, Pass, Place, RemoveToken, Roll
from ...dice import DiceStream
from ...errors import UnknownActionError, game_over_error
from ...game import GameState
from ...history import EMPTY_HISTORY, History, to_history
from ...result import Result
from ...seats import resolve_player
from ...transitions import GameStateBase, Transitions
from ...turn import Turn
from .board import Board
from .rules import (
    ACTIONS,
    MAX_THROWS,
    PASS_ID,
    BoardVariant,
    EndReason,
    check_declare,
    check_end,
    check_place,
    check_remove,
    check_roll,
    end_reason,
    labels_of,
    legal_ids,
)

__all__ = ["TRANSITIONS", "YamMasterGame"]

_START = Turn.start(max_throws=MAX_THROWS)


@attrs.frozen(repr=False)
class YamMasterGame(GameStateBase):
    """The state of a Yam Master game: the board, the supplies, whose turn, the turn's throws.

    Follows the game protocol of `yamskit.game`.

    Attributes:
        supply: tokens each player still has to place.
        out: tokens of each player removed from the game (``removed="out"`` only).
        turns: completed turns, both players counted.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yam-master").new_game(seed=3).apply(yamskit.Roll(outcome="66666"))
        >>> sorted(a.cell for a in g.legal_actions() if isinstance(a, yamskit.Place))
        [(0, 4), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 0), (3, 1), (4, 2)]
    """

    variant: BoardVariant
    players: tuple[str, ...]
    board: Board
    supply: tuple[int, ...]
    out: tuple[int, ...]
    current_player: int
    turn: Turn
    stream: DiceStream
    turns: int = 0
    _history: History = attrs.field(default=EMPTY_HISTORY, converter=to_history, alias="history")
    first_player: int = 0
    _legal: tuple[int, ...] | None = attrs.field(init=False, default=None, eq=False)
    #: The position this state's history starts from (``None`` for a state with an empty history).
    _origin: GameState | None = attrs.field(default=None, eq=False, alias="origin")
    #: ``(end_reason,)`` once asked (the state never changes, so neither does its end), else ``None``.
    _end: tuple[EndReason | None] | None = attrs.field(init=False, default=None, eq=False)

    # ------------------------------------------------------------------ queries
    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended (``"five_in_a_row"``, ``"last_token"``, ``"max_turns"``), or ``None``."""
        found = self._end
        if found is None:
            found = (end_reason(self.board, self.supply, self.turns, self.variant.max_turns),)
            _set_end(self, found)  # a memo: the state itself never changes
        return found[0]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (see `end_reason`)."""
        found = self._end  # (`end_reason`, inlined once it is known: every step asks)
        return (found[0] if found is not None else self.end_reason) is not None

    @property
    def labels(self) -> frozenset[str]:
        """The label ids the current turn's dice satisfy, ``one_shot`` (sec) and ``challenge`` (défi) included."""
        return labels_of(self.turn)

    # ------------------------------------------------------------------ legality
    def check(self, action: Action, *, player: int | str | None = None) -> None:
        """Raise the `IllegalActionError` that ``action`` would raise; else nothing.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master").new_game(seed=1)
            >>> g.check(yamskit.Roll())
        """
        if self.is_over:
            raise game_over_error(self.players)
        resolve_player(self.players, self.current_player, player)
        if isinstance(action, Roll):
            check_roll(action, self.turn)
        elif isinstance(action, DeclareChallenge):
            check_declare(self.turn)
        elif isinstance(action, Place):
            check_place(action, self.board, self.turn, self.players, self.current_player)
        elif isinstance(action, RemoveToken):
            check_remove(action, self.board, self.turn, self.players, self.current_player)
        elif isinstance(action, Pass):
            check_end(self.turn, self.players[self.current_player])
        else:
            raise UnknownActionError(f"yam-master has no action {type(action).__name__}")

    def _generate(self) -> tuple[Action, ...]:
        ids = self.legal_action_ids()
        # listed in the order of the rules: throws, challenge, placements, removals, then passing
        # (passing has the id after the challenge's: it moves from there to the end)
        k = bisect_left(ids, PASS_ID)
        if k == len(ids) or ids[k] != PASS_ID:
            return ACTIONS.pick(ids)
        return ACTIONS.pick((*ids[:k], *ids[k + 1 :], PASS_ID))

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids in `ACTIONS` of the legal decisions, ascending.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> [ACTIONS[i] for i in g.legal_action_ids() if i >= 462][:2]
            [DeclareChallenge(), Pass()]
        """
        legal = self._legal
        if legal is not None:  # remembered: this state is not over
            return legal
        if self.is_over:
            return ()
        # computed once (`remembered_legal_ids`, inlined: this runs at every step)
        legal = legal_ids(self.board, self.turn, self.current_player)
        _set_legal(self, legal)
        return legal

    # ------------------------------------------------------------------ doing
    def _end_turn(self, board: Board, supply: tuple[int, ...], out: tuple[int, ...], history: History) -> YamMasterGame:
        """The state after the turn: the new board and tokens, the other player to throw (its end asked anew)."""
        return _turn_ended(self, board, supply, out, 1 - self.current_player, _START, self.turns + 1, history, None)

    def _next(self, *, turn: Turn, history: History, stream: DiceStream | None = None) -> YamMasterGame:
        """This state with a new turn and history (the same player to act, and the same end)."""
        return _same_turn(self, turn, self.stream if stream is None else stream, history)

    # ------------------------------------------------------------------ scoring
    def result(self) -> Result:
        """Points, ranking and winners; ``details`` names the winning line or lists every scoring run.

        Five in a row scores 1 to 0 and ``details`` is ``{"end": "five_in_a_row",
        "lines": [...], "runs": [...]}``. Otherwise the scores are the run points and
        ``details`` is ``{"end": ..., "runs": [...]}`` (``end`` is ``None`` while the
        game goes on). Each run is ``{"player", "direction", "length", "points",
        "cells"}``, cells as ``[row, col]``.

        Examples:
            >>> import yamskit
            >>> r = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1).result()
            >>> r.scores, r.details
            ((0, 0), {'end': None, 'runs': []})
        """
        board = self.board
        runs = [run.to_data() for run in board.scoring_runs]
        if board.fives:
            winner = board.fives[0].player
            scores = tuple(1 if p == winner else 0 for p in range(len(self.players)))
            lines = [run.to_data() for run in board.fives]
            return Result.from_scores(
                self.players, scores, details={"end": "five_in_a_row", "lines": lines, "runs": runs}
            )
        scores = tuple(board.points(p) for p in range(len(self.players)))
        return Result.from_scores(self.players, scores, details={"end": self.end_reason, "runs": runs})

    # ------------------------------------------------------------------ the class's parts of the protocol
    #: What each decision makes of a state (set below, once the transitions are defined).
    transitions: ClassVar[Transitions[YamMasterGame]]
    #: The picture Jupyter shows: the board `yamskit.svg` draws (see ``yamskit._display``).
    picture_kind: ClassVar[str] = "board"


#: The state a decision later in the same turn (a throw's ``thrown`` transition), and after the turn:
#: ``attrs.evolve`` without the checks, naming the fields that change, the legal ids to be worked out anew
#: (see `yamskit._fast`).
_same_turn = replacer(YamMasterGame, "turn", "stream", "history", fresh=["_legal"])
_turn_ended = replacer(
    YamMasterGame, "board", "supply", "out", "current_player", "turn", "turns", "history", "_end", fresh=["_legal"]
)
#: Remember a state's legal ids, and its end, once they are asked for.
_set_legal = memo_slot(YamMasterGame, "_legal")
_set_end = memo_slot(YamMasterGame, "_end")


def _declare(state: YamMasterGame, _action: DeclareChallenge, _i: int, history: History) -> YamMasterGame:
    return state._next(turn=state.turn.declare_challenge(), history=history)


def _place(state: YamMasterGame, action: Place, _i: int, history: History) -> YamMasterGame:
    me = state.current_player
    supply = list(state.supply)
    supply[me] -= 1
    return state._end_turn(state.board.place(action.cell, me), tuple(supply), state.out, history)


def _remove(state: YamMasterGame, action: RemoveToken, _i: int, history: History) -> YamMasterGame:
    owner = 1 - state.current_player
    supply, out = list(state.supply), list(state.out)
    if state.variant.removed == "supply":
        supply[owner] += 1
    else:
        out[owner] += 1
    return state._end_turn(state.board.remove(action.cell), tuple(supply), tuple(out), history)


def _pass(state: YamMasterGame, _action: Pass, _i: int, history: History) -> YamMasterGame:
    return state._end_turn(state.board, state.supply, state.out, history)


#: What each Yam Master decision makes of a state (applied by `yamskit.transitions.GameStateBase.apply`).
TRANSITIONS: Transitions[YamMasterGame] = Transitions(
    thrown=_same_turn, moves={DeclareChallenge: _declare, Place: _place, RemoveToken: _remove, Pass: _pass}
)
YamMasterGame.transitions = TRANSITIONS
