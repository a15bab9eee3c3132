"""A variant family defined outside the package plugs in its notation, positions and pictures.

"Top it" is a small game written here with the core's public parts only: each turn a
player throws the five dice once or twice, then banks the dice total (``Pass``); after
``turns`` turns each, the highest bank wins. Nothing in yamskit knows it: it reaches
`yamskit.from_notation`, `yamskit.position.check_reachable`, `yamskit.load_game`,
`yamskit.svg.svg` and Jupyter's ``_repr_svg_`` through its variant and its class, the
same way the built-in families do.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import attrs
import pytest

import yamskit
import yamskit.adapters
from yamskit import svg
from yamskit.action_space import ROLL_ACTIONS, ActionSpace
from yamskit.action_text import ActionWords
from yamskit.actions import Action, Pass, Roll
from yamskit.dice import Dice, DiceStream, new_stream
from yamskit.errors import IllegalActionError, MustRollFirstError, RuleConfigError, UnknownActionError, game_over_error
from yamskit.history import EMPTY_HISTORY, History, to_history
from yamskit.notation import grammar, read_position
from yamskit.position import ImpossibleTurnError, PositionError, check_reachable, check_turn
from yamskit.result import Result
from yamskit.seats import resolve_player
from yamskit.serialization import dump_game, shared_fields, shared_to_data
from yamskit.transitions import GameStateBase, Transitions, remembered_legal_ids
from yamskit.turn import Turn

MAX_THROWS = 2
SPACE = ActionSpace("top-it", (*ROLL_ACTIONS, Pass()))
PASS_ID = len(ROLL_ACTIONS)


@attrs.frozen
class TopIt:
    """The rules: how many turns each player plays."""

    turns: int = 3

    name: ClassVar[str] = "top-it"

    @property
    def options(self) -> dict[str, Any]:
        return {"turns": self.turns}

    @property
    def actions(self) -> ActionSpace:
        return SPACE

    def new_game(self, players: Sequence[str] = ("Ann",), *, seed: int | None = None) -> TopItGame:
        start = Turn.start(max_throws=MAX_THROWS)
        return TopItGame(self, tuple(players), (0,) * len(players), 0, start, new_stream(seed))

    def state_from_data(self, data: Any) -> TopItGame:
        shared = shared_fields(data, players=(1, 4), max_throws=MAX_THROWS)
        game = TopItGame(self, **{**shared, "banks": tuple(data["banks"]), "round": data["round"]})
        check_reachable(game)
        return game

    def from_notation(self, text: str) -> TopItGame:
        return read_position(text, self, lambda fields: TopItGame(**read_fields(self, fields)))

    def check_position(self, game: TopItGame) -> None:
        for p, bank in enumerate(game.banks):
            played = game.round + (1 if p < game.current_player else 0)  # turns this player has banked
            if bank > 30 * played or (played and bank < 5 * played) or (not played and bank):
                raise PositionError(f"{game.players[p]} banked {bank} in {played} turns", rule="bank")
        if game.round > self.turns or (game.round == self.turns and game.current_player):
            raise ImpossibleTurnError(f"round {game.round} is past the end ({self.turns} turns)", rule="turn_count")
        check_turn(game.turn, max_throws=MAX_THROWS)

    def position(
        self, players: Sequence[str], *, banks: Sequence[int], current_player: int = 0, round: int = 0
    ) -> TopItGame:
        start = Turn.start(max_throws=MAX_THROWS)
        game = TopItGame(self, tuple(players), tuple(banks), current_player, start, new_stream(1), round=round)
        check_reachable(game)
        return game


@attrs.frozen(repr=False)
class TopItGame(GameStateBase):
    variant: TopIt
    players: tuple[str, ...]
    banks: tuple[int, ...]
    current_player: int
    turn: Turn
    stream: DiceStream
    _history: History = attrs.field(default=EMPTY_HISTORY, converter=to_history, alias="history")
    round: int = 0
    first_player: int = 0
    _legal: tuple[int, ...] | None = attrs.field(init=False, default=None, eq=False, repr=False)
    _origin: Any = attrs.field(default=None, eq=False, repr=False, alias="origin")

    def render(self) -> str:
        return f"{', '.join(f'{n} {b}' for n, b in zip(self.players, self.banks, strict=True))}; dice {self.dice}"

    @property
    def is_over(self) -> bool:
        return self.round >= self.variant.turns

    def check(self, action: Action, *, player: int | str | None = None) -> None:
        if self.is_over:
            raise game_over_error(self.players)
        resolve_player(self.players, self.current_player, player)
        if isinstance(action, Roll):
            self.turn.check_throw(action.keep, action.outcome)
        elif isinstance(action, Pass):
            if not self.turn.has_thrown:
                raise MustRollFirstError("throw before banking")
        else:
            raise UnknownActionError(f"top-it has no action {type(action).__name__}")

    def _generate(self) -> Iterator[Action]:
        return iter([SPACE[i] for i in self.legal_action_ids()])

    def legal_action_ids(self) -> tuple[int, ...]:
        def compute() -> tuple[int, ...]:
            if self.is_over:
                return ()
            if not self.turn.has_thrown:
                return (0,)
            throws = (0,) if self.turn.throws_left else ()
            return (*throws, PASS_ID)

        return remembered_legal_ids(self, compute)

    transitions: ClassVar[Transitions[TopItGame]]

    def result(self) -> Result:
        return Result.from_scores(self.players, self.banks)

    def to_json(self) -> str:
        return dump_game(self.variant, {**shared_to_data(self), "banks": list(self.banks), "round": self.round})

    def to_notation(self) -> str:
        return " ".join(
            [
                grammar.variant_head(self.variant),
                grammar.write_names(self.players),
                ",".join(map(str, self.banks)),
                f"{self.current_player}:{self.first_player}",
                grammar.write_turn(self.turn),
                grammar.write_stream(self.stream),
                str(self.round),
            ]
        )

    picture_kind: ClassVar[str] = "top-it"
    action_words: ClassVar[ActionWords | None] = None  # actions read and written as their canonical text


def _thrown(state: TopItGame, turn: Turn, stream: DiceStream, history: History) -> TopItGame:
    return attrs.evolve(state, turn=turn, stream=stream, history=history)


def _bank(state: TopItGame, _action: Pass, _i: int, history: History) -> TopItGame:
    me, n = state.current_player, len(state.players)
    banks = tuple(b + (state.turn.dice.total if p == me else 0) for p, b in enumerate(state.banks))
    following = (me + 1) % n
    return attrs.evolve(
        state,
        banks=banks,
        current_player=following,
        turn=Turn.start(max_throws=MAX_THROWS),
        history=history,
        round=state.round + (following == 0),
    )


TopItGame.transitions = Transitions(thrown=_thrown, moves={Pass: _bank})


def read_fields(variant: TopIt, fields: list[str]) -> dict[str, Any]:
    grammar.expect_fields(fields, variant.name, "HEAD PLAYERS BANKS SEATS TURN STREAM ROUND", (7,))
    players = grammar.read_names(fields[1], "PLAYERS")
    current, first = grammar.read_seats(fields[3], len(players))
    return {
        "variant": variant,
        "players": players,
        "banks": grammar.read_ints(fields[2], "BANKS", len(players), 10**4),
        "current_player": current,
        "first_player": first,
        "turn": grammar.read_turn(fields[4], MAX_THROWS),
        "stream": grammar.read_stream(fields[5]),
        "round": grammar.read_int(fields[6], "ROUND", 0, 100),
    }


def _draw(game: TopItGame, *, theme: Any = None) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{" ".join(map(str, game.banks))}</text></svg>'


@pytest.fixture(autouse=True)
def registered() -> None:
    yamskit.register_variant("top-it", TopIt, replace=True)
    svg.register("top-it", _draw)


def _played(seed: int = 5) -> TopItGame:
    game = TopIt(turns=2).new_game(players=["Ann", "Bob"], seed=seed)
    while not game.is_over:
        ids = game.legal_action_ids()
        game = game.apply(SPACE[ids[-1] if len(game.history) % 3 else ids[0]])
    return game


def test_a_plug_in_state_round_trips_its_notation_through_yamskit_from_notation() -> None:
    game = _played()
    for prefix in range(len(game.history) + 1):
        state = TopIt(turns=2).new_game(players=["Ann", "Bob"], seed=5)
        for move in game.history[:prefix]:
            state = state.apply(move.action)
        text = yamskit.notation.to_notation(state)
        back = yamskit.from_notation(text)
        assert isinstance(back, TopItGame)
        assert (back.banks, back.turn, back.stream, back.current_player, back.round) == (
            state.banks,
            state.turn,
            state.stream,
            state.current_player,
            state.round,
        )
        assert back.to_notation() == text


def test_a_plug_in_position_is_checked_by_its_own_rules() -> None:
    v = TopIt(turns=2)
    assert v.position(["Ann", "Bob"], banks=[20, 0], current_player=1).banks == (20, 0)
    with pytest.raises(PositionError, match="banked 200"):
        v.position(["Ann", "Bob"], banks=[200, 0], current_player=1)
    with pytest.raises(PositionError, match="rule: bank"):
        yamskit.from_notation("top-it(turns=2) Ann,Bob 0,31 0:0 - 5:0 0")


def test_a_plug_in_save_loads_back_equal() -> None:
    game = _played()
    assert yamskit.load_game(game.to_json()) == game


def test_a_plug_in_state_draws_itself_through_the_display_hook() -> None:
    game = _played()
    assert svg.svg(game) == _draw(game)
    assert game._repr_svg_() == _draw(game)


def test_a_plug_in_state_follows_the_protocol() -> None:
    game = TopIt().new_game(players=["Ann"], seed=2)
    assert isinstance(game, yamskit.GameState)
    with pytest.raises(IllegalActionError):
        game.apply(Pass())
    thrown = game.apply(Roll(outcome=Dice.parse("66666")))
    assert thrown.apply(Pass()).banks == (30,)
    assert len(thrown.outcomes("66")) == 56
    # a family without words of its own reads the canonical texts, and writes them as short forms
    assert [thrown.parse_action(thrown.action_text(a)) for a in thrown.legal_actions()] == list(thrown.legal_actions())
    assert thrown.parse_action("PASS") == Pass()


# ---------------------------------------------------------------- a placement rule of a user's own
@attrs.frozen
class DoubleSixes:
    """A user's house rule: sixes score double; it says so through the ``box_values`` hook."""

    def __call__(self, game: Any, p: Any) -> Any:
        return attrs.evolve(p, points=p.points * 2) if p.row == "sixes" else p

    def box_values(self, rules: Any, values: tuple[frozenset[int], ...]) -> tuple[frozenset[int], ...]:
        r = rules.row_index("sixes")
        return (*values[:r], frozenset(2 * v for v in values[r]), *values[r + 1 :])


