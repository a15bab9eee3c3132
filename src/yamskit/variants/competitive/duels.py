"""Scoring of Competitive Yams: column raws, bonuses, the crush multiplier and the duels.

Nobody wins Competitive Yams on total points. Each column of each player gets a
*raw* score (its boxes plus the progressive upper bonus); then every pair of
neighbours fights a *duel* in every column:

* the crush multiplier ``m`` is the largest ``k`` in 2..5 with
  ``high raw >= k x low raw`` (else 1; 5 when the low raw is 0 and the high is not);
* the difference is ``raw A - raw B``, plus 200 for A's clean column (complete, no
  0) and minus 200 for B's;
* A wins ``difference x coefficient x m`` points, and B wins the opposite.

A player's score is the sum of its duels. `DuelScoring` is the variant's
``result`` callable: it returns the whole duel table in ``Result.details``.

Examples:
    >>> crush_multiplier(300, 100), crush_multiplier(100, 0), crush_multiplier(150, 100)
    (3, 5, 1)
    >>> duel_points(300, 100, clean_a=False, clean_b=True, coefficient=10)
    0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

import attrs

from ...dice import DiceStream
from ...errors import RuleConfigError, brief
from ...result import Result, Team
from ...scorecard.rules import ScorecardRules, SheetState
from ...scorecard.sheet import Sheet, UpperBonus

__all__ = [
    "CLEAN_BONUS",
    "COEFFICIENTS",
    "MAX_COEFFICIENT",
    "MODES",
    "UPPER_BONUS",
    "Coefficients",
    "ColumnScore",
    "Duel",
    "DuelScoring",
    "Mode",
    "crush_multiplier",
    "duel_points",
    "opponents",
    "teams",
]

#: The game modes.
Mode = Literal["1v1", "1v1v1", "2v2"]
#: Players per mode.
MODES: dict[str, int] = {"1v1": 2, "1v1v1": 3, "2v2": 4}
#: The progressive upper bonus of each column: 30 at 60, 50 at 70, 100 at 80, 200 at 90, 500 at 100.
UPPER_BONUS = UpperBonus(tiers=((60, 30), (70, 50), (80, 100), (90, 200), (100, 500)))
#: Added to the duel difference for a complete column without a 0 (not to the raw score).
CLEAN_BONUS = 200
#: The column coefficients, dealt over the six columns at random.
COEFFICIENTS = (8, 10, 12, 14, 16, 18)
#: The largest coefficient the ``coefficients`` option accepts.
MAX_COEFFICIENT = 1000


def crush_multiplier(raw_a: int, raw_b: int) -> int:
    """The crush multiplier of a duel: how many times the higher raw covers the lower one, 1 to 5.

    The largest ``k`` in 2..5 with ``high >= k x low``, else 1. A low raw of 0 against
    a high raw above 0 gives 5; two raws of 0 give 1. The order of the raws does not
    matter.

    Examples:
        >>> tuple(crush_multiplier(a, 100) for a in (199, 200, 300, 400, 500, 900))
        (1, 2, 3, 4, 5, 5)
        >>> crush_multiplier(0, 40), crush_multiplier(0, 0)
        (5, 1)
    """
    high, low = max(raw_a, raw_b), min(raw_a, raw_b)
    if high == 0:
        return 1
    return max([k for k in range(2, 6) if high >= k * low], default=1)


def duel_points(raw_a: int, raw_b: int, *, clean_a: bool, clean_b: bool, coefficient: int) -> int:
    """The points A wins from B in one column (B wins the opposite).

    ``(raw_a - raw_b + 200 x (clean_a - clean_b)) x coefficient x crush_multiplier``.

    Examples:
        >>> duel_points(250, 100, clean_a=False, clean_b=False, coefficient=12)
        3600
        >>> duel_points(100, 250, clean_a=False, clean_b=False, coefficient=12)
        -3600
    """
    diff = raw_a - raw_b + CLEAN_BONUS * (int(clean_a) - int(clean_b))
    return diff * coefficient * crush_multiplier(raw_a, raw_b)


def opponents(mode: Mode) -> tuple[tuple[int, int], ...]:
    """The pairs of seats that duel in ``mode``, each pair once.

    ``1v1``: the two players; ``1v1v1``: every pair of the triangle; ``2v2``: every
    seat with the next one round the table (A-B, B-C, C-D, D-A).

    Examples:
        >>> opponents("1v1"), opponents("2v2")
        (((0, 1),), ((0, 1), (1, 2), (2, 3), (3, 0)))
    """
    seats = MODES[mode]
    if seats == 2:
        return ((0, 1),)
    return tuple((i, (i + 1) % seats) for i in range(seats))


def teams(mode: Mode) -> tuple[tuple[int, ...], ...]:
    """The sides of ``mode``: seats A and C against B and D in ``2v2``, else everyone alone.

    Examples:
        >>> teams("2v2"), teams("1v1v1")
        (((0, 2), (1, 3)), ((0,), (1,), (2,)))
    """
    if mode == "2v2":
        return ((0, 2), (1, 3))
    return tuple((i,) for i in range(MODES[mode]))


@attrs.frozen
class ColumnScore:
    """One player's column: boxes, upper total, upper bonus, raw score, clean or not.

    Examples:
        >>> ColumnScore(boxes=300, upper=72, bonus=50, clean=True).raw
        350
    """

    boxes: int
    upper: int
    bonus: int
    clean: bool

    @property
    def raw(self) -> int:
        """Boxes plus upper bonus (the clean bonus is not part of it)."""
        return self.boxes + self.bonus

    @classmethod
    def of(cls, rules: ScorecardRules, sheet: Sheet, column: int) -> ColumnScore:
        """The score of ``column`` (an index) on ``sheet``."""
        cells = sheet.cells[column]
        upper = rules.upper_total(sheet, column)
        return cls(
            boxes=sum(cell.value for cell in cells),
            upper=upper,
            bonus=rules.bonus.points(upper) if rules.bonus else 0,
            clean=all(cell.value > 0 for cell in cells),
        )

    def to_data(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"boxes": self.boxes, "upper": self.upper, "bonus": self.bonus, "raw": self.raw, "clean": self.clean}


@attrs.frozen
class Duel:
    """One duel: two seats, one column, every number that decides it.

    Examples:
        >>> d = Duel.between((0, 1), "free", 12, ColumnScore(250, 0, 0, True), ColumnScore(100, 0, 0, False))
        >>> d.multiplier, d.difference, d.points
        (2, 350, (8400, -8400))
    """

    pair: tuple[int, int]
    column: str
    coefficient: int
    raws: tuple[int, int]
    clean: tuple[bool, bool]
    multiplier: int
    difference: int
    points: tuple[int, int]

    @classmethod
    def between(cls, pair: tuple[int, int], column: str, coefficient: int, a: ColumnScore, b: ColumnScore) -> Duel:
        """The duel of seat ``pair[0]`` (column score ``a``) against ``pair[1]`` (``b``)."""
        points = duel_points(a.raw, b.raw, clean_a=a.clean, clean_b=b.clean, coefficient=coefficient)
        return cls(
            pair=pair,
            column=column,
            coefficient=coefficient,
            raws=(a.raw, b.raw),
            clean=(a.clean, b.clean),
            multiplier=crush_multiplier(a.raw, b.raw),
            difference=a.raw - b.raw + CLEAN_BONUS * (int(a.clean) - int(b.clean)),
            points=(points, -points),
        )

    def to_data(self, players: tuple[str, ...]) -> dict[str, Any]:
        """JSON-ready dict, naming the players."""
        return {
            "column": self.column,
            "coefficient": self.coefficient,
            "pair": list(self.pair),
            "players": [players[i] for i in self.pair],
            "raw": list(self.raws),
            "clean": list(self.clean),
            "clean_bonus": [CLEAN_BONUS * int(c) for c in self.clean],
            "multiplier": self.multiplier,
            "difference": self.difference,
            "points": list(self.points),
        }


@attrs.frozen
class DuelScoring:
    """The ``result`` of a Competitive Yams game: every duel, per-player and team scores, winners.

    ``Result.details`` holds ``mode``, ``coefficients`` (column -> coefficient),
    ``columns`` (per player, column -> boxes/upper/bonus/raw/clean), ``duels`` (the
    table: column, coefficient, pair, players, raws, clean flags and bonuses,
    multiplier, difference, points of each side), ``scores`` and ``teams``. In
    ``1v1`` the positive score wins; otherwise the highest score, in ``2v2`` the
    highest team score (both players of that team are the winners).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("competitive", mode="2v2").new_game(players=["A", "B", "C", "D"], seed=3)
        >>> r = g.result()
        >>> first_team = r.details["teams"].pop(0)
        >>> r.scores, len(r.details["duels"]), tuple(first_team["players"])
        ((0, 0, 0, 0), 24, (0, 2))
    """

    mode: Mode

    #: The bonus a clean column brings to its duels (a hook the bots' sheet evaluation reads).
    clean_bonus: ClassVar[int] = CLEAN_BONUS

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """The pairs of seats that duel (`opponents` of the mode): a hook the learning rewards read.

        Examples:
            >>> DuelScoring("1v1v1").pairs
            ((0, 1), (1, 2), (2, 0))
        """
        return opponents(self.mode)

    def duel_points(self, raw_a: int, raw_b: int, *, clean_a: bool, clean_b: bool, coefficient: int) -> int:
        """The points seat A wins from seat B in one column (`duel_points`): a hook the learning rewards read.

        Examples:
            >>> DuelScoring("1v1").duel_points(250, 100, clean_a=True, clean_b=False, coefficient=8)
            5600
        """
        return duel_points(raw_a, raw_b, clean_a=clean_a, clean_b=clean_b, coefficient=coefficient)

    def duels(self, game: SheetState) -> tuple[Duel, ...]:
        """Every duel of ``game`` so far, column by column."""
        rules = game.rules
        weights = game.column_weights
        if len(weights) != len(rules.columns):
            raise RuleConfigError(
                f"competitive needs one coefficient per column ({len(rules.columns)}), not {list(weights)}"
            )
        out = []
        for c, column in enumerate(rules.columns):
            for a, b in opponents(self.mode):
                sa, sb = ColumnScore.of(rules, game.sheets[a], c), ColumnScore.of(rules, game.sheets[b], c)
                out.append(Duel.between((a, b), column.id, weights[c], sa, sb))
        return tuple(out)

    def __call__(self, game: SheetState) -> Result:
        duels = self.duels(game)
        scores = [0] * len(game.players)
        for d in duels:
            for seat, points in zip(d.pair, d.points, strict=True):
                scores[seat] += points
        sides = teams(self.mode)
        side_scores = [sum(scores[i] for i in side) for side in sides]
        ranking = tuple(
            tuple(sorted(i for s, side in enumerate(sides) if side_scores[s] == score for i in side))
            for score in sorted(set(side_scores), reverse=True)
        )
        rules = game.rules
        details = {
            "mode": self.mode,
            "coefficients": dict(zip(rules.column_ids, game.column_weights, strict=True)),
            "columns": [
                {col.id: ColumnScore.of(rules, sheet, c).to_data() for c, col in enumerate(rules.columns)}
                for sheet in game.sheets
            ],
            "duels": [d.to_data(game.players) for d in duels],
            "scores": list(scores),
            "teams": [
                {"players": list(side), "names": [game.players[i] for i in side], "score": side_scores[s]}
                for s, side in enumerate(sides)
            ],
        }
        named = tuple(
            Team(" + ".join(game.players[i] for i in side), tuple(side), side_scores[s])
            for s, side in enumerate(sides)
            if len(side) > 1
        )
        return Result(tuple(game.players), tuple(scores), ranking, details, named)


def _int_tuple(value: Any) -> tuple[int, ...] | None:
    """``value`` as a tuple of whole numbers (no booleans), or ``None`` if it is not a list of them."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)):
        return None
    if len(value) > 64 or any(type(v) is not int for v in value):
        return None
    return tuple(value)


