"""The ladder's rating fit (benchmarks/ladder.py): Bradley-Terry on the Elo scale, random anchored at 0.

The games themselves are ``benchmarks/bots.py``'s (tests/bots/test_bench_dask.py checks
that a Dask cluster plays the same ones); here the arithmetic that turns their scores
into ratings is checked against results whose ratings are known.
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
if not (BENCHMARKS / "ladder.py").is_file():
    pytest.skip("no benchmarks/ here (the source distribution does not carry it)", allow_module_level=True)


@pytest.fixture(scope="module")
def ladder() -> Iterator[ModuleType]:
    path, had_bots = list(sys.path), "bots" in sys.modules
    sys.path.insert(0, str(BENCHMARKS))  # ladder imports its neighbour bots.py by name
    try:
        spec = importlib.util.spec_from_file_location("ladder_under_test", BENCHMARKS / "ladder.py")
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path[:] = path
        if not had_bots:  # tests/bots/test_bench_dask.py loads bots.py under that name itself
            sys.modules.pop("bots", None)


def test_every_setup_is_played_once(ladder: ModuleType) -> None:
    labels = [setup.label for setup in ladder.VERSUS]
    assert len(labels) == len(set(labels))  # Competitive 1v1v1 was listed twice and played twice
    assert {"competitive 1v1", "competitive 1v1v1", "competitive 2v2", "maxi-yatzy"} <= set(labels)


def test_two_levels_fit_the_elo_curve_exactly(ladder: ModuleType) -> None:
    ratings = ladder.fit(["random", "easy"], [("easy", "random", 0.8, 1000)], prior=0.0)
    assert ratings["random"] == (0.0, 0.0)
    assert ratings["easy"][0] == pytest.approx(400 * math.log10(4))  # 80% is odds of 4 to 1
    # the interval is the delta method's: 1.96 / sqrt(n p (1 - p)) on the log-odds scale, in Elo points
    assert ratings["easy"][1] == pytest.approx(1.96 * ladder.ELO / math.sqrt(1000 * 0.8 * 0.2))


def test_consistent_results_give_back_the_ratings_that_made_them(ladder: ModuleType) -> None:
    truth = {"random": 0.0, "easy": 250.0, "medium": 380.0, "hard": 600.0}
    levels = list(truth)
    results = [
        (a, b, ladder.expected(truth[a] - truth[b]), 10_000) for i, b in enumerate(levels) for a in levels[i + 1 :]
    ]
    ratings = ladder.fit(levels, results, prior=0.0)
    for level, rating in truth.items():
        assert ratings[level][0] == pytest.approx(rating, abs=1e-6)
        if level != "random":
            assert 0 < ratings[level][1] < 30  # 10,000 games a pair pin each rating within a few points


def test_the_prior_keeps_a_clean_sweep_finite(ladder: ModuleType) -> None:
    ratings = ladder.fit(["random", "hard"], [("hard", "random", 1.0, 400)])
    rating, half = ratings["hard"]
    # 400 wins and one drawn game of prior: odds of 400.5 to 0.5
    assert rating == pytest.approx(400 * math.log10(400.5 / 0.5))
    assert math.isfinite(half)
    assert half > 0


def test_levels_that_never_met_are_refused(ladder: ModuleType) -> None:
    with pytest.raises(ValueError, match="never met"):
        ladder.fit(["random", "easy", "hard"], [("easy", "random", 0.7, 100)], prior=0.0)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_seating_makes_an_even_match_score_one_half(ladder: ModuleType, seats: int) -> None:
    # Over a whole cycle of games each seat is held by each side equally often, and a side
    # that holds k of n seats wins k/n of an even match: the mean of that is one half.
    seating = ladder.bots.seating
    cycle = 2 * seats
    tables = [seating(seats, index) for index in range(cycle)]
    assert all(len(table) == seats and 0 < sum(table) < seats for table in tables)  # both sides always sit
    for seat in range(seats):
        assert sum(table[seat] for table in tables) == cycle // 2
    assert sum(Fraction(sum(table), seats) for table in tables) / cycle == Fraction(1, 2)
    assert [seating(seats, index + cycle) for index in range(cycle)] == tables  # the cycle repeats


def test_a_table_of_three_seats_the_first_side_alone_then_two_against_one(ladder: ModuleType) -> None:
    tables = [ladder.bots.seating(3, index) for index in range(6)]
    assert [sum(table) for table in tables] == [1, 1, 1, 2, 2, 2]
    assert [table.index(True) for table in tables[:3]] == [0, 1, 2]  # its lone seat turns
    assert [table.index(False) for table in tables[3:]] == [0, 1, 2]  # and so does the seat it leaves


def _row(first: str, second: str, score: float, games: int = 200, **extra: object) -> dict[str, object]:
    low, high = _wilson(score, games)
    return {
        "first": first,
        "second": second,
        "score": score,
        "games": games,
        "low": low,
        "high": high,
        "median_ms": 1.0,
        "p99_ms": 2.0,
        "seed": 0,
        **extra,
    }


def _wilson(score: float, games: int) -> tuple[float, float]:
    z = 1.96
    centre = (score + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(score * (1 - score) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def test_the_bar_is_sixty_percent_with_the_interval_above_fifty_five(ladder: ModuleType) -> None:
    assert ladder.bar(_row("hard", "medium", 0.65), "hard", "search") == "met"
    assert ladder.bar(_row("hard", "medium", 0.59), "hard", "search") == "**not met**"
    # 60% over 100 games: the interval reaches below 55%
    assert ladder.bar(_row("hard", "medium", 0.60, games=100), "hard", "search") == "**not met**"
    assert ladder.bar(None, "hard", "search") == "not played"
    # the one-column duel player is held to the duel page's bar, not to 60% against hard
    assert ladder.bar(_row("expert", "hard", 0.45), "expert", "duel") == "the duel's bar"
    assert ladder.bar(_row("expert", "hard", 0.45), "expert", "duel-sheet") == "**not met**"
    # where no player can score 60% against hard (a bound under the bar), the cell says so
    assert ladder.bar(_row("expert", "hard", 0.45), "expert", "search", 0.5695).startswith(
        "out of reach: at most 57.0%"
    )
    assert ladder.bar(_row("expert", "hard", 0.45), "expert", "search", 0.7) == "**not met**"
    assert ladder.bar(_row("hard", "medium", 0.65), "hard", "search", 0.5) == "met"  # a bound against hard only


def test_the_bounds_are_read_for_the_duels_whose_hard_is_the_optimum(ladder: ModuleType, tmp_path: Path) -> None:
    kept = tmp_path / "bounds.json"
    kept.write_text(json.dumps({"generala": {"bound": 0.57}, "nothing": {"bound": 0.5}}), encoding="utf-8")
    assert ladder.ceilings(kept) == {"generala": 0.57}
    assert ladder.ceilings(tmp_path / "absent.json") == {}
    assert set(ladder.ceilings()) >= {"generala"}  # the committed file (benchmarks/duel_bound.py --json)


def test_slices_merge_into_one_ladder_the_last_run_winning(ladder: ModuleType) -> None:
    first = {
        "runs": [{"date": "2026-12-01", "setups": ["classic"]}],
        "versus": {"classic": [_row("easy", "random", 0.9), _row("hard", "easy", 0.7)]},
        "solitaire": {
            "classic solitaire": [
                {"level": "random", "mean": 20.0, "half": 1.0, "games": 9, "median_ms": 0.1, "p99_ms": 0.2}
            ]
        },
        "kinds": {"classic": "duel"},
    }
    second = {
        "runs": [{"date": "2026-12-02", "setups": ["classic", "yamslam"]}],
        "versus": {"classic": [_row("hard", "easy", 0.8)], "yamslam": [_row("easy", "random", 0.95)]},
        "kinds": {"yamslam": "search"},
    }
    merged = ladder.merge([first, second])
    assert [run["date"] for run in merged["runs"]] == ["2026-12-01", "2026-12-02"]
    classic = {(r["first"], r["second"]): r for r in merged["versus"]["classic"]}
    assert classic[("easy", "random")]["score"] == 0.9
    assert classic[("easy", "random")]["run"] == 0
    assert classic[("hard", "easy")]["score"] == 0.8  # the later run's match-up replaces the earlier one
    assert classic[("hard", "easy")]["run"] == 1
    assert merged["kinds"] == {"classic": "duel", "yamslam": "search"}
    text = ladder.page(merged)
    assert "### classic" in text
    assert "### yamslam" in text
    assert "(0-199, run 2)" in text  # each row names its run
    missing = text.split("## Not measured yet", 1)[1].split(": ", 1)[1].split(".\n", 1)[0].split(", ")
    assert {"competitive 2v2", "yamslam team", "yamslam solitaire"} <= set(missing)
    assert not {"classic", "yamslam", "classic solitaire"} & set(missing)
    # classic's medium and expert, and classic solitaire's levels but random, were never played
    assert "classic (medium, expert)" in text
    assert "classic solitaire (easy, medium, hard, expert)" in text


def test_a_setup_whose_levels_never_met_shows_its_pairs_without_ratings(ladder: ModuleType) -> None:
    lines = ladder.versus_table(
        "x", [_row("easy", "random", 0.9), _row("hard", "medium", 0.7)], ["random", "easy", "medium", "hard"]
    )
    table = "\n".join(lines)
    assert "| hard | — | 70.0%" in table
    assert "| medium | — | — | not played |" in table


def test_the_levels_a_family_moves_are_named_in_its_table(ladder: ModuleType) -> None:
    import yamskit

    note = ladder.levels_note(yamskit.variant("yamslam", mode="team"))
    assert note == "hard plays 60% of its turns as the strong bot and the rest as the one-throw bot"
    assert ladder.levels_note(yamskit.variant("yamslam", mode="solo")) is None
    assert ladder.levels_note(yamskit.variant("classic")) is None
    assert ladder.levels_note(yamskit.variant("yam-master")) == (
        "hard is the one-throw bot; medium plays 50% of its turns as the one-throw bot and the rest as the greedy bot"
    )
    from yamskit.bots.strong import POINTS_TABLE_VERSUS

    balut = ladder.levels_note(yamskit.variant("balut"))
    hard = f"{100 * (POINTS_TABLE_VERSUS['hard'] - 1):.0f}%"
    medium, easy = (f"{100 * POINTS_TABLE_VERSUS[level]:.0f}%" for level in ("medium", "easy"))
    assert balut == (
        f"hard plays {hard} of its turns as the one-throw bot and the rest as the greedy bot; "
        f"medium plays {medium} of its turns as the greedy bot and the rest as random play; "
        f"easy plays {easy} of its turns as the greedy bot and the rest as random play"
    )
    rows = [_row("easy", "random", 0.9), _row("medium", "easy", 0.9), _row("hard", "medium", 0.7)]
    levels = ["random", "easy", "medium", "hard"]
    assert f"The levels moved here: {note} (" in "\n".join(ladder.versus_table("x", rows, levels, moved=note))
    assert "The levels moved here" not in "\n".join(ladder.versus_table("x", rows, levels))


def test_the_expert_of_each_table_is_named(ladder: ModuleType) -> None:
    import yamskit

    assert ladder.expert_kind(yamskit.variant("classic"), 1) == "exact"
    assert ladder.expert_kind(yamskit.variant("yacht"), 2) == "duel"
    assert ladder.expert_kind(yamskit.variant("competitive"), 2) == "duel-sheet"
    assert ladder.expert_kind(yamskit.variant("yam-master"), 2) == "search"
    assert ladder.expert_kind(yamskit.variant("balut"), 1) == "ahead"
    assert ladder.expert_kind(yamskit.variant("balut"), 2) == "ahead"
    assert ladder.expert_kind(yamskit.variant("challenge"), 1) == "values"
    assert ladder.expert_kind(yamskit.variant("challenge"), 2) == "values"
    rows = [
        {"level": "hard", "mean": 245.0, "half": 4.0, "games": 300, "median_ms": 0.1, "p99_ms": 0.2},
        {"level": "expert", "mean": 245.0, "half": 4.0, "games": 300, "median_ms": 0.1, "p99_ms": 0.2},
    ]
    assert "plays as hard (the optimum)" in "\n".join(ladder.solitaire_table("classic solitaire", rows, "exact"))
    assert "**no** (intervals overlap)" in "\n".join(ladder.solitaire_table("challenge solitaire", rows, "search"))


def test_the_ladder_page_and_picture_are_what_the_committed_runs_give(ladder: ModuleType) -> None:
    # the page is written by `ladder.py --from benchmarks/ladder-runs/*.json --write`, never by hand
    import json

    runs = sorted((BENCHMARKS / "ladder-runs").glob("*.json"))
    assert runs
    merged = ladder.merge([json.loads(path.read_text(encoding="utf-8")) for path in runs])
    assert ladder.PAGE.read_text(encoding="utf-8") == ladder.page(merged)
    assert ladder.PICTURE.read_text(encoding="utf-8") == ladder.picture(ladder.ratings_of(merged["versus"]))
    for run in merged["runs"]:  # each run says how to play it again
        assert run["command"].startswith("python benchmarks/ladder.py ")


def test_the_ladder_picture_keeps_its_text_apart_and_inside(ladder: ModuleType) -> None:
    from tests.svg.geometry import problems

    assert problems(ladder.PICTURE.read_text(encoding="utf-8")) == []
