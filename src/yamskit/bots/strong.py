"""`StrongPlayer`, a planning bot for every variant, and `player`, bots by level.

`StrongPlayer` chooses its keeps by an exact expectimax over the rethrow outcomes of
the rest of the turn and values the end of the turn with an evaluation made for each
kind of game:

* a one-column scorecard the solver handles (classic, Yahtzee, a user's own Yatzy...):
  the exact solver's values, solved once when the estimated time fits
  ``time_budget``; otherwise values fitted layer by layer on sampled states, looked
  at one turn deeper (`yamskit.bots.fitted_values`, sheets of at most 16 rows); a
  longer sheet whose solve does not fit, a sheet beyond the solver's model (more than
  20 rows), split the sheet into parts solved exactly (`yamskit.bots.split`); where
  the split fits, the one-throw ``"medium"`` level plays each open box's expected worth
  at a lower share (`yamskit.bots.sheet.MEDIUM_WORTH`), the upper bonus estimated from
  it, one throw ahead (on a sheet without an upper bonus, where the greedy bot comes close to
  the optimum, `player` builds ``"medium"`` from ``"hard"`` and ``"easy"`` turns instead:
  `greedy_is_near`);
* a one-column sheet of other than five dice (1 to 8) is solved exactly in the same
  way when the solve fits ``time_budget``; otherwise (and for ``"medium"``) it is
  played like the next kind (the fitted values and the split parts are of five dice);
* any other scorecard (Yams Challenge, Competitive Yams, a user's own): each open
  box's expected future worth, the upper bonus and clean columns (`yamskit.bots.sheet`),
  over the rolls and keeps of the sheet's own dice;
* any other family: the strategy its `yamskit.adapters.EdgeAdapter` registers (Yam
  Master: lines and threats, `yamskit.variants.yam_master.strategy`; Yamslam: chip
  values and bonuses within reach, `yamskit.variants.yamslam.strategy`), else the
  generic planning bot, one throw of exact lookahead through the game protocol
  (`yamskit.bots.generic`), so a family plugged in from outside gets a strong bot too.

A strategy solved exactly is kept for the process and in the disk cache that
``yamskit advise`` fills (`yamskit.solver.advice.cache_directory`; ``cache=`` chooses
another folder or none), so each variant is solved once; the solve prints nothing and
tells ``progress=`` how it goes. The ``"expert"`` level of `player` searches over the
hard bot's plans by rollouts (`yamskit.bots.expert`).

It uses numpy (a dependency of yamskit), imported on first use.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yamslam")
    >>> bot = StrongPlayer(v, seed=1)
    >>> g = v.new_game(players=["A", "B"], seed=3).apply(yamskit.Roll(outcome="66661"))
    >>> bot.choose(g)  # four of a kind is safe: it throws the 1 for a Yamslam
    Roll(keep=Dice.parse('6666'), outcome=None)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal, TypeAlias

import attrs

from .._cache import LruCache
from .._fast import IdentityCache
from ..actions import Action
from ..adapters import adapter_of
from ..dice import NUM_DICE
from ..errors import RuleConfigError, brief
from ..game import GameState, Variant
from ..scorecard.points import PointsTable
from ..scorecard.state import ScorecardGame
from ..scorecard.variant import ScorecardVariant
from .basic import GreedyPlayer, MixedPlayer, OptimalPlayer, PlainGreedyPlayer, Player, RandomPlayer, TablePlayer
from .duel import DuelPlayer
from .expert import ExpertPlayer
from .rungs import RUNGS, at_rung, checked
from .store_player import Cache, StorePlayer, on_disk, store_ready, store_strategy

__all__ = [
    "LEVELS",
    "POINTS_TABLE_VERSUS",
    "Cache",
    "Level",
    "Progress",
    "StrongPlayer",
    "greedy_is_near",
    "level_rungs",
    "one_plain_column",
    "player",
    "plays_perfect",
    "solvable",
]

#: The levels `player` knows, weakest first.
Level = Literal["random", "easy", "medium", "hard", "expert", "perfect"]
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert", "perfect")
#: Told (states done, states in all) while a strategy is solved; never called when it is read from a cache.
Progress: TypeAlias = Callable[[int, int], None]
#: Solver states per second assumed when deciding whether a solve fits the time budget.
_STATES_PER_SECOND = 100_000
_STRATEGIES: LruCache[str, Any] = LruCache("bots: solved strategies", size=4, key="a solver model's fingerprint")
_COUNTS: LruCache[str, int] = LruCache("bots: state counts", size=256, key="a solver model's fingerprint")
_MODELS: IdentityCache[Any] = IdentityCache("bots: solver models", size=64, key="a ScorecardRules object")


def _model(variant: Variant) -> Any:
    """The solver's model of ``variant`` (``None`` if it has none), computed once per rules object."""
    if not isinstance(variant, ScorecardVariant) or len(variant.rules.columns) != 1:
        return None
    return _MODELS.get(variant.rules, lambda: _model_or_none(variant))


