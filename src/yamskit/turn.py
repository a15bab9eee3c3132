"""Turn: the throws of one player's turn and the facts variants ask about them.

A `Turn` records every throw (which dice were kept, which faces the thrown
dice showed), so a variant can ask: is this the first throw (a *sec* in Yam Master
and Competitive Yams)? were all five dice thrown together in the last throw (the
*dry* column of Yams Challenge)? was a challenge declared before the second throw
(a *défi*)? how many throws were used (the *turbo* column)?

Examples:
    >>> from yamskit import Dice
    >>> turn = Turn.start().throw(Dice.of(), Dice.parse("23556"))
    >>> turn.dice, turn.is_first_throw, turn.all_dice_thrown
    (Dice.parse('23556'), True, True)
    >>> turn = turn.throw(Dice.parse("55"), Dice.parse("124"))
    >>> turn.dice, turn.throws_used, turn.all_dice_thrown
    (Dice.parse('12455'), 2, False)
"""

from __future__ import annotations

import math
from fractions import Fraction

import attrs

from ._cache import cached
from ._fast import replacer
from .actions import DiceLike, Roll, to_dice
from .dice import MAX_DICE, NUM_DICE, Dice, DiceStream, interned, keep_index, outcome_probabilities
from .errors import (
    DiceCountError,
    IllegalActionError,
    InvalidDiceError,
    KeepError,
    MustRollFirstError,
    ThrowLimitError,
    ThrowOutcomeError,
    brief,
)

__all__ = ["MAX_SAVED", "Throw", "Turn", "roll_dice", "throw_outcomes", "thrown_parts"]


@attrs.frozen
class Throw:
    """One throw: the dice kept back and the faces the thrown dice showed.

    Examples:
        >>> Throw(kept=Dice.parse("55"), rolled=Dice.parse("124")).dice
        Dice.parse('12455')
    """

    kept: Dice
    rolled: Dice
    #: All the dice showing after this throw (computed once).
    dice: Dice = attrs.field(init=False, eq=False, repr=False)
    #: The position of the dice among the rolls of their count (computed once): ``dice.index`` in
    #: `yamskit.dice.ROLLS` for five dice, ``dice_tables(n).roll_index(dice.faces)`` for ``n`` dice.
    index: int = attrs.field(init=False, eq=False, repr=False)

    @dice.default
    def _all_dice(self) -> Dice:
        return self.kept + self.rolled

    @index.default
    def _roll_index(self) -> int:
        dice = self.dice
        if len(dice.faces) == NUM_DICE:
            return dice.index
        # the keeps of every count share one order, by size: the rolls of n dice start after C(n + 5, 6) keeps
        return keep_index(dice.faces) - math.comb(len(dice.faces) + 5, 6)

    @property
    def all_dice(self) -> bool:
        """Whether all the dice were thrown together (nothing kept)."""
        return len(self.kept) == 0


