"""benchmarks/expert_search.py: the switching rule's threshold, and a game's decisions counted and kept whole.

The figures of the expert's searches at its default second are the script's to work out;
docs/explanation/bots.md records them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import yamskit
from tests.benchmark_scripts import BENCHMARKS, benchmark_script
from yamskit.bots.expert import MIN_ROUNDS, SWITCH_Z, CandidateStats, Search, _pick

if not (BENCHMARKS / "expert_search.py").is_file():
    pytest.skip("no benchmarks/ here (the source distribution does not carry it)", allow_module_level=True)

HARD, RIVAL, THIRD = (
    yamskit.Roll(),
    yamskit.Roll(keep=yamskit.Dice.parse("6")),
    yamskit.Roll(keep=yamskit.Dice.parse("1")),
)


@pytest.fixture(scope="module")
def script() -> Iterator[ModuleType]:
    with benchmark_script("expert_search.py", neighbours=("bots", "optimal_values")) as module:
        yield module


def search(hard: tuple[float, ...], *rivals: tuple[float, ...]) -> Search:
    stats = (CandidateStats(HARD, hard), *(CandidateStats(a, v) for a, v in zip((THIRD, RIVAL), rivals, strict=False)))
    return Search(_pick(stats), stats)


@pytest.mark.parametrize(
    ("better", "overruled"),
    [((1.0, 0.0, 0.0, 0.0, 1.0, 1.0), False), ((1.0, 1.0, 1.0, 1.0, 1.0, 1.0), True)],
)
def test_the_threshold_is_the_switching_rules_margin_with_the_best_rival(
    script: ModuleType, better: tuple[float, ...], overruled: bool
) -> None:
    hard = (0.0, 0.0, 0.0, 0.0, 1.0, 0.0)
    worse = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    diffs = [b - h for b, h in zip(better, hard, strict=True)]
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    s = search(hard, worse, better)
    assert script.threshold(s) == pytest.approx(SWITCH_Z * spread)
    # the rule overrules hard exactly when the best rival's mean gain passes that margin
    assert (s.choice == RIVAL) == (mean > script.threshold(s)) == overruled


def test_a_search_too_short_or_without_spread_has_no_threshold(script: ModuleType) -> None:
    short = (1.0,) * (MIN_ROUNDS - 1)
    assert script.threshold(search(short, (0.0,) * (MIN_ROUNDS - 1))) is None
    same = (1.0, 0.0, 0.5, 1.0)
    assert script.threshold(search(same, same)) is None


def test_a_game_is_counted_and_its_summary_written_whole(script: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "searches.json"
    # no time to think: one round a decision, fewer than MIN_ROUNDS, so hard is never overruled
    assert script.main(["--only", "yam-master", "--games", "1", "--decision-time", "0", "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())["rows"]
    assert row["setup"] == "yam-master"
    assert row["games"] == 1
    assert row["searched"] > 0
    assert row["overruled"] == 0
    assert row["rollouts_median"] == 1
    assert row["measured"] == 0
    assert row["threshold_median"] is None
    assert not list(tmp_path.glob(".*"))  # no temporary file left beside it