def _model_or_none(variant: ScorecardVariant) -> Any:
    try:
        from ..solver.model import model_of

        return model_of(variant)
    except (RuleConfigError, ImportError):
        return None


def _solitaire(variant: Variant, *, time_budget: float, cache: Cache, progress: Progress | None) -> Player | None:
    """The family's exact player of ``variant``'s one-player game (`yamskit.adapters.EdgeAdapter.solitaire`), if any."""
    solitaire = adapter_of(variant).solitaire
    if solitaire is None:
        return None
    found: Player | None = solitaire(variant, folder=_folder(cache), time_budget=time_budget, progress=progress)
    return found


def _versus(variant: Variant, *, fallback: Player, decision_time: float) -> Player | None:
    """The family's expert player for games with opponents (`yamskit.adapters.EdgeAdapter.versus`), if any."""
    versus = adapter_of(variant).versus
    if versus is None:
        return None
    found: Player | None = versus(variant, fallback=fallback, decision_time=decision_time)
    return found


def _one_throw(variant: Variant, seed: int) -> StrongPlayer:
    """The one-throw bot: ``"medium"``'s own player, part of a moved ``"hard"``, and one of the expert's proposers."""
    return StrongPlayer(variant, time_budget=0.0, seed=seed, depth=1)


#: Where ``"easy"``, ``"medium"`` and ``"hard"`` stand with opponents on a sheet won on a points
#: table (Balut), where the family registers no rungs (`yamskit.bots.rungs`). A game's points
#: spread so widely there that the levels sat a few points apart: the expert won 52.2% of 4,000
#: games against the strong bot and 59.8% of 600 against the one-throw bot. So with opponents
#: ``"hard"`` plays 80% of its turns as the one-throw bot and the rest as the greedy bot,
#: ``"medium"`` is the greedy bot with one turn in twenty played at random, and ``"easy"`` the
#: greedy bot with one in four. Scratch runs of 600 games (seeds 600000 on, 2026-12-07): the
#: expert 66.0% against that hard, hard 69.2% against that medium, medium 76.2% against that
#: easy, easy 100.0% against random play. Alone every level keeps its own bot: the means differ
#: there. See the docs' "How strong are the bots".
POINTS_TABLE_VERSUS: Mapping[str, float] = {"hard": 1.8, "medium": 0.95, "easy": 0.75}


def level_rungs(variant: Variant, *, with_opponents: bool) -> dict[str, float]:
    """The levels below the expert ``variant``'s family sets on rungs of their own, alone or with opponents.

    They are the family's `yamskit.adapters.EdgeAdapter.rungs`; where it registers none, on
    a sheet won on a points table (Balut), `POINTS_TABLE_VERSUS` with opponents. A level
    left out plays its own bot (`player`).

    Raises:
        RuleConfigError: the family gave a level or a rung `yamskit.bots.rungs.checked` refuses.

    Examples:
        >>> import yamskit
        >>> level_rungs(yamskit.variant("yam-master"), with_opponents=True)
        {'hard': 2.0, 'medium': 1.5}
        >>> balut = yamskit.variant("balut")
        >>> level_rungs(balut, with_opponents=False), level_rungs(balut, with_opponents=True)["hard"]
        ({}, 1.8)
    """
    family = adapter_of(variant).rungs
    if family is not None:
        given = family(variant, with_opponents)
    elif with_opponents and isinstance(variant, ScorecardVariant) and isinstance(variant.rules.result, PointsTable):
        given = POINTS_TABLE_VERSUS
    else:
        given = {}
    return checked(given, family=getattr(variant, "name", type(variant).__name__))


