"""Yamslam solo solved exactly: the best expected score from every position, and the player that plays it.

Alone, the player holds every chip that is neither on the rack nor on the discard pile, so
between two turns the position is the pair (rack, discard) of counts per kind, and the
points still to come depend on nothing else. Not every pair can happen: a turn without a
chip discards the *highest* kind left on the rack, and the rack never fills again, so below
the rack's highest kind the discard pile is empty. That leaves 1,093,750 positions with
chips on the rack (for each highest kind: its own count and discard, 10 ways; a count
0 to 4 of each other kind, on the discard pile above it and on the rack below it).

Every move of a turn makes the rack or the pile smaller: a chip taken or discarded leaves
the rack, a Yamslam's chips leave one or the other. So `solve_solo` goes from the smallest
positions up, ordered by (chips on the rack, chips on the pile), and values each by the
exact expectimax of its turn (`yamskit.adapters.keep_search`, over the 252 rolls and 462
keeps), where ending after a throw is worth the best of: passing (the highest rack chip
discarded), any chip the dice win, and for a Yamslam both its chips. Its one-off solve takes
about 20 seconds on one core; the 8.75 MB of values are kept in the folder given (the one
``yamskit advise`` fills, for the bots) and for the process.

Examples:
    >>> import yamskit
    >>> values = solo_values(folder=None)
    >>> round(values.start, 2)  # the best mean score of a whole solo game (at most 1000)
    874.37
    >>> g = yamskit.variant("yamslam", mode="solo").new_game(seed=1).apply(yamskit.Roll(outcome="12345"))
    >>> SoloPlayer(lambda: values).choose(g)
    TakeChip(kind='large_straight', from_discard=False)
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable
from pathlib import Path

import attrs
import numpy as np
import numpy.typing as npt

from ..._cache import LruCache
from ..._files import write_atomic
from ...actions import Action, Pass, Roll, TakeChip
from ...adapters import keep_search
from ...errors import RuleConfigError
from ...game import GameState
from .chips import (
    CHIPS_PER_KIND,
    FULL_STACK_BONUS,
    GOLDEN_7_BONUS,
    KINDS,
    LAST_DRAW_BONUS,
    SILVER_6_BONUS,
    ChipSet,
)
from .game import YamslamGame
from .rules import _ROLL_KINDS, MAX_THROWS
from .rules import _ROLL_YAMSLAM as _YAMSLAM_ROLLS
from .strategy import better_keep

__all__ = [
    "FILE_NAME",
    "POSITIONS",
    "SOLVE_SECONDS",
    "SoloPlayer",
    "SoloValues",
    "reachable",
    "solo_ready",
    "solo_values",
    "solve_solo",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

_KINDS = len(KINDS)
_POINTS = np.array([ChipSet.of(kind).points for kind in KINDS], dtype=np.int64)
_UNIT = np.eye(_KINDS, dtype=np.int64)
#: The highest rack kind's (count, discard) pairs, numbered: count 1 to 4, discard 0 to 4 - count.
_PAIR = np.full((CHIPS_PER_KIND + 1, CHIPS_PER_KIND + 1), -1, dtype=np.int64)
for _n, (_r, _d) in enumerate((r, d) for r in range(1, 5) for d in range(5 - r)):
    _PAIR[_r, _d] = _n
_OTHERS = (CHIPS_PER_KIND + 1) ** (_KINDS - 1)  # the other six kinds: a count 0 to 4 each
_BLOCK = 10 * _OTHERS
#: Positions with chips on the rack that a solo game can reach (the values `solve_solo` computes).
POSITIONS = _KINDS * _BLOCK
#: The name of the values' file in the folder `solo_values` keeps them in.
FILE_NAME = "yamslam-solo-v1.npy"
_FILE_BYTES = 8 * POSITIONS + 4096  # the values and numpy's header
#: What `solve_solo` is taken to need, in seconds, when a level decides whether it may solve (15-20 s measured).
SOLVE_SECONDS = 20.0
_NEG = -1e18
#: For each roll: the kinds it wins (as a bit mask) and whether it is a Yamslam.
_ROLL_MASKS = np.array([sum(1 << k for k in kinds) for kinds in _ROLL_KINDS])  # the rules' table, as bits
_ROLL_YAMSLAM = np.array(_YAMSLAM_ROLLS, dtype=np.bool_)
_MASKS, _MASK_OF_ROLL = np.unique(_ROLL_MASKS, return_inverse=True)
_VALUES: LruCache[str, SoloValues] = LruCache("yamslam: solo values", size=1, key="one entry: the values")


def reachable(rack: IntArray, discard: IntArray) -> npt.NDArray[np.bool_]:
    """Whether each (rack, discard) pair, rows of counts per kind, is a position `solve_solo` values.

    Examples:
        >>> import numpy as np
        >>> reachable(np.array([[4, 4, 4, 4, 4, 4, 3]]), np.array([[0, 0, 0, 0, 0, 0, 1]]))
        array([ True])
        >>> reachable(np.array([[4, 4, 4, 4, 4, 3, 4]]), np.array([[0, 0, 0, 0, 0, 1, 0]]))  # below the highest
        array([False])
    """
    highest = _highest(rack)
    below = np.arange(_KINDS)[None, :] < highest[:, None]
    counts_ok = (rack >= 0).all(1) & (discard >= 0).all(1) & ((rack + discard) <= CHIPS_PER_KIND).all(1)
    return np.asarray((rack.sum(1) > 0) & counts_ok & ~((discard > 0) & below).any(1), dtype=np.bool_)


def _highest(rack: IntArray) -> IntArray:
    """The highest kind left on each rack (0 for an empty one)."""
    return np.asarray(_KINDS - 1 - np.argmax(rack[:, ::-1] > 0, axis=1), dtype=np.int64)


def _index(rack: IntArray, discard: IntArray) -> IntArray:
    """Each position's place in the values (reachable positions only, see `reachable`)."""
    highest = _highest(rack)
    rows = np.arange(len(rack))
    kinds = np.arange(_KINDS)[None, :]
    digit = np.where(kinds > highest[:, None], discard, rack)
    place = np.where(kinds < highest[:, None], kinds, kinds - 1)
    weight = np.where(kinds == highest[:, None], 0, (CHIPS_PER_KIND + 1) ** np.clip(place, 0, None))
    pair = _PAIR[rack[rows, highest], discard[rows, highest]]
    return np.asarray(highest * _BLOCK + pair * _OTHERS + (digit * weight).sum(1), dtype=np.int64)


