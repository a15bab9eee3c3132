"""Observations: any game state as a fixed-length float32 vector, from one player's point of view.

`observe` turns a state into a numpy vector whose length depends only on the variant (with
its options) and the number of players: `observation_size` tells it in advance, and
`observation_layout` names its blocks, in order. Every value lies in ``[0, 1]``.

Players appear *relative to the observer*: the observer first, then the next seats in
turn order. So one network can play any seat.

Scorecard variants (classic, yahtzee, challenge, competitive, your own):

| block | size | values |
|---|---|---|
| ``cells`` | players × columns × rows × 3 | per box: filled, crossed out, points ÷ the row's maximum |
| ``upper`` | players × columns × 2 | upper total ÷ the bonus threshold (capped at 1), bonus earned |
| ``extra`` | players | points beside the boxes (five-of-a-kind bonuses) ÷ 1000, capped at 1 |
| ``weights`` | columns | the game's column coefficients ÷ 20 (0 where the variant has none) |
| ``dice`` | 6 | how many dice show each face, ÷ the dice count (5 in the seed games) |
| ``throws`` | max throws + 1 | one-hot: throws used this turn |
| ``challenge`` | 1 | a challenge was declared this turn |
| ``to_move`` | players | one-hot: whose turn, relative to the observer |
| ``saved`` | players | saved throws only: each player's store now ÷ `store_bound` |
| ``throws_left`` | 1 | saved throws only: the turn's throws left ÷ (max throws + `store_bound`) |

The last two blocks are there only in a game whose rules save unused throws
(``ScorecardRules.saved_throws``, Maxi Yatzy): every other game's vector is as it was. A
store shows what it holds now (the player to move's less the throws spent this turn, as
`yamskit.scorecard.ScorecardGame.saved_now` counts); the throws left are the turn's own
and the store's (``Turn.throws_left``), 0 once the game is over. The ``throws`` one-hot
stops at max throws: the throws beyond it, spent from the store, show in these two blocks.

The sizes do not depend on the dice count: a sheet of 1 to 8 dice has the same blocks,
its face counts divided by its own count, its boxes' points by the row's maximum over its
own rolls (`yamskit.scorecard.ScorecardRules.row_tables`). Only the action space grows
with the dice (one throw id per keep: 462 for five dice, 84 for three, 924 for six).

Any other family: the blocks its `yamskit.adapters.EdgeAdapter` declares (its
``observation``), then the turn's blocks (``dice``, ``throws``, ``challenge``,
``to_move``) as above. Yam Master's and Yamslam's blocks are listed in
`yamskit.variants.yam_master.adapter` and `yamskit.variants.yamslam.adapter`
(``board``, ``supply``, ``out``, ``turns``; ``rack``, ``discard``, ``collections``,
``round``, ``last_draw``). A family that declares none (a plug-in family) is seen
through its result:

| block | size | values |
|---|---|---|
| ``scores`` | players | each seat's result score s, observer first, as ``(1 + s / (abs(s) + 100)) / 2`` |
| ``dice``, ``throws``, ``challenge``, ``to_move`` | 6, max throws + 1, 1, players | as above |

Examples:
    >>> import yamskit
    >>> from yamskit.rl import observe, observation_size
    >>> v = yamskit.variant("yahtzee")
    >>> game = v.new_game(seed=1).apply(yamskit.Roll(outcome="66612"))
    >>> x = observe(game, 0)
    >>> x.dtype, x.shape == (observation_size(v),), observation_size(v)
    (dtype('float32'), True, 55)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _registry
from .._fast import IdentityCache
from ..adapters import Observation, adapter_of
from ..errors import RuleConfigError, YamskitError
from ..game import GameState, Variant
from ..scorecard.rules import ScorecardRules
from ..scorecard.sheet import Sheet
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from ..turn import Turn

__all__ = [
    "Observer",
    "default_players",
    "dice_count",
    "observation_layout",
    "observation_size",
    "observe",
    "player_range",
    "store_bound",
]

Vector = npt.NDArray[np.float32]
#: The parts of a state that an `Observer` compares with the last ones it saw.
_Parts = tuple[Any, ...]  # Any: each family's parts have their own types (sheets, a board, chip sets)

_EXTRA_SCALE = 1000.0
_WEIGHT_SCALE = 20.0
#: The score that the generic observation shows as 3/4 (and minus it as 1/4).
_SCORE_SCALE = 100.0
#: The most players the generic ways try when a family does not say how many it takes.
_MOST_PLAYERS = 8


def _as_variant(variant: str | Variant) -> Variant:
    """A variant object, built from its registry name if given one."""
    return _registry.build(variant, {}) if isinstance(variant, str) else variant


def store_bound(variant: str | Variant) -> int:
    """The most throws one player's store can hold in a game of ``variant`` (0 where no throws are saved).

    A player takes at most one turn per box of their sheet (rows x columns), and a turn
    saves at most ``max_throws - 1`` throws (it throws at least once), so the store never
    holds more than boxes x (max throws - 1): 40 in Maxi Yatzy (20 boxes, 3 throws). The
    observation divides the stores by it (see the module docs).

    Examples:
        >>> store_bound("maxi-yatzy"), store_bound("yatzy")
        (40, 0)
    """
    variant = _as_variant(variant)
    if not isinstance(variant, ScorecardVariant) or not variant.rules.saved_throws:
        return 0
    rules = variant.rules
    return len(rules.rows) * len(rules.columns) * (rules.max_throws - 1)


def player_range(variant: str | Variant) -> tuple[int, int]:
    """The fewest and the most players of a game of ``variant``.

    A scorecard's rules say it; another family's `yamskit.adapters.EdgeAdapter` does
    (its ``players``). A family that says nothing plays with the fewest players, 1 to 8,
    that ``variant.new_game`` accepts, and with that many only.

    Raises:
        RuleConfigError: the variant's ``new_game`` refuses every number of players from 1 to 8.

    Examples:
        >>> import yamskit
        >>> player_range("yamslam"), player_range(yamskit.variant("yam-master")), player_range("classic")
        ((2, 8), (2, 2), (1, 8))
    """
    variant = _as_variant(variant)
    if isinstance(variant, ScorecardVariant):
        return variant.rules.players
    declared = adapter_of(variant).players
    if declared is not None:
        return declared(variant) if callable(declared) else declared
    for n in range(1, _MOST_PLAYERS + 1):
        try:
            variant.new_game(players=[f"player_{i}" for i in range(n)], seed=0)
        except (YamskitError, ValueError, TypeError):
            continue
        return n, n
    raise RuleConfigError(f"{variant.name}'s new_game takes no number of players from 1 to {_MOST_PLAYERS}")


def default_players(variant: str | Variant) -> int:
    """The number of players the adapters use by default: the variant's smallest (`player_range`).

    ``variant`` is a variant object or a registry name, here and in `observation_layout`,
    `observation_size` and `Observer`.

    Examples:
        >>> import yamskit
        >>> default_players(yamskit.variant("classic")), default_players(yamskit.variant("competitive", mode="2v2"))
        (1, 4)
    """
    return player_range(variant)[0]


def _max_throws(variant: Variant) -> int:
    if isinstance(variant, ScorecardVariant):
        return variant.rules.max_throws
    players = [f"player_{i}" for i in range(default_players(variant))]
    return int(variant.new_game(players=players, seed=0).turn.max_throws)


def dice_count(variant: str | Variant) -> int:
    """How many dice a turn of ``variant`` throws (1 to 8): a scorecard's rules say it, a new game's turn otherwise.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> dice_count("classic"), dice_count(yamskit.ScorecardVariant.define("three", rows=[upper(6)], dice=3))
        (5, 3)
    """
    variant = _as_variant(variant)
    if isinstance(variant, ScorecardVariant):
        return variant.rules.dice
    players = [f"player_{i}" for i in range(default_players(variant))]
    return int(variant.new_game(players=players, seed=0).turn.dice_count)


def _result_scores(state: GameState, player: int) -> list[float]:
    """The generic observation: each seat's score in the result, the observer first, in ``(0, 1)``."""
    n = len(state.players)
    try:
        scores = state.result().scores
    except YamskitError:
        scores = (0,) * n
    return [0.5 + 0.5 * s / (abs(s) + _SCORE_SCALE) for s in (scores[(player + k) % n] for k in range(n))]


