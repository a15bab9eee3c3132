"""The exact solve of a sheet whose unused throws are saved for later turns (Maxi Yatzy's store).

With saved throws a turn has ``max_throws + store`` throws, makes at least one, and the
throws it leaves unused become the store of the next turn. A state between turns is then
(filled rows, flag, upper total, store). The store is capped at ``store_cap``: the throws
above it are lost, so the values are those of a game a little harsher than the real one (a
lower bound of it), and exact once the cap reaches the most the store can ever hold,
``(rows - 1) * (max_throws - 1)``.

Within a turn only the throws left matter: with ``t`` left, writing the dice now leaves a
store of ``min(t, store_cap)``. So for a block of states the turn is one chain over
``t = 0, 1, ... store_cap + max_throws - 1``: the value of each roll with ``t`` throws left
is the best of writing it now (the final layer read in the values of store ``min(t, cap)``)
and keeping some dice to throw again (the keep layers of ``t - 1``). The start value of store
``s`` is the mean over the first throw of the chain at ``t = s + max_throws - 1``. That is
``store_cap + max_throws - 1`` keep layers and ``store_cap + 1`` final layers per block,
against ``max_throws - 1`` and one without a store; the value table is ``store_cap + 1``
times the dense table of the plain solve. The solve runs in this process.

Examples:
    >>> import yamskit
    >>> from yamskit.categories import Category, total, upper
    >>> rows = [upper(6), Category("chance", total)]
    >>> saving = yamskit.ScorecardVariant.define("saving", rows=rows, saved_throws=True)
    >>> strategy = solve_store(saving, store_cap=2, quiet=True)
    >>> strategy.exact, round(strategy.expected_score(), 4)  # a store of 2 is all two rows can save
    (True, 38.0969)
"""

from __future__ import annotations

import os
from collections.abc import Callable

import attrs
import numpy as np

from ..actions import Action, Roll, Score, Scratch
from ..errors import DeserializationError, RuleConfigError, RulesMismatchError
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from .expectimax import CHUNK, _best_of_sub_keeps, _cuts, _mean_over_throw, _work_arrays, best_keeps, keep_values
from .final import final_values
from .model import Model, model_of, sheet_of
from .progress import Progress
from .scratch import release_work_arrays
from .space import StateSpace
from .table_file import read_table, write_table
from .tables import FloatArray, IntArray

__all__ = [
    "MAX_STORE_BYTES",
    "StoreModel",
    "StoreStrategy",
    "backward_values",
    "solve_store",
    "store_model_of",
    "store_values",
]

#: The most bytes the value table over every store (``store_cap + 1`` dense tables of float64) may take.
MAX_STORE_BYTES = 8 << 30


@attrs.frozen(eq=False)
class StoreModel:
    """A sheet with saved throws: the solver's `Model` of its sheet and the cap on the store.

    Attributes:
        model: the sheet's model (rows, points, bonus, ``max_throws``).
        store_cap: the most saved throws a state keeps (those above it are lost); never above `most`.
        most: the most throws the store can ever hold: every turn but the last saves at most
            ``max_throws - 1``.

    Examples:
        >>> import yamskit
        >>> m = store_model_of(yamskit.variant("maxi-yatzy"), store_cap=3)
        >>> m.store_cap, m.most, m.exact
        (3, 38, False)
    """

    model: Model
    store_cap: int
    most: int

    @property
    def exact(self) -> bool:
        """Whether the cap loses nothing: it is the most the store can hold."""
        return self.store_cap >= self.most

    @property
    def chain(self) -> int:
        """The most throws a turn can have left after its first: ``store_cap + max_throws - 1``."""
        return self.store_cap + self.model.max_throws - 1


