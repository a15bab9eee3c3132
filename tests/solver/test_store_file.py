"""The store strategy's file (`StoreStrategy.save` / `load`) and its disk cache (`cached_store_strategy`).

A file read back gives the same values; a file of other rules, of another kind (a plain
strategy's), of a damaged or reshaped table is refused with its own error; the cache solves
once, reads after, and solves again over a file it cannot read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from yamskit import ScorecardVariant
from yamskit.categories import Category, total, upper
from yamskit.errors import DeserializationError, RuleConfigError, RulesMismatchError
from yamskit.solver import StoreStrategy, Strategy, solve
from yamskit.solver import store as store_module
from yamskit.solver.advice import cache_path, cached_store_strategy
from yamskit.solver.model import model_of
from yamskit.solver.store import solve_store
from yamskit.solver.table_file import write_table

pytest.importorskip("numpy")


def _sheet(name: str = "saving", sixes: int = 6) -> ScorecardVariant:
    return ScorecardVariant.define(
        name, rows=[upper(5), upper(sixes), Category("chance", total)], dice=3, saved_throws=True
    )


def test_a_saved_store_strategy_reads_back_the_same_values(tmp_path: Path) -> None:
    variant = _sheet()
    strategy = solve_store(variant, store_cap=2)
    strategy.save(tmp_path / "s.npz")
    again = StoreStrategy.load(tmp_path / "s.npz", variant)
    assert again.store_cap == 2
    assert np.array_equal(again.values, strategy.values, equal_nan=True)
    game = variant.new_game(seed=4)
    assert again.advise(game) == strategy.advise(game)
    assert [p.name for p in tmp_path.iterdir()] == ["s.npz"]  # written whole: no temporary file left


def test_a_registered_variant_is_rebuilt_from_the_file(tmp_path: Path) -> None:
    from yamskit import variant

    maxi = variant("maxi-yatzy")
    fingerprint = model_of(maxi, saved_throws=True).fingerprint
    write_table(tmp_path / "m.npz", np.zeros((1, 2, 1, 1)), fingerprint, maxi, store_cap=0)
    # Maxi Yatzy's rules rebuilt from the file and checked, then a table too small for them refused
    with pytest.raises(DeserializationError, match="store cap 0"):
        StoreStrategy.load(tmp_path / "m.npz")


def test_files_of_other_rules_or_kinds_are_refused(tmp_path: Path) -> None:
    variant = _sheet()
    solve_store(variant, store_cap=1).save(tmp_path / "s.npz")
    with pytest.raises(RulesMismatchError):
        StoreStrategy.load(tmp_path / "s.npz", _sheet("other", sixes=4))
    plain = ScorecardVariant.define("plain", rows=[upper(5), upper(6)], dice=3)
    solve(plain, quiet=True).save(tmp_path / "plain.npz")
    with pytest.raises(RulesMismatchError):  # a plain strategy read for a sheet with saved throws
        StoreStrategy.load(tmp_path / "plain.npz", variant)
    with pytest.raises(DeserializationError, match="without a store"):  # the plain sheet's own table: no cap
        StoreStrategy.load(tmp_path / "plain.npz", plain)
    with pytest.raises(RuleConfigError, match="saves unused throws"):  # and a store table read as a plain one
        Strategy.load(tmp_path / "s.npz", variant)
    (tmp_path / "junk.npz").write_bytes(b"not a table")
    with pytest.raises(DeserializationError, match="not a yamskit strategy file"):
        StoreStrategy.load(tmp_path / "junk.npz", variant)


def test_a_table_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    variant = _sheet()
    strategy = solve_store(variant, store_cap=1)
    fingerprint = strategy.store.model.fingerprint
    write_table(tmp_path / "short.npz", strategy.values[:1], fingerprint, variant, store_cap=1)
    with pytest.raises(DeserializationError, match="shape"):
        StoreStrategy.load(tmp_path / "short.npz", variant)
    two_caps: Any = np.array([1, 2])  # a cap that is not one whole number
    write_table(tmp_path / "cap.npz", strategy.values, fingerprint, variant, store_cap=two_caps)
    with pytest.raises(DeserializationError, match="not a yamskit strategy file"):
        StoreStrategy.load(tmp_path / "cap.npz", variant)
    with pytest.raises(ValueError, match="member of every table file"):
        write_table(tmp_path / "clash.npz", strategy.values, fingerprint, variant, format=2)
    assert not (tmp_path / "clash.npz").exists()


def test_the_cache_solves_once_then_reads_and_replaces_a_damaged_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = _sheet()
    solves: list[int] = []
    real = store_module.solve_store

    def counting(v: ScorecardVariant, *, store_cap: int, **kwargs: object) -> StoreStrategy:
        solves.append(store_cap)
        return real(v, store_cap=store_cap, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store_module, "solve_store", counting)
    first = cached_store_strategy(variant, store_cap=2, directory=tmp_path, quiet=True)
    again = cached_store_strategy(variant, store_cap=2, directory=tmp_path, quiet=True)
    assert solves == [2]
    assert again.expected_score() == first.expected_score()
    path = cache_path(variant, directory=tmp_path, store_cap=2)
    assert path.is_file()
    assert path.name.startswith("saving-store2-")
    path.write_bytes(b"damaged")
    repaired = cached_store_strategy(variant, store_cap=2, directory=tmp_path, quiet=True)
    assert solves == [2, 2]
    assert repaired.expected_score() == first.expected_score()
    assert StoreStrategy.load(path, variant).store_cap == 2
    cached_store_strategy(variant, store_cap=1, directory=tmp_path, quiet=True)  # another cap: its own file
    assert solves == [2, 2, 1]
    assert len(list(tmp_path.iterdir())) == 2


def test_a_cache_that_cannot_be_written_still_gives_the_strategy(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder would go")
    strategy = cached_store_strategy(_sheet(), store_cap=1, directory=blocker / "cache", quiet=True)
    assert strategy.store_cap == 1


def test_a_sheet_without_saved_throws_has_no_store_cache(tmp_path: Path) -> None:
    plain = ScorecardVariant.define("plain", rows=[upper(5), upper(6)], dice=3)
    with pytest.raises(RuleConfigError, match="saved throws"):
        cached_store_strategy(plain, store_cap=1, directory=tmp_path)
    assert list(tmp_path.iterdir()) == []
