"""``define()`` checks every placement rule, bonus and scorer against the sheet, and names what is wrong.

A rule naming a row the sheet lacks used to be accepted and to break the game later (the
first five of a kind made every Score fail with ``unknown row 'yams'``); a scorer that raised
escaped as a bare exception naming no row. Each is now a `RuleConfigError` at definition,
naming the rule (or row) and the row (or roll).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

import yamskit
from yamskit import Dice, Roll, RuleConfigError, Score, ScorecardVariant, UpperBonus
from yamskit.categories import Category, is_five_of_a_kind, total, upper, when
from yamskit.scorecard import PlacementRule, PlacementRuleBase, ScorecardRules
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker, NumberBoxBonus
from yamskit.scorecard.placement import Placement
from yamskit.scorecard.rules import SheetState
from yamskit.variants.challenge import PlusAboveMinus
from yamskit.variants.competitive.rules import GoldenRule, Sec, SumPair, ZeroIsScratch

#: The issue's sheet: one number row and a chance, no five-of-a-kind row.
SMALL = [upper(1), Category("chance", total)]
NUMBERS = [upper(face) for face in range(1, 7)]
YAMS = Category("yams", when(is_five_of_a_kind, 50))
GERMAN = ("einser", "zweier", "dreier", "vierer", "fuenfer", "sechser")
KNIFFEL = [*(upper(face, name) for face, name in enumerate(GERMAN, start=1)), Category("kniffel", YAMS.scorer)]


def _define(rows: Sequence[Category], *rules: Any, **more: Any) -> ScorecardVariant:
    return ScorecardVariant.define("checked", rows=rows, rules=rules, **more)


def _refused(message: str, rows: Sequence[Category], *rules: Any, **more: Any) -> None:
    with pytest.raises(RuleConfigError, match=re.escape(message)):
        _define(rows, *rules, **more)


# ---------------------------------------------------------------- the joker
@pytest.mark.parametrize("kind", ["free", "forced", "seed"])
def test_a_joker_naming_a_five_of_a_kind_row_the_sheet_lacks_is_refused(kind: str) -> None:
    _refused(
        f"Joker({kind!r}): the five-of-a-kind row 'yams' is not a row of this sheet (rows: 'ones', 'chance')",
        SMALL,
        Joker(kind),  # type: ignore[arg-type]
    )


def test_a_joker_reading_classic_number_rows_on_a_sheet_with_its_own_is_refused() -> None:
    _refused(
        "Joker('free'): none of its number rows ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes') is a row "
        "of this sheet (name the sheet's number rows, ones to sixes, with upper=...)",
        KNIFFEL,
        Joker("free", row="kniffel"),
    )


def test_a_joker_whose_number_rows_are_out_of_face_order_is_refused() -> None:
    shuffled = (*GERMAN[:3], GERMAN[4], GERMAN[3], GERMAN[5])
    _refused(
        "Joker('forced'): its number row of 4s, 'fuenfer', must pay for five 4s and for no other five of a kind",
        KNIFFEL,
        Joker("forced", row="kniffel", upper=shuffled),
    )


def test_a_joker_checks_every_number_row_the_sheet_has_past_one_it_lacks() -> None:
    """A sheet without the Einser still has its other number rows checked, in face order."""
    shuffled = (*GERMAN[:3], GERMAN[4], GERMAN[3], GERMAN[5])
    _refused(
        "Joker('free'): its number row of 4s, 'fuenfer', must pay for five 4s",
        KNIFFEL[1:],
        Joker("free", row="kniffel", upper=shuffled),
    )


def test_a_joker_whose_number_row_is_another_box_is_refused() -> None:
    rows = [*NUMBERS[:5], Category("sixes", total), YAMS]  # "sixes" that is a chance
    _refused("Joker('seed'): its number row of 6s, 'sixes', must pay for five 6s", rows, Joker("seed"))


def test_a_joker_whose_five_of_a_kind_row_is_a_number_row_is_refused() -> None:
    _refused(
        "Joker('free'): its five-of-a-kind row 'sixes' is also one of its number rows",
        [*NUMBERS, YAMS],
        Joker("free", row="sixes"),
    )


@pytest.mark.parametrize(
    "upper_rows",
    [("ones",), ("ones", "ones", "twos", "threes", "fours", "fives"), (1, 2, 3, 4, 5, 6), "ones", "abcdef", 6, None],
)
def test_a_joker_names_six_distinct_number_rows(upper_rows: object) -> None:
    with pytest.raises(RuleConfigError, match="a joker's upper names the six number rows, ones to sixes, each once"):
        Joker("free", upper=upper_rows)  # type: ignore[arg-type]
    with pytest.raises(RuleConfigError, match="a number-box bonus's upper names the six number rows"):
        NumberBoxBonus(50, upper=upper_rows)  # type: ignore[arg-type]


def test_a_row_name_given_alone_is_one_row_not_its_letters() -> None:
    # "abcdef" once passed as six rows a to f, and a number fell through as a bare TypeError
    for given, shown in [("ones", "('ones',)"), ("abcdef", "('abcdef',)"), (6, "6")]:
        with pytest.raises(RuleConfigError) as refused:
            Joker("free", upper=given)  # type: ignore[arg-type]
        assert str(refused.value).endswith(f"each once, not {shown}")


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Joker("wild"), "joker must be None, 'free', 'forced' or 'seed', not 'wild'"),
        (
            lambda: Joker("free", upper=("ones",)),
            "a joker's upper names the six number rows, ones to sixes, each once, not ('ones',)",
        ),
        (lambda: NumberBoxBonus(-5), "a five-of-a-kind bonus is whole points >= 0, not -5"),
        (lambda: NumberBoxBonus(2.5), "a five-of-a-kind bonus is whole points >= 0, not 2.5"),
        (
            lambda: NumberBoxBonus(50, upper=("a", "b")),
            "a number-box bonus's upper names the six number rows, ones to sixes, each once, not ('a', 'b')",
        ),
        (
            lambda: NumberBoxBonus(50, upper=(1, 2, 3, 4, 5, 6)),
            "a number-box bonus's upper names the six number rows, ones to sixes, each once, not (1, 2, 3, 4, 5, 6)",
        ),
        (
            lambda: NumberBoxBonus(50, upper=("a", "a", "b", "c", "d", "e")),
            "a number-box bonus's upper names the six number rows, ones to sixes, each once, not ('a', 'a', ",
        ),
    ],
)
def test_a_rule_refusing_its_options_shows_the_value_refused(build: Callable[[], object], message: str) -> None:
    with pytest.raises(RuleConfigError, match=re.escape(message)):
        build()


def test_a_joker_on_a_sheet_with_its_own_rows_or_only_some_number_rows_is_accepted() -> None:
    assert _define(KNIFFEL, Joker("forced", row="kniffel", upper=GERMAN)).rows[-1] == "kniffel"
    assert _define([upper(6), YAMS], Joker("free"), Joker("forced")).rows == ("sixes", "yams")


# ---------------------------------------------------------------- the other built-in rules
@pytest.mark.parametrize("points", [-50, 2.5, True, "100"])
def test_a_five_of_a_kind_bonus_is_whole_points_and_names_the_value_refused(points: object) -> None:
    message = f"a five-of-a-kind bonus is whole points >= 0, not {points!r}"
    with pytest.raises(RuleConfigError, match=re.escape(message)):
        FiveOfAKindBonus(points)  # type: ignore[arg-type]


def test_a_five_of_a_kind_bonus_naming_a_row_the_sheet_lacks_is_refused() -> None:
    _refused(
        "FiveOfAKindBonus(100): the five-of-a-kind row 'yams' is not a row of this sheet", SMALL, FiveOfAKindBonus()
    )
    _refused("FiveOfAKindBonus(50): the five-of-a-kind row 'yams'", KNIFFEL, FiveOfAKindBonus(50))


def test_a_number_box_bonus_needs_its_five_of_a_kind_row_and_number_rows_other_than_it() -> None:
    _refused(
        "NumberBoxBonus(50): the five-of-a-kind row 'yams' is not a row of this sheet (rows: 'einser', 'zweier', "
        "'dreier', 'vierer', 'fuenfer', 'sechser', 'kniffel')",
        KNIFFEL,
        NumberBoxBonus(50),
    )
    _refused(
        "NumberBoxBonus(50): its number rows ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes') must be rows of "
        "this sheet other than 'kniffel'",
        KNIFFEL,
        NumberBoxBonus(50, row="kniffel"),
    )
    _refused(
        "NumberBoxBonus(50): its number rows ('einser', 'zweier', 'dreier', 'vierer', 'fuenfer', 'sechser... "
        "(62 characters) must be rows of this sheet other than 'sechser'",
        KNIFFEL,
        NumberBoxBonus(50, row="sechser", upper=GERMAN),
    )
    assert _define(KNIFFEL, NumberBoxBonus(50, row="kniffel", upper=GERMAN)).rows[-1] == "kniffel"


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (PlusAboveMinus(), "PlusAboveMinus: the row that must hold more 'plus' is not a row of this sheet"),
        (PlusAboveMinus(plus="chance"), "PlusAboveMinus: the row that must hold less 'minus' is not a row"),
        (PlusAboveMinus(plus="chance", minus="chance"), "PlusAboveMinus: plus and minus are both the row 'chance'"),
    ],
)
def test_plus_above_minus_needs_both_its_rows(rule: PlusAboveMinus, message: str) -> None:
    _refused(message, SMALL, rule)


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (SumPair(), "SumPair: the small sum row 'small_sum' is not a row of this sheet"),
        (SumPair(small="ones"), "SumPair: the large sum row 'large_sum' is not a row of this sheet"),
        (SumPair(small="ones", large="ones"), "SumPair: small and large are both the row 'ones'"),
    ],
)
def test_a_sum_pair_needs_both_its_rows(rule: SumPair, message: str) -> None:
    _refused(message, SMALL, rule)


def test_a_sec_needs_the_rows_of_its_maxima_and_its_constraints() -> None:
    _refused("Sec: the row of a maximum 'yams' is not a row of this sheet", SMALL, Sec({"ones": 5, "yams": 100}))
    _refused(
        "SumPair: the small sum row 'small_sum' is not a row of this sheet",
        SMALL,
        Sec({"ones": 5}, constraints=(SumPair(),)),
    )
    _refused(
        "Sec: the constraint 'no bounds' has no bounds(game, player, row, column)",
        SMALL,
        Sec({"ones": 5}, constraints=("no bounds",)),  # type: ignore[arg-type]
    )


def test_rules_that_read_no_row_are_accepted_on_any_sheet() -> None:
    variant = _define(SMALL, ZeroIsScratch(), GoldenRule(), allow_scratch=False)
    assert variant.rules.placement_rules == (ZeroIsScratch(), GoldenRule())


def test_a_rule_that_is_not_callable_is_refused() -> None:
    _refused(
        "placement rule 2 ('joker') is not callable: a rule is rule(game, placement) -> placement",
        SMALL,
        GoldenRule(),
        "joker",
    )


def test_a_long_row_id_in_a_rule_is_cut_short_in_the_message() -> None:
    with pytest.raises(RuleConfigError, match=re.escape("... (1000 characters) is not a row")) as caught:
        _define(SMALL, FiveOfAKindBonus(row="y" * 1000))
    assert len(str(caught.value)) < 200


# ---------------------------------------------------------------- a user's rule through the typed interface
@attrs.frozen
class _Doubled(PlacementRuleBase):
    """Doubles the points of one row."""

    row: str
    refusable_rows = frozenset()

    def __call__(self, game: SheetState, placement: Placement) -> Placement:
        if placement.row != self.row:
            return placement
        return attrs.evolve(placement, points=2 * placement.points)

    def check_sheet(self, rules: ScorecardRules) -> None:
        rules.check_rows(self, "doubled row", self.row)


def test_a_users_rule_checks_the_sheet_through_its_hook() -> None:
    _refused(
        "_Doubled: the doubled row 'yams' is not a row of this sheet (rows: 'ones', 'chance')", SMALL, _Doubled("yams")
    )
    game = _define(SMALL, _Doubled("chance")).new_game(seed=1).apply(Roll(outcome="12345"))
    assert game.placement(Score("chance")).points == 30


@attrs.frozen
class _Plain(PlacementRuleBase):
    """A rule that offers no hook: the base's defaults."""

    def __call__(self, game: SheetState, placement: Placement) -> Placement:
        return placement


