"""The game protocol every variant follows, and the pieces every variant shares.

A game state is an immutable value. Whatever the variant, it offers:

* ``players`` (names, in seat order) and ``current_player`` (an index into them);
* ``legal_actions()`` — a lazy view of the actions that apply now;
* ``legal_action_ids()`` / ``legal_action_mask()`` — the same as ids of the variant's
  `yamskit.ActionSpace` (``variant.actions``), for programs that work with integers;
* ``is_legal(action)`` / ``check(action)`` / ``apply(action)`` — ask, explain, do;
* ``outcomes(keep)`` — the chance outcomes of a throw with exact probabilities, and
  ``chance_outcomes(keep)`` — the same as ready-to-apply throws (at most 252);
* ``is_over`` and ``result()``;
* ``history`` — every `Move` made so far, throws with their faces;
* ``to_json()`` (and `yamskit.load_game` to read it back), ``to_notation()`` (and
  `yamskit.from_notation`), ``render()`` (also ``str(state)``);
* ``turn``, ``dice``, ``stream``, ``first_player`` and ``origin``;
* ``picture_kind`` and ``transitions``, what the pictures and `yamskit.transitions` use;
* ``parse_action(text)`` / ``action_text(action)`` — actions as words, both ways (see
  `yamskit.action_text`).

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=3)
    >>> isinstance(game, GameState)
    True
    >>> game.players[game.current_player]
    'Ann'
    >>> yamskit.Roll() in game.legal_actions()
    True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, TypeVar, runtime_checkable

import attrs

from . import _display
from .actions import Action, DiceLike, Roll, to_dice
from .dice import NUM_DICE, Dice, DiceStream, outcome_probabilities
from .errors import GameOverError, IllegalActionError, InvalidDiceError, NotYourTurnError, RuleConfigError, YamskitError
from .history import EMPTY_HISTORY, History, Move, to_history
from .turn import Turn

if TYPE_CHECKING:
    from .action_text import ActionWords
    from .transitions import Transitions

__all__ = [
    "EMPTY_HISTORY",
    "GameState",
    "History",
    "LegalActions",
    "Move",
    "Player",
    "Result",
    "Team",
    "VariantLike",
    "check_players",
    "choose_first_player",
    "new_stream",
    "play",
    "rank",
    "resolve_player",
    "roll_dice",
    "roll_off",
    "throw_outcomes",
    "to_history",
]


_State = TypeVar("_State", bound="GameState")


@attrs.frozen
class Team:
    """A team of a result: its name, its seats and its score.

    Examples:
        >>> Team("Ann + Cy", (0, 2), 120).seats
        (0, 2)
    """

    name: str
    seats: tuple[int, ...]
    score: int


@attrs.frozen
class Result:
    """The outcome of a game: points per player, ranking and winners.

    ``scores[i]`` belongs to ``players[i]``. ``ranking`` lists groups of player
    indexes, best first (tied players share a group); ``winners`` is the first group.
    ``details`` carries the variant's own explanation (totals per column, duel table,
    scoring lines...), JSON-ready.

    Examples:
        >>> r = Result.from_scores(("Ann", "Bob", "Cy"), (120, 150, 120))
        >>> r.winners, r.ranking
        ((1,), ((1,), (0, 2)))
        >>> r.winner_names
        ('Bob',)
    """

    players: tuple[str, ...]
    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    details: Any = attrs.field(default=None, eq=False)

    #: The kind of picture `yamskit.svg` draws for a result (see ``yamskit._display``).
    picture_kind: ClassVar[str] = "result"

    @classmethod
    def from_scores(cls, players: Sequence[str], scores: Sequence[int], *, details: Any = None) -> Result:
        """Rank players by score, highest first, ties sharing a place.

        Examples:
            >>> Result.from_scores(("A", "B"), (5, 5)).is_draw
            True
        """
        return cls(tuple(players), tuple(scores), rank(scores), details)

    @property
    def winners(self) -> tuple[int, ...]:
        """Indexes of the winning players (more than one on a tie for first)."""
        return self.ranking[0] if self.ranking else ()

    @property
    def winner_names(self) -> tuple[str, ...]:
        """Names of the winning players."""
        return tuple(self.players[i] for i in self.winners)

    @property
    def is_draw(self) -> bool:
        """Whether several players share first place."""
        return len(self.winners) > 1

    @property
    def teams(self) -> tuple[Team, ...]:
        """The teams of more than one seat that ``details`` names (Competitive 2v2, Yamslam teams).

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("competitive", mode="2v2").new_game(players=["A", "B", "C", "D"], seed=1)
            >>> [(t.name, t.seats) for t in g.result().teams]
            [('A + C', (0, 2)), ('B + D', (1, 3))]
        """
        details = self.details
        if not isinstance(details, dict) or not isinstance(details.get("teams"), list):
            return ()
        found = []
        for t, team in enumerate(details["teams"]):
            if not isinstance(team, dict):
                continue
            if "players" in team and "score" in team:  # seats and a score (Competitive Yams)
                seats = tuple(team["players"])
                if len(seats) > 1:
                    found.append(Team(" + ".join(self.players[i] for i in seats), seats, int(team["score"])))
            elif "name" in team and "total" in team:  # a named team and its total (Yamslam)
                players = details.get("players", [])
                seats = tuple(i for i, entry in enumerate(players) if entry.get("name") == team["name"])
                found.append(Team(str(team["name"]), seats or (t,), int(team["total"])))
        return tuple(found)

    @property
    def headline(self) -> str:
        """One line: ``Winner: Ann``, ``Winning team: Ann + Cy`` or ``Draw: Ann, Bob``.

        Examples:
            >>> Result.from_scores(("Ann", "Bob"), (5, 5)).headline
            'Draw: Ann, Bob'
        """
        winners = tuple(sorted(self.winners))
        for team in self.teams:
            if tuple(sorted(team.seats)) == winners:
                return f"Winning team: {team.name}"
        names = ", ".join(self.winner_names) or "-"
        return f"{'Draw' if self.is_draw else 'Winner'}: {names}"

    _repr_svg_ = _display.repr_svg

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready dict of this result."""
        return {
            "players": list(self.players),
            "scores": list(self.scores),
            "ranking": [list(group) for group in self.ranking],
            "winners": list(self.winners),
            "details": self.details,
        }


