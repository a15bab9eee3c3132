"""Yamslam turn rules on every roll, after each throw, with full and partly emptied piles.

For each of the 252 rolls, after the first, second and third throw, with a full rack or with
kinds gone from the rack and chips in the discard pile: which chips may be taken (from the
rack, and from the discard pile), whether the turn may end, and which throws are left. The
combinations are restated below from the rule sheet; the legal moves listed, each action's
own check and what a take writes must agree with them. Then the end of a turn and of a
round (who plays next, what a round without a chip discards) and the end of the game.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

import yamskit
from yamskit import Dice, IllegalActionError, Pass, Roll, TakeChip
from yamskit.dice import ROLLS

V = yamskit.variant("yamslam")
SOLO = yamskit.variant("yamslam", mode="solo")
KINDS = ("two_pairs", "three_of_a_kind", "small_straight", "flush", "full_house", "four_of_a_kind", "large_straight")
VALUES = dict(zip(KINDS, (5, 10, 20, 25, 30, 40, 50), strict=True))

#: Table states: (collections by player, discard pile); the rack holds the other chips.
TABLES = {
    "full_rack": ({}, {}),
    "kinds_gone": ({"Ann": {"flush": 4}, "Bob": {"full_house": 4, "two_pairs": 1}}, {"large_straight": 2}),
}


def _qualifies(dice: Dice) -> set[str]:
    """The kinds a roll wins by the rule sheet (matching is inclusive)."""
    faces = set(dice.faces)
    counts = sorted(Counter(dice.faces).values())
    found = set()
    if sum(n // 2 for n in counts) >= 2:
        found.add("two_pairs")
    if counts[-1] >= 3:
        found.add("three_of_a_kind")
    if any(run <= faces for run in ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})):
        found.add("small_straight")
    if len({face % 2 for face in dice.faces}) == 1:
        found.add("flush")
    if counts == [2, 3]:
        found.add("full_house")
    if counts[-1] >= 4:
        found.add("four_of_a_kind")
    if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}):
        found.add("large_straight")
    return found


def _rack(table: str) -> Counter[str]:
    collections, discard = TABLES[table]
    rack = Counter(dict.fromkeys(KINDS, 4))
    for chips in (*collections.values(), discard):
        rack.subtract(chips)
    return +rack


@pytest.mark.parametrize("table", list(TABLES))
@pytest.mark.parametrize("throws", [1, 2, 3])
def test_every_roll_takes_exactly_the_chips_the_rule_sheet_gives(table: str, throws: int) -> None:
    collections, discard = TABLES[table]
    rack = _rack(table)
    non_rolls = [a for a in V.actions if not isinstance(a, Roll)]
    for dice in ROLLS:
        game = V.position(["Ann", "Bob"], collections=collections, discard=discard, dice=dice, throws=throws, seed=1)
        yamslam = len(set(dice.faces)) == 1
        wins = set(KINDS) if yamslam else _qualifies(dice)
        expected = {TakeChip(kind) for kind in KINDS if kind in wins and rack[kind]} | {Pass()}
        if yamslam:
            expected |= {TakeChip(kind, from_discard=True) for kind in discard}

        listed = list(game.legal_actions())
        assert {a for a in listed if not isinstance(a, Roll)} == expected, (table, throws, dice)
        assert {a for a in non_rolls if game.is_legal(a)} == expected, (table, throws, dice)
        assert game.legal_action_ids() == tuple(sorted(V.actions.index(a) for a in listed))
        keeps = {a.keep for a in listed if isinstance(a, Roll)}
        subsets = {Dice(kept) for n in range(6) for kept in itertools.combinations(dice.faces, n)}
        assert keeps == (subsets if throws < 3 else set()), (table, throws, dice)


@pytest.mark.parametrize("dice", ["22444", "12345", "13355", "66661", "11111"])
def test_a_chip_taken_is_written_to_the_collection_and_leaves_its_pile(dice: str) -> None:
    collections, discard = TABLES["kinds_gone"]
    game = V.position(["Ann", "Bob"], collections=collections, discard=discard, dice=dice, seed=1)
    yamslam = len(set(dice)) == 1
    for action in game.legal_actions():
        if not isinstance(action, TakeChip):
            continue
        after = game.apply(action)
        took = Counter(after.chips(0)) - Counter(game.chips(0))
        assert took == Counter({action.kind: 1})
        pile, other = (after.discard, after.rack) if action.from_discard else (after.rack, after.discard)
        before_pile, before_other = (game.discard, game.rack) if action.from_discard else (game.rack, game.discard)
        assert Counter(before_pile) - Counter(pile) == Counter({action.kind: 1})
        assert other == before_other
        assert after.chips(1) == game.chips(1)
        assert after.current_player == (0 if yamslam else 1)
        assert after.turn.throws_used == 0


def test_no_chip_may_be_taken_or_the_turn_ended_before_the_first_throw() -> None:
    game = V.new_game(players=["Ann", "Bob"], seed=1)
    for action in (Pass(), TakeChip("two_pairs"), TakeChip("flush", from_discard=True)):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    assert list(game.legal_actions()) == [Roll()]


def _turn(game: yamskit.GameState, dice: str, take: str | None) -> yamskit.GameState:
    game = game.apply(Roll(outcome=dice))
    return game.apply(TakeChip(take) if take else Pass())


@pytest.mark.parametrize("first", [0, 1, 2])
def test_a_round_without_a_chip_discards_the_highest_chip_once_the_last_seat_has_played(first: int) -> None:
    players = ["Ann", "Bob", "Cy"]
    game = V.position(players, first_player=first, current_player=first, seed=1)
    seen = []
    for _ in range(3):
        seen.append(game.current_player)
        assert (len(game.rack), len(game.discard)) == (28, 0)
        game = _turn(game, "12346", None)
    assert seen == [first, (first + 1) % 3, (first + 2) % 3]
    assert game.current_player == first
    assert list(game.discard) == ["large_straight"]
    assert len(game.rack) == 27
    for _ in range(2):
        game = _turn(game, "22444", None)
    game = _turn(game, "22444", "full_house")  # the last seat takes a chip: nothing discarded
    assert (len(game.rack), len(game.discard), game.current_player) == (26, 1, first)
    game = _turn(game, "22444", "full_house")  # the first seat takes one: nothing discarded either
    for _ in range(2):
        game = _turn(game, "12346", None)
    assert (len(game.rack), len(game.discard), game.current_player) == (25, 1, first)


def test_solo_discards_after_every_turn_without_a_chip_and_plays_on() -> None:
    game = SOLO.new_game(seed=1)
    expected_discard = []
    for n, kind in enumerate(["large_straight"] * 4 + ["four_of_a_kind"] * 2):
        game = _turn(game, "12346", None)
        expected_discard.append(kind)
        assert game.current_player == 0
        assert Counter(game.discard) == Counter(expected_discard), n
        assert len(game.rack) == 27 - n
    game = _turn(game, "22444", "full_house")
    assert (len(game.rack), len(game.discard)) == (21, 6)


def test_the_game_ends_when_the_rack_is_empty_and_not_before() -> None:
    rack_one = {"Ann": {k: 4 for k in KINDS if k != "two_pairs"} | {"two_pairs": 1}, "Bob": {"two_pairs": 2}}
    game = V.position(["Ann", "Bob"], collections=rack_one, current_player=1, seed=1)
    assert len(game.rack) == 1
    assert not game.is_over
    after = _turn(game, "22551", "two_pairs")
    assert after.is_over
    assert list(after.legal_actions()) == []
    assert after.result().scores[1] == 2 * 5 + 5 + 20  # three two-pairs chips and the last draw


def test_a_solo_yamslam_on_the_last_chip_still_takes_its_second_from_the_discard_pile() -> None:
    rest = {k: 4 for k in KINDS if k not in ("two_pairs", "large_straight")}
    game = SOLO.position(["Ann"], collections=[rest | {"two_pairs": 3}], discard={"large_straight": 4}, seed=1)
    game = game.apply(Roll(outcome="33333")).apply(TakeChip("two_pairs"))
    assert len(game.rack) == 0
    assert not game.is_over
    assert list(game.legal_actions()) == [TakeChip("large_straight", from_discard=True)]
    with pytest.raises(IllegalActionError):
        game.apply(Pass())
    game = game.apply(TakeChip("large_straight", from_discard=True))
    assert game.is_over
    assert Counter(game.chips(0)) == Counter({**rest, "two_pairs": 4, "large_straight": 1})


SECOND_CHIP = (
    "this Yamslam still takes its second chip (TakeChip from the rack, or with from_discard=True from the discard pile)"
)


@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        ("new", TakeChip("flush"), "Bob must throw the dice first (taking a flush chip)"),
        ("new", Pass(), "Bob must throw the dice first (passing)"),
        ("12356", TakeChip("flush"), "the dice 12356 do not form flush (they qualify for: nothing)"),
        ("12345", TakeChip("full_house"), "the dice 12345 do not form full house (they qualify for: small_straight, "),
        ("12356", TakeChip("flush", from_discard=True), "only a Yamslam (five of a kind) takes a chip from the "),
        ("12356", TakeChip("flush", from_discard=1), "from_discard must be True or False, not 1"),  # type: ignore[arg-type]
        ("gone", TakeChip("flush"), "no flush chip left in the rack (it holds: two_pairs, three_of_a_kind, small_"),
        ("gone", TakeChip("flush", from_discard=True), "no flush chip left in the discard pile (it holds: large_"),
        ("yamslam", TakeChip("flush", from_discard=True), "no flush chip left in the discard pile (it holds: nothing)"),
    ],
)
def test_a_refused_take_or_pass_says_which_rule_and_what_the_piles_hold(
    setup: str, action: object, message: str
) -> None:
    if setup == "new":
        game = V.new_game(players=["Ann", "Bob"], seed=1)
    elif setup == "gone":
        game = V.position(
            ["Ann", "Bob"], collections={"Ann": {"flush": 4}}, discard={"large_straight": 2}, dice="55555"
        )
    elif setup == "yamslam":
        game = V.position(["Ann", "Bob"], dice="55555", seed=1)
    else:
        game = V.position(["Ann", "Bob"], dice=setup, seed=1)
    with pytest.raises(IllegalActionError, match="^" + re.escape(message)):
        game.apply(action)  # type: ignore[arg-type]


def test_a_solo_yamslam_offers_exactly_every_chip_for_its_second_pick_and_nothing_else() -> None:
    game = SOLO.position(["Ann"], discard={"large_straight": 1}, seed=1)
    game = game.apply(Roll(outcome="55555")).apply(TakeChip("four_of_a_kind"))
    expected = [TakeChip(kind) for kind in KINDS] + [TakeChip("large_straight", from_discard=True)]
    assert list(game.legal_actions()) == expected
    assert game.legal_action_ids() == tuple(V.actions.index(a) for a in expected)
    for action, what in ((Pass(), "passing"), (Roll(), "throwing")):
        with pytest.raises(IllegalActionError, match="^" + re.escape(f"{what}: {SECOND_CHIP}") + "$"):
            game.apply(action)
    after = game.apply(TakeChip("two_pairs"))
    assert Counter(after.chips(0)) == Counter({"four_of_a_kind": 1, "two_pairs": 1})
    assert (after.current_player, after.turn.throws_used) == (0, 0)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("standard", 2, 0, 0, False, False), (1, False, False)),
        (("standard", 2, 1, 0, False, False), (0, False, True)),
        (("standard", 2, 1, 0, True, False), (0, False, False)),
        (("standard", 3, 1, 0, False, True), (2, True, False)),
        (("standard", 3, 0, 1, False, True), (1, False, False)),
        (("standard", 3, 2, 0, False, True), (0, False, False)),
        (("team", 4, 3, 0, False, False), (0, False, True)),
        (("solo", 1, 0, 0, False, False), (0, False, True)),
        (("solo", 1, 0, 0, True, True), (0, True, False)),
        (("solo", 1, 0, 0, False, True), (0, False, False)),
    ],
)
def test_end_of_turn_gives_the_next_seat_the_round_so_far_and_the_discard(
    args: tuple[str, int, int, int, bool, bool], expected: tuple[int, bool, bool]
) -> None:
    from yamskit.variants.yamslam.rules import end_of_turn

    mode, players, current, first, round_chip, chip = args
    found = end_of_turn(mode, players, current, first, round_chip=round_chip, chip=chip)  # type: ignore[arg-type]
    assert found == expected
    assert [type(v) for v in found] == [int, bool, bool]
