"""Who starts a game at the terminal: ``-o first_player=...``, or the players' answer with real dice.

``yamskit play`` reads ``first_player`` among the ``-o`` options (it is a set-up of the
game, not an option of the variant): a seat index from 0, a name, or ``roll_off`` (drawn
from the seed). With ``--dice ask`` and no such option, the scorekeeper asks who starts:
a name, a seat number from 1, ``roll`` for a roll-off thrown with the real dice (each
player types the faces; the highest sum starts, ties throw again), or an empty line for
the first seat.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO

from ..dice import NUM_DICE, Dice
from ..errors import YamskitError, brief
from ..game import Variant
from ..scorekeeper import roll_off
from .common import CliError
from .output import safe

__all__ = ["ask_first_player", "first_player_option"]


def first_player_option(args: argparse.Namespace, names: Sequence[str]) -> int | str | None:
    """The ``first_player=...`` among ``args.option``, removed from them (``None`` when not given).

    Raises:
        CliError: a seat out of range, an unknown name, or another value.
    """
    kept, found = [], None
    for option in args.option or ():
        key, sep, value = option.partition("=")
        if sep and key.replace("-", "_") == "first_player":
            found = value.strip()
        else:
            kept.append(option)
    args.option = kept
    if found is None:
        return None
    if found in ("roll_off", '"roll_off"'):
        return "roll_off"
    if found.isdigit() and int(found) < len(names):
        return int(found)
    if found.strip('"') in names:
        return list(names).index(found.strip('"'))
    raise CliError(
        f"first_player must be a seat from 0 to {len(names) - 1}, a player's name or roll_off, not {brief(found)}"
    )


def _line(prompt: str, out: IO[str]) -> str | None:
    print(prompt, end="", file=out, flush=True)
    try:
        line = sys.stdin.readline()
    except UnicodeDecodeError:
        return ""
    return None if not line else line.strip()


def ask_first_player(names: Sequence[str], variant: Variant, out: IO[str]) -> int | None:
    """Ask who starts; ``None`` when the input ends or the players quit.

    A name, a seat number from 1, ``roll`` (a roll-off with the real dice: five dice
    each, one for Yamslam), or an empty line for the first seat.
    """
    dice = getattr(variant, "roll_off_dice", NUM_DICE)
    seats = ", ".join(f"{i + 1} {name}" for i, name in enumerate(names))
    while True:
        answer = _line(f"Who starts? a name or seat ({seats}), 'roll' for a roll-off, Enter for {names[0]}: ", out)
        if answer is None or answer.lower() in ("q", "quit", "exit"):
            return None
        if answer == "":
            return 0
        if answer in names:
            return list(names).index(answer)
        if answer.isdigit() and 1 <= int(answer) <= len(names):
            return int(answer) - 1
        if answer.lower() in ("roll", "roll-off", "roll_off", "r"):
            return _roll_off(names, dice, out)
        print(safe(f"not a player: {answer!r}"), file=out)


def _roll_off(names: Sequence[str], dice: int, out: IO[str]) -> int | None:
    class _Quit(Exception):
        pass

    def faces(seat: int, count: int) -> str:
        while True:
            answer = _line(f"{names[seat]}'s roll-off: the faces of {count} {'die' if count == 1 else 'dice'}: ", out)
            if answer is None or answer.lower() in ("q", "quit", "exit"):
                raise _Quit
            text = "".join(answer.replace(",", " ").split())
            try:
                shown = Dice.parse(text)
            except YamskitError as error:
                print(safe(str(error)), file=out)
                continue
            if len(shown) != count:
                print(f"give {count} faces, not {len(shown)}", file=out)
                continue
            return text

    try:
        result = roll_off(names, faces, dice=dice)
    except _Quit:
        return None
    throws = ", ".join(f"{names[seat]} {shown.total}" for seat, shown in result.throws)
    print(safe(f"{names[result.first]} starts (roll-off: {throws})"), file=out)
    return result.first
