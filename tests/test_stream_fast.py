"""The quick throw of `DiceStream` draws exactly the faces `face_from_seed` defines."""

from __future__ import annotations

import random

import pytest

from yamskit import Dice, DiceStream, InvalidDiceError
from yamskit.dice import face_from_seed


def test_a_throw_shows_the_faces_of_the_seed_definition() -> None:
    rng = random.Random(0)
    for _ in range(2000):
        seed, draws, count = rng.getrandbits(64), rng.getrandbits(40), rng.randint(0, 5)
        dice, after = DiceStream(seed=seed, draws=draws).throw(count)
        assert dice == Dice(tuple(face_from_seed(seed, draws + i) for i in range(count)))
        assert after == DiceStream(seed=seed, draws=draws + count)


def test_an_exhausted_stream_refuses_to_throw() -> None:
    with pytest.raises(InvalidDiceError, match="used up"):
        DiceStream(seed=1, draws=2**64 - 3).throw(5)
