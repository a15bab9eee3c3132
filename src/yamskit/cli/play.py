"""``yamskit play``: hot-seat humans and bots at a terminal prompt, with seeded or real dice."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

from ..actions import Action, Place, RemoveToken, Roll, Score, Scratch, TakeChip
from ..bots import LEVELS, ExpertPlayer, StrongPlayer, player, plays_perfect, solvable
from ..bots.simulate import make_bot
from ..errors import NotationError, RuleConfigError, YamskitError, brief
from ..game import GameState, Player, Variant
from ..records import GameRecord
from ..registry import option_choices, variant_names
from ..registry import variant as make_variant
from ..scorecard.rules import SheetState
from ..scorecard.variant import ScorecardVariant
from .common import CliError, action_id, need_numpy, read_file, read_variant
from .output import check_writable, safe, safe_lines, write_file
from .setup import ask_first_player, first_player_option

__all__ = ["play_command"]

_QUIT = {"q", "quit", "exit"}
_HELP = {"?", "h", "help", "list"}


def _last_throw(state: GameState, since: int) -> str:
    throws = [m.action for m in state.history[since:] if isinstance(m.action, Roll)]
    outcome = throws[-1].outcome if throws else None
    if outcome is None:
        return ""
    keep = throws[-1].keep
    return f" -> {outcome}" + (f" (dice {keep + outcome})" if len(keep) else "")


def _mid_turn(state: GameState) -> bool:
    """Whether the player to move has just thrown (the sheet was shown at the start of the turn)."""
    if not state.history:
        return False
    last = state.history[-1]
    return bool(last.player == state.current_player and isinstance(last.action, Roll))


def _print_result(state: GameState, out: IO[str]) -> None:
    """The ranking (by team where there are teams), and the duel table of a Competitive Yams game."""
    from ..text import render_duels, render_result

    result = state.result()
    details = result.details
    if isinstance(details, dict) and details.get("duels"):
        print("Duels", file=out)
        print(safe_lines(render_duels(result)), file=out)
        print("", file=out)
    print("Result" if state.is_over else "Points so far", file=out)
    # The last line names the winner: the render above the result already says it at the end.
    lines = render_result(result).splitlines()[:-1]
    if state.is_over and any(line.startswith("Team totals:") for line in lines):
        lines.append("Players are ranked by their team's total.")
    print(safe_lines("\n".join(lines)), file=out)


def _choose(state: GameState, menu: list[tuple[Action, str]], line: str) -> Action | str:
    """The action a typed line names (a menu number or action text, see `yamskit.action_text`), or why it names none.

    The dice are seeded here (real dice go through `yamskit.cli.scorekeeping`), so a
    throw may not give its faces.
    """
    text = line.strip()
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(menu):
            return menu[number - 1][0]
        return f"no choice {number}: pick 1 to {len(menu)}"
    try:
        action: Action = state.parse_action(text)
    except NotationError as error:
        example = state.action_text(menu[-1][0])
        choices = f"type a number from 1 to {len(menu)}, an action such as {example!r}, ? or quit"
        return safe_lines(f"not a choice: {text!r}; {error}\n{choices}")
    if isinstance(action, Roll) and action.outcome is not None:
        return f"the dice are thrown for you: type {state.action_text(Roll(keep=action.keep))!r}"
    return action


def _box_label(state: SheetState, action: Score | Scratch) -> str:
    """What writing ``action`` does, in the sheet's own numbers: ``"full_house: 25"``, ``"yams: cross out"``."""
    box = action.row + (f" {action.column}" if action.column is not None else "")
    placement = state.placement(action)
    if placement.crossed:
        text = f"{box}: cross out" if isinstance(action, Scratch) else f"{box}: 0 (crossed out)"
    else:
        text = f"{box}: {placement.points}"
    if placement.extra:
        text += f" +{placement.extra} bonus"
    return text


