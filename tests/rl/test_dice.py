"""The adapters' dice: the same faces for a seed, and as many faces as the sheet throws dice."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import yamskit  # noqa: E402
from yamskit.dice import dice_tables, keep_index  # noqa: E402
from yamskit.rl._play import EpisodeDice  # noqa: E402
from yamskit.rl.dice import episode_key, faces  # noqa: E402

KEYS = np.array([episode_key(s) for s in range(50)], dtype=np.uint64)
THROWS = np.arange(50, dtype=np.uint64)


def test_five_dice_are_the_default_count() -> None:
    np.testing.assert_array_equal(faces(KEYS, THROWS), faces(KEYS, THROWS, count=5))


@pytest.mark.parametrize("count", range(1, 9))
def test_a_throw_shows_one_face_per_die_of_the_sheet(count: int) -> None:
    drawn = faces(KEYS, THROWS, count=count)
    assert drawn.shape == (50, count)
    assert ((drawn >= 1) & (drawn <= 6)).all()
    np.testing.assert_array_equal(drawn, faces(KEYS, THROWS, count=count))  # a function of key and throw only


@pytest.mark.parametrize("count", [0, 9, 2.0])
def test_a_dice_count_outside_one_to_eight_is_refused(count: object) -> None:
    with pytest.raises(yamskit.InvalidDiceError, match="1 to 8 dice"):
        faces(KEYS, THROWS, count=count)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [1, 3, 6, 8])
def test_episode_dice_give_the_keep_index_of_the_first_faces_of_each_draw(count: int) -> None:
    episode = EpisodeDice(episode_key(4), dice=count)
    drawn = faces(np.full(3, episode_key(4), dtype=np.uint64), np.arange(3, dtype=np.uint64), count=count)
    keeps = dice_tables(count).keeps
    for j, thrown in enumerate((count, max(1, count - 1), 1)):
        index = episode.next_index(thrown)
        assert keeps[index].faces == tuple(sorted(drawn[j, :thrown].tolist()))
        assert index == keep_index(keeps[index].faces)


def test_the_five_dice_table_and_the_general_way_agree() -> None:
    from yamskit.rl._play import _any_outcomes, _outcomes

    drawn = faces(KEYS, THROWS)
    assert _outcomes(drawn).tolist() == _any_outcomes(drawn.tolist())
