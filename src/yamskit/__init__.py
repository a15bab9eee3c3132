"""yamskit: the rules of the Yams family of dice games, as a Python library.

Everyday use needs only this module::

    import yamskit

    game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=7)
    game = game.apply(yamskit.Roll())
    game = game.apply(yamskit.Score("chance"))

Examples:
    >>> import yamskit
    >>> yamskit.variant("classic").score("full_house", yamskit.Dice.of(2, 2, 5, 5, 5))
    25
"""

from ._version import __version__
from .action_space import ActionSpace
from .actions import (
    Action,
    DeclareChallenge,
    DiceLike,
    Pass,
    Place,
    RemoveToken,
    Roll,
    Score,
    Scratch,
    TakeChip,
)
from .bots import GreedyPlayer, OptimalPlayer, Player, RandomPlayer, play
from .dice import Dice, DiceStream
from .errors import (
    ColumnConditionError,
    ConstraintError,
    DeserializationError,
    DiceMismatchError,
    FillOrderError,
    GameOverError,
    IllegalActionError,
    InvalidDiceError,
    JokerRuleError,
    KeepError,
    MustRollFirstError,
    NotYourTurnError,
    OccupiedError,
    RuleConfigError,
    RulesMismatchError,
    ThrowLimitError,
    ThrowOutcomeError,
    UnknownActionError,
    YamskitError,
)
from .game import GameState, LegalActions, Move, Result, VariantLike
from .names import UnknownNameError
from .notation import NotationError, from_notation
from .position import (
    ImpossibleBoardError,
    ImpossibleChipsError,
    ImpossibleSheetError,
    ImpossibleTurnError,
    PositionError,
)
from .records import CheckReport, GameRecord, check_record, record_schema
from .registry import register_variant, variant, variant_names
from .scorecard import Cell, Column, FillPolicy, Sheet, TurnCondition, UpperBonus
from .scorecard_game import ScorecardGame, ScorecardRules, ScorecardVariant
from .serialization import load_game
from .turn import Throw, Turn
from .variants.challenge import PlusMinusError
from .variants.yam_master import ChallengeError, LabelError, RemovalError
from .variants.yam_master.board import BoardError
from .variants.yamslam import (
    ChipError,
    ChipNotAvailableError,
    ChipNotQualifiedError,
    DiscardPileError,
    SecondChipError,
)
from .variants.yamslam.match import MatchError

__all__ = [
    "Action",
    "ActionSpace",
    "BoardError",
    "Cell",
    "ChallengeError",
    "CheckReport",
    "ChipError",
    "ChipNotAvailableError",
    "ChipNotQualifiedError",
    "Column",
    "ColumnConditionError",
    "ConstraintError",
    "DeclareChallenge",
    "DeserializationError",
    "Dice",
    "DiceLike",
    "DiceMismatchError",
    "DiceStream",
    "DiscardPileError",
    "FillOrderError",
    "FillPolicy",
    "GameOverError",
    "GameRecord",
    "GameState",
    "GreedyPlayer",
    "IllegalActionError",
    "ImpossibleBoardError",
    "ImpossibleChipsError",
    "ImpossibleSheetError",
    "ImpossibleTurnError",
    "InvalidDiceError",
    "JokerRuleError",
    "KeepError",
    "LabelError",
    "LegalActions",
    "MatchError",
    "Move",
    "MustRollFirstError",
    "NotYourTurnError",
    "NotationError",
    "OccupiedError",
    "OptimalPlayer",
    "Pass",
    "Place",
    "Player",
    "PlusMinusError",
    "PositionError",
    "RandomPlayer",
    "RemovalError",
    "RemoveToken",
    "Result",
    "Roll",
    "RuleConfigError",
    "RulesMismatchError",
    "Score",
    "ScorecardGame",
    "ScorecardRules",
    "ScorecardVariant",
    "Scratch",
    "SecondChipError",
    "Sheet",
    "TakeChip",
    "Throw",
    "ThrowLimitError",
    "ThrowOutcomeError",
    "Turn",
    "TurnCondition",
    "UnknownActionError",
    "UnknownNameError",
    "UpperBonus",
    "VariantLike",
    "YamskitError",
    "__version__",
    "check_record",
    "from_notation",
    "load_game",
    "play",
    "record_schema",
    "register_variant",
    "variant",
    "variant_names",
]
