"""`DuelSheetPlayer`: a sheet scored by column duels (Competitive Yams) played for the chance to win.

Nobody wins Competitive Yams on points: each column is a duel against every neighbour,
worth the difference of the two columns (plus the clean-column bonuses) times the column's
coefficient and the crush multiplier. The ``"hard"`` bot plays its own sheet for expected
points weighed by the coefficients, blind to the other sheets. This player reads them all:

* **column laws** (`ColumnLaws`): every seat's final raw in every column is taken as a normal
  law. Its mean is the points written, plus each open box's worth from a turn aimed at it
  (`yamskit.bots.sheet.SheetView`), plus the expected upper bonus; its variance adds, for each
  open box of worth ``w`` and chance ``q`` of a value in an aimed turn,
  ``w² (1 - q) / q + (SPREAD w)²`` (a box that may end at 0, and the spread of its points).
  Each column also has its chance to end clean. The golden rule is in the laws: a box an
  opponent filled high is worth less to everyone else.
* **win chance** (`win_chance`): ``samples`` joint draws of every seat's columns, seeded, the
  same draws for every choice of a decision; the duels of each draw are priced by the rules'
  own hook (`yamskit.result.DuelResult.duel_points`), summed per seat and per side as the result
  sums them; the chance is that of the player's side finishing first (a tie counts half).
* **column weights** (`column_weights`): how much one raw point more in each of its columns
  moves the player's margin over the best other side, averaged over the draws where the
  game is close (a kernel of `TAU` standard deviations of the margin around 0). The hard
  bot's evaluation with these weights in place of the coefficients picks the keeps: a column
  already won or lost weighs little, a close one with a high coefficient or a crush in reach
  weighs much.
* **the box**: the `CHECKED` best placements by that evaluation are each written, and the one
  leaving the highest win chance is played, so that what a box does to the opponents' laws
  (a high score that blocks their box) counts too.

It is the ``"expert"`` level of `yamskit.bots.player` in games with opponents of a sheet whose
result is a `yamskit.result.DuelResult`; read from the rules, not from the variant's name, so a
user's own sheet scored by duels gets it too. Its figures against ``"hard"`` are in
docs/performance.md (no strength claims in unit tests).

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("competitive")
    >>> g = v.new_game(players=["A", "B"], seed=2).apply(yamskit.Roll(outcome="66612"))
    >>> DuelSheetPlayer(samples=500).choose(g) in g.legal_actions()
    True
    >>> round(win_chance(g, 0, samples=2000), 1)  # nothing written yet: an even game
    0.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs
import numpy as np

from .._cache import cached
from .._fast import IdentityCache
from ..actions import Action, Roll
from ..errors import RuleConfigError, YamskitError
from ..game import GameState
from ..result import DuelResult
from ..scorecard.rules import ScorecardRules
from ..scorecard.state import ScorecardGame
from ..solver.tables import FloatArray
from .expert import _at_least_one
from .lookahead import keep_or_box
from .sheet import CLEAN_TRIES, SheetView, _placements, _stop_table, _upper_rows

__all__ = ["CHECKED", "SAMPLES", "SPREAD", "TAU", "ColumnLaws", "DuelSheetPlayer", "column_weights", "win_chance"]

#: Draws of every seat's columns behind each chance and weight.
SAMPLES = 4000
#: Width of the kernel around a margin of 0, in standard deviations of the margin. (Competitive
#: 1v1 against ``"hard"``, 300 games: 0.25 and 0.5 played alike, 57.0% and 56.7%, by weights alone.)
TAU = 0.25
#: Standard deviation of the points a box gets, as a share of its worth.
SPREAD = 0.15
#: How many placements, best first by the weighted evaluation, are compared by the win chance.
CHECKED = 5
#: Raw points added and taken away to measure a column's weight.
_STEP = 4


def duel_scoring(rules: ScorecardRules) -> DuelResult | None:
    """The rules' result if it scores by duels between seats (`yamskit.result.DuelResult`), else ``None``.

    Examples:
        >>> import yamskit
        >>> rules = yamskit.variant("competitive").rules
        >>> duel_scoring(rules) is rules.result, duel_scoring(yamskit.variant("classic").rules)
        (True, None)
    """
    result = rules.result
    return result if isinstance(result, DuelResult) else None


@attrs.frozen
class ColumnLaws:
    """One seat's final raw in each column as a normal law, and each column's chance to end clean.

    Attributes:
        mean: the expected final raw of each column (boxes and upper bonus).
        var: its variance.
        clean: the chance that the column ends complete without a 0 (0 once it holds a 0).

    Examples:
        >>> import yamskit
        >>> laws = ColumnLaws.of(yamskit.variant("competitive").new_game(players=["A", "B"], seed=2), 1)
        >>> len(laws.mean), bool(100 < laws.mean[0] < 400), bool(0 < laws.clean[0] < 1)
        (6, True, True)
    """

    mean: tuple[float, ...]
    var: tuple[float, ...]
    clean: tuple[float, ...]

    @classmethod
    def of(cls, game: ScorecardGame, seat: int) -> ColumnLaws:
        """The laws of ``seat``'s columns in ``game`` (see the module's description)."""
        view = SheetView.of(game, seat=seat)
        rules = game.rules
        upper = _upper_rows(rules)
        sheet = game.sheets[seat]
        means, variances, cleans = [], [], []
        for c in range(len(rules.columns)):
            column = sheet.cells[c]
            written = float(sum(cell.value for cell in column if not cell.is_empty))
            upper_written = float(sum(column[r].value for r in upper if not column[r].is_empty))
            open_rows = [r for r in range(len(column)) if column[r].is_empty]
            mean, var = written, 0.0
            for r in open_rows:
                worth = float(view.worth[r, c])
                # the chance of a value in one aimed turn, from the view's chance over CLEAN_TRIES turns
                q = min(1.0, max(1e-3, 1.0 - (1.0 - float(view.nonzero[r, c])) ** (1.0 / CLEAN_TRIES)))
                mean += worth
                var += worth * worth * (1.0 - q) / q + (SPREAD * worth) ** 2
            mean += view.expected_bonus(c, upper_written, [r for r in upper if r in open_rows])
            means.append(mean)
            variances.append(var)
            cleans.append(view.clean_chance(c))
        return cls(tuple(means), tuple(variances), tuple(cleans))


@cached("bots: duel draws", size=8, key="a seed and the shape (seats, columns, samples)")
def _draws(seed: int, seats: int, columns: int, samples: int) -> tuple[FloatArray, FloatArray]:
    """Standard normal and uniform draws, shape (seats, columns, samples), fixed for a seed."""
    rng = np.random.default_rng([seed, seats, columns, samples])
    normal, uniform = rng.standard_normal((seats, columns, samples)), rng.random((seats, columns, samples))
    normal.flags.writeable = False
    uniform.flags.writeable = False
    return normal, uniform


class _Prices:
    """The duel points of a result's hook for whole raws and a coefficient of 1, asked once each.

    The hook is plain Python, and a decision prices tens of thousands of duels: a table over
    both raws and both clean flags (float32, NaN where not asked yet) gives them by indexing,
    and only the duels never seen before go to the hook. Points are taken to grow in
    proportion to the column's coefficient, as in Competitive Yams. The table of Competitive
    Yams (raws 0 to 994) takes 15.8 MB.
    """

    def __init__(self, duels: DuelResult, top: int) -> None:
        self._duels = duels
        self.top = top
        self._table = np.full((4, top + 1, top + 1), np.nan, dtype=np.float32)

    def __call__(
        self, coefficient: int, a: FloatArray, b: FloatArray, clean_a: FloatArray, clean_b: FloatArray
    ) -> FloatArray:
        flags = (clean_a * 2 + clean_b).astype(np.intp)
        xa, xb = a.astype(np.intp), b.astype(np.intp)
        values = self._table[flags, xa, xb]
        missing = np.isnan(values)
        if missing.any():
            for f, x, y in set(zip(flags[missing].tolist(), xa[missing].tolist(), xb[missing].tolist(), strict=True)):
                points = self._duels.duel_points(x, y, clean_a=f >= 2, clean_b=f % 2 == 1, coefficient=1)
                self._table[f, x, y] = points
            values = self._table[flags, xa, xb]
        return np.asarray(values, dtype=np.float64) * coefficient


_PRICE_TABLES: IdentityCache[_Prices] = IdentityCache("bots: duel prices", size=2, key="a ScorecardRules object")


def _prices(rules: ScorecardRules, duels: DuelResult) -> _Prices:
    def build() -> _Prices:
        tops = np.array(rules.row_tables, dtype=np.float64).reshape(len(rules.rows), -1).max(axis=1)
        bonus = max((points for _, points in rules.bonus.tiers), default=0) if rules.bonus else 0
        return _Prices(duels, int(tops.sum()) + int(bonus))

    return _PRICE_TABLES.get(rules, build)


def _coefficients(game: ScorecardGame) -> tuple[int, ...]:
    """Each column's coefficient (1 for every column of a sheet without them)."""
    return tuple(int(w) for w in game.column_weights) or (1,) * len(game.rules.columns)