def _doubled(rule: Any) -> yamskit.ScorecardVariant:
    from yamskit.categories import upper

    return yamskit.ScorecardVariant.define("double", rows=[upper(5), upper(6)], rules=[rule])


def test_a_user_rule_with_the_box_values_hook_has_its_values_checked() -> None:
    v = _doubled(DoubleSixes())
    assert v.position(["Ann"], sheets=[{"sixes": 60}], current_player=0).cell(0, "sixes").points == 60
    with pytest.raises(PositionError, match="rule: row_values"):
        v.position(["Ann"], sheets=[{"sixes": 62}])  # more than twice the best sixes, 30
    with pytest.raises(PositionError, match="rule: row_values"):
        v.position(["Ann"], sheets=[{"sixes": 7}])  # odd: no doubled score
    assert (
        yamskit.from_notation(v.position(["Ann"], sheets=[{"sixes": 12}]).to_notation(), variant=v)
        .cell(0, "sixes")
        .points
        == 12
    )


def _one_more_six(game: Any, p: Any) -> Any:
    """A user's rule that does not say what it writes: one more point in sixes."""
    return attrs.evolve(p, points=p.points + 1) if p.row == "sixes" and not p.crossed else p


def test_a_user_rule_without_the_hook_leaves_the_values_to_the_search() -> None:
    v = _doubled(_one_more_six)
    assert v.rules.box_values is None  # so no value is refused for its row alone
    assert v.position(["Ann"], sheets=[{"sixes": 7}]).cell(0, "sixes").points == 7  # one six, plus one
    with pytest.raises(PositionError, match="rule: placement_order"):
        v.position(["Ann"], sheets=[{"sixes": 8}])  # no turn writes 8: the rules' own game says so


