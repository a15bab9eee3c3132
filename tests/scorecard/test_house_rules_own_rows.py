"""The built-in house rules read the rows a sheet declares, not classic's row ids.

A German Kniffel sheet names its boxes ``einser`` ... ``sechser`` and ``kniffel``. Its joker
(``Joker(kind, row="kniffel", upper=...)``) must find the number box of a five of a kind
among those rows: a further 44444 is matched with ``vierer``, never with ``fours``.
"""

from __future__ import annotations

import pytest

import yamskit
from yamskit import Dice, JokerRuleError, Roll, Score, ScorecardGame, ScorecardVariant, Scratch
from yamskit.categories import (
    Category,
    is_five_of_a_kind,
    is_full_house,
    is_large_straight,
    is_small_straight,
    n_of_a_kind,
    total,
    upper,
    when,
)
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker, JokerKind

NUMBER_ROWS = ("einser", "zweier", "dreier", "vierer", "fuenfer", "sechser")
LOWER_ROWS = ("dreierpasch", "viererpasch", "full_house", "kleine_strasse", "grosse_strasse", "kniffel", "chance")


def kniffel(joker: JokerKind, *, bonus: int = 0) -> ScorecardVariant:
    """Kniffel as a user declares it (docs/how-to/define-a-variant.md), with its own row ids."""
    rules: list[Joker | FiveOfAKindBonus] = [Joker(joker, row="kniffel", upper=NUMBER_ROWS)]
    if bonus:
        rules.append(FiveOfAKindBonus(bonus, row="kniffel"))
    return ScorecardVariant.define(
        f"kniffel-{joker}",
        rows=[
            *(upper(face, name) for face, name in enumerate(NUMBER_ROWS, start=1)),
            Category("dreierpasch", when(n_of_a_kind(3), total)),
            Category("viererpasch", when(n_of_a_kind(4), total)),
            Category("full_house", when(is_full_house, 25)),
            Category("kleine_strasse", when(is_small_straight, 30)),
            Category("grosse_strasse", when(is_large_straight, 40)),
            Category("kniffel", when(is_five_of_a_kind, 50)),
            Category("chance", total),
        ],
        bonus=yamskit.UpperBonus.single(63, 35, rows=NUMBER_ROWS),
        rules=rules,
    )


def _after_kniffel_and_vierer(variant: ScorecardVariant) -> ScorecardGame:
    """44444 in kniffel, then 44412 in vierer: the next 44444 is a further five of a kind, its number box filled."""
    game = variant.new_game(players=["Anna"], seed=1)
    game = game.apply(Roll(outcome="44444")).apply(Score("kniffel"))
    return game.apply(Roll(outcome="44412")).apply(Score("vierer"))


def _three_throws_of_44444(game: ScorecardGame) -> list[ScorecardGame]:
    """The states after each of three throws that all show 44444 (the third keeps four 4s)."""
    first = game.apply(Roll(outcome="44444"))
    second = first.apply(Roll(keep=Dice.parse("444"), outcome="44"))
    third = second.apply(Roll(keep=Dice.parse("4444"), outcome="4"))
    return [first, second, third]


def _scores(game: ScorecardGame) -> set[str]:
    return {a.row for a in game.legal_actions() if isinstance(a, Score)}


FULL_VALUES = {"full_house": 25, "kleine_strasse": 30, "grosse_strasse": 40, "dreierpasch": 20, "viererpasch": 20}


@pytest.mark.parametrize("joker", ["forced", "free", "seed"])
def test_a_further_kniffel_can_be_placed_after_every_throw_of_a_live_game(joker: JokerKind) -> None:
    for thrown in _three_throws_of_44444(_after_kniffel_and_vierer(kniffel(joker))):
        assert not thrown.is_over
        assert set(LOWER_ROWS) - {"kniffel"} <= _scores(thrown)
        assert {a.row for a in thrown.legal_actions() if isinstance(a, Scratch)}  # crosses too
        assert "vierer" not in _scores(thrown)


@pytest.mark.parametrize("joker", ["forced", "free", "seed"])
def test_a_further_kniffel_pays_the_lower_boxes_full_value_once_vierer_is_filled(joker: JokerKind) -> None:
    for thrown in _three_throws_of_44444(_after_kniffel_and_vierer(kniffel(joker))):
        for row, points in {**FULL_VALUES, "chance": 20}.items():
            assert thrown.placement(Score(row)).points == points, row
        assert thrown.apply(Score("full_house")).cell(0, "full_house").points == 25


