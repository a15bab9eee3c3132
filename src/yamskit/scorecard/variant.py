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
from ..dice import DiceStream, new_stream
from ..errors import RuleConfigError
from ..notation import read_position
from ..position.saves import check_loaded, read_origin
from ..position.witness import record_reaching
from ..result import Result
from ..seats import check_players, choose_first_player
from ..state_checks import check_column_weights
from ..turn import Turn
from .codec import state_fields
from .notation import read_scorecard
from .placement import PlacementRule
from .position import check_scorecard, scorecard_position
from .rules import ScorecardRules
from .sheet import Column, Sheet, UpperBonus
from .state import ScorecardGame
from .text import describe_scorecard

__all__ = ["ScorecardVariant"]


@attrs.frozen
class ScorecardVariant:
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
        result: Callable[[ScorecardGame], Result] | None = None,
        setup: Callable[[DiceStream, int], tuple[tuple[int, ...], DiceStream]] | None = None,
        players: tuple[int, int] = (1, 8),
        options: Mapping[str, Any] | None = None,
        notes: Sequence[str] = (),
    ) -> ScorecardVariant:
        """Declare a scorecard variant from core parts (see `ScorecardRules`).

        ``options`` are recorded (they go into saved games, so the registry can rebuild
        the variant); ``notes`` are one-line rulings shown by `describe`.

        Examples:
            >>> from yamskit.categories import upper, Category, total
            >>> mini = ScorecardVariant.define("mini", rows=[upper(6), Category("chance", total)])
            >>> mini.new_game(players=["Ann"], seed=1).legal_actions()[0]
            Roll(keep=Dice.parse(''), outcome=None)
        """
        if max_throws not in range(1, 11):
            raise RuleConfigError(f"max_throws must be 1 to 10, not {max_throws!r}")
        return cls(
            name,
            ScorecardRules(
                rows=tuple(rows),
                columns=tuple(columns),
                bonus=bonus,
                max_throws=max_throws,
                allow_scratch=allow_scratch,
                rules=tuple(rules),
                result=result,
                setup=setup,
                players=players,
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
        return self.category(row).score(to_dice(dice))

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
            turn=Turn.start(max_throws=self.rules.max_throws),
            stream=stream,
            first_player=first,
            column_weights=weights,
        )

    def describe(self) -> str:
        """A plain-text summary: rows with their maxima, columns, bonus, options, rulings.

        Examples:
            >>> import yamskit
            >>> print(yamskit.variant("classic").describe().splitlines()[0])
            classic: 13 rows x 1 column(s), 3 throws a turn
        """
        return describe_scorecard(self)

    def state_from_data(self, data: Any) -> ScorecardGame:
        """Rebuild a state from the ``"state"`` part of its JSON (see `yamskit.scorecard.codec`)."""
        return check_loaded(ScorecardGame(**state_fields(self, data)), read_origin(self, data))

    #: A position set up from paper, checked against what a game can reach (see `scorecard_position`).
    position = scorecard_position

    #: Raise a `yamskit.position.PositionError` unless some game of these rules reaches a state; returns the game found
    #: (a `yamskit.position.witness.Witness`).
    check_position = staticmethod(check_scorecard)

    def witness(self, state: ScorecardGame) -> Any:
        """A game record (`yamskit.records.GameRecord`) of a game of these rules that reaches ``state``.

        See `yamskit.position.witness.record_reaching`.

        Raises:
            PositionError: no game reaches ``state``: the first rule it breaks.

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("yahtzee")
            >>> state = v.position(["Ann"], sheets=[{"yams": 50, "sixes": 30}], extra=[100], seed=1)
            >>> record = v.witness(state)
            >>> [str(m.action) for m in record.moves][-1], record.to_game().sheets == state.sheets
            ('score sixes', True)
        """
        return record_reaching(check_scorecard, state)

    def from_notation(self, text: str) -> ScorecardGame:
        """The state a position notation describes (see `yamskit.notation`); its history is empty.

        Raises:
            NotationError: malformed text, or a notation of other rules.
            PositionError: a position no game can reach.

        Examples:
            >>> import yamskit
            >>> yamskit.variant("classic").from_notation("classic Ann ,,9,,,,,,,,,, 0:0 - 3:0").cell(0, "threes")
            Cell(points=9, scratched=False)
        """
        return read_position(text, self, lambda fields: ScorecardGame(**read_scorecard(self, fields)))
