"""The referee: `check_record` replays a record and reports the first illegal move or wrong claim.

`check_position` says whether a claimed position (a score sheet, a board, chips) is
reachable, with a game that reaches it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ..actions import Action, Roll, action_id, action_to_data
from ..errors import DeserializationError, YamskitError, brief
from ..game import GameState, Variant
from ..history import Move
from ..notation import from_notation
from ..position import PositionError
from .model import GameRecord
from .replay import step

__all__ = ["CheckReport", "PositionReport", "check_position", "check_record", "describe_move"]


@attrs.frozen
class CheckReport:
    """What `check_record` found.

    Attributes:
        valid: every move is legal and every claimed total is right.
        moves: how many moves the record holds.
        index: the index of the first illegal move, or ``None``.
        move: that move, or ``None``.
        error: the rule it breaks (the exception's message), or ``None``.
        error_type: the exception's class name, e.g. ``"FillOrderError"``.
        state: the state just before the illegal move, else the final state.
        finished: whether the game reached its end.
        scores: the points of the state reached, in seat order.
        claim_errors: one line per claimed total that differs from the replay.

    Examples:
        >>> import yamskit
        >>> rec = GameRecord("classic", seed=1, moves=(Move(0, yamskit.Score("yams")),))
        >>> report = check_record(rec)
        >>> report.valid, report.index, report.error_type
        (False, 0, 'MustRollFirstError')
    """

    valid: bool
    moves: int
    state: GameState = attrs.field(repr=False, eq=False)
    index: int | None = None
    move: Move | None = None
    error: str | None = None
    error_type: str | None = None
    finished: bool = False
    scores: tuple[int, ...] = ()
    claim_errors: tuple[str, ...] = ()

    def summary(self) -> str:
        """One line: valid (and how far the game went), or what is wrong.

        Examples:
            >>> print(check_record(GameRecord("classic", seed=1)).summary())
            valid: 0 moves, game not finished, scores Player 1 0
        """
        names = self.state.players
        if self.index is not None and self.move is not None:
            who = names[self.move.player]
            return f"illegal move {self.index} ({who}: {_describe(self.move.action)}): {self.error}"
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, self.scores, strict=True))
        end = "game finished" if self.finished else "game not finished"
        if self.claim_errors:
            return f"wrong claimed totals: {'; '.join(self.claim_errors)}"
        return f"valid: {self.moves} moves, {end}, scores {scores}"

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready dict of the report (the state as its ``render()`` text).

        Examples:
            >>> check_record(GameRecord("classic", seed=1)).to_data()["valid"]
            True
        """
        return {
            "valid": self.valid,
            "moves": self.moves,
            "index": self.index,
            "move": None
            if self.move is None
            else {"player": self.move.player, "action": action_to_data(self.move.action)},
            "error": self.error,
            "error_type": self.error_type,
            "finished": self.finished,
            "players": list(self.state.players),
            "scores": list(self.scores),
            "claim_errors": list(self.claim_errors),
            "state": self.state.render(),
        }


def _describe(action: Action) -> str:
    data = action_to_data(action)
    kind = data.pop("type")
    fields = " ".join(f"{k}={v}" for k, v in data.items() if v not in (None, "", False))
    return f"{kind} {fields}".strip()


def check_record(
    record: GameRecord | str | bytes | Mapping[str, Any], *, variant: Variant | None = None, strict_dice: bool = False
) -> CheckReport:
    """Replay a record and report the first illegal move, or check the claimed totals.

    A `GameRecord` built in Python is checked exactly like a loaded one first
    (`GameRecord.validated`).

    Args:
        record: a `GameRecord`, its JSON text, or the parsed JSON.
        variant: the variant to replay with, for variants not in the registry.
        strict_dice: require every throw to show the faces the record's seed throws
            (for servers that roll the dice); the first that does not is reported as a
            `DiceMismatchError`. A record without a seed is refused.

    Raises:
        DeserializationError: the input is not a well-formed record, or the game it
            describes cannot start (unknown variant or option, bad players or setup).
            A record that is well formed but breaks a rule gives an invalid report.

    Examples:
        >>> import yamskit
        >>> moves = (Move(0, yamskit.Roll(outcome="22555")), Move(0, yamskit.Score("full_house")),
        ...          Move(0, yamskit.Roll(outcome="11111")), Move(0, yamskit.Score("full_house")))
        >>> report = check_record(GameRecord("classic", seed=1, moves=moves))
        >>> report.index, report.error_type
        (3, 'OccupiedError')
        >>> check_record(GameRecord("classic", seed=1, moves=moves[:2], claimed={"Player 1": 30})).claim_errors
        ('Player 1 claims 30 points, the replay gives 25',)
    """
    if isinstance(record, (str, bytes)):
        record = GameRecord.load(record)
    elif isinstance(record, GameRecord):
        record = record.validated()
    else:
        record = GameRecord.from_data(record)
    if strict_dice and record.seed is None:
        raise DeserializationError("strict dice: this record has no seed to check its throws against")
    state = record.first_state(variant)
    seeded = record.seed is not None
    for i, move in enumerate(record.moves):
        try:
            after = step(state, move, seeded, strict_dice=strict_dice)
        except ValueError as error:
            return CheckReport(
                valid=False,
                moves=len(record.moves),
                state=state,
                index=i,
                move=move,
                error=str(error),
                error_type=type(error).__name__,
                finished=bool(state.is_over),
                scores=tuple(state.result().scores),
            )
        state = after
    scores = tuple(state.result().scores)
    errors = []
    for name, points in (record.claimed or {}).items():
        actual = scores[record.players.index(name)]
        if actual != points:
            errors.append(f"{name} claims {_points(points)}, the replay gives {actual}")
    return CheckReport(
        valid=not errors,
        moves=len(record.moves),
        state=state,
        finished=bool(state.is_over),
        scores=scores,
        claim_errors=tuple(errors),
    )


def describe_move(players: tuple[str, ...], move: Move) -> str:
    """One move as a line: who, the action, and a throw's faces.

    Examples:
        >>> import yamskit
        >>> describe_move(("Ann",), Move(0, yamskit.Roll(keep="66", outcome="612")))
        'Ann: keep 66 -> 126 (dice 12666)'
        >>> describe_move(("Ann",), Move(0, yamskit.Score("sixes")))
        'Ann: score sixes'
    """
    action = move.action
    text = f"{players[move.player]}: {action_id(action)}"
    if isinstance(action, Roll) and action.outcome is not None:
        text += f" -> {action.outcome}" + (f" (dice {action.keep + action.outcome})" if len(action.keep) else "")
    return text


@attrs.frozen
class PositionReport:
    """What `check_position` found about a claimed position.

    Attributes:
        reachable: some game of the variant reaches the position.
        state: the position read, or ``None`` when it is not reachable.
        record: a game reaching it (`GameRecord`; ``to_game()`` is the position but for the
            dice stream), or ``None``.
        rule: the id of the first rule no game satisfies (``error.rule``), or ``None``.
        error: that rule's message, naming the box, cell or chip, or ``None``.
        error_type: the error's class name, e.g. ``"ImpossibleSheetError"``.

    Examples:
        >>> report = check_position("classic Ann ,,,,,,,,,,,50, 0:0 - 3:0")
        >>> report.reachable, len(report.record.moves)
        (True, 2)
    """

    reachable: bool
    state: GameState | None = attrs.field(default=None, repr=False, eq=False)
    record: GameRecord | None = attrs.field(default=None, repr=False)
    rule: str | None = None
    error: str | None = None
    error_type: str | None = None

    def summary(self) -> str:
        """One line: ``reachable`` and the length of the game found, or ``unreachable`` and the rule.

        Examples:
            >>> print(check_position("classic Ann ,,,,,,,,,,,50, 0:0 - 3:0").summary())
            reachable: a game of 2 moves reaches it
        """
        if self.reachable and self.record is not None:
            return f"reachable: a game of {len(self.record.moves)} moves reaches it"
        return f"unreachable ({self.rule}): {self.error}"

    def witness_lines(self) -> list[str]:
        """The moves of the game found, one a line (empty when the position is unreachable).

        Examples:
            >>> check_position("classic Ann ,,,,,,,,,,,50, 0:0 - 3:0").witness_lines()
            ['Ann: roll -> 11111', 'Ann: score yams']
        """
        if self.record is None:
            return []
        return [describe_move(self.record.players, move) for move in self.record.moves]

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready dict: the verdict, the rule and, when reachable, the game found as a record.

        Examples:
            >>> sorted(check_position("classic Ann ,,,,,,,,,,,50, 0:0 - 3:0").to_data())
            ['error', 'error_type', 'reachable', 'record', 'rule']
        """
        return {
            "reachable": self.reachable,
            "rule": self.rule,
            "error": self.error,
            "error_type": self.error_type,
            "record": None if self.record is None else self.record.to_data(),
        }


def check_position(position: str | GameState, *, variant: Variant | None = None) -> PositionReport:
    """Whether a claimed position can be reached, with a game that reaches it or the rule no game satisfies.

    Args:
        position: the position's notation (see `yamskit.notation`), or a state built
            any other way (``variant.position(...)``, a loaded save, your own).
        variant: the variant to read the notation with, for variants not in the registry.

    Raises:
        NotationError: malformed notation (a position no game reaches gives a report).
        TypeError: a state whose variant builds no witness.

    Examples:
        >>> report = check_position("yahtzee Ann ,,,,,,,,,,,50,30+100 0:0 - 3:0")
        >>> report.reachable, report.rule
        (False, 'bonus_points')
        >>> print(report.error)  # doctest: +ELLIPSIS
        Ann's points beside the boxes (100): ... (rule: bonus_points)
    """
    try:
        state = from_notation(position, variant=variant) if isinstance(position, str) else position
        witness = getattr(state.variant, "witness", None)
        if not callable(witness):
            raise TypeError(
                f"variant {brief(state.variant.name)} builds no game reaching a position (no witness method)"
            )
        record = witness(state)
    except PositionError as error:
        return PositionReport(False, rule=error.rule, error=str(error), error_type=type(error).__name__)
    except YamskitError:
        raise
    return PositionReport(True, state=state, record=record)


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"
