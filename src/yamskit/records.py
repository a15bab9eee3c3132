"""Game records: a versioned JSON format for whole games, and the referee that checks them.

A record says which variant was played (name and options), by whom, how the game
started (the seed and any setup passed to ``new_game``), and every move in order,
each throw with its faces. It may also carry the totals the players claim and free
metadata (event, date, table...). `check_record` replays a record through the
game protocol and reports the first move that breaks a rule, with the rule's own
message and the state just before it, then checks the claimed totals.

Records work for every registered variant, including user-defined ones (pass
``variant=`` for a variant that is not in the registry). Reading is strict and
bounded: malformed input raises `DeserializationError`, never
anything else, and takes time proportional to its size.

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=7)
    >>> game = game.apply(yamskit.Roll()).apply(yamskit.Score("chance"))
    >>> record = GameRecord.from_game(game)
    >>> GameRecord.load(record.dump()).to_game() == game
    True
    >>> check_record(record.dump()).valid
    True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from .actions import Action, Roll, action_from_data, action_to_data
from .errors import DeserializationError, IllegalActionError, YamskitError
from .game import Move
from .record_schema import FORMAT, MAX_MOVES, MAX_POINTS, MAX_SEED, VERSION, record_schema
from .serialization import expect, parse_json

__all__ = [
    "FORMAT",
    "MAX_MOVES",
    "VERSION",
    "CheckReport",
    "DiceMismatchError",
    "GameRecord",
    "check_record",
    "record_schema",
]

_MAX_DEPTH = 32
_KEYS = {"format", "version", "variant", "players", "seed", "setup", "moves", "claimed", "metadata"}


# ---------------------------------------------------------------- validation helpers
def _check_json(value: Any, where: str, depth: int = 0) -> None:
    """Refuse JSON nested deeper than ``_MAX_DEPTH`` (it must be dumped again later)."""
    if depth > _MAX_DEPTH:
        raise DeserializationError(f"{where} is nested more than {_MAX_DEPTH} levels deep")
    if isinstance(value, dict):
        for key, item in value.items():
            _check_json(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_json(item, f"{where}[{i}]", depth + 1)


def _setup_value(value: Any, where: str) -> Any:
    def small(v: Any) -> bool:
        return type(v) is int and abs(v) <= MAX_POINTS

    if isinstance(value, list):
        if len(value) > 64 or not all(small(v) for v in value):
            raise DeserializationError(f"{where} must be a list of at most 64 whole numbers")
    elif isinstance(value, str):
        if len(value) > 100:
            raise DeserializationError(f"{where} is a string longer than 100 characters")
    elif not (value is None or type(value) is bool or small(value)):
        raise DeserializationError(f"{where} must be a whole number, string, boolean, null or list of numbers")
    return value


def _move_from_data(data: Any, i: int, players: int) -> Move:
    where = f"record.moves[{i}]"
    if not isinstance(data, dict):
        raise DeserializationError(f"{where} must be a JSON object, not {type(data).__name__}")
    extra = set(data) - {"player", "action"}
    if extra:
        raise DeserializationError(f"{where} has unknown keys: {', '.join(sorted(map(str, extra)))}")
    player = expect(data, "player", int, where)
    if not 0 <= player < players:
        raise DeserializationError(f"{where}.player must be a seat from 0 to {players - 1}, not {player}")
    try:
        action = action_from_data(expect(data, "action", dict, where))
    except DeserializationError as error:
        raise DeserializationError(f"{where}: {error}") from None
    if isinstance(action, Roll) and action.outcome is None:
        raise DeserializationError(f"{where}: a recorded throw must give its faces ('outcome')")
    return Move(player, action)


def _variant_of(name: str, options: Mapping[str, Any], variant: Any) -> Any:
    from .registry import variant as make_variant

    if variant is not None:
        if variant.name != name or variant.options != dict(options):
            raise DeserializationError(
                f"this record is {name!r} {dict(options)}, not {variant.name!r} {variant.options}"
            )
        return variant
    try:
        return make_variant(name, **options)
    except (YamskitError, TypeError, ValueError, LookupError, AttributeError) as error:
        raise DeserializationError(f"cannot rebuild variant {name!r}: {error}") from None


class DiceMismatchError(IllegalActionError):
    """Strict dice: a recorded throw differs from what the record's seed throws.

    Raised (and reported by `check_record`) only with ``strict_dice=True``, for
    servers that roll the dice themselves and accept no other faces.

    Examples:
        >>> import yamskit
        >>> rec = GameRecord("classic", seed=1, moves=(Move(0, yamskit.Roll(outcome="66666")),))
        >>> check_record(rec, strict_dice=True).error_type
        'DiceMismatchError'
    """


def _step(state: Any, move: Move, seeded: bool, *, strict_dice: bool = False) -> Any:
    """Apply one recorded move; a throw whose faces match the seeded stream is drawn from it.

    Drawing keeps the replayed stream where the original game left it, so a replay
    of a seeded game equals the original state, stream included. With
    ``strict_dice`` a throw must match the stream (`DiceMismatchError`).
    """
    action = move.action
    if seeded and isinstance(action, Roll):
        try:
            drawn = state.apply(Roll(keep=action.keep), player=move.player)
            if drawn.history[len(state.history)] == move:
                return drawn
        except (ValueError, IndexError):
            if strict_dice:
                return state.apply(action, player=move.player)  # the rule break the move makes anyway
        else:
            if strict_dice:
                thrown = drawn.history[len(state.history)].action.outcome
                raise DiceMismatchError(
                    f"strict dice: the seed's stream throws {thrown} here, the record says {action.outcome}"
                )
    return state.apply(action, player=move.player)


# ---------------------------------------------------------------- the record
def _tuple_of_str(value: Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)):
        raise DeserializationError(f"players must be a sequence of names, not the single string {value!r}")
    return tuple(value)


def _tuple_of_moves(value: Sequence[Move]) -> tuple[Move, ...]:
    return tuple(value)


def _optional_claims(value: Mapping[str, int] | None) -> dict[str, int] | None:
    return None if value is None else dict(value)


def _check_python_fields(record: GameRecord) -> None:
    """What `to_data` needs before the JSON checks of `GameRecord.from_data` can run."""
    if not isinstance(record.variant, str):
        raise DeserializationError(f"record.variant must be a name, not {type(record.variant).__name__}")
    for i, move in enumerate(record.moves):
        where = f"record.moves[{i}]"
        if not isinstance(move, Move):
            raise DeserializationError(f"{where} must be a Move(player, action), not {type(move).__name__}")
        if type(move.player) is not int:
            raise DeserializationError(f"{where}.player must be int, not {type(move.player).__name__}")
        if not isinstance(move.action, Action.__args__):
            raise DeserializationError(f"{where}.action is not an action: {type(move.action).__name__}")


@attrs.frozen
class GameRecord:
    """A whole game as data: variant, players, start, moves (with faces), claims, metadata.

    Attributes:
        variant: the registry name of the variant.
        options: the variant's options (``yamskit.variant(variant, **options)``).
        players: player names in seat order.
        seed: the seed the game was started with, or ``None`` (physical dice: every
            throw's faces are in the moves anyway; the seed only matters for what the
            variant draws at the start, such as a roll-off or column coefficients).
        setup: further keyword arguments of ``new_game`` that rebuild the start, e.g.
            ``{"first_player": 1}`` or ``{"first_player": "roll_off"}``.
        moves: every move in order; ``Move.player`` is a seat index, throws carry their faces.
        claimed: points the players claim, by name (checked by `check_record`), or ``None``.
        metadata: free JSON (event, date, table...), kept as is.

    Examples:
        >>> import yamskit
        >>> rec = GameRecord("classic", players=("Ann",), seed=1,
        ...                  moves=(Move(0, yamskit.Roll(outcome="22555")), Move(0, yamskit.Score("full_house"))))
        >>> rec.to_game().result().scores
        (25,)
    """

    variant: str
    options: dict[str, Any] = attrs.field(factory=dict, converter=dict)
    players: tuple[str, ...] = attrs.field(default=("Player 1",), converter=_tuple_of_str)
    seed: int | None = None
    setup: dict[str, Any] = attrs.field(factory=dict, converter=dict)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_tuple_of_moves)
    claimed: dict[str, int] | None = attrs.field(default=None, converter=_optional_claims)
    metadata: dict[str, Any] = attrs.field(factory=dict, converter=dict)

    # ------------------------------------------------------------ from and to games
    @classmethod
    def from_game(
        cls,
        state: Any,
        *,
        claimed: bool | Mapping[str, int] = False,
        metadata: Mapping[str, Any] | None = None,
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> GameRecord:
        """The record of a finished or unfinished game, from its history.

        The seed is read from the state's dice stream unless given. The setup is found
        by trying, in turn, no arguments, the state's ``first_player`` and
        ``column_weights`` (where it has them) and ``first_player="roll_off"``, keeping
        the first whose replay equals ``state``; pass ``setup`` to say it yourself.

        Args:
            state: any game state.
            claimed: ``True`` to record the state's current points as the claimed
                totals, or a mapping of player name to claimed points.
            metadata: free JSON to keep with the record.
            seed: the game's seed, if the state does not expose it.
            setup: ``new_game`` keyword arguments that rebuild the start.

        Raises:
            YamskitError: no setup tried replays into ``state`` (pass ``setup``).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=3, first_player=1)
            >>> GameRecord.from_game(g.apply(yamskit.Roll())).setup
            {'first_player': 1}
        """
        if seed is None:
            seed = _seed_of(state)
        variant = state.variant
        claims: dict[str, int] | None = None
        if claimed is True:
            claims = dict(zip(state.players, state.result().scores, strict=True))
        elif claimed:
            claims = dict(claimed)
        base = cls(
            variant.name,
            dict(variant.options),
            tuple(state.players),
            seed,
            {},
            tuple(state.history),
            claims,
            dict(metadata or {}),
        )
        candidates = [dict(setup)] if setup is not None else list(_setup_candidates(state))
        same_position = None
        for candidate in candidates:
            record = attrs.evolve(base, setup=candidate)
            try:
                replayed = record.to_game(variant=variant)
            except (ValueError, TypeError):
                continue
            if replayed == state:
                return record
            if same_position is None and _same_position(replayed, state):
                same_position = record
        if same_position is not None:
            return same_position
        raise YamskitError(
            f"cannot find how this {variant.name} game started (tried setups {candidates}); pass setup=..."
        )

    def start(self, *, variant: Any = None) -> Any:
        """The state before the first move.

        Raises:
            DeserializationError: unknown variant or options, or players or setup
                the variant refuses.

        Examples:
            >>> GameRecord("classic", players=("Ann", "Bob"), seed=2).start().players
            ('Ann', 'Bob')
        """
        rules = _variant_of(self.variant, self.options, variant)
        try:
            return rules.new_game(list(self.players), seed=self.seed, **self.setup)
        except (YamskitError, TypeError, ValueError) as error:
            raise DeserializationError(f"cannot start this {self.variant} game: {error}") from None

    def replay(self, *, variant: Any = None) -> Iterator[Any]:
        """Every state of the game in turn: the start, then the state after each move.

        Raises:
            DeserializationError: see `start`.
            IllegalActionError: a move breaks a rule (a note names its index); use
                `check_record` for a report instead.

        Examples:
            >>> import yamskit
            >>> rec = GameRecord("classic", seed=1, moves=(Move(0, yamskit.Roll(outcome="12345")),))
            >>> tuple(s.turn.throws_used for s in rec.replay())
            (0, 1)
        """
        state = self.start(variant=variant)
        yield state
        seeded = self.seed is not None
        for i, move in enumerate(self.moves):
            try:
                state = _step(state, move, seeded)
            except ValueError as error:
                error.add_note(f"at move {i} of the record: {move}")
                raise
            yield state

    def to_game(self, *, variant: Any = None) -> Any:
        """The state after the last move (equal to the game the record was made from).

        Raises:
            DeserializationError, IllegalActionError: see `replay`.

        Examples:
            >>> import yamskit
            >>> rec = GameRecord("classic", seed=1, moves=(Move(0, yamskit.Roll(outcome="12345")),))
            >>> rec.to_game().dice
            Dice.parse('12345')
        """
        state = None
        for state in self.replay(variant=variant):  # noqa: B007 - the last one is the answer
            pass
        return state

    def validated(self) -> GameRecord:
        """This record checked exactly as a loaded one would be (see `from_data`).

        A record built in Python may hold anything; this refuses what a JSON record
        may not hold (unknown claimed names, seats out of range, moves that are not
        `Move`s, throws without faces, non-integer claims, floats or deep nesting in
        metadata, oversized numbers), with the same messages.

        Raises:
            DeserializationError: the first thing a reader would refuse.

        Examples:
            >>> GameRecord("classic", players=("Ann",), claimed={"Bob": 3}).validated()
            Traceback (most recent call last):
            ...
            yamskit.errors.DeserializationError: record.claimed names 'Bob', who is not a player
        """
        _check_python_fields(self)
        try:
            text = json.dumps(self.to_data())
        except (TypeError, ValueError, RecursionError) as error:
            raise DeserializationError(f"record holds something JSON cannot write: {error}") from None
        return GameRecord.load(text)

    # ------------------------------------------------------------ JSON
    def to_data(self) -> dict[str, Any]:
        """A JSON-ready dict of this record (see the record format page).

        Examples:
            >>> GameRecord("yahtzee", seed=5).to_data()["format"]
            'yamskit.record'
        """
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "variant": {"name": self.variant, "options": self.options},
            "players": list(self.players),
            "seed": self.seed,
            "setup": self.setup,
            "moves": [{"player": m.player, "action": action_to_data(m.action)} for m in self.moves],
        }
        if self.claimed is not None:
            data["claimed"] = self.claimed
        if self.metadata:
            data["metadata"] = self.metadata
        return data

    def dump(self) -> str:
        """This record as JSON text, one move a line.

        What `dump` writes, `load` reads: the record is checked first (`validated`).

        Raises:
            DeserializationError: the record holds something a reader refuses.

        Examples:
            >>> print(GameRecord("classic", seed=1).dump())  # doctest: +ELLIPSIS
            {
              "format": "yamskit.record",
              "version": 1,
            ...
              "moves": []
            }
        """
        data = self.validated().to_data()
        moves = data.pop("moves")
        lines = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()]
        if moves:
            listed = ",\n".join(f"    {json.dumps(m)}" for m in moves)
            lines.append(f'  "moves": [\n{listed}\n  ]')
        else:
            lines.append('  "moves": []')
        return "{\n" + ",\n".join(lines) + "\n}"

    @classmethod
    def from_data(cls, data: Any) -> GameRecord:
        """A record from parsed JSON, every field checked.

        Raises:
            DeserializationError: not a record, an unsupported version, or a field of
                the wrong type or size.

        Examples:
            >>> GameRecord.from_data({"format": "yamskit.record", "version": 1,
            ...     "variant": {"name": "classic", "options": {}}, "players": ["Ann"], "moves": []}).players
            ('Ann',)
        """
        where = "record"
        if expect(data, "format", str, where) != FORMAT:
            raise DeserializationError(f"not a yamskit game record (format {data['format']!r}, expected {FORMAT!r})")
        version = expect(data, "version", int, where)
        if version != VERSION:
            raise DeserializationError(f"record version {version} is not supported (this yamskit reads {VERSION})")
        extra = set(data) - _KEYS
        if extra:
            raise DeserializationError(f"{where} has unknown keys: {', '.join(sorted(map(str, extra)))}")
        info = expect(data, "variant", dict, where)
        if set(info) - {"name", "options"}:
            raise DeserializationError(f"{where}.variant has unknown keys (it holds 'name' and 'options')")
        name = expect(info, "name", str, f"{where}.variant")
        options = expect(info, "options", dict, f"{where}.variant") if "options" in info else {}
        _check_json(options, f"{where}.variant.options")
        names = expect(data, "players", list, where)
        if not 1 <= len(names) <= 64 or not all(isinstance(n, str) and 0 < len(n) <= 100 for n in names):
            raise DeserializationError(f"{where}.players must be 1 to 64 names of 1 to 100 characters")
        seed = data.get("seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
            raise DeserializationError(f"{where}.seed must be null or a whole number from 0 to 2**64-1")
        setup = expect(data, "setup", dict, where) if data.get("setup") is not None else {}
        if len(setup) > 16:
            raise DeserializationError(f"{where}.setup has more than 16 entries")
        for key, value in setup.items():
            if not key.isidentifier() or len(key) > 40:
                raise DeserializationError(f"{where}.setup key {key[:40]!r} is not a keyword name")
            _setup_value(value, f"{where}.setup.{key}")
        raw = expect(data, "moves", list, where)
        if len(raw) > MAX_MOVES:
            raise DeserializationError(f"{where}.moves has {len(raw)} moves, more than {MAX_MOVES}")
        moves = tuple(_move_from_data(m, i, len(names)) for i, m in enumerate(raw))
        claimed = None
        if data.get("claimed") is not None:
            claimed = expect(data, "claimed", dict, where)
            for player, points in claimed.items():
                if player not in names:
                    raise DeserializationError(f"{where}.claimed names {player!r}, who is not a player")
                if type(points) is not int or abs(points) > MAX_POINTS:
                    raise DeserializationError(f"{where}.claimed[{player!r}] must be a whole number of points")
        metadata = expect(data, "metadata", dict, where) if data.get("metadata") is not None else {}
        _check_json(metadata, f"{where}.metadata")
        return cls(name, options, tuple(names), seed, setup, moves, claimed, metadata)

    @classmethod
    def load(cls, text: str | bytes) -> GameRecord:
        """A record from JSON text (untrusted input welcome).

        Raises:
            DeserializationError: see `yamskit.serialization.parse_json` and `from_data`.

        Examples:
            >>> GameRecord.load(GameRecord("classic", seed=4).dump()).seed
            4
        """
        return cls.from_data(parse_json(text))


def _seed_of(state: Any) -> int | None:
    """The seed of a state's dice stream: its ``stream.seed``, or the same in its JSON."""
    seed = getattr(getattr(state, "stream", None), "seed", None)
    if type(seed) is int:
        return seed
    try:
        found = json.loads(state.to_json())["state"]["stream"]["seed"]
    except (KeyError, TypeError, ValueError):
        return None
    return found if type(found) is int else None


