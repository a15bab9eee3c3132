"""Advice for a position, from a solved strategy kept on disk: what ``yamskit advise`` prints.

`cached_strategy` solves a one-column solitaire variant the first time it is asked
for and keeps the table in a cache directory, in a file named by the solver's
fingerprint of the rules (so a changed option or a changed rule never reuses a
stale table). `ranked` lists every legal option with its expected final score and
regret; among options of equal value, writing a box comes before a throw of zero
dice (keeping all five dice only spends a throw). `render_advice` is the text.
Everything here uses numpy (a dependency of yamskit).

Examples:
    >>> import tempfile
    >>> import yamskit
    >>> from yamskit.categories import Category, total, upper
    >>> tiny = yamskit.ScorecardVariant.define("tiny", rows=[upper(6), Category("chance", total)])
    >>> with tempfile.TemporaryDirectory() as cache:
    ...     strategy = cached_strategy(tiny, directory=cache, quiet=True)
    ...     again = cached_strategy(tiny, directory=cache, quiet=True)  # read from the file
    >>> round(again.expected_score(), 4)
    37.3438
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ..actions import Roll, action_id
from ..errors import YamskitError
from ..scorecard.state import ScorecardGame
from ..scorecard.text import table
from ..scorecard.variant import ScorecardVariant
from .store import StoreStrategy
from .strategy import Advice, Strategy

__all__ = ["cache_directory", "cache_path", "cached_store_strategy", "cached_strategy", "ranked", "render_advice"]

#: A strategy the cache keeps: a plain one or a store strategy.
_S = TypeVar("_S", Strategy, StoreStrategy)
#: Expected scores closer than this are a tie.
TIE = 1e-9


def cache_directory() -> Path:
    """Where solved tables are kept: ``$YAMSKIT_CACHE``, else ``$XDG_CACHE_HOME/yamskit``, else ``~/.cache/yamskit``.

    Examples:
        >>> import os
        >>> os.environ["YAMSKIT_CACHE"] = "/tmp/yk"
        >>> str(cache_directory())
        '/tmp/yk'
        >>> del os.environ["YAMSKIT_CACHE"]
    """
    if os.environ.get("YAMSKIT_CACHE"):
        return Path(os.environ["YAMSKIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "yamskit"


def cache_path(
    variant: ScorecardVariant, *, directory: str | os.PathLike[str] | None = None, store_cap: int | None = None
) -> Path:
    """The file `cached_strategy` keeps the solved strategy of ``variant`` in (it may not exist yet).

    With ``store_cap``, the file `cached_store_strategy` keeps the values of a sheet with saved
    throws over a store capped there.

    Raises:
        RuleConfigError: the solver does not model ``variant`` (with ``store_cap``: with its store).

    Examples:
        >>> import yamskit
        >>> cache_path(yamskit.variant("yahtzee"), directory="/tmp/yk").name.startswith("yahtzee-")
        True
        >>> cache_path(yamskit.variant("maxi-yatzy"), directory="/tmp/yk", store_cap=2).name[:18]
        'maxi-yatzy-store2-'
    """
    from .model import model_of

    folder = Path(directory) if directory is not None else cache_directory()
    if store_cap is None:
        return folder / f"{variant.name}-{model_of(variant).fingerprint[:32]}.npz"
    fingerprint = model_of(variant, saved_throws=True).fingerprint
    return folder / f"{variant.name}-store{store_cap}-{fingerprint[:32]}.npz"


def cached_strategy(
    variant: ScorecardVariant,
    *,
    directory: str | os.PathLike[str] | None = None,
    quiet: bool = False,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Strategy:
    """The solved strategy of ``variant``: read from the cache, or solved now and saved there.

    Args:
        variant: a variant the solver models (one-column solitaire scorecard).
        directory: the cache directory (default `cache_directory`).
        quiet: no progress bar while solving.
        processes: processes solving (see `yamskit.solver.solve`).
        progress: called with (states done, states in all) while solving (never for a cached file).

    A cached file that cannot be read (damaged, or written by another format
    version) is solved again and replaced. A cache that cannot be written is not
    an error: the strategy is still returned.

    Raises:
        RuleConfigError: the solver does not model ``variant``.

    Examples:
        >>> import tempfile
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)])
        >>> with tempfile.TemporaryDirectory() as cache:
        ...     print(round(cached_strategy(sixes, directory=cache, quiet=True).expected_score(), 4))
        ...     print([p.suffix for p in Path(cache).iterdir()])
        12.6389
        ['.npz']
    """
    from . import Strategy, solve

    return _read_or_solve(
        cache_path(variant, directory=directory),
        lambda path: Strategy.load(path, variant),
        lambda: solve(variant, quiet=quiet, processes=processes, progress=progress),
    )


def cached_store_strategy(
    variant: ScorecardVariant,
    *,
    store_cap: int,
    directory: str | os.PathLike[str] | None = None,
    quiet: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> StoreStrategy:
    """The values of a sheet with saved throws over a store capped at ``store_cap``: read from the cache, or solved now.

    As `cached_strategy`, for `yamskit.solver.store.solve_store` (its solve runs in this
    process: Maxi Yatzy's store capped at 4 takes about 15 minutes of one core and 4.0 GB,
    its file 3.6 GB). A file that cannot be read is solved again and replaced; a cache that
    cannot be written is not an error.

    Raises:
        RuleConfigError: the variant saves no throws, or the solver cannot solve it with its store.

    Examples:
        >>> import tempfile
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> v = yamskit.ScorecardVariant.define("s", rows=[upper(6), upper(5)], saved_throws=True)
        >>> with tempfile.TemporaryDirectory() as cache:
        ...     first = cached_store_strategy(v, store_cap=1, directory=cache, quiet=True)
        ...     again = cached_store_strategy(v, store_cap=1, directory=cache, quiet=True)  # read from the file
        ...     print([p.name[:8] for p in Path(cache).iterdir()])
        ['s-store1']
        >>> round(again.expected_score(), 4)
        26.3172
    """
    from .store import solve_store

    return _read_or_solve(
        cache_path(variant, directory=directory, store_cap=store_cap),
        lambda path: StoreStrategy.load(path, variant),
        lambda: solve_store(variant, store_cap=store_cap, quiet=quiet, progress=progress),
    )


def _read_or_solve(path: Path, read: Callable[[Path], _S], solve: Callable[[], _S]) -> _S:
    """The strategy read from ``path``; else solved and saved there (a cache that cannot be written is no error).

    A file that cannot be read (damaged, stale, another format) is solved again and
    replaced; the save is whole or not at all, so an interrupted one leaves no partial file.
    """
    if path.is_file():
        try:
            return read(path)
        except (YamskitError, OSError, ValueError, KeyError):
            pass  # damaged or stale: solve again
    strategy = solve()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        strategy.save(path)
    except OSError:
        pass
    return strategy


def _zero_dice_throw(advice: Advice, dice: int) -> bool:
    return isinstance(advice.action, Roll) and len(advice.action.keep) == dice


def ranked(strategy: Strategy | StoreStrategy, state: ScorecardGame) -> tuple[Advice, ...]:
    """Every legal option of ``state``, best first; on a tie a box comes before a throw of zero dice.

    ``strategy`` may be a store strategy (`cached_store_strategy`): its options are rated the
    same way, with the regret against its best.

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import upper
        >>> from yamskit.solver import solve
        >>> sixes = yamskit.ScorecardVariant.define("sixes", rows=[upper(6)])
        >>> game = sixes.new_game(seed=1).apply(yamskit.Roll(outcome="66666"))
        >>> [type(a.action).__name__ for a in ranked(solve(sixes, quiet=True), game)][:2]
        ['Score', 'Roll']
    """
    if isinstance(strategy, StoreStrategy):
        rated = strategy.advise(state)
        top = rated[0][1] if rated else 0.0
        options = tuple(Advice(action, value, top - value) for action, value in rated)
        dice = strategy.store.model.dice.count
    else:
        options = strategy.advise(state)
        dice = strategy.model.dice.count
    if not options:
        return ()
    # The options come best first; a stable sort moves zero-dice throws after the boxes they tie with.
    return tuple(sorted(options, key=lambda a: (a.regret if a.regret > TIE else 0.0, _zero_dice_throw(a, dice))))


def render_advice(state: ScorecardGame, options: tuple[Advice, ...]) -> str:
    """The options as a table: rank, action, expected final score and regret.

    Examples:
        >>> import yamskit
        >>> from yamskit.solver import Advice
        >>> game = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="22555"))
        >>> print(render_advice(game, (Advice(yamskit.Score("full_house"), 250.5, 0.0),)))
        Player 1 to play: dice 22555, throws 1/3
        Rank  Option            Expected  Regret
           1  score full_house    250.50    0.00
    """
    player = state.players[state.current_player]
    head = f"{player} to play: dice {state.dice}, throws {state.turn.throws_used}/{state.turn.max_throws}"
    rows = [["Rank", "Option", "Expected", "Regret"]]
    for rank, option in enumerate(options, start=1):
        rows.append([str(rank), action_id(option.action), f"{option.expected:.2f}", f"{option.regret:.2f}"])
    return "\n".join([head, *table(rows, [True, False, True, True])])