#: The observation of a family whose adapter declares none: the scores of the result.
_GENERIC = Observation(
    layout=lambda _variant, players: (("scores", players),),
    values=_result_scores,
    parts=lambda state: (state,),
)


def _family_observation(variant: Variant) -> Observation:
    return adapter_of(variant).observation or _GENERIC


def observation_layout(variant: str | Variant, players: int | None = None) -> tuple[tuple[str, int], ...]:
    """The blocks of `observe`'s vector, in order: ``(name, length)`` pairs.

    Args:
        variant: a built-in or user-defined variant, or its registry name.
        players: how many players the game has (default: `default_players`).

    Examples:
        >>> observation_layout("classic")[:2]
        (('cells', 39), ('upper', 2))
        >>> import yamskit
        >>> observation_layout(yamskit.variant("yam-master"))
        (('board', 50), ('supply', 2), ('out', 2), ('turns', 1), ('dice', 6), ('throws', 4), ('challenge', 1), \
('to_move', 2))
    """
    variant = _as_variant(variant)
    n = default_players(variant) if players is None else players
    turn = (("dice", 6), ("throws", _max_throws(variant) + 1), ("challenge", 1), ("to_move", n))
    if isinstance(variant, ScorecardVariant):
        rows, columns = len(variant.rows), len(variant.columns)
        stores = (("saved", n), ("throws_left", 1)) if variant.rules.saved_throws else ()
        return (
            ("cells", n * columns * rows * 3),
            ("upper", n * columns * 2),
            ("extra", n),
            ("weights", columns),
            *turn,
            *stores,
        )
    return (*_family_observation(variant).layout(variant, n), *turn)


