"""Maxi Yatzy against its rule pages: every worked example of maxiyatzy.com, the rulings, the options.

Source of the examples: maxiyatzy.com, *MaxiYatzy regler*
(http://www.maxiyatzy.com/maxiyatzyregler.html; the same examples in English on
https://maxiyahtzee.com/maxiyahtzeerules.html), one example per box, read December 2026.
"""

from __future__ import annotations

import pytest

import yamskit
from yamskit import Roll, Score
from yamskit.errors import RuleConfigError, ThrowLimitError
from yamskit.scorecard import ScorecardVariant

MAXI = yamskit.variant("maxi-yatzy")

#: maxiyatzy.com's example for each box: (row, the six dice as the page writes them, the points it gives).
EXAMPLES = [
    ("ones", "311614", 3),
    ("twos", "254326", 4),
    ("threes", "321343", 9),
    ("fours", "443454", 16),
    ("fives", "512554", 15),
    ("sixes", "463166", 18),
    ("one_pair", "642651", 12),
    ("two_pairs", "213355", 16),
    ("three_pairs", "225566", 26),
    ("three_of_a_kind", "453554", 15),
    ("four_of_a_kind", "242252", 8),
    ("five_of_a_kind", "332333", 15),
    ("small_straight", "123453", 15),
    ("large_straight", "234566", 20),
    ("full_straight", "123456", 21),
    ("full_house", "344666", 26),  # Kåk 2+3: the pair and the triple, not the lone 3
    ("villa", "222555", 21),  # Hus 3+3
    ("tower", "336666", 30),  # Torn 2+4
    ("chance", "342654", 24),
    ("maxi_yatzy", "444444", 100),
]


