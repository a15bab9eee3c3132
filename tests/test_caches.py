"""Every cache is bounded and documented, and variants come and go without the process growing."""

from __future__ import annotations

import contextlib
import gc
import importlib
import re
import tracemalloc
from pathlib import Path

import pytest

import yamskit
from yamskit import UpperBonus
from yamskit._cache import LruCache, caches
from yamskit._fast import IdentityCache
from yamskit.bots import player
from yamskit.categories import Category, is_five_of_a_kind, total, upper, when

try:
    from yamskit.rl import observe as _observe
except ModuleNotFoundError:  # without the rl extra. Tried once here: under pytest each failed
    _observe = None  # import of the package kept about 4 KB, which the growth check counted.

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "explanation" / "memory.md"
#: The modules that create caches when imported.
CACHING = [
    "yamskit.scorecard",
    "yamskit.variants.yam_master",
    "yamskit.variants.yamslam",
    "yamskit.variants.yamslam.solo",
    "yamskit.bots.strong",
    "yamskit.bots.split",
    "yamskit.bots.sheet",
    "yamskit.bots.duel_sheet",
    "yamskit.bots.fitted_values",
    "yamskit.bots.sheet_values",
    "yamskit.bots.values_player",
    "yamskit.solver.expectimax",
]


#: A function memoised by ``functools`` itself rather than through ``yamskit._cache.cached``.
_MEMOISED = re.compile(r"^@(?:functools\.)?(?:cache|lru_cache)\b", re.M)


def _documented() -> dict[str, int]:
    """The caches of the docs page's tables: name -> the most entries it says."""
    rows = re.findall(r"^\| `([^`]+)` \|.*\| (\d+)(?: \(.*\))? \|$", PAGE.read_text(encoding="utf-8"), re.M)
    return {name: int(bound) for name, bound in rows}


def test_every_named_cache_is_documented_with_its_bound() -> None:
    for module in CACHING:
        importlib.import_module(module)
    with contextlib.suppress(ModuleNotFoundError):  # without the rl extra; its cache is still in the table
        importlib.import_module("yamskit.rl.observation")
    made = {name: size for name, (size, _) in caches().items() if not name.startswith("example ")}
    assert made, "no cache registered"
    documented = _documented()
    for name, size in made.items():
        assert documented.get(name) == size, f"cache {name!r} (at most {size}) is not in {PAGE.name} as such"


def test_every_memoised_function_goes_through_the_cache_module() -> None:
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "src" / "yamskit").rglob("*.py"))
        if _MEMOISED.search(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "memoise with yamskit._cache.cached, so the bound is registered and documented"
    assert "action spaces: sheets" in caches()  # (registered by yamskit.action_space's cached function)


def test_an_lru_cache_drops_the_least_recently_used_entry() -> None:
    cache: LruCache[int, str] = LruCache("example lru", size=2, key="a number")
    assert cache.get(1, lambda: "one") == "one"
    assert cache.get(2, lambda: "two") == "two"
    assert cache.get(1, lambda: "again") == "one"  # 1 is now the most recent
    assert cache.get(3, lambda: "three") == "three"
    assert 2 not in cache
    assert 1 in cache
    assert len(cache) == 2
    with pytest.raises(ValueError, match="at least one"):
        LruCache("example empty", size=0, key="nothing")


def test_an_identity_cache_keeps_at_most_its_size_of_objects_alive() -> None:
    cache: IdentityCache[int] = IdentityCache("example identity", size=3, key="an object")
    kept = [cache.get(object(), lambda: 1) for _ in range(100)]
    assert kept == [1] * 100
    assert len(cache) == 3


def _user_variant(i: int) -> yamskit.ScorecardVariant:
    """A small sheet whose Yams pays a different number each time: new rules, new fingerprint."""
    return yamskit.ScorecardVariant.define(
        f"user{i}",
        rows=[upper(5), upper(6), Category("chance", total), Category("yams", when(is_five_of_a_kind, 50 + i))],
        bonus=UpperBonus.single(20, 5 + i, rows=("fives", "sixes")),
    )


def _use(i: int) -> None:
    """Play a few moves of a new variant with three bot levels, observe it, save and read it."""
    variant = _user_variant(i)
    game = variant.new_game(players=["A", "B"], seed=i)
    for level in ("random", "easy", "medium"):
        bot = player(variant, level, seed=i)
        for _ in range(3):
            game = game.apply(bot.choose(game))
    assert yamskit.load_game(game.to_json(), variant=variant) == game
    variant.from_notation(game.to_notation())
    if _observe is not None:
        _observe(game, 0)


@pytest.mark.slow
def test_five_hundred_variants_created_used_and_dropped_after_the_caches_fill_leave_no_growth() -> None:
    # 0.1.0 kept each variant's tables for good (58 KB a variant in the state checks alone).
    # After the first few hundred, every cache is full: the next ones replace, never add. 500
    # more variants keeping 2.5 KB each would pass the 1.25 MB below (each variant costs about
    # 0.15 s of the full run under coverage and tracemalloc: 2,000 took minutes, and 500 find
    # the same leaks).
    tracemalloc.start()  # before the first: what a full cache drops must have been counted when made
    try:
        for i in range(400):
            _use(i)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for i in range(400, 900):
            _use(i)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 1_250_000, f"500 more variants kept {grown / 1e6:.2f} MB"
