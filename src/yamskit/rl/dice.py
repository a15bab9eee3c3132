"""The adapters' dice: a counter-based generator, the same for one game and for thousands at once.

Each episode has a 64-bit *key* drawn from the seed given to ``reset``; the ``j``-th throw of
the episode shows the faces `faces` computes from the key and ``j`` (a SplitMix64 hash).
Because a face depends only on the key and the throw number, the Gymnasium env, the vector
env and the PettingZoo env all show the same dice for the same seed, whatever else runs
beside them, and the vector env draws the dice of thousands of games in a few numpy
operations. The faces are handed to the game as explicit throw outcomes, so every game
record still replays and checks without the generator.

Examples:
    >>> import numpy as np
    >>> from yamskit.rl.dice import episode_key, faces
    >>> key = episode_key(7)
    >>> first = faces(np.array([key], dtype=np.uint64), np.array([0], dtype=np.uint64))
    >>> first.shape, bool(((first >= 1) & (first <= 6)).all())
    ((1, 5), True)
    >>> bool((first == faces(np.array([key], dtype=np.uint64), np.array([0], dtype=np.uint64))).all())
    True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..errors import InvalidDiceError, brief

__all__ = ["episode_key", "episode_keys", "faces"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_DIE = np.arange(5, dtype=np.uint64)
_DICE = np.arange(8, dtype=np.uint64)
_MASK = (1 << 64) - 1


def _mix(z: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    with np.errstate(over="ignore"):
        z = (z ^ (z >> np.uint64(30))) * _MIX1
        z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


def _mix_int(z: int) -> int:
    """`_mix` on one Python integer (modulo 2**64)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def episode_key(seed: int, episode: int = 0) -> int:
    """The 64-bit key of episode number ``episode`` after a reset with ``seed`` (integers from 0).

    Episode 0 is the one ``reset(seed=seed)`` starts; each later ``reset()`` without a seed
    (and each automatic reset of the vector env) plays the next episode. The same as
    `episode_keys` for one seed, in plain integers.

    Examples:
        >>> episode_key(1) != episode_key(2) != episode_key(1, 1)
        True
    """
    first = _mix_int(((seed & _MASK) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)
    return _mix_int((first + ((episode + 1) & _MASK) * 0x94D049BB133111EB) & _MASK)


def episode_keys(seeds: npt.NDArray[np.uint64], episodes: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """`episode_key` for arrays of seeds and episode numbers.

    Examples:
        >>> import numpy as np
        >>> int(episode_keys(np.array([1], dtype=np.uint64), np.array([1], dtype=np.uint64))[0]) == episode_key(1, 1)
        True
    """
    with np.errstate(over="ignore"):
        first = _mix(seeds * _GOLDEN + np.uint64(0x632BE59BD9B4E019))
        return _mix(first + (episodes + np.uint64(1)) * _MIX2)


def faces(keys: npt.NDArray[np.uint64], throws: npt.NDArray[np.uint64], *, count: int = 5) -> npt.NDArray[np.int64]:
    """The ``count`` faces (1 to 6) of throw number ``throws[i]`` of the episode ``keys[i]``, shape (n, count).

    ``count`` is how many dice the game throws (1 to 8; five by default, the seed games').
    Die ``d`` of throw ``j`` is hashed from the counter ``j * count + d + 1``, so five-dice
    games show the dice they always did. A throw that keeps dice uses the first
    ``count - kept`` faces.

    Raises:
        InvalidDiceError: ``count`` is not 1 to 8.

    Examples:
        >>> import numpy as np
        >>> keys = np.array([1, 1, 2], dtype=np.uint64)
        >>> f = faces(keys, np.array([0, 1, 0], dtype=np.uint64))
        >>> f.shape, f.dtype
        ((3, 5), dtype('int64'))
        >>> faces(keys, np.array([0, 1, 0], dtype=np.uint64), count=3).shape
        (3, 3)
    """
    if type(count) is not int or not 1 <= count <= len(_DICE):
        raise InvalidDiceError(f"a game throws 1 to {len(_DICE)} dice, not {brief(count)}")
    die = _DIE if count == 5 else _DICE[:count]
    with np.errstate(over="ignore"):
        counter = (throws[:, None] * np.uint64(count) + die[None, :] + np.uint64(1)) * _GOLDEN
        z = _mix(keys[:, None] + counter)
    return (z % np.uint64(6)).astype(np.int64) + 1