def _level(variant: Variant, level: str, bot: Callable[[int], Player], *, seed: int) -> Player:
    """``level``'s bot: its own, or the player of the rung its family sets it on, by table (`TablePlayer`).

    ``bot(n)`` builds the bot of whole rung ``n`` (`_rung_bot`).
    """
    if level == "random":
        return bot(RUNGS[level])

    def standing(rung: float | None) -> Player:
        if rung is not None:
            return at_rung(rung, bot, seed=seed)
        if level == "medium" and one_plain_column(variant):  # no one-throw evaluation lands between easy and hard
            return MixedPlayer(bot(RUNGS["hard"]), bot(RUNGS["easy"]), seed=seed)
        return bot(RUNGS[level])

    alone = level_rungs(variant, with_opponents=False).get(level)
    versus = level_rungs(variant, with_opponents=True).get(level)
    if alone == versus:
        return standing(alone)
    return TablePlayer(standing(alone), standing(versus))


def _rung_bot(
    variant: Variant, rung: int, *, seed: int, time_budget: float, cache: Cache, progress: Progress | None
) -> Player:
    """The bot on whole rung ``rung`` (`.rungs`): random play, the greedy bot, the one-throw bot, the strong bot."""
    if rung == RUNGS["random"]:
        return RandomPlayer(seed=seed)
    if rung == RUNGS["easy"]:
        return PlainGreedyPlayer() if greedy_is_near(variant) else GreedyPlayer()
    if rung == RUNGS["medium"]:
        return _one_throw(variant, seed)
    return StrongPlayer(variant, time_budget=time_budget, seed=seed, cache=cache, progress=progress)


def _folder(cache: Cache) -> Path | None:
    """The folder a family's exact player keeps its values in: ``cache`` resolved (``None`` for no disk)."""
    if cache is False:
        return None
    from ..solver.advice import cache_directory

    return cache_directory() if cache is True else Path(cache)


def _why_unsolvable(variant: Variant) -> str:
    """Why the exact solver does not play ``variant``: its own reason for a one-column sheet."""
    if isinstance(variant, ScorecardVariant) and len(variant.rules.columns) == 1:
        try:
            from ..solver.model import model_of

            model_of(variant)
        except RuleConfigError as error:
            return str(error)
        except ImportError:
            return "the exact solver needs numpy"
    return "the exact solver handles one-column sheets only"


def solvable(variant: Variant, *, time_budget: float | None = None, cache: Cache = False) -> bool:
    """Whether ``variant`` is a one-column sheet the exact solver handles (within ``time_budget`` seconds).

    A strategy already solved needs no time: one kept in this process, or (with ``cache``:
    ``True`` for the folder `yamskit advise` fills, or a folder) one saved on disk, which is
    read in a second or two instead of solved.

    Examples:
        >>> import yamskit
        >>> solvable(yamskit.variant("classic")), solvable(yamskit.variant("challenge"))
        (True, False)
        >>> from yamskit.categories import Category, total, upper
        >>> sheet = yamskit.ScorecardVariant.define("docs-sheet", rows=[upper(1), upper(3), Category("chance", total)])
        >>> solvable(sheet), solvable(sheet, time_budget=0)  # no time to solve it (until it is solved once)
        (True, False)
    """
    model = _model(variant)
    if model is None:
        return False
    if time_budget is None or model.fingerprint in _STRATEGIES:
        return True
    if isinstance(variant, ScorecardVariant) and on_disk(variant, cache):  # it is, having a model
        return True
    from ..solver.space import StateSpace

    count = _COUNTS.get(model.fingerprint, lambda: StateSpace.of(model).count)
    return count / _STATES_PER_SECOND <= time_budget


def plays_perfect(variant: Variant) -> bool:
    """Whether the ``"perfect"`` level plays ``variant``: a sheet the exact solver handles, or a family's solved game.

    The second is the family's own exact player of its one-player game
    (`yamskit.adapters.EdgeAdapter.solitaire`), such as solo Yamslam.

    Examples:
        >>> import yamskit
        >>> plays_perfect(yamskit.variant("yahtzee")), plays_perfect(yamskit.variant("yamslam", mode="solo"))
        (True, True)
        >>> plays_perfect(yamskit.variant("yamslam")), plays_perfect(yamskit.variant("challenge"))
        (False, False)
    """
    return solvable(variant) or _solitaire(variant, time_budget=math.inf, cache=False, progress=None) is not None