def rank(scores: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Group player indexes by score, highest first.

    Examples:
        >>> rank([3, 9, 3, 1])
        ((1,), (0, 2), (3,))
    """
    groups: dict[int, list[int]] = {}
    for index, score in enumerate(scores):
        groups.setdefault(score, []).append(index)
    return tuple(tuple(groups[s]) for s in sorted(groups, reverse=True))


@runtime_checkable
class VariantLike(Protocol):
    """What `yamskit.variant` returns: a named rule set that starts games.

    Examples:
        >>> import yamskit
        >>> isinstance(yamskit.variant("yamslam"), VariantLike)
        True
    """

    @property
    def name(self) -> str:
        """The registry name, e.g. ``"classic"``."""

    @property
    def options(self) -> dict[str, Any]:
        """The options the variant was created with (JSON-ready)."""

    def new_game(self, players: Sequence[str] = ..., *, seed: int | None = None) -> GameState:
        """A new game state."""

    def state_from_data(self, data: Any) -> GameState:
        """Rebuild a state from the ``"state"`` part of `GameState.to_json`."""


@runtime_checkable
class GameState(Protocol):
    """The protocol every variant's game state follows (see the module docs).

    Examples:
        >>> import yamskit
        >>> all(isinstance(yamskit.variant(n).new_game(players=["A", "B"], seed=1), GameState)
        ...     for n in ("classic", "challenge", "yam-master", "yamslam"))
        True
    """

    @property
    def variant(self) -> VariantLike:
        """The variant this game follows."""

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order."""

    @property
    def current_player(self) -> int:
        """Index of the player to act."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def history(self) -> Sequence[Move]:
        """Every move so far (a `History`, which reads like a tuple of moves)."""

    def legal_actions(self) -> LegalActions:
        """A lazy view of the legal actions."""

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids in ``variant.actions`` of the legal decisions, ascending."""

    def legal_action_mask(self) -> bytes:
        """One byte per id of ``variant.actions``: 1 where the decision is legal, else 0."""

    def check(self, action: Action, *, player: int | str | None = None) -> None:
        """Raise the `IllegalActionError` that applying ``action`` would raise."""

    def is_legal(self, action: Action, *, player: int | str | None = None) -> bool:
        """Whether ``action`` applies now."""

    def apply(self, action: Action, *, player: int | str | None = None) -> GameState:
        """The state after ``action`` (each variant's state returns its own type)."""

    def outcomes(self, keep: DiceLike = ...) -> tuple[tuple[Dice, Fraction], ...]:
        """The chance outcomes of throwing all dice but ``keep``."""

    def chance_outcomes(self, keep: DiceLike = ...) -> tuple[tuple[Roll, Fraction], ...]:
        """Each distinct throw keeping ``keep``, once, as a ready-to-apply `Roll` with its exact probability."""

    def result(self) -> Result:
        """The final (or current) points, ranking and winners."""

    def to_json(self) -> str:
        """A JSON text that `yamskit.load_game` reads back into an equal state."""

    def to_notation(self) -> str:
        """The position as one line of text; `yamskit.from_notation` reads it back (see `yamskit.notation`)."""

    def render(self) -> str:
        """The state as plain text (also ``str(state)``)."""

    @property
    def turn(self) -> Turn:
        """The turn in progress: the throws so far and the dice kept."""

    @property
    def dice(self) -> Dice:
        """The dice showing in the current turn (empty before its first throw)."""

    @property
    def stream(self) -> DiceStream:
        """The seeded dice stream the next throws come from."""

    @property
    def first_player(self) -> int:
        """Index of the player who started the game."""

    @property
    def origin(self) -> GameState | None:
        """The position the history starts from (``None`` while the history is empty)."""

    #: The kind of picture `yamskit.svg` draws of the state (see ``yamskit._display``).
    picture_kind: ClassVar[str]

    #: What each decision makes of a state (see `yamskit.transitions`).
    transitions: ClassVar[Transitions[Any]]

    #: How the family's actions read and shorten (``None``: the canonical text only; see `yamskit.action_text`).
    action_words: ClassVar[ActionWords | None]

    def parse_action(self, text: str) -> Action:
        """The legal action ``text`` names: ``str(action)``, the short form, or a variant (see `yamskit.action_text`).

        Raises `yamskit.NotationError` (with the nearest legal actions) for text that names none.
        """

    def action_text(self, action: Action) -> str:
        """The short text of a legal ``action`` (as few words as this state needs); `parse_action` reads it back."""


class LegalActions(Sequence[Action]):
    """A lazy view of the legal actions of a state, in the python-chess manner.

    Membership (``action in view``) asks the state whether that one action is legal,
    without listing the others; iterating lists them, once, on demand. Throws are
    listed with ``outcome=None`` (faces from the seed); a throw with explicit faces
    is still ``in`` the view when it is legal.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("classic").new_game(players=["Ann"], seed=3)
        >>> list(game.legal_actions())
        [Roll(keep=Dice.parse(''), outcome=None)]
        >>> yamskit.Roll(outcome="66666") in game.legal_actions()
        True
    """

    __slots__ = ("_cache", "_generate", "_is_legal")

    def __init__(self, generate: Callable[[], Iterable[Action]], is_legal: Callable[[Action], bool]) -> None:
        self._generate = generate
        self._is_legal = is_legal
        self._cache: tuple[Action, ...] | None = None

    def _actions(self) -> tuple[Action, ...]:
        cache = self._cache
        if cache is None:  # (a tuple from the state is kept as it is)
            cache = self._cache = tuple(self._generate())
        return cache

    def __contains__(self, action: object) -> bool:
        try:
            return self._is_legal(action)  # type: ignore[arg-type]
        except (TypeError, AttributeError):
            return False

    def __iter__(self) -> Iterator[Action]:
        cache = self._cache  # (`_actions`, inlined: ``list(view)`` asks the length, then iterates)
        return iter(cache if cache is not None else self._actions())

    def __len__(self) -> int:
        cache = self._cache
        return len(cache if cache is not None else self._actions())

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        return self._actions()[index]

    def __bool__(self) -> bool:
        return bool(self._actions())

    def __repr__(self) -> str:
        return f"<LegalActions {list(self._actions())!r}>"


def check_players(players: Sequence[str], *, minimum: int = 1, maximum: int = 8) -> tuple[str, ...]:
    """Validate a list of player names: strings, distinct, between ``minimum`` and ``maximum``.

    Raises:
        RuleConfigError: the names or their number do not fit.

    Examples:
        >>> check_players(["Ann", "Bob"])
        ('Ann', 'Bob')
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RuleConfigError("players must be a sequence of names, e.g. ['Ann', 'Bob']")
    names = tuple(players)
    if not minimum <= len(names) <= maximum:
        wanted = str(minimum) if minimum == maximum else f"{minimum} to {maximum}"
        raise RuleConfigError(f"this game takes {wanted} players, not {len(names)}")
    for name in names:
        if not isinstance(name, str) or not name or len(name) > 100:
            raise RuleConfigError(f"a player name must be a non-empty string of at most 100 characters: {name!r}")
    if len(set(names)) != len(names):
        raise RuleConfigError(f"player names must be distinct: {list(names)}")
    return names


def resolve_player(players: tuple[str, ...], current: int, player: int | str | None) -> None:
    """Raise `NotYourTurnError` unless ``player`` (index or name) is ``current`` or ``None``.

    Examples:
        >>> resolve_player(("Ann", "Bob"), 1, "Bob")
    """
    if player is None:
        return
    if isinstance(player, str):
        if player not in players:
            raise NotYourTurnError(f"no player named {player!r} in this game")
        index = players.index(player)
    elif type(player) is int and 0 <= player < len(players):
        index = player
    else:
        raise NotYourTurnError(f"no player {player!r} in this game of {len(players)}")
    if index != current:
        raise NotYourTurnError(f"it is {players[current]}'s turn, not {players[index]}'s")


def roll_dice(turn: Turn, stream: DiceStream, action: Roll) -> tuple[Turn, DiceStream, Roll]:
    """Apply a throw to a turn: the new turn, the stream after it, and the throw with its faces.

    Faces come from ``action.outcome`` when given (the stream is left as it is),
    otherwise from ``stream``.

    Raises:
        ThrowLimitError, KeepError, InvalidDiceError: see `Turn.check_throw`.

    Examples:
        >>> turn, stream, done = roll_dice(Turn.start(), DiceStream(seed=1), Roll(outcome="66666"))
        >>> turn.dice, stream.draws, done.outcome
        (Dice.parse('66666'), 0, Dice.parse('66666'))
    """
    keep, outcome = action.keep, action.outcome
    turn.check_throw(keep, outcome)
    if outcome is None:
        outcome, stream = stream.throw(NUM_DICE - len(keep))
        action = Roll(keep=keep, outcome=outcome)
    return turn.thrown(keep, outcome), stream, action


def throw_outcomes(turn: Turn, keep: DiceLike) -> tuple[tuple[Dice, Fraction], ...]:
    """The five-dice results of throwing all dice but ``keep``, with exact probabilities.

    Examples:
        >>> turn = Turn.start().throw(Dice(), Dice.parse("66612"))
        >>> outs = throw_outcomes(turn, "666")
        >>> len(outs), sum(p for _, p in outs)
        (21, Fraction(1, 1))
    """
    kept = to_dice(keep)
    turn.check_throw(kept)
    return tuple((kept + rolled, p) for rolled, p in outcome_probabilities(NUM_DICE - len(kept)))


def roll_off(stream: DiceStream, players: int, *, dice: int = NUM_DICE) -> tuple[int, DiceStream]:
    """Who starts: everyone throws ``dice`` dice, the highest sum starts, tied leaders throw again.

    Examples:
        >>> first, after = roll_off(DiceStream(seed=5), 3)
        >>> 0 <= first < 3 and after.draws >= 15
        True
    """
    if not 1 <= dice <= NUM_DICE:
        raise InvalidDiceError(f"a roll-off uses 1 to {NUM_DICE} dice, not {dice}")
    contenders = list(range(players))
    while len(contenders) > 1:
        sums = []
        for _ in contenders:
            thrown, stream = stream.throw(dice)
            sums.append(thrown.total)
        best = max(sums)
        contenders = [p for p, s in zip(contenders, sums, strict=True) if s == best]
    return contenders[0], stream


def new_stream(seed: int | None) -> DiceStream:
    """The dice stream of a new game: from ``seed``, or from a fresh random seed that the state keeps.

    Examples:
        >>> new_stream(7)
        DiceStream(seed=7, draws=0)
        >>> new_stream(None).draws
        0
    """
    return DiceStream(seed=int.from_bytes(os.urandom(8), "big") >> 1 if seed is None else seed)


def choose_first_player(
    stream: DiceStream, players: int, first_player: int | Literal["roll_off"], *, dice: int = NUM_DICE
) -> tuple[int, DiceStream]:
    """Who starts: the index ``first_player``, or the winner of a roll-off with ``dice`` dice each.

    Raises:
        RuleConfigError: ``first_player`` is neither a seat index nor ``"roll_off"``.

    Examples:
        >>> choose_first_player(DiceStream(seed=1), 3, 2)
        (2, DiceStream(seed=1, draws=0))
        >>> choose_first_player(DiceStream(seed=1), 3, "roll_off")[1].draws >= 15
        True
    """
    if first_player == "roll_off":
        return roll_off(stream, players, dice=dice)
    if type(first_player) is int and 0 <= first_player < players:
        return first_player, stream
    raise RuleConfigError(
        f"first_player must be a player index from 0 to {players - 1} or 'roll_off', not {first_player!r}"
    )


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action for the player to move (the bots of `yamskit.bots`, a person at a prompt).

    Examples:
        >>> class AlwaysFirst:
        ...     def choose(self, state):
        ...         return state.legal_actions()[0]
        >>> isinstance(AlwaysFirst(), Player)
        True
    """

    def choose(self, state: GameState) -> Action:
        """The action to apply to ``state``; it must be legal there."""


def play(
    state: _State,
    players: Sequence[Player] | Mapping[str, Player],
    *,
    max_actions: int = 1_000_000,
) -> _State:
    """Let ``players`` play ``state`` to its end and return the final state (of the same type).

    Args:
        state: any game state.
        players: one player per seat (a sequence in seat order, or a mapping from
            player name to player).
        max_actions: a bound on the number of actions, against a player that never ends.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yahtzee").new_game(players=["Ann"], seed=2)
        >>> from yamskit.bots import RandomPlayer
        >>> play(g, [RandomPlayer(seed=5)]).is_over
        True
    """
    for _ in range(max_actions):
        if state.is_over:
            return state
        index = state.current_player
        chooser = players[state.players[index]] if isinstance(players, Mapping) else players[index]
        state = state.apply(chooser.choose(state))  # type: ignore[assignment]  # each state's apply keeps its type
    if not state.is_over:
        raise YamskitError(f"the game did not end within {max_actions} actions")
    return state


def game_over_error(players: tuple[str, ...]) -> IllegalActionError:
    """The error raised for any action once a game is over."""
    return GameOverError(f"the game between {', '.join(players)} is over: no action applies")
