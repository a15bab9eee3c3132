"""Yam Master (rule sheet 003, publisher Ferti): dice combinations claim cells of a 5×5 board.

Two players, twelve tokens each. A turn is up to three throws; after the first one
the player may declare a challenge (a *défi*). After any throw the player ends the
turn by placing a token on a free cell whose label the dice satisfy
(`Place`), by removing an opponent's token with five of a kind
(`RemoveToken`, the *Yam predator*), or by passing. Five tokens in
a row win at once; otherwise, once a player has placed their last token (or after
``max_turns`` turns), runs of three score 1 point and runs of four 2.

There is no score sheet: the state is a `Board`,
each player's supply of tokens and the current `Turn`.

Options: ``removed`` (``"supply"``: a removed token goes back to its owner's supply;
``"out"``: it leaves the game) and ``max_turns`` (the most turns, both players
counted, before the game ends and is scored; default 200).

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
    >>> game = game.apply(yamskit.Roll(outcome="22255"))
    >>> sorted(game.labels)
    ['2', 'full_house', 'one_shot']
    >>> game = game.apply(yamskit.Place((1, 2)))
    >>> game.board.owner((1, 2)), game.supply, game.players[game.current_player]
    (0, (11, 12), 'Bob')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

import attrs

from ...action_space import NUM_ROLL_IDS, ROLL_ACTIONS, ActionSpace
from ...actions import Action, DeclareChallenge, DiceLike, Pass, Place, RemoveToken, Roll
from ...dice import ROLLS, SUB_KEEPS, Dice, DiceStream
from ...errors import (
    DeserializationError,
    IllegalActionError,
    MustRollFirstError,
    OccupiedError,
    RuleConfigError,
    UnknownActionError,
    YamskitError,
)
from ...game import (
    EMPTY_HISTORY,
    History,
    LegalActions,
    Move,
    Result,
    check_players,
    choose_first_player,
    game_over_error,
    new_stream,
    resolve_player,
    roll_dice,
    throw_outcomes,
    to_history,
)
from ...turn import Turn
from .board import (
    FIGURE_LABELS,
    LABEL_NAMES,
    LABELS,
    SIZE,
    Board,
    Cell,
    LabelSet,
    dice_labels,
    render_board,
    render_game,
)

__all__ = [
    "ACTIONS",
    "DEFAULT_MAX_TURNS",
    "MAX_THROWS",
    "RULINGS",
    "TOKENS",
    "VARIANTS",
    "ChallengeError",
    "LabelError",
    "RemovalError",
    "YamMasterGame",
    "YamMasterVariant",
    "yam_master",
]

#: Tokens each player starts with.
TOKENS = 12
#: Throws per turn.
MAX_THROWS = 3
#: The default bound on the number of turns (both players counted) before the game is scored.
DEFAULT_MAX_TURNS = 200

#: Where a removed token goes: back to its owner's supply, or out of the game.
RemovedTo = Literal["supply", "out"]
#: Why a game ended.
EndReason = Literal["five_in_a_row", "last_token", "max_turns"]

#: The rulings this module applies, one line each (shown by ``describe()``; explained in the docs).
RULINGS: tuple[str, ...] = (
    "Sec and Défi take a figure: Full, Carré, Yam, Suite or ≤8 (a plain three of a kind is not one)",
    "a Yam is also a Full, a Carré and a three of a kind of its face",
    "a challenge is declared between the first and second throw, and commits to at least one more throw",
    "the throw after a challenge must throw at least one die (keeping all five is not a throw)",
    "a failed challenge costs nothing: any other cell the dice satisfy may still be taken",
    "after any throw the turn may end with Place, RemoveToken (five of a kind) or Pass; placing is optional",
    "five in a row wins at once, even with the last token; it scores 1 to 0",
    "the game ends as soon as a player has no token left to place, or after max_turns turns",
    "a removed token goes back to its owner's supply (removed='supply') or out of the game (removed='out')",
    "each maximal run scores once per line: 3 in a row 1 point, 4 in a row 2 (not 2 + 1 + 1)",
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

_DECLARE_ID, _PASS_ID, _PLACE_ID, _REMOVE_ID = NUM_ROLL_IDS, NUM_ROLL_IDS + 1, NUM_ROLL_IDS + 2, NUM_ROLL_IDS + 27
#: The labels each roll satisfies on its own (by roll index), and whether they make a figure.
_ROLL_LABELS: tuple[frozenset[str], ...] = tuple(dice_labels(roll) for roll in ROLLS)
_ROLL_FIGURE: tuple[bool, ...] = tuple(not labels.isdisjoint(FIGURE_LABELS) for labels in _ROLL_LABELS)
#: Flat cell indexes (``5 * row + col``) carrying each label.
_LABEL_CELLS: dict[str, tuple[int, ...]] = {
    label: tuple(r * SIZE + c for r in range(SIZE) for c in range(SIZE) if LABELS[r][c] == label)
    for label in {label for row in LABELS for label in row}
}
#: Memo: a set of labels -> the flat cells carrying one of them, ascending.
_CELLS_OF_LABELS: dict[frozenset[str], tuple[int, ...]] = {}


def _labels_of(turn: Turn) -> frozenset[str]:
    """`turn_labels`, from the table of the 252 rolls."""
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
    found = _CELLS_OF_LABELS.get(labels)
    if found is None:
        found = tuple(sorted(i for label in labels for i in _LABEL_CELLS.get(label, ())))
        _CELLS_OF_LABELS[labels] = found
    return found


def _check_removed(_instance: object, _attribute: object, value: object) -> None:
    if value not in ("supply", "out"):
        raise RuleConfigError(f"removed must be 'supply' or 'out', not {value!r}")


def _check_max_turns(_instance: object, _attribute: object, value: object) -> None:
    if type(value) is not int or not 1 <= value <= 100_000:
        raise RuleConfigError(f"max_turns must be a whole number from 1 to 100000, not {value!r}")


@attrs.frozen
class YamMasterVariant:
    """The Yam Master rules with their options; starts games.

    Two variants are equal when their options are.

    Attributes:
        removed: ``"supply"`` (a removed token returns to its owner's supply) or
            ``"out"`` (it is out of the game).
        max_turns: the most turns, both players counted, before the game ends and is scored.

    Examples:
        >>> v = YamMasterVariant(removed="out")
        >>> v.name, v.options
        ('yam-master', {'removed': 'out', 'max_turns': 200})
    """

    removed: RemovedTo = attrs.field(default="supply", validator=_check_removed)
    max_turns: int = attrs.field(default=DEFAULT_MAX_TURNS, validator=_check_max_turns)

    @property
    def name(self) -> str:
        """The registry name, ``"yam-master"``."""
        return "yam-master"

    @property
    def options(self) -> dict[str, Any]:
        """The options, JSON-ready: ``yamskit.variant("yam-master", **options)`` rebuilds this variant."""
        return {"removed": self.removed, "max_turns": self.max_turns}

    @property
    def actions(self) -> ActionSpace:
        """The numbered decisions (`ACTIONS`, the same whatever the options).

        Examples:
            >>> import yamskit
            >>> space = YamMasterVariant().actions
            >>> len(space), space[464 + 5 * 2 + 2]
            (514, Place(cell=(2, 2)))
        """
        return ACTIONS

    def new_game(
        self,
        players: Sequence[str] = ("Player 1", "Player 2"),
        *,
        seed: int | None = None,
        first_player: int | Literal["roll_off"] = 0,
    ) -> YamMasterGame:
        """A new game: an empty board, twelve tokens each, the first player to throw.

        Args:
            players: the two names, in seat order (the first plays ``X``, the second ``O``).
            seed: seed of the dice stream (a fresh random one when ``None``; it is stored
                in the state, so the game stays reproducible).
            first_player: index of the first player, or ``"roll_off"`` (the higher sum of
                five dice starts; ties throw again).

        Examples:
            >>> g = YamMasterVariant().new_game(players=["Ann", "Bob"], seed=2, first_player=1)
            >>> g.players[g.current_player], g.supply
            ('Bob', (12, 12))
        """
        names = check_players(players, minimum=2, maximum=2)
        first, stream = choose_first_player(new_stream(seed), len(names), first_player)
        return YamMasterGame(
            variant=self,
            players=names,
            board=Board.empty(),
            supply=(TOKENS, TOKENS),
            out=(0, 0),
            current_player=first,
            turn=Turn.start(max_throws=MAX_THROWS),
            stream=stream,
            first_player=first,
        )

    def describe(self) -> str:
        """A plain-text summary: the board, the labels, the options and the rulings.

        Examples:
            >>> print(YamMasterVariant().describe().splitlines()[0])
            yam-master: 5x5 board, 2 players, 12 tokens each, 3 throws a turn
        """
        lines = [f"yam-master: {SIZE}x{SIZE} board, 2 players, {TOKENS} tokens each, {MAX_THROWS} throws a turn"]
        lines.append(render_board(Board.empty()))
        lines.append("Labels:")
        lines.extend(f"  {label}: {text}" for label, text in LABEL_NAMES.items())
        lines.append("Runs: 3 in a row 1 point, 4 in a row 2 points; 5 in a row wins at once")
        lines.append("Options: " + ", ".join(f"{k}={v!r}" for k, v in self.options.items()))
        lines.append("Rulings:")
        lines.extend(f"  - {ruling}" for ruling in RULINGS)
        return "\n".join(lines)

    def state_from_data(self, data: Any) -> YamMasterGame:
        """Rebuild a state from the ``"state"`` part of `YamMasterGame.to_json`, checking it.

        Raises:
            DeserializationError: a field is missing or malformed, or the state is impossible.
        """
        return _state_from_data(self, data)

    def position(
        self,
        players: Sequence[str] | None = None,
        *,
        board: Board | str | Mapping[Any, Iterable[Any]] | None = None,
        out: Sequence[int] | Mapping[str, int] | None = None,
        current_player: int | str = 0,
        first_player: int | str | None = None,
        turns: int | None = None,
        dice: Dice | str | Sequence[int] | None = None,
        throws: int | None = None,
        kept: Dice | str | Sequence[int] = "",
        challenge: bool = False,
        seed: int | None = None,
        draws: int = 0,
    ) -> YamMasterGame:
        """A position set up from a real board, checked against what a game can reach; its history is empty.

        Args:
            players: the two names, in seat order (default ``Player 1``, ``Player 2``).
            board: the tokens: a `Board`, five rows of marks (``"X..../.O.../..."``), or
                ``{player: [(row, col), ...]}`` by name or index.
            out: tokens of each player out of the game (``removed="out"`` only).
            current_player: the player to act, by index or name.
            first_player: who played first (default: from ``turns`` and whose turn it is).
            turns: turns played, both players counted (default: the fewest that fit the
                board, the tokens out and whose turn it is).
            dice: the five dice showing, if the player has thrown this turn.
            throws: throws used this turn (default 1 with dice, else 0).
            kept: the dice held back in the last throw (default none: all five thrown).
            challenge: whether a challenge (*défi*) was declared after the first throw.
            seed: the dice stream's seed (default a fresh random one).
            draws: faces already drawn from the stream.

        Raises:
            PositionError: a value no game can reach; the message names the rule,
                ``error.rule`` its id (see `yamskit.position`).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master").position(["Ann", "Bob"], board={"Ann": [(0, 0)]}, current_player=1)
            >>> g.supply, g.turns
            ((11, 12), 1)
        """
        from ...position import yam_master_position

        return yam_master_position(
            self,
            players,
            board=board,
            out=out,
            current_player=current_player,
            first_player=first_player,
            turns=turns,
            dice=dice,
            throws=throws,
            kept=kept,
            challenge=challenge,
            seed=seed,
            draws=draws,
        )

    def from_notation(self, text: str) -> YamMasterGame:
        """The state a position notation describes (see `yamskit.notation`); its history is empty.

        Raises:
            NotationError: malformed text, or a notation of other rules.
            PositionError: a position no game can reach.

        Examples:
            >>> import yamskit
            >>> text = "yam-master Ann,Bob ...../..X../...../...../..... 0,0 1:0 - 1:0 1"
            >>> yamskit.variant("yam-master").from_notation(text).board.owner((1, 2))
            0
        """
        from ...notation import from_notation

        result: YamMasterGame = from_notation(text, variant=self)
        return result


def _cell_of(action: Place | RemoveToken) -> Cell:
    cell = action.cell
    if len(cell) != 2 or any(type(v) is not int or not 0 <= v < SIZE for v in cell):
        raise UnknownActionError(f"no cell {cell!r} on the {SIZE}x{SIZE} board: rows and columns are 0 to {SIZE - 1}")
    return cell


@attrs.frozen
class YamMasterGame:
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

    variant: YamMasterVariant
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

    @property
    def history(self) -> History:
        """Every move so far, throws with their faces (a `History`, which reads like a tuple of moves)."""
        return self._history

    # ------------------------------------------------------------------ queries
    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended (``"five_in_a_row"``, ``"last_token"``, ``"max_turns"``), or ``None``."""
        if self.board.fives:
            return "five_in_a_row"
        if 0 in self.supply:
            return "last_token"
        if self.turns >= self.variant.max_turns:
            return "max_turns"
        return None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (see `end_reason`)."""
        return self.end_reason is not None

    @property
    def dice(self) -> Dice:
        """The dice showing in the current turn (empty before its first throw)."""
        return self.turn.dice

    @property
    def labels(self) -> frozenset[str]:
        """The label ids the current turn's dice satisfy, ``one_shot`` (sec) and ``challenge`` (défi) included."""
        return _labels_of(self.turn)

    def outcomes(self, keep: DiceLike = "") -> tuple[tuple[Dice, Fraction], ...]:
        """Every five-dice result of throwing all dice but ``keep``, with exact probabilities.

        Examples:
            >>> import yamskit
            >>> len(yamskit.variant("yam-master").new_game(seed=1).outcomes())
            252
        """
        return throw_outcomes(self.turn, keep)

    # ------------------------------------------------------------------ legality
    def _check_end(self) -> None:
        if not self.turn.has_thrown:
            raise MustRollFirstError(f"{self.players[self.current_player]} must throw the dice before ending the turn")
        if self.turn.challenge and self.turn.is_first_throw:
            raise ChallengeError("a declared challenge must be played: throw again before ending the turn")

    def _check_place(self, action: Place) -> None:
        self._check_end()
        cell = _cell_of(action)
        owner = self.board.owner(cell)
        if owner is not None:
            raise OccupiedError(f"cell {cell} is taken by {self.players[owner]}'s token")
        label = LABELS[cell[0]][cell[1]]
        if label not in self.labels:
            have = ", ".join(sorted(self.labels)) or "no combination"
            raise LabelError(
                f"cell {cell} is {label!r}: it needs {LABEL_NAMES[label]}; dice {self.dice} "
                f"after throw {self.turn.throws_used} make {have}"
            )

    def _check_remove(self, action: RemoveToken) -> None:
        self._check_end()
        cell = _cell_of(action)
        if "yams" not in dice_labels(self.dice):
            raise RemovalError(f"removing a token needs five of a kind, not {self.dice}")
        owner = self.board.owner(cell)
        if owner is None:
            raise RemovalError(f"cell {cell} is free: there is no token to remove")
        if owner == self.current_player:
            raise RemovalError(f"cell {cell} holds your own token: only an opponent's token may be removed")

    def _check_roll(self, action: Roll) -> None:
        self.turn.check_throw(action.keep, action.outcome)
        if self.turn.challenge and self.turn.is_first_throw and len(action.keep) == len(self.dice):
            raise ChallengeError(
                f"a challenge is met by throwing dice: keeping all of {self.dice} throws none; throw one die or more"
            )

    def _check_declare(self) -> None:
        if not self.turn.has_thrown:
            raise MustRollFirstError("a challenge is declared after the first throw, not before it")
        if self.turn.challenge:
            raise ChallengeError("a challenge is already declared this turn")
        if not self.turn.is_first_throw:
            raise ChallengeError(
                f"a challenge is declared between the first and second throw, not after throw {self.turn.throws_used}"
            )

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
            self._check_roll(action)
        elif isinstance(action, DeclareChallenge):
            self._check_declare()
        elif isinstance(action, Place):
            self._check_place(action)
        elif isinstance(action, RemoveToken):
            self._check_remove(action)
        elif isinstance(action, Pass):
            self._check_end()
        else:
            raise UnknownActionError(f"yam-master has no action {type(action).__name__}")

    def is_legal(self, action: Action, *, player: int | str | None = None) -> bool:
        """Whether ``action`` applies now.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("yam-master").new_game(seed=1).is_legal(yamskit.Pass())
            False
        """
        try:
            self.check(action, player=player)
        except (IllegalActionError, ValueError, TypeError):
            return False
        return True

    def _generate(self) -> Iterator[Action]:
        ids = self.legal_action_ids()
        # listed in the order of the rules: throws, challenge, placements, removals, then passing
        return iter([ACTIONS[i] for i in ids if i != _PASS_ID] + [ACTIONS[_PASS_ID]] * (_PASS_ID in ids))

    def legal_actions(self) -> LegalActions:
        """A lazy view of the legal actions (throws listed with ``outcome=None``).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> tuple(a for a in g.legal_actions() if not isinstance(a, yamskit.Roll))
            (DeclareChallenge(), Place(cell=(1, 2)), Place(cell=(2, 4)), Place(cell=(3, 1)), Place(cell=(3, 2)), Pass())
        """
        return LegalActions(self._generate, self.is_legal)

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids in `ACTIONS` of the legal decisions, ascending.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> [ACTIONS[i] for i in g.legal_action_ids() if i >= 462][:2]
            [DeclareChallenge(), Pass()]
        """
        if self.is_over:
            return ()
        turn = self.turn
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
            ids.append(_DECLARE_ID)
        if committed:
            return tuple(ids)
        ids.append(_PASS_ID)
        labels = _labels_of(turn)
        cells = self.board.cells
        ids.extend(_PLACE_ID + i for i in _cells_of(labels) if cells[i] is None)
        if "yams" in labels:
            opponent = 1 - self.current_player
            ids.extend(_REMOVE_ID + i for i, owner in enumerate(cells) if owner == opponent)
        return tuple(ids)

    def legal_action_mask(self) -> bytes:
        """One byte per id of `ACTIONS`: 1 where the decision is legal, else 0.

        Examples:
            >>> import yamskit
            >>> mask = yamskit.variant("yam-master").new_game(seed=1).legal_action_mask()
            >>> len(mask), mask[0]
            (514, 1)
        """
        mask = bytearray(len(ACTIONS))
        for i in self.legal_action_ids():
            mask[i] = 1
        return bytes(mask)

    # ------------------------------------------------------------------ doing
    def apply(self, action: Action, *, player: int | str | None = None) -> YamMasterGame:
        """The state after ``action``; this state is left as it was.

        Raises:
            IllegalActionError: a subclass naming the broken rule.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master").new_game(seed=1)
            >>> g.apply(yamskit.Roll()).turn.throws_used, g.turn.throws_used
            (1, 0)
        """
        self.check(action, player=player)
        me = self.current_player
        history = self._history
        if isinstance(action, Roll):
            turn, stream, done = roll_dice(self.turn, self.stream, action)
            return self._next(turn=turn, stream=stream, history=history.append(Move(me, done)))
        if isinstance(action, DeclareChallenge):
            return self._next(turn=self.turn.declare_challenge(), history=history.append(Move(me, action)))
        board, supply, out = self.board, list(self.supply), list(self.out)
        if isinstance(action, Place):
            board = board.place(action.cell, me)
            supply[me] -= 1
        elif isinstance(action, RemoveToken):
            owner = 1 - me
            board = board.remove(action.cell)
            if self.variant.removed == "supply":
                supply[owner] += 1
            else:
                out[owner] += 1
        return YamMasterGame(
            self.variant,
            self.players,
            board,
            tuple(supply),
            tuple(out),
            1 - me,
            Turn.start(max_throws=MAX_THROWS),
            self.stream,
            self.turns + 1,
            history.append(Move(me, action)),
            self.first_player,
        )

    def _next(self, *, turn: Turn, history: History, stream: DiceStream | None = None) -> YamMasterGame:
        """This state with a new turn and history (the same player to act)."""
        return YamMasterGame(
            self.variant,
            self.players,
            self.board,
            self.supply,
            self.out,
            self.current_player,
            turn,
            self.stream if stream is None else stream,
            self.turns,
            history,
            self.first_player,
        )

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

    def render(self) -> str:
        """The board, the players' tokens and the turn (or the outcome) as plain text (see `render_game`).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
            >>> print(g.apply(yamskit.Roll(outcome="12345")).render().splitlines()[-1])
            Ann (X) to play: dice 12345, throw 1/3; the dice satisfy: Sec, Suite
        """
        return render_game(self)

    def to_json(self) -> str:
        """This state as JSON text; `yamskit.load_game` reads it back into an equal state.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yam-master", removed="out").new_game(seed=4).apply(yamskit.Roll())
            >>> yamskit.load_game(g.to_json()) == g
            True
        """
        from ...serialization import dump_game, history_to_data, stream_to_data, turn_to_data

        data = {
            "players": list(self.players),
            "first_player": self.first_player,
            "current_player": self.current_player,
            "board": self.board.to_data(),
            "supply": list(self.supply),
            "out": list(self.out),
            "turns": self.turns,
            "turn": turn_to_data(self.turn),
            "stream": stream_to_data(self.stream),
            "history": history_to_data(self.history),
        }
        return dump_game(self.variant, data)

    def to_notation(self) -> str:
        """This position as one line of text (see `yamskit.notation`); `YamMasterVariant.from_notation` reads it.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=3).to_notation()
            'yam-master Ann,Bob ...../...../...../...../..... 0,0 0:0 - 3:0 0'
        """
        from ...notation import to_notation

        return to_notation(self)

    # ------------------------------------------------------------------ views
    def __str__(self) -> str:
        """The text view of this state (the same as `render`); ``repr`` stays the full value."""
        return self.render()

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for this state (see `yamskit.svg.svg`)."""
        from ...svg import svg

        return svg(self)