def greedy_is_near(variant: Variant) -> bool:
    """Whether ``variant`` is a sheet where `GreedyPlayer` comes too close to the optimum for levels between them.

    That is a sheet of `one_plain_column` with five dice (Yacht, Generala, a user's own such
    sheet): there the box paying most now misses little, no bonus chase among others. Its
    ``"easy"`` level is `PlainGreedyPlayer` (and its ``"medium"`` a `MixedPlayer` of ``"hard"``
    and ``"easy"`` turns, as on every sheet of `one_plain_column`; see `player`). It reads the
    rules only (no numpy needed), so ``"easy"`` is the same player with or without numpy.

    Examples:
        >>> import yamskit
        >>> [greedy_is_near(yamskit.variant(name)) for name in ("yacht", "generala", "classic", "balut", "crag")]
        [True, True, False, False, False]
    """
    return one_plain_column(variant) and isinstance(variant, ScorecardVariant) and variant.rules.dice == NUM_DICE


def one_plain_column(variant: Variant) -> bool:
    """Whether ``variant`` is a one-column sheet in free order with no upper bonus, turn condition or result rule.

    On such a sheet, of any number of dice, a one-throw evaluation plays about as well as the
    optimum (no bonus to chase: most boxes pay the dice they hold), so no such evaluation lands
    between ``"easy"`` and ``"hard"``: there `player` builds ``"medium"`` as a `MixedPlayer`,
    each turn played as ``"hard"`` or as ``"easy"``, half and half. In Crag (three dice) the
    one-throw sheet view won 47.6% of 400 games against the solved optimum, the mix 27.2%.

    Examples:
        >>> import yamskit
        >>> [one_plain_column(yamskit.variant(name)) for name in ("yacht", "crag", "classic", "maxi-yatzy")]
        [True, True, False, False]
    """
    if not isinstance(variant, ScorecardVariant):
        return False
    rules = variant.rules
    if len(rules.columns) != 1 or rules.bonus is not None or rules.result is not None:
        return False
    column = rules.columns[0]
    return column.policy.kind == "free" and column.condition is None


def _ahead_plays(variant: ScorecardVariant) -> bool:
    """Whether the expert plays ``variant`` by the sheet view one turn deeper (`yamskit.bots.ahead.AheadPlayer`).

    It does on the sheets hard plays by the sheet view itself, when hard does not solve
    them: a sheet won on a points table (Balut) or of several columns (Yams Challenge),
    without saved throws (Maxi Yatzy's expert plays the store strategy).
    """
    rules = variant.rules
    return not rules.saved_throws and (isinstance(rules.result, PointsTable) or len(rules.columns) > 1)


def _sheet_expert(variant: ScorecardVariant) -> Player:
    """The expert of a sheet hard plays by its view: the shipped fitted values, else the view one turn deeper."""
    from .values_player import ValuesPlayer, stored_values

    values = stored_values(variant.rules)
    if values is not None:
        return ValuesPlayer(values)
    from .ahead import AheadPlayer

    return AheadPlayer()


def _duel_plays(variant: Variant) -> bool:
    """Whether the duel player's exact chances play ``variant`` (the rules of the solver's stepped games)."""
    from ..solver.batch import batch_model

    try:
        batch_model(variant)
    except RuleConfigError:
        return False
    return True


def _strategy(variant: Variant, *, cache: Cache = True, progress: Progress | None = None) -> Any:
    """The solved strategy of a solvable variant: kept once per rules in this process, and in ``cache`` on disk.

    The solve runs in this process alone and shows nothing; ``progress`` is told how it goes.
    """
    model = _model(variant)
    assert isinstance(variant, ScorecardVariant)  # solvable: only a ScorecardVariant has a solver model

    def solve() -> Any:
        if cache is False:
            from ..solver import Strategy
            from ..solver.expectimax import solve_values

            return Strategy(variant, model, solve_values(model, processes=1, quiet=True, progress=progress))
        from ..solver.advice import cached_strategy

        folder = None if cache is True else cache
        return cached_strategy(variant, directory=folder, quiet=True, processes=1, progress=progress)

    return _STRATEGIES.get(model.fingerprint, solve)


