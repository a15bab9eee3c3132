"""Action text: actions as words, read back by a state, and the short form a state writes.

Every action has one **canonical text**, ``str(action)``, a pure function of its fields
(``"keep 55 roll"``, ``"score full_house down"``, ``"place 2,3"``, ``"take flush"``).
A state reads text back with ``state.parse_action(text)`` and writes the **short form**
with ``state.action_text(action)``: only as many words as that state needs to tell the
action from the other legal ones, as chess's SAN does (``"full house"`` where one column
can take it, ``"full house down"`` where several can).

This module holds what every variant shares, written once and assigned in each state
class's body (``parse_action = state_parse_action``): the bounds on the input, the words,
throws (``keep 55 roll 123``), passes and challenges, the error with its hint. Each
family says how its own actions read through an `ActionWords` value, the state class's
``action_words``: ``yamskit.scorecard.action_text``, ``yamskit.variants.yam_master.action_text``,
``yamskit.variants.yamslam.action_text``. ``docs/reference/action-text/`` gives the grammar.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    >>> g = g.apply(g.parse_action("roll 22555"))
    >>> g.parse_action("Full House"), g.action_text(yamskit.Score("full_house"))
    (Score(row='full_house', column=None), 'full house')
    >>> g.parse_action("keep 555")
    Roll(keep=Dice.parse('555'), outcome=None)
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from .actions import Action, DeclareChallenge, Pass, Roll
from .dice import MAX_DICE, NUM_DICE, Dice
from .errors import IllegalActionError, NotationError, YamskitError, brief
from .game import GameState
from .names import Names, normalize

__all__ = [
    "MAX_LENGTH",
    "ActionWords",
    "ambiguous",
    "lookup",
    "read_roll",
    "roll_text",
    "split_words",
    "state_action_text",
    "state_parse_action",
    "words_of",
]

#: The longest action text read, in characters (longer text is refused before any work).
MAX_LENGTH = 200

#: Characters that separate words, besides white space.
_SEPARATORS = re.compile(r"[\s,;:()\[\]{}'\"!?/|*]+")
_DIGITS = re.compile(r"[0-9]+")

_KEEP = frozenset({"keep", "keeps", "kept", "keeping", "k", "hold", "held", "garder", "garde", "gardes", "gardé"})
_ROLL = frozenset(
    {"roll", "rolls", "rolled", "r", "throw", "throws", "threw", "thrown", "reroll", "rerolled", "lancer", "lance"}
    | {"relancer", "relance", "jeter", "jette", "rejeter"}
)
_FILLER = frozenset({"and", "then", "et", "puis", "the", "les", "le", "la", "rest", "others", "reste", "dice", "des"})
_ALL = frozenset({"all", "tout", "tous"})
_PASS = ("pass",), ("passer",), ("je", "passe"), ("i", "pass"), ("passe",)
_CHALLENGE = ("challenge",), ("declare", "challenge"), ("defi",), ("declare", "defi"), ("declarer", "defi")


@attrs.frozen
class ActionWords:
    """How a family's own actions (all but throws, passes and challenges) read and shorten.

    A state class without ``action_words`` (a plug-in's) still reads every legal action's
    canonical text, and writes it as its short form.

    Attributes:
        read: ``read(state, words)``: the action the words name (ids resolved), or ``None``
            when they name none of this family's actions; raises `NotationError` (a name
            that fits several legal actions, say) with the reason.
        short: ``short(state, action, legal)``: the short text of a legal action, given the
            state's legal actions; `state_parse_action` must read it back as that action.

    Examples:
        >>> words = ActionWords(read=lambda state, words: None, short=lambda state, action, legal: str(action))
        >>> words.short(None, Pass(), ())
        'pass'
    """

    read: Callable[[Any, tuple[str, ...]], Action | None]
    short: Callable[[Any, Action, Sequence[Action]], str]


def split_words(text: object) -> tuple[str, ...]:
    """The words of an action text: accents dropped, case-folded, split at spaces and punctuation.

    Raises:
        NotationError: not a string, longer than `MAX_LENGTH`, a control character, no word.

    Examples:
        >>> split_words("  Keep 5,5 — ROLL ")
        ('keep', '5', '5', '—', 'roll')
        >>> split_words("Carré (défi)")
        ('carre', 'defi')
    """
    if not isinstance(text, str):
        raise NotationError(f"an action text is a string, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"an action text of {len(text)} characters is longer than {MAX_LENGTH}")
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and not ch.isspace():
            raise NotationError(f"an action text holds the control character {brief(ch)}")
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    words = tuple(word for word in _SEPARATORS.split(plain) if word)
    if not words:
        raise NotationError("an empty action text: name an action, e.g. 'roll'")
    return words


def words_of(text: str) -> str:
    """An id or a label as the words of a text: ``"full_house"`` -> ``"full house"``.

    Examples:
        >>> words_of("full_house"), words_of("Carré")
        ('full house', 'carré')
    """
    return " ".join(text.replace("_", " ").split()).lower()


def lookup(table: Names, words: Sequence[str], extra: dict[str, str] | None = None) -> str | None:
    """The id ``words`` name in ``table`` (ids, labels, aliases), or in ``extra``; ``None`` if none.

    ``extra`` maps more spellings (in `yamskit.names.normalize` form) to names, such as
    French names to classic's ids; the name it gives is read through ``table`` (so a sheet
    whose rows declare ``"fours"`` as an alias reads ``"4s"`` as its own row), and one
    ``table`` does not know is ignored.

    Examples:
        >>> from yamskit.names import Name
        >>> rows = Names("row", [Name("full_house"), Name("chance")])
        >>> lookup(rows, ("full", "house")), lookup(rows, ("full",), {"full": "full_house"}), lookup(rows, ("x",))
        ('full_house', 'full_house', None)
        >>> lookup(Names("row", [Name("vierer", aliases=("fours",))]), ("4s",), {"4s": "fours"})
        'vierer'
    """
    if not words:
        return None
    key = normalize("_".join(words))
    if key in table:
        return table.resolve(key)
    target = extra.get(key) if extra is not None else None
    if target is not None and target in table:
        return table.resolve(target)
    return None


def _dice(words: Sequence[str]) -> Dice | None:
    """The dice the digits name, up to `MAX_DICE` of them (a game refuses more than its own count)."""
    digits = "".join(words)
    if not digits or len(digits) > MAX_DICE or not (digits.isascii() and digits.isdigit()):
        return None
    try:
        return Dice.parse(digits)
    except YamskitError:
        return None


def read_roll(words: Sequence[str]) -> Roll | None:
    """The throw the words name, or ``None`` if they do not read as a throw.

    Reads ``roll``, ``keep 55``, ``keep 55 roll``, ``keep 55 roll 123``, ``roll 12345``,
    ``55 kept, rolled 123`` and their French words (``garder``, ``lancer``, ``relancer``).
    Up to `yamskit.dice.MAX_DICE` digits are read for the kept dice and for the dice thrown,
    whatever the game: the game refuses more dice than it throws, naming its count
    (`yamskit.errors.DiceCountError`).

    Examples:
        >>> read_roll(("keep", "5", "5", "roll", "123"))
        Roll(keep=Dice.parse('55'), outcome=Dice.parse('123'))
        >>> read_roll(("roll",)), read_roll(("full", "house"))
        (Roll(keep=Dice.parse(''), outcome=None), None)
        >>> read_roll(("roll", "123456"))
        Roll(keep=Dice.parse(''), outcome=Dice.parse('123456'))
    """
    keep: list[str] = []
    outcome: list[str] = []
    seen_roll = seen_keep = nothing = False
    pending: list[str] = []  # digits before their verb (``55 kept``)
    target: list[str] | None = None
    for word in words:
        if word in _KEEP:
            if seen_keep:
                return None
            seen_keep, target = True, keep
            keep.extend(pending)
            pending = []
        elif word in _ROLL:
            if seen_roll:
                return None
            seen_roll, target = True, outcome
            if pending:
                keep.extend(pending)  # ``55 roll`` keeps the 55
                pending = []
        elif _DIGITS.fullmatch(word):
            (pending if target is None else target).append(word)
        elif word == "-" and target is outcome and not outcome:
            nothing = True
        elif word not in _FILLER and word not in _ALL:
            return None
    if pending or not (seen_roll or seen_keep):
        return None
    kept = _dice(keep) if keep else Dice()
    thrown = _dice(outcome) if outcome else None
    if kept is None or (outcome and thrown is None) or (seen_keep and not keep) or (nothing and outcome):
        return None
    if nothing:
        thrown = Dice()
    return Roll(keep=kept, outcome=thrown)


def roll_text(action: Roll) -> str:
    """The short text of a throw: ``roll``, ``keep 55``, ``roll 12345``, ``keep 55 roll 123``.

    Examples:
        >>> roll_text(Roll(keep="55")), roll_text(Roll(keep="55", outcome="123"))
        ('keep 55', 'keep 55 roll 123')
    """
    if action.outcome is None:
        return f"keep {action.keep}" if len(action.keep) else "roll"
    return str(action)


def ambiguous(text: str, choices: Iterable[str]) -> NotationError:
    """The error for a text that names several legal actions.

    Examples:
        >>> str(ambiguous("full house", ["full house down", "full house free"]))
        "'full house' could be 'full house down' or 'full house free': say which"
    """
    return NotationError(f"{text!r} could be {' or '.join(repr(c) for c in choices)}: say which")


def _words(state: GameState) -> ActionWords | None:
    """How the state's family reads its own actions: its variant's ``action_words``, when it has them."""
    words: ActionWords | None = getattr(state.variant, "action_words", None)  # (an optional member of a variant)
    return words


def _short(state: GameState, action: Action, legal: Sequence[Action]) -> str:
    if isinstance(action, Roll):
        return roll_text(action)
    if isinstance(action, (Pass, DeclareChallenge)):
        return str(action)
    words = _words(state)
    return words.short(state, action, legal) if words is not None else str(action)


def _hint(state: GameState, text: str, legal: Sequence[Action]) -> str:
    """``; did you mean ...?`` with the nearest legal actions (or some of them)."""
    if not legal:
        return ""
    shown: dict[str, None] = {}
    for action in sorted(legal, key=lambda a: isinstance(a, Roll)):  # the family's actions first
        shown.setdefault(_short(state, action, legal))
    candidates = list(shown)
    key = " ".join(text.split()).casefold()[:MAX_LENGTH]
    near = difflib.get_close_matches(key, candidates, n=3, cutoff=0.5)
    if near:
        return "; did you mean " + " or ".join(repr(n) for n in near) + "?"
    more = f" ... ({len(candidates)} in all)" if len(candidates) > 6 else ""
    return "; legal now: " + ", ".join(repr(c) for c in candidates[:6]) + more


def _dice_count(state: Any) -> int:
    """How many dice ``state``'s game throws (its turn's count; five for a state without one)."""
    count = getattr(getattr(state, "turn", None), "dice_count", NUM_DICE)
    return count if type(count) is int else NUM_DICE


def _too_many_dice(state: Any, words: Sequence[str], shown: str) -> None:
    """Refuse a run of digits longer than the game's dice (and than any `Dice`), naming the count."""
    run = longest = 0
    for word in words:
        run = run + len(word) if _DIGITS.fullmatch(word) else 0
        longest = max(longest, run)
    count = _dice_count(state)
    if longest > max(count, MAX_DICE):
        raise NotationError(
            f"cannot read {brief(shown)}: it names {longest} dice, and this game throws {count}"
            f"{_hint(state, shown, list(state.legal_actions()))}"
        )