def _plain_function(game: SheetState, placement: Placement) -> Placement:
    return placement


def test_the_base_defaults_are_what_the_engine_assumes_of_a_rule_without_hooks() -> None:
    based = _define([*NUMBERS, YAMS], _Plain())
    bare = _define([*NUMBERS, YAMS], _plain_function)
    for rules in (based.rules, bare.rules):
        assert rules.box_values is None  # it may write anything
        assert rules.tables.tellers == (None,)  # it may refuse any box
        assert rules.tables.static_rows == frozenset()
    rule = _Plain()
    assert (rule.extra_points, rule.crosses_out, rule.witness_own_sheet, rule.witness_context) == (
        0,
        False,
        False,
        None,
    )
    rule.check_sheet(based.rules)  # nothing to check
    assert list(rule.witness_order(based.new_game(seed=1))) == []
    game = based.new_game(seed=1).apply(Roll(outcome="66666"))
    assert list(game.legal_actions()) == list(bare.new_game(seed=1).apply(Roll(outcome="66666")).legal_actions())


@pytest.mark.parametrize("rule", [Joker("free"), FiveOfAKindBonus(), PlusAboveMinus(), GoldenRule(), _plain_function])
def test_built_in_rules_and_functions_are_placement_rules(rule: Callable[..., Any]) -> None:
    assert isinstance(rule, PlacementRule)


