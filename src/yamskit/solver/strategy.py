"""A solved variant: the optimal expected score of every state, advice, and a saved-table format.

A `Strategy` holds the value of every turn state (see
`yamskit.solver.space`). Inside a turn it recomputes that turn's throw and keep
layers for the one state asked about, so advice is exact at every step.

Examples:
    >>> import yamskit
    >>> from yamskit.categories import Category, total, upper
    >>> from yamskit.solver import solve
    >>> mini = yamskit.ScorecardVariant.define("mini", rows=[upper(6), Category("chance", total)])
    >>> strategy = solve(mini, quiet=True)
    >>> round(strategy.expected_score(), 4)
    37.3438
    >>> game = mini.new_game(seed=1).apply(yamskit.Roll(outcome="66612"))
    >>> best = strategy.advise(game)[0]
    >>> best.action, round(best.expected, 2), best.regret
    (Roll(keep=Dice.parse('666'), outcome=None), 45.0, 0.0)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import overload

import attrs
import numpy as np

from .._cache import Memo
from ..actions import Action, Roll, Score, Scratch
from ..errors import RuleConfigError, RulesMismatchError, brief
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from .distribution import ScoreDistribution, has_upper_bonus, optimal_distribution
from .expectimax import keep_values, solve_values, turn_tables
from .model import Model, model_of, sheet_of
from .store import StoreStrategy, solve_store
from .table_file import FORMAT_VERSION, read_table, write_table
from .tables import FloatArray

__all__ = ["FORMAT_VERSION", "Advice", "RulesMismatchError", "SheetPosition", "Strategy", "solve"]

#: Values closer than this count as equal when the bot picks among options.
TIE = 1e-9


@attrs.frozen
class Advice:
    """One legal option with the expected final score of taking it and playing on optimally.

    Attributes:
        action: the option (a throw, listed with ``outcome=None``, or a box).
        expected: the expected final score of the player after this option.
        regret: how much less than the best option it is expected to score (0 for the best).

    Examples:
        >>> Advice(Score("chance"), 30.5, 0.0).regret
        0.0
    """

    action: Action
    expected: float
    regret: float


@attrs.frozen(eq=False)
class SheetPosition:
    """A player's sheet as the solver's tables index it, with the points already earned.

    Attributes:
        filled: the filled boxes, a bit mask (bit ``i`` for row ``i``).
        flag: 1 when the five-of-a-kind box holds points (the jokers and bonuses need it), else 0.
        upper: the upper total, capped where the bonus no longer cares.
        so_far: the points already written (boxes and extra points).

    Examples:
        >>> import yamskit
        >>> from yamskit.solver import solve
        >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[yamskit.variant("classic").category("sixes")])
        >>> strategy = solve(sixes)
        >>> strategy.position(strategy.variant.new_game(seed=1))
        SheetPosition(filled=0, flag=0, upper=0, so_far=0)
    """

    filled: int
    flag: int
    upper: int
    so_far: int


class Strategy:
    """The optimal strategy of a one-column scorecard variant (build one with `yamskit.solver.solve`).

    Attributes:
        variant: the solved variant (``None`` for a table loaded without one).
        model: the solver's model of its rules.
        values: the value (points still to come) of every turn state, ``[filled, flag, upper]``.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total, upper
        >>> from yamskit.solver import solve
        >>> tiny = yamskit.ScorecardVariant.define("tiny", rows=[upper(6), Category("chance", total)])
        >>> strategy = solve(tiny, quiet=True)
        >>> strategy
        <Strategy tiny: 37.3438 expected, 0.0 MB>
        >>> strategy.model.rows, strategy.values.shape
        (('sixes', 'chance'), (4, 1, 1))
    """

    def __init__(self, variant: ScorecardVariant | None, model: Model, values: FloatArray) -> None:
        self.variant = variant
        self.model = model
        self.values = values
        self._checked: list[object] = []  # rules already checked (held, so that identity is safe)
        # A turn's decisions (a keep or two, then a box) share its layers and keep values, and a
        # game alternates between the players' turns: kept here, each decision after a turn's
        # first skips the turn tables and the keep step (about half of `advise`'s time in a duel).
        self._turn_layers: Memo[tuple[int, int, int], list[FloatArray]] = Memo(
            "solver: a turn's layers", size=8, key="a turn state (filled, flag, upper)"
        )
        self._turn_keeps: Memo[tuple[int, int, int, int], FloatArray] = Memo(
            "solver: a turn's keep values", size=16, key="a turn state and the throws left"
        )

    def __repr__(self) -> str:
        name = self.variant.name if self.variant is not None else "?"
        return f"<Strategy {name}: {self.expected_score():.4f} expected, {self.nbytes / 1e6:.1f} MB>"

    @property
    def nbytes(self) -> int:
        """Memory held by the value table, in bytes.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import upper
            >>> from yamskit.solver import solve
            >>> solve(yamskit.ScorecardVariant.define("one", rows=[upper(6)]), quiet=True).nbytes
            16
        """
        return int(self.values.nbytes)

    # ------------------------------------------------------------------ positions
    def _check(self, state: ScorecardGame) -> None:
        if not isinstance(state, ScorecardGame):
            raise RuleConfigError(f"a strategy advises scorecard games, not {type(state).__name__}")
        rules = state.variant.rules
        if any(rules is seen for seen in self._checked):
            return
        if model_of(state.variant).fingerprint != self.model.fingerprint:
            raise RulesMismatchError(
                f"this strategy was solved for other rules than {brief(state.variant.name)} {state.variant.options}"
            )
        self._checked = [rules, *self._checked[:7]]

    def position(self, state: ScorecardGame, *, player: int | None = None) -> SheetPosition:
        """``state``'s sheet of ``player`` (the player to move by default), as the tables index it.

        The game is checked to follow the solved rules.

        Raises:
            RulesMismatchError: ``state`` is played by other rules than the solved ones.
        """
        self._check(state)
        return SheetPosition(*sheet_of(self.model, state, player=player))

    def _value(self, filled: int, flag: int, upper: int) -> float:
        return float(self.values[filled, flag, upper])

    def _layers(self, p: SheetPosition) -> list[FloatArray]:
        key = (p.filled, p.flag, p.upper)
        found = self._turn_layers.get(key)
        if found is None:
            one = np.array([p.filled], dtype=np.int64)
            layers = turn_tables(self.model, self.values, one, np.array([p.flag]), np.array([p.upper]))
            found = self._turn_layers.put(key, [layer[:, 0] for layer in layers])
        return found

    def _keeps(self, p: SheetPosition, left: int) -> FloatArray:
        """Each keep's value with ``left`` throws (at least 1) still to come in ``p``'s turn."""
        key = (p.filled, p.flag, p.upper, left)
        found = self._turn_keeps.get(key)
        if found is None:
            layer = self._layers(p)[left - 1]
            found = self._turn_keeps.put(key, keep_values(layer[:, None], dice=self.model.dice)[:, 0])
        return found

    # ------------------------------------------------------------------ queries
    def expected_score(self, state: ScorecardGame | None = None) -> float:
        """The expected final score of the player to move, playing optimally from ``state``.

        ``None`` is the start of a game. For a finished game, the player's actual score.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import upper
            >>> from yamskit.solver import solve
            >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)])
            >>> round(solve(sixes, quiet=True).expected_score(), 6)  # 5 dice, 3 throws: 5 * (1 - (5/6)**3) * 6
            12.638889
        """
        if state is None:
            return self._value(0, 0, 0)
        p = self.position(state)
        if state.is_over:
            return float(state.result().scores[state.current_player])
        if not state.turn.has_thrown:
            return p.so_far + self._value(p.filled, p.flag, p.upper)
        layers = self._layers(p)
        return p.so_far + float(layers[state.turn.throws_left][self.model.dice.roll_of(state.dice.faces)])

    def distribution(self, state: ScorecardGame | None = None) -> ScoreDistribution:
        """The exact distribution of the final score of the player to move, playing `best_action` from ``state``.

        ``None`` is the start of a game; a game may be between turns or inside one (the
        points already on the sheet are part of the score). For a finished game, the
        player's actual score. See `yamskit.solver.distribution` for how it is worked out.
        From the start of a game of thirteen to fifteen boxes it takes about a minute or two
        (Yahtzee 72 s, Scandinavian Yatzy 134 s on the project's 2-core machine; the docs'
        page "Optimal values" has each game's), and far less later in a game.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import upper
            >>> from yamskit.solver import solve
            >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)], dice=2, max_throws=2)
            >>> strategy = solve(sixes, quiet=True)
            >>> d = strategy.distribution()
            >>> d.minimum, d.maximum, round(d.mean, 9) == round(strategy.expected_score(), 9)
            (0, 12, True)
            >>> round(d.at_least(6), 4), d.median  # one six or more in two throws (keeping the sixes)
            (0.5177, 6)
            >>> strategy.distribution(sixes.new_game(seed=1).apply(yamskit.Roll(outcome="66")))
            ScoreDistribution(minimum=12, probabilities=(1.0,), bonus_probability=None)
        """
        if state is None:
            return optimal_distribution(self.model, self.values)
        p = self.position(state)
        if state.is_over:
            earned = float(self.model.bonus[p.upper] > 0) if has_upper_bonus(self.model) else None
            return ScoreDistribution(int(state.result().scores[state.current_player]), (1.0,), bonus_probability=earned)
        if not state.turn.has_thrown:
            return optimal_distribution(
                self.model, self.values, filled=p.filled, flag=p.flag, upper=p.upper, so_far=p.so_far
            )
        return optimal_distribution(
            self.model,
            self.values,
            filled=p.filled,
            flag=p.flag,
            upper=p.upper,
            so_far=p.so_far,
            roll=self.model.dice.roll_of(state.dice.faces),
            throws_left=state.turn.throws_left,
        )

    def advise(self, state: ScorecardGame) -> tuple[Advice, ...]:
        """Every legal option of the player to move, best first, with expected final score and regret.

        Options of equal value keep the order of ``state.legal_actions()``. Here the last
        throw showed 11111: a 0 in sixes beats 5 in chance, which would leave sixes to
        fill with about 12.6 on average instead of chance's 23.3.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import Category, total, upper
            >>> from yamskit.solver import solve
            >>> v = yamskit.ScorecardVariant.define("v", rows=[upper(6), Category("chance", total)])
            >>> g = v.new_game(seed=1).apply(yamskit.Roll(outcome="12345")).apply(yamskit.Roll("", "66666"))
            >>> g = g.apply(yamskit.Roll("", "11111"))
            >>> for a in solve(v, quiet=True).advise(g):
            ...     print(type(a.action).__name__, a.action.row, round(a.regret, 3))
            Score sixes 0.0
            Scratch sixes 0.0
            Score chance 5.694
            Scratch chance 10.694
        """
        p = self.position(state)
        if state.is_over:
            return ()
        rated: list[tuple[Action, float]] = []
        if not state.turn.has_thrown:
            for action in state.legal_actions():
                rated.append((action, p.so_far + self._value(p.filled, p.flag, p.upper)))
        else:
            left = state.turn.throws_left
            dice = self.model.dice
            keeps = self._keeps(p, left) if left > 0 else None
            for action in state.legal_actions():
                if isinstance(action, Roll):
                    assert keeps is not None
                    rated.append((action, p.so_far + float(keeps[dice.keep_of(action.keep.faces)])))
                elif isinstance(action, (Score, Scratch)):
                    rated.append((action, self._after(state, p, action)))
        if not rated:
            return ()
        best = max(v for _, v in rated)
        order = sorted(range(len(rated)), key=lambda i: -rated[i][1])
        return tuple(Advice(rated[i][0], rated[i][1], best - rated[i][1]) for i in order)

    def _after(self, state: ScorecardGame, p: SheetPosition, action: Score | Scratch) -> float:
        placed = state.placement(action)
        row = self.model.rows.index(placed.row)
        served = self.model.served
        if served is not None and row in served.win_rows:  # a served win ends the game: its score is the result
            after = state.apply(action)
            if after.is_over:
                return float(after.result().scores[state.current_player])
        points = 0 if placed.crossed else placed.points
        upper = min(p.upper + points, self.model.cap) if self.model.bonus_rows[row] else p.upper
        flag = p.flag
        if row == self.model.flag_row and self.model.needs_flag:
            flag = 1 if points > 0 else 0
        value = self._value(p.filled | (1 << row), flag, upper)
        return p.so_far + points + placed.extra + value

    def best_action(self, state: ScorecardGame) -> Action:
        """The action the optimal player takes: the best option, a box rather than a throw on a tie.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import upper
            >>> from yamskit.solver import solve
            >>> v = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)])
            >>> solve(v, quiet=True).best_action(v.new_game(seed=1).apply(yamskit.Roll(outcome="66666")))
            Score(row='sixes', column=None)
        """
        advice = self.advise(state)
        if not advice:
            raise RuleConfigError("the game is over: there is no action to advise")
        top = advice[0].expected
        for option in advice:
            if top - option.expected <= TIE and not isinstance(option.action, Roll):
                return option.action
        return advice[0].action

    # ------------------------------------------------------------------ files
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the table to ``path`` (numpy ``.npz``), with the rules fingerprint and format version.

        The file is written whole or not at all (`yamskit._files.write_atomic`): an
        interrupted or failed save leaves the file that was there.

        Examples:
            >>> import tempfile, yamskit
            >>> from yamskit.categories import upper
            >>> from yamskit.solver import solve
            >>> v = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)])
            >>> with tempfile.TemporaryDirectory() as folder:
            ...     path = folder + "/sixes.npz"
            ...     solve(v, quiet=True).save(path)
            ...     round(Strategy.load(path, v).expected_score(), 3)
            12.639
        """
        write_table(path, self.values, self.model.fingerprint, self.variant)

    @classmethod
    def load(cls, path: str | os.PathLike[str], variant: ScorecardVariant | None = None) -> Strategy:
        """Read a table written by `save`, for ``variant``.

        Without ``variant``, the variant is rebuilt from the name and options saved with
        the table, through the registry (``yamskit.variant(name, **options)``); a variant
        defined in your own code must be passed.

        Raises:
            RulesMismatchError: the table was solved for other rules.
            DeserializationError: not a strategy file, another format version, or no
                variant given for a table whose variant is not registered.
        """
        table = read_table(path, variant, lambda v: model_of(v).fingerprint)
        return cls(table.variant, model_of(table.variant), table.values)


