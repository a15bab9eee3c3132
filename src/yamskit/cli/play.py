"""``yamskit play``: hot-seat humans and bots at a terminal prompt, with seeded or real dice."""

from __future__ import annotations

import argparse
import secrets
import sys
from pathlib import Path
from typing import IO, Any

from ..actions import Action, Place, RemoveToken, Roll, Score, Scratch, TakeChip
from ..bots import player
from ..bots.simulate import make_bot
from ..dice import NUM_DICE
from ..errors import YamskitError
from ..records import GameRecord
from .common import CliError, action_id, read_variant
from .output import check_writable, safe, safe_lines
from .setup import ask_first_player, first_player_option

__all__ = ["play_command"]

_QUIT = {"q", "quit", "exit"}
_HELP = {"?", "h", "help", "list"}


def _normalize(text: str) -> str:
    words = text.lower().replace(",", " ").split()
    if words and words[0] in ("keep", "roll", "r", "k") and len(words) > 1:
        return "keep " + "".join(sorted("".join(words[1:])))
    if words == ["r"]:
        return "roll"
    return " ".join(words)


def _last_throw(state: Any, since: int) -> str:
    throws = [m.action for m in state.history[since:] if isinstance(m.action, Roll)]
    outcome = throws[-1].outcome if throws else None
    if outcome is None:
        return ""
    keep = throws[-1].keep
    return f" -> {outcome}" + (f" (dice {keep + outcome})" if len(keep) else "")


def _mid_turn(state: Any) -> bool:
    """Whether the player to move has just thrown (the sheet was shown at the start of the turn)."""
    if not state.history:
        return False
    last = state.history[-1]
    return bool(last.player == state.current_player and isinstance(last.action, Roll))


def _print_result(state: Any, out: IO[str]) -> None:
    """The ranking (by team where there are teams), and the duel table of a Competitive Yams game."""
    from ..text import render_duels, render_result

    result = state.result()
    details = result.details
    if isinstance(details, dict) and details.get("duels"):
        print("Duels", file=out)
        print(safe_lines(render_duels(result)), file=out)
        print("", file=out)
    print("Result" if state.is_over else "Points so far", file=out)
    lines = render_result(result).splitlines()
    if not state.is_over:
        lines = lines[:-1]  # no winner yet
    elif any(line.startswith("Team totals:") for line in lines):
        lines.insert(-1, "Players are ranked by their team's total.")
    print(safe_lines("\n".join(lines)), file=out)


def _choose(menu: list[tuple[Action, str]], legal: list[Action], line: str) -> Action | str:
    """The action a typed line names (a menu number or any legal action's id), or why it names none."""
    text = line.strip()
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(menu):
            return menu[number - 1][0]
        return f"no choice {number}: pick 1 to {len(menu)}"
    wanted = _normalize(text)
    for action in legal:
        if _normalize(action_id(action)) == wanted:
            return action
    example = action_id(menu[-1][0])
    return f"not a choice: {text!r}; type a number from 1 to {len(menu)}, an id such as {example!r}, ? or quit"


def _box_label(state: Any, action: Score | Scratch) -> str:
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


def _menu(state: Any, legal: list[Action]) -> list[tuple[Action, str]]:
    """The numbered choices: one per box (its Score, or its Scratch where scoring would only write 0 too).

    Placements show what they write in the variant's own units (box points, chip
    values, line points); throws and passes show none.
    """
    seat = state.current_player
    scores = {(a.row, a.column): a for a in legal if isinstance(a, Score)}
    scratches = {(a.row, a.column): a for a in legal if isinstance(a, Scratch)}
    menu: list[tuple[Action, str]] = []
    shown: set[tuple[str, str | None]] = set()
    for action in legal:
        if isinstance(action, (Score, Scratch)):
            key = (action.row, action.column)
            if key in shown:
                continue
            shown.add(key)
            score, scratch = scores.get(key), scratches.get(key)
            chosen: Score | Scratch = score if score is not None else action
            if score is not None and scratch is not None and state.placement(score).points == 0:
                chosen = scratch  # scoring would write 0 as well: one choice, crossing out
            menu.append((chosen, _box_label(state, chosen)))
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