def observation_size(variant: str | Variant, players: int | None = None) -> int:
    """The length of `observe`'s vector for ``variant`` with ``players`` players.

    Examples:
        >>> import yamskit
        >>> observation_size(yamskit.variant("classic")), observation_size(yamskit.variant("classic"), 2)
        (55, 98)
    """
    return sum(size for _, size in observation_layout(variant, players))


def _turn(turn: Turn, max_throws: int, to_move: int, players: int) -> list[float]:
    counts = turn.dice.counts if turn.has_thrown else (0,) * 6
    dice = float(turn.dice_count)
    out = [c / dice for c in counts]
    throws = [0.0] * (max_throws + 1)
    throws[min(turn.throws_used, max_throws)] = 1.0
    out += throws
    out.append(1.0 if turn.challenge else 0.0)
    seats = [0.0] * players
    seats[to_move] = 1.0
    return out + seats


_SHEETS: IdentityCache[tuple[list[float], list[int], int]] = IdentityCache(
    "rl: observation sheet facts", size=64, key="a ScorecardRules object"
)


def _sheet_facts(rules: ScorecardRules) -> tuple[list[float], list[int], int]:
    """Per rules (cached): each row's scale, the bonus rows' indexes, the bonus threshold."""

    def compute() -> tuple[list[float], list[int], int]:
        scales = [1.0 / max(1, max(table)) for table in rules.row_tables]  # the rows' own maxima for five dice
        cap = max((t for t, _ in rules.bonus.tiers), default=0) if rules.bonus else 0
        upper = [rules.row_ids.index(r) for r in rules.bonus.rows] if rules.bonus else []
        return scales, upper, cap

    return _SHEETS.get(rules, compute)


