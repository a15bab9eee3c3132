"""`StorePlayer`: a sheet whose unused throws are saved (Maxi Yatzy) played by the solver's store strategy.

The exact solver plays Maxi Yatzy's saved throws over a store capped at a few throws
(`yamskit.solver.store`): its values are those of a game that loses the throws above the
cap, and its choices, played in the real game, keep every throw. With the store capped at
`EXPERT_STORE_CAP` (4) that player scored 480.0 ± 7.4 a game alone, against the ``"hard"``
bot's 432.6 ± 6.7 on the same 300 seeds (the sheet view and the saved throws' fitted worth,
`yamskit.bots.store`), and won 70.1% of 400 two-player games against hard; capped at 2 it
scored 22 points above hard but won only 55.5% of those duels (docs/performance.md). So it is
the ``"expert"`` level of such a sheet, once its values are at hand: in this process, in the
disk cache ``yamskit advise`` fills (`yamskit.solver.advice.cached_store_strategy`), or
solved within the time budget (`store_ready`). Maxi Yatzy's solve takes about 15 minutes of
one core and 4.0 GB of memory; its file is 3.6 GB, read in 1 to 10 seconds.

Examples:
    >>> import yamskit
    >>> from yamskit.categories import upper
    >>> v = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], saved_throws=True)
    >>> store_ready(v, time_budget=5.0, cache=False), store_ready(v, time_budget=0.0, cache=False)
    (True, False)
    >>> bot = StorePlayer(lambda: store_strategy(v, cache=False))
    >>> bot.choose(v.new_game(seed=1).apply(yamskit.Roll(outcome="66511")))
    Roll(keep=Dice.parse('66'), outcome=None)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeAlias

import attrs

from .._cache import LruCache
from .._fast import IdentityCache
from ..actions import Action
from ..errors import RuleConfigError
from ..game import GameState, Variant
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant

__all__ = ["EXPERT_STORE_CAP", "StorePlayer", "on_disk", "store_ready", "store_strategy"]

#: The store cap of the expert's strategy: of the caps measured (2, 4, 5), the lowest that wins 60% of duels
#: against ``"hard"`` (cap 2 won 55.5%; cap 3 was not measured).
EXPERT_STORE_CAP = 4
#: Solver states per second and turn layer of the store's chain, to judge whether a solve fits a time budget
#: (Maxi Yatzy: 33.5 million states; capped at 2, 5 layers of the chain in 613 s, at 4, 7 in 898 s, on one core).
_STORE_STATES_PER_SECOND = 250_000
#: Where store values are kept between runs (as `yamskit.bots.strong.Cache`).
Cache: TypeAlias = bool | str | os.PathLike[str]
_STORES: LruCache[str, Any] = LruCache(
    "bots: store strategies", size=1, key="a solver model's fingerprint and store cap"
)
_KEYS: IdentityCache[Any] = IdentityCache("bots: store keys", size=64, key="a ScorecardRules object")
_FILES: IdentityCache[dict[tuple[str, str, int | None], Path]] = IdentityCache(
    "bots: strategy files", size=64, key="a ScorecardRules object"
)


def on_disk(variant: ScorecardVariant, cache: Cache, *, store_cap: int | None = None) -> bool:
    """Whether ``cache`` holds the solved strategy of ``variant`` (with ``store_cap``, its store strategy).

    ``cache`` is ``True`` for the folder `yamskit advise` fills, a folder, or ``False`` (no disk).
    The levels ask it at every decision of a sheet they play without its strategy, so the
    file's name (which `yamskit.solver.advice.cache_path` works out from the solver's model,
    about 0.6 ms) is kept per rules and only the file system is asked again.

    Examples:
        >>> import yamskit
        >>> on_disk(yamskit.variant("classic"), "/nonexistent"), on_disk(yamskit.variant("classic"), False)
        (False, False)
    """
    from ..solver.advice import cache_directory, cache_path

    if cache is False:
        return False
    folder = cache_directory() if cache is True else Path(cache)
    names = _FILES.get(variant.rules, dict)
    key = (variant.name, str(folder), store_cap)
    if key not in names:
        if len(names) >= 8:  # a few names and folders a rules object: keep the dict small
            names.clear()
        names[key] = cache_path(variant, directory=folder, store_cap=store_cap)
    return names[key].is_file()


def _store_model(variant: ScorecardVariant) -> Any:
    """The expert's store model of the variant (`yamskit.solver.store.StoreModel`), ``None`` where there is none."""
    return _KEYS.get(variant.rules, lambda: _store_model_of(variant))