def _sides(game: ScorecardGame) -> list[tuple[int, ...]]:
    """The sides of the game: its named teams, and every other seat alone."""
    teams = [tuple(team.seats) for team in game.result().teams]
    alone = [(seat,) for seat in range(len(game.players)) if not any(seat in team for team in teams)]
    return teams + alone


@attrs.frozen
class _Draws:
    """Every seat's final columns over the draws, and each seat's duel points from them."""

    raws: FloatArray  # (seats, columns, samples), whole raws
    cleans: FloatArray  # (seats, columns, samples), 0 or 1
    seat_points: FloatArray  # (seats, samples)


def _draw(game: ScorecardGame, duels: DuelResult, *, seed: int, samples: int) -> _Draws:
    rules = game.rules
    seats, columns = len(game.players), len(rules.columns)
    normal, uniform = _draws(seed, seats, columns, samples)
    prices = _prices(rules, duels)
    raws = np.empty((seats, columns, samples))
    cleans = np.empty((seats, columns, samples))
    for seat in range(seats):
        laws = ColumnLaws.of(game, seat)
        mean, sd = np.array(laws.mean)[:, None], np.sqrt(np.array(laws.var))[:, None]
        raws[seat] = np.clip(np.rint(mean + sd * normal[seat]), 0, prices.top)
        cleans[seat] = uniform[seat] < np.array(laws.clean)[:, None]
    points = np.zeros((seats, samples))
    for a, b in duels.pairs:
        for c, coefficient in enumerate(_coefficients(game)):
            won = prices(int(coefficient), raws[a, c], raws[b, c], cleans[a, c], cleans[b, c])
            points[a] += won
            points[b] -= won
    return _Draws(raws, cleans, points)