def state_parse_action(self: Any, text: str) -> Action:
    """The legal action ``text`` names in this state: its canonical text, its short form, or a variant of them.

    Case, accents, spaces, ids, labels and aliases (French names too) are all read; a
    name that fits several legal actions must say which (``full house down``).

    Raises:
        NotationError: text that names no legal action now, or several; the message
            gives the reason and the nearest legal actions. Dice of another count than the
            game's are read, then refused with the count the game throws.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("challenge").new_game(players=["Ann"], seed=1)
        >>> g = g.apply(g.parse_action("ROLL 22555"))
        >>> g.parse_action("Ones descending"), g.parse_action("scratch yams dry")
        (Score(row='ones', column='down'), Scratch(row='yams', column='dry'))
        >>> g.parse_action("full hose")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        NotationError: cannot read 'full hose' as an action; did you mean 'full house down'?
        >>> g.parse_action("keep 22 roll 5555")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        NotationError: 'keep 22 roll 5555' reads as 'keep 22 roll 5555', but challenge throws 5 dice, not 6 (225555)
    """
    words = split_words(text)
    if self.is_over:
        raise NotationError(f"the game is over: {brief(text)} names no action")
    shown = " ".join(words)
    action: Action | None = read_roll(words)
    if action is None and words in _PASS:
        action = Pass()
    elif action is None and words in _CHALLENGE:
        action = DeclareChallenge()
    family = _words(self)
    try:
        if action is None and family is not None:
            action = family.read(self, words)
    except NotationError as error:
        raise NotationError(f"{error}{_hint(self, shown, list(self.legal_actions()))}") from None
    if action is None:  # a family without words of its own (a plug-in's): the canonical texts
        action = next((a for a in self.legal_actions() if split_words(str(a)) == words), None)
    if action is None:
        _too_many_dice(self, words, shown)
        hint = _hint(self, shown, list(self.legal_actions()))
        raise NotationError(f"cannot read {brief(shown)} as an action{hint}")
    if not self.is_legal(action):
        try:
            self.check(action)
            reason = "it is not legal now"
        except YamskitError as error:
            reason = str(error)
        hint = _hint(self, shown, list(self.legal_actions()))
        raise NotationError(f"{brief(shown)} reads as {brief(str(action))}, but {reason}{hint}")
    return action


def state_action_text(self: Any, action: Action) -> str:
    """The short text of a legal ``action``: no more words than this state needs to tell it apart.

    ``parse_action`` reads it back as the same action.

    Raises:
        IllegalActionError: the action is not legal in this state (the specific subclass,
            its message saying so before the rule's).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("challenge").new_game(players=["Ann"], seed=1)
        >>> g.action_text(yamskit.Roll())
        'roll'
        >>> g = g.apply(yamskit.Roll(outcome="22555"))
        >>> g.action_text(yamskit.Score("full_house", "disorder")), g.action_text(yamskit.Roll(keep="555"))
        ('full house disorder', 'keep 555')
    """
    try:
        self.check(action)
    except IllegalActionError as error:  # say that it is about the text, then why
        raise type(error)(f"{action} is not legal now, so it has no short text here: {error}") from None
    if isinstance(action, (Roll, Pass, DeclareChallenge)):
        return _short(self, action, ())
    return _short(self, action, list(self.legal_actions()))