def _store_model_of(variant: ScorecardVariant) -> Any:
    try:
        from ..solver.store import store_model_of

        return store_model_of(variant, store_cap=EXPERT_STORE_CAP)
    except (RuleConfigError, ImportError):
        return None


def _key(variant: ScorecardVariant) -> str | None:
    """The process cache's key of the variant's store values, ``None`` where the solver cannot solve its store."""
    store = _store_model(variant)
    return None if store is None else f"{store.model.fingerprint}/{store.store_cap}"


def store_ready(variant: Variant, *, time_budget: float, cache: Cache = True) -> bool:
    """Whether the expert's store strategy of ``variant`` is at hand: in this process, in ``cache``, or solved in time.

    ``False`` for a variant that saves no throws, or whose store the solver does not model.

    Examples:
        >>> import yamskit
        >>> store_ready(yamskit.variant("yatzy"), time_budget=1e9)  # no saved throws
        False
        >>> store_ready(yamskit.variant("maxi-yatzy"), time_budget=5.0, cache=False)  # 15 minutes to solve
        False
    """
    if not isinstance(variant, ScorecardVariant) or not variant.rules.saved_throws:
        return False
    store = _store_model(variant)
    if store is None:
        return False
    if _key(variant) in _STORES or on_disk(variant, cache, store_cap=EXPERT_STORE_CAP):
        return True
    from ..solver.space import StateSpace

    seconds = StateSpace.of(store.model).count * (store.chain + 1) / _STORE_STATES_PER_SECOND
    return bool(seconds <= time_budget)


def store_strategy(
    variant: ScorecardVariant, *, cache: Cache = True, progress: Callable[[int, int], None] | None = None
) -> Any:
    """The expert's store strategy of ``variant`` (capped at `EXPERT_STORE_CAP`): kept once in this process.

    Read from ``cache`` (``True``: the folder ``yamskit advise`` fills), else solved in this
    process and saved there; ``cache=False`` solves without the disk. ``progress`` is told how a
    solve goes.

    Raises:
        RuleConfigError: the variant saves no throws, or the solver cannot solve its store.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> v = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], saved_throws=True)
        >>> first = store_strategy(v, cache=False)
        >>> store_strategy(v, cache=False) is first, first.store_cap  # kept; capped at what two rows can save
        (True, 2)
    """
    from ..solver.advice import cached_store_strategy
    from ..solver.store import solve_store

    def solve() -> Any:
        if cache is False:
            return solve_store(variant, store_cap=EXPERT_STORE_CAP, quiet=True, progress=progress)
        folder = None if cache is True else cache
        return cached_store_strategy(
            variant, store_cap=EXPERT_STORE_CAP, directory=folder, quiet=True, progress=progress
        )

    key = _key(variant)
    if key is None:
        raise RuleConfigError(f"yamskit.bots: the solver cannot play {variant.name!r} with a store of saved throws")
    return _STORES.get(key, solve)


@attrs.frozen
class StorePlayer:
    """Plays the solver's store strategy: the option with the highest expected final score (see the module docs).

    Attributes:
        strategy: gives the `yamskit.solver.StoreStrategy`, called at each decision (the
            ``"expert"`` level passes `store_strategy`, which keeps it once in the process).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total, upper
        >>> from yamskit.solver.store import solve_store
        >>> v = yamskit.ScorecardVariant.define("v", rows=[upper(6), Category("chance", total)], saved_throws=True)
        >>> strategy = solve_store(v, store_cap=2)
        >>> StorePlayer(lambda: strategy).choose(v.new_game(seed=1).apply(yamskit.Roll(outcome="66666")))
        Score(row='sixes', column=None)
    """

    strategy: Callable[[], Any] = attrs.field(eq=False)

    def choose(self, state: GameState) -> Action:
        """The strategy's best action in ``state`` (a box rather than a throw on a tie).

        Raises:
            RuleConfigError: ``state`` is not a scorecard game, or the game is over.
            RulesMismatchError: the strategy was solved for other rules.

        Examples:
            >>> import yamskit
            >>> from yamskit.categories import upper
            >>> v = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], saved_throws=True)
            >>> bot = StorePlayer(lambda: store_strategy(v, cache=False))
            >>> bot.choose(v.new_game(seed=1).apply(yamskit.Roll(outcome="66666")))  # all sixes: written
            Score(row='sixes', column=None)
        """
        if not isinstance(state, ScorecardGame):
            raise RuleConfigError(f"a store strategy plays scorecard games, not {type(state).__name__}")
        action: Action = self.strategy().best_action(state)
        return action
