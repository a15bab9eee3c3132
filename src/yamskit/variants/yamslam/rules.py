"""The rules of a Yamslam turn, as functions of values: what a throw may take, the discard rule, the end.

The chips, their combinations and the end-of-game bonuses are in `.chips`; this module
numbers the decisions (`ACTIONS`), says which are legal (`legal_ids`, `check_take`,
`check_end`), who plays next and what a round without a chip discards (`end_of_turn`,
`discard_highest`), and when the game is over (`is_over`). `.game` applies them to a state.

Examples:
    >>> from yamskit import Dice
    >>> from yamskit.turn import Turn
    >>> from yamskit.variants.yamslam.chips import ChipSet
    >>> turn = Turn.start(max_throws=MAX_THROWS).throw(Dice(), Dice.parse("22444"))
    >>> [ACTIONS[i] for i in legal_ids(turn, ChipSet.full(), ChipSet(), second_pick=False) if i >= 462]
    [TakeChip(kind='two_pairs', from_discard=False), TakeChip(kind='three_of_a_kind', from_discard=False), \
TakeChip(kind='flush', from_discard=False), TakeChip(kind='full_house', from_discard=False), Pass()]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

from ...action_space import NUM_ROLL_IDS, ROLL_ACTIONS, ActionSpace
from ...actions import Pass, TakeChip
from ...dice import ROLLS, SUB_KEEPS, Dice
from ...errors import IllegalActionError, MustRollFirstError, UnknownActionError, brief
from ...game import Variant
from ...turn import Turn
from .chips import KINDS, Chip, ChipSet, chip_kind, is_yamslam, qualifying_kinds

__all__ = [
    "ACTIONS",
    "DISCARD_ID",
    "MAX_THROWS",
    "NOTES",
    "PASS_ID",
    "PLAYERS",
    "TAKE_ID",
    "ChipError",
    "ChipNotAvailableError",
    "ChipNotQualifiedError",
    "ChipVariant",
    "DiscardPileError",
    "Mode",
    "SecondChipError",
    "check_end",
    "check_take",
    "discard_highest",
    "end_of_turn",
    "is_over",
    "legal_ids",
]

#: The modes of `yamslam`.
Mode = Literal["standard", "solo", "team"]
#: Throws a turn allows.
MAX_THROWS = 3
PLAYERS: dict[str, tuple[int, int]] = {"standard": (2, 8), "solo": (1, 1), "team": (4, 4)}


@runtime_checkable
class ChipVariant(Variant, Protocol):
    """The Yamslam variant as its states see it: a `yamskit.game.Variant` with its mode and sides.

    Examples:
        >>> import yamskit
        >>> isinstance(yamskit.variant("yamslam", mode="team"), ChipVariant)
        True
    """

    @property
    def mode(self) -> Mode:
        """``"standard"``, ``"solo"`` or ``"team"``."""

    @property
    def players(self) -> tuple[int, int]:
        """The smallest and largest number of players of the mode."""

    def side_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """The name of each collection: the players, or the two teams in team play."""

    def side(self, player: int) -> int:
        """The collection ``player`` collects for (their own, or their team's)."""


#: The rulings this module applies, set-up to winner (shown by `YamslamVariant.describe`; explained on the docs page).
NOTES: tuple[str, ...] = (
    "Set-up: 2 to 8 players (team: 4; solo: 1), seated in the order given, the 28 chips on the rack. Who "
    "begins: each player throws one die, the highest starts, tied leaders throw again (from the game's dice "
    "stream, or thrown at the table with the scorekeeper); new_game(first_player=SEAT) names the first seat "
    "instead. Play goes round the table in seat order (sheet 004).",
    "Turn: up to 3 throws of the five dice, keeping any dice between throws; after any throw the player may "
    "stop and take one chip the dice qualify for (TakeChip), or Pass (sheet 004).",
    "Chips and what wins them: two_pairs 5 (two pairs: 11223; a full house, four or five of a kind hold two "
    "pairs too); three_of_a_kind 10 (three alike or more); small_straight 20 (four faces in a row: 1234, "
    "2345, 3456); flush 25 (five odd or five even faces); full_house 30 (three of one face and two of "
    "another); four_of_a_kind 40 (four alike or more); large_straight 50 (12345 or 23456). Four chips of "
    "each kind.",
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
    "Bonuses at the end: golden 7 (one chip of each kind) 50; silver 6 (six different kinds, not with "
    "golden 7) 20; full stack (all four chips of a kind) 30 each; last draw (took the last chip from the "
    "rack) 20.",
    "End: the game ends when the rack is empty, by the last chip taken (its taker scores the last draw) or discarded.",
    "Winner: the highest total, chip points plus bonuses; players tied on the highest total share the win.",
    "Solo: every turn ending without a chip discards; a Yamslam takes two chips, as two TakeChip actions "
    "(the second may come from the discard pile even when the first emptied the rack); the best score is "
    "1000 (all 28 chips and every bonus).",
    "Team: seats alternate between the teams (seats 1 and 3 against 2 and 4); each team has one "
    "collection and every team member gets the team's score; the team with the higher total wins.",
    "Match: several games (yamskit.variants.yamslam.match), scores summed over the games; the highest sum wins.",
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

TAKE_ID, DISCARD_ID, PASS_ID = NUM_ROLL_IDS, NUM_ROLL_IDS + len(KINDS), NUM_ROLL_IDS + 2 * len(KINDS)
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


def is_over(rack: ChipSet, second_pick: bool) -> bool:
    """Whether the game has ended: the rack is empty and no solo Yamslam still owes its second chip.

    Examples:
        >>> is_over(ChipSet(), second_pick=False), is_over(ChipSet(), second_pick=True)
        (True, False)
    """
    return not second_pick and not any(rack.counts)  # (any: no chip left, without counting them)


def check_end(turn: Turn, second_pick: bool, player: str, what: str) -> Dice:
    """The dice a turn may end with (taking a chip or passing); raise if it may not end now.

    Raises:
        SecondChipError: a solo Yamslam still takes its second chip.
        MustRollFirstError: ``player`` has not thrown yet this turn.

    Examples:
        >>> check_end(Turn.start(), False, "Ann", "passing")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        MustRollFirstError: Ann must throw the dice first (passing)
    """
    if second_pick:
        raise SecondChipError(
            f"{what}: this Yamslam still takes its second chip (TakeChip from the rack, "
            "or with from_discard=True from the discard pile)"
        )
    if not turn.has_thrown:
        raise MustRollFirstError(f"{player} must throw the dice first ({what})")
    return turn.dice


def check_take(action: TakeChip, turn: Turn, rack: ChipSet, discard: ChipSet, second_pick: bool, player: str) -> Chip:
    """The chip ``action`` takes; raise the error naming the rule if it may not take it.

    Raises:
        ChipError: a subclass naming the rule (no such chip left, dice that do not qualify,
            the discard pile without a Yamslam, a solo Yamslam's second chip still due).
        UnknownActionError: an unknown chip kind or a ``from_discard`` that is not a bool.

    Examples:
        >>> turn = Turn.start().throw(Dice(), Dice.parse("12345"))
        >>> check_take(TakeChip("small_straight"), turn, ChipSet.full(), ChipSet(), False, "Ann").value
        'small_straight'
    """
    kind = chip_kind(action.kind)
    if type(action.from_discard) is not bool:
        raise UnknownActionError(f"from_discard must be True or False, not {brief(action.from_discard)}")
    pile, where = (discard, "discard pile") if action.from_discard else (rack, "rack")
    if not second_pick:
        dice = check_end(turn, second_pick, player, f"taking a {kind.value} chip")
        if action.from_discard and not is_yamslam(dice):
            raise DiscardPileError(
                f"only a Yamslam (five of a kind) takes a chip from the discard pile; the dice show {dice}"
            )
    if kind not in pile:
        left = ", ".join(k.value for k in pile.kinds) or "nothing"
        raise ChipNotAvailableError(f"no {kind.value} chip left in the {where} (it holds: {left})")
    if not second_pick and KINDS.index(kind) not in _ROLL_KINDS[turn.dice.index]:
        fits = ", ".join(k.value for k in qualifying_kinds(turn.dice)) or "nothing"
        raise ChipNotQualifiedError(f"the dice {turn.dice} do not form {kind.label.lower()} (they qualify for: {fits})")
    return kind


def legal_ids(turn: Turn, rack: ChipSet, discard: ChipSet, second_pick: bool) -> tuple[int, ...]:
    """The ids in `ACTIONS` of the legal decisions of a game not over, ascending.

    After a Yamslam any chip of the rack or the discard pile; otherwise the rack's chips
    the dice qualify for, the throws left, and `Pass` once the dice are thrown.

    Examples:
        >>> turn = Turn.start().throw(Dice(), Dice.parse("66666"))
        >>> len(legal_ids(turn, ChipSet.full(), ChipSet.of("flush"), second_pick=False))
        15
    """
    rack_counts, discard_counts = rack.counts, discard.counts
    if second_pick:
        return (
            *(TAKE_ID + k for k, n in enumerate(rack_counts) if n),
            *(DISCARD_ID + k for k, n in enumerate(discard_counts) if n),
        )
    throws = turn.throws
    if not throws:
        return (0,)
    roll = throws[-1].dice.index
    ids: tuple[int, ...] = SUB_KEEPS[roll] if len(throws) < turn.max_throws else ()
    if _ROLL_YAMSLAM[roll]:
        ids += (
            *(TAKE_ID + k for k, n in enumerate(rack_counts) if n),
            *(DISCARD_ID + k for k, n in enumerate(discard_counts) if n),
        )
    else:
        ids += tuple(TAKE_ID + k for k in _ROLL_KINDS[roll] if rack_counts[k])
    return (*ids, PASS_ID)


def end_of_turn(
    mode: Mode, players: int, current: int, first_player: int, round_chip: bool, chip: bool
) -> tuple[int, bool, bool]:
    """After a turn: the player to play next, whether the round so far took a chip, and whether to discard.

    A round runs from ``first_player``'s turn to the end of the last seat's; a round in which
    nobody took a chip discards the rack's highest chip (`discard_highest`). In solo every
    turn without a chip discards and the same player plays on.

    Examples:
        >>> end_of_turn("standard", 2, 1, 0, round_chip=False, chip=False)
        (0, False, True)
        >>> end_of_turn("solo", 1, 0, 0, round_chip=False, chip=True)
        (0, False, False)
    """
    if mode == "solo":
        return current, round_chip, not chip
    following = (current + 1) % players
    round_chip = round_chip or chip
    discard = False
    if following == first_player:
        discard = not round_chip
        round_chip = False
    return following, round_chip, discard


def discard_highest(rack: ChipSet, discard: ChipSet) -> tuple[ChipSet, ChipSet]:
    """The rack and the discard pile after the rack's highest-value chip is discarded (if any is left).

    Examples:
        >>> discard_highest(ChipSet.of("flush", "large_straight"), ChipSet())
        (ChipSet.of('flush'), ChipSet.of('large_straight'))
    """
    kind = rack.highest
    if kind is None:
        return rack, discard
    return rack.remove(kind), discard.add(kind)
