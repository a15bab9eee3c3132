"""`Refused` pairs: a rule that is sure it refuses a box's Score lets the legal moves skip running it there.

`yamskit.scorecard.moves.legal_ids` leaves a box named as `Refused` out of the Scores without
running the rules on it, keeps checking its Scratch against any rule that names the box
plainly, and trusts no `Refused` pair from a fixed ``refusable_rows`` set (a set that knows
no position). Each listing is compared with what the full check (`is_legal`) accepts.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from yamskit import Roll, Score, ScorecardGame, ScorecardVariant, Scratch
from yamskit.categories import upper
from yamskit.errors import ConstraintError
from yamskit.scorecard.moves import Refused
from yamskit.scorecard.placement import Placement

ROWS = [upper(face) for face in range(1, 7)]


@attrs.frozen
class NoOnesScore:
    """Refuses every Score in ones, accepts its Scratch, and says so with a `Refused` pair; counts its runs on ones."""

    runs: list[int] = attrs.field(factory=list, eq=False)

    def __call__(self, game: ScorecardGame, p: Placement) -> Placement:
        if p.row == "ones":
            self.runs.append(1)
            if not p.scratch:
                raise ConstraintError("no Score in ones")
        return p

    def refusable_rows(self, game: ScorecardGame) -> frozenset[tuple[str, str]]:
        return frozenset({Refused(("ones", "main"))})


@attrs.frozen
class NoOnesScratch:
    """Refuses crossing ones out, naming the box as a plain pair (it may refuse it)."""

    def __call__(self, game: ScorecardGame, p: Placement) -> Placement:
        if p.row == "ones" and p.scratch:
            raise ConstraintError("ones may not be crossed out")
        return p

    def refusable_rows(self, game: ScorecardGame) -> frozenset[tuple[str, str]]:
        return frozenset({("ones", "main")})


@attrs.frozen
class FixedRefusedTwos:
    """Accepts everything, yet names twos as `Refused` in a fixed set, which must not be trusted."""

    refusable_rows: ClassVar[frozenset[tuple[str, str]]] = frozenset({Refused(("twos", "main"))})

    def __call__(self, game: ScorecardGame, p: Placement) -> Placement:
        return p


def _thrown(*rules: object) -> ScorecardGame:
    variant = ScorecardVariant.define("refusals", rows=ROWS, rules=list(rules))
    return variant.new_game(players=["Ann"], seed=1).apply(Roll(outcome="11234"))


def _listed(game: ScorecardGame) -> set[object]:
    return {a for a in game.legal_actions() if isinstance(a, (Score, Scratch))}


def _accepted(game: ScorecardGame) -> set[object]:
    return {a for a in game.variant.actions if isinstance(a, (Score, Scratch)) and game.is_legal(a)}


def test_a_refused_score_is_left_out_without_running_the_rule_and_its_scratch_stays() -> None:
    rule = NoOnesScore()
    game = _thrown(rule)

    game.legal_action_ids()
    listed = _listed(game)

    assert rule.runs == []  # neither the Score nor the Scratch of ones went through the rule
    assert Score("ones") not in listed
    assert Scratch("ones") in listed
    assert listed == _accepted(game)


def test_a_box_another_rule_names_plainly_still_has_its_scratch_checked() -> None:
    for rules in [(NoOnesScore(), NoOnesScratch()), (NoOnesScratch(), NoOnesScore())]:
        game = _thrown(*rules)

        listed = _listed(game)

        assert Score("ones") not in listed
        assert Scratch("ones") not in listed
        assert Score("twos") in listed
        assert Scratch("twos") in listed
        assert listed == _accepted(game)


def test_a_refused_pair_in_a_fixed_set_is_only_a_box_to_check() -> None:
    game = _thrown(FixedRefusedTwos())

    assert Score("twos") in _listed(game)
    assert _listed(game) == _accepted(game)