def store_model_of(variant: object, *, store_cap: int, max_bytes: int = MAX_STORE_BYTES) -> StoreModel:
    """The store model of a variant with saved throws; `RuleConfigError` if the solver cannot solve it.

    A cap above the most the store can hold is lowered to it (the values are the same).
    ``max_bytes`` bounds the value table (`MAX_STORE_BYTES`, 8 GiB, by default): a machine with
    more memory may raise it (Maxi Yatzy's table takes 0.66 GiB a throw of the cap, plus one).

    Raises:
        RuleConfigError: the variant does not save throws, its sheet is one `model_of` refuses, the cap is
            not a whole number >= 0, or the value table would pass ``max_bytes``.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> two = yamskit.ScorecardVariant.define("two", rows=[upper(5), upper(6)], saved_throws=True)
        >>> store_model_of(two, store_cap=100).store_cap  # two rows: the first turn saves at most 2
        2
        >>> store_model_of(yamskit.variant("maxi-yatzy"), store_cap=38)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        RuleConfigError: yamskit.solver: a store capped at 38 needs a value table of 25.9 GiB; ...
        >>> store_model_of(yamskit.variant("yatzy"), store_cap=1)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        RuleConfigError: yamskit.solver: store_cap is for games with saved throws; 'yatzy' has none
    """
    if type(store_cap) is not int or store_cap < 0:
        raise RuleConfigError(f"yamskit.solver: store_cap must be a whole number >= 0, not {store_cap!r}")
    if isinstance(variant, ScorecardVariant) and not variant.rules.saved_throws:
        raise RuleConfigError(f"yamskit.solver: store_cap is for games with saved throws; {variant.name!r} has none")
    model = model_of(variant, saved_throws=True)
    if model.served is not None or model.opens_row >= 0:
        # a stored throw's turn has no served first throw of its own the chain knows: not modelled
        raise RuleConfigError(
            f"yamskit.solver cannot solve {getattr(variant, 'name', variant)!r} with its store: its served rules "
            "or a box that opens later read the turn's throws, which the store's chain does not model"
        )
    most = (model.num_rows - 1) * (model.max_throws - 1)
    cap = min(store_cap, most)
    space = StateSpace.of(model)
    table = (cap + 1) * int(np.prod(space.shape)) * 8
    if table > max_bytes:
        raise RuleConfigError(
            f"yamskit.solver: a store capped at {cap} needs a value table of {table / 2**30:.1f} GiB; "
            f"the solver takes at most {max_bytes / 2**30:.1f} GiB (store_cap lower, or max_bytes higher)"
        )
    return StoreModel(model, cap, most)


def _turn_block(store: StoreModel, values: FloatArray, filled: IntArray, flag: IntArray, upper: IntArray) -> FloatArray:
    """The start value of each state of a block with each store 0..cap, shape (cap + 1, states)."""
    model = store.model
    t = model.dice
    cap = store.store_cap
    full = t.size_slices[t.count]
    # writing now with t throws left: the values after it have store min(t, cap), rolls in working order
    written = [final_values(model, values[s], filled, flag, upper)[t.work_rolls] for s in range(cap + 1)]
    work, spare = _work_arrays(t, len(filled))
    work[full] = written[0]
    starts = np.empty((cap + 1, len(filled)))
    for left in range(store.chain + 1):
        if left:
            _mean_over_throw(t, work, spare)
            _best_of_sub_keeps(t, work, spare)
            np.maximum(work[full], written[min(left, cap)], out=work[full])
        s = left - (model.max_throws - 1)
        if s >= 0:  # the store s turn's chain after its first throw: the mean over that throw, roll by roll
            rolls = np.take(work[full], t.work_roll_position, axis=0)
            rolls *= t.roll_probabilities[:, None]
            starts[s] = rolls.sum(axis=0)
    return starts


def store_values(
    store: StoreModel, *, quiet: bool = True, progress: Callable[[int, int], None] | None = None
) -> FloatArray:
    """The value of every reachable state with every store 0..cap, dense ``[store, filled, flag, upper]``.

    A value is the expected points still to come under optimal play from the start of a
    turn. Unreachable entries hold NaN.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total
        >>> one = yamskit.ScorecardVariant.define("one", rows=[Category("chance", total)] * 1, saved_throws=True)
        >>> values = store_values(store_model_of(one, store_cap=0))
        >>> values.shape, round(float(values[0, 0, 0, 0]), 4)  # one row: no later turn to save for
        ((1, 2, 1, 1), 23.3333)
    """
    return backward_values(
        store, lambda values, f, y, u: _turn_block(store, values, f, y, u), "solving", quiet, progress
    )


