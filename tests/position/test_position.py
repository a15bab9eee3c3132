"""Positions from names: what `variant.position(...)` builds, and one refusal per rule of reachability."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import yamskit
from yamskit import Cell, Dice
from yamskit.categories import Category, total, upper
from yamskit.position import (
    ImpossibleBoardError,
    ImpossibleChipsError,
    ImpossibleSheetError,
    ImpossibleTurnError,
    PositionError,
    build_turn,
    check_reachable,
)
from yamskit.variants.yamslam.chips import ChipSet

CLASSIC_ROWS = yamskit.variant("classic").rows
CHALLENGE_ROWS = yamskit.variant("challenge").rows
ALL_CHIPS = dict.fromkeys(
    ("two_pairs", "three_of_a_kind", "small_straight", "flush", "full_house", "four_of_a_kind", "large_straight"), 4
)


def refused(error: type[PositionError], rule: str, build: Any, *args: Any, **kwargs: Any) -> str:
    """``build(*args, **kwargs)`` raises ``error`` for ``rule``; returns the message."""
    with pytest.raises(error) as info:
        build(*args, **kwargs)
    assert info.value.rule == rule
    assert isinstance(info.value, ValueError)
    assert f"(rule: {rule})" in str(info.value)
    return str(info.value)


# ------------------------------------------------------------------ building
def test_classic_position_from_paper_plays_on() -> None:
    v = yamskit.variant("classic", yams_bonus=100)
    g = v.position(
        ["Ann", "Bob"],
        sheets={"Ann": {"yams": 50, "sixes": 30, "ones": "x"}, "Bob": {"chance": 22, "fours": 12}},
        extra={"Ann": 100},
        current_player="Bob",
        dice="44412",
        throws=2,
        kept="444",
        seed=5,
    )
    assert g.history == ()
    assert g.first_player == 0
    assert g.cell(0, "ones") == Cell(scratched=True)
    assert g.sheets[0].extra == 100
    assert (g.turn.throws_used, g.turn.kept, g.turn.all_dice_thrown) == (2, Dice.parse("444"), False)
    assert g.result().scores == (180, 34)
    after = g.apply(yamskit.Score("three_of_a_kind"))
    assert after.cell(1, "three_of_a_kind").points == 15
    assert after.current_player == 0


def test_first_player_follows_from_the_filled_boxes() -> None:
    v = yamskit.variant("classic")
    g = v.position(["Ann", "Bob", "Cy"], sheets=[{"ones": 2}, {}, {"twos": 4}], current_player=1)
    assert g.first_player == 2
    g = v.position(["Ann", "Bob"], sheets=[{"ones": 2}, {"twos": 4}], current_player=1)
    assert g.first_player == 1


def test_multi_column_sheets_by_nested_dict_or_pairs() -> None:
    v = yamskit.variant("challenge")
    a = v.position(["Ann"], sheets=[{"ascending": {"minus": 8, "plus": 20}}])
    b = v.position(["Ann"], sheets=[{("minus", "ascending"): 8, ("plus", "ascending"): 20}])
    assert a.sheets == b.sheets
    assert a.upper_total(0, "ascending") == 0
    assert a.cell(0, "plus", "ascending").points == 20


def test_competitive_position_deals_coefficients_like_a_new_game() -> None:
    v = yamskit.variant("competitive")
    g = v.position(["Ann", "Bob"], seed=9)
    assert g.column_weights == v.new_game(["Ann", "Bob"], seed=9).column_weights
    assert g.stream == v.new_game(["Ann", "Bob"], seed=9).stream
    given = v.position(
        ["Ann", "Bob"], column_weights={"down": 8, "free": 10, "up": 12, "mid": 14, "turbo": 16, "connected": 18}
    )
    assert given.column_weights == (8, 10, 12, 14, 16, 18)


def test_dry_column_reads_whether_all_five_were_thrown() -> None:
    v = yamskit.variant("challenge")
    thrown = v.position(["Ann"], dice="12345", throws=2)
    kept = v.position(["Ann"], dice="12345", throws=2, kept="12")
    assert thrown.is_legal(yamskit.Score("large_straight", "dry"))
    assert not kept.is_legal(yamskit.Score("large_straight", "dry"))


def test_yam_master_position_from_a_board() -> None:
    v = yamskit.variant("yam-master")
    g = v.position(
        ["Ann", "Bob"], board="XX.../.O.../...../...../.....", current_player="Bob", dice="12346", challenge=True
    )
    assert (g.supply, g.turns, g.first_player) == ((10, 11), 3, 0)
    assert g.turn.challenge
    assert not g.is_legal(yamskit.Pass())
    same = v.position(
        ["Ann", "Bob"], board={"Ann": [(0, 0), (0, 1)], 1: [(1, 1)]}, current_player=1, dice="12346", challenge=True
    )
    assert same.board == g.board
    assert v.position(["Ann", "Bob"], turns=10, current_player=1).first_player == 1


def test_yam_master_out_tokens_need_removal_turns() -> None:
    v = yamskit.variant("yam-master", removed="out")
    g = v.position(["Ann", "Bob"], board={"Ann": [(0, 0)]}, out={"Bob": 1})
    assert (g.supply, g.out, g.turns) == ((11, 11), (0, 1), 4)


def test_yamslam_position_from_the_table() -> None:
    v = yamskit.variant("yamslam", mode="team")
    g = v.position(
        ["Ann", "Bob", "Cy", "Di"],
        collections={"Cy": ["flush", "flush"], "Bob & Di": {"two_pairs": 1}},
        discard=["large_straight"],
        current_player="Di",
        round_chip=True,
        dice="66666",
    )
    assert g.chips(0) == ChipSet.of("flush", "flush")
    assert g.chips(3) == ChipSet.of("two_pairs")
    assert len(g.rack) == 24
    assert g.is_legal(yamskit.TakeChip("large_straight", from_discard=True))


def test_yamslam_last_draw_by_player_or_side() -> None:
    v = yamskit.variant("yamslam")
    rest = dict.fromkeys(("two_pairs", "three_of_a_kind", "small_straight", "flush", "full_house", "four_of_a_kind"), 4)
    g = v.position(["Ann", "Bob"], collections=[rest, ["large_straight"] * 4], last_draw="Bob")
    assert g.is_over
    assert g.last_draw == 1
    assert g.result().scores[1] == 4 * 50 + 30 + 20


def test_build_turn_records_earlier_throws_as_the_same_dice() -> None:
    turn = build_turn(dice="55123", throws=3, kept="55")
    assert [str(t.kept) for t in turn.throws] == ["", "", "55"]
    assert turn.dice == Dice.parse("12355")


# ------------------------------------------------------------------ scorecard rules
def test_row_values_refuses_a_value_no_roll_gives() -> None:
    v = yamskit.variant("classic")
    message = refused(ImpossibleSheetError, "row_values", v.position, ["Ann"], sheets=[{"ones": 99}])
    assert "'ones'" in message
    assert "0-5" in message
    challenge = yamskit.variant("challenge")
    message = refused(
        ImpossibleSheetError, "row_values", challenge.position, ["Ann"], sheets=[{"disorder": {"three_of_a_kind": 10}}]
    )
    assert "column 'disorder'" in message
    assert "3, 6, 9, 12, 15, 18" in message


def test_row_values_knows_the_sec_and_that_every_zero_is_a_cross() -> None:
    v = yamskit.variant("competitive")
    refused(
        ImpossibleSheetError,
        "row_values",
        v.position,
        ["Ann", "Bob"],
        sheets=[{"free": {"yams": 0}}, {"free": {"ones": 3}}],
        current_player=0,
    )
    refused(
        ImpossibleSheetError,
        "row_values",
        v.position,
        ["Ann", "Bob"],
        sheets=[{"free": {"small_sum": 19}}, {"free": {"ones": 3}}],
        current_player=0,
    )
    g = v.position(
        ["Ann", "Bob"],
        sheets=[{"free": {"small_sum": 29, "yams": "x"}}, {"free": {"ones": 5, "twos": 10}}],
        current_player=0,
    )
    assert g.cell(0, "small_sum", "free").points == 29


def test_no_scratch_where_boxes_cannot_be_crossed_out() -> None:
    strict = yamskit.ScorecardVariant.define("strict", rows=[upper(1), Category("chance", total)], allow_scratch=False)
    refused(ImpossibleSheetError, "no_scratch", strict.position, ["Ann"], sheets=[{"ones": "x"}])


def test_bonus_points_only_as_whole_yams_bonuses() -> None:
    plain = yamskit.variant("classic")
    refused(
        ImpossibleSheetError, "bonus_points", plain.position, ["Ann"], sheets=[{"yams": 50, "ones": 5}], extra=[100]
    )
    v = yamskit.variant("classic", yams_bonus=100)
    refused(ImpossibleSheetError, "bonus_points", v.position, ["Ann"], sheets=[{"yams": 50, "ones": 5}], extra=[50])
    refused(ImpossibleSheetError, "bonus_points", v.position, ["Ann"], sheets=[{"yams": 0, "ones": 5}], extra=[100])
    message = refused(
        ImpossibleSheetError,
        "bonus_points",
        v.position,
        ["Ann"],
        sheets=[{"yams": 50, "ones": 5, "twos": 8}],
        extra=[200],
    )
    assert "there are 1" in message
    assert v.position(["Ann"], sheets=[{"yams": 50, "ones": 5, "twos": "x"}], extra=[200]).sheets[0].extra == 200


def test_fill_order_refuses_shapes_a_column_cannot_make() -> None:
    v = yamskit.variant("challenge")
    refused(ImpossibleSheetError, "fill_order", v.position, ["Ann"], sheets=[{"descending": {"twos": 4}}])
    refused(ImpossibleSheetError, "fill_order", v.position, ["Ann"], sheets=[{"ascending": {"ones": 4}}])
    c = yamskit.variant("competitive")
    message = refused(
        ImpossibleSheetError,
        "fill_order",
        c.position,
        ["Ann", "Bob"],
        sheets=[{"mid": {"ones": 3}}, {"free": {"ones": 3}}],
    )
    assert "starts at sixes or small_sum" in message
    refused(
        ImpossibleSheetError,
        "fill_order",
        c.position,
        ["Ann", "Bob"],
        sheets=[{"connected": {"ones": 3, "threes": 9}}, {"free": {"ones": 3, "twos": 4}}],
    )


def test_plus_above_minus_between_boxes() -> None:
    v = yamskit.variant("challenge")
    refused(
        ImpossibleSheetError, "plus_above_minus", v.position, ["Ann"], sheets=[{"disorder": {"plus": 20, "minus": 20}}]
    )
    assert v.position(["Ann"], sheets=[{"disorder": {"plus": "x", "minus": 20}}])


def test_sum_pair_between_the_two_sums() -> None:
    v = yamskit.variant("competitive")
    other = {"free": {"ones": 3, "twos": 4}}
    refused(
        ImpossibleSheetError,
        "sum_pair",
        v.position,
        ["Ann", "Bob"],
        sheets=[{"free": {"small_sum": 25, "large_sum": 25}}, other],
    )
    refused(
        ImpossibleSheetError,
        "sum_pair",
        v.position,
        ["Ann", "Bob"],
        sheets=[{"free": {"small_sum": "x", "large_sum": 25}}, other],
    )


def test_totals_written_on_paper_must_add_up() -> None:
    v = yamskit.variant("classic")
    sheets = [{"sixes": 30, "fives": 25, "fours": 8}]
    assert v.position(["Ann"], sheets=sheets, totals=[98]).result().scores == (98,)
    message = refused(ImpossibleSheetError, "totals", v.position, ["Ann"], sheets=sheets, totals={"Ann": 63})
    assert "make 98" in message


def test_column_weights_one_per_column() -> None:
    v = yamskit.variant("competitive")
    refused(ImpossibleSheetError, "column_weights", v.position, ["Ann", "Bob"], column_weights=[8, 10])
    refused(ImpossibleSheetError, "column_weights", yamskit.variant("classic").position, ["Ann"], column_weights=[2])


def test_turn_order_matches_the_filled_boxes() -> None:
    v = yamskit.variant("classic")
    message = refused(
        ImpossibleTurnError, "turn_order", v.position, ["Ann", "Bob"], sheets=[{"ones": 1, "twos": 2}, {}]
    )
    assert "one box is filled per turn" in message
    full = dict.fromkeys(CLASSIC_ROWS, "x")
    refused(
        ImpossibleTurnError,
        "turn_order",
        v.position,
        ["Ann", "Bob"],
        sheets=[full, full],
        current_player=1,
        first_player=0,
    )


def test_dice_throws_and_kept_must_fit_together() -> None:
    v = yamskit.variant("classic")
    refused(ImpossibleTurnError, "throws", v.position, ["Ann"], dice="12345", throws=0)
    refused(ImpossibleTurnError, "throws", v.position, ["Ann"], throws=2)
    refused(ImpossibleTurnError, "throws", v.position, ["Ann"], dice="12345", throws=4)
    refused(ImpossibleTurnError, "dice", v.position, ["Ann"], dice="1234")
    refused(ImpossibleTurnError, "dice", v.position, ["Ann"], dice="12347")
    refused(ImpossibleTurnError, "kept", v.position, ["Ann"], dice="12345", throws=2, kept="66")
    refused(ImpossibleTurnError, "kept", v.position, ["Ann"], dice="12345", throws=1, kept="1")


def test_no_turn_under_way_once_every_box_is_filled() -> None:
    v = yamskit.variant("classic")
    full = dict.fromkeys(CLASSIC_ROWS, "x")
    refused(ImpossibleTurnError, "finished_game", v.position, ["Ann"], sheets=[full], dice="12345")


def test_a_player_is_never_stranded() -> None:
    v = yamskit.variant("challenge")
    full = {column: dict.fromkeys(CHALLENGE_ROWS, "x") for column in v.columns}
    full["dry"] = dict.fromkeys(CHALLENGE_ROWS[1:], "x")
    assert v.position(["Ann"], sheets=[full], dice="11111", throws=3)
    message = refused(
        ImpossibleTurnError, "stranded", v.position, ["Ann"], sheets=[full], dice="11111", throws=3, kept="1"
    )
    assert "no legal action" in message


def test_a_challenge_only_where_the_variant_has_one() -> None:
    g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
    forged = attrs.evolve(g, turn=attrs.evolve(g.turn, challenge=True))
    refused(ImpossibleTurnError, "challenge", check_reachable, forged)


# ------------------------------------------------------------------ Yam Master rules
def test_tokens_at_most_twelve_and_conserved() -> None:
    v = yamskit.variant("yam-master")
    refused(
        ImpossibleBoardError,
        "tokens",
        v.position,
        ["Ann", "Bob"],
        board={"Ann": [(r, c) for r in range(3) for c in range(5)]},
    )
    refused(ImpossibleBoardError, "tokens", v.position, ["Ann", "Bob"], out=[1, 0])
    g = v.new_game(seed=1)
    refused(ImpossibleBoardError, "tokens", check_reachable, attrs.evolve(g, supply=(12, 11)))


def test_five_in_a_row_ends_the_game_for_its_maker() -> None:
    v = yamskit.variant("yam-master")
    both = "XXXXX/OOOOO/...../...../....."
    refused(ImpossibleBoardError, "five_in_a_row", v.position, ["Ann", "Bob"], board=both, current_player=0)
    refused(
        ImpossibleTurnError,
        "five_in_a_row",
        v.position,
        ["Ann", "Bob"],
        board="XXXXX/OO.../...../...../.....",
        current_player=0,
    )


def test_last_token_ends_the_game_for_its_player() -> None:
    v = yamskit.variant("yam-master", removed="out")
    board = {"Ann": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1)]}
    refused(
        ImpossibleTurnError,
        "last_token",
        v.position,
        ["Ann", "Bob"],
        board=board,
        out={"Ann": 2},
        current_player=0,
        turns=24,
    )
    assert v.position(["Ann", "Bob"], board=board, out={"Ann": 2}, current_player=1).is_over


def test_turn_count_fits_tokens_seats_and_bound() -> None:
    v = yamskit.variant("yam-master", max_turns=20)
    message = refused(
        ImpossibleTurnError, "turn_count", v.position, ["Ann", "Bob"], board="XXX../...../...../...../.....", turns=2
    )
    assert "too few" in message
    refused(ImpossibleTurnError, "turn_count", v.position, ["Ann", "Bob"], turns=3, first_player=0, current_player=0)
    refused(ImpossibleTurnError, "turn_count", v.position, ["Ann", "Bob"], turns=21)


def test_the_throw_after_a_challenge_throws_dice() -> None:
    v = yamskit.variant("yam-master")
    refused(
        ImpossibleTurnError,
        "challenge",
        v.position,
        ["Ann", "Bob"],
        dice="12345",
        throws=2,
        kept="12345",
        challenge=True,
    )
    refused(ImpossibleTurnError, "throws", v.position, ["Ann", "Bob"], challenge=True)


def test_no_turn_once_the_board_game_is_over() -> None:
    v = yamskit.variant("yam-master")
    refused(
        ImpossibleTurnError,
        "finished_game",
        v.position,
        ["Ann", "Bob"],
        board="XXXXX/OOOO./...../...../.....",
        current_player=1,
        dice="12345",
    )


# ------------------------------------------------------------------ Yamslam rules
def test_chip_conservation() -> None:
    v = yamskit.variant("yamslam")
    refused(
        ImpossibleChipsError,
        "chip_conservation",
        v.position,
        ["Ann", "Bob"],
        collections=[["flush"] * 3],
        discard=["flush"] * 2,
    )
    refused(
        ImpossibleChipsError,
        "chip_conservation",
        v.position,
        ["Ann", "Bob"],
        collections=[["flush"]],
        rack=ChipSet.full(),
    )


def test_collections_one_per_side() -> None:
    v = yamskit.variant("yamslam")
    g = v.new_game(players=["Ann", "Bob"], seed=1)
    refused(ImpossibleChipsError, "collections", check_reachable, attrs.evolve(g, collections=(ChipSet(),)))


def test_discard_order_takes_the_highest_chip_of_the_rack() -> None:
    v = yamskit.variant("yamslam")
    message = refused(ImpossibleChipsError, "discard_order", v.position, ["Ann", "Bob"], discard=["two_pairs"])
    assert "large_straight" in message
    assert v.position(["Ann", "Bob"], discard=["large_straight"])


def test_last_draw_needs_an_empty_rack_and_a_chip() -> None:
    v = yamskit.variant("yamslam")
    refused(ImpossibleChipsError, "last_draw", v.position, ["Ann", "Bob"], last_draw="Ann")
    everything = dict.fromkeys(
        ("two_pairs", "three_of_a_kind", "small_straight", "flush", "full_house", "four_of_a_kind", "large_straight"), 4
    )
    refused(ImpossibleChipsError, "last_draw", v.position, ["Ann", "Bob"], collections=[everything])
    refused(ImpossibleChipsError, "last_draw", v.position, ["Ann", "Bob"], collections=[everything], last_draw="Bob")


def test_second_pick_only_after_a_solo_yamslam() -> None:
    refused(
        ImpossibleTurnError,
        "second_pick",
        yamskit.variant("yamslam").position,
        ["Ann", "Bob"],
        collections=[["flush"]],
        dice="66666",
        second_pick=True,
    )
    solo = yamskit.variant("yamslam", mode="solo")
    refused(
        ImpossibleTurnError,
        "second_pick",
        solo.position,
        ["Ann"],
        collections=[["flush"]],
        dice="12345",
        second_pick=True,
    )
    refused(ImpossibleChipsError, "second_pick", solo.position, ["Ann"], dice="66666", second_pick=True)
    assert solo.position(["Ann"], collections=[["flush"]], dice="66666", second_pick=True).second_pick


def test_round_chip_needs_rounds_and_a_chip() -> None:
    refused(ImpossibleTurnError, "round_chip", yamskit.variant("yamslam").position, ["Ann", "Bob"], round_chip=True)
    refused(
        ImpossibleTurnError,
        "round_chip",
        yamskit.variant("yamslam", mode="solo").position,
        ["Ann"],
        collections=[["flush"]],
        round_chip=True,
    )


def test_no_turn_once_the_rack_is_empty() -> None:
    v = yamskit.variant("yamslam")
    everything = dict.fromkeys(
        ("two_pairs", "three_of_a_kind", "small_straight", "flush", "full_house", "four_of_a_kind", "large_straight"), 4
    )
    refused(
        ImpossibleTurnError,
        "finished_game",
        v.position,
        ["Ann", "Bob"],
        collections=[everything],
        last_draw=0,
        dice="12345",
    )


def test_seats_name_real_players() -> None:
    refused(ImpossibleTurnError, "seats", yamskit.variant("yamslam").position, ["Ann", "Bob"], current_player="Cy")
    refused(ImpossibleTurnError, "seats", yamskit.variant("classic").position, ["Ann"], current_player=3)


def test_unknown_row_or_column_ids_are_named() -> None:
    with pytest.raises(yamskit.UnknownActionError, match="unknown row 'sevens'"):
        yamskit.variant("classic").position(["Ann"], sheets=[{"sevens": 7}])
    with pytest.raises(yamskit.UnknownActionError, match="unknown column 'sideways'"):
        yamskit.variant("challenge").position(["Ann"], sheets=[{"sideways": {"ones": 1}}])


def test_players_fit_the_variant() -> None:
    refused(ImpossibleTurnError, "players", yamskit.variant("competitive").position, ["Ann", "Bob", "Cy"])
    refused(ImpossibleTurnError, "players", yamskit.variant("yam-master").position, ["Ann", "Ann"])


# ------------------------------------------------------------------ every reachable state can be set up by name
def _rebuild(state: Any) -> Any:
    """The same position, given to ``variant.position`` by names as a player would read them off the table."""
    v, names = state.variant, state.players
    turn = state.turn
    common: dict[str, Any] = {
        "current_player": names[state.current_player],
        "first_player": names[state.first_player],
        "dice": str(turn.dice) if turn.has_thrown else None,
        "throws": turn.throws_used,
        "kept": str(turn.kept),
        "seed": state.stream.seed,
        "draws": state.stream.draws,
    }
    if isinstance(state, yamskit.ScorecardGame):
        sheets = {
            name: {
                (row, column): ("x" if cell.scratched else cell.points)
                for c, column in enumerate(v.columns)
                for row, cell in zip(v.rows, sheet.cells[c], strict=True)
            }
            for name, sheet in zip(names, state.sheets, strict=True)
        }
        extra = {name: sheet.extra for name, sheet in zip(names, state.sheets, strict=True)}
        return v.position(names, sheets=sheets, extra=extra, column_weights=state.column_weights, **common)
    if hasattr(state, "board"):
        board = {p: state.board.cells_of(p) for p in (0, 1)}
        return v.position(names, board=board, out=state.out, turns=state.turns, challenge=turn.challenge, **common)
    return v.position(
        names,
        collections=dict(zip(state.side_names, state.collections, strict=True)),
        discard=list(state.discard),
        round_chip=state.round_chip,
        second_pick=state.second_pick,
        last_draw=None if state.last_draw is None else state.side_names[state.last_draw],
        **common,
    )


@pytest.mark.parametrize(
    ("name", "options", "players"),
    [
        ("classic", {"yams_bonus": 100}, 2),
        ("challenge", {}, 1),
        ("competitive", {"mode": "1v1v1"}, 3),
        ("yam-master", {"removed": "out"}, 2),
        ("yamslam", {"mode": "team"}, 4),
        ("yamslam", {"mode": "solo"}, 1),
    ],
)
def test_every_state_of_a_playout_can_be_set_up_by_name(name: str, options: dict[str, Any], players: int) -> None:
    import random

    v = yamskit.variant(name, **options)
    rng = random.Random(len(name))
    state = v.new_game(players=[f"P{i}" for i in range(players)], seed=3)
    for step in range(10_000):
        if step % 3 == 0 or state.is_over:
            rebuilt = _rebuild(state)
            assert rebuilt.history == ()
            assert rebuilt.to_notation().split()[:4] == state.to_notation().split()[:4]
            assert rebuilt.turn.dice == state.turn.dice
            assert rebuilt.turn.throws_used == state.turn.throws_used
            assert rebuilt.turn.all_dice_thrown == state.turn.all_dice_thrown
            assert rebuilt.stream == state.stream
            assert set(rebuilt.legal_actions()) == set(state.legal_actions())
        if state.is_over:
            return
        state = state.apply(rng.choice(list(state.legal_actions())))


def test_stream_seed_and_draws_in_range() -> None:
    refused(ImpossibleTurnError, "stream", yamskit.variant("classic").position, ["Ann"], seed=-1)
    refused(ImpossibleTurnError, "stream", yamskit.variant("yamslam").position, ["Ann", "Bob"], seed=1, draws=2**64)
    refused(ImpossibleTurnError, "stream", yamskit.variant("classic").position, ["Ann"], seed=1, draws=2**41)


def test_chips_are_named_one_by_one() -> None:
    v = yamskit.variant("yamslam")
    refused(ImpossibleChipsError, "chips", v.position, ["Ann", "Bob"], discard="flush")
    with pytest.raises(yamskit.UnknownActionError, match="unknown chip 'yams'"):
        v.position(["Ann", "Bob"], discard=["yams"])
