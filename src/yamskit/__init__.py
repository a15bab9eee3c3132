"""yamskit: the rules of the Yams family of dice games, as a Python library.

Everyday use needs only this module::

    import yamskit

    game = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=7)
    game = game.apply(yamskit.Roll())
    game = game.apply(yamskit.Score("chance"))

It offers the everyday names (the actions, dice, the game protocol, the registry, saves,
notation and records, the scorecard engine to define a variant, the simple bots) and the
errors every caller meets. A family's own errors and helpers live in its package
(`yamskit.variants.yamslam`, `yamskit.variants.yam_master`, `yamskit.variants.challenge`);
the position errors of each kind of game in `yamskit.position` (their 0.1 spellings here went
in 0.3).

Examples:
    >>> import yamskit
    >>> yamskit.variant("classic").score("full_house", yamskit.Dice.of(2, 2, 5, 5, 5))
    25
"""

from typing import TYPE_CHECKING

from . import _compat, _hooks
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
    ClosedBoxError,
    ColumnConditionError,
    ConstraintError,
    DeserializationError,
    DiceCountError,
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
    RuleConfigError,
    RulesMismatchError,
    ThrowLimitError,
    ThrowOutcomeError,
    UnknownActionError,
    YamskitError,
)
from .game import GameState, Player, Variant, play
from .history import Move
from .legal import LegalActions
from .names import UnknownNameError
from .registry import register_variant, variant, variant_names
from .result import Result
from .turn import Throw, Turn

if TYPE_CHECKING:  # the names below load on first use (see the end of this module)
    from .bots import GreedyPlayer, OptimalPlayer, RandomPlayer
    from .notation import from_notation
    from .position import PositionError
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
    from .serialization import load_game

__all__ = [
    "Action",
    "ActionIdError",
    "ActionSpace",
    "Cell",
    "CheckReport",
    "ClosedBoxError",
    "Column",
    "ColumnConditionError",
    "ConstraintError",
    "DeclareChallenge",
    "DeserializationError",
    "Dice",
    "DiceCountError",
    "DiceLike",
    "DiceStream",
    "FillOrderError",
    "FillPolicy",
    "GameOverError",
    "GameRecord",
    "GameState",
    "GreedyPlayer",
    "IllegalActionError",
    "InvalidDiceError",
    "JokerRuleError",
    "KeepError",
    "LegalActions",
    "Move",
    "MustRollFirstError",
    "NotYourTurnError",
    "NotationError",
    "OccupiedError",
    "OptimalPlayer",
    "Pass",
    "Place",
    "Player",
    "PositionError",
    "RandomPlayer",
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
    "Variant",
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

# Saves, notation and positions, the scorecard engine, the bots and the records load the first time
# one of their names is read, so that ``import yamskit`` stays quick (see `yamskit._compat.lazy`).
__getattr__, __dir__ = _compat.lazy(
    __name__,
    {
        **dict.fromkeys(
            ("Cell", "Column", "FillPolicy", "ScorecardGame", "ScorecardRules", "ScorecardVariant", "Sheet"),
            "yamskit.scorecard",
        ),
        **dict.fromkeys(("TurnCondition", "UpperBonus"), "yamskit.scorecard"),
        **dict.fromkeys(("GreedyPlayer", "OptimalPlayer", "RandomPlayer"), "yamskit.bots"),
        **dict.fromkeys(("CheckReport", "GameRecord", "check_record", "record_schema"), "yamskit.records"),
        "load_game": "yamskit.serialization",
        "from_notation": "yamskit.notation",
        "PositionError": "yamskit.position",
    },
)


def _pictures() -> None:
    """Load `yamskit.svg`, which registers the drawers `_repr_svg_` uses (see ``yamskit._display``)."""
    from . import svg  # noqa: F401


_hooks.PICTURES.add_loader(_pictures)


def _records() -> None:
    """Load `yamskit.records`, which registers how a witness becomes a game record (``variant.witness``)."""
    from . import records  # noqa: F401


_hooks.RECORDS.add_loader(_records)


def _search() -> None:
    """Load `yamskit.bots.lookahead`, which registers the keep search the families' strategies use."""
    from .bots import lookahead  # noqa: F401


_hooks.SEARCH.add_loader(_search)
