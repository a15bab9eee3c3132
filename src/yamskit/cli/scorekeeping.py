"""``yamskit play --dice ask``: the scorekeeper's prompt, one line per throw or box, with undo.

The players throw real dice; each line typed at the prompt is one entry:

* a throw (`yamskit.scorekeeper.read_throw`): ``12345`` (all five dice), ``keep 55 roll
  123`` or ``55 kept, rolled 123``. A line of digits is always a throw;
* a box or another move, by its words: ``chance``, ``score full_house``, ``scratch yams``,
  ``full house down`` (case, spaces, ``_`` and ``-`` do not matter), ``pass``,
  ``place 2,3``; or by its number in the list, with a ``#``: ``#3``;
* a command: ``undo`` (take back the last entry), ``sheet`` (show the game again),
  ``help`` (the list and this grammar), ``quit``.

Numbers never name a box and words never name faces, so typing ``3`` after a throw
(three dice left? menu choice 3?) is refused with an explanation instead of writing a
box. A line that is not an entry is explained and asked again; nothing is applied.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import IO

import attrs

from ..actions import Action, Roll
from ..errors import YamskitError
from ..game import GameState, Player
from ..records import GameRecord
from ..scorekeeper import dice_count, example_faces, read_throw
from .common import action_id
from .output import safe
from .play import _last_throw, _leave, _menu, _mid_turn, _print_result, _prompt, _save, play_command

__all__ = ["Problem", "keep_score_command", "read_entry"]

#: The commands of the scorekeeper's prompt.
COMMANDS = ("undo", "sheet", "help", "quit")
_ALIASES = {"?": "help", "h": "help", "list": "help", "q": "quit", "exit": "quit", "show": "sheet"}

GRAMMAR = """\
Type one entry a line:
  throw    12345 (all five dice), keep 55 roll 123, or 55 kept, rolled 123
  box      its name (chance, full house, score yams, scratch yams) or its number: #3
  undo     take back the last entry;  sheet  show the game;  help  this list;  quit"""


@attrs.frozen
class Problem:
    """A line that is not an entry now: why, to print before asking again (nothing is applied)."""

    text: str


def _key(text: str) -> str:
    """A line or an id reduced to letters and digits: ``"Full-House  down"`` -> ``"fullhousedown"``."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _choices(menu: list[tuple[Action, str]]) -> list[tuple[Action, str]]:
    """The choices a line can name by ``#N``: every menu entry but the throws (faces name those)."""
    return [(action, label) for action, label in menu if not isinstance(action, Roll)]


def _keep_example(state: GameState) -> str:
    """A throw that keeps dice, for the game's dice: ``keep 55 roll 123`` for five, ``keep 55 roll 1`` for three."""
    count = dice_count(state)
    return f"keep 55 roll {example_faces(count - 2)}" if count > 2 else "keep 5 roll 1"


def read_entry(state: GameState, line: str, menu: list[tuple[Action, str]]) -> Action | str | Problem:
    """What one line typed at the scorekeeper's prompt asks: an action, a command of `COMMANDS`, or a `Problem`.

    ``menu`` is the numbered list of `yamskit.cli.play._menu` (``#N`` counts its
    entries other than throws). Throws are read with `yamskit.scorekeeper.read_throw`.

    Examples:
        >>> import yamskit
        >>> from yamskit.cli.play import _menu
        >>> game = yamskit.variant("classic").new_game(seed=1).apply(yamskit.Roll(outcome="22555"))
        >>> menu = _menu(game, list(game.legal_actions()))
        >>> read_entry(game, "full house", menu), read_entry(game, "keep 555 roll 66", menu)
        (Score(row='full_house', column=None), Roll(keep=Dice.parse('555'), outcome=Dice.parse('66')))
        >>> read_entry(game, "3", menu).text  # a digit is a face, never menu choice 3
        "5 dice were thrown, so give 5 faces, not 1: '3'; a box is named by its words (chance) or #N (#3)"
        >>> read_entry(game, "UNDO", menu)
        'undo'
    """
    text = " ".join(line.split())
    word = text.lower()
    if word in COMMANDS or word in _ALIASES:
        return _ALIASES.get(word, word)
    choices = _choices(menu)
    if word.startswith("#"):
        number = word[1:].strip()
        if number.isdigit() and 1 <= int(number) <= len(choices):
            return choices[int(number) - 1][0]
        return Problem(f"no choice {text}: the list goes from #1 to #{len(choices)}" if choices else "no choice now")
    try:
        roll = read_throw(state, text)
    except YamskitError as error:
        hint = ""
        if word[:1].isdigit() and choices:
            hint = "; a box is named by its words (chance) or #N (#3)"
        return Problem(f"{error}{hint}")
    if roll is not None:
        return roll
    wanted = _key(text)
    for action, _label in choices:  # a box by its name alone: the list's choice for it
        name = action_id(action)
        if wanted and wanted in (_key(name), _key(name.partition(" ")[2])):
            return action
    for action in state.legal_actions():  # the exact id: score yams where the list crosses it out
        if not isinstance(action, Roll) and wanted == _key(action_id(action)):
            return action
    return Problem(
        f"not an entry now: {text!r}; type the faces thrown "
        f"({example_faces(dice_count(state))} or {_keep_example(state)}), "
        "a box (its name, or #N from the list), undo, sheet, help or quit"
    )


