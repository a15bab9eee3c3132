"""Step invariants shared by every variant's playout tests.

``check_step(state, candidates)`` asserts, for one state, what must hold at every
step of every game of every variant:

* every listed legal action applies, and ``is_legal`` agrees with the listing;
* every candidate action that is not legal raises an ``IllegalActionError``
  (which is also a ``ValueError``) and leaves the state equal to before;
* acting for the wrong player raises ``NotYourTurnError``;
* ``to_json`` then ``load_game`` gives an equal state.

``random_playout`` plays a game to its end with a seeded ``random.Random``,
calling ``check_step`` on every state (or every ``every``-th one) and returning the
final state and the list of actions chosen (throws with ``outcome=None``, so the
list replays the same game from the same seed).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

import yamskit
from yamskit import IllegalActionError, NotYourTurnError
from yamskit.categories import Category, is_five_of_a_kind, n_of_a_kind, total, upper, when
from yamskit.scorecard import Column, FillPolicy, ScorecardVariant, TurnCondition, UpperBonus
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker
from yamskit.variants.challenge import PlusAboveMinus

Candidates = Callable[[Any], Iterable[Any]]


def assert_illegal(state: Any, action: Any, error: type[Exception] = IllegalActionError, **kwargs: Any) -> Exception:
    """Applying ``action`` raises ``error`` (an IllegalActionError and ValueError) and changes nothing."""
    before = state.to_json()
    with pytest.raises(error) as info:
        state.apply(action, **kwargs)
    assert isinstance(info.value, IllegalActionError)
    assert isinstance(info.value, ValueError)
    assert state.to_json() == before
    assert not state.is_legal(action, **kwargs)
    return info.value


def check_step(state: Any, candidates: Iterable[Any] = (), *, apply_all: bool = True) -> None:
    """Assert the step invariants of the module docstring on ``state``."""
    legal = list(state.legal_actions())
    if state.is_over:
        assert legal == []
    else:
        assert legal, "a player must never be left without a legal action"
    legal_set = set(legal)
    assert len(legal_set) == len(legal), "legal actions are listed once each"
    for action in legal if apply_all else legal[:3]:
        assert state.is_legal(action)
        after = state.apply(action)
        assert after is not state
    for action in candidates:
        if action in legal_set:
            continue
        if state.is_legal(action):
            state.apply(action)  # legal but not listed: e.g. explicit faces
        else:
            assert_illegal(state, action)
    if legal and len(state.players) > 1:
        other = (state.current_player + 1) % len(state.players)
        assert_illegal(state, legal[0], NotYourTurnError, player=other)
        state.apply(legal[0], player=state.current_player)
    assert yamskit.load_game(state.to_json()) == state


def random_playout(
    state: Any,
    rng: random.Random,
    candidates: Candidates = lambda s: (),
    *,
    every: int = 1,
    apply_all: bool = True,
    max_steps: int = 100_000,
) -> tuple[Any, list[Any]]:
    """Play ``state`` to the end choosing uniformly among legal actions, checking invariants."""
    chosen = []
    for step in range(max_steps):
        if step % every == 0 or state.is_over:
            check_step(state, candidates(state), apply_all=apply_all)
        if state.is_over:
            return state, chosen
        action = rng.choice(list(state.legal_actions()))
        chosen.append(action)
        state = state.apply(action)
    raise AssertionError(f"game did not end within {max_steps} steps")


def five_of_a_kind_often(state: Any, rng: random.Random) -> Any:
    """A random legal action; one throw in four shows all dice alike (a five of a kind) where the kept dice allow it.

    Random play alone seldom makes a second five of a kind; this brings the jokers, the
    Yams bonuses, the *sec*, the Yam predator and the Yamslams into random games.
    """
    actions = list(state.legal_actions())
    throws = [a for a in actions if isinstance(a, yamskit.Roll)]
    if throws and rng.random() < 0.25:
        throw = rng.choice(throws)
        face = throw.keep.faces[0] if len(throw.keep) else rng.randint(1, 6)
        if all(f == face for f in throw.keep.faces):
            dice = getattr(getattr(state, "turn", None), "dice_count", 5)  # the variant's dice, five or not
            return yamskit.Roll(keep=throw.keep, outcome=[face] * (dice - len(throw.keep)))
    return rng.choice(actions)


def kniffel_lite() -> ScorecardVariant:
    """A user's one-column variant with a joker, a bonus and a bonus row of its own."""
    rows = [
        *(upper(face) for face in range(1, 7)),
        Category("three_of_a_kind", when(n_of_a_kind(3), total)),
        Category("yams", when(is_five_of_a_kind, 50)),
        Category("chance", total),
    ]
    return ScorecardVariant.define(
        "kniffel-lite", rows=rows, bonus=UpperBonus.single(50, 25), rules=[Joker("free"), FiveOfAKindBonus(100)]
    )


def two_columns() -> ScorecardVariant:
    """A user's two-column variant: one column top to bottom, one for single throws, plus above minus."""
    rows = [upper(1), upper(6), Category("plus", total), Category("minus", total)]
    return ScorecardVariant.define(
        "two-columns",
        rows=rows,
        columns=[Column("down", FillPolicy.down()), Column("dry", condition=TurnCondition.at_most_throws(1))],
        rules=[PlusAboveMinus()],
    )
