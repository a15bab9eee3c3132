"""Yamslam matches: a number of games fixed beforehand, scores summed, standings after each game.

The rule sheet's "multiple games" variation: total each player's score at the end of
every game; after the last game the highest sum wins. A `Match` is a value
like a game state: `Match.new_game` starts the next game (its seed derived from
the match seed, the first seat moving one place each game) and `Match.record`
returns the match with a finished game's scores added. `play_match` plays a
whole match with bots.

Examples:
    >>> import yamskit
    >>> from yamskit.bots import RandomPlayer
    >>> bots = [RandomPlayer(1), RandomPlayer(2)]
    >>> m = play_match(yamskit.variant("yamslam"), bots, names=["Ann", "Bob"], games=2, seed=5)
    >>> m.played, m.is_over, len(m.standings)
    (2, True, 2)
    >>> m.totals == tuple(sum(s) for s in zip(*m.scores))
    True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any

import attrs

from ...errors import DeserializationError, IllegalActionError, RuleConfigError, YamskitError, brief
from ...game import Player, play
from ...result import Result, rank
from ...seats import check_players
from ...serialization import expect, expect_int
from .game import YamslamGame
from .variant import YamslamVariant

__all__ = ["Match", "MatchError", "Standing", "play_match"]

_MAX_GAMES = 1000


class MatchError(IllegalActionError):
    """A game that cannot be recorded in this match (not over, other players or rules, match over).

    Examples:
        >>> import yamskit
        >>> m = Match.start(yamskit.variant("yamslam"), ["Ann", "Bob"], games=1, seed=1)
        >>> try:
        ...     m.record(m.new_game())
        ... except MatchError as error:
        ...     print(error)
        only a finished game can be recorded: the rack still holds chips
    """


@attrs.frozen
class Standing:
    """The standings after one game of a match.

    Attributes:
        game: the game's number, from 1.
        scores: each player's points in that game.
        totals: each player's points summed over the games so far.
        ranking: groups of player indexes by total, best first.

    Examples:
        >>> s = Standing(game=1, scores=(30, 50), totals=(30, 50), ranking=((1,), (0,)))
        >>> s.leaders
        (1,)
    """

    game: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]

    @property
    def leaders(self) -> tuple[int, ...]:
        """The players leading the match after this game."""
        return self.ranking[0] if self.ranking else ()

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready dict of this standing."""
        return {
            "game": self.game,
            "scores": list(self.scores),
            "totals": list(self.totals),
            "ranking": [list(group) for group in self.ranking],
        }