def _check_max_throws(_instance: object, _attribute: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= 10:
        raise InvalidDiceError(f"a turn allows 1 to 10 throws, not {brief(value)}")


#: The most throws a player's store may hold (a bound for saves and positions, far above any real game's).
MAX_SAVED = 10_000


def _check_saved(_instance: object, _attribute: object, value: int) -> None:
    if type(value) is not int or not 0 <= value <= MAX_SAVED:
        raise InvalidDiceError(f"a turn may spend 0 to {MAX_SAVED} saved throws, not {brief(value)}")


def _check_dice(_instance: object, _attribute: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= MAX_DICE:
        raise InvalidDiceError(f"a turn throws 1 to {MAX_DICE} dice, not {brief(value)}")


@attrs.frozen
class Turn:
    """The state of one turn: its throws so far, the limit, a challenge flag, and how many dice it throws.

    In a game with saved throws (Maxi Yatzy) the turn also knows ``saved``: the throws the
    player has stored from earlier turns, which this turn may spend one by one beyond its
    ``max_throws``. `saved_after` is what the store holds once the turn ends.

    Examples:
        >>> Turn.start(max_throws=2).throws_left
        2
        >>> Turn.start(max_throws=2, dice=3).throw(Dice(), Dice.parse("356")).dice
        Dice.parse('356')
        >>> Turn.start(saved=2).throws_left, Turn.start(saved=2).throw(Dice(), Dice.parse("12345")).saved_after
        (5, 4)
    """

    max_throws: int = attrs.field(default=3, validator=_check_max_throws)
    throws: tuple[Throw, ...] = ()
    challenge: bool = False
    #: How many dice a full throw has (1 to `yamskit.dice.MAX_DICE`; five in the seed games).
    dice_count: int = attrs.field(default=NUM_DICE, validator=_check_dice, kw_only=True)
    #: Stored throws from earlier turns this turn may spend beyond ``max_throws`` (0 without saved throws).
    saved: int = attrs.field(default=0, validator=_check_saved, kw_only=True)

    @classmethod
    def start(cls, *, max_throws: int = 3, dice: int = NUM_DICE, saved: int = 0) -> Turn:
        """A fresh turn before its first throw, of ``max_throws`` throws of ``dice`` dice (and ``saved`` stored ones).

        Examples:
            >>> Turn.start().has_thrown, Turn.start(dice=6).dice_count, Turn.start(saved=4).saved
            (False, 6, 4)
        """
        if (
            cls is Turn
            and dice == NUM_DICE
            and saved == 0
            and type(max_throws) is int
            and 1 <= max_throws <= len(_STARTS)
        ):
            return _STARTS[max_throws - 1]
        return cls(max_throws=max_throws, dice_count=dice, saved=saved)

    @property
    def throws_used(self) -> int:
        """How many throws were made."""
        return len(self.throws)

    @property
    def throws_left(self) -> int:
        """How many throws remain (the turn's own and the stored ones it may still spend)."""
        return self.max_throws + self.saved - len(self.throws)

    @property
    def spent(self) -> int:
        """How many stored throws this turn has spent: the throws made beyond ``max_throws``.

        Examples:
            >>> turn = Turn.start(max_throws=1, saved=2).throw(Dice(), Dice.parse("12345"))
            >>> turn.spent, turn.throw(Dice(), Dice.parse("12345")).spent
            (0, 1)
        """
        return max(0, len(self.throws) - self.max_throws)

    @property
    def saved_after(self) -> int:
        """What the player's store holds once this turn ends: the stored throws not spent, plus the turn's unused ones.

        Never negative: a turn throws at most ``max_throws + saved`` times. Only games with
        saved throws keep it (`yamskit.scorecard.ScorecardGame.saved_throws`).

        Examples:
            >>> Turn.start().throw(Dice(), Dice.parse("12345")).saved_after
            2
        """
        return self.saved + self.max_throws - len(self.throws)

    @property
    def has_thrown(self) -> bool:
        """Whether at least one throw was made (so there are dice to score)."""
        return bool(self.throws)

    @property
    def dice(self) -> Dice:
        """The dice showing (empty before the first throw)."""
        return self.throws[-1].dice if self.throws else Dice()

    @property
    def kept(self) -> Dice:
        """The dice that were kept back in the last throw."""
        return self.throws[-1].kept if self.throws else Dice()

    @property
    def is_first_throw(self) -> bool:
        """Whether exactly one throw was made (the dice are a first-throw result)."""
        return len(self.throws) == 1

    @property
    def all_dice_thrown(self) -> bool:
        """Whether the dice showing came from one throw of all the dice."""
        return bool(self.throws) and self.throws[-1].all_dice

    def check_throw(self, keep: Dice, outcome: Dice | None = None, *, game: str = "this game") -> None:
        """Raise the error that throwing now, keeping ``keep``, would break; or nothing.

        ``game`` names the game in the message of a `DiceCountError`.

        Raises:
            DiceCountError: ``keep`` or ``outcome`` has more dice than the turn throws.
            ThrowLimitError: no throw is left.
            KeepError: ``keep`` is not among the dice, or dice are kept on the first throw.
            ThrowOutcomeError: ``outcome`` does not have ``dice_count - len(keep)`` dice.

        Examples:
            >>> Turn.start().check_throw(Dice.parse("666666"), game="classic")
            Traceback (most recent call last):
            ...
            yamskit.errors.DiceCountError: classic throws 5 dice, not 6 (666666)
        """
        count = self.dice_count
        for given in (keep, outcome):
            if given is not None and len(given.faces) > count:
                raise DiceCountError(f"{game} throws {count} dice, not {len(given.faces)} ({given})")
        throws = self.throws
        if len(throws) >= self.max_throws + self.saved:
            stored = f" and {self.saved} saved" if self.saved else ""
            raise ThrowLimitError(f"no throw left: this turn allows {self.max_throws} throws{stored}")
        if not throws:
            if len(keep) != 0:
                raise KeepError(f"cannot keep {keep} before the first throw: there are no dice yet")
        elif not keep.issubset(throws[-1].dice):
            raise KeepError(f"cannot keep {keep}: the dice showing are {self.dice}")
        if outcome is not None and len(outcome) + len(keep) != count:
            raise ThrowOutcomeError(
                f"the throw shows {len(outcome)} dice ({outcome}) but {count - len(keep)} "
                f"were thrown (keeping {len(keep)})"
            )

    def throw(self, keep: Dice, outcome: Dice) -> Turn:
        """The turn after throwing all dice but ``keep`` and seeing ``outcome``.

        Examples:
            >>> Turn.start().throw(Dice(), Dice.parse("11111")).dice.total
            5
        """
        self.check_throw(keep, outcome)
        return self.thrown(keep, outcome)

    def thrown(self, keep: Dice, outcome: Dice) -> Turn:
        """`throw` without its checks, for callers that have checked the throw already.

        Examples:
            >>> Turn.start().thrown(Dice(), Dice.parse("12345")).throws_used
            1
        """
        return self.with_throw(thrown_parts(keep, outcome)[1])

    def with_throw(self, throw: Throw) -> Turn:
        """This turn with ``throw`` appended, without checks (see `thrown`).

        Examples:
            >>> Turn.start().with_throw(thrown_parts(Dice(), Dice.parse("12345"))[1]).dice
            Dice.parse('12345')
        """
        return _thrown_turn(self, (*self.throws, throw))  # the caller checked the throw

    def declare_challenge(self) -> Turn:
        """The turn after declaring a challenge (a *défi*): only between the first and second throw.

        Examples:
            >>> Turn.start().throw(Dice(), Dice.parse("12346")).declare_challenge().challenge
            True
        """
        if not self.throws:
            raise MustRollFirstError("a challenge is declared after the first throw, not before it")
        if len(self.throws) != 1 or self.challenge:
            raise IllegalActionError("a challenge can only be declared once, between the first and second throw")
        return attrs.evolve(self, challenge=True)

    @property
    def challenge_met(self) -> bool:
        """Whether a declared challenge may be claimed now: declared, and on the 2nd or 3rd throw."""
        return self.challenge and len(self.throws) >= 2


#: The fresh turn of each throw limit (turns are values, so one object serves every game).
_STARTS: tuple[Turn, ...] = tuple(Turn(max_throws=n) for n in range(1, 11))  # of five dice
#: A turn with one more throw, without the checks (see `yamskit._fast.replacer`).
_thrown_turn = replacer(Turn, "throws")


@cached("throws: shared Roll and Throw", size=1 << 13, key="the kept and the thrown dice")
def thrown_parts(keep: Dice, rolled: Dice) -> tuple[Roll, Throw]:
    """The throw keeping ``keep`` that showed ``rolled``, as the `Roll` a history records and the `Throw` of a turn.

    Both are values, so they are made once per pair of dice and shared, from the shared
    (interned) dice: a game's throws make a few thousand pairs in all, which the cache
    holds. Nothing is checked beyond what the constructors check: the caller has checked
    the throw.

    Examples:
        >>> done, throw = thrown_parts(Dice.parse("66"), Dice.parse("123"))
        >>> done, throw.dice
        (Roll(keep=Dice.parse('66'), outcome=Dice.parse('123')), Dice.parse('12366'))
        >>> thrown_parts(done.keep, done.outcome)[0] is done
        True
    """
    keep, rolled = interned(keep.faces), interned(rolled.faces)
    return Roll(keep, rolled), Throw(keep, rolled)


def roll_dice(turn: Turn, stream: DiceStream, action: Roll) -> tuple[Turn, DiceStream, Roll]:
    """Apply a throw to a turn: the new turn, the stream after it, and the throw with its faces.

    Faces come from ``action.outcome`` when given (the stream is left as it is),
    otherwise from ``stream``.

    Raises:
        ThrowLimitError, KeepError, InvalidDiceError: see `Turn.check_throw`.

    Examples:
        >>> turn, stream, done = roll_dice(Turn.start(), DiceStream(seed=1), Roll(outcome="66666"))
        >>> turn.dice, stream.draws, done.outcome
        (Dice.parse('66666'), 0, Dice.parse('66666'))
    """
    keep, outcome = action.keep, action.outcome
    turn.check_throw(keep, outcome)
    if outcome is None:
        outcome, stream = stream.throw(turn.dice_count - len(keep))
        action = Roll(keep=keep, outcome=outcome)
    return turn.thrown(keep, outcome), stream, action


def throw_outcomes(turn: Turn, keep: DiceLike) -> tuple[tuple[Dice, Fraction], ...]:
    """The results of throwing all the turn's dice but ``keep`` (all its dice showing), with exact probabilities.

    Examples:
        >>> turn = Turn.start().throw(Dice(), Dice.parse("66612"))
        >>> outs = throw_outcomes(turn, "666")
        >>> len(outs), sum(p for _, p in outs)
        (21, Fraction(1, 1))
    """
    kept = to_dice(keep)
    turn.check_throw(kept)
    return tuple((kept + rolled, p) for rolled, p in outcome_probabilities(turn.dice_count - len(kept)))