@attrs.frozen
class StrongPlayer:
    """A bot that plans the rest of its turn exactly and judges its end with an evaluation per variant.

    Attributes:
        variant: the variant it will play (any variant: scorecards of 1 to 8 dice, user-defined
            ones included; Yam Master; Yamslam; a plug-in family's).
        time_budget: seconds it may spend, once, solving a one-column sheet exactly;
            a sheet whose estimated solve takes longer is played with values fitted
            on a sample of its states instead (`yamskit.bots.fitted_values`, fitted
            once per rules, in about 1 to 3 seconds; 0: never solve). A strategy already
            in ``cache`` is read instead, whatever the budget (`solvable`).
        seed: its seed. The evaluations break ties by a fixed order, so today the choices
            depend only on the state; the seed is kept so that a future randomised bot
            stays reproducible.
        depth: how many throws ahead keeps look (1: as if the next throw ended the turn,
            the ``"medium"`` level, which also judges by the cruder evaluation of each
            kind of game, ``plain`` in `yamskit.bots.sheet` and the families' strategies;
            3 or more: the whole turn).
        cache: where a strategy it solves is kept between runs, and looked for first (see `Cache`).
        progress: told how a solve goes (see `Progress`); nothing is shown otherwise.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("competitive")
        >>> g = v.new_game(players=["A", "B"], seed=2).apply(yamskit.Roll(outcome="66612"))
        >>> StrongPlayer(v).choose(g)
        Roll(keep=Dice.parse('666'), outcome=None)
    """

    variant: Variant = attrs.field(eq=False)
    time_budget: float = attrs.field(default=5.0, kw_only=True)
    seed: int = attrs.field(default=0, kw_only=True)
    depth: int = attrs.field(default=3, kw_only=True)
    cache: Cache = attrs.field(default=True, kw_only=True, repr=False, eq=False)
    progress: Progress | None = attrs.field(default=None, kw_only=True, repr=False, eq=False)

    def choose(self, state: GameState) -> Action:
        """The action it takes in ``state`` (always legal there).

        Examples:
            >>> import yamskit
            >>> v = yamskit.variant("yam-master")
            >>> StrongPlayer(v).choose(v.new_game(players=["A", "B"], seed=1))
            Roll(keep=Dice.parse(''), outcome=None)
        """
        if state.is_over:
            return GreedyPlayer().choose(state)
        if isinstance(state, ScorecardGame):
            five = state.rules.dice == NUM_DICE  # the fitted values and the split parts read five-dice tables
            if self.depth >= state.rules.max_throws:
                if solvable(state.variant, time_budget=self.time_budget, cache=self.cache):
                    strategy = _strategy(state.variant, cache=self.cache, progress=self.progress)
                    return OptimalPlayer(strategy).choose(state)
                if five:
                    from .fitted_values import fitted_strategy

                    fitted = fitted_strategy(state.variant)
                    if fitted is not None:
                        return fitted.best_action(state)
            from .sheet import MEDIUM_WORTH, bonus_factor_of, choose_on_sheet
            from .split import choose_split, splittable

            if five and splittable(state.variant):
                if self.depth <= 1:  # the "medium" level: each box's worth, at a lower share, one throw ahead
                    return choose_on_sheet(state, depth=1, plain=False, worth_factor=MEDIUM_WORTH)
                return choose_split(state, depth=self.depth)
            return choose_on_sheet(state, depth=self.depth, bonus_factor=bonus_factor_of(state.rules))
        # any other family: the strategy its adapter registers, else the generic planning bot
        strategy = adapter_of(state.variant).choose
        if strategy is not None:
            return strategy(state, depth=self.depth)
        from .generic import choose_generic

        return choose_generic(state, depth=self.depth)


def _rollout_policy(variant: Variant, *, hard: Player, exact: bool) -> Player:
    """The bot that plays every seat of the expert's rollouts: the cheapest one that plays the family soundly.

    That is ``hard`` itself, except on a sheet it does not play exactly. A whole game of Yam
    Master or Yamslam between ``"hard"`` bots takes some tens of milliseconds, and on a sheet
    ``hard`` plays ``exact``ly its decisions are lookups in the solved strategy (a two-player
    game of Generala in about 14 ms, an ``"easy"`` one in 17): a rollout of ``"easy"`` bots
    would judge a move by how a weaker player ends the game. Other sheets take about 0.1 to
    1 s a game between ``"hard"`` bots (Competitive, with its columns, 0.6 s), so they roll
    out as ``"easy"`` (a game in 2 to 150 ms).
    """
    if isinstance(variant, ScorecardVariant) and not exact:
        return GreedyPlayer()
    return hard