def test_a_forced_joker_sends_a_further_kniffel_to_a_lower_box_once_vierer_is_filled() -> None:
    thrown = _after_kniffel_and_vierer(kniffel("forced")).apply(Roll(outcome="44444"))

    assert _scores(thrown) == set(LOWER_ROWS) - {"kniffel"}
    with pytest.raises(JokerRuleError, match=r"'vierer' is filled, so this five of a kind goes in a lower box"):
        thrown.apply(Score("einser"))


def test_a_forced_joker_sends_a_further_kniffel_to_its_open_number_box() -> None:
    game = kniffel("forced").new_game(players=["Anna"], seed=1)
    game = game.apply(Roll(outcome="44444")).apply(Score("kniffel")).apply(Roll(outcome="44444"))

    assert _scores(game) == {"vierer"}
    with pytest.raises(JokerRuleError, match=r"a five of a kind of 4s must go in 'vierer'"):
        game.apply(Score("full_house"))
    assert game.apply(Score("vierer")).cell(0, "vierer").points == 20


@pytest.mark.parametrize("joker", ["free", "seed"])
def test_a_free_joker_pays_its_own_points_while_the_number_box_is_open(joker: JokerKind) -> None:
    game = kniffel(joker).new_game(players=["Anna"], seed=1)
    game = game.apply(Roll(outcome="44444")).apply(Score("kniffel")).apply(Roll(outcome="44444"))

    assert game.placement(Score("full_house")).points == 0
    assert game.placement(Score("einser")).points == 0
    assert game.placement(Score("vierer")).points == 20


def test_a_five_of_a_kind_bonus_on_its_own_row_is_paid_with_the_joker() -> None:
    game = _after_kniffel_and_vierer(kniffel("forced", bonus=50)).apply(Roll(outcome="44444"))

    after = game.apply(Score("grosse_strasse"))

    assert (after.cell(0, "grosse_strasse").points, after.sheets[0].extra) == (40, 50)
    assert after.result().scores == (50 + 12 + 40 + 50,)  # kniffel, vierer (44412), grosse_strasse, the bonus


def test_kniffel_plays_to_the_end_through_its_legal_actions() -> None:
    game = kniffel("forced", bonus=50).new_game(players=["Anna", "Ben"], seed=3)
    turns = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, game.to_notation()
        throws = [a for a in actions if isinstance(a, Roll)]
        # five of a kind on every first throw: the joker is asked at almost every turn
        game = game.apply(Roll(outcome=str(turns % 6 + 1) * 5) if throws and not game.turn.throws else actions[0])
        turns += not game.turn.throws
    assert game.result().scores[0] > 0


SMALL_SHEET = [upper(1), Category("full_house", when(is_full_house, 25)), Category("yams", when(is_five_of_a_kind, 50))]


def test_a_forced_joker_sends_a_five_of_a_kind_whose_number_row_is_missing_to_a_lower_box() -> None:
    """On a sheet without ``twos``, 22222 after the Yams goes in the full house at 25, never nowhere."""
    variant = ScorecardVariant.define("small-forced", rows=SMALL_SHEET, rules=[Joker("forced")])
    game = variant.new_game(players=["Anna"], seed=1).apply(Roll(outcome="11111")).apply(Score("yams"))
    thrown = game.apply(Roll(outcome="22222"))

    assert _scores(thrown) == {"full_house"}
    assert thrown.placement(Score("full_house")).points == 25
    with pytest.raises(JokerRuleError, match=r"'twos' is not on this sheet, so this five of a kind goes in a lower"):
        thrown.apply(Score("ones"))
    # with the full house filled, the 0 goes in the open number box
    full = game.apply(Roll(outcome="22555")).apply(Score("full_house")).apply(Roll(outcome="22222"))
    assert _scores(full) == {"ones"}
    assert full.placement(Score("ones")).points == 0


def test_a_free_joker_pays_plain_points_for_a_five_of_a_kind_whose_number_row_is_missing() -> None:
    variant = ScorecardVariant.define("small-free", rows=SMALL_SHEET, rules=[Joker("free")])
    game = variant.new_game(players=["Anna"], seed=1).apply(Roll(outcome="11111")).apply(Score("yams"))
    thrown = game.apply(Roll(outcome="22222"))

    assert _scores(thrown) == {"ones", "full_house"}
    assert thrown.placement(Score("full_house")).points == 0