# ---------------------------------------------------------------- the edges: learning envs and strong bots
@attrs.frozen
class ScoredTopIt(TopIt):
    """Top it with an edge adapter of its own: two to four players, banks in the observation."""


def _banks(state: TopItGame, player: int) -> list[float]:
    n = len(state.players)
    most = 30.0 * state.variant.turns
    return [state.banks[(player + k) % n] / most for k in range(n)]


yamskit.adapters.register(
    ScoredTopIt,
    yamskit.adapters.EdgeAdapter(
        players=(2, 4),
        observation=yamskit.adapters.Observation(
            layout=lambda variant, players: (("banks", players),),
            values=_banks,
            parts=lambda state: (state.banks,),
        ),
        reward_scale=lambda variant, players: 30.0 * variant.turns,
        side_score=lambda state, seat: state.banks[seat],
        bounds=lambda variant, players: (0.0, 30.0 * variant.turns, 3 * variant.turns * players),
    ),
)


@pytest.mark.parametrize("variant", [TopIt(turns=2), ScoredTopIt(turns=2)], ids=["generic", "adapter"])
def test_a_plug_in_family_gets_a_gymnasium_env_that_passes_the_checker(variant: TopIt) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from yamskit.rl import YamsEnv

    env = YamsEnv(variant, render_mode="ansi")
    check_env(env, skip_render_check=False)
    obs, _ = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    assert env.players == (1 if type(variant) is TopIt else 2)  # the generic way: the fewest players it takes