def _pair(data: Any, key: str) -> tuple[int, int]:
    from ...serialization import expect

    values = expect(data, key, list, "state")
    if len(values) != 2 or any(type(v) is not int or not 0 <= v <= TOKENS for v in values):
        raise DeserializationError(f"state.{key} must be two whole numbers from 0 to {TOKENS}, not {values!r}")
    return (values[0], values[1])


def _state_from_data(variant: YamMasterVariant, data: Any) -> YamMasterGame:
    from ...serialization import expect, expect_int, history_from_data, stream_from_data, turn_from_data
    from ...state_checks import check_stream

    where = "state"
    try:
        players = check_players(expect(data, "players", list, where), minimum=2, maximum=2)
    except YamskitError as error:
        raise DeserializationError(f"{where}.players: {error}") from None
    rows = expect(data, "board", list, where)
    if not all(isinstance(row, str) for row in rows):
        raise DeserializationError(f"{where}.board must be {SIZE} strings of marks such as 'X.O..'")
    try:
        board = Board.parse("/".join(rows))
    except YamskitError as error:
        raise DeserializationError(f"{where}.board: {error}") from None
    supply, out = _pair(data, "supply"), _pair(data, "out")
    for p in range(2):
        if board.count(p) + supply[p] + out[p] != TOKENS:
            raise DeserializationError(
                f"{where}: {players[p]} has {board.count(p)} on the board, {supply[p]} to place and {out[p]} out, "
                f"not {TOKENS} tokens"
            )
    if variant.removed == "supply" and any(out):
        raise DeserializationError(f"{where}.out must be [0, 0]: removed tokens go back to the supply")
    if len({run.player for run in board.fives}) > 1:
        raise DeserializationError(f"{where}.board: both players cannot have five in a row")
    stream = stream_from_data(expect(data, "stream", dict, where))
    history = history_from_data(expect(data, "history", list, where), 2)
    check_stream(stream)
    first = expect_int(data, "first_player", where, 0, 1)
    turns = expect_int(data, "turns", where, 0, variant.max_turns)
    current = expect_int(data, "current_player", where, 0, 1)
    if current != (first + turns) % 2:
        raise DeserializationError(f"{where}.current_player: after {turns} turns it is player {(first + turns) % 2}")
    game = YamMasterGame(
        variant=variant,
        players=players,
        board=board,
        supply=supply,
        out=out,
        current_player=current,
        turn=turn_from_data(expect(data, "turn", dict, where), max_throws=MAX_THROWS),
        stream=stream,
        turns=turns,
        history=history,
        first_player=first,
    )
    if game.is_over and game.turn.has_thrown:
        raise DeserializationError(f"{where}.turn: the game is over, so no turn is under way")
    if len(game.history) < turns:
        raise DeserializationError(f"{where}.history has {len(game.history)} moves, fewer than the {turns} turns")
    return game


def yam_master(*, removed: RemovedTo = "supply", max_turns: int = DEFAULT_MAX_TURNS) -> YamMasterVariant:
    """Yam Master, with the options of the rulings.

    Args:
        removed: where a token taken by the Yam predator goes: ``"supply"`` (back to its
            owner, the default) or ``"out"`` (out of the game).
        max_turns: the most turns, both players counted, before the game ends and is scored.

    Raises:
        RuleConfigError: an option value out of range.

    Examples:
        >>> yam_master(removed="out").options
        {'removed': 'out', 'max_turns': 200}
    """
    return YamMasterVariant(removed=removed, max_turns=max_turns)


#: Registry entries of this module.
VARIANTS: dict[str, Callable[..., Any]] = {"yam-master": yam_master}