def _score(rack: IntArray, discard: IntArray, last_draw: npt.NDArray[np.bool_]) -> FloatArray:
    """The final score of the collection the rack and pile leave (a row each), with the last draw where earned."""
    held = CHIPS_PER_KIND - rack - discard
    kinds = (held > 0).sum(1)
    bonus = np.where(kinds == _KINDS, GOLDEN_7_BONUS, np.where(kinds == _KINDS - 1, SILVER_6_BONUS, 0))
    stacks = FULL_STACK_BONUS * (held == CHIPS_PER_KIND).sum(1)
    return np.asarray(held @ _POINTS + bonus + stacks + LAST_DRAW_BONUS * last_draw, dtype=np.float64)


def _positions() -> tuple[IntArray, IntArray]:
    """Every reachable position with chips on the rack, in the order of `_index`."""
    grid = np.array(list(itertools.product(range(CHIPS_PER_KIND + 1), repeat=_KINDS - 1)), dtype=np.int64)[:, ::-1]
    racks, discards = [], []
    for highest in range(_KINDS):
        others = [k for k in range(_KINDS) if k != highest]
        for count, pile in ((r, d) for r in range(1, 5) for d in range(5 - r)):
            rack = np.zeros((len(grid), _KINDS), dtype=np.int64)
            discard = np.zeros_like(rack)
            for column, kind in enumerate(others):
                (rack if kind < highest else discard)[:, kind] = grid[:, column]
            rack[:, highest], discard[:, highest] = count, pile
            racks.append(rack)
            discards.append(discard)
    return np.concatenate(racks), np.concatenate(discards)