@pytest.mark.parametrize(("row", "dice", "points"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_every_worked_example_of_the_rule_page(row: str, dice: str, points: int) -> None:
    assert MAXI.score(row, dice) == points


def test_the_sheet_has_the_twenty_boxes_of_the_rule_page_in_its_order() -> None:
    assert MAXI.rows == tuple(row for row, _, _ in EXAMPLES)
    assert MAXI.rules.dice == 6
    assert MAXI.rules.max_throws == 3
    assert MAXI.rules.saved_throws


@pytest.mark.parametrize(
    ("upper", "bonus", "options"),
    [(84, 100, {}), (83, 0, {}), (84, 50, {"bonus": 50}), (75, 50, {"bonus": 50, "bonus_threshold": 75}), (74, 0, {})],
)
def test_the_upper_bonus_is_100_at_84_and_its_options(upper: int, bonus: int, options: dict[str, int]) -> None:
    # maxiyatzy.com: 100 when ones..sixes reach 84, 0 at 83 or less; svenskaspelregler.se: 50 at 75
    assert yamskit.variant("maxi-yatzy", **options).rules.bonus.points(upper) == bonus  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("row", "dice", "points"),
    [
        ("two_pairs", "444412", 0),  # the pairs must be of different faces
        ("two_pairs", "225566", 22),  # the best two pairs
        ("three_pairs", "444455", 0),  # a tower is two faces, not three pairs
        ("three_pairs", "666666", 0),
        ("full_house", "555666", 28),  # the best reading: 666 + 55
        ("full_house", "666622", 22),  # a tower holds a full house
        ("full_house", "666662", 0),  # the pair must be of another face
        ("full_house", "666666", 0),
        ("villa", "666666", 0),
        ("tower", "666666", 0),
        ("tower", "666612", 0),
        ("three_of_a_kind", "333666", 18),  # the higher triple
        ("four_of_a_kind", "555556", 20),  # four of the five
        ("five_of_a_kind", "666666", 30),
        ("small_straight", "123456", 15),  # a full straight is also a small and a large one
        ("large_straight", "123456", 20),
        ("large_straight", "123455", 0),
        ("full_straight", "123455", 0),
        ("maxi_yatzy", "444443", 0),
        ("one_pair", "123456", 0),
    ],
)
def test_the_rulings_of_the_rules_page(row: str, dice: str, points: int) -> None:
    assert MAXI.score(row, dice) == points


def test_the_swedish_names_are_aliases() -> None:
    game = MAXI.new_game(seed=1).apply(Roll(outcome="222555"))
    assert game.placement(Score("hus")).points == game.placement(Score("villa")).points == 21
    assert game.placement(Score("Kåk")).row == "full_house"


@pytest.mark.parametrize(
    "options", [{"bonus": 75}, {"bonus": True}, {"bonus_threshold": 63}, {"saved_throws": 1}, {"saved_throws": "no"}]
)
def test_options_outside_their_values_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(RuleConfigError, match=next(iter(options))):
        yamskit.variant("maxi-yatzy", **options)


def test_a_turn_of_one_throw_saves_two_and_a_later_turn_spends_them() -> None:
    game = MAXI.new_game(["Ann", "Bob"], seed=3)
    game = game.apply(Roll(outcome="666666")).apply(Score("maxi_yatzy"))
    assert game.saved_throws == (2, 0)
    game = game.apply(Roll(outcome="123456")).apply(Roll(outcome="123456")).apply(Score("full_straight"))
    assert game.saved_throws == (2, 1)  # Bob used two: one saved
    for used in range(1, 6):
        assert Roll() in game.legal_actions()
        game = game.apply(Roll())
        assert game.turn.throws_used == used
        assert game.saved_now("Ann") == 2 - max(0, used - 3)
        legal = {i for i, action in enumerate(MAXI.actions) if game.is_legal(action)}
        assert legal == set(game.legal_action_ids())  # the tables agree with the full check beyond 3 throws
    assert Roll() not in game.legal_actions()  # three and both stored ones: no throw left
    with pytest.raises(ThrowLimitError, match="3 throws and 2 saved"):
        game.apply(Roll())
    game = game.apply(Score("chance"))
    assert game.saved_throws == (0, 1)


def test_at_least_one_throw_is_made_every_turn() -> None:
    game = MAXI.new_game(seed=1)
    assert list(game.legal_actions()) == [Roll()]
    with pytest.raises(yamskit.errors.MustRollFirstError):
        game.apply(Score("chance"))


def test_without_saved_throws_every_turn_has_three() -> None:
    plain = yamskit.variant("maxi-yatzy", saved_throws=False)
    game = plain.new_game(["Ann"], seed=1).apply(Roll(outcome="666666")).apply(Score("sixes"))
    assert game.saved_throws == ()
    assert game.turn.throws_left == 3
    for _ in range(3):
        game = game.apply(Roll())
    assert Roll() not in game.legal_actions()


def test_the_preset_is_a_declaration_like_any_users() -> None:
    mine = ScorecardVariant.define(
        "maxi-yatzy",
        rows=MAXI.rules.rows,
        bonus=MAXI.rules.bonus,
        dice=6,
        saved_throws=True,
        options=MAXI.options,
        notes=MAXI.notes,
    )
    assert mine == MAXI
    assert mine.rules.row_tables == MAXI.rules.row_tables


def test_the_exact_solver_refuses_it_naming_the_store() -> None:
    from yamskit.solver.model import model_of

    with pytest.raises(RuleConfigError, match="saves unused throws"):
        model_of(MAXI)
    plain = model_of(yamskit.variant("maxi-yatzy", saved_throws=False))  # without the store: 20 rows, solvable
    assert (plain.num_rows, plain.cap, plain.max_throws) == (20, 84, 3)


@pytest.mark.parametrize("level", ["random", "easy"])
def test_the_random_and_easy_bots_play_a_whole_game(level: str) -> None:
    from yamskit import bots

    player = bots.player(MAXI, level, seed=1)
    game = MAXI.new_game(["Ann", "Bob"], seed=5)
    while not game.is_over:
        game = game.apply(player.choose(game))
    assert all(sheet.is_full for sheet in game.sheets)
    assert min(game.saved_throws) >= 0


def test_describe_names_the_store_and_the_real_maxima() -> None:
    text = MAXI.describe()
    assert "Saved throws:" in text
    assert "maxi_yatzy: Maxi Yatzy, max 100" in text
    assert "three_pairs: Three pairs, max 30" in text


def test_a_game_with_a_store_pickles_and_copies_whole() -> None:
    import copy
    import pickle

    game = MAXI.new_game(["Ann", "Bob"], seed=2).apply(Roll(outcome="666666")).apply(Score("sixes"))
    game = game.apply(Roll())
    for back in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert back == game
        assert back.saved_throws == (2, 0)
        assert back.legal_action_ids() == game.legal_action_ids()
