"""Solo Yamslam solved exactly (`yamskit.variants.yamslam.solo`): its positions, its values and its player.

The values are checked against a slow reference that knows nothing of the solver: an
expectimax through the game protocol alone (`outcomes`, `legal_actions`, `apply`,
`result`), on end positions small enough for it; and against whole games the player
plays, whose mean must agree with the value of a new game.
"""

from __future__ import annotations

import collections
import math
import statistics
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from yamskit._cache import LruCache
from yamskit.actions import Roll, TakeChip
from yamskit.adapters import adapter_of
from yamskit.bots import RandomPlayer, play, player
from yamskit.errors import RuleConfigError
from yamskit.variants.yamslam import YamslamGame, solo
from yamskit.variants.yamslam.chips import KINDS, MAX_SCORE, ChipSet

SOLO = yamskit.variant("yamslam", mode="solo")


@pytest.fixture(scope="module")
def values() -> solo.SoloValues:
    return solo.solo_values(folder=None)


def position(rack: ChipSet, discard: ChipSet) -> YamslamGame:
    """A solo game at the start of a turn, with ``rack`` and ``discard`` left (the player holds the rest)."""
    held = ChipSet(tuple(4 - r - d for r, d in zip(rack.counts, discard.counts, strict=True)))
    return attrs.evolve(SOLO.new_game(seed=0), rack=rack, discard=discard, collections=(held,))


def forget_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """The process keeps no values during the test (a cache of its own: "example" caches are not the library's)."""
    monkeypatch.setattr(solo, "_VALUES", LruCache("example solo values", size=1, key="the test's values"))


def reference_value(state: YamslamGame) -> float:
    """The best expected final score, by expectimax through the game protocol (memoised by position and dice)."""
    memo: dict[Any, float] = {}

    def key(s: YamslamGame, extra: Any) -> Any:
        return (s.rack.counts, s.discard.counts, s.second_pick, s.last_draw, s.turn.throws_used, extra)

    def value(s: YamslamGame) -> float:
        if s.is_over:
            return float(s.result().scores[0])
        thrown = s.turn.has_thrown
        k = key(s, s.turn.dice.faces if thrown else None)
        if k not in memo:
            if not thrown and not s.second_pick:
                memo[k] = chance(s, ())
            else:
                memo[k] = max(
                    chance(s, a.keep.faces) if isinstance(a, Roll) else value(s.apply(a)) for a in s.legal_actions()
                )
        return memo[k]

    def chance(s: YamslamGame, keep: tuple[int, ...]) -> float:
        k = key(s, ("keep", keep))
        if k not in memo:
            total = 0.0
            for dice, chance_of in s.outcomes(keep):
                thrown = (collections.Counter(dice.faces) - collections.Counter(keep)).elements()
                total += float(chance_of) * value(s.apply(Roll(keep=keep, outcome="".join(map(str, thrown)))))
            memo[k] = total
        return memo[k]

    return value(state)


# ---------------------------------------------------------------------- the positions
def test_every_reachable_position_has_its_own_place() -> None:
    rack, discard = solo._positions()
    assert len(rack) == solo.POSITIONS == 1_093_750
    assert (solo._index(rack, discard) == np.arange(solo.POSITIONS)).all()
    assert solo.reachable(rack, discard).all()


def test_a_discard_below_the_racks_highest_kind_is_not_reachable() -> None:
    rack = np.array([[4, 4, 4, 4, 4, 3, 4], [4, 4, 4, 4, 4, 4, 3], [0, 0, 0, 0, 0, 0, 0]])
    discard = np.array([[0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0]])
    assert solo.reachable(rack, discard).tolist() == [False, True, False]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_position_a_solo_game_passes_through_is_reachable(seed: int) -> None:
    state = SOLO.new_game(seed=seed)
    bot = RandomPlayer(seed)
    while not state.is_over:
        if not state.second_pick and not state.turn.has_thrown:
            rack = np.array([state.rack.counts])
            assert solo.reachable(rack, np.array([state.discard.counts]))[0], (state.rack, state.discard)
        state = state.apply(bot.choose(state))


# ---------------------------------------------------------------------- the values
@pytest.mark.parametrize(
    ("rack", "discard"),
    [
        (ChipSet.of("large_straight"), ChipSet()),  # won by its throw, else discarded at 900
        (ChipSet.of("two_pairs"), ChipSet.of(*["large_straight"] * 4)),  # a Yamslam may take from the pile
        (ChipSet.of("four_of_a_kind", "large_straight"), ChipSet.of("large_straight")),
        (ChipSet.of("two_pairs", "flush"), ChipSet.of("four_of_a_kind", "four_of_a_kind")),  # golden 7 at stake
        (ChipSet.of("three_of_a_kind", "three_of_a_kind"), ChipSet()),  # the last draw, a full stack
    ],
)
def test_values_agree_with_an_expectimax_through_the_game_protocol(
    values: solo.SoloValues, rack: ChipSet, discard: ChipSet
) -> None:
    assert values.value(rack, discard) == pytest.approx(reference_value(position(rack, discard)), abs=1e-9)


def test_a_finished_collection_is_worth_its_score(values: solo.SoloValues) -> None:
    assert values.value(ChipSet(), ChipSet()) == MAX_SCORE - 20  # every chip, but nobody drew the last
    assert values.value(ChipSet(), ChipSet.of("flush")) == MAX_SCORE - 20 - 25 - 30  # a flush and its full stack less