def _menu(state: GameState, legal: list[Action]) -> list[tuple[Action, str]]:
    """The numbered choices: one per box (its Score, or its Scratch where scoring would only write 0 too).

    Placements show what they write in the variant's own units (box points, chip
    values, line points); throws and passes show none.
    """
    seat = state.current_player
    sheet = state if isinstance(state, SheetState) else None  # only a scorecard says what a box would write
    scores = {(a.row, a.column): a for a in legal if isinstance(a, Score)}
    scratches = {(a.row, a.column): a for a in legal if isinstance(a, Scratch)}
    menu: list[tuple[Action, str]] = []
    shown: set[tuple[str, str | None]] = set()
    for action in legal:
        if isinstance(action, (Score, Scratch)) and sheet is not None:
            key = (action.row, action.column)
            if key in shown:
                continue
            shown.add(key)
            score, scratch = scores.get(key), scratches.get(key)
            chosen: Score | Scratch = score if score is not None else action
            if score is not None and scratch is not None and sheet.placement(score).points == 0:
                chosen = scratch  # scoring would write 0 as well: one choice, crossing out
            menu.append((chosen, _box_label(sheet, chosen)))
            continue
        label = action_id(action)
        if isinstance(action, TakeChip):
            before = state.result().scores[seat]
            gain = state.apply(action).result().scores[seat] - before
            label += f" ({gain:+d} points)"
        elif isinstance(action, (Place, RemoveToken)):
            before = state.result().scores[seat]
            gain = state.apply(action).result().scores[seat] - before
            if gain:
                label += f" ({gain:+d} line points)"
        menu.append((action, label))
    return menu


