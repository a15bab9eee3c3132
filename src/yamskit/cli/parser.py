"""The argument parser of every command, and `main`, which runs one and gives its exit status."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from .._version import __version__
from ..bots import LEVELS
from ..errors import YamskitError, brief
from .check import check_command
from .common import CliError, WriteError
from .lookup import advise_command, rules_command, score_command
from .output import quiet_stdout
from .scorekeeping import keep_score_command
from .signals import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated, handled_signals
from .simulate import simulate_command

__all__ = ["main"]


def _seed(text: str) -> int:
    """A seed given on the command line: a whole number from 0 to 2**64 - 1, as every seed is."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to 2**64 - 1, not {brief(text)}")
    return value


def _file_name(text: str) -> str:
    """A file or folder named on the command line: text the system can turn into a file name.

    A real command line always can; a caller of `main` may pass any string (a lone surrogate
    such as ``"\\udd00"`` or a NUL), which would otherwise fail deep inside ``open()``.
    """
    try:
        encoded = os.fsencode(text)
    except UnicodeEncodeError:
        encoded = b"\0"
    if not encoded or b"\0" in encoded:
        raise argparse.ArgumentTypeError(f"{brief(text)} is not a file name this system can hold")
    return text


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see {self.prog} --help)")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="yamskit", description="The rules of the Yams family of dice games.")
    parser.add_argument("--version", action="version", version=f"yamskit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=help_text, description=help_text)

    def variant_args(sub: argparse.ArgumentParser, *, optional: bool = False) -> None:
        sub.add_argument("variant", metavar="VARIANT", nargs="?" if optional else None, help="a variant name")
        sub.add_argument(
            "-o",
            "--option",
            action="append",
            metavar="KEY=VALUE",
            help="a variant option (repeatable), e.g. joker=free",
        )

    play = command("play", "Play in the terminal: hot-seat humans and bots; --resume continues a saved game.")
    variant_args(play, optional=True)
    play.add_argument("--players", nargs="+", metavar="NAME", help="names of the human players, in seat order")
    play.add_argument("--bots", type=int, default=0, metavar="N", help="bots seated after the humans")
    play.add_argument("--bot", choices=("greedy", "random"), help="kind of bot (default greedy)")
    play.add_argument(
        "--level",
        choices=LEVELS,
        help="bot level, instead of --bot (expert: looks ahead within --decision-time; perfect: solvable sheets only)",
    )
    play.add_argument(
        "--decision-time",
        type=float,
        metavar="SECONDS",
        help="with --level expert: seconds a bot thinks over a move (default 1)",
    )
    play.add_argument("--seed", type=_seed, help="dice seed (random by default; printed)")
    play.add_argument(
        "--save",
        type=_file_name,
        metavar="FILE",
        help="write the game record to FILE after every move, at the end, on quit or Ctrl-C",
    )
    play.add_argument(
        "--force", action="store_true", help="let --save overwrite a file that is not a save of this game"
    )
    play.add_argument(
        "--resume",
        type=_file_name,
        metavar="FILE",
        help="continue the game saved in FILE (players, bots, levels, dice as saved; saves go on there)",
    )
    play.add_argument(
        "--dice",
        choices=("seed", "ask"),
        help="seed (default): the dice come from the seed; ask: keep score of real dice, a throw a line (12345, "
        "keep 55 roll 123), boxes by name or #N, undo",
    )
    play.add_argument("-v", "--verbose", action="store_true", help="print every bot move")
    play.set_defaults(func=keep_score_command)

    score = command(
        "score",
        "Points a row gives for a roll (five dice, or the variant's count: three for crag), or every row's points; "
        "or what each box takes in a position.",
    )
    variant_args(score)
    score.add_argument(
        "values",
        nargs="+",
        metavar="[ROW] DICE",
        help="an optional row id, then the dice (as many as the variant throws); after a quoted position "
        "notation instead of VARIANT: ROW [COLUMN], or 'all' for every box the player may fill",
    )
    score.set_defaults(func=score_command)

    check = command(
        "check",
        "Verify game records, or whether a claimed position is reachable: exit 0 all valid, 1 some illegal, "
        "2 bad input.",
    )
    check.add_argument(
        "files", nargs="*", type=_file_name, metavar="FILE", help="record files ('-' reads standard input)"
    )
    check.add_argument(
        "--position",
        metavar="NOTATION",
        help="check a claimed position (a score sheet, a board, chips) instead: reachable, or the rule it breaks",
    )
    check.add_argument(
        "--witness", action="store_true", help="with --position: print a game reaching it, one move a line"
    )
    check.add_argument("--json", action="store_true", help="print the reports as JSON")
    check.add_argument("--require-finished", action="store_true", help="count unfinished games as invalid")
    check.add_argument("-v", "--verbose", action="store_true", help="show the state before an illegal move")
    check.add_argument(
        "--strict-dice",
        action="store_true",
        help="every throw must show the faces the record's seed throws (for servers that roll the dice)",
    )
    check.set_defaults(func=check_command)

    simulate = command("simulate", "Play N games between bots; print statistics, percentiles and a histogram.")
    variant_args(simulate)
    simulate.add_argument("-n", type=int, default=1000, metavar="N", help="number of games (default 1000)")
    simulate.add_argument("--seed", type=_seed, default=0, help="the run's seed (default 0)")
    simulate.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="worker processes (default 1, at most 4 x the CPU count)"
    )
    simulate.add_argument("--seats", type=int, metavar="P", help="players per game (default: the fewest allowed)")
    simulate.add_argument("--bins", type=int, default=10, help="histogram bins (default 10)")
    simulate.add_argument("--bot", choices=("random", "greedy"), default="greedy", help="kind of bot (default greedy)")
    simulate.add_argument(
        "--engine",
        choices=("auto", "batch", "games"),
        default="auto",
        help="auto (default): the numpy batch engine for one-column sheets (any seats), game by game elsewhere",
    )
    simulate.add_argument(
        "--svg", type=_file_name, metavar="FILE", help="also write the histogram as an SVG picture to FILE"
    )
    simulate.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs the dask extra; game by game)",
    )
    simulate.add_argument("--json", action="store_true", help="print the statistics as JSON")
    simulate.set_defaults(func=simulate_command)

    advise = command(
        "advise",
        "Every option of a solitaire position with its expected final score and regret (exact solver; "
        "saved throws: over a store capped at 4).",
    )
    variant_args(advise)
    advise.add_argument("notation", metavar="NOTATION", help="the position, in yamskit's position notation (quoted)")
    advise.add_argument(
        "--cache",
        type=_file_name,
        metavar="DIR",
        help="where solved tables are kept (default $YAMSKIT_CACHE or ~/.cache/yamskit)",
    )
    advise.set_defaults(func=advise_command)

    rules = command("rules", "A variant's rows, columns, options and rulings (no VARIANT: list them).")
    variant_args(rules, optional=True)
    rules.set_defaults(func=rules_command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``yamskit`` command with ``argv`` (default: the process arguments); the exit status.

    Every failure ends in one line on standard error and no traceback: 2 for bad
    usage or input, 1 for a file or the output that could not be written, 130 after
    Ctrl-C and 143 after SIGTERM. A closed pipe on standard output (``yamskit rules |
    head -1``) ends the command quietly with status 0, as the lines it could not print
    were not wanted.

    Examples:
        >>> main(["score", "classic", "yams", "66666"])
        50
        0
        >>> main(["score", "classic", "yams", "666"])  # prints a one-line error on stderr
        2
    """
    with handled_signals():
        return _run(argv)


def _say(message: str) -> None:
    """One line on standard error (nothing if even that cannot be written)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print("yamskit: " + " ".join(message.split()), file=sys.stderr, flush=True)


def _run(argv: Sequence[str] | None) -> int:
    if sys.stdout is None:
        _say("error: standard output is closed: nothing can be printed")
        return 1
    try:
        args = _parser().parse_args(argv)
        status = int(args.func(args))
        sys.stdout.flush()
        return status
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else 0
    except WriteError as error:
        _say(f"error: {error}")
        return 1
    except (CliError, YamskitError) as error:
        _say(f"error: {error}")
        return 2
    except KeyboardInterrupt as stop:
        _say("terminated" if isinstance(stop, Terminated) else "interrupted")
        return EXIT_TERMINATED if isinstance(stop, Terminated) else EXIT_INTERRUPTED
    except BrokenPipeError:
        quiet_stdout()
        return 0
    except OSError as error:  # standard output full or gone (files raise WriteError)
        quiet_stdout()
        _say(f"error: cannot write to standard output: {error.strerror or error}")
        return 1
