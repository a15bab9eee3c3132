"""How Yamslam's actions read as text: ``take full house``, ``take flush from discard``, ``pass``.

A chip is named by its id or label in any case and spacing (``full house``,
``Full-House``, ``full_house``) or by its French name (`FRENCH_CHIPS`); the verb
``take`` (also ``prendre``) may be left out. ``from discard`` (also ``discard``,
``défausse``) takes it from the discard pile, which only a Yamslam may do; without it
the chip comes from the rack, or from the pile when only the pile has one that may be
taken now.

The short form (`short`) is ``take`` and the chip's words, with ``from discard`` only
where the rack's chip of that kind may be taken too. The grammar is in
``docs/reference/action-text/``.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    >>> g = g.apply(yamskit.Roll(outcome="22335"))
    >>> g.parse_action("Deux paires"), g.action_text(yamskit.TakeChip("two_pairs"))
    (TakeChip(kind='two_pairs', from_discard=False), 'take two pairs')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...action_text import ActionWords, lookup, words_of
from ...actions import Action, TakeChip
from .chips import CHIP_NAMES
from .game import YamslamGame

__all__ = ["FRENCH_CHIPS", "WORDS", "read", "short"]

#: French names of the chips (in `yamskit.names.normalize` form).
FRENCH_CHIPS: dict[str, str] = {
    "deux_paires": "two_pairs",
    "double_paire": "two_pairs",
    "brelan": "three_of_a_kind",
    "petite_suite": "small_straight",
    "couleur": "flush",
    "full": "full_house",
    "carre": "four_of_a_kind",
    "grande_suite": "large_straight",
}

_TAKE = frozenset({"take", "takes", "took", "prendre", "prend", "prends", "chip", "jeton"})
_DISCARD: tuple[tuple[str, ...], ...] = (
    ("from", "the", "discard", "pile"),
    ("from", "discard"),
    ("discard",),
    ("from", "the", "discard"),
    ("de", "la", "defausse"),
    ("defausse",),
    ("dans", "la", "defausse"),
)


def read(state: YamslamGame, words: tuple[str, ...]) -> Action | None:
    """The TakeChip the words name, or ``None`` if they name no chip.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
        >>> g = g.apply(yamskit.Roll(outcome="13555"))
        >>> read(g, ("prendre", "le", "brelan")), read(g, ("take", "flush", "from", "discard"))
        (TakeChip(kind='three_of_a_kind', from_discard=False), TakeChip(kind='flush', from_discard=True))
    """
    if words[0] in _TAKE:
        words = words[1:]
    discard = False
    for tail in _DISCARD:
        if len(words) > len(tail) and words[-len(tail) :] == tail:
            words, discard = words[: -len(tail)], True
            break
    if words and words[0] in ("the", "a", "le", "la", "un"):
        words = words[1:]
    kind = lookup(CHIP_NAMES, words, FRENCH_CHIPS)
    if kind is None:
        return None
    if discard:
        return TakeChip(kind, from_discard=True)
    rack, pile = TakeChip(kind), TakeChip(kind, from_discard=True)
    return pile if not state.is_legal(rack) and state.is_legal(pile) else rack


def short(state: YamslamGame, action: Action, legal: Sequence[Action]) -> str:
    """The short text of a legal TakeChip: ``take KIND``, with ``from discard`` where the rack's may be taken too.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
        >>> g = g.apply(yamskit.Roll(outcome="55555"))
        >>> legal = list(g.legal_actions())
        >>> short(g, yamskit.TakeChip("flush"), legal)
        'take flush'
    """
    assert isinstance(action, TakeChip)
    kind = CHIP_NAMES.resolve(action.kind)
    text = f"take {words_of(kind)}"
    if action.from_discard and TakeChip(kind) in legal:
        return f"{text} from discard"
    return text


#: Yamslam's part of the action text (`yamskit.action_text.ActionWords`).
WORDS = ActionWords(read=read, short=short)
