"""Scorecard variants (`ScorecardVariant`): a named rule set that scores dice and starts games.

Classic Yams, Yams Challenge and Competitive Yams are all declarations of this class
(`ScorecardVariant.define`), and so is any variant a user defines.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("classic")
    >>> v.rows[:3], v.columns, v.score("full_house", "22555")
    (('ones', 'twos', 'threes'), ('main',), 25)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

import attrs

from ..action_space import ActionSpace, scorecard_actions
from ..actions import DiceLike, to_dice
from ..categories import Category
from ..dice import MAX_DICE, NUM_DICE, DiceStream, new_stream
from ..errors import DiceCountError, RuleConfigError, brief
from ..family import Family, VariantBase
from ..result import Result
from ..seats import check_players, choose_first_player
from ..state_checks import check_column_weights
from .action_text import WORDS
from .codec import state_fields, state_to_data
from .notation import read_scorecard, write_scorecard
from .placement import PlacementRule
from .position import check_scorecard, scorecard_position
from .rules import ScorecardRules, SheetState
from .sheet import Column, Sheet, UpperBonus
from .state import ScorecardGame
from .text import describe_scorecard, render_scorecard

__all__ = ["ScorecardVariant"]


#: How scorecard states are read, written and checked (see `yamskit.family`).
FAMILY: Family[ScorecardGame] = Family(
    game=ScorecardGame,
    read_data=state_fields,
    write_data=state_to_data,
    read_notation=read_scorecard,
    write_notation=write_scorecard,
    render=render_scorecard,
    check_position=check_scorecard,
    words=WORDS,
)


@attrs.frozen
class ScorecardVariant(VariantBase[ScorecardGame]):
    """A named scorecard rule set; starts games and scores dice.

    Two variants are equal when their names and options are.

    Attributes:
        name: the registry name.
        rules: the rows, columns and placement rules.
        options: the options the variant was made with.
        notes: the rulings it follows, one line each.
        actions: the numbered decisions of this variant (see
            `yamskit.action_space.scorecard_actions`), shared by every variant of the same sheet.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> v.score("full_house", yamskit.Dice.parse("22555"))
        25
        >>> v.actions[v.actions.index(yamskit.Score("yams"))]
        Score(row='yams', column=None)
    """

    name: str
    rules: ScorecardRules = attrs.field(eq=False, repr=False)
    options: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    notes: tuple[str, ...] = attrs.field(default=(), eq=False, repr=False)
    _key: str = attrs.field(init=False, repr=False)
    # made with the variant: every step reads it, so it is a plain attribute rather than a property
    actions: ActionSpace = attrs.field(init=False, eq=False, repr=False)

    @_key.default
    def _options_text(self) -> str:
        return json.dumps(self.options, sort_keys=True, default=str)

    @actions.default
    def _sheet_actions(self) -> ActionSpace:
        return scorecard_actions(self.name, self.rules)

    def __reduce__(self) -> tuple[Any, ...]:
        # a copy is made anew from the fields given: it finds its action space (shared by every variant of the sheet)
        return (type(self), (self.name, self.rules, self.options, self.notes))

    @classmethod
    def define(
        cls,
        name: str,
        *,
        rows: Sequence[Category],
        columns: Sequence[Column] = (Column("main"),),
        bonus: UpperBonus | None = None,
        max_throws: int = 3,
        allow_scratch: bool = True,
        rules: Sequence[PlacementRule] = (),
        result: Callable[[SheetState], Result] | None = None,
        setup: Callable[[DiceStream, int], tuple[tuple[int, ...], DiceStream]] | None = None,
        players: tuple[int, int] = (1, 8),
        options: Mapping[str, Any] | None = None,
        notes: Sequence[str] = (),
        dice: int = NUM_DICE,
        saved_throws: bool = False,
    ) -> ScorecardVariant:
        """Declare a scorecard variant from core parts (see `ScorecardRules`).

        ``options`` are recorded (they go into saved games, so the registry can rebuild
        the variant); ``notes`` are one-line rulings shown by `describe`. ``dice`` is how
        many dice a turn throws, 1 to 8 (five by default); every table (rolls, keeps, the
        action space, the rows' points) is then that count's. ``saved_throws`` keeps the
        throws a turn leaves unused in the player's store, for later turns to spend one at a
        time beyond ``max_throws`` (Maxi Yatzy; see `ScorecardGame.saved_throws`).

        Raises:
            RuleConfigError: ``max_throws`` outside 1 to 10, ``dice`` outside 1 to 8,
                ``saved_throws`` not a bool, or a sheet the rules refuse (see `ScorecardRules`).

        Examples:
            >>> from yamskit.categories import upper, Category, total
            >>> mini = ScorecardVariant.define("mini", rows=[upper(6), Category("chance", total)])
            >>> mini.new_game(players=["Ann"], seed=1).legal_actions()[0]
            Roll(keep=Dice.parse(''), outcome=None)
            >>> import yamskit
            >>> six = ScorecardVariant.define("six", rows=[upper(6), Category("chance", total)], dice=6)
            >>> six.new_game(seed=1).apply(yamskit.Roll()).dice, six.score("chance", "666666")
            (Dice.parse('133335'), 36)
            >>> rows = [upper(6), Category("chance", total)]
            >>> saving = ScorecardVariant.define("saving", rows=rows, saved_throws=True)
            >>> g = saving.new_game(seed=1).apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("sixes"))
            >>> g.saved_throws, g.turn.throws_left
            ((2,), 5)
        """
        if max_throws not in range(1, 11):
            raise RuleConfigError(f"max_throws must be 1 to 10, not {brief(max_throws)}")
        if type(dice) is not int or not 1 <= dice <= MAX_DICE:
            raise RuleConfigError(f"dice must be a whole number from 1 to {MAX_DICE}, not {brief(dice)}")
        return cls(
            name,
            ScorecardRules(
                rows=tuple(rows),
                columns=tuple(columns),
                bonus=bonus,
                max_throws=max_throws,
                allow_scratch=allow_scratch,
                placement_rules=tuple(rules),
                result=result,
                setup=setup,
                players=players,
                dice=dice,
                saved_throws=saved_throws,
            ),
            dict(options or {}),
            tuple(notes),
        )

    @property
    def rows(self) -> tuple[str, ...]:
        """Row ids, top to bottom."""
        return self.rules.row_ids

    @property
    def columns(self) -> tuple[str, ...]:
        """Column ids, left to right."""
        return self.rules.column_ids

    def category(self, row: str) -> Category:
        """The category behind a row id."""
        return self.rules.rows[self.rules.row_index(row)]

    def score(self, row: str, dice: DiceLike) -> int:
        """Points ``row`` gives for ``dice`` alone, with no sheet context (0 if they do not qualify).

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").score("three_of_a_kind", "33325")
            16
        """
        rules = self.rules
        given = to_dice(dice)
        count = len(given.faces)
        if count > rules.dice or (count != rules.dice and rules.dice != NUM_DICE):
            raise DiceCountError(f"{self.name} throws {rules.dice} dice, not {count} ({given})")
        if rules.dice == NUM_DICE:
            return self.category(row).score(given)  # (fewer dice: the category's own error)
        return rules.row_tables[rules.row_index(row)][rules.dice_tables.roll_index(given.faces)]

    def new_game(
        self,
        players: Sequence[str] = ("Player 1",),
        *,
        seed: int | None = None,
        first_player: int | Literal["roll_off"] = 0,
        column_weights: Sequence[int] | None = None,
    ) -> ScorecardGame:
        """A new game: empty sheets, the first player to throw.

        Args:
            players: names in seat order.
            seed: seed of the dice stream (a fresh random one when ``None``; it is
                stored in the state, so the game stays reproducible).
            first_player: index of the first player, or ``"roll_off"``: each throws the
                five dice, the highest sum starts, tied leaders throw again.
            column_weights: per-column coefficients, when the variant uses them
                (otherwise drawn by the variant's setup); checked by the setup
                (`check_column_weights`), refused by variants without one.

        Examples:
            >>> import yamskit
            >>> g = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=4, first_player="roll_off")
            >>> g.players[g.current_player] in ("Ann", "Bob")
            True
        """
        low, high = self.rules.players
        names = check_players(players, minimum=low, maximum=high)
        stream = new_stream(seed)
        weights: tuple[int, ...] = ()
        if column_weights is not None:
            weights = check_column_weights(self, column_weights)
        elif self.rules.setup is not None:
            weights, stream = self.rules.setup(stream, len(names))
        first, stream = choose_first_player(stream, len(names), first_player)
        return ScorecardGame(
            variant=self,
            players=names,
            sheets=tuple(Sheet.empty(rows=len(self.rows), columns=len(self.columns)) for _ in names),
            current_player=first,
            turn=self.rules.tables.start_turn,
            stream=stream,
            first_player=first,
            column_weights=weights,
            saved_throws=(0,) * len(names) if self.rules.saved_throws else (),
        )

    def describe(self) -> str:
        """A plain-text summary: rows with their maxima, columns, bonus, options, rulings.

        Examples:
            >>> import yamskit
            >>> print(yamskit.variant("classic").describe().splitlines()[0])
            classic: 13 rows x 1 column(s), 3 throws a turn
        """
        return describe_scorecard(self)

    #: The family's state class and how its states are read, written and checked.
    family = FAMILY

    #: A position set up from paper, checked against what a game can reach (see `scorecard_position`).
    position = scorecard_position