def _undo(state: GameState) -> GameState:
    """``state`` without its last move: the game replayed from its record with one move less."""
    record = GameRecord.from_game(state)
    return attrs.evolve(record, moves=record.moves[:-1]).to_game(variant=state.variant)


def _list(state: GameState, menu: list[tuple[Action, str]], out: IO[str]) -> None:
    """What the player may type now: the throw's form, then the numbered boxes and moves."""
    choices = _choices(menu)
    throws = [action for action, _ in menu if isinstance(action, Roll)]
    if throws:
        faces = example_faces(dice_count(state))
        kept = f"{faces}, or {_keep_example(state)}" if _mid_turn(state) else faces
        print(f"Throw: type the faces ({kept})", file=out)
    if choices:
        entries = [f"#{number} {safe(label)}" for number, (_, label) in enumerate(choices, start=1)]
        width = max(len(e) for e in entries) + 2
        per_line = max(1, 100 // width)
        for start in range(0, len(entries), per_line):
            print("".join(e.ljust(width) for e in entries[start : start + per_line]).rstrip(), file=out)


def _keep_score_loop(
    args: argparse.Namespace,
    state: GameState,
    humans: list[str],
    bots: dict[str, Player],
    out: IO[str],
    game: list[GameState],
) -> int:
    """The prompt of a game kept with real dice, until the players leave or end the finished game.

    When the last box is written the result is shown; ``undo`` then takes that entry
    back and the game goes on, anything else (or the end of the input) ends it.
    """
    del humans, bots  # every seat is a person at the table
    while True:
        status = _entries(args, state, out, game)
        state = game[0]
        if status is not None:
            return status
        print("", file=out)
        print(state.render(), file=out)
        _print_result(state, out)
        _save(args, state, out)
        line = _prompt("Game over: undo takes back the last entry, Enter ends> ", out)
        if line is None or " ".join(line.split()).lower() != "undo":
            return 0
        state = game[0] = _take_back(state, out)
        _save(args, state, None)


def _entries(args: argparse.Namespace, state: GameState, out: IO[str], game: list[GameState]) -> int | None:
    """Read entries until the game is over (``None``; the state in ``game[0]``) or the players leave (the status)."""
    shown = -1
    listed = -1
    while not state.is_over:
        name = state.players[state.current_player]
        if shown == -1 or (shown != len(state.history) and not _mid_turn(state)):
            print("", file=out)
            print(state.render(), file=out)  # at the start of every turn: the sheets as the last turn left them
            shown = len(state.history)
        menu = _menu(state, list(state.legal_actions()))
        if listed != len(state.history):
            _list(state, menu, out)
            listed = len(state.history)
        line = _prompt(f"{name}> ", out)
        if line is None:
            continue
        if not line:
            return _leave(args, state, out, ended=True)
        entry = read_entry(state, line, menu)
        if isinstance(entry, Problem):
            print(safe(entry.text), file=out)
            continue
        if entry == "quit":
            return _leave(args, state, out)
        if entry in ("help", "sheet"):
            if entry == "help":
                print(GRAMMAR, file=out)
                listed = -1
            else:
                shown = -1
            continue
        if entry == "undo":
            state = game[0] = _take_back(state, out)
            shown = listed = -1
            _save(args, state, None)
            continue
        assert not isinstance(entry, str)
        since = len(state.history)
        state = game[0] = state.apply(entry)  # read_entry returns legal actions and checked throws only
        print(f"{safe(name)}: {action_id(entry)}{_last_throw(state, since)}", file=out)
        _save(args, state, None)
    game[0] = state
    return None


def _take_back(state: GameState, out: IO[str]) -> GameState:
    """``state`` without its last entry, said on ``out`` (or ``state`` itself, said, when there is none)."""
    if not state.history:
        print("nothing to undo: no entry yet", file=out)
        return state
    last = state.history[-1]
    before = _undo(state)
    who = state.players[last.player]
    throw = f" -> {last.action.outcome}" if isinstance(last.action, Roll) else ""
    print(safe(f"undone: {who}: {action_id(last.action)}{throw}"), file=out)
    return before


def keep_score_command(args: argparse.Namespace) -> int:
    """``yamskit play``: `play_command`, with this prompt for a game kept with real dice (``--dice ask``)."""
    loop: Callable[..., int] = _keep_score_loop
    return play_command(args, scorekeeper=loop)
