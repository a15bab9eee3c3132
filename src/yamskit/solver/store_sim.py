"""Many games of a sheet with saved throws played together by a `StoreStrategy` (the store solver's batch play).

Each turn the games are sorted by state (filled rows, flag, capped upper total; the store
is not part of it) and cut into pieces (`yamskit.solver.lockstep._pieces`). For a piece's
states the turn's chain is computed once, as `StoreStrategy.advise` computes it for one
state: the value of each roll with 0, 1, ... throws left, and the value of each keep. Then
every game of the piece plays its turn throw by throw: it writes its roll in the best box
when that is worth at least the best keep (within 1e-9, as `StoreStrategy.best_action`
prefers a box on a tie), else keeps the best dice and throws the rest.

The store is kept two ways (``capped``):

- as the game engine keeps it (the default): every throw a turn leaves unused is saved,
  however many; the strategy reads a store above its cap as `StoreStrategy.advise` does: a
  turn with more than ``store_cap + max_throws - 1`` throws left acts as if it had that
  many, so it spends the surplus first, and the throws it leaves unused all go to the
  store. This is how the strategy plays the real game.
- capped: the throws above the cap are lost when the turn ends, the game the strategy's
  values describe; its mean estimates `StoreStrategy.expected_score`.

The dice of turn ``k`` are drawn in one call, ``(games, max_throws + the largest store, dice)``
faces, from one `numpy.random.Generator` seeded with ``seed``; a game's ``j``-th throw of
``d`` dice takes the first ``d`` faces of its row ``j``.

Examples:
    >>> import yamskit
    >>> from yamskit.categories import upper
    >>> from yamskit.solver.store import solve_store
    >>> sheet = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], dice=2, saved_throws=True)
    >>> strategy = solve_store(sheet, store_cap=2)  # every throw two rows can save: the real game
    >>> result = simulate_store(strategy, 2000, seed=1)
    >>> result.games, result.policy, round(strategy.expected_score(), 2)
    (2000, 'store cap 2', 11.59)
    >>> abs(result.mean - strategy.expected_score()) < 4 * result.stderr
    True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ..errors import RuleConfigError
from .batch import BatchResult
from .batch_sheets import _dice_codes, _Games, _tallied, _Tally
from .expectimax import best_keeps, keep_values
from .final import final_values
from .lockstep import _crossed_out, _pieces, _scored
from .model import Model
from .scratch import release_work_arrays
from .store import StoreStrategy
from .tables import FloatArray, IntArray

__all__ = ["simulate_store"]

#: A box is chosen over a throw worth at most this much more (as `StoreStrategy.best_action`).
TIE = 1e-9

#: Called with each turn's drawn faces (games, throws, dice) and the stores the games began it with.
FacesHook = Callable[[npt.NDArray[np.int8], IntArray], None]


def _refuse(model: Model) -> None:
    """Refuse the five-of-a-kind rules the stepped store games do not play (the joker and its bonuses)."""
    found = [
        name
        for name, on in (
            ("joker", model.joker is not None),
            ("five_bonus", model.five_bonus),
            ("number_bonus", model.number_bonus),
        )
        if on
    ]
    if found:
        raise RuleConfigError(
            f"yamskit.solver.store_sim does not play the rule {', '.join(found)} (a further five of a kind's joker "
            "or bonus): play such a sheet through the game API with `StoreStrategy.best_action`"
        )


def _chain(strategy: StoreStrategy, filled: IntArray, flag: IntArray, upper: IntArray, upto: int) -> list[FloatArray]:
    """The value of each keep with 1..``upto`` throws left: entry ``l - 1`` is (keeps + 1, states), a -inf row last.

    Built as `StoreStrategy._chain` builds it for one state (the same operations column by column).
    """
    model, cap = strategy.store.model, strategy.store_cap
    t = model.dice
    written = [final_values(model, strategy.values[s], filled, flag, upper) for s in range(min(upto, cap) + 1)]
    rolls = written[0]
    layers = []
    for left in range(1, upto + 1):
        keeps = keep_values(rolls, dice=t)
        padded = np.empty((t.num_keeps + 1, len(filled)))
        padded[:-1] = keeps
        padded[-1] = -np.inf
        layers.append(padded)
        if left < upto:
            rolls = np.maximum(best_keeps(keeps, dice=t), written[min(left, cap)])
    return layers


def _boxes(
    strategy: StoreStrategy, g: _Games, games: IntArray, roll: IntArray, store: IntArray, crossing: bool
) -> tuple[FloatArray, IntArray, IntArray]:
    """The best box of each game's roll: its worth (points plus the value after), row, and points.

    ``store`` is the store (capped) each game's values after the box are read at.
    """
    m = strategy.store.model
    filled = np.take(g.filled, games)
    flag = np.take(g.flag, games)
    upper = np.minimum(np.take(g.upper, games), m.cap)
    points = np.take(g.by_roll, roll, axis=0)
    worth = np.empty(points.shape)
    for s in np.unique(store).tolist():
        at = np.flatnonzero(store == s)
        worth[at] = _scored(m, strategy.values[s], points[at], filled[at], flag[at], upper[at])
        if crossing:
            zero = _crossed_out(m, strategy.values[s], filled[at], flag[at], upper[at])
            better = zero > worth[at]
            worth[at] = np.where(better, zero, worth[at])
            points[at] = np.where(better, 0, points[at])
    open_rows = np.take(g.open_rows, filled, axis=0)
    np.copyto(worth, -np.inf, where=~open_rows)
    row = np.argmax(worth, axis=1)
    every = np.arange(len(games))
    return worth[every, row], row, points[every, row]


def _play_piece(
    strategy: StoreStrategy,
    g: _Games,
    games: IntArray,
    reps: IntArray,
    local: IntArray,
    index: npt.NDArray[np.int32],
    left: IntArray,
    crossing: bool,
) -> IntArray:
    """Play one turn of ``games`` (states those of ``reps``; ``local`` says which); returns the throws each leaves.

    ``index`` is the dice codes of each game's throws (`_DiceCodes.face_index`), ``left`` the
    throws each game has after its first.
    """
    m = strategy.store.model
    cap, chain = strategy.store_cap, strategy.store.chain
    codes = _dice_codes(m.dice.count)
    candidates = codes.candidates
    upto = min(int(left.max()), chain)
    upper = np.minimum(np.take(g.upper, reps), m.cap)
    layers = _chain(strategy, np.take(g.filled, reps), np.take(g.flag, reps), upper, upto) if upto else []
    roll = codes.first_rolls(index[:, 0])
    left = left.copy()
    active = np.arange(len(games))
    throw = 0
    while len(active):
        now = np.minimum(left[active], chain)  # the throws left as the strategy counts them
        worth, row, points = _boxes(strategy, g, games[active], roll[active], np.minimum(now, cap), crossing)
        keep = np.full(len(active), -1, dtype=np.int64)
        rolling = np.flatnonzero(now > 0)
        if len(rolling):
            kept = np.empty(len(rolling))
            choice = np.empty(len(rolling), dtype=np.int64)
            for n in np.unique(now[rolling]).tolist():
                at = rolling[now[rolling] == n]
                options = np.take(candidates, roll[active[at]], axis=0)  # (games, candidates) keep indexes
                table = layers[n - 1]
                values = table[options, local[active[at]][:, None]]
                best = np.argmax(values, axis=1)
                kept[np.searchsorted(rolling, at)] = values[np.arange(len(at)), best]
                choice[np.searchsorted(rolling, at)] = options[np.arange(len(at)), best]
            rethrow = worth[rolling] < kept - TIE
            keep[rolling[rethrow]] = choice[rethrow]
        writes = keep < 0
        done = active[writes]
        g.write_points(games[done], row[writes], points[writes], np.zeros(len(done), dtype=np.int64))
        active = active[~writes]
        throw += 1
        if len(active):
            roll[active] = codes.rethrown(keep[~writes], index[active, throw])
            left[active] -= 1
    return left


def simulate_store(
    strategy: StoreStrategy,
    games: int,
    *,
    seed: int = 0,
    capped: bool = False,
    faces_hook: FacesHook | None = None,
) -> BatchResult:
    """Play ``games`` solitaire games of the strategy's sheet with saved throws, each by `StoreStrategy.best_action`.

    Args:
        strategy: a solved `StoreStrategy` (`yamskit.solver.store.solve_store`).
        games: how many games (a positive whole number).
        seed: seed of the dice (one `numpy.random.Generator`, PCG64).
        capped: lose the throws above the strategy's cap when a turn ends (the game its values
            describe: the mean estimates `StoreStrategy.expected_score`); by default the store keeps
            every unused throw, as the game engine does (the real game).
        faces_hook: called with each turn's drawn faces and the stores the games began it with
            (for checks against the game API).

    Returns:
        A `BatchResult` whose policy is ``"store cap N"`` (``"store cap N, capped"`` when ``capped``).

    Raises:
        RuleConfigError: a sheet with a joker or a five-of-a-kind bonus, which these games do not play.
        ValueError: ``games`` is not a positive whole number.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total, upper
        >>> from yamskit.solver.store import solve_store
        >>> rows = [upper(6), Category("chance", total)]
        >>> sheet = yamskit.ScorecardVariant.define("saving", rows=rows, dice=2, saved_throws=True)
        >>> strategy = solve_store(sheet, store_cap=2)
        >>> a = simulate_store(strategy, 500, seed=3)
        >>> b = simulate_store(strategy, 500, seed=3, capped=True)
        >>> bool((a.scores == b.scores).all())  # a cap of 2 holds every throw two rows can save
        True
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    store_model = strategy.store
    m = store_model.model
    _refuse(m)
    rng = np.random.default_rng(seed)
    g = _Games.start(m, games)
    codes = _dice_codes(m.dice.count)
    crossing = m.allow_scratch and not m.bonus_grows
    stores = np.zeros(games, dtype=np.int64)
    try:
        for _turn in range(m.num_rows):
            drawn = rng.integers(0, 6, size=(games, m.max_throws + int(stores.max()), m.dice.count), dtype=np.int8)
            if faces_hook is not None:
                faces_hook(drawn, stores.copy())
            keys = (g.filled * 2 + g.flag) * (m.cap + 1) + np.minimum(g.upper, m.cap)
            after = np.empty(games, dtype=np.int64)
            for piece, reps, local in _pieces(keys):
                index = codes.face_index(drawn[piece])
                left = np.take(stores, piece) + (m.max_throws - 1)
                after[piece] = _play_piece(strategy, g, piece, reps, local, index, left, crossing)
            stores = np.minimum(after, strategy.store_cap) if capped else after
    finally:
        release_work_arrays()
    scores, row_means, zero_rates, bonus_rate, extra_mean = _tallied([_Tally.of(m, g.points, g.upper, g.extra)])
    return BatchResult(
        variant=strategy.variant.name,
        policy=f"store cap {strategy.store_cap}" + (", capped" if capped else ""),
        seed=seed,
        scores=scores,
        rows=m.rows,
        row_means=row_means,
        row_zero_rates=zero_rates,
        bonus_rate=bonus_rate,
        extra_mean=extra_mean,
    )
