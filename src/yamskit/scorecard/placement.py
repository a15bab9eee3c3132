"""Placements: a proposed Score or Scratch as it passes through a variant's placement rules.

When a player scores, yamskit first checks what every scorecard shares (the box
exists, is empty, the column's fill order and turn condition allow it), then builds
a `Placement` with the box's plain points and hands it to each of the
variant's *placement rules* in turn. A rule is any callable
``rule(game, placement) -> placement``: it may return the placement unchanged, with
other points (a joker, a *sec* maximum, a golden-rule 0), with points beside the
boxes (a Yams bonus), with boxes to cross out as a consequence, or raise an
`IllegalActionError` subclass that names the rule. Rules are values
you compose, not methods you override.

A rule may also offer optional hooks, each read with ``getattr`` (a rule without one
is simply not asked, so no rule has to subclass anything):

* ``refusable_rows(game) -> frozenset[str]``: the rows whose boxes it could refuse in
  that position (``frozenset()`` for a rule that only changes points). Listing the legal
  moves then runs the rules only on boxes of those rows (see `yamskit.scorecard.moves`);
  a rule without the method is run on every open box. Items may also be ``(row, column)``
  boxes, and a rule sure to refuse a box's Score (and to accept its Scratch) may name it
  as a `yamskit.scorecard.moves.Refused` pair, which is then left out without a run.
* ``box_values(rules, values) -> values``: the points each row's box can hold once this
  rule has had its say (`BoxValues`, one set per row). A rule that writes no value the
  rows do not already give returns ``values`` unchanged. Without this hook the rule may
  write anything, and the position checks skip the box values.
* ``crosses_out``: true for a rule that writes crossed-out boxes even where the variant
  has no crossing out (Competitive Yams' zeros).
* ``extra_points``: the points beside the boxes the rule pays at a time (a Yams bonus).
* ``check_position(game)``: raise a `yamskit.position.ImpossibleSheetError` for sheets
  the rule forbids (plus above minus, the two sums); `yamskit.position.check_reachable`
  asks every rule that has it.

Three more help find a game that reaches a position (see `yamskit.scorecard.witness`);
a rule without them is still run on every turn the search tries, only more slowly:

* ``witness_own_sheet``: true for a rule whose effect depends on the placing player's own
  sheet and the turn only (a joker, a Yams bonus): each player's boxes are then ordered alone.
* ``witness_context(game, player, row, column) -> Hashable``: what of the sheet the rule's
  effect on that box depends on; the search works a turn out once per context.
* ``witness_order(game) -> Iterable[(before, after, rule)]``: boxes ``(player, row,
  column)`` (indexes) that must be written in that order across players (the golden rule,
  the sums).

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    >>> game = game.apply(yamskit.Roll(outcome="22555"))
    >>> game.placement(yamskit.Score("full_house")).points
    25
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

import attrs

from .._fast import builder, replacer
from ..dice import Dice
from ..turn import Turn

if TYPE_CHECKING:
    from .state import ScorecardGame

__all__ = ["BoxValues", "Placement", "PlacementRule"]

#: The points each row's box can hold, one set per row, top to bottom (see `box_values` above).
BoxValues: TypeAlias = tuple[frozenset[int], ...]


@attrs.frozen
class Placement:
    """What a Score or Scratch would write, as computed so far.

    Attributes:
        player: index of the player placing.
        row: row id; column: column id.
        dice: the five dice showing; turn: the turn they come from.
        scratch: the player asked to cross the box out (``Scratch``).
        points: the points to write (0 when crossed out).
        crossed: the box will be written as crossed out (asked, or forced by a rule).
        extra: points earned beside the boxes (for example a Yams bonus).
        also_cross: other boxes ``(row, column)`` of the same sheet that become crossed
            out as a consequence, even if they hold points.
        notes: short explanations added by rules, for UIs and logs.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic", yams_bonus=100).new_game(seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("yams"))
        >>> p = g.apply(yamskit.Roll(outcome="66666")).placement(yamskit.Score("sixes"))
        >>> p.points, p.extra, p.crossed, p.notes
        (30, 100, False, ('bonus 100',))
    """

    player: int
    row: str
    column: str
    dice: Dice
    turn: Turn
    scratch: bool
    points: int
    crossed: bool
    extra: int = 0
    also_cross: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()

    def written_as_zero(self, note: str) -> Placement:
        """This placement, written as a crossed-out 0, with ``note`` explaining why."""
        return _zeroed(self, 0, True, (*self.notes, note))


#: A placement with other points, crossing and notes, without the checks (see `yamskit._fast`).
_zeroed = replacer(Placement, "points", "crossed", "notes")
#: ``Placement(...)`` from values known to be right, without the constructor's checks: the
#: scorecard builds one or two placements at every write.
new_placement = builder(Placement)


#: A placement rule: inspect or change a placement, or raise an IllegalActionError.
PlacementRule: TypeAlias = Callable[["ScorecardGame", Placement], Placement]
