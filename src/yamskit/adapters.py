"""What the edges need of a family beyond the game protocol: an `EdgeAdapter` the family registers.

The edges of the library (the learning adapters of `yamskit.rl`, the bots of
`yamskit.bots`, the pictures) play every game through the protocol of
`yamskit.game`. A few things they need are not in it: how a state reads as numbers
for a network, what a score is worth, how a strong bot values the end of a turn.
A family says these once, in an `EdgeAdapter`, and registers it for its variant
class with `register` when its package is imported (the built-in families do so in
their ``__init__``). The edges look the adapter up with `adapter_of`, by the class of
the variant they are given, never by its name; a variant whose class (and whose
base classes) registered nothing gets `GENERIC`, whose empty fields mean "use the
generic way": observations of the scores in the `yamskit.Result`, rewards from it,
the generic planning bot.

Every field is optional; a family fills what it can do better than the generic way.
The scorecard engine needs no adapter: the edges read its sheets directly.

Examples:
    >>> import attrs
    >>> @attrs.frozen
    ... class Coins:
    ...     name = "coins"
    >>> adapter_of(Coins()) is GENERIC
    True
    >>> register(Coins, EdgeAdapter(players=(2, 3), reward_scale=lambda variant, players: 50.0))
    >>> adapter_of(Coins()).players
    (2, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Protocol

import attrs

from . import _hooks
from .actions import Action

__all__ = [
    "GENERIC",
    "EdgeAdapter",
    "KeepSearch",
    "Observation",
    "adapter_of",
    "keep_search",
    "register",
    "register_title",
    "title",
]


class KeepSearch(Protocol):
    """The exact keep search of `yamskit.bots.lookahead`, as a family's strategy reads it.

    A strategy (`EdgeAdapter.choose`) values the ends of a turn; the search averages and
    maximises over the exact outcomes of the throws left. The bots register their search
    in the core hook ``yamskit._hooks.SEARCH`` (key ``"keeps"``), loaded on first use, so
    a family's strategy imports no bot.

    Examples:
        >>> from yamskit.bots import lookahead
        >>> search: KeepSearch = lookahead
        >>> callable(search.keep_values_after), callable(search.single_target_values)
        (True, True)
    """

    def keep_values_after(self, stop: Any, *, used: int, max_throws: int, depth: int = ...) -> Any:
        """The value of each keep when the next throw throws the other dice (``stop(used, fresh)``: ends' values)."""
        ...

    def single_target_values(self, targets: Any, *, throws: int, fresh_only: bool = ...) -> Any:
        """For each column of ``targets`` (one row per roll), the expected result of a turn aimed only at it."""
        ...


def keep_search() -> KeepSearch:
    """The keep search the bots register (``yamskit._hooks.SEARCH``, loaded on first use).

    Examples:
        >>> callable(keep_search().keep_values_after)
        True
    """
    found: KeepSearch | None = _hooks.SEARCH.get("keeps")
    if found is None:  # pragma: no cover - the package adds the loader that registers it
        raise RuntimeError("the keep search of yamskit.bots.lookahead is not registered")
    return found


@attrs.frozen(kw_only=True)
class Observation:
    """A family's part of a learning observation: its blocks, their values, and what they read.

    `yamskit.rl.observe` lays out the family's blocks first, then the turn's (dice,
    throws, challenge, player to move), which it builds itself.

    Attributes:
        layout: ``layout(variant, players)``: the family's blocks, in order, as
            ``(name, length)`` pairs.
        values: ``values(state, player)``: the blocks' values, each in ``[0, 1]``, as seen by
            seat ``player`` (players relative to the observer).
        parts: ``parts(state)``: the parts of the state the values read; an observer builds
            the values again only when one of them changes (compared by identity, then by
            equality).

    Examples:
        >>> blocks = Observation(
        ...     layout=lambda variant, players: (("banks", players),),
        ...     values=lambda state, player: [0.0],
        ...     parts=lambda state: (),
        ... )
        >>> blocks.layout(None, 2)
        (('banks', 2),)
    """

    layout: Callable[[Any, int], tuple[tuple[str, int], ...]]
    values: Callable[[Any, int], Sequence[float]]
    parts: Callable[[Any], tuple[Any, ...]]


@attrs.frozen(kw_only=True)
class EdgeAdapter:
    """How the edges play a family: what its variant class registers with `register` (every field optional).

    Attributes:
        players: the fewest and the most players of a game (``None``: the fewest number of
            players, 1 to 8, that ``variant.new_game`` accepts, for both), or a function of
            the variant that gives them.
        observation: the family's blocks of a learning observation (``None``: each side's
            score in ``state.result()``, squashed into ``[0, 1]``).
        reward_scale: ``reward_scale(variant, players)``: the score that is a normalized
            return of 1 (``None``: 1, scores unscaled).
        side_score: ``side_score(state, seat)``: the score ``seat`` plays for, its team's in
            team play, computed faster than the whole result (``None``: from ``state.result()``).
        default_reward: the reward OpenSpiel games use unless told: ``"outcome"`` for games
            won against an opponent (zero-sum), ``"score"`` for games played for points.
        bounds: ``bounds(variant, players)``: the lowest and highest final score and the
            most decisions and throws a game can take (OpenSpiel's utilities and game
            length; ``None``: wide generic bounds).
        choose: ``choose(state, *, depth)``: the strong bot's action in ``state`` (always
            legal), planning ``depth`` throws ahead (``None``: the generic planning bot,
            `yamskit.bots.generic`). A strategy that searches keeps exactly reads the bots'
            `KeepSearch` through ``yamskit._hooks.SEARCH``, so it imports no bot.
        solitaire: ``solitaire(variant, *, folder, time_budget, progress)``: a player
            (anything with ``choose(state)``) that plays the variant's one-player game exactly,
            for the ``"expert"`` and ``"perfect"`` levels; ``None`` where the variant has none, or
            where what it plays by is neither kept in this process nor in ``folder`` and its solve
            would take more than ``time_budget`` seconds (the field itself ``None``: no family
            player at all). ``folder`` is where it may keep what it solves (``None``: nowhere), and
            ``progress(done, total)`` is told how a solve goes; the player solves on its first
            decision, not when it is made.
        versus: ``versus(variant, *, fallback, decision_time)``: the family's player for the
            ``"expert"`` level in games with opponents (anything with ``choose(state)``),
            playing as ``fallback`` (the ``"hard"`` bot) wherever it has nothing better and
            searching within ``decision_time`` seconds a decision; ``None`` (the field, or
            what it returns) where the family has none: the expert then checks hard's moves
            by rollouts.
        rungs: ``rungs(variant, with_opponents)``: the levels below the expert the family
            sets on rungs of their own, as a mapping of ``"easy"``, ``"medium"`` or
            ``"hard"`` to a rung from 0 to 3 (`yamskit.bots.rungs`: 0 random play, 1 the
            greedy bot, 2 the one-throw bot, 3 the strong bot; 1.5 plays half its turns as
            each of the bots around it), for a game alone (``with_opponents`` false) or with
            opponents; ``None`` (the field) or a level left out: the level's own bot. For a
            family whose best players stand too close for each level to differ from the
            next: Yamslam with opponents ``{"hard": 2.6}``; Yam Master ``{"hard": 2,
            "medium": 1.5}`` (the docs' explanation "How strong are the bots" says why).

    Examples:
        >>> EdgeAdapter(players=(2, 2), default_reward="outcome").default_reward
        'outcome'
    """

    players: tuple[int, int] | Callable[[Any], tuple[int, int]] | None = None
    observation: Observation | None = None
    reward_scale: Callable[[Any, int], float] | None = None
    side_score: Callable[[Any, int], int] | None = None
    default_reward: Literal["score", "outcome"] = "score"
    bounds: Callable[[Any, int], tuple[float, float, int]] | None = None
    choose: Callable[..., Action] | None = None
    solitaire: Callable[..., Any] | None = None
    versus: Callable[..., Any] | None = None
    rungs: Callable[[Any, bool], Mapping[str, float]] | None = None


#: The adapter of a variant whose class registered none: every field empty (the generic ways).
GENERIC = EdgeAdapter()

_ADAPTERS: dict[type, EdgeAdapter] = {}
_TITLES: dict[str, str] = {}


def register(variant_class: type, adapter: EdgeAdapter) -> None:
    """Give the variants of ``variant_class`` (and of its subclasses) ``adapter`` (replacing any earlier one).

    A family calls it when its package is imported; a plug-in family, beside its own
    ``yamskit.register_variant``.

    Examples:
        >>> class Pebbles:
        ...     name = "pebbles"
        >>> register(Pebbles, EdgeAdapter(default_reward="outcome"))
        >>> adapter_of(Pebbles()).default_reward
        'outcome'
    """
    _ADAPTERS[variant_class] = adapter


def adapter_of(variant: object) -> EdgeAdapter:
    """The adapter registered for ``variant``'s class or its nearest base class, else `GENERIC`.

    Examples:
        >>> import yamskit
        >>> adapter_of(yamskit.variant("yam-master")).default_reward
        'outcome'
        >>> adapter_of(yamskit.variant("classic")) is GENERIC  # the edges read sheets themselves
        True
    """
    for cls in type(variant).__mro__:
        found = _ADAPTERS.get(cls)
        if found is not None:
            return found
    return GENERIC


def register_title(name: str, title: str) -> None:
    """Show the variant registered as ``name`` as ``title`` (its name on its rule sheet) in pictures.

    A family registers the titles of its variants beside their registry names.

    Examples:
        >>> register_title("pebbles", "Pebble Pool")
        >>> title("pebbles")
        'Pebble Pool'
    """
    _TITLES[name] = title


def title(name: str) -> str:
    """The title registered for the variant named ``name`` (`register_title`), else the name itself.

    Examples:
        >>> import yamskit
        >>> _ = yamskit.variant("yam-master")  # its family registers its title when it loads
        >>> title("yam-master"), title("my-own-yams")
        ('Yam Master', 'my-own-yams')
    """
    return _TITLES.get(name, name)
