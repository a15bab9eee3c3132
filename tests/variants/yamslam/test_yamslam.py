"""Yamslam rules: turns, taking chips, the discard rule, the discard pile, solo and team play, JSON."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import yamskit
from tests.playout import assert_illegal
from yamskit import (
    DeserializationError,
    MustRollFirstError,
    NotYourTurnError,
    Pass,
    Roll,
    RuleConfigError,
    Score,
    TakeChip,
    ThrowLimitError,
    UnknownActionError,
)
from yamskit.variants.yamslam import (
    ChipNotAvailableError,
    ChipNotQualifiedError,
    DiscardPileError,
    SecondChipError,
    YamslamGame,
)
from yamskit.variants.yamslam.chips import KINDS, ChipSet

NOTHING = "12356"  # qualifies for no chip


def new(mode: str = "standard", players: int | None = None, **kwargs: Any) -> YamslamGame:
    count = players or {"standard": 2, "solo": 1, "team": 4}[mode]
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:count]
    kwargs.setdefault("first_player", 0)  # seat 0 starts; the roll-off has its own tests
    return yamskit.variant("yamslam", mode=mode).new_game(players=names, seed=kwargs.pop("seed", 1), **kwargs)


def chipless_turn(game: YamslamGame) -> YamslamGame:
    return game.apply(Roll(outcome=NOTHING)).apply(Pass())


def take(game: YamslamGame, dice: str, kind: str, from_discard: bool = False) -> YamslamGame:
    return game.apply(Roll(outcome=dice)).apply(TakeChip(kind, from_discard))


def total_chips(game: YamslamGame) -> int:
    return len(game.rack) + len(game.discard) + sum(len(c) for c in game.collections)


# ------------------------------------------------------------------ the variant
def test_modes_and_their_player_counts() -> None:
    assert yamskit.variant("yamslam").options == {"mode": "standard"}
    assert new("solo").players == ("Ann",)
    with pytest.raises(RuleConfigError, match="mode must be"):
        yamskit.variant("yamslam", mode="duel")
    with pytest.raises(RuleConfigError, match="takes 4 players"):
        yamskit.variant("yamslam", mode="team").new_game(players=["Ann", "Bob", "Cy"])
    with pytest.raises(RuleConfigError, match="takes 2 to 8 players"):
        yamskit.variant("yamslam").new_game(players=["Ann"])
    with pytest.raises(RuleConfigError, match="takes 1 players"):
        yamskit.variant("yamslam", mode="solo").new_game(players=["Ann", "Bob"])


def test_a_game_starts_with_28_chips_on_the_rack() -> None:
    game = new()
    assert game.rack == ChipSet.full()
    assert len(game.discard) == 0
    assert game.collections == (ChipSet(), ChipSet())
    assert list(game.legal_actions()) == [Roll()]


def test_roll_off_with_one_die_picks_the_first_player() -> None:
    firsts = {new(players=3, seed=s, first_player="roll_off").current_player for s in range(30)}
    assert firsts == {0, 1, 2}
    game = new(players=3, seed=4, first_player="roll_off")
    assert game.first_player == game.current_player
    assert game.stream.draws >= 3
    with pytest.raises(RuleConfigError, match="first_player"):
        new(first_player=5)


def test_yamslam_first_player_is_decided_by_a_roll_off_by_default() -> None:
    variant = yamskit.variant("yamslam")
    starters = set()
    for seed in range(12):
        default = variant.new_game(players=["Ann", "Bob", "Cy"], seed=seed)
        rolled = variant.new_game(players=["Ann", "Bob", "Cy"], seed=seed, first_player="roll_off")
        assert default == rolled
        assert default.stream.draws >= 3  # each player threw one die at least
        starters.add(default.current_player)
    assert len(starters) > 1


def test_yamslam_first_player_may_still_be_named() -> None:
    game = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=4, first_player=1)
    assert (game.current_player, game.first_player, game.stream.draws) == (1, 1, 0)


def test_yamslam_solo_needs_no_roll_off() -> None:
    game = yamskit.variant("yamslam", mode="solo").new_game(seed=4)
    assert (game.current_player, game.stream.draws) == (0, 0)


def test_describe_lists_chips_bonuses_and_rulings() -> None:
    text = yamskit.variant("yamslam", mode="solo").describe()
    assert "large_straight 50" in text
    assert "golden_7 50" in text
    assert "parity" in text


# ------------------------------------------------------------------ a turn
def test_taking_a_chip_ends_the_turn() -> None:
    game = take(new(), "22555", "full_house")
    assert game.chips(0) == ChipSet.of("full_house")
    assert game.rack.count("full_house") == 3
    assert game.current_player == 1
    assert not game.turn.has_thrown


def test_a_chip_may_be_taken_after_any_throw() -> None:
    game = new().apply(Roll(outcome=NOTHING)).apply(Roll(keep="123", outcome="44"))
    assert game.is_legal(TakeChip("small_straight"))
    game = game.apply(Roll(keep="1234", outcome="5"))
    assert game.is_legal(TakeChip("large_straight"))


def test_after_the_third_throw_only_take_chip_and_pass_remain() -> None:
    game = new().apply(Roll(outcome=NOTHING)).apply(Roll(outcome=NOTHING)).apply(Roll(outcome="22555"))
    assert set(game.legal_actions()) == {
        TakeChip("two_pairs"),
        TakeChip("three_of_a_kind"),
        TakeChip("full_house"),
        Pass(),
    }
    assert_illegal(game, Roll(), ThrowLimitError)


def test_pass_or_take_before_the_first_throw_is_refused() -> None:
    assert_illegal(new(), Pass(), MustRollFirstError)
    assert_illegal(new(), TakeChip("two_pairs"), MustRollFirstError)


def test_a_chip_the_dice_do_not_form_is_refused() -> None:
    game = new().apply(Roll(outcome="12345"))
    error = assert_illegal(game, TakeChip("flush"), ChipNotQualifiedError)
    assert "12345" in str(error)
    assert "small_straight, large_straight" in str(error)


def test_a_kind_that_ran_out_is_refused() -> None:
    game = new()
    for _ in range(2):
        game = take(take(game, "22555", "full_house"), "22555", "full_house")
    assert game.rack.count("full_house") == 0
    game = game.apply(Roll(outcome="22555"))
    assert TakeChip("full_house") not in game.legal_actions()
    assert_illegal(game, TakeChip("full_house"), ChipNotAvailableError)
    assert game.is_legal(TakeChip("three_of_a_kind"))


def test_unknown_chips_and_actions_are_refused() -> None:
    game = new().apply(Roll(outcome="12345"))
    assert_illegal(game, TakeChip("chance"), UnknownActionError)
    assert_illegal(game, Score("chance"), UnknownActionError)


def test_only_the_current_player_acts() -> None:
    assert_illegal(new(), Roll(), NotYourTurnError, player="Bob")
    assert new().apply(Roll(), player="Ann").turn.has_thrown


# ------------------------------------------------------------------ Yamslam and the discard pile
def test_a_yamslam_takes_any_chip_and_plays_again() -> None:
    game = new().apply(Roll(outcome="33333"))
    assert {TakeChip(kind.value) for kind in KINDS} <= set(game.legal_actions())
    game = game.apply(TakeChip("large_straight"))
    assert game.chips(0) == ChipSet.of("large_straight")
    assert game.current_player == 0
    assert not game.turn.has_thrown


def test_passing_on_a_yamslam_gives_no_extra_turn() -> None:
    game = new().apply(Roll(outcome="33333")).apply(Pass())
    assert game.current_player == 1


def test_a_yamslam_can_take_from_the_discard_pile() -> None:
    game = chipless_turn(chipless_turn(new()))
    assert game.discard == ChipSet.of("large_straight")
    game = game.apply(Roll(outcome="55555"))
    assert TakeChip("large_straight", from_discard=True) in list(game.legal_actions())
    game = game.apply(TakeChip("large_straight", from_discard=True))
    assert game.chips(0) == ChipSet.of("large_straight")
    assert len(game.discard) == 0
    assert game.rack.count("large_straight") == 3


def test_nothing_but_a_yamslam_takes_from_the_discard_pile() -> None:
    game = chipless_turn(chipless_turn(new()))
    game = game.apply(Roll(outcome="12345"))
    assert all(not a.from_discard for a in game.legal_actions() if isinstance(a, TakeChip))
    error = assert_illegal(game, TakeChip("large_straight", from_discard=True), DiscardPileError)
    assert "only a Yamslam" in str(error)


def test_a_yamslam_cannot_take_a_kind_missing_from_the_discard_pile() -> None:
    game = chipless_turn(chipless_turn(new())).apply(Roll(outcome="55555"))
    assert_illegal(game, TakeChip("flush", from_discard=True), ChipNotAvailableError)


# ------------------------------------------------------------------ rounds and discards
def test_a_round_without_a_chip_discards_exactly_the_highest_chip_left() -> None:
    game = chipless_turn(chipless_turn(new(players=3)))
    assert len(game.rack) == 28, "nothing is discarded before the round ends"
    game = chipless_turn(game)
    assert game.discard == ChipSet.of("large_straight")
    assert game.rack == ChipSet.full().remove("large_straight")
    for _ in range(3 * 3):
        game = chipless_turn(game)
    assert game.discard == ChipSet.of(*["large_straight"] * 4)
    for _ in range(3):
        game = chipless_turn(game)
    assert game.discard == ChipSet.of(*["large_straight"] * 4, "four_of_a_kind")


def test_the_highest_chip_left_may_be_lower_after_takes() -> None:
    game = new()
    for _ in range(4):
        game = take(game, "12345", "large_straight")
    game = chipless_turn(chipless_turn(game))
    assert game.discard == ChipSet.of("four_of_a_kind")


def test_a_round_with_a_chip_discards_nothing() -> None:
    game = chipless_turn(take(new(), "22551", "two_pairs"))
    assert len(game.discard) == 0
    game = take(chipless_turn(game), "22551", "two_pairs")
    assert len(game.discard) == 0
    assert total_chips(game) == 28


def test_rounds_start_with_the_first_player() -> None:
    game = new(players=3, first_player=1)
    game = chipless_turn(chipless_turn(game))
    assert game.current_player == 0
    assert len(game.discard) == 0
    game = chipless_turn(game)
    assert game.current_player == 1
    assert game.discard == ChipSet.of("large_straight")


def test_a_yamslam_extra_turn_belongs_to_its_round() -> None:
    game = new().apply(Roll(outcome="44444")).apply(TakeChip("two_pairs"))
    game = chipless_turn(chipless_turn(game))  # Ann's extra turn, then Bob
    assert game.current_player == 0
    assert len(game.discard) == 0


# ------------------------------------------------------------------ the end
def emptied_but(game: YamslamGame, left: str) -> YamslamGame:
    """The game with every chip but one ``left`` moved to the discard pile."""
    rack = ChipSet.of(left)
    discard = ChipSet.full().remove(left)
    return attrs.evolve(game, rack=rack, discard=discard)


def test_taking_the_last_chip_ends_the_game_with_the_last_draw_bonus() -> None:
    game = take(emptied_but(new(), "two_pairs"), "22551", "two_pairs")
    assert game.is_over
    assert game.last_draw == 0
    result = game.result()
    assert result.scores == (25, 0)
    assert result.winner_names == ("Ann",)
    assert result.details["players"][0]["last_draw"] == 20
    assert list(game.legal_actions()) == []
    assert_illegal(game, Roll(), yamskit.GameOverError)


def test_discarding_the_last_chip_ends_the_game_without_a_last_draw() -> None:
    game = chipless_turn(chipless_turn(emptied_but(new(), "two_pairs")))
    assert game.is_over
    assert game.last_draw is None
    assert game.result().is_draw


def test_result_breaks_each_score_down() -> None:
    game = new()
    for dice, kind in [("12345", "large_straight"), ("22444", "flush")] * 4:
        game = take(game, dice, kind)
    entry = game.result().details["players"][0]
    assert entry["chips"] == ["large_straight"] * 4
    assert entry["chip_points"] == 200
    assert entry["full_stacks"] == 30
    assert entry["total"] == 230
    assert game.result().scores == (230, 130)


# ------------------------------------------------------------------ solo
def test_solo_discards_after_every_turn_without_a_chip() -> None:
    game = chipless_turn(new("solo"))
    assert game.discard == ChipSet.of("large_straight")
    game = take(game, "22551", "two_pairs")
    assert game.discard == ChipSet.of("large_straight")


def test_solo_yamslam_takes_two_chips_then_plays_again() -> None:
    game = chipless_turn(new("solo")).apply(Roll(outcome="66666")).apply(TakeChip("large_straight"))
    assert game.second_pick
    assert game.turn.has_thrown
    assert_illegal(game, Roll(), SecondChipError)
    assert_illegal(game, Pass(), SecondChipError)
    assert Pass() not in game.legal_actions()
    with pytest.raises(SecondChipError):
        game.outcomes()
    game = game.apply(TakeChip("large_straight", from_discard=True))
    assert game.chips(0) == ChipSet.of("large_straight", "large_straight")
    assert not game.second_pick
    assert not game.turn.has_thrown
    assert len(game.discard) == 0


def test_solo_second_chip_may_come_from_the_discard_after_the_rack_empties() -> None:
    game = emptied_but(new("solo"), "flush").apply(Roll(outcome="22222")).apply(TakeChip("flush"))
    assert not game.is_over
    assert game.last_draw == 0
    game = game.apply(TakeChip("large_straight", from_discard=True))
    assert game.is_over
    assert game.result().scores == (25 + 50 + 20,)


def test_solo_perfect_game_scores_exactly_1000() -> None:
    game = new("solo")
    while not game.is_over:
        game = game.apply(Roll(outcome="66666"))
        game = game.apply(TakeChip(game.rack.highest))
        game = game.apply(TakeChip(game.rack.highest))
    assert game.chips(0) == ChipSet.full()
    assert game.last_draw == 0
    assert game.result().scores == (1000,)


# ------------------------------------------------------------------ team play
def test_team_seats_alternate_and_each_team_has_one_collection() -> None:
    game = new("team")
    assert game.side_names == ("Ann & Cy", "Bob & Di")
    game = take(game, "22551", "two_pairs")  # Ann
    game = take(game, "12345", "large_straight")  # Bob
    game = take(game, "22555", "full_house")  # Cy
    assert game.collections == (ChipSet.of("two_pairs", "full_house"), ChipSet.of("large_straight"))
    assert game.chips(2) == game.chips(0)
    result = game.result()
    assert result.scores == (35, 50, 35, 50)
    assert result.winners == (1, 3)
    assert [t["name"] for t in result.details["teams"]] == ["Ann & Cy", "Bob & Di"]


def test_team_round_is_all_four_seats() -> None:
    game = new("team")
    for _ in range(3):
        game = chipless_turn(game)
    assert len(game.discard) == 0
    assert chipless_turn(game).discard == ChipSet.of("large_straight")


# ------------------------------------------------------------------ JSON
@pytest.mark.parametrize("mode", ["standard", "solo", "team"])
def test_json_round_trip_gives_an_equal_state(mode: str) -> None:
    game = chipless_turn(new(mode)).apply(Roll(outcome="44444")).apply(TakeChip("flush"))
    assert yamskit.load_game(game.to_json()) == game


def edited(game: YamslamGame, **changes: Any) -> str:
    data = json.loads(game.to_json())
    data["state"].update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rack": ["two_pairs"]}, "4 chips of each kind"),
        ({"rack": ["chance"]}, "unknown chip"),
        ({"collections": [[]]}, "2 entries"),
        ({"last_draw": 0}, "rack still holds"),
        ({"second_pick": True}, "only set in solo"),
        ({"current_player": 2}, "current_player"),
        ({"rack": "two_pairs"}, "rack"),
    ],
)
def test_impossible_states_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(DeserializationError, match=message):
        yamskit.load_game(edited(take(new(), "22551", "two_pairs"), **changes))


def test_render_shows_rack_collections_and_turn() -> None:
    text = take(new(), "22551", "two_pairs").apply(Roll(outcome="44444")).render()
    assert "Ann: two_pairs x1 = 5" in text
    assert "Bob: throw 1 of 3, dice 44444 (Yamslam!)" in text


# ------------------------------------------------------------------ docs and example
ROOT = Path(__file__).parents[3]


def test_example_game_runs(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = ROOT / "examples" / "yamslam_game.py"
    monkeypatch.setattr(sys, "argv", [str(path)])
    runpy.run_path(str(path), run_name="__main__")
    out = capsys.readouterr().out
    assert "Game over" in out
    assert "after game 3" in out