def backward_values(
    store: StoreModel,
    turn: Callable[[FloatArray, IntArray, IntArray, IntArray], FloatArray],
    verb: str,
    quiet: bool,
    progress: Callable[[int, int], None] | None,
) -> FloatArray:
    """Fill the dense ``[store, filled, flag, upper]`` table from the full sheet back, block by block of states.

    ``turn(values, filled, flag, upper)`` gives a block's start values, one row a store
    (``(cap + 1, states)``), from the values of the later layers already in ``values``: the
    store solver's turn (`store_values`) or the bound's relaxed one
    (`yamskit.solver.store_bound.store_bound_values`). ``verb`` names the work on the progress bar.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total
        >>> rows = [Category("a", total), Category("b", total)]
        >>> two = yamskit.ScorecardVariant.define("two", rows=rows, saved_throws=True)
        >>> nothing = lambda values, f, y, u: np.zeros((1, len(f)))  # turns that pay nothing
        >>> float(backward_values(store_model_of(two, store_cap=0), nothing, "zeroing", True, None)[0, 0, 0, 0])
        0.0
    """
    model = store.model
    space = StateSpace.of(model)
    cap = store.store_cap
    values = np.full((cap + 1, *space.shape), np.nan)
    whole = (1 << model.num_rows) - 1
    values[:, whole] = model.bonus.astype(np.float64)[None, None, :]
    bar = Progress(space.count, f"{verb} {model.num_rows} rows, store up to {cap}", quiet=quiet, callback=progress)
    chunk = min(8 * CHUNK, CHUNK * 462 // model.dice.num_keeps)
    try:
        bar.advance(len(space.alive[whole & space.bonus_mask]) * len(space.flags_of(whole)))
        for count in range(model.num_rows - 1, -1, -1):
            filled, flag, upper = space.layer(count)
            cuts = _cuts(filled, max(64, min(chunk, len(filled))))
            for start, stop in zip(cuts[:-1].tolist(), cuts[1:].tolist(), strict=True):
                f, y, u = filled[start:stop], flag[start:stop], upper[start:stop]
                starts = turn(values, f, y, u)
                sets = np.unique(f)
                for s in range(cap + 1):
                    values[s, f, y, u] = starts[s]
                    space.copy_dead_of(values[s], sets)
                bar.advance(stop - start)
    finally:
        bar.close()
        release_work_arrays()
    return values


@attrs.frozen(eq=False)
class StoreStrategy:
    """The values of a sheet with saved throws over a capped store (`solve_store`).

    It gives the expected score of the start of the game and of any state between turns
    (`value`), and rates the options of a position (`advise`, `best_action`), each turn's
    layers recomputed for the one state.

    Attributes:
        variant: the variant solved.
        store: its store model (the cap).
        values: the dense values ``[store, filled, flag, upper]`` (`store_values`).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> sixes = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], saved_throws=True)
        >>> strategy = solve_store(sixes, store_cap=0, quiet=True)
        >>> strategy.store_cap, strategy.exact, round(strategy.expected_score(), 4)
        (0, False, 25.9587)
    """

    variant: ScorecardVariant
    store: StoreModel
    values: FloatArray

    @property
    def store_cap(self) -> int:
        """The most saved throws a state keeps."""
        return self.store.store_cap

    @property
    def exact(self) -> bool:
        """Whether the values are the real game's (the cap loses no throw)."""
        return self.store.exact

    def value(self, filled: int, upper: int, saved: int, *, flag: int = 0) -> float:
        """The expected points still to come at the start of a turn: rows ``filled`` (bit set), upper total, store.

        A store above the cap counts as the cap (its values are a lower bound there).

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import upper
            >>> sixes = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], saved_throws=True)
            >>> strategy = solve_store(sixes, store_cap=1, quiet=True)
            >>> strategy.value(0b10, 0, 1) > strategy.value(0b10, 0, 0)  # fives filled; sixes with 4 throws
            True
        """
        space = StateSpace.of(self.store.model)
        model = self.store.model
        total = int(space.canonical_upper(np.array([filled]), np.array([min(upper, model.cap)]))[0])
        return float(self.values[min(saved, self.store_cap), filled, flag, total])

    def expected_score(self) -> float:
        """The expected final score from the start of the game (an empty store) under optimal play.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import upper
            >>> sixes = yamskit.ScorecardVariant.define("s", rows=[upper(6)], saved_throws=True)
            >>> round(solve_store(sixes, store_cap=0, quiet=True).expected_score(), 4)
            12.6389
        """
        return float(self.values[0, 0, 0, 0])

    def _position(self, state: ScorecardGame) -> tuple[int, int, int, int]:
        """(filled, flag, capped upper total, points so far) of the player to move; checks the rules."""
        if not isinstance(state, ScorecardGame):
            raise RuleConfigError(f"a store strategy advises scorecard games, not {type(state).__name__}")
        if model_of(state.variant, saved_throws=True).fingerprint != self.store.model.fingerprint:
            raise RulesMismatchError(
                f"this store strategy was solved for other rules than {state.variant.name!r} {state.variant.options}"
            )
        return sheet_of(self.store.model, state)

    def _chain(self, filled: int, flag: int, upper: int, upto: int) -> list[FloatArray]:
        """The value of each roll of one state with 0..``upto`` throws left, each (rolls,)."""
        one = (np.array([filled]), np.array([flag]), np.array([upper]))
        model, cap = self.store.model, self.store_cap
        written = [final_values(model, self.values[s], *one) for s in range(min(upto, cap) + 1)]
        chain = [written[0]]
        for left in range(1, upto + 1):
            kept = best_keeps(keep_values(chain[-1], dice=model.dice), dice=model.dice)
            chain.append(np.maximum(kept, written[min(left, cap)]))
        return [c[:, 0] for c in chain]

    def advise(self, state: ScorecardGame) -> tuple[tuple[Action, float], ...]:
        """Every legal option of the player to move with its expected final score, best first.

        The store counts up to the cap (the throws above it are left unused); so does a
        turn's throws left beyond ``store_cap + max_throws - 1``.

        Raises:
            RuleConfigError: ``state`` is not a scorecard game.
            RulesMismatchError: ``state`` is played by other rules than the solved ones.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import Category, total, upper
            >>> v = yamskit.ScorecardVariant.define("v", rows=[upper(6), Category("chance", total)], saved_throws=True)
            >>> strategy = solve_store(v, store_cap=2)
            >>> g = v.new_game(seed=1).apply(yamskit.Roll(outcome="66666"))
            >>> [(str(a), round(x, 2)) for a, x in strategy.advise(g)][:2]  # sixes now, saving two throws for chance
            [('score sixes', 55.65), ('keep 66666 roll', 54.72)]
        """
        filled, flag, upper, so_far = self._position(state)
        if state.is_over:
            return ()
        model, cap = self.store.model, self.store_cap
        rated: list[tuple[Action, float]] = []
        if not state.turn.has_thrown:
            value = self.value(filled, upper, state.turn.saved, flag=flag)
            rated = [(action, so_far + value) for action in state.legal_actions()]
        else:
            left = min(state.turn.throws_left, self.store.chain)
            chain = self._chain(filled, flag, upper, left)
            keeps = keep_values(chain[left - 1][:, None], dice=model.dice)[:, 0] if left > 0 else None
            for action in state.legal_actions():
                if isinstance(action, Roll):
                    if keeps is not None:
                        rated.append((action, so_far + float(keeps[model.dice.keep_of(action.keep.faces)])))
                elif isinstance(action, (Score, Scratch)):
                    placed = state.placement(action)
                    row = model.rows.index(placed.row)
                    points = 0 if placed.crossed else placed.points
                    up = min(upper + points, model.cap) if model.bonus_rows[row] else upper
                    y = (1 if points > 0 else 0) if row == model.flag_row and model.needs_flag else flag
                    after = float(self.values[min(left, cap), filled | 1 << row, y, up])
                    rated.append((action, so_far + points + placed.extra + after))
        return tuple(sorted(rated, key=lambda pair: -pair[1]))

    def best_action(self, state: ScorecardGame) -> Action:
        """The best option of `advise`: a box rather than a throw on a tie (within 1e-9).

        Raises:
            RuleConfigError: the game is over.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import upper
            >>> v = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], saved_throws=True)
            >>> solve_store(v, store_cap=2).best_action(v.new_game(seed=1).apply(yamskit.Roll(outcome="66511")))
            Roll(keep=Dice.parse('66'), outcome=None)
        """
        advice = self.advise(state)
        if not advice:
            raise RuleConfigError("the game is over: there is no action to advise")
        top = advice[0][1]
        for action, value in advice:
            if top - value <= 1e-9 and not isinstance(action, Roll):
                return action
        return advice[0][0]

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the values to ``path`` (numpy ``.npz``) with the rules' fingerprint, the cap and the format version.

        Written whole or not at all, as `yamskit.solver.Strategy.save` writes its table.

        Examples:
            >>> import tempfile, yamskit
            >>> from yamskit.categories import upper
            >>> v = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], saved_throws=True)
            >>> with tempfile.TemporaryDirectory() as folder:
            ...     solve_store(v, store_cap=1).save(folder + "/s.npz")
            ...     again = StoreStrategy.load(folder + "/s.npz", v)
            >>> again.store_cap, round(again.expected_score(), 4)
            (1, 26.3172)
        """
        write_table(path, self.values, self.store.model.fingerprint, self.variant, store_cap=self.store_cap)

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], variant: ScorecardVariant | None = None, *, max_bytes: int = MAX_STORE_BYTES
    ) -> StoreStrategy:
        """Read values written by `save`, for ``variant`` (``None``: the registered variant the file names).

        ``max_bytes`` bounds the value table as in `store_model_of`.

        Raises:
            RulesMismatchError: the values were solved for other rules.
            DeserializationError: not a store strategy's file (a plain strategy's file has no
                cap: read it with `yamskit.solver.Strategy.load`), another format version, a
                table of the wrong shape, or no variant given for an unregistered one.
            RuleConfigError: the variant saves no throws, or the table would pass ``max_bytes``.

        Examples:
            >>> import tempfile, yamskit
            >>> with tempfile.TemporaryDirectory() as folder:
            ...     with open(folder + "/junk.npz", "wb") as junk:
            ...         _ = junk.write(b"not a table")
            ...     StoreStrategy.load(folder + "/junk.npz", yamskit.variant("maxi-yatzy"))  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            yamskit.errors.DeserializationError: .../junk.npz is not a yamskit strategy file: ...
        """
        table = read_table(path, variant, lambda v: model_of(v, saved_throws=True).fingerprint)
        cap = table.numbers.get("store_cap")
        if cap is None:
            raise DeserializationError(f"{path} holds a strategy without a store; read it with Strategy.load")
        store = store_model_of(table.variant, store_cap=cap, max_bytes=max_bytes)
        shape = (store.store_cap + 1, *StateSpace.of(store.model).shape)
        if store.store_cap != cap or table.values.shape != shape:
            raise DeserializationError(f"{path}: a table of shape {table.values.shape} is not one of store cap {cap}")
        return cls(table.variant, store, table.values)


def solve_store(
    variant: ScorecardVariant,
    *,
    store_cap: int,
    quiet: bool = True,
    progress: Callable[[int, int], None] | None = None,
    max_bytes: int = MAX_STORE_BYTES,
) -> StoreStrategy:
    """Solve a sheet with saved throws exactly over a store capped at ``store_cap``.

    Exact for the real game when the cap reaches the most the store can hold
    (`StoreStrategy.exact`); below it, the value of the game that loses the throws above the
    cap, a lower bound of the real one. ``yamskit.solver.solve(variant, store_cap=...)`` calls this
    with the default bound on the value table; ``max_bytes`` raises it (`store_model_of`).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total, upper
        >>> rows = [upper(6), Category("chance", total)]
        >>> saving = yamskit.ScorecardVariant.define("saving", rows=rows, saved_throws=True)
        >>> [round(solve_store(saving, store_cap=c).expected_score(), 4) for c in (0, 1, 2)]
        [37.3438, 37.9047, 38.0969]
    """
    store = store_model_of(variant, store_cap=store_cap, max_bytes=max_bytes)
    return StoreStrategy(variant, store, store_values(store, quiet=quiet, progress=progress))
