"""The game record: a whole game as data, made from a game and turned back into one.

See `yamskit.records` for the format, `yamskit.records.codec` for its JSON and
`yamskit.records.check` for the referee.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from ..actions import DeclareChallenge, Roll
from ..errors import DeserializationError, YamskitError, brief
from ..game import GameState, Variant
from ..history import Move
from ..position.witness import Witness
from ..serialization import parse_json
from .codec import check_python_fields, fields_from_data, record_to_data, record_to_text
from .replay import step, variant_of

__all__ = ["GameRecord"]


def _tuple_of_str(value: Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)):
        raise DeserializationError(f"players must be a sequence of names, not the single string {brief(value)}")
    return tuple(value)


def _check_variant_name(_record: object, _attribute: object, value: Any) -> None:  # any: a caller may pass anything
    if isinstance(value, str):
        return
    if hasattr(value, "name") and hasattr(value, "options"):  # a variant object
        raise DeserializationError(
            "a record names its variant: give GameRecord(variant.name, options=dict(variant.options), ...), "
            "or GameRecord.from_game(state) for a game played"
        )
    raise DeserializationError(f"a record's variant is a registry name such as 'classic', not {brief(value)}")


def _tuple_of_moves(value: Sequence[Move]) -> tuple[Move, ...]:
    return tuple(value)


def _optional_claims(value: Mapping[str, int] | None) -> dict[str, int] | None:
    return None if value is None else dict(value)


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

    variant: str = attrs.field(validator=_check_variant_name)
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
        state: GameState,
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
        the first whose replay equals ``state``; pass ``setup`` to say it yourself. A
        game continued from a position (its ``origin``, set up from paper or read from a
        notation) starts with a game that reaches that position (``variant.witness``),
        then the moves played since.

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
                replayed = record._last_state(variant)
            except (ValueError, TypeError):
                continue
            if replayed == state:
                return record
            if same_position is None and _same_position(replayed, state):
                same_position = record
        if same_position is not None:
            return same_position
        origin = getattr(state, "origin", None)
        check = getattr(variant, "check_position", None)
        if setup is None and origin is not None and callable(check):  # continued from a position
            witness = check(origin)
            if witness is not None:
                reaching = cls.from_witness(witness)
                return attrs.evolve(
                    reaching,
                    moves=(*reaching.moves, *state.history),
                    claimed=claims,
                    metadata=dict(metadata or {}),
                )
        raise YamskitError(
            f"cannot find how this {variant.name} game started (tried setups {candidates}); pass setup=..."
        )

    @classmethod
    def from_witness(cls, witness: Witness) -> GameRecord:
        """The record of a game that reaches a position (see `yamskit.position.witness`).

        ``variant.witness(state)`` returns one; its ``to_game()`` is the position (the dice
        stream aside). The record names the variant by its name and options, so a variant
        that is not in the registry is replayed with ``to_game(variant=...)``.

        Examples:
            >>> import yamskit
            >>> state = yamskit.variant("classic").position(["Ann"], sheets=[{"chance": 23}], seed=3)
            >>> record = GameRecord.from_witness(yamskit.variant("classic").check_position(state))
            >>> record.setup, len(record.moves), record.to_game().cell(0, "chance").points
            ({'first_player': 0}, 2, 23)
        """
        variant = witness.variant
        return cls(
            variant.name,
            dict(variant.options),
            tuple(witness.players),
            witness.seed,
            dict(witness.setup),
            tuple(witness.moves),
        )

    def start(self, *, variant: Variant | None = None) -> GameState:
        """The state before the first move.

        The record is checked first, as `dump` and `check_record` check it (`validated`).

        Raises:
            DeserializationError: a field a reader would refuse, an unknown variant or
                options, or players or setup the variant refuses.

        Examples:
            >>> GameRecord("classic", players=("Ann", "Bob"), seed=2).start().players
            ('Ann', 'Bob')
        """
        return self.validated().first_state(variant)

    def replay(self, *, variant: Variant | None = None) -> Iterator[GameState]:
        """Every state of the game in turn: the start, then the state after each move.

        The record is checked first (`validated`), before the first state is given.

        Raises:
            DeserializationError: see `start` (raised by this call, not by the iteration).
            IllegalActionError: a move breaks a rule (a note names its index); use
                `check_record` for a report instead.

        Examples:
            >>> import yamskit
            >>> rec = GameRecord("classic", seed=1, moves=(Move(0, yamskit.Roll(outcome="12345")),))
            >>> tuple(s.turn.throws_used for s in rec.replay())
            (0, 1)
        """
        return self.validated()._states(variant)

    def to_game(self, *, variant: Variant | None = None) -> GameState:
        """The state after the last move (equal to the game the record was made from).

        The record is checked first (`validated`).

        Raises:
            DeserializationError, IllegalActionError: see `replay`.

        Examples:
            >>> import yamskit
            >>> rec = GameRecord("classic", seed=1, moves=(Move(0, yamskit.Roll(outcome="12345")),))
            >>> rec.to_game().dice
            Dice.parse('12345')
        """
        return self.validated()._last_state(variant)

    def story(self, *, variant: Variant | None = None) -> tuple[str, ...]:
        """The moves as a score sheet's story: a line per turn, each action in its short text.

        Each action is written as the state before it writes it (``state.action_text``,
        see `yamskit.action_text`), throws with their faces, so ``state.parse_action``
        reads every one back. The story is derived from the moves, never stored: a
        record's JSON is the same with or without it.

        Raises:
            DeserializationError, IllegalActionError: see `replay`.

        Examples:
            >>> import yamskit
            >>> Roll, Score = yamskit.Roll, yamskit.Score
            >>> rec = GameRecord("classic", players=("Ann", "Bob"), seed=1, moves=(
            ...     Move(0, Roll(outcome="22555")), Move(0, Score("full_house")),
            ...     Move(1, Roll(outcome="12346")), Move(1, Roll(keep="1234", outcome="5")),
            ...     Move(1, Score("large_straight"))))
            >>> rec.story()
            ('Ann: roll 22555, full house', 'Bob: roll 12346, keep 1234 roll 5, large straight')
        """
        lines: list[str] = []
        words: list[str] = []
        states = self.replay(variant=variant)
        for i, (move, state) in enumerate(zip(self.moves, states, strict=False)):
            words.append(state.action_text(move.action))
            after = self.moves[i + 1] if i + 1 < len(self.moves) else None
            placed = not isinstance(move.action, (Roll, DeclareChallenge))
            if after is None or after.player != move.player or (placed and isinstance(after.action, Roll)):
                lines.append(f"{self.players[move.player]}: {', '.join(words)}")
                words = []
        return tuple(lines)

    # ------------------------------------------------------------ replays of checked records
    def first_state(self, variant: Variant | None = None) -> GameState:
        """The state before the first move, without checking the record's fields: for a record `validated` gave.

        Raises:
            DeserializationError: an unknown variant or options, or players or setup the variant refuses.

        Examples:
            >>> GameRecord("classic", players=("Ann",), seed=2).validated().first_state().players
            ('Ann',)
        """
        rules = variant_of(self.variant, self.options, variant)
        try:
            return rules.new_game(list(self.players), seed=self.seed, **self.setup)
        except (YamskitError, TypeError, ValueError) as error:
            raise DeserializationError(f"cannot start this {self.variant} game: {error}") from None

    def _states(self, variant: Variant | None) -> Iterator[GameState]:
        """Every state in turn, with no check of the record's fields."""
        state = self.first_state(variant)
        yield state
        seeded = self.seed is not None
        for i, move in enumerate(self.moves):
            try:
                state = step(state, move, seeded)
            except ValueError as error:
                error.add_note(f"at move {i} of the record: {move}")
                raise
            yield state

    def _last_state(self, variant: Variant | None) -> GameState:
        states = self._states(variant)
        state = next(states)  # the start: there is always one
        for state in states:  # noqa: B007 - the last one is the answer
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
        check_python_fields(self)
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
        return record_to_data(self)

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
        return record_to_text(self.validated().to_data())

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
        return cls(**fields_from_data(data))

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


def _seed_of(state: GameState) -> int | None:
    """The seed of a state's dice stream: its ``stream.seed``, or the same in its JSON."""
    seed = getattr(getattr(state, "stream", None), "seed", None)
    if type(seed) is int:
        return seed
    try:
        found = json.loads(state.to_json())["state"]["stream"]["seed"]
    except (KeyError, TypeError, ValueError):
        return None
    return found if type(found) is int else None


def _same_position(replayed: GameState, state: GameState) -> bool:
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


def _setup_candidates(state: GameState) -> Iterator[dict[str, Any]]:
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
