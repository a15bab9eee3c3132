"""The Competitive coefficient draw: exactly uniform by construction, and pinned per seed.

The draw is a Fisher-Yates shuffle of 8 10 12 14 16 18 fed by single dice: to pick one
of ``n`` positions it throws a die, rejects the faces above the largest multiple of ``n``
not over 6, and takes the accepted face modulo ``n``. The tests feed the real draw every
sequence of accepted faces from a scripted stream and add up the exact probabilities.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations, product

import attrs
import pytest

import yamskit
from yamskit import Dice, DiceStream
from yamskit.variants.competitive.duels import COEFFICIENTS, Coefficients

#: Positions to choose from at each step of the shuffle (i + 1 for i = 5 down to 1).
STEPS = (6, 5, 4, 3, 2)


def _accepted(n: int) -> range:
    """Faces a fair pick among ``n`` may use: 1 up to the largest multiple of ``n`` not above 6."""
    return range(1, 6 // n * n + 1)


@attrs.frozen
class Scripted:
    """A stand-in for `DiceStream` that hands out the given faces, one die at a time."""

    faces: tuple[int, ...]

    def throw(self, count: int) -> tuple[Dice, Scripted]:
        assert count == 1, "the draw throws single dice"
        assert self.faces, "the draw asked for more dice than the script holds"
        return Dice(self.faces[:1]), Scripted(self.faces[1:])


def _draw(faces: tuple[int, ...]) -> tuple[int, ...]:
    values, rest = Coefficients()(Scripted(faces), 2)  # type: ignore[arg-type]
    assert rest.faces == (), f"{len(rest.faces)} faces of {faces} were not used"
    return values


def test_every_accepted_face_sequence_gives_a_permutation_of_the_coefficients() -> None:
    seen = Counter(_draw(faces) for faces in product(*(_accepted(n) for n in STEPS)))
    assert set(seen) == set(permutations(COEFFICIENTS))
    # 6 x 5 x 4 x 6 x 6 sequences over 720 orders: each order comes from exactly 6 sequences
    # (the last two picks use 6 faces for 3 and 2 positions: 2 and 3 faces per position).
    assert set(seen.values()) == {6}


def test_the_coefficient_draw_is_exactly_uniform() -> None:
    probability: dict[tuple[int, ...], Fraction] = Counter()
    for faces in product(*(_accepted(n) for n in STEPS)):
        # Rejected faces are thrown again, so each accepted face of a step is equally likely.
        weight = Fraction(1)
        for n in STEPS:
            weight /= len(_accepted(n))
        probability[_draw(faces)] += weight
    assert sum(probability.values()) == 1
    assert set(probability.values()) == {Fraction(1, 720)}
    # So every column gets every coefficient with probability exactly 1/6, the last one too.
    for column in range(6):
        for value in COEFFICIENTS:
            share = sum(p for order, p in probability.items() if order[column] == value)
            assert share == Fraction(1, 6), (column, value)


@pytest.mark.parametrize("step", range(len(STEPS)))
def test_a_rejected_face_is_thrown_again(step: int) -> None:
    n = STEPS[step]
    rejected = [face for face in range(1, 7) if face not in _accepted(n)]
    accepted = [1, 1, 1, 1, 1]
    for face in rejected:
        for pick in _accepted(n):
            faces = [*accepted[:step], pick, *accepted[step + 1 :]]
            with_rejection = (*faces[:step], face, *faces[step:])
            assert _draw(tuple(with_rejection)) == _draw(tuple(faces)), (n, face, pick)


def test_the_first_face_decides_which_coefficient_the_last_column_gets() -> None:
    # Step one swaps the last column with position (face - 1): face 6 leaves 18 where it is.
    for face in _accepted(6):
        assert _draw((face, 5, 4, 3, 2))[5] == COEFFICIENTS[face - 1]


#: seed -> coefficients of the six columns (down free up mid turbo connected). Saved games
#: store only the seed, so changing this mapping would replay old saves differently.
PINNED = {
    0: (12, 14, 16, 10, 8, 18),
    1: (14, 18, 10, 16, 12, 8),
    7: (12, 8, 18, 14, 10, 16),
    42: (14, 18, 12, 16, 10, 8),
    2**64 - 1: (10, 14, 16, 8, 12, 18),
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_the_coefficients_of_a_seed_never_change(seed: int) -> None:
    values, stream = Coefficients()(DiceStream(seed=seed), 2)
    assert values == PINNED[seed]
    assert sorted(values) == list(COEFFICIENTS)
    assert stream.draws >= 5


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_a_new_game_deals_the_pinned_coefficients(seed: int) -> None:
    game = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=seed)
    assert game.column_weights == PINNED[seed]
    assert game.result().details["coefficients"] == dict(
        zip(("down", "free", "up", "mid", "turbo", "connected"), PINNED[seed], strict=True)
    )


def test_given_coefficients_are_used_as_they_are_and_draw_nothing() -> None:
    given = Coefficients.from_option(
        {"down": 1, "free": 2, "up": 3, "mid": 4, "turbo": 5, "connected": 6},
        ("down", "free", "up", "mid", "turbo", "connected"),
    )
    stream = DiceStream(seed=3)
    assert given(stream, 2) == ((1, 2, 3, 4, 5, 6), stream)


@pytest.mark.parametrize(
    "bad",
    [
        {"down": 1},
        {"down": 1, "free": 2, "up": 3, "mid": 4, "turbo": 5, "connected": 6, "extra": 7},
        {"down": 0, "free": 2, "up": 3, "mid": 4, "turbo": 5, "connected": 6},
        {"down": 1.5, "free": 2, "up": 3, "mid": 4, "turbo": 5, "connected": 6},
        {"down": True, "free": 2, "up": 3, "mid": 4, "turbo": 5, "connected": 6},
        [8, 10, 12, 14, 16, 18],
    ],
)
def test_bad_coefficients_are_refused(bad: object) -> None:
    with pytest.raises(yamskit.RuleConfigError, match="coefficients"):
        yamskit.variant("competitive", coefficients=bad)


def test_a_coefficient_of_one_is_allowed() -> None:
    ones = dict.fromkeys(("down", "free", "up", "mid", "turbo", "connected"), 1)
    game = yamskit.variant("competitive", coefficients=ones).new_game(players=["Ann", "Bob"], seed=1)
    assert game.column_weights == (1,) * 6
