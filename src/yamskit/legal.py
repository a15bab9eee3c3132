"""The legal actions of a state as a lazy sequence (`LegalActions`), in the python-chess manner.

Examples:
    >>> import yamskit
    >>> actions = yamskit.variant("classic").new_game(seed=1).legal_actions()
    >>> len(actions), yamskit.Roll(outcome="66666") in actions
    (1, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from .actions import Action

__all__ = ["LegalActions"]


class LegalActions(Sequence[Action]):
    """A lazy view of the legal actions of a state, in the python-chess manner.

    Membership (``action in view``) asks the state whether that one action is legal,
    without listing the others; iterating lists them, once, on demand. Throws are
    listed with ``outcome=None`` (faces from the seed); a throw with explicit faces
    is still ``in`` the view when it is legal.

    Examples:
        >>> import yamskit
        >>> game = yamskit.variant("classic").new_game(players=["Ann"], seed=3)
        >>> list(game.legal_actions())
        [Roll(keep=Dice.parse(''), outcome=None)]
        >>> yamskit.Roll(outcome="66666") in game.legal_actions()
        True
    """

    __slots__ = ("_cache", "_generate", "_is_legal")

    def __init__(self, generate: Callable[[], Iterable[Action]], is_legal: Callable[[Action], bool]) -> None:
        self._generate = generate
        self._is_legal = is_legal
        self._cache: tuple[Action, ...] | None = None

    def _actions(self) -> tuple[Action, ...]:
        cache = self._cache
        if cache is None:  # (a tuple from the state is kept as it is)
            cache = self._cache = tuple(self._generate())
        return cache

    def __contains__(self, action: object) -> bool:
        try:
            return self._is_legal(action)  # type: ignore[arg-type]
        except (TypeError, AttributeError):
            return False

    def __iter__(self) -> Iterator[Action]:
        cache = self._cache  # (`_actions`, inlined: ``list(view)`` asks the length, then iterates)
        return iter(cache if cache is not None else self._actions())

    def __len__(self) -> int:
        cache = self._cache
        return len(cache if cache is not None else self._actions())

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        return self._actions()[index]

    def __bool__(self) -> bool:
        return bool(self._actions())

    def __repr__(self) -> str:
        return f"<LegalActions {list(self._actions())!r}>"
