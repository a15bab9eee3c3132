"""Bot simulations: reproducible from the seed whatever the executor, and correct statistics."""

from __future__ import annotations

import itertools
import multiprocessing
import statistics
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yamskit
from yamskit.bots import RandomPlayer, play
from yamskit.bots.simulate import SimulationResult, _play_until, game_seed, play_games, simulate

VARIANTS = yamskit.variant_names()


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_simulates_with_one_score_per_seat(name: str) -> None:
    stats = simulate(name, 3, seed=1)
    assert stats.games == 3
    assert all(len(scores) == len(stats.players) for scores in stats.scores)
    assert all(winners and set(winners) <= set(range(len(stats.players))) for winners in stats.winners)


def test_each_game_is_the_game_its_seed_plays() -> None:
    stats = simulate("classic", 4, seats=2, seed=9)
    for index, scores in enumerate(stats.scores):
        seed = game_seed(9, index)
        state = yamskit.variant("classic").new_game(["Bot 1", "Bot 2"], seed=seed)
        final = play(state, [RandomPlayer(seed=seed), RandomPlayer(seed=seed + 1)])
        assert final.result().scores == scores


def test_a_run_is_the_same_with_any_executor() -> None:
    alone = simulate("yahtzee", 12, seats=2, seed=4)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = simulate("yahtzee", 12, seats=2, seed=4, executor=pool)
    assert threaded == alone
    assert simulate("yahtzee", 12, seats=2, seed=4, jobs=2) == alone
    assert simulate("yahtzee", 12, seats=2, seed=5) != alone


def test_progress_reaches_the_number_of_games() -> None:
    seen: list[tuple[int, int]] = []
    simulate("classic", 5, seed=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5, 5)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_statistics_are_those_of_the_scores() -> None:
    stats = simulate("classic", 10, seats=3, seed=3)
    values = [s for game in stats.scores for s in game]
    assert stats.mean == pytest.approx(statistics.fmean(values))
    assert stats.stdev == pytest.approx(statistics.stdev(values))
    assert (stats.low, stats.high, stats.median) == (min(values), max(values), statistics.median(values))
    for seat in range(3):
        assert stats.seat_means[seat] == pytest.approx(statistics.fmean(g[seat] for g in stats.scores))
    data = stats.to_data()
    assert data["games"] == 10
    assert data["win_rates"] == list(stats.win_rates)


@given(
    scores=st.lists(st.lists(st.integers(-50, 400), min_size=2, max_size=2), min_size=1, max_size=30),
    bins=st.integers(1, 12),
)
def test_histogram_bins_cover_every_score_once(scores: list[list[int]], bins: int) -> None:
    games = tuple(tuple(s) for s in scores)
    winners = tuple(yamskit.Result.from_scores(("A", "B"), s).winners for s in games)
    stats = SimulationResult("classic", ("A", "B"), 0, games, winners)
    hist = stats.histogram(bins)
    assert sum(count for _, _, count in hist) == 2 * len(games)
    assert hist[0][0] == stats.low
    assert hist[-1][0] <= stats.high <= hist[-1][1]
    assert all(a[1] + 1 == b[0] for a, b in itertools.pairwise(hist))
    assert len(hist) <= bins
    for low, high, count in hist:
        assert count == sum(low <= v <= high for v in stats.all_scores)


@given(winners=st.lists(st.sampled_from([(0,), (1,), (2,), (0, 1), (0, 1, 2)]), min_size=1, max_size=20))
def test_win_rates_share_ties_and_add_up_to_one(winners: list[tuple[int, ...]]) -> None:
    stats = SimulationResult("classic", ("A", "B", "C"), 0, tuple((0, 0, 0) for _ in winners), tuple(winners))
    assert sum(stats.win_rates) == pytest.approx(1.0)
    expected_a = sum(1 / len(w) for w in winners if 0 in w) / len(winners)
    assert stats.win_rates[0] == pytest.approx(expected_a)


