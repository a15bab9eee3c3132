"""Action spaces: every decision of a variant, numbered once and for all.

Programs that learn or search over a game (reinforcement learning, Monte Carlo tree
search, a tournament server speaking integers) want each decision to be a small
integer. ``variant.actions`` is an `ActionSpace`: a fixed, ordered sequence of
actions with ``len(space)``, ``space[i]`` and ``space.index(action)``. A state tells
which ids apply now with ``legal_action_ids()`` (ascending) or ``legal_action_mask()``
(one byte per id, 1 = legal; ``numpy.frombuffer(mask, bool)`` reads it without a copy).

The space holds *decisions* only. A throw is ``Roll(keep=k)`` with ``outcome=None``:
applying it draws the faces from the game's seeded stream. A caller that supplies the
faces (physical dice, a chance node of a search) applies ``Roll(keep=k, outcome=...)``
itself; `ActionSpace.index` maps such a throw to the id of its keep.

Layout, the same for every variant kind:

* ids ``0`` to ``461``: ``Roll(keep=k)`` for each keep ``k`` of `yamskit.dice.KEEPS`, in
  that order (id 0 is the empty keep: throw all five dice);
* then the variant's own decisions (see `scorecard_actions` and the variant modules).

Examples:
    >>> import yamskit
    >>> space = yamskit.variant("classic").actions
    >>> len(space), space[0], space[462]
    (488, Roll(keep=Dice.parse(''), outcome=None), Score(row='ones', column=None))
    >>> space.index(yamskit.Scratch("chance"))
    487
    >>> game = yamskit.variant("classic").new_game(seed=1)
    >>> game.legal_action_ids(), game.legal_action_mask()[:3]
    ((0,), b'\\x01\\x00\\x00')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter
from typing import Any, Protocol, overload

from ._cache import Memo, cached
from .actions import Action, Roll, Score, Scratch
from .dice import KEEPS, NUM_DICE, Dice, dice_tables, keep_index
from .errors import UnknownActionError, brief
from .history import Move

__all__ = ["NUM_ROLL_IDS", "ROLL_ACTIONS", "ActionSpace", "SheetShape", "scorecard_actions"]

#: One interned ``Roll(keep=k)`` per keep of `yamskit.dice.KEEPS`, in that order.
ROLL_ACTIONS: tuple[Roll, ...] = tuple(Roll(keep=k) for k in KEEPS)
#: How many ids every space gives to throws (ids ``0`` to ``NUM_ROLL_IDS - 1``).
NUM_ROLL_IDS = len(ROLL_ACTIONS)


class ActionSpace(Sequence[Action]):
    """A fixed, numbered sequence of a variant's decisions.

    The actions are interned: ``space[i]`` is always the same object, and the states'
    ``legal_actions()`` hand out these very objects. Two spaces are equal when they
    hold the same actions in the same order.

    Args:
        name: the variant the space belongs to (for messages).
        actions: the decisions, in id order (each distinct).
        aliases: other spellings of a decision and the id they stand for (such as
            ``Score("chance", "main")`` for ``Score("chance")`` on a one-column sheet).

    Raises:
        ValueError: an action appears twice.

    Examples:
        >>> from yamskit import Pass, Roll
        >>> space = ActionSpace("tiny", [*ROLL_ACTIONS, Pass()])
        >>> len(space), space[-1], space.index(Pass())
        (463, Pass(), 462)
        >>> space.index(Roll(keep="66", outcome="123"))  # a throw with faces: its keep's id
        27
        >>> space.find(Roll()), space.find(Roll(outcome="12345")), space.find("pass")
        (0, None, None)
    """

    __slots__ = ("_actions", "_index", "_lists", "_moves", "_name")

    def __init__(self, name: str, actions: Iterable[Action], *, aliases: Iterable[tuple[Action, int]] = ()) -> None:
        self._name = name
        self._actions: tuple[Action, ...] = tuple(actions)
        self._index: dict[Action, int] = {action: i for i, action in enumerate(self._actions)}
        if len(self._index) != len(self._actions):
            raise ValueError(f"the action space of {brief(name)} lists an action twice")
        for action, i in aliases:
            self._index.setdefault(action, i)
        self._lists: Memo[tuple[int, ...], tuple[Action, ...]] = Memo(
            "action spaces: ordered listings", size=1 << 13, key="a set of legal ids"
        )
        self._moves: Memo[tuple[int, int], Move] = Memo(
            "action spaces: shared moves", size=1 << 12, key="a player and a decision"
        )

    @property
    def name(self) -> str:
        """The name of the variant this space numbers.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("yamslam").actions.name
            'yamslam'
        """
        return self._name

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        return self._actions[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        try:
            self.index(action)
        except (UnknownActionError, TypeError):
            return False
        return True

    def index(self, action: object, start: int = 0, stop: int | None = None) -> int:
        """The id of ``action``; a throw with explicit faces gets the id of its keep.

        Raises:
            UnknownActionError: the action is not one of this variant's decisions.

        Examples:
            >>> import yamskit
            >>> space = yamskit.variant("yam-master").actions
            >>> space.index(yamskit.Place((0, 0))), space.index(yamskit.Pass())
            (464, 463)
        """
        found: int | None = self._index.get(action)  # type: ignore[call-overload]
        if found is None and isinstance(action, Roll) and action.outcome is not None:
            found = self._index.get(Roll(keep=action.keep))
        if found is None or not (start <= found and (stop is None or found < stop)):
            raise UnknownActionError(f"{brief(action)} is not in the action space of {self._name}")
        return found

    def find(self, action: object) -> int | None:
        """The id of ``action`` when it is exactly one of the space's decisions (or an alias), else ``None``.

        Unlike `index`, it raises nothing, and a throw with explicit faces is not found (it
        is not a decision of the space). Actions keep their hash, so this is one look-up.

        Examples:
            >>> from yamskit import Roll
            >>> space = ActionSpace("tiny", ROLL_ACTIONS)
            >>> space.find(Roll()), space.find(Roll(outcome="12345")), space.find(["not", "hashable"])
            (0, None, None)
        """
        try:
            return self._index.get(action)  # type: ignore[call-overload, no-any-return]
        except TypeError:  # unhashable: not an action
            return None

    def pick(self, ids: Sequence[int]) -> tuple[Action, ...]:
        """The actions of ``ids``, in their order (one C-level look-up each: the hot path's listing).

        Examples:
            >>> space = ActionSpace("tiny", ROLL_ACTIONS)
            >>> space.pick((2, 0)) == (space[2], space[0]), space.pick((1,)) == (space[1],), space.pick(())
            (True, True, ())
        """
        if len(ids) > 1:
            found: tuple[Action, ...] = itemgetter(*ids)(self._actions)
            return found
        return tuple(self._actions[i] for i in ids)

    def listed(self, ids: tuple[int, ...], keys: Sequence[int]) -> tuple[Action, ...]:
        """The actions of ``ids`` ordered by ``keys[id]`` (a state's own order), remembered by ``ids``.

        ``ids`` are a state's legal ids or the part of them that a game class orders by a
        sort (a scorecard's boxes); ``keys`` gives each id its place (the same ``keys`` for
        every call on one space). The list lives with the space (at most 8,192 sets of
        ids; emptied when full), so a state lists them by one look-up once its set of ids
        has been seen.

        Examples:
            >>> space = ActionSpace("tiny", ROLL_ACTIONS)
            >>> space.listed((0, 1), (5, 4)) == (space[1], space[0])
            True
            >>> space.listed((0, 1), (5, 4)) is space.listed((0, 1), (5, 4))
            True
        """
        found = self._lists.get(ids)
        if found is None:
            found = self._lists.put(ids, self.pick(sorted(ids, key=keys.__getitem__)))
        return found

    def throw_id(self, keep: Dice) -> int | None:
        """The id of the throw keeping ``keep`` (``Roll(keep)``), or ``None`` in a space that does not list it so.

        Every space of yamskit numbers its throws as `yamskit.dice.KEEPS` does; this also
        answers for a plug-in's space that numbers them otherwise (``None``: not at the
        keep's place).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").actions.throw_id(yamskit.Dice.parse("66"))
            27
        """
        i = keep_index(keep.faces)
        listed = self._actions[i] if i < len(self._actions) else None
        if type(listed) is Roll and (listed.keep is keep or listed.keep == keep):
            return i
        return None

    def move(self, player: int, i: int, action: Action) -> Move:
        """``Move(player, action)`` for the decision ``i``, shared when ``action`` is the space's own ``space[i]``.

        Moves are values: the histories of every game of the space share one per player
        and decision (at most 4,096, then made again). Another spelling of the same
        decision is recorded as it was given.

        Examples:
            >>> import yamskit
            >>> space = yamskit.variant("yamslam").actions
            >>> space.move(0, 476, space[476]) is space.move(0, 476, space[476])
            True
        """
        if action is not self._actions[i]:
            return Move(player, action)
        made = self._moves.get((player, i))
        if made is None:
            made = self._moves.put((player, i), Move(player, action))
        return made

    def count(self, action: object) -> int:
        """1 if ``action`` is in the space, else 0.

        Examples:
            >>> ActionSpace("tiny", ROLL_ACTIONS).count(ROLL_ACTIONS[5])
            1
        """
        return 1 if action in self else 0

    def ids(self, actions: Iterable[Action]) -> tuple[int, ...]:
        """The ids of ``actions``, ascending (each action must be in the space).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("yamslam").actions.ids([yamskit.Pass(), yamskit.Roll()])
            (0, 476)
        """
        return tuple(sorted({self.index(action) for action in actions}))

    def mask(self, ids: Iterable[int]) -> bytes:
        """A mask over this space: one byte per id, 1 for the ids given, 0 elsewhere.

        Examples:
            >>> ActionSpace("tiny", ROLL_ACTIONS).mask([1])[:3]
            b'\\x00\\x01\\x00'
        """
        out = bytearray(len(self._actions))
        for i in ids:
            out[i] = 1
        return bytes(out)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionSpace):
            return NotImplemented
        return self._actions == other._actions

    def __hash__(self) -> int:
        return hash(self._actions)

    def __repr__(self) -> str:
        return f"<ActionSpace of {self._name}: {len(self._actions)} actions>"

    def __reduce__(self) -> tuple[Any, ...]:
        aliases = tuple((a, i) for a, i in self._index.items() if i >= len(self._actions) or self._actions[i] != a)
        return (_rebuild, (self._name, self._actions, aliases))


def _rebuild(name: str, actions: tuple[Action, ...], aliases: tuple[tuple[Action, int], ...]) -> ActionSpace:
    return ActionSpace(name, actions, aliases=aliases)


class SheetShape(Protocol):
    """What `scorecard_actions` reads of a scorecard's rules: the row and column ids, and crossing out.

    Examples:
        >>> import yamskit
        >>> yamskit.variant("classic").rules.column_ids
        ('main',)
    """

    @property
    def row_ids(self) -> tuple[str, ...]:
        """Row ids, top to bottom."""

    @property
    def column_ids(self) -> tuple[str, ...]:
        """Column ids, left to right."""

    @property
    def allow_scratch(self) -> bool:
        """Whether ``Scratch`` may cross a box out."""

    @property
    def dice(self) -> int:
        """How many dice a turn throws (its throws are the keeps of that many dice)."""


def scorecard_actions(name: str, rules: SheetShape) -> ActionSpace:
    """The action space of a scorecard variant.

    The throws are ``Roll(keep=k)`` for each keep of the sheet's dice (`yamskit.dice.DiceTables.keeps`:
    462 for five dice, 924 for six, 84 for three; the keeps of fewer dice are numbered alike). After
    the 462 throws (of five dice) come ``Score(row, column)`` for every box, column by column
    (left to right) and, within a column, row by row (top to bottom); then, when the
    variant allows crossing out, ``Scratch(row, column)`` for every box in the same
    order. On a one-column sheet the column is ``None`` (``Score("chance")``); the
    spelling with the column's id maps to the same id. With ``R`` rows and ``C``
    columns, box ``(r, c)`` has id ``462 + c * R + r`` to score and
    ``462 + (C + c) * R + r`` to cross out.

    Examples:
        >>> import yamskit
        >>> space = yamskit.variant("challenge").actions
        >>> len(space), space[462 + 3 * 14 + 11]
        (574, Score(row='yams', column='dry'))
        >>> len(yamskit.variant("competitive").actions)  # no crossing out
        540
    """
    return _scorecard_actions(name, rules.row_ids, rules.column_ids, rules.allow_scratch, rules.dice)


@cached("action spaces: sheets", size=256, key="a sheet's name, row ids, column ids, crossing-out rule and dice")
def _scorecard_actions(
    name: str, rows: tuple[str, ...], columns: tuple[str, ...], allow_scratch: bool, dice: int = NUM_DICE
) -> ActionSpace:
    # shared by every variant object with the same sheet (loading a game builds a new variant object)
    single = len(columns) == 1
    kinds: tuple[type[Score] | type[Scratch], ...] = (Score, Scratch) if allow_scratch else (Score,)
    throws = ROLL_ACTIONS if dice == NUM_DICE else tuple(Roll(keep=k) for k in dice_tables(dice).keeps)
    actions: list[Action] = list(throws)
    aliases: list[tuple[Action, int]] = []
    for kind in kinds:
        for column in columns:
            for row in rows:
                if single:
                    aliases.append((kind(row, column), len(actions)))
                actions.append(kind(row, None if single else column))
    return ActionSpace(name, actions, aliases=aliases)
