"""The Python side of yamskit's web page: one game at a time, as JSON for the page's JavaScript.

The page runs this module in Pyodide, in a Web Worker; the tests run it in CPython too.
It uses yamskit's public API only: `yamskit.variant`, the states' protocol
(``legal_actions``, ``apply``, ``result``, ``to_json``, ``to_notation``),
`yamskit.actions.action_from_data` for what a click asks for, `yamskit.bots.player`
for the bots, `yamskit.svg` for the pictures and `yamskit.records.GameRecord` for the
record. Every function takes and returns JSON text, so the JavaScript side only
parses and shows it.

Examples:
    >>> import json
    >>> view = json.loads(start(json.dumps({"variant": "classic", "players": [{"name": "Ann"}], "seed": 7})))
    >>> view["player"], view["legal"]
    ('Ann', [{'type': 'roll', 'keep': '', 'outcome': None}])
    >>> view = json.loads(act(json.dumps({"type": "score", "row": "chance", "column": "main"})))
    >>> view["error"]
    'MustRollFirstError: Ann must throw the dice before placing'
"""

from __future__ import annotations

import ast
import json
import traceback
from collections.abc import Callable, Sequence
from typing import Any, Literal

import yamskit
from yamskit.actions import action_from_data, action_to_data
from yamskit.bots import LEVELS, Player
from yamskit.bots import player as make_bot
from yamskit.records import GameRecord
from yamskit.svg import histogram, svg

__all__ = [
    "act",
    "autoplay",
    "bot_move",
    "levels",
    "menu",
    "record",
    "run_block",
    "save",
    "simulate",
    "start",
    "view",
]

#: The modes a variant is played in, where it has several (its ``mode`` option).
MODES: dict[str, tuple[str, ...]] = {
    "competitive": ("1v1", "1v1v1", "2v2"),
    "yamslam": ("standard", "solo", "team"),
}
#: The most players the menu offers (the variants' own limits apply within it).
MOST_PLAYERS = 8
#: The most games one simulation may ask for (a browser tab is no cluster).
MOST_GAMES = 100_000
#: Bot levels that play without numpy (the others need it).
WITHOUT_NUMPY = ("random", "easy")


class _Table:
    """The game being played: its state and the bot, if any, in each seat."""

    def __init__(self, state: Any, bots: dict[int, Player]) -> None:
        self.state = state
        self.bots = bots


_table: _Table | None = None


def levels() -> list[str]:
    """The bot levels this Python can play: all of them with numpy, else ``random`` and ``easy``.

    Examples:
        >>> levels()[:2]
        ['random', 'easy']
    """
    try:
        import numpy  # noqa: F401
    except ImportError:
        return list(WITHOUT_NUMPY)
    return list(LEVELS)


def _counts(name: str, options: dict[str, Any]) -> list[int]:
    """The numbers of players a variant accepts, found by asking it (plug-ins included); none if it cannot be built."""
    try:
        variant = yamskit.variant(name, **options)
    except yamskit.YamskitError:
        return []
    counts = []
    for n in range(1, MOST_PLAYERS + 1):
        try:
            variant.new_game(players=[f"Player {i + 1}" for i in range(n)], seed=0)
        except yamskit.YamskitError:
            continue
        counts.append(n)
    return counts


def menu() -> str:
    """Every registered variant that can be played, its modes and the numbers of players each accepts, the bot levels.

    A registered variant that cannot be built with its default options, or starts no
    game for 1 to `MOST_PLAYERS` players, is left out.

    Examples:
        >>> data = json.loads(menu())
        >>> classic = next(v for v in data["variants"] if v["name"] == "classic")
        >>> classic["modes"]
        [{'mode': None, 'players': [1, 2, 3, 4, 5, 6, 7, 8]}]
    """
    variants = []
    for name in yamskit.variant_names():
        modes = []
        for mode in MODES.get(name, (None,)):
            counts = _counts(name, {} if mode is None else {"mode": mode})
            if counts:
                modes.append({"mode": mode, "players": counts})
        if modes:
            variants.append({"name": name, "modes": modes})
    return json.dumps({"variants": variants, "levels": levels(), "version": yamskit.__version__})