@pytest.mark.parametrize("variant", [TopIt(turns=2), ScoredTopIt(turns=2)], ids=["generic", "adapter"])
def test_a_plug_in_family_gets_a_pettingzoo_env_that_passes_the_api_test(variant: TopIt) -> None:
    pytest.importorskip("pettingzoo")
    import warnings

    from pettingzoo.test import api_test

    from yamskit.rl.pettingzoo import env

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation")
        api_test(env(variant), num_cycles=200)
        api_test(env(variant, players=3, reward="normalized"), num_cycles=200)


def test_a_plug_in_familys_scores_are_the_rewards_of_an_episode() -> None:
    pytest.importorskip("pettingzoo")
    from yamskit.rl.pettingzoo import env

    for variant in (TopIt(turns=2), ScoredTopIt(turns=2)):
        aec = env(variant)
        aec.reset(seed=4)
        paid = dict.fromkeys(aec.possible_agents, 0.0)
        for agent in aec.agent_iter(max_iter=500):
            _, reward, terminated, truncated, _ = aec.last()
            paid[agent] += reward
            aec.step(None if terminated or truncated else int(aec.unwrapped.game.legal_action_ids()[-1]))
        assert [paid[a] for a in aec.possible_agents] == list(aec.unwrapped.game.banks)