class Observer:
    """`observe` for many states of one setup (a variant and a number of players), reusing what did not change.

    The adapters keep one per game: the parts of a vector that a throw does not change
    (the sheets, the board, the chips) are rebuilt only when the state's own part objects
    change (states are values: a throw keeps them), and the turn's part is looked up in
    a small table. Each call returns a new array, equal to `observe`'s.

    Args:
        variant: a built-in or user-defined scorecard variant (1 to 8 dice), Yam Master or Yamslam.
        players: the number of players (default: `default_players`).

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> observer = Observer(v, 2)
        >>> game = v.new_game(players=["Ann", "Bob"], seed=1).apply(yamskit.Roll(outcome="66612"))
        >>> bool((observer(game, 1) == observe(game, 1)).all()), observer.size
        (True, 98)
    """

    def __init__(self, variant: str | Variant, players: int | None = None) -> None:
        self.variant = variant = _as_variant(variant)
        self.players = default_players(variant) if players is None else players
        self.layout = observation_layout(variant, self.players)
        self.size = sum(size for _, size in self.layout)
        starts = {}
        at = 0
        for name, size in self.layout:
            starts[name] = at
            at += size
        self._turn_at = starts["dice"]
        self._max_throws = _max_throws(variant)
        #: where the stores start (games with saved throws; the turn's part ends there) and what divides them
        self._saved_at = starts.get("saved", self.size)
        self._store_scale = float(max(1, store_bound(variant)))
        #: the turn's part of the vector (dice to to_move, the last blocks) by (dice, throws, challenge,
        #: seat to move relative to the observer): at most (rolls + 1) x (throws + 1) x 2 x players entries
        #: (the rolls of the game's dice and no dice yet: 253 for five dice, 1,288 for eight)
        self._turns: dict[tuple[tuple[int, ...], int, bool, int], Vector] = {}
        #: per observing seat: the state's parts last seen and the vector of everything else
        self._static: dict[int, tuple[_Parts, Vector]] = {}
        if isinstance(variant, ScorecardVariant):
            rules = self._rules = variant.rules
            self._scales, self._upper_rows, self._cap = _sheet_facts(rules)
            self._upper_set = frozenset(self._upper_rows)
            self._columns, self._rows = len(rules.columns), len(rules.rows)
            self._kind = "sheet"
        else:
            self._kind = "family"
            self._family = _family_observation(variant)

    def __call__(self, state: GameState, player: int) -> Vector:
        """The state as seen by seat ``player`` (see `observe`).

        Raises:
            IndexError: ``player`` is not a seat of this game.
            ValueError: the game does not have the observer's number of players.
            TypeError: a scorecard observer given a state that is not a scorecard game.
        """
        n = len(state.players)
        if not 0 <= player < n:
            raise IndexError(f"no seat {player} in this game of {n}")
        if n != self.players:
            raise ValueError(f"this observer is for games of {self.players} players, not {n}")
        known = self._static.get(player)
        kind = self._kind
        if kind == "sheet" and isinstance(state, ScorecardGame):
            sheets, weights = state.sheets, state.column_weights
            if known is None or known[0][0] is not sheets or known[0][1] is not weights:
                known = self._static[player] = ((sheets, weights), self._build(state, player, known))
        elif kind == "sheet":
            raise TypeError(f"this observer is for {self.variant.name} games, not for a {type(state).__name__}")
        else:
            family = self._family
            parts = family.parts(state)
            if known is None or not all(a is b or a == b for a, b in zip(known[0], parts, strict=True)):
                values = family.values(state, player)
                static = np.zeros(self.size, dtype=np.float32)
                static[: len(values)] = values
                known = self._static[player] = (parts, static)
        turn = state.turn
        throws = turn.throws
        seat = (state.current_player - player) % n
        code = (throws[-1].dice.faces if throws else (), len(throws), turn.challenge, seat)
        part = self._turns.get(code)
        if part is None:
            part = self._turns[code] = np.asarray(_turn(turn, self._max_throws, seat, n), dtype=np.float32)
        out = known[1].copy()
        saved_at = self._saved_at
        out[self._turn_at : saved_at] = part
        if saved_at < self.size:
            self._write_stores(out, state, player, n)
        return out

    def _write_stores(self, out: Vector, state: GameState, player: int, n: int) -> None:
        """The ``saved`` and ``throws_left`` blocks of a game that saves throws (uncached: a throw may change them)."""
        if not isinstance(state, ScorecardGame):  # pragma: no cover - __call__ checked the kind of state
            raise TypeError(f"this observer is for {self.variant.name} games, not for a {type(state).__name__}")
        stores = list(state.saved_throws) or [0] * n
        turn = state.turn
        over = state.is_over
        if not over:  # the player to move has spent some of their store this turn (`ScorecardGame.saved_now`)
            stores[state.current_player] = turn.saved - turn.spent
        scale = self._store_scale
        at = self._saved_at
        for k in range(n):
            out[at + k] = min(1.0, stores[(player + k) % n] / scale)
        left = 0 if over else turn.throws_left
        out[at + n] = min(1.0, left / (self._max_throws + scale))

    # ------------------------------------------------------------------ the parts a throw does not change
    def _build(self, state: ScorecardGame, player: int, known: tuple[_Parts, Vector] | None) -> Vector:
        """A scorecard's vector but the turn's part, updated from ``known``'s where it can be."""
        n = len(state.players)
        if known is None:
            static = np.zeros(self.size, dtype=np.float32)
            before: tuple[Sheet | None, ...] = (None,) * n
        else:
            static = known[1]  # private to this observer (every call returns a copy): updated in place
            before = known[0][0]
        for k in range(n):
            seat = (player + k) % n
            if state.sheets[seat] is not before[seat]:
                self._write_sheet(static, k, n, state.sheets[seat], before[seat])
        if known is None or state.column_weights is not known[0][1]:
            weights = [min(1.0, w / _WEIGHT_SCALE) for w in state.column_weights[: self._columns]]
            at = n * self._columns * (self._rows * 3 + 2) + n
            static[at : at + self._columns] = 0.0
            static[at : at + len(weights)] = weights
        return static

    def _write_sheet(self, static: Vector, k: int, n: int, sheet: Sheet, before: Sheet | None) -> None:
        """Write ``sheet`` as the ``k``-th sheet of the vector: only its boxes that differ from ``before``'s."""
        rules = self._rules
        rows, scales = self._rows, self._scales
        upper_at = n * self._columns * rows * 3 + k * self._columns * 2
        for c, column in enumerate(sheet.cells):
            old = None if before is None else before.cells[c]
            if column is old:
                continue
            at = (k * self._columns + c) * rows * 3
            upper_changed = old is None
            for r, cell in enumerate(column):
                if old is not None and cell is old[r]:
                    continue
                upper_changed = upper_changed or r in self._upper_set
                i = at + 3 * r
                if cell.is_empty:
                    static[i] = static[i + 1] = static[i + 2] = 0.0
                elif cell.scratched:
                    static[i] = static[i + 1] = 1.0
                    static[i + 2] = 0.0
                else:
                    static[i], static[i + 1] = 1.0, 0.0
                    static[i + 2] = min(1.0, (cell.points or 0) * scales[r])
            if upper_changed and rules.bonus is not None and self._cap > 0:
                total = 0
                for r in self._upper_rows:
                    total += column[r].value
                bonus = 1.0 if rules.bonus.points(total) > 0 else 0.0
                static[upper_at + 2 * c : upper_at + 2 * c + 2] = (min(1.0, total / self._cap), bonus)
        static[n * self._columns * (rows * 3 + 2) + k] = min(1.0, sheet.extra / _EXTRA_SCALE)


def observe(state: GameState, player: int) -> Vector:
    """The state as seen by seat ``player``: a float32 vector laid out as `observation_layout` says.

    For many states of one game, an `Observer` gives the same vectors faster.

    Args:
        state: a game state of any variant: built-in, a user-defined scorecard, a plug-in family's.
        player: the observer's seat index.

    Raises:
        IndexError: ``player`` is not a seat of this game.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1)
        >>> x = observe(game, 1)
        >>> float(x[0]), float(x.min()), float(x.max())  # the rack is full
        (1.0, 0.0, 1.0)
    """
    return Observer(state.variant, len(state.players))(state, player)
