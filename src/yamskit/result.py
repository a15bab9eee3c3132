"""The outcome of a game (`Result`): points per player, ranking, winners and teams.

Examples:
    >>> r = Result.from_scores(("Ann", "Bob", "Cy"), (120, 150, 120))
    >>> r.winner_names, r.ranking, r.headline
    (('Bob',), ((1,), (0, 2)), 'Winner: Bob')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import attrs

from . import _display

__all__ = ["DuelResult", "Result", "Team", "rank"]


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
    #: The variant's own explanation, JSON-ready (parsed JSON holds any value: ``Any``).
    details: Any = attrs.field(default=None, eq=False)
    #: The teams of more than one seat, as the variant names them (Competitive 2v2, Yamslam's teams).
    teams: tuple[Team, ...] = attrs.field(default=(), eq=False)
    #: For a game won on points (`from_points`: Balut), each player's grand total, which breaks ties on
    #: points; empty when the scores are the totals.
    totals: tuple[int, ...] = attrs.field(default=(), eq=False)

    #: The kind of picture `yamskit.svg` draws for a result (see ``yamskit._display``).
    picture_kind: ClassVar[str] = "result"

    @classmethod
    def from_scores(
        cls, players: Sequence[str], scores: Sequence[int], *, details: Any = None, teams: Sequence[Team] = ()
    ) -> Result:
        """Rank players by score, highest first, ties sharing a place.

        Examples:
            >>> Result.from_scores(("A", "B"), (5, 5)).is_draw
            True
            >>> Result.from_scores(("A", "B", "C", "D"), (3, 1, 3, 1), teams=[Team("A + C", (0, 2), 3)]).headline
            'Winning team: A + C'
        """
        return cls(tuple(players), tuple(scores), rank(scores), details, tuple(teams))

    @classmethod
    def from_points(
        cls, players: Sequence[str], points: Sequence[int], totals: Sequence[int], *, details: Any = None
    ) -> Result:
        """Rank players by points, highest first, the grand total breaking ties on points.

        ``scores`` are then the points and ``totals`` the grand totals; players level on both share a place.

        Examples:
            >>> r = Result.from_points(("Ann", "Bob", "Cy"), (7, 7, 3), (410, 455, 600))
            >>> r.scores, r.totals, r.ranking, r.headline
            ((7, 7, 3), (410, 455, 600), ((1,), (0,), (2,)), 'Winner: Bob')
        """
        keys = tuple(zip(points, totals, strict=True))
        groups: dict[tuple[int, int], list[int]] = {}
        for index, key in enumerate(keys):
            groups.setdefault(key, []).append(index)
        ranking = tuple(tuple(groups[key]) for key in sorted(groups, reverse=True))
        return cls(tuple(players), tuple(points), ranking, details, totals=tuple(totals))

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
        data = {
            "players": list(self.players),
            "scores": list(self.scores),
            "ranking": [list(group) for group in self.ranking],
            "winners": list(self.winners),
            "details": self.details,
        }
        if self.totals:  # a result on points: the totals that break ties (absent from other results)
            data["totals"] = list(self.totals)
        return data


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
class DuelResult(Protocol):
    """A scorecard's result function that scores by duels between pairs of seats (Competitive Yams's).

    The learning rewards (`yamskit.rl.rewards.scorer`) read these hooks of ``rules.result``
    to count duels column by column, and the expert bot (`yamskit.bots.duel_sheet`) to
    price the duels of sheets not yet finished.

    Examples:
        >>> import yamskit
        >>> isinstance(yamskit.variant("competitive").rules.result, DuelResult)
        True
        >>> isinstance(yamskit.variant("classic").rules.result, DuelResult)
        False
    """

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """The pairs of seats that duel, each once."""
        ...

    def duel_points(self, raw_a: int, raw_b: int, *, clean_a: bool, clean_b: bool, coefficient: int) -> int:
        """The points seat A wins from seat B in one column (B wins the opposite)."""
        ...