def test_every_built_in_rule_derives_from_the_base() -> None:
    for name in ("classic", "yahtzee", "challenge", "competitive"):
        for rule in yamskit.variant(name).rules.placement_rules:
            assert isinstance(rule, PlacementRuleBase), (name, rule)


# ---------------------------------------------------------------- the upper bonus
@pytest.mark.parametrize(
    ("bonus", "message"),
    [
        (
            UpperBonus.single(63, 35),
            "the upper bonus counts unknown rows ['twos', 'threes', 'fours', 'fives', 'sixes']",
        ),
        (UpperBonus(rows=("ones", "ones")), "the upper bonus counts a row twice: ['ones', 'ones']"),
        (
            UpperBonus(rows=("ones",), tiers=((3, -5),)),
            "an upper bonus tier is (threshold, points), whole numbers >= 0, not (3, -5)",
        ),
        (UpperBonus(rows=("ones",), tiers=((3.5, 5),)), "not (3.5, 5)"),  # type: ignore[arg-type]
    ],
)
def test_an_upper_bonus_that_does_not_fit_the_sheet_is_refused(bonus: UpperBonus, message: str) -> None:
    _refused(message, SMALL, bonus=bonus)


# ---------------------------------------------------------------- scorers
def _raises(dice: Dice) -> int:
    return 1 // 0