def _margin(side_points: FloatArray, mine: int) -> FloatArray:
    """The player's side's points less the best other side's, per draw."""
    others = np.delete(side_points, mine, axis=0)
    return np.asarray(side_points[mine] - others.max(axis=0), dtype=np.float64)


def _side_points(sides: Sequence[tuple[int, ...]], seat_points: FloatArray) -> FloatArray:
    return np.array([seat_points[list(side)].sum(axis=0) for side in sides])


def _duels_of(game: GameState) -> DuelResult:
    if not isinstance(game, ScorecardGame) or (duels := duel_scoring(game.rules)) is None:
        raise RuleConfigError("the duel-sheet player plays a scorecard whose result scores duels (Competitive Yams)")
    return duels


def win_chance(game: ScorecardGame, seat: int, *, seed: int = 0, samples: int = SAMPLES) -> float:
    """The chance that ``seat``'s side finishes first, under every seat's `ColumnLaws` (ties count half).

    Raises:
        RuleConfigError: the game is not a scorecard scored by duels.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("competitive", mode="1v1v1").new_game(players=["A", "B", "C"], seed=4)
        >>> round(sum(win_chance(g, seat, samples=3000) for seat in range(3)), 6)  # one side wins each draw
        1.0
    """
    duels = _duels_of(game)
    sides = _sides(game)
    mine = next(i for i, side in enumerate(sides) if seat in side)
    drawn = _draw(game, duels, seed=seed, samples=samples)
    side_points = _side_points(sides, drawn.seat_points)
    margin = _margin(side_points, mine)
    return float(np.mean(margin > 0) + 0.5 * np.mean(margin == 0))


def column_weights(game: ScorecardGame, *, seed: int = 0, samples: int = SAMPLES) -> tuple[float, ...]:
    """The weight of each column of the player to move: its point's worth to a close game (module docs).

    Scaled so that their mean is the mean coefficient; the coefficients themselves when no
    draw is close (the game is decided either way).

    Raises:
        RuleConfigError: the game is not a scorecard scored by duels.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("competitive")
        >>> doubled = dict.fromkeys(v.rules.column_ids, 10) | {"free": 20}
        >>> g = yamskit.variant("competitive", coefficients=doubled).new_game(players=["A", "B"], seed=1)
        >>> w = column_weights(g, samples=2000)
        >>> w[1] > max(w[:1] + w[2:])  # the free column, of coefficient 20 among tens, weighs most
        True
    """
    duels = _duels_of(game)
    rules = game.rules
    seat = game.current_player
    sides = _sides(game)
    mine = next(i for i, side in enumerate(sides) if seat in side)
    drawn = _draw(game, duels, seed=seed, samples=samples)
    prices = _prices(rules, duels)
    margin = _margin(_side_points(sides, drawn.seat_points), mine)
    spread = float(margin.std())
    coefficients = np.array(_coefficients(game), dtype=np.float64)
    if spread <= 0:
        return tuple(float(w) for w in coefficients)
    kernel = np.exp(-0.5 * (margin / (TAU * spread)) ** 2)
    weights = np.zeros(len(rules.columns))
    raws, cleans = drawn.raws, drawn.cleans
    for c, coefficient in enumerate(_coefficients(game)):
        moved = []
        for step in (_STEP, -_STEP):
            points = drawn.seat_points.copy()
            mine_raw = np.clip(raws[seat, c] + step, 0, prices.top)
            for a, b in duels.pairs:
                if seat not in (a, b):
                    continue
                before = prices(int(coefficient), raws[a, c], raws[b, c], cleans[a, c], cleans[b, c])
                xa, xb = (mine_raw, raws[b, c]) if a == seat else (raws[a, c], mine_raw)
                after = prices(int(coefficient), xa, xb, cleans[a, c], cleans[b, c])
                points[a] += after - before
                points[b] -= after - before
            moved.append(_margin(_side_points(sides, points), mine))
        weights[c] = float(np.mean(kernel * (moved[0] - moved[1]) / (2 * _STEP)))
    return _scaled(weights, coefficients)


