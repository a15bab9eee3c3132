"""Rewards of the adapters: ``score``, ``normalized`` or ``outcome``, the same in Gymnasium, PettingZoo and OpenSpiel.

* ``"score"`` (the default of the Gymnasium and PettingZoo envs): each step pays the change
  of the seat's score since the seat was last paid, so the rewards of an episode add up to
  its final score: the seat's own points, or its team's where seats play as a team
  (Competitive ``2v2``, Yamslam ``team``: the team's total). Points the other seats make
  between two steps (a team mate's chip, an opponent's box that changes a duel) are paid
  at the next step, or at the last one.
* ``"normalized"``: the same, divided by `reward_scale`, so that a return is the final
  score over the scale (see the table there).
* ``"outcome"``: 0 until the end, then +1 if the seat's side wins alone, 0 if it shares
  first place, -1 if it loses (the variant's own winner rule: the ranking of
  `yamskit.game.Result`). Solitaire games win when they end.

The final score is also in ``info["final_score"]`` on the last step (Gymnasium) or in the
agents' infos (PettingZoo), whatever the reward.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yamslam", mode="team").new_game(players=["A", "B", "C", "D"], seed=1)
    >>> side_score(g.result(), 2), outcome(g.result(), 0)
    (0, 0)
    >>> reward_scale(yamskit.variant("classic"), 1)
    375.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, get_args

from ..adapters import adapter_of
from ..errors import RuleConfigError, brief
from ..game import GameState, Variant
from ..result import DuelResult, Result
from ..scorecard.rules import ScorecardRules
from ..scorecard.sheet import Cell, Sheet
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant

__all__ = ["DUEL_SCALE", "REWARDS", "DuelResult", "Reward", "outcome", "reward_scale", "scorer", "side_score"]

#: The reward options.
Reward = Literal["score", "normalized", "outcome"]
#: Their names, for checks and messages.
REWARDS: tuple[str, ...] = get_args(Reward)
#: The divisor of ``"normalized"`` rewards of games scored by duels (Competitive Yams).
DUEL_SCALE = 100_000.0


def check_reward(reward: object) -> Reward:
    """``reward`` if it is one of `REWARDS`.

    Raises:
        RuleConfigError: any other value (the message lists the choices).

    Examples:
        >>> check_reward("outcome")
        'outcome'
    """
    if reward not in REWARDS:
        raise RuleConfigError(f"reward must be one of {', '.join(map(repr, REWARDS))}, not {brief(reward)}")
    return reward  # type: ignore[return-value]


def side_score(result: Result, seat: int) -> int:
    """The score ``seat`` plays for: its team's in team play, else its own.

    Examples:
        >>> import yamskit
        >>> r = yamskit.Result.from_scores(("A", "B"), (12, 30))
        >>> side_score(r, 0), side_score(r, 1)
        (12, 30)
    """
    for team in result.teams:
        if seat in team.seats:
            return team.score
    return result.scores[seat]


def outcome(result: Result, seat: int) -> int:
    """+1 if ``seat``'s side won alone, 0 if it shares first place with another side, -1 otherwise.

    Team mates are one side: two winners of the same team is a win, not a shared place.

    Examples:
        >>> import yamskit
        >>> r = yamskit.Result.from_scores(("A", "B", "C"), (10, 10, 3))
        >>> outcome(r, 0), outcome(r, 2)
        (0, -1)
    """
    winners = set(result.winners)
    if seat not in winners:
        return -1
    side = next((set(team.seats) for team in result.teams if seat in team.seats), {seat})
    return 1 if winners <= side else 0


def reward_scale(variant: Variant, players: int) -> float:
    """The divisor of ``"normalized"`` rewards: a score of this size is a return of 1.

    * scorecard sheets scored by totals (classic, yahtzee, challenge, yours): the sheet's
      greatest total without five-of-a-kind bonuses, every row's maximum (over the rolls of
      the sheet's dice) plus the top upper bonus, in every column (classic and yahtzee 375,
      challenge 1,348);
    * Competitive Yams (duel points, zero-sum): `DUEL_SCALE`, 100,000 (returns mostly lie
      within ±1; a crushing win can pass it);
    * any other family: the scale its `yamskit.adapters.EdgeAdapter` gives (Yam Master, run
      points: 12, the tokens of a player; Yamslam, chips: the best possible score, 1,000),
      else 1 (scores unscaled).

    ``players`` is accepted for scales that would depend on it; none does yet.

    Examples:
        >>> import yamskit
        >>> reward_scale(yamskit.variant("challenge"), 1), reward_scale(yamskit.variant("yamslam"), 2)
        (1348.0, 1000.0)
    """
    if isinstance(variant, ScorecardVariant):
        rules = variant.rules
        if rules.result is not None:
            return DUEL_SCALE
        bonus = max((points for _, points in rules.bonus.tiers), default=0) if rules.bonus else 0
        return float((sum(max(table) for table in rules.row_tables) + bonus) * len(rules.columns))
    scale = adapter_of(variant).reward_scale
    return 1.0 if scale is None else float(scale(variant, players))


def scorer(variant: Variant, players: Sequence[str]) -> Callable[[GameState, Sequence[int]], list[int]]:
    """``scores(state, seats)``: `side_score` of the state's result for ``seats``, without the whole result.

    The adapters pay score rewards after every move that can change a score, so they read
    scores often. Where the variant scores in a known way, only the seats' parts are
    computed: a sheet's total (boxes, upper bonuses, extra points), the duels a side
    fights (a `DuelResult`: Competitive Yams), the ``side_score`` a family's
    `yamskit.adapters.EdgeAdapter` gives (Yamslam: a side's chip collection); any other
    variant asks for its result. The tests check that both agree over whole games.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("yamslam")
        >>> g = v.new_game(players=["A", "B"], seed=1)
        >>> scorer(v, g.players)(g, [0, 1]) == [side_score(g.result(), s) for s in (0, 1)] == [0, 0]
        True
    """
    if isinstance(variant, ScorecardVariant):
        rules = variant.rules
        tally = _ColumnTally(rules)
        if rules.result is None:
            return lambda state, seats: [
                tally.sheet_total(game.sheets[s], s) for game in (_sheets_of(state),) for s in seats
            ]
        if isinstance(rules.result, DuelResult):  # the duels of Competitive Yams
            probe = variant.new_game(players=players, seed=0).result()
            sides = [next((t.seats for t in probe.teams if s in t.seats), (s,)) for s in range(len(players))]
            book = _DuelBook(rules.result, tally)
            return lambda state, seats: book.totals(_sheets_of(state), [sides[s] for s in seats])
    else:
        fast = adapter_of(variant).side_score
        if fast is not None:
            return lambda state, seats: [fast(state, s) for s in seats]
    return lambda state, seats: [side_score(result, s) for result in (state.result(),) for s in seats]


def _sheets_of(state: GameState) -> ScorecardGame:
    """``state``, a scorecard game (a scorer made for a scorecard variant reads its states).

    Raises:
        TypeError: ``state`` is not a scorecard game.
    """
    if not isinstance(state, ScorecardGame):
        raise TypeError(f"this scorer reads scorecard states, not a {type(state).__name__}")
    return state


class _ColumnTally:
    """Each seat's columns as the standard scorecard result counts them, updated box by box.

    For every (seat, column) it keeps the last column seen (a tuple of boxes: states are
    values, so an unchanged column is the same object and a changed one shares its
    unchanged boxes) with its score: the boxes' points plus the upper bonus (what
    Competitive Yams calls the raw score) and whether every box holds points (a clean
    column). A new column is compared with the last one box by box, by identity, and only
    the boxes that differ change the sums: at most seats x columns entries.
    """

    def __init__(self, rules: ScorecardRules) -> None:
        self.bonus = rules.bonus
        self.upper = frozenset(rules.row_index(r) for r in rules.bonus.rows) if rules.bonus else frozenset()
        #: (seat, column) -> (boxes, score, clean, points of the boxes, upper total, boxes holding points)
        self.last: dict[tuple[int, int], tuple[tuple[Cell, ...], int, bool, int, int, int]] = {}

    def column(self, seat: int, c: int, cells: tuple[Cell, ...]) -> tuple[tuple[Cell, ...], int, bool, int, int, int]:
        """``seat``'s column ``c`` showing ``cells``: (cells, score, clean, points, upper total, boxes with points)."""
        last = self.last.get((seat, c))
        if last is not None and last[0] is cells:
            return last
        upper_rows = self.upper
        if last is None:
            before: tuple[Cell, ...] | None = None
            points = upper = positive = 0
        else:
            before, _, _, points, upper, positive = last
        for r, cell in enumerate(cells):
            old = None if before is None else before[r]
            if cell is old:
                continue
            value = cell.value
            delta = value if old is None else value - old.value
            points += delta
            if r in upper_rows:
                upper += delta
            positive += (value > 0) - (old is not None and old.value > 0)
        score = points + self.bonus.points(upper) if self.bonus else points
        found = self.last[(seat, c)] = (cells, score, positive == len(cells), points, upper, positive)
        return found

    def sheet_total(self, sheet: Sheet, seat: int) -> int:
        """A sheet's total as the standard scorecard result counts it: boxes, upper bonuses, extra points."""
        total: int = sheet.extra
        column = self.column
        for c, cells in enumerate(sheet.cells):
            total += column(seat, c, cells)[1]
        return total


