"""`AheadPlayer`: a sheet played one turn deeper at the box, the expert of Balut and of sheets without fitted values.

``"hard"`` values the end of its turn by the sheet view (`yamskit.bots.sheet.SheetView`): the
points written now plus what the open boxes are expected to be worth, and, where the game is
won on a points table (Balut), the awards' expected points (`yamskit.bots.points`). On the
sheets hard plays by that view and does not solve, a sheet won on a points table or of several
columns, the ``"expert"`` level plays `AheadPlayer`, alone and with opponents, unless values fitted
to the sheet ship with the package (Yams Challenge's: `yamskit.bots.values_player.ValuesPlayer`,
which played it from 2026-12-06). It differs from hard in two ways:

* **the box it writes** is chosen among the best `CANDIDATES` by the view one turn later: the
  gain of writing it, plus the expected gain of the player's next turn played by the same view
  from the sheet it leaves (`yamskit.bots.lookahead.expected_first_throw`); its keeps are hard's;
* **its awards' chances** count `AHEAD_TRIES` aimed turns for each open box of a category that
  pays while none of its boxes is 0, where hard counts `yamskit.bots.points.POINT_TRIES`.

With opponents, the next turn it looks at is its own, after theirs, on its own sheet: the
others' turns do not write there. (A placement rule reading their sheets, such as a golden
rule, could narrow it meanwhile; the view does not foresee that. Such a sheet scored by column
duels, Competitive Yams, has its own expert.)

Measured on two cores (2026-12-05 and 06; the figures and commands: docs/performance.md):

* Balut alone: 8.63 ± 0.07 points a game against hard's 8.47 ± 0.07 over the ladder's seeds
  0-9999 (runs 18 and 19), the intervals 0.02 points apart (the pair of changes was chosen on
  seeds 20000-20999, and first played on fresh seeds 40000-41999: 8.81 ± 0.16 against 8.43 ±
  0.15). A decision takes 0.4 to 0.5 ms (median; p99 9 to 13 ms), hard's 0.13 to 0.19.
* Balut for two: 52.2% (50.6-53.7) of 4,000 games against the strong bot (run 21), which was
  then ``"hard"``; ``"hard"`` stands lower there now (`yamskit.bots.strong.POINTS_TABLE_VERSUS`).
* Yams Challenge alone: 729.3 ± 1.1 points a game against hard's 726.1 ± 1.1 over seeds
  3000-12999 (runs 23 and 24, the intervals apart), after 729.7 ± 2.0 against 727.6 ± 2.0 over
  seeds 0-2999 (run 22, overlapping); about +3 to +4 points a game. For two: 51.9% (50.3-53.4)
  of 4,000 games against hard (run 22).
* On classic Yams, where the solver tells, the view loses 9.1 points a game against the
  optimum and this player 7.8 (`benchmarks/solitaire_strength.py --bot view`, ``--bot ahead``).

Examples:
    >>> import yamskit
    >>> balut = yamskit.variant("balut")
    >>> game = balut.new_game(seed=3).apply(yamskit.Roll(outcome="66665"))
    >>> AheadPlayer().choose(game) in game.legal_actions()
    True
"""

from __future__ import annotations

import attrs

from ..actions import Action, Roll
from ..game import GameState
from ..scorecard.state import ScorecardGame
from .basic import GreedyPlayer
from .lookahead import expected_first_throw, keep_or_box
from .sheet import WORTH_FACTOR, SheetView, _placements, _stop_table, _view_of, bonus_factor_of, choose_on_sheet

__all__ = ["AHEAD_TRIES", "CANDIDATES", "AheadPlayer"]

#: How many turns aimed at it an open box of a ``no_zero`` award counts on (hard: `POINT_TRIES`, 2).
AHEAD_TRIES = 3
#: How many boxes, the best first by the one-turn view, are valued one turn deeper.
CANDIDATES = 4
#: How many throws ahead the keeps look: hard's (`yamskit.bots.StrongPlayer`'s ``depth``).
_DEPTH = 3


@attrs.frozen
class AheadPlayer:
    """The sheet view one turn deeper at the box, for a scorecard hard plays by its view (see the module).

    With opponents, the turn it looks at is its own next one, after the others have played:
    it views its own seat's sheet as it leaves it. The others' turns leave that sheet as it is;
    only a placement rule that reads their sheets (a golden rule) could narrow it meanwhile,
    and the view does not foresee that.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("balut").new_game(seed=1)
        >>> AheadPlayer().choose(game)  # a turn starts with a throw
        Roll(keep=Dice.parse(''), outcome=None)
    """

    def choose(self, state: GameState) -> Action:
        """The action it takes in ``state`` (always legal there).

        Examples:
            >>> import yamskit
            >>> game = yamskit.variant("balut").new_game(seed=2).apply(yamskit.Roll(outcome="12345"))
            >>> AheadPlayer().choose(game)  # a straight: written at once
            Score(row='straight', column=None)
        """
        if not isinstance(state, ScorecardGame) or state.is_over:
            return GreedyPlayer().choose(state)
        bonus = bonus_factor_of(state.rules)
        if not state.turn.has_thrown or state.rules.saved_throws:
            return choose_on_sheet(state, depth=_DEPTH, bonus_factor=bonus)
        view, gains = _view_of(state, False, WORTH_FACTOR, bonus, AHEAD_TRIES)
        stop = _stop_table(view, gains)
        boxes = sorted(_placements(state, view, gains), key=lambda vp: -vp[0])
        action = keep_or_box(state, boxes[0] if boxes else None, stop, depth=_DEPTH)
        if isinstance(action, Roll) or len(boxes) < 2:
            return action
        seat = state.current_player
        return max(boxes[:CANDIDATES], key=lambda vp: vp[0] + _next_turn(state.apply(vp[1]), seat, bonus))[1]


def _next_turn(after: ScorecardGame, seat: int, bonus: float) -> float:
    """The expected gain of ``seat``'s next turn from ``after``, played by the view (0 once its sheet is full)."""
    if after.sheets[seat].is_full:
        return 0.0
    view = SheetView.of(after, worth_factor=WORTH_FACTOR, bonus_factor=bonus, seat=seat, point_tries=AHEAD_TRIES)
    rules = after.rules
    return expected_first_throw(_stop_table(view, view.gains()), max_throws=rules.max_throws, dice=rules.dice)