@attrs.frozen(eq=False)
class SoloValues:
    """The best expected final score from each reachable position between two turns (see the module docs).

    Attributes:
        values: one per position, in the order of the module's index (`POSITIONS` of them).
        second: the same positions with a Yamslam's second chip due (``None`` unless solved in this process).

    Examples:
        >>> values = solo_values(folder=None)
        >>> last = values.value(ChipSet.of("large_straight"), ChipSet())  # 1000 if the turn wins it, else 900
        >>> round(last, 2), round((last - 900) / 100, 3)  # the chance a turn aimed at it wins it
        (926.53, 0.265)
    """

    values: FloatArray = attrs.field(repr=False)
    second: FloatArray | None = attrs.field(default=None, repr=False)

    @property
    def start(self) -> float:
        """The value of a new game (all 28 chips on the rack): the best mean score of solo Yamslam."""
        full = np.full((1, _KINDS), CHIPS_PER_KIND, dtype=np.int64)
        return float(self.values[_index(full, np.zeros_like(full))[0]])

    def value(self, rack: ChipSet, discard: ChipSet) -> float:
        """The best expected final score from the position between two turns (``-inf`` for one no solo game reaches)."""
        r = np.array([rack.counts], dtype=np.int64)
        d = np.array([discard.counts], dtype=np.int64)
        if not len(rack):
            return float(_score(r, d, np.array([False]))[0])
        return float(self.values[_index(r, d)[0]]) if reachable(r, d)[0] else float("-inf")

    # ------------------------------------------------------------------ the options at the end of a throw
    def _after(self, rack: IntArray, discard: IntArray, last_draw: npt.NDArray[np.bool_]) -> FloatArray:
        """The value once a move is made: the score if the rack is empty, else the position's value."""
        out = _score(rack, discard, last_draw)
        live = rack.sum(1) > 0
        if live.any():
            out[live] = self.values[_index(rack[live], discard[live])]
        return out

    def _takes(self, rack: IntArray, discard: IntArray) -> FloatArray:
        """Each chip taken from the rack (a column per kind; -inf where none is left)."""
        out = np.full((len(rack), _KINDS), _NEG)
        for kind in range(_KINDS):
            ok = rack[:, kind] > 0
            if ok.any():
                after = rack[ok] - _UNIT[kind]
                out[ok, kind] = self._after(after, discard[ok], after.sum(1) == 0)
        return out

    def _second_picks(self, rack: IntArray, discard: IntArray) -> FloatArray:
        """A Yamslam's second chip: from the rack (columns 0-6) or the pile (7-13); -inf where none is left.

        An empty rack means the first chip emptied it, so the last draw is already earned.
        """
        out = np.concatenate([self._takes(rack, discard), np.full((len(rack), _KINDS), _NEG)], axis=1)
        emptied = rack.sum(1) == 0
        for kind in range(_KINDS):
            ok = discard[:, kind] > 0
            if ok.any():
                out[ok, _KINDS + kind] = self._after(rack[ok], discard[ok] - _UNIT[kind], emptied[ok])
        return out

    def _second_value(self, rack: IntArray, discard: IntArray) -> FloatArray:
        """The best second chip, or the final score when nothing is left to take."""
        best: FloatArray = self._second_picks(rack, discard).max(1)
        none = (rack.sum(1) == 0) & (discard.sum(1) == 0)
        best[none] = _score(rack[none], discard[none], np.ones(int(none.sum()), dtype=np.bool_))
        return best

    def _first_picks(self, rack: IntArray, discard: IntArray) -> FloatArray:
        """A Yamslam's first chip, the second chosen best after it: rack (columns 0-6) or pile (7-13)."""
        out = np.full((len(rack), 2 * _KINDS), _NEG)
        for kind in range(_KINDS):
            for column, pile in ((kind, rack), (_KINDS + kind, discard)):
                ok = pile[:, kind] > 0
                if ok.any():
                    r, d = rack[ok].copy(), discard[ok].copy()
                    (r if pile is rack else d)[:, kind] -= 1
                    out[ok, column] = self._second_lookup(r, d)
        return out

    def _second_lookup(self, rack: IntArray, discard: IntArray) -> FloatArray:
        """`_second_value`, read from the solve's table where it has the position."""
        if self.second is None:
            return self._second_value(rack, discard)
        out = np.empty(len(rack))
        live = rack.sum(1) > 0
        out[live] = self.second[_index(rack[live], discard[live])]
        out[~live] = self._second_value(rack[~live], discard[~live])
        return out

    def _stops(self, rack: IntArray, discard: IntArray) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
        """Ending the turn after each roll (rolls, positions), and the pass, takes and Yamslam picks behind it."""
        highest = _highest(rack)
        passing = self._after(rack - _UNIT[highest], discard + _UNIT[highest], np.zeros(len(rack), dtype=np.bool_))
        takes = self._takes(rack, discard)
        picks = self._first_picks(rack, discard)
        by_mask = np.empty((len(_MASKS), len(rack)))
        for n, mask in enumerate(_MASKS):
            kinds = [k for k in range(_KINDS) if mask >> k & 1]
            by_mask[n] = np.maximum(passing, takes[:, kinds].max(1)) if kinds else passing
        stops = by_mask[_MASK_OF_ROLL]
        stops[_ROLL_YAMSLAM] = np.maximum(passing, picks.max(1))[None, :]
        return stops, passing, takes, picks


def solve_solo(*, progress: Callable[[int, int], None] | None = None) -> SoloValues:
    """Value every reachable solo position, smallest first (about 20 s on one core; see the module docs).

    ``progress`` is told (positions done, positions in all) as the solve goes.

    Examples:
        >>> values = solve_solo()  # doctest: +SKIP
        >>> round(values.start, 2)  # doctest: +SKIP
        874.37
    """
    search = keep_search()
    rack, discard = _positions()
    values = np.full(POSITIONS, np.nan)
    second = np.full(POSITIONS, np.nan)
    solved = SoloValues(values, second)
    order = np.lexsort((discard.sum(1), rack.sum(1)))
    key = rack.sum(1)[order] * 64 + discard.sum(1)[order]
    done = 0
    for group in np.split(order, np.flatnonzero(np.diff(key)) + 1):
        r, d = rack[group], discard[group]
        second[group] = solved._second_value(r, d)  # positions are in index order: group rows are their own indexes
        stops = solved._stops(r, d)[0]
        values[group] = search.single_target_values(stops, throws=MAX_THROWS)
        done += len(group)
        if progress is not None:
            progress(done, POSITIONS)
    return solved


