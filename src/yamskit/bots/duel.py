"""`DuelPlayer`: a two-player one-column game played to win, not for the highest mean.

The solved strategy maximises the expected final score. Against one opponent the aim is to
finish above them: a player far behind should gamble on the boxes that can still catch up,
a player ahead should take the sure points. In the last turns (both sheets with at most
``endgame`` boxes open), the duel player plays each turn to maximise its exact chance of
winning against an opponent who plays the solved strategy, and the turns after it by the
solved strategy (`yamskit.solver.duel.duel_ratings`); before that, and where its chance is
no better than the solved strategy's action (a game already won or lost), it plays the
solved strategy. A move that wins the game at once comes first, as with
`yamskit.bots.OptimalPlayer`.

This is the ``"expert"`` level of `yamskit.bots.player` in two-player games of a sheet the
solver plays (with the batch simulation's rules: not Generala's served rules).

Examples:
    >>> import yamskit
    >>> from yamskit.solver import solve
    >>> strategy = solve(yamskit.variant("yacht"), quiet=True)
    >>> bot = DuelPlayer(lambda: strategy)
    >>> game = yamskit.variant("yacht").new_game(players=["A", "B"], seed=1)
    >>> bot.choose(game)
    Roll(keep=Dice.parse(''), outcome=None)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .._cache import Memo
from ..actions import Action
from ..game import GameState
from ..scorecard.state import ScorecardGame
from .basic import OptimalPlayer

__all__ = ["ENDGAME", "DuelPlayer"]

#: The most boxes open on either sheet for a turn to be played to win (the cost of a turn's exact
#: chances grows fast with the boxes open: about 10 ms a state after the turn at four, a second at six).
ENDGAME = 4
#: Below this gain in the chance to win, the solved strategy's action is kept.
_GAIN = 1e-9


@attrs.define(eq=False)
class DuelPlayer:
    """Plays a two-player one-column game for the chance to win (see the module's description).

    Attributes:
        strategy: gives the solved strategy of the variant (`yamskit.solver.solve`), called at
            the first decision; the ``"expert"`` level passes the hard bot's cached solve.
        endgame: the most boxes open on either sheet for a turn to be played to win.
        departures: how many of its actions so far were not the solved strategy's (0 while
            it has only played as `OptimalPlayer` would, so that a game replayed with the
            same dice by the solved strategy would be the same game).

    Examples:
        >>> import yamskit
        >>> from yamskit import Roll, Score
        >>> from yamskit.categories import Category, total, upper
        >>> from yamskit.solver import solve
        >>> rows = [upper(6), Category("chance", total)]
        >>> duo = yamskit.ScorecardVariant.define("duo", rows=rows, dice=3, max_throws=2)
        >>> strategy = solve(duo, quiet=True)
        >>> game = duo.new_game(players=["A", "B"], seed=7)
        >>> for action in [Roll(outcome="256"), Roll("6", "45"), Score("chance"), Roll(outcome="134"), Roll("", "124")]:
        ...     game = game.apply(action)  # A wrote 15 in chance; B threw 124 on its last throw
        >>> OptimalPlayer(strategy).choose(game)  # the higher mean: chance kept for later
        Score(row='sixes', column=None)
        >>> bot = DuelPlayer(lambda: strategy)
        >>> bot.choose(game)  # the better chance to finish above A: 8.7% against 7.3%
        Score(row='chance', column=None)
        >>> bot.departures
        1
    """

    strategy: Callable[[], Any] = attrs.field(kw_only=False)
    endgame: int = attrs.field(default=ENDGAME, kw_only=True)
    departures: int = attrs.field(default=0, init=False)
    _solved: Any = attrs.field(default=None, init=False, repr=False)
    _to_come: Any = attrs.field(default=None, init=False, repr=False)
    _turns: Memo[tuple[int, ...], Any] = attrs.field(
        factory=lambda: Memo("bots: duel turn", size=8, key="both sheets (filled, flag, upper, points each)"),
        init=False,
        repr=False,
    )
    _theirs: Memo[tuple[int, int, int, int], Any] = attrs.field(
        factory=lambda: Memo("bots: duel opponent", size=64, key="the opponent's sheet (filled, flag, upper, points)"),
        init=False,
        repr=False,
    )

    def choose(self, state: GameState) -> Action:
        """The action it plays in ``state``: the solved strategy's, or the one with the best chance to win."""
        if self._solved is None:
            self._solved = self.strategy()
        strategy = self._solved
        optimal = OptimalPlayer(strategy).choose(state)
        if not self._plays_to_win(state):
            return optimal
        assert isinstance(state, ScorecardGame)
        from ..solver.duel import PointsToCome, duel_ratings, turn_chances

        if self._to_come is None:
            self._to_come = PointsToCome(strategy)
        them = 1 - state.current_player
        p = strategy.position(state, player=them)
        sheet = (p.filled, p.flag, p.upper, p.so_far)
        theirs = self._theirs.get(sheet)
        if theirs is None:  # the same through the whole of this turn: worked out once
            theirs = self._theirs.put(
                sheet, self._to_come.distribution(filled=p.filled, flag=p.flag, upper=p.upper, so_far=p.so_far)
            )
        mine = strategy.position(state)
        key = (mine.filled, mine.flag, mine.upper, mine.so_far, *sheet)
        turn = self._turns.get(key)
        if turn is None:  # the same for each decision of this turn: worked out at its first
            turn = self._turns.put(key, turn_chances(strategy, state, theirs, to_come=self._to_come))
        ratings = duel_ratings(strategy, state, theirs, turn=turn)
        best = max(ratings, key=lambda r: r.chance)
        kept = next((r.chance for r in ratings if r.action == optimal), -1.0)
        if best.chance - kept <= _GAIN:
            return optimal
        self.departures += 1
        return best.action

    def _plays_to_win(self, state: GameState) -> bool:
        if not isinstance(state, ScorecardGame) or len(state.players) != 2 or state.is_over:
            return False
        if not state.turn.has_thrown:
            return False
        open_boxes = [sum(cell.is_empty for cell in sheet.cells[0]) for sheet in state.sheets]
        return max(open_boxes) <= self.endgame
