"""The step's plumbing (`yamskit._fast`) makes the same values as the constructors, and its memos stay honest.

A value built from its slots must equal the one ``attrs.evolve`` makes; a cache keyed by
identity must never answer for another object; the throws of a game share their parts.
"""

from __future__ import annotations

import gc

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import yamskit
from yamskit._cache import caches
from yamskit._fast import IdentityCache, builder, memo_slot, remember, replacer
from yamskit.dice import Dice, interned
from yamskit.turn import thrown_parts


@attrs.frozen
class Sample:
    a: int
    _b: str = attrs.field(alias="b")
    c: tuple[int, ...] = ()
    _seen: int | None = attrs.field(default=None, eq=False)


@given(st.integers(), st.text(), st.lists(st.integers()).map(tuple), st.integers(), st.text())
def test_a_replacer_makes_what_evolve_makes(a: int, b: str, c: tuple[int, ...], a2: int, b2: str) -> None:
    old = Sample(a, b=b, c=c, seen=5)
    moved = replacer(Sample, "a", "b", fresh=["_seen"])
    assert moved(old, a2, b2) == attrs.evolve(old, a=a2, b=b2, seen=None)
    assert moved(old, a2, b2)._seen is None  # fresh: back to its default
    assert replacer(Sample, "c")(old, (1,)) == attrs.evolve(old, c=(1,))
    assert replacer(Sample, "c")(old, (1,))._seen == 5  # not fresh: copied


def test_a_replacer_names_only_fields_and_a_fresh_field_needs_a_plain_default() -> None:
    with pytest.raises(TypeError, match="cannot replace"):
        replacer(Sample, "d")
    with pytest.raises(TypeError, match="cannot replace"):
        replacer(Sample, "a", fresh=["a"])
    with pytest.raises(TypeError, match="no plain default"):
        replacer(Sample, "c", fresh=["a"])

    @attrs.define(slots=False)
    class Loose:
        x: int

    with pytest.raises(TypeError, match="not a slot"):
        replacer(Loose, "x")


def test_a_builder_sets_every_field_and_keeps_the_last_defaults() -> None:
    build = builder(Sample)
    assert build(1, "x") == Sample(1, b="x")
    assert build(1, "x", (2,), 7) == Sample(1, b="x", c=(2,), seen=7)


def test_a_memo_slot_sets_only_fields_that_take_no_part_in_equality() -> None:
    sample = Sample(1, b="x")
    memo_slot(Sample, "_seen")(sample, 3)
    assert sample._seen == 3
    assert sample == Sample(1, b="x")
    with pytest.raises(TypeError, match="not a memo field"):
        memo_slot(Sample, "a")
    remember(sample, "_seen", 4)
    assert sample._seen == 4


def test_an_identity_cache_never_answers_for_an_object_that_is_gone() -> None:
    cache: IdentityCache[int] = IdentityCache("example identity gone", size=2, key="a list")
    first = [1, 2, 3]
    assert cache.get(first, lambda: 3) == 3
    del first
    gc.collect()
    second = [1]  # would take the first list's id if the cache let it go: it holds the first list
    assert cache.get(second, lambda: 1) == 1
    assert caches()["example identity gone"] == (2, "a list")


def test_an_identity_cache_holds_its_objects_until_it_drops_them() -> None:
    cache: IdentityCache[int] = IdentityCache("example identity", size=2, key="a list")
    lists = [[i] for i in range(3)]
    assert [cache.get(x, lambda x=x: x[0]) for x in lists] == [0, 1, 2]
    assert len(cache) == 2


def test_the_throws_of_the_game_share_their_parts() -> None:
    kept, rolled = Dice.parse("66"), Dice.parse("123")
    done, throw = thrown_parts(kept, rolled)
    assert thrown_parts(interned(kept.faces), interned(rolled.faces)) == (done, throw)
    assert thrown_parts(done.keep, done.outcome)[0] is done
    assert done.keep is interned(kept.faces)  # built from the shared dice
    assert throw.rolled is interned(rolled.faces)
    g = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome=rolled + Dice.parse("66")))
    assert g.apply(yamskit.Roll(keep=kept, outcome=rolled)).turn.throws[-1] is throw
