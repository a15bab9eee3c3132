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

from typing import TYPE_CHECKING, Any

from . import _display
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
from .dice import Dice, DiceStream
from .errors import (
    ActionIdError,
    ActionIdTypeError,
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
    NotationError,
    NotYourTurnError,
    OccupiedError,
    RenderModeError,
    RuleConfigError,
    RulesMismatchError,
    ThrowLimitError,
    ThrowOutcomeError,
    UnknownActionError,
    YamskitError,
)
from .game import GameState, Player, VariantLike, play
from .history import Move
from .legal import LegalActions
from .names import UnknownNameError
from .notation import from_notation
from .position import (
    ImpossibleBoardError,
    ImpossibleChipsError,
    ImpossibleSheetError,
    ImpossibleTurnError,
    PositionArgumentError,
    PositionError,
)
from .position import witness as _witness
from .registry import register_variant, variant, variant_names
from .result import Result
from .serialization import load_game
from .turn import Throw, Turn

if TYPE_CHECKING:
    from .bots import GreedyPlayer, OptimalPlayer, RandomPlayer
    from .records import CheckReport, GameRecord, check_record, record_schema
    from .scorecard import (
        Cell,
        Column,
        FillPolicy,
        ScorecardGame,
        ScorecardRules,
        ScorecardVariant,
        Sheet,
        TurnCondition,
        UpperBonus,
    )
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
    "ActionIdError",
    "ActionIdTypeError",
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
    "PositionArgumentError",
    "PositionError",
    "RandomPlayer",
    "RemovalError",
    "RemoveToken",
    "RenderModeError",
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


# Names whose modules load on first use, so that ``import yamskit`` stays quick: the
# scorecard engine, the families' own errors, the bots and the records.
_SCORECARD = frozenset(
    {"Cell", "Column", "FillPolicy", "ScorecardGame", "ScorecardRules", "ScorecardVariant", "Sheet"}
    | {"TurnCondition", "UpperBonus"}
)
_BOTS = frozenset(("GreedyPlayer", "OptimalPlayer", "RandomPlayer"))
_RECORDS = frozenset(("CheckReport", "GameRecord", "check_record", "record_schema"))
_YAM_MASTER = frozenset(("ChallengeError", "LabelError", "RemovalError"))
_YAMSLAM = frozenset(
    ("ChipError", "ChipNotAvailableError", "ChipNotQualifiedError", "DiscardPileError", "SecondChipError")
)


def __getattr__(name: str) -> Any:
    module: Any
    if name in _SCORECARD:
        from . import scorecard as module
    elif name in _BOTS:
        from . import bots as module
    elif name in _RECORDS:
        from . import records as module
    elif name in _YAM_MASTER:
        from .variants import yam_master as module
    elif name == "BoardError":
        from .variants.yam_master import board as module
    elif name in _YAMSLAM:
        from .variants import yamslam as module
    elif name == "MatchError":
        from .variants.yamslam import match as module
    elif name == "PlusMinusError":
        from .variants import challenge as module
    else:
        raise AttributeError(f"module 'yamskit' has no attribute {name!r}")
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def _pictures() -> None:
    """Load `yamskit.svg`, which registers the drawers `_repr_svg_` uses (see ``yamskit._display``)."""
    from . import svg  # noqa: F401


_display.add_loader(_pictures)


def _records() -> None:
    """Load `yamskit.records`, which registers how a witness becomes a game record (``variant.witness``)."""
    from . import records  # noqa: F401


_witness.add_loader(_records)