def test_a_plug_in_adapters_observation_comes_first_then_the_turn() -> None:
    pytest.importorskip("gymnasium")  # yamskit.rl needs the rl extra
    from yamskit.rl import observation_layout, observe

    game = ScoredTopIt(turns=2).new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome=Dice.parse("66655")))
    game = game.apply(Pass())
    assert observation_layout(game.variant, 2)[0] == ("banks", 2)
    assert observe(game, 1)[:2].tolist() == pytest.approx([0.0, 28 / 60])  # Bob first, then Ann's 28 of 60
    generic = TopIt(turns=2).new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome=Dice.parse("66655")))
    assert observation_layout(generic.variant, 2)[0] == ("scores", 2)
    assert observe(generic.apply(Pass()), 0)[:2].tolist() == pytest.approx([0.5 + 0.5 * 28 / 128, 0.5])


@pytest.mark.parametrize("variant", [TopIt(turns=3), ScoredTopIt(turns=3)], ids=["generic", "adapter"])
def test_a_plug_in_family_gets_a_strong_bot_that_plays_whole_legal_games(variant: TopIt) -> None:
    from yamskit.bots import RandomPlayer, StrongPlayer, play, player

    bot = player(variant, "hard")
    assert isinstance(bot, StrongPlayer)
    thrown = variant.new_game(players=["Ann", "Bob"], seed=1)
    assert bot.choose(thrown.apply(Roll(outcome=Dice.parse("11112")))) == Roll()  # 6 now, 17.5 on average
    assert bot.choose(thrown.apply(Roll(outcome=Dice.parse("66654")))) == Pass()
    strong = random = 0
    for seed in range(6):
        final = play(variant.new_game(players=["Ann", "Bob"], seed=seed), [bot, RandomPlayer(seed=seed)])
        assert final.is_over
        strong, random = strong + final.banks[0], random + final.banks[1]
    assert strong > random