def test_play_games_is_a_plain_task_for_workers() -> None:
    done = play_games("classic", {"joker": "free"}, ["A"], 1, [3, 4])
    assert [index for index, _, _ in done] == [3, 4]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "number of games"),
        ({"games": 2, "jobs": 0}, "jobs"),
        ({"games": 2, "seed": -1}, "seed"),
        ({"games": 2, "seats": 0}, "players"),
    ],
)
def test_bad_runs_are_refused(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(yamskit.RuleConfigError, match=message):
        simulate("classic", **kwargs)


# ---------------------------------------------------------------- stopping a run
class Interrupt:
    """A progress callback that presses Ctrl-C after the first chunk of games."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, done: int, total: int) -> None:
        self.calls += 1
        raise KeyboardInterrupt


def test_ctrl_c_in_a_run_with_jobs_ends_every_worker_before_it_goes_on() -> None:
    progress = Interrupt()
    before = set(multiprocessing.active_children())  # other tests' processes may live on in this worker
    with pytest.raises(KeyboardInterrupt):
        simulate("classic", 320, seats=2, seed=1, jobs=2, progress=progress)  # chunks of 20 games
    assert progress.calls == 1
    assert set(multiprocessing.active_children()) <= before  # the run's workers joined: none left running


def test_a_stopped_worker_gives_up_its_games_before_the_next_one() -> None:
    stop = multiprocessing.Event()
    assert len(_play_until("classic", {}, ("A",), 1, range(3), "greedy", stop)) == 3
    stop.set()
    assert _play_until("classic", {}, ("A",), 1, range(3), "greedy", stop) == []


def test_ctrl_c_cancels_the_chunks_an_executor_has_not_started() -> None:
    submitted: list[Future[Any]] = []

    class FirstChunkOnly:  # runs the first chunk at once; the others wait, as on a busy cluster
        def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
            future: Future[Any] = Future()
            if not submitted:
                future.set_result(fn(*args))
            submitted.append(future)
            return future

    with pytest.raises(KeyboardInterrupt):
        simulate("classic", 400, seed=1, executor=FirstChunkOnly(), progress=Interrupt())
    assert len(submitted) > 2
    assert [future.cancelled() for future in submitted] == [False] + [True] * (len(submitted) - 1)


# ---------------------------------------------------------------- the batch engine, any number of seats
def test_a_batch_game_of_several_seats_is_one_solitaire_game_per_seat_ranked_by_total() -> None:
    from yamskit.solver.batch import simulate as batch

    stats = simulate("classic", 50, seats=3, seed=6, bot="greedy", engine="batch")
    alone = batch(yamskit.variant("classic"), 150, bot="greedy", seed=6).scores.tolist()
    assert stats.engine == "batch"
    assert stats.players == ("Bot 1", "Bot 2", "Bot 3")
    assert [list(game) for game in stats.scores] == [alone[i : i + 3] for i in range(0, 150, 3)]
    players = stats.players
    assert list(stats.winners) == [yamskit.Result.from_scores(players, game).winners for game in stats.scores]
    assert simulate("classic", 50, seats=3, seed=6, bot="greedy", engine="batch", jobs=2) == stats


def test_auto_takes_the_batch_engine_for_every_seat_count_of_a_one_column_sheet() -> None:
    for seats in (1, 2, 4):
        assert simulate("yahtzee", 4, seats=seats, seed=1, engine="auto").engine == "batch"
    assert simulate("challenge", 2, seats=2, seed=1, engine="auto").engine == "games"
    with pytest.raises(yamskit.RuleConfigError, match="batch engine does not apply"):
        simulate("competitive", 2, seed=1, engine="batch")


def _ks_distance(a: list[int], b: list[int]) -> float:
    """The two-sample Kolmogorov-Smirnov statistic: the largest gap between the empirical distributions."""
    import bisect

    xs, ys = sorted(a), sorted(b)
    return max(
        abs(bisect.bisect_right(xs, v) / len(xs) - bisect.bisect_right(ys, v) / len(ys)) for v in set(xs) | set(ys)
    )


@pytest.mark.parametrize(
    ("bot", "games"), [pytest.param("greedy", 150, marks=pytest.mark.slow), ("random", 300)]
)  # (greedy games: ten seconds)
def test_batch_games_have_the_distribution_of_the_protocol_games(bot: str, games: int) -> None:
    # The batch engine draws its dice from numpy generators, the protocol path from each game's
    # seed: the same seed gives other games, so the engines are compared by distribution (fixed
    # seeds, so the test is deterministic): each seat's mean within 4 standard errors, and a
    # two-sample Kolmogorov-Smirnov test at the 0.1% level on every player's points.
    kind: Any = bot
    slow = simulate("classic", games, seats=2, seed=11, bot=kind, engine="games")
    fast = simulate("classic", 20_000, seats=2, seed=11, bot=kind, engine="batch")
    assert (slow.engine, fast.engine) == ("games", "batch")
    for seat in range(2):
        spread = statistics.stdev(game[seat] for game in slow.scores)
        assert abs(slow.seat_means[seat] - fast.seat_means[seat]) < 4 * spread / games**0.5
    n, m = len(slow.all_scores), len(fast.all_scores)
    assert _ks_distance(slow.all_scores, fast.all_scores) < 1.95 * ((n + m) / (n * m)) ** 0.5
    assert abs(fast.win_rates[0] - 0.5) < 0.02  # the seats are alike: 20,000 games, 4 standard errors is 0.014


def test_a_local_pool_forks_its_workers_with_the_signals_held_and_the_workers_unblock_them() -> None:
    import os
    import signal
    from pathlib import Path

    held: list[set[int]] = []
    os.register_at_fork(after_in_parent=lambda: held.append(set(signal.pthread_sigmask(signal.SIG_BLOCK, []))))
    workers: list[str] = []

    def look(done: int, total: int) -> None:
        for child in multiprocessing.active_children():
            status = Path(f"/proc/{child.pid}/status")
            if status.exists():
                workers.append(next(line for line in status.read_text().splitlines() if line.startswith("SigBlk")))

    before = len(held)
    simulate("challenge", 8, seats=2, seed=1, jobs=2, progress=look, engine="games")
    forks = held[before:]
    assert len(forks) >= 2  # two workers (this hook stays registered: later forks append too)
    assert all({signal.SIGINT, signal.SIGTERM} <= mask for mask in forks)
    if workers:  # Linux: the workers' blocked signals
        bits = [int(line.split()[1], 16) for line in workers]
        assert all(not mask & (1 << (signal.SIGINT - 1)) and not mask & (1 << (signal.SIGTERM - 1)) for mask in bits)