def _shown(value: Any) -> str:
    text = repr(list(value) if isinstance(value, tuple) else value)
    return text if len(text) <= 80 else text[:77] + "..."


def _below(n: int, stream: DiceStream) -> tuple[int, DiceStream]:
    """A uniform whole number in ``0..n-1`` (n from 2 to 6) from single dice, with rejection."""
    while True:
        die, stream = stream.throw(1)
        face = die.faces[0]
        if face <= 6 - 6 % n:
            return (face - 1) % n, stream


@attrs.frozen
class Coefficients:
    """The ``setup`` of a Competitive Yams game: the column coefficients.

    With ``given`` (one coefficient per column, in column order) every game uses
    them; otherwise each game deals a permutation of 8, 10, 12, 14, 16, 18 from its
    own seeded dice stream (a Fisher-Yates shuffle fed by single dice), so the same
    seed always gives the same coefficients.

    Examples:
        >>> weights, _ = Coefficients()(DiceStream(seed=5), 2)
        >>> sorted(weights)
        [8, 10, 12, 14, 16, 18]
        >>> Coefficients(given=(18, 16, 14, 12, 10, 8))(DiceStream(seed=5), 2)[0]
        (18, 16, 14, 12, 10, 8)
    """

    given: tuple[int, ...] | None = None

    def __call__(self, stream: DiceStream, _players: int) -> tuple[tuple[int, ...], DiceStream]:
        if self.given is not None:
            return self.given, stream
        values = list(COEFFICIENTS)
        for i in range(len(values) - 1, 0, -1):
            j, stream = _below(i + 1, stream)
            values[i], values[j] = values[j], values[i]
        return tuple(values), stream

    def check_weights(self, weights: Any) -> tuple[int, ...]:
        """Check ``new_game(column_weights=...)`` (or a record's setup) against this setup.

        Weights a game could not have been dealt are refused: with ``given``
        coefficients, exactly those; otherwise a permutation of 8, 10, 12, 14, 16, 18.

        Raises:
            RuleConfigError: any other weights.

        Examples:
            >>> Coefficients().check_weights([18, 16, 14, 12, 10, 8])
            (18, 16, 14, 12, 10, 8)
            >>> Coefficients().check_weights([8, 10, 12, 14, 16, -18])  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            yamskit.errors.RuleConfigError: column_weights must be the coefficients 8, 10, ... not [8, ..., -18]
        """
        values = _int_tuple(weights)
        if self.given is not None:
            if values != self.given:
                raise RuleConfigError(
                    f"column_weights must be the coefficients this variant fixes, {list(self.given)}, "
                    f"not {_shown(weights)}"
                )
            return values
        if values is None or sorted(values) != sorted(COEFFICIENTS):
            raise RuleConfigError(
                f"column_weights must be the coefficients {', '.join(map(str, COEFFICIENTS))} in some order "
                f"(one per column), not {_shown(weights)}"
            )
        return values

    @classmethod
    def from_option(cls, coefficients: Mapping[str, int] | None, columns: tuple[str, ...]) -> Coefficients:
        """Check the ``coefficients`` option (column id -> whole number from 1 to 1000, every column once).

        Examples:
            >>> Coefficients.from_option({"a": 2, "b": 1}, ("a", "b")).given
            (2, 1)
        """
        if coefficients is None:
            return cls()
        if not isinstance(coefficients, Mapping) or set(coefficients) != set(columns):
            raise RuleConfigError(f"coefficients must give one number for each column {list(columns)}")
        values = tuple(coefficients[c] for c in columns)
        if any(type(v) is not int or not 1 <= v <= MAX_COEFFICIENT for v in values):
            raise RuleConfigError(
                f"coefficients must be whole numbers from 1 to {MAX_COEFFICIENT}, not {brief(dict(coefficients))}"
            )
        return cls(values)