def _new_table(spec: dict[str, Any]) -> _Table:
    """A new game from the menu's choices: variant, mode, players (name and bot level), seed."""
    options = {"mode": spec["mode"]} if spec.get("mode") else {}
    variant = yamskit.variant(spec["variant"], **options)
    seats = spec.get("players") or [{"name": "Player 1"}]
    names = [str(seat.get("name") or f"Player {i + 1}") for i, seat in enumerate(seats)]
    seed = int(spec.get("seed", 0))
    state = variant.new_game(players=names, seed=seed)
    bots = {
        i: make_bot(variant, seat["bot"], seed=seed + i, time_budget=0.0)
        for i, seat in enumerate(seats)
        if seat.get("bot")
    }
    return _Table(state, bots)


def start(spec: str) -> str:
    """Start the game ``spec`` describes (JSON: variant, mode, players, seed) and return its view.

    A refused choice (an unknown variant, a wrong number of players...) leaves the
    game that was being played, and the view says why.
    """
    global _table
    try:
        table = _new_table(json.loads(spec))
    except yamskit.YamskitError as error:
        return _view(error)
    _table = table
    return _view()


def _current() -> _Table:
    if _table is None:
        raise yamskit.GameOverError("no game has been started")
    return _table


def act(action: str, player: int | None = None) -> str:
    """Apply the action a click asks for (JSON, as `yamskit.actions.action_to_data` writes it).

    ``player`` is the seat whose sheet or chip was clicked, if any: a click on another
    player's sheet is refused with the library's own message. An illegal action
    leaves the game as it was, and the view carries the library's message.
    """
    table = _current()
    try:
        table.state = table.state.apply(action_from_data(json.loads(action)), player=player)
    except yamskit.YamskitError as error:
        return _view(error)
    return _view()


def _bot_step(table: _Table) -> bool:
    """The bot whose turn it is plays one action; whether there was one to move."""
    state = table.state
    bot = table.bots.get(state.current_player)
    if state.is_over or bot is None:
        return False
    table.state = state.apply(bot.choose(state))
    return True


def bot_move() -> str:
    """Let the bot whose turn it is play one action; the view after it."""
    _bot_step(_current())
    return _view()


def view() -> str:
    """The view of the game being played."""
    return _view()


def _status(state: Any) -> str:
    if state.is_over:
        result = state.result()
        names = ", ".join(result.winner_names)
        return f"Game over · {'winners' if len(result.winners) > 1 else 'winner'}: {names}"
    me = state.players[state.current_player]
    turn = state.turn
    if not turn.has_thrown:
        return f"{me} to throw"
    return f"{me} · throw {turn.throws_used} of {turn.max_throws}"


def _view(error: yamskit.YamskitError | None = None) -> str:
    data: dict[str, Any] = {"error": None if error is None else f"{type(error).__name__}: {error}"}
    if _table is None:
        return json.dumps(data)
    state = _table.state
    result = state.result()
    data.update(
        variant=state.variant.name,
        options=dict(state.variant.options),
        players=list(state.players),
        bots={str(seat): True for seat in _table.bots},
        current=state.current_player,
        player=state.players[state.current_player],
        bot_to_move=not state.is_over and state.current_player in _table.bots,
        over=state.is_over,
        status=_status(state),
        dice=str(state.turn.dice),
        kept=str(state.turn.kept),
        legal=[] if state.is_over else [action_to_data(a) for a in state.legal_actions()],
        scores=list(result.scores),
        winners=list(result.winner_names),
        notation=state.to_notation(),
        svg=svg(state),
        moves=len(state.history),
    )
    return json.dumps(data)


def save() -> str:
    """The game being played, as ``state.to_json()`` writes it (`yamskit.load_game` reads it)."""
    return str(_current().state.to_json())


def record() -> str:
    """The game being played as a `GameRecord` (`yamskit.check_record` checks it), with its claimed totals."""
    state = _current().state
    return GameRecord.from_game(state, claimed=True, setup={}).dump()


def autoplay(name: str, mode: str | None, bots: Sequence[str], seed: int) -> str:
    """A whole seeded game between bots of the levels ``bots`` names: result, record, save, notation, pictures.

    The same call gives the same bytes in CPython and in Pyodide (the tests compare them).

    Examples:
        >>> out = json.loads(autoplay("classic", None, ["random", "easy"], 3))
        >>> out["over"], len(out["scores"]), out["record"].startswith("{")
        (True, 2, True)
    """
    global _table
    players = [{"name": f"{level.title()} {i + 1}", "bot": level} for i, level in enumerate(bots)]
    _table = _new_table({"variant": name, "mode": mode, "players": players, "seed": seed})
    while _bot_step(_table):
        pass
    state = _table.state
    result = state.result()
    return json.dumps(
        {
            "over": state.is_over,
            "scores": list(result.scores),
            "ranking": [list(place) for place in result.ranking],
            "winners": list(result.winner_names),
            "details": result.details,
            "moves": len(state.history),
            "record": record(),
            "save": save(),
            "notation": state.to_notation(),
            "svg": svg(state),
            "result_svg": svg(result),
        },
        sort_keys=True,
        default=str,
    )