def player(
    variant: Variant,
    level: str = "hard",
    *,
    seed: int = 0,
    time_budget: float = 5.0,
    decision_time: float = 1.0,
    rollouts: int | None = None,
    cache: Cache = True,
    progress: Progress | None = None,
) -> Player:
    """A bot for ``variant`` at ``level``.

    Where a family's best players stand too close for each level to differ from the next, it
    sets ``"easy"``, ``"medium"`` or ``"hard"`` on a rung of its own among the four fast bots
    (`yamskit.bots.rungs`; `yamskit.adapters.EdgeAdapter.rungs`), a `MixedPlayer` of the two
    bots around a rung between them: Yamslam with opponents, ``"hard"`` 60% of its turns as
    the strong bot and the rest as the one-throw bot of ``"medium"``; Yam Master, ``"hard"``
    that one-throw bot and ``"medium"`` half its turns as it and half as ``"easy"``; a sheet
    won on a points table (Balut) with opponents, `POINTS_TABLE_VERSUS`, a `TablePlayer` that
    plays each level's own bot alone. The expert stands on the strong bot whatever ``"hard"``
    is. The levels, weakest first, where no family moves them:

    * ``"random"`` — `RandomPlayer`, any legal action;
    * ``"easy"`` — `GreedyPlayer`, the box or chip paying most now; on a sheet where that comes
      too close to the optimum (`greedy_is_near`: one column of five dice, no upper bonus, such
      as Yacht and Generala) `PlainGreedyPlayer`, which also writes the box paying most now but
      keeps the face it shows most;
    * ``"medium"`` — `StrongPlayer` looking one throw ahead, without the exact solver, and
      with a cruder evaluation where one exists: on a sheet of several columns (or of other
      than five dice) the points written now, without the boxes' future worth, the
      coefficients, the bonuses or the clean columns (`yamskit.bots.sheet.SheetView`,
      ``plain``); in Yam Master its own lines only, blind to the opponent's; in Yamslam the
      chips' points only, taking what a throw gives (the families' strategies, ``plain``).
      On a one-column sheet of five dice that the split evaluation handles (classic, Yahtzee,
      Yatzy...; `yamskit.bots.split.splittable`) it weighs each open box's expected worth, at a lower
      share than the full evaluation gives it (`yamskit.bots.sheet.MEDIUM_WORTH`), and the
      upper bonus, one throw ahead. On a sheet of `one_plain_column` (Yacht, Generala, Crag) it
      is a `MixedPlayer`: each turn, drawn from its seed, played as ``"hard"`` or as ``"easy"``,
      half and half (there no one-throw evaluation lands between the two);
    * ``"hard"`` — `StrongPlayer`;
    * ``"expert"`` — `yamskit.bots.expert.ExpertPlayer`: the strong bot's action checked against
      the ``"medium"`` and ``"easy"`` bots' by Monte-Carlo rollouts of the rest of the game, for
      ``decision_time`` seconds a decision, or exactly ``rollouts`` rollouts (reproducible for a
      seed). In a solitaire game of a one-column sheet that ``"hard"`` solves within
      ``time_budget`` it plays as ``"hard"``, which is then already optimal; in a two-player
      game of such a sheet it plays the last turns for the chance to win
      (`yamskit.bots.duel.DuelPlayer`); in a game with opponents of a sheet scored by column
      duels (Competitive Yams) it weighs every seat's columns and picks its box by the chance
      to win (`yamskit.bots.duel_sheet.DuelSheetPlayer`); on a sheet whose unused throws are
      saved (Maxi Yatzy) it plays the solver's strategy over a store capped at four throws
      (`yamskit.bots.store_player`) once that is at hand: in the process, in ``cache``, or
      solved within ``time_budget`` (Maxi Yatzy's takes about 15 minutes: fill the cache once
      with ``yamskit advise``); on a sheet of several columns whose values are shipped fitted
      (Yams Challenge), alone or with opponents, those values
      (`yamskit.bots.values_player.ValuesPlayer`); on another sheet won on a points table (Balut)
      or of several columns, the sheet view one turn deeper at the box
      (`yamskit.bots.ahead.AheadPlayer`); in a family's one-player
      game that the family plays exactly (`yamskit.adapters.EdgeAdapter.solitaire`: solo
      Yamslam) that exact player, once what it plays by is at hand: in the process, in
      ``cache``, or solved within ``time_budget`` (solo Yamslam's takes about 20 seconds:
      ``"perfect"`` solves and keeps it); in a family's game with opponents that the family
      plays itself (`yamskit.adapters.EdgeAdapter.versus`: Yamslam between two sides, whose
      last chips it counts exactly for the chance to win within ``decision_time``) that player;
    * ``"perfect"`` — `OptimalPlayer` with the solved strategy, for one-column sheets the
      solver handles (maximal expected score, solitaire), or the family's exact player of its
      one-player game (solo Yamslam), solved once if need be; `RuleConfigError` elsewhere.

    ``time_budget`` is the seconds ``"hard"`` and ``"expert"`` may spend, once, solving a
    one-column sheet exactly. A solved strategy is kept in ``cache`` (by default the folder
    `yamskit advise` fills), so ``"perfect"`` solves a variant once, not in every process,
    and ``"hard"`` and ``"expert"`` read one found there whatever their budget (Scandinavian
    Yatzy, whose estimated solve is over the default budget, is played exactly once `yamskit
    advise` or ``"perfect"`` has solved it); ``progress`` is told how a solve goes (nothing is printed).

    Raises:
        RuleConfigError: an unknown level, or ``"perfect"`` for a variant the exact solver does
            not handle (the message says why: more than one column, too many rows...), or an
            ``"expert"`` option out of range.

    Examples:
        >>> import yamskit
        >>> player(yamskit.variant("yam-master"), "easy")
        GreedyPlayer()
        >>> player(yamskit.variant("challenge"), "hard", seed=4)
        StrongPlayer(variant=ScorecardVariant(name='challenge'), time_budget=5.0, seed=4, depth=3)
        >>> player(yamskit.variant("yam-master"), "hard", seed=4).depth  # the one-throw bot
        1
        >>> bot = player(yamskit.variant("yamslam"), "expert", rollouts=12, seed=4)
        >>> g = yamskit.variant("yamslam").new_game(players=["A", "B"], seed=1)
        >>> bot.search(g).choice, bot.search(g).rollouts  # one legal first move: no rollouts
        (Roll(keep=Dice.parse(''), outcome=None), 0)
        >>> player(yamskit.variant("challenge"), "perfect")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        RuleConfigError: no 'perfect' level for challenge: ...
    """
    if level in RUNGS:
        bot = functools.partial(_rung_bot, variant, seed=seed, time_budget=time_budget, cache=cache, progress=progress)
        return _level(variant, level, bot, seed=seed)
    if level == "expert":
        hard = StrongPlayer(variant, time_budget=time_budget, seed=seed, cache=cache, progress=progress)
        exact = solvable(variant, time_budget=time_budget, cache=cache)
        duel = None
        if exact and _duel_plays(variant):
            duel = DuelPlayer(lambda: _strategy(variant, cache=cache, progress=progress))
        versus: Player | None = None
        alone: Player | None = None
        if isinstance(variant, ScorecardVariant):
            from .duel_sheet import DuelSheetPlayer, duel_scoring

            if duel_scoring(variant.rules) is not None:
                versus = DuelSheetPlayer(seed=seed)
            elif store_ready(variant, time_budget=time_budget, cache=cache):
                alone = versus = StorePlayer(lambda: store_strategy(variant, cache=cache, progress=progress))
            elif _ahead_plays(variant) and not exact:
                alone = versus = _sheet_expert(variant)
        else:
            alone = _solitaire(variant, time_budget=time_budget, cache=cache, progress=progress)
            versus = _versus(variant, fallback=hard, decision_time=decision_time)
        return ExpertPlayer(
            hard,
            proposers=(_one_throw(variant, seed), GreedyPlayer()),
            rollout_policy=_rollout_policy(variant, hard=hard, exact=exact),
            seed=seed,
            decision_time=decision_time,
            rollouts=rollouts,
            exact=exact,
            duel=duel,
            versus=versus,
            alone=alone,
        )
    if level == "perfect":
        family = _solitaire(variant, time_budget=math.inf, cache=cache, progress=progress)
        if family is not None:
            return family
        if not solvable(variant):
            name = getattr(variant, "name", type(variant).__name__)
            raise RuleConfigError(f"no 'perfect' level for {name}: {_why_unsolvable(variant)}; use 'hard'")
        return OptimalPlayer(_strategy(variant, cache=cache, progress=progress))
    raise RuleConfigError(f"level must be one of {', '.join(LEVELS)}, not {brief(level)}")