def _ask_faces(state: Any, roll: Roll, out: IO[str]) -> Roll | None:
    """Read the faces of a real throw until they are valid; ``None`` when the player quits or input ends."""
    from ..scorekeeper import thrown

    count = NUM_DICE - len(roll.keep)
    kept = f" (kept {roll.keep})" if len(roll.keep) else ""
    while True:
        line = _prompt(f"Faces of the {count} thrown dice{kept}, e.g. {'35216'[:count]}: ", out)
        if line is None:
            continue
        text = line.strip().lower()
        if not line or text in _QUIT:
            return None
        try:
            return thrown(state, keep=roll.keep, faces="".join(text.replace(",", " ").split()))
        except YamskitError as error:
            print(safe(str(error)), file=out)


def _save(path: str | None, state: Any, out: IO[str] | None) -> None:
    if path:
        record = GameRecord.from_game(state, claimed=bool(state.is_over), metadata={"source": "yamskit play"})
        try:
            Path(path).write_text(record.dump() + "\n", encoding="utf-8")
        except OSError as error:
            raise CliError(f"cannot save the record to {path}: {error.strerror or error}") from None
        if out is not None:
            print(f"Record saved to {path}", file=out)


def play_command(args: argparse.Namespace) -> int:
    """``yamskit play``: seat the humans and bots, play at the prompt, save the record; the exit status."""
    out = sys.stdout
    humans = list(args.players or ())
    if args.bots < 0 or args.bots > 8:
        raise CliError(f"--bots must be 0 to 8, not {args.bots}")
    if not humans and not args.bots:
        humans = ["You"]
    names = humans + [f"Bot {i + 1}" for i in range(args.bots)]
    taken = [name for name in humans if name.startswith("Bot ")]
    if taken and args.bots:
        raise CliError(f"the names 'Bot 1', 'Bot 2'... are the bots': rename {taken[0]!r}")
    if args.dice == "ask" and args.bots:
        raise CliError("--dice ask keeps score for people throwing real dice: seat no --bots")
    if args.save:
        check_writable(args.save)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    first = first_player_option(args, names)
    variant = read_variant(args)
    bots = {
        f"Bot {i + 1}": player(variant, args.level, seed=seed + i) if args.level else make_bot(args.bot, seed=seed + i)
        for i in range(args.bots)
    }
    print(f"{variant.name}: {', '.join(names)} (seed {seed})", file=out)
    if first is None and args.dice == "ask" and len(names) > 1:
        first = ask_first_player(names, variant, out)
        if first is None:
            print("Game left unfinished.", file=out)
            return 0
    state = variant.new_game(names, seed=seed, **({} if first is None else {"first_player": first}))
    game = [state]  # the latest state, for Ctrl-C
    try:
        return _play_loop(args, state, humans, bots, out, game)
    except KeyboardInterrupt:
        print("\nInterrupted: the game is left unfinished.", file=out)
        _save(args.save, game[0], out)
        return 130


def _play_loop(
    args: argparse.Namespace, state: Any, humans: list[str], bots: dict[str, Any], out: IO[str], game: list[Any]
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
                _save(args.save, state, None)
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
            print("\nInput ended: the game is left unfinished.", file=out)
            _save(args.save, state, out)
            return 0
        text = line.strip().lower()
        if text in _QUIT:
            print("Game left unfinished.", file=out)
            _save(args.save, state, out)
            return 0
        if text in _HELP or not text:
            shown = -1
            continue
        choice = _choose(menu, legal, line)
        if isinstance(choice, str):
            print(choice, file=out)
            continue
        if args.dice == "ask" and isinstance(choice, Roll):
            asked = _ask_faces(state, choice, out)
            if asked is None:
                print("Game left unfinished.", file=out)
                _save(args.save, state, out)
                return 0
            choice = asked
        since = len(state.history)
        try:
            state = game[0] = state.apply(choice)
        except ValueError as error:  # the listed actions are legal; kept for safety
            print(f"illegal: {error}", file=out)
            continue
        print(f"{name}: {action_id(choice)}{_last_throw(state, since)}", file=out)
        _save(args.save, state, None)  # as the game goes: a table can check it at any time
    print("", file=out)
    print(state.render(), file=out)
    _print_result(state, out)
    _save(args.save, state, out)
    return 0