def _same_position(replayed: Any, state: Any) -> bool:
    """Equal but for the dice stream: same history, same position, same points.

    A game that mixed faces drawn from its seed with faces given explicitly replays
    to such a state: a given throw whose faces happen to equal the next draw is
    replayed as drawn, which moves the stream on.
    """
    return bool(
        replayed.history == state.history
        and replayed.current_player == state.current_player
        and replayed.render() == state.render()
        and replayed.result().scores == state.result().scores
    )


def _setup_candidates(state: Any) -> Iterator[dict[str, Any]]:
    yield {}
    given: dict[str, Any] = {}
    first = getattr(state, "first_player", None)
    if type(first) is int:
        given["first_player"] = first
    weights = getattr(state, "column_weights", None)
    if weights:
        given["column_weights"] = list(weights)
    if given:
        yield given
    yield {"first_player": "roll_off"}


# ---------------------------------------------------------------- checking
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
    state: Any = attrs.field(repr=False, eq=False)
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
    record: GameRecord | str | bytes | Mapping[str, Any], *, variant: Any = None, strict_dice: bool = False
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
    state = record.start(variant=variant)
    seeded = record.seed is not None
    for i, move in enumerate(record.moves):
        try:
            after = _step(state, move, seeded, strict_dice=strict_dice)
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
            errors.append(f"{name} claims {points} points, the replay gives {actual}")
    return CheckReport(
        valid=not errors,
        moves=len(record.moves),
        state=state,
        finished=bool(state.is_over),
        scores=scores,
        claim_errors=tuple(errors),
    )