@overload
def solve(
    variant: ScorecardVariant,
    *,
    processes: int | None = None,
    quiet: bool = False,
    progress: Callable[[int, int], None] | None = None,
    store_cap: None = None,
) -> Strategy: ...


@overload
def solve(
    variant: ScorecardVariant,
    *,
    processes: int | None = None,
    quiet: bool = False,
    progress: Callable[[int, int], None] | None = None,
    store_cap: int,
) -> StoreStrategy: ...


def solve(
    variant: ScorecardVariant,
    *,
    processes: int | None = None,
    quiet: bool = False,
    progress: Callable[[int, int], None] | None = None,
    store_cap: int | None = None,
) -> Strategy | StoreStrategy:
    """Solve ``variant`` exactly: the optimal expected score of every state.

    Args:
        variant: a one-column scorecard variant (see `yamskit.solver.model.model_of`
            for what is supported; anything else raises `RuleConfigError`).
        processes: processes solving, this one and forked workers (default: one per CPU; small games use one).
        quiet: no progress bar (a rich bar if rich is installed, else lines on stderr).
        progress: also called with (states done, states in all) as the solve advances.
        store_cap: for a variant that saves unused throws (Maxi Yatzy): solve over a store of at most this many
            throws, in this process, and return a `yamskit.solver.store.StoreStrategy` (values; exact once the
            cap reaches the most the store can hold). Without it such a variant raises `RuleConfigError`.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> round(solve(yamskit.ScorecardVariant.define("sixes", rows=[upper(6)]), quiet=True).expected_score(), 4)
        12.6389
        >>> solve(yamskit.variant("maxi-yatzy"))  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        RuleConfigError: yamskit.solver cannot solve 'maxi-yatzy': it saves unused throws for later turns; ...
    """
    if store_cap is not None:
        return solve_store(variant, store_cap=store_cap, quiet=quiet, progress=progress)
    model = model_of(variant)
    values = solve_values(model, processes=processes, quiet=quiet, progress=progress)
    return Strategy(variant, model, values)
