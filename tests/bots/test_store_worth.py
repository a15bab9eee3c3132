"""The worth of saved throws in the sheet view (`yamskit.bots.store`).

What it computes and how it moves the choice between stopping and throwing again is checked
here; which worth plays best is measured by benchmarks/store_worth.py, not here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from yamskit.actions import Roll, Score, Scratch
from yamskit.bots import StrongPlayer, player
from yamskit.bots import store as store_module
from yamskit.bots.sheet import ONE_COLUMN_BONUS_FACTOR, choose_on_sheet
from yamskit.bots.store import SAVED_THROW_DECAY, SAVED_THROW_WORTH, stop_offset, store_worth


@contextmanager
def _no_store_worth() -> Iterator[None]:
    """The sheet view as it played before saved throws had a worth."""
    saved = store_module.SAVED_THROW_WORTH
    store_module.SAVED_THROW_WORTH = 0.0
    try:
        yield
    finally:
        store_module.SAVED_THROW_WORTH = saved


def _maxi(outcome: str, seed: int = 1) -> yamskit.GameState:
    return yamskit.variant("maxi-yatzy").new_game(seed=seed).apply(Roll(outcome=outcome))


@given(st.integers(min_value=0, max_value=60), st.integers(min_value=1, max_value=19))
def test_a_store_is_worth_more_with_each_throw_but_less_each_time(throws: int, boxes_after: int) -> None:
    worth = store_worth(throws, boxes_after=boxes_after)
    more = store_worth(throws + 1, boxes_after=boxes_after)
    most = SAVED_THROW_WORTH / (1.0 - SAVED_THROW_DECAY)
    assert 0.0 <= worth < more <= most
    assert more - worth == pytest.approx(SAVED_THROW_WORTH * SAVED_THROW_DECAY**throws)
    assert store_worth(throws, boxes_after=0) == 0.0  # the last turn: nothing to spend them on


def test_ending_a_turn_is_worth_the_throws_it_keeps_over_the_store_it_began_with() -> None:
    g = _maxi("123456")
    assert g.turn.saved == 0
    assert stop_offset(g, 1) == pytest.approx(store_worth(2, boxes_after=19))
    assert stop_offset(g, 2) == pytest.approx(store_worth(1, boxes_after=19))
    assert stop_offset(g, 3) == 0.0
    # a game whose rules save nothing
    yatzy = yamskit.variant("yatzy").new_game(seed=1).apply(Roll(outcome="12345"))
    assert [stop_offset(yatzy, used) for used in (1, 2, 3)] == [0.0, 0.0, 0.0]


def test_the_last_box_spends_every_throw() -> None:
    v = yamskit.variant("maxi-yatzy")
    g = v.new_game(seed=3)
    bot = StrongPlayer(v, time_budget=0.0)
    while sum(cell.is_empty for cell in g.sheets[0].cells[0]) > 1:
        g = g.apply(bot.choose(g))
    g = g.apply(Roll())
    assert [stop_offset(g, used) for used in range(1, 4)] == [0.0, 0.0, 0.0]


def test_the_store_worth_makes_the_hard_bot_stop_on_a_good_first_throw() -> None:
    # 666655: a tower now, with two throws kept for later, or four 6s thrown for more
    g = _maxi("666655")
    with _no_store_worth():
        assert isinstance(choose_on_sheet(g, depth=3, bonus_factor=ONE_COLUMN_BONUS_FACTOR), Roll)
    assert choose_on_sheet(g, depth=3, bonus_factor=ONE_COLUMN_BONUS_FACTOR) == Score("tower")
    assert StrongPlayer(g.variant, time_budget=0.0).choose(g) == Score("tower")


def test_the_plain_view_of_the_medium_level_gives_saved_throws_no_worth() -> None:
    g = _maxi("666655")
    medium = player(g.variant, "medium")
    with _no_store_worth():
        before = medium.choose(g)
    assert medium.choose(g) == before == choose_on_sheet(g, depth=1, plain=True)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=6), min_size=6, max_size=6), st.integers(0, 50))
def test_the_store_worth_never_changes_which_box_is_written(faces: list[int], seed: int) -> None:
    g = _maxi("".join(map(str, faces)), seed=seed)  # a first throw: stop (keeping two throws) or throw again
    with _no_store_worth():
        before = choose_on_sheet(g, depth=3, bonus_factor=ONE_COLUMN_BONUS_FACTOR)
    after = choose_on_sheet(g, depth=3, bonus_factor=ONE_COLUMN_BONUS_FACTOR)
    if isinstance(before, Score | Scratch) and isinstance(after, Score | Scratch):
        assert after == before


def test_the_sweep_script_plays_each_setting_as_the_bot_does(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.benchmark_scripts import BENCHMARKS, benchmark_script

    if not (BENCHMARKS / "store_worth.py").is_file():
        pytest.skip("no benchmarks/ here (the source distribution does not carry it)")
    with benchmark_script("store_worth.py", neighbours=("worth_factor",)) as script:
        v = yamskit.variant("maxi-yatzy")
        hard = yamskit.play(v.new_game(["A"], seed=4), [StrongPlayer(v, time_budget=0.0)])
        setting = (SAVED_THROW_WORTH, SAVED_THROW_DECAY)
        assert script.one_game((setting, 4)) == hard.result().scores[0]
        assert store_module.SAVED_THROW_WORTH == SAVED_THROW_WORTH  # put back after each decision
        assert script.main(["--games", "2", "--settings", "0:0.8"]) == 0
        with pytest.raises(SystemExit):
            script.main(["--settings", "ten"])
    out = capsys.readouterr()
    assert "| worth 0, decay 0.8 |" in out.out
    assert "| medium level |" in out.out
    assert "WORTH:DECAY" in out.err