def simulate(spec: str, progress: Callable[[int, int], None] | None = None) -> str:
    """Play many bot games (JSON spec: variant, mode, games, bot, seed); mean, spread, win rates, histogram.

    ``progress(done, games)`` is called as games finish (the page shows a bar and may
    stop the worker that runs this).

    Examples:
        >>> out = json.loads(simulate(json.dumps({"variant": "yahtzee", "games": 5, "seed": 1})))
        >>> out["games"], out["histogram"].startswith("<svg")
        (5, True)
    """
    from yamskit.bots.simulate import simulate as run

    data = json.loads(spec)
    games = int(data.get("games", 100))
    if not 1 <= games <= MOST_GAMES:
        return json.dumps({"error": f"RuleConfigError: games must be from 1 to {MOST_GAMES}, not {games}"})
    options = {"mode": data["mode"]} if data.get("mode") else {}
    bot: Literal["random", "greedy"] = "greedy" if data.get("bot") == "greedy" else "random"
    try:
        stats = run(data["variant"], games, seed=int(data.get("seed", 0)), options=options, bot=bot, progress=progress)
    except yamskit.YamskitError as error:
        return json.dumps({"error": f"{type(error).__name__}: {error}"})
    title = f"{data['variant']} · {games} games · {bot}"
    return json.dumps(
        {
            "error": None,
            "games": stats.games,
            "mean": round(stats.mean, 2),
            "stdev": round(stats.stdev, 2),
            "low": stats.low,
            "high": stats.high,
            "win_rates": [round(rate, 4) for rate in stats.win_rates],
            "histogram": histogram(stats.histogram(12), title=title),
        }
    )


#: The names the playground's blocks share, as the cells of a notebook do.
_namespace: dict[str, Any] = {"__name__": "__main__"}


def run_block(code: str) -> str:
    """Run a playground block as a notebook runs a cell: JSON with the last expression's value, its SVG, or the error.

    Blocks share one namespace. A value with a picture (a state, dice, a result) or a
    string holding an SVG document is returned as ``svg`` only, as a notebook shows it;
    any other value as its ``repr``. An exception in the block comes back as its traceback, as Python prints it.

    Examples:
        >>> out = json.loads(run_block("import yamskit\\nyamskit.Dice.parse('33325')"))
        >>> out["value"], out["svg"].count('class="die"'), out["error"]
        (None, 5, None)
        >>> json.loads(run_block("x = 6 * 7\\nx"))["value"]
        '42'
        >>> json.loads(run_block("1 / 0"))["error"].splitlines()[-1]
        'ZeroDivisionError: division by zero'
    """
    try:
        tree = ast.parse(code, "<block>", "exec")
    except SyntaxError as error:
        return json.dumps(
            {"error": "".join(traceback.format_exception_only(error)).rstrip(), "value": None, "svg": None}
        )
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        tree.body.pop()  # the last line's value is shown, as a notebook shows it
    try:
        exec(compile(tree, "<block>", "exec"), _namespace)
        value: Any = None
        if isinstance(last, ast.Expr):
            value = eval(compile(ast.Expression(last.value), "<block>", "eval"), _namespace)
    except Exception as error:  # the reader's code failed: show it as Python would, without this frame
        lines = traceback.format_exception(
            type(error), error, error.__traceback__.tb_next if error.__traceback__ else None
        )
        return json.dumps({"error": "".join(lines).rstrip(), "value": None, "svg": None})
    picture: str | None = None
    if value is not None and hasattr(value, "_repr_svg_"):
        picture = str(value._repr_svg_())
    elif isinstance(value, str) and value.lstrip().startswith("<svg"):
        picture = value
    shown = None if value is None or picture is not None else repr(value)  # a picture stands for its value
    return json.dumps({"error": None, "value": shown, "svg": picture})