def test_an_unreachable_position_has_no_value(values: solo.SoloValues) -> None:
    rack = ChipSet(tuple(4 for _ in KINDS)).remove("full_house")
    assert values.value(rack, ChipSet.of("full_house")) == -math.inf


@pytest.mark.slow
def test_the_players_games_score_what_the_values_promise(values: solo.SoloValues) -> None:
    bot = solo.SoloPlayer(lambda: values)
    scores = [play(SOLO.new_game(seed=5000 + i), [bot]).result().scores[0] for i in range(300)]
    error = statistics.stdev(scores) / math.sqrt(len(scores))
    assert abs(statistics.fmean(scores) - values.start) < 4 * error
    assert 870 < values.start < 880  # hard, the hand-tuned evaluation, scores about 845


# ---------------------------------------------------------------------- the player
def test_the_player_plays_whole_games_legally_and_reproducibly(values: solo.SoloValues) -> None:
    bot = solo.SoloPlayer(lambda: values)
    first = play(SOLO.new_game(seed=11), [bot])
    again = play(SOLO.new_game(seed=11), [bot])
    assert first.is_over
    assert first.history == again.history
    assert 0 <= first.result().scores[0] <= MAX_SCORE


def test_the_player_takes_the_pair_of_yamslam_chips_worth_most(values: solo.SoloValues) -> None:
    bot = solo.SoloPlayer(lambda: values)
    thrown = position(ChipSet.of("two_pairs", "flush"), ChipSet.of("large_straight")).apply(Roll(outcome="33333"))
    state = thrown
    while not state.is_over and (state.second_pick or state.turn.has_thrown):
        state = state.apply(bot.choose(state))
    options = [  # every pair of picks, played through the protocol and valued by the reference
        reference_value(thrown.apply(first).apply(second))
        for first in thrown.legal_actions()
        if isinstance(first, TakeChip)
        for second in thrown.apply(first).legal_actions()
    ]
    assert len(options) == 6
    assert len(set(options)) > 1
    assert reference_value(state) == pytest.approx(max(options), abs=1e-9)


def test_the_player_refuses_a_game_with_opponents(values: solo.SoloValues) -> None:
    bot = solo.SoloPlayer(lambda: values)
    with pytest.raises(RuleConfigError, match="solo"):
        bot.choose(yamskit.variant("yamslam").new_game(["A", "B"], seed=1))


def test_the_expert_and_perfect_play_solo_yamslam_by_the_values_and_only_there(values: solo.SoloValues) -> None:
    assert isinstance(player(SOLO, "expert", cache=False).alone, solo.SoloPlayer)  # kept in the process
    assert isinstance(player(SOLO, "perfect", cache=False), solo.SoloPlayer)
    assert player(yamskit.variant("yamslam"), "expert", cache=False).alone is None
    team = yamskit.variant("yamslam", mode="team")
    assert adapter_of(team).solitaire(team, folder=None, time_budget=math.inf) is None
    with pytest.raises(RuleConfigError, match="perfect"):
        player(yamskit.variant("yamslam"), "perfect")


def test_the_expert_solves_only_within_its_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    forget_values(monkeypatch)  # nothing kept
    assert not solo.solo_ready(folder=tmp_path, time_budget=5.0)
    assert solo.solo_ready(folder=tmp_path, time_budget=solo.SOLVE_SECONDS)
    assert player(SOLO, "expert", cache=tmp_path).alone is None  # it searches instead
    (tmp_path / solo.FILE_NAME).write_bytes(b"")  # a saved file is read, not solved: at hand
    assert solo.solo_ready(folder=tmp_path, time_budget=0.0)
    assert isinstance(player(SOLO, "expert", cache=tmp_path).alone, solo.SoloPlayer)


# ---------------------------------------------------------------------- the file
def test_the_values_are_saved_whole_and_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = solo.SoloValues(np.arange(solo.POSITIONS, dtype=np.float64))
    forget_values(monkeypatch)
    monkeypatch.setattr(solo, "solve_solo", lambda progress=None: made)
    assert solo.solo_values(folder=tmp_path) is made
    assert [p.name for p in tmp_path.iterdir()] == [solo.FILE_NAME]  # no temporary file left
    read = solo._read(tmp_path / solo.FILE_NAME)
    assert read is not None
    assert (read.values == made.values).all()


@pytest.mark.parametrize(
    "content",
    [b"", b"not numpy", b"\x93NUMPY garbage"],
)
def test_a_file_that_is_not_the_values_is_solved_again(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / solo.FILE_NAME
    path.write_bytes(content)
    assert solo._read(path) is None


def test_a_large_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / solo.FILE_NAME
    with path.open("wb") as out:
        out.truncate(solo._FILE_BYTES + 1)  # sparse: nothing written, nothing read
    assert solo._read(path) is None


def test_a_saved_array_of_another_shape_or_with_gaps_is_refused(tmp_path: Path) -> None:
    path = tmp_path / solo.FILE_NAME
    np.save(path, np.zeros(10))
    assert solo._read(path) is None
    gaps = np.zeros(solo.POSITIONS)
    gaps[3] = np.nan
    np.save(path, gaps)
    assert solo._read(path) is None
    np.save(path, np.array(["x"] * 3, dtype=object), allow_pickle=True)
    assert solo._read(path) is None  # a pickled array is never loaded
