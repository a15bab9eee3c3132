"""Hypothesis strategies shared by every test module."""

from __future__ import annotations

import os

from hypothesis import strategies as st

from yamskit import Dice
from yamskit.dice import KEEPS, ROLLS

faces = st.integers(min_value=1, max_value=6)
#: Five dice, drawn as ordered faces (so permutations are exercised).
face_lists = st.lists(faces, min_size=5, max_size=5)
#: A five-dice roll.
rolls = st.sampled_from(ROLLS)
#: Any multiset of 0-5 dice.
keeps = st.sampled_from(KEEPS)
#: Dice of any size 0-5.
any_dice = st.lists(faces, min_size=0, max_size=5).map(lambda f: Dice(f))
seeds = st.integers(min_value=0, max_value=2**64 - 1)


#: Whether this is .ci/run's full run (``HYPOTHESIS_PROFILE=ci``): the README's quick run tries a
#: fifth of the examples a test asks for, so that it stays under five minutes.
FULL_RUN = os.environ.get("HYPOTHESIS_PROFILE") == "ci"


def examples(wanted: int) -> int:
    """``wanted`` examples in the full run, a fifth of them (at least 10) in the quick run."""
    return wanted if FULL_RUN else max(10, wanted // 5)