#: Below this, a column's point moves the margin of no close draw: the game is decided.
_NEGLIGIBLE = 1e-9


def _scaled(weights: FloatArray, coefficients: FloatArray) -> tuple[float, ...]:
    """The weights scaled to the coefficients' mean; the coefficients where no weight counts.

    A decided game leaves every kernel value at the bottom of the float range: a weight
    of 1e-320 would make a mean of 0 and every weight infinite, so weights are compared
    with `_NEGLIGIBLE` before they are divided.
    """
    weights = np.maximum(np.nan_to_num(weights, nan=0.0), 0.0)
    top = float(weights.max(initial=0.0))
    if not top > _NEGLIGIBLE or not math.isfinite(top):
        return tuple(float(w) for w in coefficients)
    weights = np.maximum(weights / top, 1e-6)
    return tuple(float(w) for w in weights * coefficients.mean() / weights.mean())


#: The view of the turn, per sheets object: one entry per (player to move, seed, samples).
_RECENT: IdentityCache[dict[tuple[int, int, int], tuple[SheetView, FloatArray]]] = IdentityCache(
    "bots: duel-sheet views", size=4, key="a game's sheets"
)


@attrs.frozen
class DuelSheetPlayer:
    """Plays a sheet scored by column duels for the chance to win (see the module's description).

    Attributes:
        seed: the seed of its draws; its choices depend only on it and the state.
        samples: draws behind each chance and weight.
        checked: how many placements are compared by the win chance.
        depth: how many throws ahead its keeps look (as the ``"hard"`` bot's).

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("competitive", mode="2v2")
        >>> g = v.new_game(players=["A", "B", "C", "D"], seed=5).apply(yamskit.Roll(outcome="55551"))
        >>> DuelSheetPlayer(samples=500).choose(g) in g.legal_actions()
        True
    """

    seed: int = attrs.field(default=0, kw_only=True)
    samples: int = attrs.field(default=SAMPLES, kw_only=True, validator=_at_least_one)
    checked: int = attrs.field(default=CHECKED, kw_only=True, validator=_at_least_one)
    depth: int = attrs.field(default=3, kw_only=True, validator=_at_least_one)

    def choose(self, state: GameState) -> Action:
        """The action it takes in ``state`` (always legal there).

        Raises:
            RuleConfigError: the game is not a scorecard scored by duels.
            YamskitError: the game is over.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("competitive")
            >>> DuelSheetPlayer().choose(v.new_game(players=["A", "B"], seed=1))
            Roll(keep=Dice.parse(''), outcome=None)
        """
        _duels_of(state)
        assert isinstance(state, ScorecardGame)
        if state.is_over:
            raise YamskitError("no legal action to choose from: the game is over")
        if not state.turn.has_thrown:
            return Roll()
        view, gains = self._view(state)
        placements = sorted(_placements(state, view, gains), key=lambda vp: -vp[0])
        action = keep_or_box(state, placements[0] if placements else None, _stop_table(view, gains), depth=self.depth)
        if isinstance(action, Roll) or len(placements) < 2:
            return action
        seat = state.current_player
        best: Action = action
        best_chance = -math.inf
        for _, placement in placements[: self.checked]:
            chance = win_chance(state.apply(placement), seat, seed=self.seed, samples=self.samples)
            if chance > best_chance:
                best, best_chance = placement, chance
        return best

    def _view(self, game: ScorecardGame) -> tuple[SheetView, FloatArray]:
        """The hard bot's view with the duel weights, kept for the turn (it does not depend on the dice)."""
        views = _RECENT.get(game.sheets, dict)
        key = (game.current_player, self.seed, self.samples)
        if key not in views:
            weights = column_weights(game, seed=self.seed, samples=self.samples)
            view = attrs.evolve(SheetView.of(game), weights=weights)
            views[key] = (view, view.gains())
        return views[key]