def solo_values(*, folder: str | Path | None, progress: Callable[[int, int], None] | None = None) -> SoloValues:
    """The solo values, kept once in this process: read from ``folder``, else solved and saved there.

    ``folder=None`` solves without the disk. A file that is not the values (wrong size, type
    or content) is solved again and replaced. The first call of the process decides: later
    calls return the same values, whatever their folder.

    Examples:
        >>> solo_values(folder=None) is solo_values(folder=None)
        True
    """
    path = None if folder is None else Path(folder) / FILE_NAME

    def load() -> SoloValues:
        found = _read(path) if path is not None and path.is_file() else None
        if found is not None:
            return found
        solved = solve_solo(progress=progress)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, lambda out: np.save(out, solved.values, allow_pickle=False))
        return solved

    return _VALUES.get("values", load)


def solo_ready(*, folder: str | Path | None, time_budget: float) -> bool:
    """Whether `solo_values` answers within ``time_budget`` seconds: kept, saved in ``folder``, or solved in time.

    Examples:
        >>> solo_ready(folder="/nonexistent", time_budget=float("inf"))
        True
    """
    if "values" in _VALUES or (folder is not None and (Path(folder) / FILE_NAME).is_file()):
        return True
    return time_budget >= SOLVE_SECONDS


def _read(path: Path) -> SoloValues | None:
    """The values saved at ``path``, or ``None`` if the file is not them."""
    try:
        if path.stat().st_size > _FILE_BYTES:  # not the values: never read a large file whole
            return None
        values = np.load(io.BytesIO(path.read_bytes()), allow_pickle=False)
    except (OSError, ValueError, EOFError):  # unreadable, not an array, a pickle (never loaded), empty
        return None
    if values.shape != (POSITIONS,) or values.dtype != np.float64 or not np.isfinite(values).all():
        return None
    return SoloValues(values)


@attrs.frozen
class SoloPlayer:
    """Plays solo Yamslam by `SoloValues`: each decision the one with the highest expected final score.

    Attributes:
        values: gives the values, called at each decision (the ``"expert"`` level passes
            `solo_values`, which keeps them once in the process).

    Examples:
        >>> import yamskit
        >>> bot = SoloPlayer(lambda: solo_values(folder=None))
        >>> g = yamskit.variant("yamslam", mode="solo").new_game(seed=1).apply(yamskit.Roll(outcome="11234"))
        >>> bot.choose(g)  # a small straight's chip is there, but the large one is worth throwing for
        Roll(keep=Dice.parse('1234'), outcome=None)
    """

    values: Callable[[], SoloValues] = attrs.field(eq=False, repr=False)

    def choose(self, state: GameState) -> Action:
        """The action with the highest expected final score (taking a chip rather than throwing on a tie).

        Raises:
            RuleConfigError: ``state`` is not a solo Yamslam game, is over, or is a position no solo game reaches.
        """
        if not isinstance(state, YamslamGame) or state.variant.mode != "solo" or state.is_over:
            raise RuleConfigError("the solo Yamslam player plays solo Yamslam games that are not over")
        rack = np.array([state.rack.counts], dtype=np.int64)
        discard = np.array([state.discard.counts], dtype=np.int64)
        values = self.values()
        if state.second_pick:
            return _pick(values._second_picks(rack, discard)[0])
        if not reachable(rack, discard)[0]:
            where = f"the rack {state.rack} with the discard pile {state.discard}"
            raise RuleConfigError(f"no solo Yamslam game reaches {where}")
        turn = state.turn
        if not turn.has_thrown:
            return Roll()
        stops, passing, takes, picks = values._stops(rack, discard)
        roll = turn.dice.index
        again = better_keep(turn, stops[:, 0])
        if again is not None:
            return again
        if _ROLL_YAMSLAM[roll] and picks[0].max() >= passing[0]:
            return _pick(picks[0])
        wins = [k for k in range(_KINDS) if _ROLL_MASKS[roll] >> k & 1]
        best = max(wins, key=lambda k: takes[0, k], default=None)
        if best is not None and takes[0, best] >= passing[0]:
            return TakeChip(KINDS[best].value)
        return Pass()


def _pick(options: FloatArray) -> TakeChip:
    """The chip of the best column of picks (0-6: from the rack, 7-13: from the pile)."""
    column = int(np.argmax(options))
    if options[column] <= _NEG / 2:
        raise RuleConfigError("no chip is left to take")  # pragma: no cover - the game is over then
    return TakeChip(KINDS[column % _KINDS].value, from_discard=column >= _KINDS)