@pytest.mark.parametrize("family", [TopIt, ScoredTopIt], ids=["generic", "adapter"])
def test_a_plug_in_family_gets_an_openspiel_game(family: type[TopIt]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from yamskit.rl.openspiel import YamsGame

    yamskit.register_variant("top-it", family, replace=True)
    game = YamsGame({"variant": "top-it", "turns": 2})
    assert game.num_players() == (1 if family is TopIt else 2)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@attrs.frozen
class BankingTopIt(TopIt):
    """Top it whose adapter offers an exact one-player strategy (`EdgeAdapter.solitaire`)."""


@attrs.frozen
class BankAt18:
    """Top it alone, played best: a rethrow of five dice is worth 17.5, so bank 18 or more."""

    def choose(self, state: Any) -> Any:
        if state.turn.has_thrown and (not state.turn.throws_left or sum(state.turn.dice.faces) >= 18):
            return Pass()
        return Roll()


def _bank_at_18(variant: Any, *, folder: Any, time_budget: float, progress: Any = None) -> BankAt18 | None:
    return BankAt18() if time_budget >= 1.0 else None  # as if its solve took a second


yamskit.adapters.register(BankingTopIt, yamskit.adapters.EdgeAdapter(solitaire=_bank_at_18))


def test_a_plug_in_familys_exact_one_player_strategy_plays_perfect_and_expert_alone() -> None:
    from yamskit.bots import ExpertPlayer, play, player, plays_perfect

    v = BankingTopIt(turns=2)
    assert plays_perfect(v)
    assert not plays_perfect(TopIt(turns=2))
    assert isinstance(player(v, "perfect"), BankAt18)
    expert = player(v, "expert")
    assert isinstance(expert, ExpertPlayer)
    assert isinstance(expert.alone, BankAt18)
    short = player(v, "expert", time_budget=0.5)  # its solve would not fit: it searches instead
    assert isinstance(short, ExpertPlayer)
    assert short.alone is None
    game = v.new_game(["Ann"], seed=3)
    assert expert.choose(game.apply(Roll(outcome=Dice.parse("66654")))) == Pass()  # 27: banked
    assert expert.choose(game.apply(Roll(outcome=Dice.parse("11112")))) == Roll()  # 6: thrown again
    assert play(game, [expert]).is_over


@attrs.frozen
class SpreadTopIt(TopIt):
    """Top it whose adapter sets its levels on rungs (`EdgeAdapter.rungs`): one set alone, one with others."""

    alone: Any = ()
    versus: Any = (("hard", 2.25),)


def _spread_rungs(variant: SpreadTopIt, with_opponents: bool) -> Any:
    given = variant.versus if with_opponents else variant.alone
    return dict(given) if isinstance(given, tuple) else given


yamskit.adapters.register(SpreadTopIt, yamskit.adapters.EdgeAdapter(rungs=_spread_rungs))


def test_a_plug_in_familys_rungs_move_its_levels_by_table() -> None:
    from yamskit.bots import GreedyPlayer, MixedPlayer, RandomPlayer, StrongPlayer, TablePlayer, play, player

    v = SpreadTopIt(turns=3)
    strong = StrongPlayer(v, seed=5)
    one_throw = StrongPlayer(v, time_budget=0.0, seed=5, depth=1)
    hard = player(v, "hard", seed=5)
    assert isinstance(hard, TablePlayer)
    assert hard.alone == strong  # alone the family moves nothing
    assert isinstance(hard.versus, MixedPlayer)
    assert (hard.versus.strong, hard.versus.weak, hard.versus.share, hard.versus.seed) == (strong, one_throw, 0.25, 5)
    alone, versus = v.new_game(players=["Ann"], seed=2), v.new_game(players=["Ann", "Bob"], seed=2)
    assert (hard.player_for(alone), hard.player_for(versus)) == (hard.alone, hard.versus)
    assert play(versus, [hard, player(v, "medium")]).is_over
    assert play(alone, [hard]).is_over
    same = SpreadTopIt(turns=3, alone=(("hard", 2.25),))
    assert isinstance(player(same, "hard", seed=5), MixedPlayer)  # the same rung at both tables: no TablePlayer
    assert player(v, "medium", seed=5) == one_throw  # a level left out plays its own bot
    whole = {("hard", 3): strong, ("hard", 2): one_throw, ("medium", 1): GreedyPlayer(), ("easy", 0): RandomPlayer(5)}
    for (level, rung), bot in whole.items():
        moved = SpreadTopIt(turns=3, alone=((level, rung),), versus=((level, rung),))
        assert player(moved, level, seed=5) == bot, (level, rung)  # a whole rung: that bot itself
    easy = player(SpreadTopIt(turns=3, alone=(("easy", 0.5),), versus=(("easy", 0.5),)), "easy", seed=5)
    assert (easy.strong, easy.weak, easy.share) == (GreedyPlayer(), RandomPlayer(5), 0.5)


@pytest.mark.parametrize("bad", [3.5, -0.1, float("nan"), float("inf"), "1", None, True])
def test_a_plug_in_familys_rung_outside_the_ladder_is_refused_by_name(bad: object) -> None:
    from yamskit.bots import player

    v = SpreadTopIt(turns=3, versus=(("hard", bad),))
    with pytest.raises(RuleConfigError, match="top-it's rung of hard must be a number from 0 to 3"):
        player(v, "hard")


@pytest.mark.parametrize("given", [(("expert", 2.0),), (("random", 1.0),), (("perfect", 2.0),), [("hard", 2.0)]])
def test_a_plug_in_familys_rungs_move_only_easy_medium_and_hard(given: Any) -> None:
    from yamskit.bots import player

    with pytest.raises(RuleConfigError, match=r"top-it's rungs (may move easy, medium or hard|must be a mapping)"):
        player(SpreadTopIt(turns=3, versus=given), "hard")
