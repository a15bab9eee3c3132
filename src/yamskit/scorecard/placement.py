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
is simply not asked, so no rule has to subclass anything). `PlacementRuleBase` is an
``attrs`` base class that declares every hook at its default (the answer the engine gives a
rule without it): derive from it to write only what your rule adds, typed. The hooks that
bear on play are looked up once, when the rules are made, the others only by the position
checks, so deriving from the base adds no work to a step:

* ``check_sheet(rules)``: raise `yamskit.errors.RuleConfigError`, naming the rule and the
  row, when the sheet cannot honour the rule (a joker naming a five-of-a-kind row the
  sheet lacks); `yamskit.scorecard.ScorecardVariant.define` asks every rule that has it,
  and `yamskit.scorecard.ScorecardRules.check_rows` does the usual check;
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
* ``ends_game(game, placement) -> bool`` with ``end_reason`` (text): a *game-end rule*.
  When the hook says yes, writing the placement ends the game at once, the placing player
  the winner whatever the points: the state's ``ended`` holds a
  `yamskit.scorecard.rules.EarlyEnd` (the seat and ``end_reason``), ``is_over`` is true,
  ``result()`` ranks that player first, and saves, notation and positions carry it.
  `yamskit.scorecard.game_rules.ServedWin` is one (Generala's served generala).

Three more help find a game that reaches a position (see `yamskit.scorecard.witness`);
a rule without them is still run on every turn the search tries, only more slowly:

* ``witness_own_sheet``: true for a rule whose effect depends on the placing player's own
  sheet and the turn only (a joker, a Yams bonus): each player's boxes are then ordered alone.
* ``witness_context(game, player, row, column) -> Hashable``: what of the sheet the rule's
  effect on that box depends on; the search works a turn out once per context.
* ``witness_order(game) -> Iterable[(before, after, rule)]``: boxes ``(player, row,
  column)`` (indexes) that must be written in that order across players (the golden rule,
  the sums).

`Placement`, `PlacementRule` (the protocol: ``__call__`` only), `PlacementRuleBase` and
`BoxValues` live in `yamskit.scorecard.rules` beside the `ScorecardRules` that hold the
rules and the `SheetState` protocol a rule reads; this module is their documented home and
gives the same objects.

Examples:
    >>> import yamskit
    >>> game = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    >>> game = game.apply(yamskit.Roll(outcome="22555"))
    >>> game.placement(yamskit.Score("full_house")).points
    25
"""

from __future__ import annotations

from .rules import BoxValues, Placement, PlacementRule, PlacementRuleBase

__all__ = ["BoxValues", "Placement", "PlacementRule", "PlacementRuleBase"]
