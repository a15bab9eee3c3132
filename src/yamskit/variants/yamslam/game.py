"""Yamslam (rule sheet 004, Blue Orange): throw combinations to win chips from a shared rack.

The rack holds four chips of each of seven kinds (see `.yamslam_chips`). A turn
is up to three throws; after any throw the player may take one chip of an available
kind the dice qualify for (`TakeChip`), which ends the turn, or end
it without a chip (`Pass`). Five of a kind, a *Yamslam*, takes any
chip, from the rack or (``from_discard=True``) the discard pile, and the same player
plays again. A round in which nobody takes a chip discards the highest-value chip
left in the rack. The game ends when the rack is empty; bonuses are added and the
highest total wins.

Modes (option ``mode``): ``"standard"`` (2 to 8 players), ``"solo"`` (1 player: every
turn without a chip discards; a Yamslam takes two chips, one `TakeChip`
after the other) and ``"team"`` (4 players in alternating seats, two teams, one
collection per team).

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    >>> g = g.apply(yamskit.Roll(outcome="22444")).apply(yamskit.TakeChip("full_house"))
    >>> g.chips(0), g.players[g.current_player], g.result().scores
    (ChipSet.of('full_house'), 'Bob', (30, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, get_args

import attrs

from ...action_space import NUM_ROLL_IDS, ROLL_ACTIONS, ActionSpace
from ...actions import Action, DiceLike, Pass, Roll, TakeChip
from ...dice import ROLLS, SUB_KEEPS, Dice, DiceStream
from ...errors import (
    DeserializationError,
    IllegalActionError,
    MustRollFirstError,
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
from .chips import (
    CHIPS_PER_KIND,
    FULL_STACK_BONUS,
    GOLDEN_7_BONUS,
    KINDS,
    LAST_DRAW_BONUS,
    SILVER_6_BONUS,
    Chip,
    ChipSet,
    chip_kind,
    is_yamslam,
    qualifying_kinds,
    tally,
)

if TYPE_CHECKING:
    from ...position.yamslam import ChipsLike

__all__ = [
    "ACTIONS",
    "MAX_THROWS",
    "NOTES",
    "VARIANTS",
    "ChipError",
    "ChipNotAvailableError",
    "ChipNotQualifiedError",
    "DiscardPileError",
    "Mode",
    "SecondChipError",
    "YamslamGame",
    "YamslamVariant",
    "yamslam",
]

#: The modes of `yamslam`.
Mode = Literal["standard", "solo", "team"]
#: Throws a turn allows.
MAX_THROWS = 3
_PLAYERS: dict[str, tuple[int, int]] = {"standard": (2, 8), "solo": (1, 1), "team": (4, 4)}

#: The rulings this module applies (shown by `YamslamVariant.describe`; explained on the docs page).
NOTES: tuple[str, ...] = (
    "Dice colours go by parity: a flush is five odd or five even faces.",
    "Matching is inclusive: a full house also wins three of a kind or two pairs; four of a kind wins "
    "three of a kind or two pairs; a large straight wins a small straight.",
    "A Yamslam (five of a kind) takes any chip from the rack or the discard pile and the same player "
    "plays again; nothing else takes from the discard pile. Passing after a Yamslam gives no extra turn.",
    "Pass ends a turn without a chip after any throw, even when a chip could be taken.",
    "A round runs from the first player's turn to the end of the last seat's turn; extra turns from "
    "Yamslams belong to the round they were won in (and a Yamslam is a chip, so that round discards nothing).",
    "A round without a chip discards the highest-value chip left in the rack; if that empties the rack, "
    "the game ends and nobody scores the last draw.",
    "Solo: every turn ending without a chip discards; a Yamslam takes two chips, as two TakeChip actions "
    "(the second may come from the discard pile even when the first emptied the rack).",
    "Team: seats alternate between the teams (seats 1 and 3 against 2 and 4); each team has one "
    "collection and every team member gets the team's score.",
    "Length: every round takes or discards a chip, so a game has at most 56 rounds plus 28 extra turns.",
)


#: The action space of every Yamslam mode: the 462 throws (ids 0-461), then
#: ``TakeChip(kind)`` from the rack for the seven kinds in value order (462-468),
#: ``TakeChip(kind, from_discard=True)`` in the same order (469-475), and ``Pass()`` (476).
ACTIONS: ActionSpace = ActionSpace(
    "yamslam",
    (
        *ROLL_ACTIONS,
        *(TakeChip(kind.value) for kind in KINDS),
        *(TakeChip(kind.value, from_discard=True) for kind in KINDS),
        Pass(),
    ),
)

_TAKE_ID, _DISCARD_ID, _PASS_ID = NUM_ROLL_IDS, NUM_ROLL_IDS + len(KINDS), NUM_ROLL_IDS + 2 * len(KINDS)
#: For each roll (by index): whether it is a Yamslam, and the kinds (as indexes) it qualifies for.
_ROLL_YAMSLAM: tuple[bool, ...] = tuple(is_yamslam(roll) for roll in ROLLS)
_ROLL_KINDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(KINDS.index(kind) for kind in qualifying_kinds(roll)) for roll in ROLLS
)

_PASS = Pass()


class ChipError(IllegalActionError):
    """A `TakeChip` the rules do not allow (base of the errors below).

    Examples:
        >>> issubclass(ChipNotAvailableError, ChipError)
        True
    """


class ChipNotAvailableError(ChipError):
    """No chip of that kind is left in the rack (or in the discard pile).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1)
        >>> for _ in range(4):
        ...     g = g.apply(yamskit.Roll(outcome="22444")).apply(yamskit.TakeChip("full_house"))
        >>> try:
        ...     g.apply(yamskit.Roll(outcome="22444")).apply(yamskit.TakeChip("full_house"))
        ... except ChipNotAvailableError as error:
        ...     print(error)
        no full_house chip left in the rack (it holds: two_pairs, three_of_a_kind, ...)
    """


class ChipNotQualifiedError(ChipError):
    """The dice do not form the chip's combination.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
        >>> try:
        ...     g.apply(yamskit.TakeChip("flush"))
        ... except ChipNotQualifiedError as error:
        ...     print(error)
        the dice 12345 do not form flush (they qualify for: small_straight, large_straight)
    """


class DiscardPileError(ChipError):
    """A chip taken from the discard pile without a Yamslam.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(seed=1).apply(yamskit.Roll(outcome="22444"))
        >>> try:
        ...     g.apply(yamskit.TakeChip("full_house", from_discard=True))
        ... except DiscardPileError as error:
        ...     print(error)
        only a Yamslam (five of a kind) takes a chip from the discard pile; the dice show 22444
    """


class SecondChipError(ChipError):
    """In solo, a Yamslam's second chip must be taken before anything else.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam", mode="solo").new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="55555")).apply(yamskit.TakeChip("large_straight"))
        >>> try:
        ...     g.apply(yamskit.Pass())
        ... except SecondChipError as error:
        ...     print(error)
        passing: this Yamslam still takes its second chip (TakeChip from the rack, ...)
        >>> g.apply(yamskit.TakeChip("flush")).chips(0)
        ChipSet.of('flush', 'large_straight')
    """


def _check_mode(_instance: object, _attribute: object, value: str) -> None:
    if value not in get_args(Mode):
        raise RuleConfigError(f"mode must be 'standard', 'solo' or 'team', not {value!r}")


@attrs.frozen
class YamslamVariant:
    """The Yamslam rule set in one of its modes; starts games.

    Two variants are equal when their modes are.

    Examples:
        >>> v = YamslamVariant("team")
        >>> v.name, v.options, v.players
        ('yamslam', {'mode': 'team'}, (4, 4))
    """

    mode: Mode = attrs.field(default="standard", validator=_check_mode)

    @property
    def name(self) -> str:
        """The registry name, ``"yamslam"``."""
        return "yamslam"

    @property
    def options(self) -> dict[str, Any]:
        """The options that rebuild this variant through `yamskit.variant`."""
        return {"mode": self.mode}

    @property
    def actions(self) -> ActionSpace:
        """The numbered decisions (`ACTIONS`, the same in every mode).

        Examples:
            >>> import yamskit
            >>> space = YamslamVariant().actions
            >>> len(space), space[462 + 7 + 4]
            (477, TakeChip(kind='full_house', from_discard=True))
        """
        return ACTIONS

    @property
    def players(self) -> tuple[int, int]:
        """The smallest and largest number of players of this mode."""
        return _PLAYERS[self.mode]

    def max_turns(self, players: int) -> int:
        """An upper bound on the turns of a game with ``players`` players.

        Every round takes or discards at least one chip, which lowers ``2 x rack + discard``
        (56 at the start) by at least 1; extra turns are paid for by the (at most 28) chips.

        Examples:
            >>> YamslamVariant().max_turns(2)
            140
        """
        pot = 2 * CHIPS_PER_KIND * len(KINDS)
        return pot * players + CHIPS_PER_KIND * len(KINDS)

    def side_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """The names of the collections: the players, or the two teams in team play.

        Examples:
            >>> YamslamVariant("team").side_names(["Ann", "Bob", "Cy", "Di"])
            ('Ann & Cy', 'Bob & Di')
        """
        if self.mode == "team":
            return tuple(" & ".join(players[s::2]) for s in range(2))
        return tuple(players)

    def side(self, player: int) -> int:
        """The collection ``player`` collects for (their own, or their team's).

        Examples:
            >>> YamslamVariant("team").side(3), YamslamVariant().side(3)
            (1, 3)
        """
        return player % 2 if self.mode == "team" else player

    def new_game(
        self,
        players: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        first_player: int | Literal["roll_off"] = "roll_off",
    ) -> YamslamGame:
        """A new game: a full rack, empty collections, the first player to throw.

        Args:
            players: names in seat order (default ``Player 1``... for the mode's smallest number).
            seed: seed of the dice stream (a fresh random one when ``None``; stored in the state).
            first_player: ``"roll_off"`` (default, the rule sheet's way): each player throws one
                die from the game's stream, the highest starts, tied leaders throw again; or a
                seat index to name the first player.

        Examples:
            >>> g = YamslamVariant("solo").new_game(seed=3)
            >>> g.players, len(g.rack), g.is_over
            (('Player 1',), 28, False)
        """
        low, high = self.players
        names = check_players(
            players if players is not None else [f"Player {i + 1}" for i in range(low)], minimum=low, maximum=high
        )
        first, stream = choose_first_player(new_stream(seed), len(names), first_player, dice=1)
        sides = len(self.side_names(names))
        return YamslamGame(
            variant=self,
            players=names,
            rack=ChipSet.full(),
            discard=ChipSet(),
            collections=(ChipSet(),) * sides,
            current_player=first,
            turn=Turn.start(max_throws=MAX_THROWS),
            stream=stream,
            first_player=first,
        )

    def describe(self) -> str:
        """A plain-text summary: chips and values, bonuses, options and rulings.

        Examples:
            >>> print(YamslamVariant().describe().splitlines()[0])
            yamslam (mode 'standard'): 7 chip kinds x 4, 3 throws a turn, 2 to 8 players
        """
        low, high = self.players
        count = str(low) if low == high else f"{low} to {high}"
        lines = [
            f"yamslam (mode {self.mode!r}): {len(KINDS)} chip kinds x {CHIPS_PER_KIND}, "
            f"{MAX_THROWS} throws a turn, {count} players",
            "Chips: " + ", ".join(f"{kind.value} {kind.points}" for kind in KINDS),
            f"Bonuses: golden_7 {GOLDEN_7_BONUS}, silver_6 {SILVER_6_BONUS} (not with golden_7), "
            f"full_stack {FULL_STACK_BONUS} each, last_draw {LAST_DRAW_BONUS}",
            "Options: mode ('standard', 'solo' or 'team')",
            "Rulings:",
            *(f"- {note}" for note in NOTES),
        ]
        return "\n".join(lines)

    def state_from_data(self, data: Any) -> YamslamGame:
        """Rebuild a state from the ``"state"`` part of its JSON, checking it is possible."""
        return _state_from_data(self, data)

    def position(
        self,
        players: Sequence[str] | None = None,
        *,
        collections: Sequence[ChipsLike] | Mapping[str, ChipsLike] | None = None,
        discard: ChipsLike | None = None,
        rack: ChipsLike | None = None,
        current_player: int | str = 0,
        first_player: int | str = 0,
        round_chip: bool = False,
        second_pick: bool = False,
        last_draw: int | str | None = None,
        dice: Dice | str | Sequence[int] | None = None,
        throws: int | None = None,
        kept: Dice | str | Sequence[int] = "",
        seed: int | None = None,
        draws: int = 0,
    ) -> YamslamGame:
        """A position set up from the table, checked against what a game can reach; its history is empty.

        Chips are written as a `ChipSet`, a list of chip ids (one per chip) or ``{id: count}``.

        Args:
            players: names in seat order (default ``Player 1``... for the mode's fewest).
            collections: the chips each side holds, by seat (a list) or by name (a dict;
                in team play a player's name or the team's name, ``"Ann & Cy"``).
            discard: the discard pile.
            rack: the rack (default: the chips that are nowhere else).
            current_player: the player to act, by index or name.
            first_player: the player who begins each round, by index or name.
            round_chip: whether a chip was taken in the round so far.
            second_pick: solo only: a Yamslam's first chip is taken, the second is due.
            last_draw: the player (or side) that took the last chip from the rack.
            dice: the five dice showing, if the player has thrown this turn.
            throws: throws used this turn (default 1 with dice, else 0).
            kept: the dice held back in the last throw (default none: all five thrown).
            seed: the dice stream's seed (default a fresh random one).
            draws: faces already drawn from the stream.

        Raises:
            PositionError: a value no game can reach; the message names the pile and the
                rule, ``error.rule`` its id (see `yamskit.position`).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam").position(["Ann", "Bob"], collections={"Bob": ["flush"]})
            >>> len(g.rack), g.chips(1)
            (27, ChipSet.of('flush'))
        """
        from ...position import yamslam_position

        return yamslam_position(
            self,
            players,
            collections=collections,
            discard=discard,
            rack=rack,
            current_player=current_player,
            first_player=first_player,
            round_chip=round_chip,
            second_pick=second_pick,
            last_draw=last_draw,
            dice=dice,
            throws=throws,
            kept=kept,
            seed=seed,
            draws=draws,
        )

    def from_notation(self, text: str) -> YamslamGame:
        """The state a position notation describes (see `yamskit.notation`); its history is empty.

        Raises:
            NotationError: malformed text, or a notation of other rules.
            PositionError: a position no game can reach.

        Examples:
            >>> import yamskit
            >>> text = "yamslam Ann,Bob 0001000/0000000 0000000 1:0 - 1:0 c"
            >>> yamskit.variant("yamslam").from_notation(text).chips(0)
            ChipSet.of('flush')
        """
        from ...notation import from_notation

        result: YamslamGame = from_notation(text, variant=self)
        return result


@attrs.frozen
class YamslamGame:
    """The state of a Yamslam game; follows the game protocol of `yamskit.game`.

    Attributes:
        rack: the chips still on the rack.
        discard: the discard pile.
        collections: one chip set per player (per team in team play).
        round_chip: whether a chip was taken in the round so far (not used in solo).
        second_pick: solo only: a Yamslam's first chip was taken, the second is due.
        last_draw: the collection that took the last chip from the rack, once it is taken.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=2)
        >>> g = g.apply(yamskit.Roll(outcome="66666"))
        >>> g.is_legal(yamskit.TakeChip("large_straight")), g.is_legal(yamskit.TakeChip("flush", from_discard=True))
        (True, False)
    """

    variant: YamslamVariant
    players: tuple[str, ...]
    rack: ChipSet
    discard: ChipSet
    collections: tuple[ChipSet, ...]
    current_player: int
    turn: Turn
    stream: DiceStream
    _history: History = attrs.field(default=EMPTY_HISTORY, converter=to_history, alias="history")
    first_player: int = 0
    round_chip: bool = False
    second_pick: bool = False
    last_draw: int | None = None

    # ------------------------------------------------------------------ queries
    @property
    def history(self) -> History:
        """Every move so far, throws with their faces (a `History`, which reads like a tuple of moves)."""
        return self._history

    @property
    def is_over(self) -> bool:
        """Whether the rack is empty (and no solo Yamslam still owes its second chip)."""
        return not len(self.rack) and not self.second_pick

    @property
    def dice(self) -> Dice:
        """The dice showing in the current turn (empty before its first throw)."""
        return self.turn.dice

    @property
    def side_names(self) -> tuple[str, ...]:
        """The name of each collection (player names, or team names in team play)."""
        return self.variant.side_names(self.players)

    def chips(self, player: int) -> ChipSet:
        """The chips ``player`` holds (their team's, in team play), in value order."""
        return self.collections[self.variant.side(player)]

    def outcomes(self, keep: DiceLike = "") -> tuple[tuple[Dice, Fraction], ...]:
        """Every five-dice result of throwing all dice but ``keep``, with exact probabilities.

        Examples:
            >>> import yamskit
            >>> len(yamskit.variant("yamslam").new_game(seed=1).outcomes())
            252
        """
        if self.second_pick:
            self._check_end("listing throw outcomes")
        return throw_outcomes(self.turn, keep)

    # ------------------------------------------------------------------ legality
    def _check_end(self, what: str) -> Dice:
        if self.second_pick:
            raise SecondChipError(
                f"{what}: this Yamslam still takes its second chip (TakeChip from the rack, "
                "or with from_discard=True from the discard pile)"
            )
        if not self.turn.has_thrown:
            raise MustRollFirstError(f"{self.players[self.current_player]} must throw the dice first ({what})")
        return self.turn.dice

    def _check_take(self, action: TakeChip) -> Chip:
        kind = chip_kind(action.kind)
        if type(action.from_discard) is not bool:
            raise UnknownActionError(f"from_discard must be True or False, not {action.from_discard!r}")
        pile, where = (self.discard, "discard pile") if action.from_discard else (self.rack, "rack")
        if not self.second_pick:
            dice = self._check_end(f"taking a {kind.value} chip")
            if action.from_discard and not is_yamslam(dice):
                raise DiscardPileError(
                    f"only a Yamslam (five of a kind) takes a chip from the discard pile; the dice show {dice}"
                )
        if kind not in pile:
            left = ", ".join(k.value for k in pile.kinds) or "nothing"
            raise ChipNotAvailableError(f"no {kind.value} chip left in the {where} (it holds: {left})")
        if not self.second_pick and KINDS.index(kind) not in _ROLL_KINDS[self.turn.dice.index]:
            fits = ", ".join(k.value for k in qualifying_kinds(self.turn.dice)) or "nothing"
            raise ChipNotQualifiedError(
                f"the dice {self.turn.dice} do not form {kind.label.lower()} (they qualify for: {fits})"
            )
        return kind

    def check(self, action: Action, *, player: int | str | None = None) -> None:
        """Raise the `IllegalActionError` that ``action`` would raise; else nothing.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
            >>> g.check(yamskit.TakeChip("flush"))  # doctest: +IGNORE_EXCEPTION_DETAIL
            Traceback (most recent call last):
            yamskit.variants.yamslam.ChipNotQualifiedError: ...
        """
        if self.is_over:
            raise game_over_error(self.players)
        resolve_player(self.players, self.current_player, player)
        if isinstance(action, Roll):
            if self.second_pick:
                self._check_end("throwing")
            self.turn.check_throw(action.keep, action.outcome)
        elif isinstance(action, TakeChip):
            self._check_take(action)
        elif isinstance(action, Pass):
            self._check_end("passing")
        else:
            raise UnknownActionError(f"yamslam has no action {type(action).__name__}")

    def is_legal(self, action: Action, *, player: int | str | None = None) -> bool:
        """Whether ``action`` applies now.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("yamslam").new_game(seed=1).is_legal(yamskit.Pass())
            False
        """
        try:
            self.check(action, player=player)
        except (IllegalActionError, ValueError):
            return False
        return True

    def _generate(self) -> Iterator[Action]:
        return iter([ACTIONS[i] for i in self.legal_action_ids()])

    def legal_actions(self) -> LegalActions:
        """A lazy view of the legal actions (throws listed with ``outcome=None``).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam").new_game(seed=1).apply(yamskit.Roll(outcome="13355"))
            >>> tuple(a for a in g.legal_actions() if not isinstance(a, yamskit.Roll))
            (TakeChip(kind='two_pairs', from_discard=False), TakeChip(kind='flush', from_discard=False), Pass())
        """
        return LegalActions(self._generate, self.is_legal)

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids in `ACTIONS` of the legal decisions, ascending.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam").new_game(seed=1).apply(yamskit.Roll(outcome="13355"))
            >>> [ACTIONS[i] for i in g.legal_action_ids() if i >= 462]
            [TakeChip(kind='two_pairs', from_discard=False), TakeChip(kind='flush', from_discard=False), Pass()]
        """
        if self.is_over:
            return ()
        rack, discard = self.rack.counts, self.discard.counts
        if self.second_pick:
            return (
                *(_TAKE_ID + k for k, n in enumerate(rack) if n),
                *(_DISCARD_ID + k for k, n in enumerate(discard) if n),
            )
        throws = self.turn.throws
        if not throws:
            return (0,)
        roll = throws[-1].dice.index
        ids: tuple[int, ...] = SUB_KEEPS[roll] if len(throws) < self.turn.max_throws else ()
        if _ROLL_YAMSLAM[roll]:
            ids += (
                *(_TAKE_ID + k for k, n in enumerate(rack) if n),
                *(_DISCARD_ID + k for k, n in enumerate(discard) if n),
            )
        else:
            ids += tuple(_TAKE_ID + k for k in _ROLL_KINDS[roll] if rack[k])
        return (*ids, _PASS_ID)

    def legal_action_mask(self) -> bytes:
        """One byte per id of `ACTIONS`: 1 where the decision is legal, else 0.

        Examples:
            >>> import yamskit
            >>> mask = yamskit.variant("yamslam").new_game(seed=1).legal_action_mask()
            >>> len(mask), sum(mask)
            (477, 1)
        """
        mask = bytearray(len(ACTIONS))
        for i in self.legal_action_ids():
            mask[i] = 1
        return bytes(mask)

    # ------------------------------------------------------------------ doing
    def apply(self, action: Action, *, player: int | str | None = None) -> YamslamGame:
        """The state after ``action``; this state is left as it was.

        Raises:
            IllegalActionError: a subclass naming the broken rule.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam", mode="solo").new_game(seed=1)
            >>> g = g.apply(yamskit.Roll(outcome="12346")).apply(yamskit.Pass())
            >>> g.discard, len(g.rack)
            (ChipSet.of('large_straight'), 27)
        """
        self.check(action, player=player)
        if isinstance(action, Roll):
            turn, stream, done = roll_dice(self.turn, self.stream, action)
            return self._with(turn=turn, stream=stream, history=self._history.append(Move(self.current_player, done)))
        if isinstance(action, TakeChip):
            return self._take(chip_kind(action.kind), action.from_discard)
        return self._with(history=self._history.append(Move(self.current_player, _PASS)))._end_turn(chip=False)

    def _with(
        self,
        *,
        rack: ChipSet | None = None,
        discard: ChipSet | None = None,
        collections: tuple[ChipSet, ...] | None = None,
        current_player: int | None = None,
        turn: Turn | None = None,
        stream: DiceStream | None = None,
        history: History | None = None,
        round_chip: bool | None = None,
        second_pick: bool | None = None,
        last_draw: int | Literal["same"] | None = "same",
    ) -> YamslamGame:
        """A copy with the fields given changed (a quicker `attrs.evolve`)."""
        return YamslamGame(
            self.variant,
            self.players,
            self.rack if rack is None else rack,
            self.discard if discard is None else discard,
            self.collections if collections is None else collections,
            self.current_player if current_player is None else current_player,
            self.turn if turn is None else turn,
            self.stream if stream is None else stream,
            self._history if history is None else history,
            self.first_player,
            self.round_chip if round_chip is None else round_chip,
            self.second_pick if second_pick is None else second_pick,
            self.last_draw if last_draw == "same" else last_draw,
        )

    def _take(self, kind: Chip, from_discard: bool) -> YamslamGame:
        side = self.variant.side(self.current_player)
        rack, discard = self.rack, self.discard
        if from_discard:
            discard = discard.remove(kind)
        else:
            rack = rack.remove(kind)
        collections = list(self.collections)
        collections[side] = collections[side].add(kind)
        base = _DISCARD_ID if from_discard else _TAKE_ID
        state = self._with(
            rack=rack,
            discard=discard,
            collections=tuple(collections),
            last_draw=side if not from_discard and not len(rack) else self.last_draw,
            history=self._history.append(Move(self.current_player, ACTIONS[base + KINDS.index(kind)])),
        )
        if self.second_pick:
            return state._with(second_pick=False, turn=Turn.start(max_throws=MAX_THROWS))
        if not is_yamslam(self.turn.dice):
            return state._end_turn(chip=True)
        if self.variant.mode == "solo":
            return state._with(second_pick=bool(len(rack) or len(discard)))
        return state._with(round_chip=True, turn=Turn.start(max_throws=MAX_THROWS))

    def _discard_highest(self) -> YamslamGame:
        kind = self.rack.highest
        if kind is None:
            return self
        return self._with(rack=self.rack.remove(kind), discard=self.discard.add(kind))

    def _end_turn(self, *, chip: bool) -> YamslamGame:
        state = self._with(turn=Turn.start(max_throws=MAX_THROWS))
        if self.variant.mode == "solo":
            return state if chip else state._discard_highest()
        following = (self.current_player + 1) % len(self.players)
        round_chip = self.round_chip or chip
        if following == self.first_player:
            if not round_chip:
                state = state._discard_highest()
            round_chip = False
        return state._with(current_player=following, round_chip=round_chip)

    # ------------------------------------------------------------------ scoring
    def result(self) -> Result:
        """Points (chips plus bonuses), ranking and winners; per-player breakdown in ``details``.

        In team play every player scores their team's total. Also works mid-game (the points so far).

        Examples:
            >>> import yamskit
            >>> r = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1).result()
            >>> r.scores, len(r.details["players"]), r.details["mode"]
            ((0, 0), 2, 'standard')
        """
        names = self.side_names
        tallies = [
            {"name": names[s], "chips": chips.to_data(), **tally(chips, last_draw=self.last_draw == s).to_data()}
            for s, chips in enumerate(self.collections)
        ]
        sides = [self.variant.side(p) for p in range(len(self.players))]
        details: dict[str, Any] = {
            "mode": self.variant.mode,
            "players": [tallies[s] for s in sides],
            "rack": self.rack.to_data(),
            "discard": self.discard.to_data(),
        }
        if self.variant.mode == "team":
            details["teams"] = tallies
        return Result.from_scores(self.players, [tallies[s]["total"] for s in sides], details=details)

    def render(self) -> str:
        """The rack, the discard pile, each collection with its score, and the turn, as plain text.

        Examples:
            >>> import yamskit
            >>> print(yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1).render().splitlines()[1])
            Rack:    two_pairs x4, three_of_a_kind x4, ...
        """

        def listing(chips: ChipSet) -> str:
            return ", ".join(f"{k.value} x{chips.count(k)}" for k in chips.kinds) or "-"

        scores = self.result().details["players"]
        lines = [
            f"Yamslam ({self.variant.mode})",
            f"Rack:    {listing(self.rack)}",
            f"Discard: {listing(self.discard)}",
        ]
        current = self.variant.side(self.current_player)
        for s, (name, chips) in enumerate(zip(self.side_names, self.collections, strict=True)):
            t = next(entry for entry in scores if entry["name"] == name)
            marker = "  <- to play" if s == current and not self.is_over else ""
            lines.append(
                f"{name}: {listing(chips)} = {t['chip_points']} + bonuses {t['bonuses']} = {t['total']}{marker}"
            )
        if self.is_over:
            winners = self.result().winner_names
            lines.append(f"Game over; {'winner' if len(winners) == 1 else 'winners'}: {', '.join(winners)}")
        elif self.second_pick:
            lines.append(f"{self.players[self.current_player]} takes the Yamslam's second chip")
        elif self.turn.has_thrown:
            dice = self.turn.dice
            fits = [k.value for k in (KINDS if is_yamslam(dice) else qualifying_kinds(dice)) if k in self.rack]
            lines.append(
                f"{self.players[self.current_player]}: throw {self.turn.throws_used} of {MAX_THROWS}, dice {dice}"
                + (" (Yamslam!)" if is_yamslam(dice) else "")
                + f"; may take: {', '.join(fits) or 'nothing'}"
            )
        else:
            lines.append(f"{self.players[self.current_player]} to throw")
        return "\n".join(lines)

    def to_json(self) -> str:
        """This state as JSON text; `yamskit.load_game` reads it back into an equal state.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("yamslam", mode="team").new_game(seed=1).apply(yamskit.Roll())
            >>> yamskit.load_game(g.to_json()) == g
            True
        """
        from ...serialization import dump_game, history_to_data, stream_to_data, turn_to_data

        return dump_game(
            self.variant,
            {
                "players": list(self.players),
                "current_player": self.current_player,
                "first_player": self.first_player,
                "rack": self.rack.to_data(),
                "discard": self.discard.to_data(),
                "collections": [chips.to_data() for chips in self.collections],
                "round_chip": self.round_chip,
                "second_pick": self.second_pick,
                "last_draw": self.last_draw,
                "turn": turn_to_data(self.turn),
                "stream": stream_to_data(self.stream),
                "history": history_to_data(self.history),
            },
        )

    def to_notation(self) -> str:
        """This position as one line of text (see `yamskit.notation`); `YamslamVariant.from_notation` reads it.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("yamslam", mode="solo").new_game(players=["Ann"], seed=3, first_player=0).to_notation()
            'yamslam(mode=solo) Ann 0000000 0000000 0:0 - 3:0 -'
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


def _state_from_data(variant: YamslamVariant, data: Any) -> YamslamGame:
    from ...serialization import expect, expect_int, history_from_data, stream_from_data, turn_from_data
    from ...state_checks import check_stream

    where = "state"
    try:
        players = check_players(
            expect(data, "players", list, where), minimum=variant.players[0], maximum=variant.players[1]
        )
    except DeserializationError:
        raise
    except YamskitError as error:
        raise DeserializationError(f"{where}.players: {error}") from None
    n, sides = len(players), len(variant.side_names(players))
    raw = expect(data, "collections", list, where)
    if len(raw) != sides:
        raise DeserializationError(f"{where}.collections must have {sides} entries, not {len(raw)}")
    collections = tuple(ChipSet.from_data(c, f"{where}.collections[{i}]") for i, c in enumerate(raw))
    rack = ChipSet.from_data(expect(data, "rack", list, where), f"{where}.rack")
    discard = ChipSet.from_data(expect(data, "discard", list, where), f"{where}.discard")
    counts = [sum(chips.counts[i] for chips in (rack, discard, *collections)) for i in range(len(KINDS))]
    if counts != [CHIPS_PER_KIND] * len(KINDS):
        raise DeserializationError(
            f"{where}: rack, discard pile and collections must hold {CHIPS_PER_KIND} chips of each kind, "
            f"not {dict(zip(KINDS, counts, strict=True))}"
        )
    if "last_draw" not in data:
        raise DeserializationError(f"{where} is missing 'last_draw'")
    last_draw = data["last_draw"]
    if last_draw is not None:
        last_draw = expect_int(data, "last_draw", where, 0, sides - 1)
        if len(rack):
            raise DeserializationError(f"{where}.last_draw is set but the rack still holds chips")
    turn = turn_from_data(expect(data, "turn", dict, where), max_throws=MAX_THROWS)
    second_pick = expect(data, "second_pick", bool, where)
    if second_pick and (variant.mode != "solo" or not is_yamslam(turn.dice) or not len(rack) + len(discard)):
        raise DeserializationError(f"{where}.second_pick is only set in solo, after a Yamslam, with chips left")
    round_chip = expect(data, "round_chip", bool, where)
    if round_chip and variant.mode == "solo":
        raise DeserializationError(f"{where}.round_chip is not used in solo")
    stream = stream_from_data(expect(data, "stream", dict, where))
    history = history_from_data(expect(data, "history", list, where), n)
    check_stream(stream)
    return YamslamGame(
        variant=variant,
        players=players,
        rack=rack,
        discard=discard,
        collections=collections,
        current_player=expect_int(data, "current_player", where, 0, n - 1),
        turn=turn,
        stream=stream,
        history=history,
        first_player=expect_int(data, "first_player", where, 0, n - 1),
        round_chip=round_chip,
        second_pick=second_pick,
        last_draw=last_draw,
    )


def yamslam(*, mode: Mode = "standard") -> YamslamVariant:
    """Yamslam in ``mode``: ``"standard"`` (2-8 players), ``"solo"`` (1) or ``"team"`` (4, two teams).

    Raises:
        RuleConfigError: an unknown mode.

    Examples:
        >>> yamslam(mode="solo").options
        {'mode': 'solo'}
    """
    return YamslamVariant(mode)


#: Registry entries of this module.
VARIANTS: dict[str, Callable[..., Any]] = {"yamslam": yamslam}
