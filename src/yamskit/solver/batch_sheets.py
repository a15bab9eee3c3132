"""The sheets of many solitaire games as numpy arrays, and the dice codes the batch simulation throws with.

`_Games` holds every game's filled rows, upper total, five-of-a-kind flag, box points
and extra points, and says which rows a roll may be written in, what it pays and how it
is written, with the joker and bonus rules of `yamskit.solver.model`. `yamskit.solver.batch`
(every policy), `yamskit.solver.lockstep` (the optimal policy's turns) and the vector
environment of `yamskit.rl` play on it.

Examples:
    >>> import numpy as np, yamskit
    >>> from yamskit.solver.model import model_of
    >>> g = _Games.start(model_of(yamskit.variant("yahtzee")), 2)
    >>> roll = _CODE_TO_ROLL[np.array([_POW6[5] * 5, _POW6[0] * 5])]  # 66666 and 11111
    >>> g.legal_rows(np.arange(2), roll).sum(axis=1).tolist()  # every row is open
    [13, 13]
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from .._cache import cached
from ..dice import MAX_DICE
from ..errors import RuleConfigError
from . import tables
from .model import Model
from .tables import FloatArray, IntArray, SolverTables, solver_tables

_POW6 = 6 ** np.arange(6, dtype=np.int64)
_POW6_32 = _POW6.astype(np.int32)
_KEEP_CODE = tables.KEEP_COUNTS @ _POW6
_CODE_TO_ROLL = np.full(6**6, -1, dtype=np.int64)
_CODE_TO_ROLL[_KEEP_CODE[tables.ROLL_OFFSET :]] = np.arange(tables.NUM_ROLLS)


def _refuse_turn_rules(model: Model) -> None:
    """Refuse a sheet whose boxes depend on the turn (served points, a served win, a box that opens later).

    The batch simulation (`yamskit.solver.simulate`) and the duel player's ratings (`yamskit.solver.duel`)
    write a box from the dice and the sheet only; the exact solver, `Strategy`, the forward pass of
    `yamskit.solver.distribution` (``_Games.start(..., turn_rules=True)``), target play
    (`yamskit.solver.target`) and the game API play those rules.

    Raises:
        RuleConfigError: naming the rule and its rows.
    """
    found: list[str] = []
    if model.served is not None:
        bonus = [model.rows[r] for r in range(model.num_rows) if (model.served.tables[r] != model.tables[r]).any()]
        if bonus:
            found.append(f"ServedBonus on {', '.join(map(repr, bonus))}")
        if model.served.win_rows:
            found.append(f"ServedWin on {', '.join(repr(model.rows[r]) for r in model.served.win_rows)}")
    if model.opens_row >= 0:
        found.append(f"OpensAfter({model.rows[model.opens_row]!r}, {model.rows[model.flag_row]!r})")
    if found:
        raise RuleConfigError(
            f"the solver's stepped games (the batch simulation, the duel ratings) do not play the placement "
            f"rule {'; '.join(found)} (it reads the turn or the sheet beyond the box): play such a sheet through "
            "the game API, with `Strategy.best_action`"
        )


@cached("solver: open rows of filled sets", size=2, key="a row count (1 to 20)")
def _open_rows(rows: int) -> npt.NDArray[np.bool_]:
    """Which rows each filled set 0 .. 2**rows - 1 leaves open, (sets, rows), read-only (20 MB at 20 rows)."""
    sets = np.arange(1 << rows, dtype=np.int64)
    table: npt.NDArray[np.bool_] = ((sets[:, None] >> np.arange(rows)[None, :]) & 1) == 0
    table.flags.writeable = False
    return table


@attrs.define(eq=False)
class _Games:
    """The sheets of every game: filled rows, upper total, flag, box points, extra points."""

    model: Model
    filled: IntArray
    upper: IntArray
    flag: IntArray
    points: IntArray
    extra: IntArray
    open_rows: npt.NDArray[np.bool_]
    by_roll: IntArray  # the model's points table, roll by roll (rolls, rows)

    @classmethod
    def start(cls, model: Model, count: int, *, turn_rules: bool = False) -> _Games:
        """``count`` empty sheets of ``model``.

        ``turn_rules``: accept a sheet with served points, a served win or a box that opens later
        (`_refuse_turn_rules`), for a caller that plays them itself (the distribution's forward pass
        passes the model of the turn's first throw, `Model.served`, for that throw's points); the
        sheets then refuse a Score in the box that opens later (`score_rows`) and say which Scores end
        the game (`ends_game`).
        """
        if not turn_rules:
            _refuse_turn_rules(model)
        zeros = np.zeros(count, dtype=np.int64)
        open_rows = _open_rows(model.num_rows)
        points = np.zeros((count, model.num_rows), np.int64)
        by_roll = np.ascontiguousarray(model.tables.T)
        return cls(model, zeros.copy(), zeros.copy(), zeros.copy(), points, zeros.copy(), open_rows, by_roll)

    def further(self, games: IntArray, roll: IntArray, filled: IntArray | None) -> tuple[IntArray, IntArray]:
        """The positions (in ``games``) of further five of a kinds (their box filled), and their face index.

        Only five-dice sheets have the rules that look at them (`yamskit.solver.model.model_of`).
        """
        m = self.model
        if m.flag_row < 0 or (m.joker is None and not m.five_bonus and not m.number_bonus):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        face = m.dice.all_of_a_kind_face[roll]
        where = np.flatnonzero(face >= 0)  # five of a kinds are few: look at their sheets only
        box = self.filled[games[where]] if filled is None else filled[where]
        where = where[(box >> m.flag_row) & 1 == 1]
        return where, face[where]

    def legal_rows(self, games: IntArray, roll: IntArray, *, filled: IntArray | None = None) -> npt.NDArray[np.bool_]:
        """Which rows each game may write its roll in, (games, rows); ``filled``: their filled rows, if known."""
        m = self.model
        legal = np.take(self.open_rows, self.filled[games] if filled is None else filled, axis=0)
        if m.joker == "forced":
            where, face = self.further(games, roll, filled)
            if len(where):
                filled = self.filled[games[where]]
                is_upper = m.is_upper
                matching = np.array(m.upper_index)[face]
                upper_filled: npt.NDArray[np.bool_] = (filled >> matching) & 1 == 1
                open_lower = np.any(legal[where] & ~is_upper[None, :], axis=1, keepdims=True)
                rows = np.arange(m.num_rows)[None, :]
                allowed_upper = np.where(upper_filled[:, None], ~open_lower, rows == matching[:, None])
                allowed = np.where(is_upper[None, :], allowed_upper, upper_filled[:, None])
                legal[where] &= allowed
        return legal

    def score_rows(
        self, legal: npt.NDArray[np.bool_], games: IntArray, *, flag: IntArray | None = None
    ) -> npt.NDArray[np.bool_]:
        """Where a Score is legal, from `legal_rows` ``legal``: the box that opens later (`Model.opens_row`) only
        once the box it waits for holds points (the flag; ``flag``: the games' flags, if known).

        A Scratch stays legal wherever `legal_rows` says (`OpensAfter`).

        Examples:
            >>> import yamskit
            >>> from yamskit.solver.model import model_of
            >>> model = model_of(yamskit.variant("generala"))
            >>> g = _Games.start(model, 2, turn_rules=True)
            >>> legal = g.legal_rows(np.arange(2), np.zeros(2, dtype=np.int64))
            >>> g.score_rows(legal, np.arange(2), flag=np.array([0, 1]))[:, model.opens_row].tolist()
            [False, True]
        """
        m = self.model
        if m.opens_row < 0:
            return legal
        opened = (self.flag[games] if flag is None else flag) == 1
        scorable = legal.copy()
        scorable[:, m.opens_row] &= opened
        return scorable

    def ends_game(self, points: IntArray) -> npt.NDArray[np.bool_]:
        """Which Scores of ``points`` (games, rows), from `scores`, end the game: points in a winning row.

        Only the model of a turn's first throw has winning rows (`Model.win_rows`, `ServedWin`).

        Examples:
            >>> import yamskit
            >>> from yamskit.solver.model import model_of
            >>> served = model_of(yamskit.variant("generala")).served
            >>> g = _Games.start(served, 1, turn_rules=True)
            >>> roll = np.array([served.dice.roll_of((3, 3, 3, 3, 3))])
            >>> points, _ = g.scores(np.arange(1), roll)
            >>> [served.rows[r] for r in np.flatnonzero(g.ends_game(points)[0])]  # (whether a row is open: score_rows)
            ['generala', 'doble_generala']
        """
        ends = np.zeros(points.shape, dtype=np.bool_)
        for row in self.model.win_rows:
            ends[:, row] = points[:, row] > 0
        return ends

    def scores(self, games: IntArray, roll: IntArray, *, filled: IntArray | None = None) -> tuple[IntArray, IntArray]:
        """What a Score of ``roll`` pays in each row (games, rows), and beside the boxes (games,).

        ``filled``: the games' filled rows, if known.
        """
        m = self.model
        points = np.take(self.by_roll, roll, axis=0)
        extra = np.zeros(len(games), dtype=np.int64)
        where, face = self.further(games, roll, filled)
        if len(where):
            flag = self.flag[games[where]]
            if m.five_bonus and m.needs_flag:
                extra[where] = np.where(flag == 1, m.five_bonus, 0)
            if m.number_bonus:  # with its forced joker, the open number row of the face is the only row it may fill
                matching = np.array(m.upper_index)[face]
                sheets = self.filled[games[where]] if filled is None else filled[where]
                extra[where] = np.where((sheets >> matching) & 1 == 0, m.number_bonus, 0)
            if m.joker is not None:
                matching = np.array(m.upper_index)[face]
                full = (matching >= 0) & ((self.filled[games[where]] >> np.maximum(matching, 0)) & 1 == 1)
                if m.joker == "seed":
                    full &= flag == 1
                lower = ~m.is_upper
                jokered = np.where(full[:, None] & lower[None, :], m.joker_points.T[face], points[where])
                points[where] = jokered
        return points, extra

    def placement(self, games: IntArray, roll: IntArray, row: int) -> tuple[IntArray, IntArray]:
        """What writing ``roll`` in ``row`` (a Score) pays in the box and beside it."""
        points, extra = self.scores(games, roll)
        return points[:, row].copy(), extra

    def write(
        self,
        games: IntArray,
        row: IntArray,
        crossed: npt.NDArray[np.bool_],
        scores: tuple[IntArray, IntArray],
        *,
        filled: IntArray | None = None,
    ) -> None:
        """Write each game's roll in its chosen row (crossed out where ``crossed``).

        ``scores`` come from `scores`; ``filled`` are the games' filled rows, if known.
        """
        all_points, extra = scores
        if self.model.number_bonus and crossed.any():  # a number-box bonus is paid for a Score only
            extra = np.where(crossed, 0, extra)
        rows = all_points.shape[1]
        points = np.take(all_points, np.arange(0, len(games) * rows, rows) + row)
        if crossed.any():
            points = np.where(crossed, 0, points)
        self.write_points(games, row, points, extra, filled=filled)

    def write_points(
        self, games: IntArray, row: IntArray, points: IntArray, extra: IntArray, *, filled: IntArray | None = None
    ) -> None:
        """Write ``points`` in each game's chosen row and ``extra`` beside the boxes (see `write`)."""
        m = self.model
        rows = m.num_rows
        np.put(self.points, games * rows + row, points)
        if filled is None:
            self.filled[games] |= 1 << row
        else:
            np.put(self.filled, games, filled | (1 << row))
        counted = m.bonus_rows[row]
        self.upper[games[counted]] += points[counted]
        if m.needs_flag:
            at_flag = row == m.flag_row
            self.flag[games[at_flag]] = points[at_flag] > 0
        paid = np.flatnonzero(extra)  # five-of-a-kind bonuses are rare: write only those
        self.extra[games[paid]] += extra[paid]


@attrs.frozen(eq=False)
class _Tally:
    """What some games add to a batch's result: each game's score, and the counts its statistics divide.

    ``row_sums`` and ``row_zeros`` are the points written and the games with 0 in each row;
    ``bonuses`` the games earning an upper bonus; ``extra`` the points beside the boxes.
    The sums are whole numbers, so the means (`_tallied`) do not depend on how the games
    are cut into tallies.

    Examples:
        >>> import yamskit
        >>> from yamskit.solver.model import model_of
        >>> model = model_of(yamskit.variant("yahtzee"))
        >>> points = np.zeros((2, model.num_rows), dtype=np.int32)
        >>> points[:, :6] = [[3, 6, 9, 12, 15, 18], [1, 2, 3, 4, 5, 6]]  # 63 and 21 in the upper rows
        >>> tally = _Tally.of(model, points, np.array([63, 21]), np.array([0, 100]))
        >>> tally.scores.tolist(), tally.bonuses, tally.extra, int(tally.row_zeros[6])
        ([98, 121], 1, 100, 2)
    """

    scores: IntArray
    row_sums: IntArray
    row_zeros: IntArray
    bonuses: int
    extra: int

    @classmethod
    def of(cls, model: Model, points: npt.NDArray[Any], upper: IntArray, extra: IntArray) -> _Tally:
        """The tally of games with these box points (games, rows), upper totals and extra points."""
        bonus = model.bonus[np.minimum(upper, model.cap)]
        scores = points.sum(axis=1, dtype=np.int64) + bonus + extra
        row_zeros = np.count_nonzero(points == 0, axis=0)
        return cls(
            scores, points.sum(axis=0, dtype=np.int64), row_zeros, int(np.count_nonzero(bonus > 0)), int(extra.sum())
        )


def _tallied(tallies: list[_Tally]) -> tuple[IntArray, FloatArray, FloatArray, float, float]:
    """Every game's score, the mean points and zero rate of each row, the bonus rate and the mean extra.

    The means are the sums over the games divided by their number (numpy's ``mean`` of the
    whole batch gives the same floats: its sums of whole numbers are exact).
    """
    scores = tallies[0].scores if len(tallies) == 1 else np.concatenate([t.scores for t in tallies])
    games = len(scores)
    row_means: FloatArray = np.sum([t.row_sums for t in tallies], axis=0) / games
    zero_rates: FloatArray = np.sum([t.row_zeros for t in tallies], axis=0) / games
    bonus_rate = sum(t.bonuses for t in tallies) / games
    extra_mean = sum(t.extra for t in tallies) / games
    return scores, row_means, zero_rates, bonus_rate, extra_mean


def _throw(keep: IntArray, codes: IntArray) -> IntArray:
    """The roll after keeping ``keep`` (keep indexes) and throwing the rest.

    ``codes[:, j]`` (games, 5) is the base-6 face-count code of the first ``j + 1`` dice
    thrown, so the thrown dice add the code at their number.
    """
    thrown = 5 - tables.KEEP_SIZES[keep]
    code = _KEEP_CODE[keep] + np.where(thrown > 0, codes[np.arange(len(keep)), np.maximum(thrown - 1, 0)], 0)
    roll: IntArray = _CODE_TO_ROLL[code]
    return roll


#: Where a throw of five faces (games, 5) is in `_PREFIX`: ``f0 + 6 f1 + 36 f2 + 216 f3 + 1296 f4``.
_FACE_WEIGHTS = _POW6[:5].astype(np.int16)


def _prefix_codes() -> npt.NDArray[np.int32]:
    """``[k, i]``: the base-6 face-count code of the first ``k`` dice of the five faces at ``i`` (`_face_index`)."""
    prefix = np.zeros((6, 6**5), dtype=np.int32)
    faces = np.indices((6,) * 5).reshape(5, -1)[::-1]  # faces[die, i]
    for k in range(1, 6):
        prefix[k] = prefix[k - 1] + _POW6_32[faces[k - 1]]
    return prefix


_PREFIX = _prefix_codes()
#: The roll (index) of each throw of five faces, by its place in `_PREFIX`.
_ROLL_OF_FACES = _CODE_TO_ROLL[_PREFIX[5]]


#: `_PREFIX` flat, and where the row of each keep's thrown dice starts in it.
_PREFIX_FLAT = _PREFIX.reshape(-1)
_THROWN_AT = ((5 - tables.KEEP_SIZES) * _PREFIX.shape[1]).astype(np.int64)


def _face_index(faces: npt.NDArray[np.int8]) -> npt.NDArray[np.int16]:
    """The place of each throw of five faces (..., 5) in `_PREFIX`, shape (...)."""
    index = faces[..., 0].astype(np.int16)
    for die in range(1, 5):
        index += faces[..., die] * _FACE_WEIGHTS[die]
    return index


def _first_rolls(faces: npt.NDArray[np.int8]) -> IntArray:
    """The roll (index) of each game's first throw of five dice: ``faces`` is (games, 5)."""
    roll: IntArray = _ROLL_OF_FACES[_face_index(faces)]
    return roll


def _rethrow(keep: IntArray, faces: npt.NDArray[np.int8]) -> IntArray:
    """The roll after keeping ``keep`` (keep indexes) and throwing the rest: the first dice of ``faces`` (games, 5).

    The same rolls as `_throw` given `_codes` of the same faces, without the cumulative codes of every throw.

    Examples:
        >>> import numpy as np
        >>> faces = np.random.default_rng(3).integers(0, 6, size=(50, 2, 5), dtype=np.int8)
        >>> keep = np.arange(50) * 9
        >>> bool((_rethrow(keep, faces[:, 1]) == _throw(keep, _codes(faces)[:, 1])).all())
        True
    """
    return _rethrown(keep, _face_index(faces))


def _rethrown(keep: IntArray, index: npt.NDArray[np.int16]) -> IntArray:
    """`_rethrow` of the faces at ``index`` in `_PREFIX` (`_face_index`); a keep of five dice keeps its roll."""
    code = np.take(_PREFIX_FLAT, np.take(_THROWN_AT, keep) + index)
    code += np.take(_KEEP_CODE, keep)
    roll: IntArray = np.take(_CODE_TO_ROLL, code)
    return roll


def _codes(faces: npt.NDArray[np.int8]) -> IntArray:
    """Cumulative face-count codes of drawn faces (games, throws, 5) -> the same shape."""
    codes: IntArray = np.cumsum(_POW6_32[faces], axis=2, dtype=np.int32)  # below 6**6: int32 is enough
    return codes


#: The candidate keeps of each roll (``ROLL_KEEPS``, padded with 462: a padding keep that is never best).
_CANDIDATES = np.where(tables.ROLL_KEEPS >= 0, tables.ROLL_KEEPS, tables.NUM_KEEPS)
#: The same in the solver's working positions (`yamskit.solver.expectimax.padded_keep_layers`), same order.
_WORK_CANDIDATES = np.append(tables.WORK_POSITION, tables.NUM_KEEPS)[_CANDIDATES]


def _best_keep_table(
    scores: npt.NDArray[Any], columns: IntArray, block: int = 256, *, candidates: IntArray = _CANDIDATES
) -> IntArray:
    """For each roll and state, the keep of that roll with the highest score (the first on ties), (rolls, states).

    ``scores`` is (keeps + 1, states), (463, states) for five dice: ``columns`` says where each
    roll's ``candidates`` keeps (`_CANDIDATES` for five dice, `_DiceCodes.candidates`, in order)
    are; the padding keep's row has the lowest score.
    """
    states = scores.shape[1]
    best = np.empty((len(candidates), states), dtype=np.int64)
    for start in range(0, states, block):
        choice = np.argmax(scores[:, start : start + block][columns], axis=1)  # (rolls, states)
        best[:, start : start + block] = np.take_along_axis(candidates, choice, axis=1)
    return best


def _block_generator(seed: int, block: int) -> np.random.Generator:
    """The dice generator of a block."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(block,))))


# ---------------------------------------------------------------------------- any dice count
@attrs.frozen(eq=False)
class _DiceCodes:
    """The face-count codes the batch simulation throws ``count`` dice with (`_dice_codes`).

    A keep's code is ``sum(counts[f] * base ** f)``, with ``base`` above the most dice of a face
    (6 up to five dice, so that the five-dice codes are the module's `_KEEP_CODE`); the faces
    drawn for a turn are (games, throws, ``count``), a throw of ``k`` dice taking the first ``k``.
    Five dice go through the module's prefix table (`_face_index`, `_rethrown`); other counts
    through cumulative codes (`_codes`, `_throw`): the same rolls.

    Examples:
        >>> c = _dice_codes(2)
        >>> faces = np.array([[[5, 0], [2, 2]]], dtype=np.int8)  # 61, then a rethrow showing 33
        >>> index = c.face_index(faces)
        >>> roll = c.first_rolls(index[:, 0])
        >>> c.tables.dice.rolls[int(roll[0])], c.tables.dice.rolls[int(c.rethrown(np.array([6]), index[:, 1])[0])]
        (Dice.parse('16'), Dice.parse('36'))
    """

    tables: SolverTables
    base: int
    powers: npt.NDArray[np.int32]
    keep_code: IntArray
    code_to_roll: IntArray
    candidates: IntArray
    work_candidates: IntArray

    @property
    def count(self) -> int:
        """How many dice a full roll has."""
        return self.tables.count

    def codes(self, faces: npt.NDArray[np.int8]) -> IntArray:
        """Cumulative face-count codes of drawn faces (games, throws, count) -> the same shape (32-bit)."""
        codes: IntArray = np.cumsum(self.powers[faces], axis=2, dtype=np.int32)
        return codes

    def throw(self, keep: IntArray, codes: IntArray) -> IntArray:
        """The roll after keeping ``keep`` and throwing the rest; ``codes`` (games, count): one throw's `codes`."""
        thrown = self.count - self.tables.keep_sizes[keep]
        picked = codes[np.arange(len(keep)), np.maximum(thrown - 1, 0)]
        code = self.keep_code[keep] + np.where(thrown > 0, picked, 0)
        roll: IntArray = self.code_to_roll[code]
        return roll

    def face_index(self, faces: npt.NDArray[np.int8]) -> npt.NDArray[Any]:
        """What `first_rolls` and `rethrown` read of drawn faces (games, throws, count), per game and throw first."""
        if self.count == 5:
            return _face_index(faces)
        return self.codes(faces)

    def first_rolls(self, index: npt.NDArray[Any]) -> IntArray:
        """The roll of each game's first throw of all the dice, from its throw's `face_index`."""
        if self.count == 5:
            first: IntArray = np.take(_ROLL_OF_FACES, index)
            return first
        first = self.code_to_roll[index[:, self.count - 1]]
        return first

    def rethrown(self, keep: IntArray, index: npt.NDArray[Any]) -> IntArray:
        """The roll after keeping ``keep`` and throwing the rest, from the throw's `face_index`."""
        if self.count == 5:
            return _rethrown(keep, index)
        return self.throw(keep, index)


@cached("solver: batch dice codes per dice count", size=MAX_DICE, key="a dice count (1 to 8)")
def _dice_codes(count: int) -> _DiceCodes:
    """The dice codes of ``count`` dice, built once per count."""
    t = solver_tables(count)
    if count == 5:
        return _DiceCodes(t, 6, _POW6_32, _KEEP_CODE, _CODE_TO_ROLL, _CANDIDATES, _WORK_CANDIDATES)
    base = max(6, count + 1)
    powers = base ** np.arange(6, dtype=np.int64)
    keep_code = t.keep_counts @ powers
    code_to_roll = np.full(base**6, -1, dtype=np.int64)
    code_to_roll[keep_code[t.roll_offset :]] = np.arange(t.num_rolls)
    candidates = np.where(t.roll_keeps >= 0, t.roll_keeps, t.num_keeps)
    work_candidates = np.append(t.work_position, t.num_keeps)[candidates]
    return _DiceCodes(t, base, powers.astype(np.int32), keep_code, code_to_roll, candidates, work_candidates)