def _list_choices(menu: list[tuple[Action, str]], out: IO[str]) -> None:
    """The numbered choices, in columns."""
    entries = [f"{number:>3}. {safe(label)}" for number, (_, label) in enumerate(menu, start=1)]
    width = max(len(e) for e in entries) + 2
    per_line = max(1, 100 // width)
    for start in range(0, len(entries), per_line):
        print("".join(e.ljust(width) for e in entries[start : start + per_line]).rstrip(), file=out)


def _prompt(prompt: str, out: IO[str]) -> str | None:
    """The line typed after ``prompt`` (``""`` at the end of the input); ``None``, said on ``out``, if not UTF-8."""
    print(prompt, end="", file=out, flush=True)
    try:
        return sys.stdin.readline()
    except UnicodeDecodeError:
        print("could not read that line (not UTF-8 text)", file=out)
        return None


#: Where a save keeps what ``--resume`` needs beside the game itself: ``metadata["play"]``.
_PLAY = "play"


def _save(args: argparse.Namespace, state: GameState, out: IO[str] | None) -> None:
    """Write the game's record to ``--save`` (whole or not at all), with the seats of the bots."""
    if not args.save:
        return
    metadata = {"source": "yamskit play", _PLAY: {"bots": args.bot_seats, "dice": args.dice}}
    record = GameRecord.from_game(state, claimed=bool(state.is_over), metadata=metadata)
    write_file(args.save, record.dump() + "\n", what="the record")
    if out is not None:
        print(f"Record saved to {args.save}", file=out)


def _leave(args: argparse.Namespace, state: GameState, out: IO[str], *, ended: bool = False) -> int:
    """The players leave (``quit``, or the input ``ended``): say so, save the game; exit status 0."""
    print("\nInput ended: the game is left unfinished." if ended else "Game left unfinished.", file=out)
    _save(args, state, out)
    return 0


def _same_start(record: GameRecord, state: GameState) -> bool:
    """Whether ``record`` is a game of the same variant, players, seed and setup as ``state``."""
    mine = GameRecord.from_game(state)
    return (record.variant, record.options, record.players, record.seed, record.setup) == (
        mine.variant,
        mine.options,
        mine.players,
        mine.seed,
        mine.setup,
    )


def _check_target(path: str, state: GameState, *, force: bool) -> None:
    """Refuse a ``--save`` path that cannot be written, or that holds anything but a save of this game."""
    check_writable(path)
    target = Path(path)
    if force or not target.exists():
        return
    try:
        existing: GameRecord | None = GameRecord.load(read_file(path))
    except YamskitError:
        existing = None
    if existing is None or not _same_start(existing, state):
        raise CliError(f"{path} exists and is not a save of this game: pass --force to overwrite it")


#: The levels that need numpy.
_NUMPY_LEVELS = ("medium", "hard", "expert", "perfect")


class _SolveLine:
    """Told how a bot's solve goes: one line on ``err``, ``solving yahtzee once (cached afterwards)... 42%``.

    On a terminal the percentage is rewritten in place; elsewhere the line ends with ``done``.
    Nothing is printed when the strategy is read from the cache (no solve, no call).
    """

    def __init__(self, name: str, err: IO[str]) -> None:
        self.name = name
        self.err = err
        self.shown = -1
        self.tty = err.isatty()

    def __call__(self, done: int, total: int) -> None:
        if self.shown >= 100:
            return  # the line is finished (the solver may report the end twice)
        percent = 100 * done // max(total, 1)
        head = f"solving {safe(self.name)} once (cached afterwards)..."
        if self.shown < 0 and not self.tty:
            print(head, end="", file=self.err, flush=True)
        if self.tty and percent != self.shown:
            print(f"\r{head} {percent}%", end="", file=self.err, flush=True)
        self.shown = max(percent, 0)
        if done >= total:
            self.shown = 100
            print("" if self.tty else " done", file=self.err, flush=True)


def _bot(variant: Variant, seat: Mapping[str, Any], *, progress: _SolveLine | None = None) -> Player:
    """The bot a seat describes: ``{"level": "hard", "seed": 8}`` or ``{"bot": "greedy", "seed": 8}``.

    An expert seat may say how long it thinks: ``"decision_ms"``, whole milliseconds (a record keeps no fractions).
    """
    if "level" in seat:
        timing = {"decision_time": seat["decision_ms"] / 1000} if "decision_ms" in seat else {}
        return player(variant, seat["level"], seed=seat["seed"], progress=progress, **timing)
    return make_bot(seat["bot"], seed=seat["seed"])


def _store_unsolved(bot: Player) -> bool:
    """Whether ``bot`` is an expert of a sheet with saved throws whose store strategy is not at hand."""
    if not isinstance(bot, ExpertPlayer) or bot.alone is not None or not isinstance(bot.planner, StrongPlayer):
        return False
    variant = bot.planner.variant
    return isinstance(variant, ScorecardVariant) and variant.rules.saved_throws


def _solitaire_unsolved(bot: Player, variant: Variant) -> bool:
    """Whether ``bot`` is an expert of a family's solved one-player game whose values are not at hand."""
    return isinstance(bot, ExpertPlayer) and bot.alone is None and not solvable(variant) and plays_perfect(variant)


def _check_perfect(variant: Variant) -> None:
    """``--level perfect`` where no exact player plays: say which variants (and modes) it plays."""
    if plays_perfect(variant):
        return
    sheets = [name for name in variant_names() if _plays_perfect(name, {})]
    modes = [
        f"{name} -o {key}={value}"
        for name in variant_names()
        if name not in sheets
        for key, values in option_choices(name).items()
        for value in values
        if _plays_perfect(name, {key: value})
    ]
    solved = f"; solved one-player modes: {', '.join(modes)}" if modes else ""
    raise CliError(
        f"--level perfect plays the games played exactly (one-column solitaire sheets: {', '.join(sheets)}"
        f"{solved}), not {brief(variant.name)}; use --level hard"
    )


def _plays_perfect(name: str, options: dict[str, Any]) -> bool:
    try:
        return plays_perfect(make_variant(name, **options))
    except YamskitError:
        return False


def _seating_hint(variant: Variant, names: list[str]) -> str:
    """`` (-o KEY=VALUE seats N)`` for an option value of ``variant`` that seats these players, else ``""``."""
    for key, values in option_choices(variant.name).items():
        for value in values:
            if value == variant.options.get(key):
                continue
            try:
                make_variant(variant.name, **{**variant.options, key: value}).new_game(names, seed=0)
            except YamskitError:
                continue
            return f" (-o {key}={value} seats {len(names)})"
    return ""


def _new_game(args: argparse.Namespace, out: IO[str]) -> tuple[GameState | None, list[str]]:
    """The game the options describe (``None`` if the players quit before it starts), and its human players.

    Prints the game's heading, asks who starts when the scorekeeper needs to know, and sets
    ``args.bot_seats``.
    """
    if args.variant is None:
        raise CliError("give a VARIANT to play, or --resume FILE to continue a saved game")
    humans = list(args.players or ())
    if args.bots < 0 or args.bots > 8:
        raise CliError(f"--bots must be 0 to 8, not {args.bots}")
    if not humans and not args.bots:
        humans = ["You"]
    names = humans + [f"Bot {i + 1}" for i in range(args.bots)]
    taken = [name for name in humans if name.startswith("Bot ")]
    if taken and args.bots:
        raise CliError(f"the names 'Bot 1', 'Bot 2'... are the bots': rename {brief(taken[0])}")
    if args.dice == "ask" and args.bots:
        raise CliError("--dice ask keeps score for people throwing real dice: seat no --bots")
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    first = first_player_option(args, names)
    variant = read_variant(args)
    if args.level in _NUMPY_LEVELS:
        need_numpy(f"--level {args.level}")
    if args.level == "perfect" and args.bots:
        _check_perfect(variant)
    kind: dict[str, Any] = {"level": args.level} if args.level else {"bot": args.bot or "greedy"}
    if args.decision_time is not None:
        if args.level != "expert":
            raise CliError("--decision-time is the thinking time of --level expert: give --level expert too")
        if not 0.001 <= args.decision_time <= 600:
            raise CliError(f"--decision-time must be from 0.001 to 600 seconds, not {args.decision_time}")
        kind["decision_ms"] = round(args.decision_time * 1000)
    args.bot_seats = {f"Bot {i + 1}": {**kind, "seed": seed + i} for i in range(args.bots)}
    if args.save:
        check_writable(args.save)  # before anything is asked or played
    # made before the header is printed, so that seats the game refuses end the command at once
    try:
        game = variant.new_game(names, seed=seed, **({} if first is None else {"first_player": first}))
    except RuleConfigError as error:
        raise CliError(f"{error}{_seating_hint(variant, names)}") from None
    print(f"{variant.name}: {', '.join(map(safe, names))} (seed {seed})", file=out)
    if first is None and args.dice == "ask" and len(names) > 1:
        first = ask_first_player(names, variant, out)
        if first is None:
            return None, humans
        game = variant.new_game(names, seed=seed, first_player=first)
    return game, humans


def _resumed_game(args: argparse.Namespace) -> tuple[GameState, list[str]]:
    """The game saved in ``--resume FILE``, and its human players; sets ``args.bot_seats`` and ``args.dice``."""
    given = [
        flag
        for flag, value in (
            ("VARIANT", args.variant),
            ("--players", args.players),
            ("--bots", args.bots or None),
            ("--bot", args.bot),
            ("--level", args.level),
            ("--decision-time", args.decision_time),
            ("--seed", args.seed),
            ("--dice", args.dice),
            ("-o", args.option),
        )
        if value is not None
    ]
    if given:
        raise CliError(f"--resume continues the game as it was saved: give no {', '.join(given)}")
    path = args.resume
    record = GameRecord.load(read_file(path))
    state = record.to_game()
    seats, dice = _saved_seats(record, path)
    args.bot_seats, args.dice = seats, dice
    if any(seat.get("level") in _NUMPY_LEVELS for seat in seats.values()):
        need_numpy("the saved bots' levels")
    if args.save is None:
        args.save = path  # the game goes on in the file it came from
    return state, [name for name in state.players if name not in seats]


def _saved_seats(record: GameRecord, path: str) -> tuple[dict[str, dict[str, Any]], str]:
    """The bots' seats and the dice mode a save of ``yamskit play`` keeps (a record from elsewhere: none)."""
    saved = record.metadata.get(_PLAY)
    if saved is None:
        return {}, "seed"
    bots = saved.get("bots") if isinstance(saved, dict) else None
    dice = saved.get("dice") if isinstance(saved, dict) else None
    if (
        isinstance(bots, dict)
        and dice in ("seed", "ask")
        and all(_is_seat(name, seat, record.players) for name, seat in bots.items())
    ):
        return dict(bots), dice
    raise CliError(f"{path}: metadata.play is not what yamskit play writes: {safe(str(saved)[:80])}")


def _is_seat(name: str, seat: Any, players: tuple[str, ...]) -> bool:
    """Whether ``seat`` is a bot seat `_bot` can build, for one of the ``players``."""
    if name not in players or not isinstance(seat, dict) or type(seat.get("seed")) is not int:
        return False
    kind = set(seat) - {"seed"}
    if kind == {"level", "decision_ms"}:
        timing = seat["decision_ms"]
        return seat["level"] == "expert" and type(timing) is int and 1 <= timing <= 600_000
    return (kind == {"level"} and seat["level"] in LEVELS) or (kind == {"bot"} and seat["bot"] in ("greedy", "random"))


#: A game's prompt loop: ``loop(args, state, humans, bots, out, game)`` plays on and returns the exit status.
Loop = Callable[[argparse.Namespace, GameState, list[str], dict[str, Player], IO[str], list[GameState]], int]


def play_command(args: argparse.Namespace, *, scorekeeper: Loop) -> int:
    """``yamskit play``: seat the humans and bots, play at the prompt, save the record; the exit status.

    A game kept with real dice (``--dice ask``, or a save of one) is played by
    ``scorekeeper`` (`yamskit.cli.scorekeeping`, which reads a throw in one line).
    """
    out = sys.stdout
    state, humans = _resumed_game(args) if args.resume else _new_game(args, out)
    if state is None:
        print("Game left unfinished.", file=out)
        return 0
    args.dice = args.dice or "seed"
    if args.save == args.resume and args.save:
        check_writable(args.save)
    elif args.save:
        _check_target(args.save, state, force=args.force)
    variant = state.variant
    solving = _SolveLine(variant.name, sys.stderr)
    bots = {name: _bot(variant, seat, progress=solving) for name, seat in args.bot_seats.items()}
    if any(_store_unsolved(bot) for bot in bots.values()):
        print(
            f"the expert plays {safe(variant.name)} by rollouts until its store strategy is solved: "
            "'yamskit advise' solves and keeps it once (Maxi Yatzy: about 15 minutes, 3.6 GB)",
            file=sys.stderr,
        )
    if len(state.players) == 1 and any(_solitaire_unsolved(bot, variant) for bot in bots.values()):
        print(
            f"the expert plays {safe(variant.name)} by rollouts until its exact values are solved: "
            "'--level perfect' solves and keeps them once (about 20 seconds)",
            file=sys.stderr,
        )
    names = ", ".join(map(safe, state.players))
    seed = GameRecord.from_game(state).seed
    if args.resume:
        where = f"resumed from {safe(args.resume)} after {len(state.history)} moves"
        print(f"{variant.name}: {names} ({where}, seed {seed})", file=out)
    game = [state]  # the latest state, for Ctrl-C
    try:
        loop = scorekeeper if args.dice == "ask" else _play_loop
        return loop(args, state, humans, bots, out, game)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: save, then let the command end with its status
        print("\nInterrupted: the game is left unfinished.", file=out)
        _save(args, game[0], out)
        raise


def _play_loop(
    args: argparse.Namespace,
    state: GameState,
    humans: list[str],
    bots: dict[str, Player],
    out: IO[str],
    game: list[GameState],
) -> int:
    shown = -1
    while not state.is_over:
        name = state.players[state.current_player]
        if name in bots:
            since = len(state.history)
            action = bots[name].choose(state)
            state = game[0] = state.apply(action)
            if humans or args.verbose:
                print(f"{name}: {action_id(action)}{_last_throw(state, since)}", file=out)
            if humans:
                _save(args, state, None)
            continue
        if shown != len(state.history):
            if shown == -1 or not _mid_turn(state):
                print("", file=out)
                print(state.render(), file=out)
            legal = list(state.legal_actions())
            menu = _menu(state, legal)
            _list_choices(menu, out)
            shown = len(state.history)
        line = _prompt(f"{name}> ", out)
        if line is None:
            continue
        if not line:
            return _leave(args, state, out, ended=True)
        text = line.strip().lower()
        if text in _QUIT:
            return _leave(args, state, out)
        if text in _HELP or not text:
            shown = -1
            continue
        choice = _choose(state, menu, line)
        if isinstance(choice, str):
            print(choice, file=out)
            continue
        since = len(state.history)
        try:
            state = game[0] = state.apply(choice)
        except ValueError as error:  # the listed actions are legal; kept for safety
            print(f"illegal: {error}", file=out)
            continue
        print(f"{name}: {action_id(choice)}{_last_throw(state, since)}", file=out)
        _save(args, state, None)  # as the game goes: a table can check it at any time
    print("", file=out)
    print(state.render(), file=out)
    _print_result(state, out)
    _save(args, state, out)
    return 0