class _DuelBook:
    """The duel points of a Competitive Yams game, each recomputed only when one of its two columns changed.

    A duel of column ``c`` between seats ``a`` and ``b`` depends on those two columns of
    their sheets and on the column's coefficient (the result function's ``duel_points``).
    The book remembers the sheets and coefficients it last counted, each duel's points and
    each seat's running total; a new state is compared with them by identity (states are
    values: an unchanged sheet or column is the same object), and only the duels of the
    columns that changed are counted again. The tally keeps each seat's column score up to
    date box by box. At most columns x pairs duels are kept.
    """

    def __init__(self, duels: DuelResult, tally: _ColumnTally) -> None:
        self.pairs = pairs = duels.pairs
        self.duel_points = duels.duel_points
        self.tally = tally
        self.sheets: tuple[Sheet, ...] = ()
        self.weights: tuple[int, ...] | None = None
        self.points: dict[tuple[int, int, int], int] = {}
        self.per_seat: list[int] = []
        #: for each seat, the pairs it duels in
        self.duels_of = {seat: tuple(p for p in pairs if seat in p) for pair in pairs for seat in pair}

    def totals(self, state: ScorecardGame, sides: list[tuple[int, ...]]) -> list[int]:
        sheets, weights = state.sheets, state.column_weights
        before = self.sheets
        tally = self.tally
        changed: set[tuple[int, int, int]] = set()
        if weights is not self.weights or len(before) != len(sheets):  # another game: count every duel
            self.weights, self.points, self.per_seat = weights, {}, [0] * len(sheets)
            for seat, sheet in enumerate(sheets):
                for c, cells in enumerate(sheet.cells):
                    tally.column(seat, c, cells)
            changed.update((c, a, b) for c in range(len(state.rules.columns)) for a, b in self.pairs)
        else:
            for seat, sheet in enumerate(sheets):
                old = before[seat]
                if sheet is not old:
                    for c, (cells, old_cells) in enumerate(zip(sheet.cells, old.cells, strict=True)):
                        if cells is not old_cells:
                            tally.column(seat, c, cells)
                            changed.update((c, a, b) for a, b in self.duels_of.get(seat, ()))
        # every column of these sheets is now the last one the tally saw
        self.sheets = sheets
        per_seat, points_of, last = self.per_seat, self.points, tally.last
        for key in changed:
            c, a, b = key
            _, raw_a, clean_a, *_ = last[(a, c)]
            _, raw_b, clean_b, *_ = last[(b, c)]
            points = self.duel_points(raw_a, raw_b, clean_a=clean_a, clean_b=clean_b, coefficient=weights[c])
            delta = points - points_of.get(key, 0)
            points_of[key] = points
            per_seat[a] += delta
            per_seat[b] -= delta  # a duel pays its pair (points, -points)
        return [sum(per_seat[seat] for seat in side) for side in sides]