def _check_games(_instance: object, _attribute: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= _MAX_GAMES:
        raise RuleConfigError(f"a match has 1 to {_MAX_GAMES} games, not {brief(value)}")


@attrs.frozen
class Match:
    """A match of ``games`` Yamslam games between the same players.

    Attributes:
        variant: the rules every game follows.
        players: names in seat order.
        games: how many games the match has.
        seed: the match seed; game ``k`` gets a seed derived from it.
        scores: each finished game's points, one tuple per game.

    Examples:
        >>> import yamskit
        >>> m = Match.start(yamskit.variant("yamslam"), ["Ann", "Bob"], games=3, seed=1)
        >>> g = m.new_game()
        >>> g.players, g.first_player, m.played
        (('Ann', 'Bob'), 0, 0)
    """

    variant: YamslamVariant
    players: tuple[str, ...]
    games: int = attrs.field(validator=_check_games)
    seed: int = 0
    scores: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def start(cls, variant: YamslamVariant, players: Sequence[str], *, games: int, seed: int | None = None) -> Match:
        """A match about to begin.

        Raises:
            RuleConfigError: wrong number of players for the mode, or of games.

        Examples:
            >>> import yamskit
            >>> Match.start(yamskit.variant("yamslam", mode="solo"), ["Ann"], games=5, seed=2).games
            5
        """
        low, high = variant.players
        names = check_players(players, minimum=low, maximum=high)
        return cls(variant, names, games, secrets.randbits(63) if seed is None else seed)

    @property
    def played(self) -> int:
        """How many games were recorded."""
        return len(self.scores)

    @property
    def is_over(self) -> bool:
        """Whether every game of the match was played."""
        return self.played >= self.games

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's points summed over the games so far."""
        return tuple(sum(game[p] for game in self.scores) for p in range(len(self.players)))

    @property
    def standings(self) -> tuple[Standing, ...]:
        """The standings after each game played, in order.

        Examples:
            >>> import yamskit
            >>> m = Match(yamskit.variant("yamslam"), ("Ann", "Bob"), 2, scores=((30, 50), (60, 10)))
            >>> [s.totals for s in m.standings], m.standings[-1].leaders
            ([(30, 50), (90, 60)], (0,))
        """
        standings = []
        totals = [0] * len(self.players)
        for number, game in enumerate(self.scores, start=1):
            totals = [t + s for t, s in zip(totals, game, strict=True)]
            standings.append(Standing(number, game, tuple(totals), rank(totals)))
        return tuple(standings)

    def game_seed(self, number: int) -> int:
        """The seed of game ``number`` (from 1), derived from the match seed.

        Examples:
            >>> import yamskit
            >>> m = Match(yamskit.variant("yamslam"), ("Ann", "Bob"), 2, seed=7)
            >>> m.game_seed(1) != m.game_seed(2)
            True
        """
        digest = hashlib.blake2b(f"yamslam-match:{self.seed}:{number}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big")

    def new_game(self) -> YamslamGame:
        """The next game: its derived seed, and the first seat moved one place per game played.

        Raises:
            MatchError: the match is over.
        """
        if self.is_over:
            raise MatchError(f"the match of {self.games} games is over")
        return self.variant.new_game(
            self.players, seed=self.game_seed(self.played + 1), first_player=self.played % len(self.players)
        )

    def record(self, game: YamslamGame | Result) -> Match:
        """The match with a finished game's scores added (a game, or its `Result`).

        Raises:
            MatchError: the match is over, the game is not, or it has other players or rules.

        Examples:
            >>> import yamskit
            >>> from yamskit.bots import RandomPlayer, play
            >>> m = Match.start(yamskit.variant("yamslam"), ["Ann", "Bob"], games=1, seed=3)
            >>> final = play(m.new_game(), [RandomPlayer(1), RandomPlayer(2)])
            >>> m.record(final).scores == (final.result().scores,)
            True
        """
        if self.is_over:
            raise MatchError(f"the match of {self.games} games is over: no game can be recorded")
        if isinstance(game, YamslamGame):
            if game.variant != self.variant:
                raise MatchError(f"this match plays yamslam {self.variant.options}, not {game.variant.options}")
            if not game.is_over:
                raise MatchError("only a finished game can be recorded: the rack still holds chips")
            result = game.result()
        else:
            result = game
        if result.players != self.players:
            raise MatchError(f"this match is between {list(self.players)}, not {list(result.players)}")
        return attrs.evolve(self, scores=(*self.scores, tuple(result.scores)))

    def result(self) -> Result:
        """The match's totals, ranking and winners; each game's scores and standings in ``details``.

        Examples:
            >>> import yamskit
            >>> m = Match(yamskit.variant("yamslam"), ("Ann", "Bob"), 2, scores=((30, 50), (60, 10)))
            >>> m.result().winner_names, m.result().scores
            (('Ann',), (90, 60))
        """
        details = {
            "games": self.games,
            "played": self.played,
            "standings": [s.to_data() for s in self.standings],
        }
        return Result.from_scores(self.players, self.totals, details=details)

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready dict of the match (`from_data` reads it back)."""
        return {
            "variant": self.variant.options,
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "scores": [list(game) for game in self.scores],
        }

    @classmethod
    def from_data(cls, data: Any) -> Match:
        """The match `to_data` describes, every field checked.

        Raises:
            DeserializationError: a malformed or impossible match.

        Examples:
            >>> import yamskit
            >>> m = Match(yamskit.variant("yamslam"), ("Ann", "Bob"), 2, seed=4, scores=((30, 50),))
            >>> Match.from_data(m.to_data()) == m
            True
        """
        where = "match"
        try:
            variant = YamslamVariant(**expect(data, "variant", dict, where))
            low, high = variant.players
            players = check_players(expect(data, "players", list, where), minimum=low, maximum=high)
            match = cls(variant, players, expect_int(data, "games", where, 1, _MAX_GAMES))
        except DeserializationError:
            raise
        except (YamskitError, TypeError) as error:
            raise DeserializationError(f"{where}: {error}") from None
        seed = expect_int(data, "seed", where, 0, 2**64 - 1)
        games = expect(data, "scores", list, where)
        if len(games) > match.games:
            raise DeserializationError(f"{where}.scores lists {len(games)} games, more than {match.games}")
        scores = []
        for i, game in enumerate(games):
            ok = isinstance(game, list) and len(game) == len(players)
            if not ok or any(type(s) is not int or not 0 <= s <= 10**6 for s in game):
                raise DeserializationError(f"{where}.scores[{i}] must list {len(players)} scores from 0")
            scores.append(tuple(game))
        return attrs.evolve(match, seed=seed, scores=tuple(scores))


def play_match(
    variant: YamslamVariant,
    players: Sequence[Player],
    *,
    names: Sequence[str] | None = None,
    games: int,
    seed: int | None = None,
) -> Match:
    """Play a whole match: one bot per seat, ``games`` games, and return the finished `Match`.

    Examples:
        >>> import yamskit
        >>> from yamskit.bots import RandomPlayer
        >>> m = play_match(yamskit.variant("yamslam", mode="solo"), [RandomPlayer(3)], games=3, seed=1)
        >>> len(m.standings), m.standings[-1].totals == m.totals
        (3, True)
    """
    match = Match.start(variant, names or [f"Player {i + 1}" for i in range(len(players))], games=games, seed=seed)
    while not match.is_over:
        match = match.record(play(match.new_game(), players))
    return match