@pytest.mark.parametrize(
    ("scorer", "message"),
    [
        (_raises, "row 'x': its scorer raised ZeroDivisionError ('integer division or modulo by zero') for 11111"),
        (
            lambda dice: -1 if dice.faces[0] == 6 else 0,
            "row 'x': a scorer must give whole points >= 0, but gives -1 for 66666",
        ),
        (lambda dice: 2.5, "row 'x': a scorer must give whole points >= 0, but gives 2.5 for 11111"),
        (lambda dice: dice.counts[9], "row 'x': its scorer raised IndexError"),
    ],
)
def test_a_scorer_that_fails_on_a_roll_is_refused_naming_the_row_and_the_roll(
    scorer: Callable[[Dice], int], message: str
) -> None:
    with pytest.raises(RuleConfigError, match=re.escape(message)) as caught:
        _define([*SMALL, Category("x", scorer)])
    if scorer is _raises:
        assert isinstance(caught.value.__cause__, ZeroDivisionError)


# ---------------------------------------------------------------- column conditions
def test_a_turn_condition_without_a_check_function_is_refused() -> None:
    column = yamskit.Column("odd", condition=yamskit.TurnCondition("odd", "odd throws", None))  # type: ignore[arg-type]
    _refused(
        "column 'odd': the turn condition 'odd' has no check (a function turn -> bool), but None",
        SMALL,
        columns=[column],
    )
