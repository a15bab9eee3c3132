"""The ``yamskit`` command: play, score, check records, simulate, show rules.

A thin layer over the public API (argparse for the arguments, plain-text tables; a
progress bar from rich when rich is installed, none otherwise: no command needs an
extra). Every command exits 0 on success,
2 with a one-line error on bad usage or bad input; ``check`` exits 1 when a record
breaks a rule; Ctrl-C (SIGINT) exits 130. Text from records (names, moves) is
printed with control characters and lone surrogates escaped.

Examples:
    >>> main(["score", "classic", "full_house", "22555"])
    25
    0
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import secrets
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, NoReturn

from . import __version__
from .actions import Action, DeclareChallenge, Pass, Place, RemoveToken, Roll, Score, Scratch, TakeChip
from .bots import LEVELS, player
from .dice import NUM_DICE, Dice
from .errors import DeserializationError, YamskitError
from .records import GameRecord, check_record
from .registry import variant as make_variant
from .registry import variant_names
from .serialization import MAX_TEXT, parse_json
from .simulate import make_bot, max_jobs

__all__ = ["action_id", "main"]

_QUIT = {"q", "quit", "exit"}
#: The most bytes ``yamskit check`` reads from one file (a UTF-8 character is at most 4 bytes).
_MAX_READ = 4 * MAX_TEXT
_UNSAFE = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
_HELP = {"?", "h", "help", "list"}


class CliError(Exception):
    """Bad usage or bad input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see {self.prog} --help)")


def _grid(title: str, head: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    """A plain-text table: a title line, then the head and the rows aligned in columns."""
    from .text import _table

    return "\n".join([title, *_table([list(head), *map(list, rows)], right)])


class _Progress:
    """A progress bar on stderr: rich's when rich is installed and stderr is a terminal, else nothing."""

    def __init__(self, label: str, total: int, *, enabled: bool) -> None:
        self._bar: Any = None
        if not enabled or not sys.stderr.isatty():
            return
        try:
            import rich.console
            import rich.progress
        except ImportError:
            return
        columns = (*rich.progress.Progress.get_default_columns(), rich.progress.MofNCompleteColumn())
        self._bar = rich.progress.Progress(*columns, console=rich.console.Console(stderr=True), transient=True)
        self._task = self._bar.add_task(label, total=total)

    def __enter__(self) -> _Progress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()

    def update(self, done: int, _total: int) -> None:
        if self._bar is not None:
            self._bar.update(self._task, completed=done)


# ---------------------------------------------------------------- shared helpers
def _safe(text: str) -> str:
    """``text`` with control and format characters, lone surrogates and line breaks escaped."""
    if all(ch == " " or (ch.isprintable() and unicodedata.category(ch) not in _UNSAFE) for ch in text):
        return text
    out = []
    for ch in text:
        if ch != " " and (not ch.isprintable() or unicodedata.category(ch) in _UNSAFE):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


def _option(text: str) -> tuple[str, Any, str | None]:
    """``(key, value, why)``: the value read as JSON, else as text with ``why`` it is not JSON."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise CliError(f"an option is KEY=VALUE, not {text!r}")
    try:
        return key.replace("-", "_"), parse_json(raw), None
    except DeserializationError as error:
        return key.replace("-", "_"), raw, str(error)


def _variant(args: argparse.Namespace) -> Any:
    parsed = [_option(o) for o in args.option or ()]
    try:
        return make_variant(args.variant, **{key: value for key, value, _ in parsed})
    except YamskitError as error:
        texts = [f"{key}={value}" for key, value, why in parsed if why is not None and value.strip()]
        if texts:
            raise CliError(
                f"{error} (note: {', '.join(texts)} is not valid JSON, so it was read as text; "
                'give JSON such as 100, null or "free", or plain text)'
            ) from None
        raise


def action_id(action: Action) -> str:
    """The short text naming an action at the ``yamskit play`` prompt.

    Examples:
        >>> action_id(Roll()), action_id(Roll(keep="33")), action_id(Score("chance"))
        ('roll', 'keep 33', 'score chance')
        >>> action_id(Place((2, 3))), action_id(TakeChip("yams", from_discard=True))
        ('place 2,3', 'take yams discard')
    """
    if isinstance(action, Roll):
        return f"keep {action.keep}" if len(action.keep) else "roll"
    if isinstance(action, (Score, Scratch)):
        kind = "score" if isinstance(action, Score) else "scratch"
        return f"{kind} {action.row}" + (f" {action.column}" if action.column is not None else "")
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, DeclareChallenge):
        return "challenge"
    if isinstance(action, (Place, RemoveToken)):
        kind = "place" if isinstance(action, Place) else "remove"
        return f"{kind} {action.cell[0]},{action.cell[1]}"
    if isinstance(action, TakeChip):
        return f"take {action.kind}" + (" discard" if action.from_discard else "")
    return repr(action)  # pragma: no cover - every action type is listed above


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
    from .text import render_duels, render_result

    result = state.result()
    details = result.details
    if isinstance(details, dict) and details.get("duels"):
        print("Duels", file=out)
        print(_safe_lines(render_duels(result)), file=out)
        print("", file=out)
    print("Result" if state.is_over else "Points so far", file=out)
    lines = render_result(result).splitlines()
    if not state.is_over:
        lines = lines[:-1]  # no winner yet
    elif any(line.startswith("Team totals:") for line in lines):
        lines.insert(-1, "Players are ranked by their team's total.")
    print(_safe_lines("\n".join(lines)), file=out)


def _safe_lines(text: str) -> str:
    return "\n".join(_safe(line) for line in text.splitlines())


# ---------------------------------------------------------------- play
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
    entries = [f"{number:>3}. {_safe(label)}" for number, (_, label) in enumerate(menu, start=1)]
    width = max(len(e) for e in entries) + 2
    per_line = max(1, 100 // width)
    for start in range(0, len(entries), per_line):
        print("".join(e.ljust(width) for e in entries[start : start + per_line]).rstrip(), file=out)


def _check_writable(path: str, *, what: str = "the record") -> None:
    """Refuse a ``--save`` (or ``--svg``) path that cannot be written, before the work starts."""
    target = Path(path)
    if target.is_dir():
        raise CliError(f"cannot save {what} to {path}: it is a directory")
    parent = target.resolve().parent
    if not parent.is_dir():
        raise CliError(f"cannot save {what} to {path}: no such directory")
    if target.exists() and not os.access(target, os.W_OK):
        raise CliError(f"cannot save {what} to {path}: the file is not writable")
    if not target.exists() and not os.access(parent, os.W_OK | os.X_OK):
        raise CliError(f"cannot save {what} to {path}: the directory is not writable")


def _ask_faces(state: Any, roll: Roll, out: IO[str]) -> Roll | None:
    """Read the faces of a real throw until they are valid; ``None`` when the player quits or input ends."""
    from .scorekeeper import thrown

    count = NUM_DICE - len(roll.keep)
    kept = f" (kept {roll.keep})" if len(roll.keep) else ""
    while True:
        print(f"Faces of the {count} thrown dice{kept}, e.g. {'35216'[:count]}: ", end="", file=out, flush=True)
        try:
            line = sys.stdin.readline()
        except UnicodeDecodeError:
            print("could not read that line (not UTF-8 text)", file=out)
            continue
        text = line.strip().lower()
        if not line or text in _QUIT:
            return None
        try:
            return thrown(state, keep=roll.keep, faces="".join(text.replace(",", " ").split()))
        except YamskitError as error:
            print(_safe(str(error)), file=out)


def _save(path: str | None, state: Any, out: IO[str] | None) -> None:
    if path:
        record = GameRecord.from_game(state, claimed=bool(state.is_over), metadata={"source": "yamskit play"})
        try:
            Path(path).write_text(record.dump() + "\n", encoding="utf-8")
        except OSError as error:
            raise CliError(f"cannot save the record to {path}: {error.strerror or error}") from None
        if out is not None:
            print(f"Record saved to {path}", file=out)


def _play(args: argparse.Namespace) -> int:
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
        _check_writable(args.save)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    variant = _variant(args)
    bots = {
        f"Bot {i + 1}": player(variant, args.level, seed=seed + i) if args.level else make_bot(args.bot, seed=seed + i)
        for i in range(args.bots)
    }
    state = variant.new_game(names, seed=seed)
    print(f"{variant.name}: {', '.join(names)} (seed {seed})", file=out)
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
        print(f"{name}> ", end="", file=out, flush=True)
        try:
            line = sys.stdin.readline()
        except UnicodeDecodeError:
            print("could not read that line (not UTF-8 text)", file=out)
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


# ---------------------------------------------------------------- score, rules
def _score_position(args: argparse.Namespace) -> int:
    from .notation import from_notation

    state = from_notation(args.variant)
    if not hasattr(state, "placement"):
        raise CliError(f"variant {state.variant.name!r} has no scorecard rows: 'score' works for scorecard variants")
    if not state.turn.has_thrown:
        raise CliError("the position has no dice thrown this turn: nothing to score")
    if len(args.values) > 2:
        raise CliError("usage: yamskit score NOTATION ROW [COLUMN], or NOTATION all")
    if args.values != ["all"]:
        print(state.placement(Score(args.values[0], args.values[1] if len(args.values) > 1 else None)).points)
        return 0
    rows = []
    for action in state.legal_actions():
        if isinstance(action, (Score, Scratch)):
            p = state.placement(action)
            rows.append(
                (action_id(action), ("x" if p.crossed else str(p.points)) + (f" +{p.extra}" if p.extra else ""))
            )
    print(_grid(f"{state.players[state.current_player]}: {state.dice}", ("Action", "Writes"), rows, (False, True)))
    return 0


def _score(args: argparse.Namespace) -> int:
    if len(args.variant.split()) > 1:  # a position notation
        return _score_position(args)
    variant = _variant(args)
    if not hasattr(variant, "rows") or not hasattr(variant, "score"):
        raise CliError(f"variant {variant.name!r} has no scorecard rows: 'score' works for scorecard variants")
    if len(args.values) not in (1, 2):
        raise CliError("usage: yamskit score VARIANT [ROW] DICE")
    dice = Dice.parse(args.values[-1])
    if len(dice) != NUM_DICE:
        raise CliError(f"a roll is {NUM_DICE} dice, not {len(dice)}: {args.values[-1]!r}")
    if len(args.values) == 2:
        print(variant.score(args.values[0], dice))
        return 0
    rows = [(row, str(variant.score(row, dice))) for row in variant.rows]
    print(_grid(f"{variant.name}: {dice}", ("Row", "Points"), rows, (False, True)))
    return 0


def _rules(args: argparse.Namespace) -> int:
    if args.variant is None:
        print("\n".join(variant_names()))
        return 0
    print(_variant(args).describe())
    return 0


# ---------------------------------------------------------------- check
def _read_bounded(stream: IO[bytes]) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(1 << 20)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > _MAX_READ:
            raise DeserializationError(f"larger than {_MAX_READ} bytes: not read further")
        chunks.append(chunk)


def _read(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input), refusing more than ``_MAX_READ``."""
    if path == "-":
        return _read_bounded(sys.stdin.buffer)
    try:
        with Path(path).open("rb") as file:
            return _read_bounded(file)
    except OSError as error:
        raise DeserializationError(f"cannot read: {error.strerror or error}") from None


def _check(args: argparse.Namespace) -> int:
    worst = 0
    found = []
    done = 0
    try:
        for path in args.files:
            done += 1
            try:
                report = check_record(_read(path), strict_dice=args.strict_dice)
            except YamskitError as error:
                worst = 2
                found.append({"file": path, "error": str(error)})
                if not args.json:
                    print(_safe(f"{path}: bad record: {error}"))
                continue
            valid = report.valid and (report.finished or not args.require_finished)
            if not valid:
                worst = max(worst, 1)
            found.append({"file": path, **report.to_data()})
            if args.json:
                continue
            line = report.summary()
            if report.valid and not valid:
                line = f"unfinished game (--require-finished): {line}"
            print(_safe(f"{path}: {line}"))
            if args.verbose and report.index is not None:
                print("State before that move:")
                print("\n".join(_safe(text) for text in report.state.render().splitlines()))
        if args.json:
            print(json.dumps(found, indent=2))  # ASCII only: names are escaped
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        left = len(args.files) - done
        print(
            f"yamskit: error: output closed before every report was written ({left} file(s) not checked)",
            file=sys.stderr,
        )
        return 2
    return worst


def _quiet_stdout() -> None:
    """After a broken pipe: send what is left to /dev/null, so exiting prints no second error."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


# ---------------------------------------------------------------- simulate
def _simulate(args: argparse.Namespace) -> int:
    from .simulate import PERCENTILES, check_run, simulate

    variant = _variant(args)
    if args.bins < 1:
        raise CliError(f"--bins must be 1 or more, not {args.bins}")
    if not 1 <= args.jobs <= max_jobs():
        raise CliError(f"--jobs must be 1 to {max_jobs()} (4 x the CPU count), not {args.jobs}")
    check_run(variant, args.n, seats=args.seats, seed=args.seed, jobs=args.jobs)
    if args.svg:
        _check_writable(args.svg, what="the histogram")
    with _Progress(f"{variant.name}: {args.n} games", args.n, enabled=not args.json) as bar, _dask(args) as pool:
        stats = simulate(
            variant,
            args.n,
            seats=args.seats,
            seed=args.seed,
            jobs=args.jobs,
            progress=bar.update,
            bot=args.bot,
            engine=args.engine,
            executor=pool,
        )
    bins = stats.histogram(args.bins)
    if args.svg:
        _write_histogram(args.svg, stats, bins)
    if args.json:
        print(json.dumps(stats.to_data(), indent=2))
        return 0
    engine = "numpy batch engine" if stats.engine == "batch" else "game by game"
    title = f"{variant.name}: {stats.games} games, {len(stats.players)} seat(s), {args.bot} bots, seed {args.seed}"
    print(f"{title} ({engine})")
    heads = ("mean", "stdev", "low", *(f"p{q}" for q in PERCENTILES), "high")
    row = (
        f"{stats.mean:.2f}",
        f"{stats.stdev:.2f}",
        str(stats.low),
        *(f"{stats.percentile(q):g}" for q in PERCENTILES),
        str(stats.high),
    )
    print(_grid("", heads, [row], [True] * len(heads)).lstrip("\n"))
    print("")
    top = max(count for _, _, count in bins)
    rows = [
        (str(low) if low == high else f"{low}-{high}", str(count), "#" * round(40 * count / top))
        for low, high, count in bins
    ]
    print(_grid("Points histogram", ("points", "count", ""), rows, (True, True, False)))
    if len(stats.players) > 1:
        print("")
        seats = [
            (str(seat), f"{mean:.2f}", f"{rate:.1%}")
            for seat, (mean, rate) in enumerate(zip(stats.seat_means, stats.win_rates, strict=True), start=1)
        ]
        print(_grid("By seat", ("seat", "mean points", "win rate"), seats, (True, True, True)))
    if args.svg:
        print(f"Histogram written to {args.svg}")
    return 0


@contextlib.contextmanager
def _dask(args: argparse.Namespace) -> Iterator[Any]:
    """A Dask executor on the scheduler ``--scheduler`` names (closed afterwards), or ``None``."""
    if not args.scheduler:
        yield None
        return
    try:
        distributed: Any = importlib.import_module("distributed")  # typed Any: an optional dependency
    except ImportError:
        raise CliError("--scheduler needs dask.distributed: pip install 'yamskit[dask]'") from None
    try:
        client = distributed.Client(args.scheduler, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        raise CliError(f"cannot reach the Dask scheduler {args.scheduler}: {error}") from None
    with client:
        yield client.get_executor()


def _write_histogram(path: str, stats: Any, bins: list[tuple[int, int, int]]) -> None:
    from .svg.histogram import histogram

    title = f"{stats.variant}: {stats.games} games, mean {stats.mean:.1f}"
    try:
        Path(path).write_text(histogram(bins, title=title) + "\n", encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot write the histogram to {path}: {error.strerror or error}") from None


# ---------------------------------------------------------------- advise
def _advise(args: argparse.Namespace) -> int:
    variant = _variant(args)
    read = getattr(variant, "from_notation", None)
    if read is None:
        raise CliError(f"variant {args.variant!r} has no position notation, which 'advise' needs")
    state = read(args.notation)
    try:
        from .advice import cached_strategy, ranked, render_advice
        from .solver.model import model_of

        model_of(variant)
    except ImportError:
        raise CliError("advise needs numpy: pip install 'yamskit[solver]'") from None
    if state.is_over:
        raise CliError("the game in this position is over: there is nothing to advise")
    strategy = cached_strategy(variant, directory=args.cache, quiet=not sys.stderr.isatty())
    print(_safe_lines(render_advice(state, ranked(strategy, state))))
    return 0


# ---------------------------------------------------------------- parser
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

    play = command("play", "Play in the terminal: hot-seat humans and random bots.")
    variant_args(play)
    play.add_argument("--players", nargs="+", metavar="NAME", help="names of the human players, in seat order")
    play.add_argument("--bots", type=int, default=0, metavar="N", help="bots seated after the humans")
    play.add_argument("--bot", choices=("greedy", "random"), default="greedy", help="kind of bot (default greedy)")
    play.add_argument(
        "--level",
        choices=LEVELS,
        help="bot level, instead of --bot (perfect: solvable sheets only)",
    )
    play.add_argument("--seed", type=int, help="dice seed (random by default; printed)")
    play.add_argument(
        "--save", metavar="FILE", help="write the game record to FILE after every move, at the end, on quit or Ctrl-C"
    )
    play.add_argument(
        "--dice",
        choices=("seed", "ask"),
        default="seed",
        help="seed (default): the dice come from the seed; ask: type the faces of real dice after each throw",
    )
    play.add_argument("-v", "--verbose", action="store_true", help="print every bot move")
    play.set_defaults(func=_play)

    score = command(
        "score", "Points a row gives for five dice, or every row's points; or what each box takes in a position."
    )
    variant_args(score)
    score.add_argument(
        "values",
        nargs="+",
        metavar="[ROW] DICE",
        help="an optional row id, then five dice; after a quoted position notation instead of VARIANT: "
        "ROW [COLUMN], or 'all' for every box the player may fill",
    )
    score.set_defaults(func=_score)

    check = command("check", "Verify game records: exit 0 all valid, 1 some illegal, 2 bad input.")
    check.add_argument("files", nargs="+", metavar="FILE", help="record files ('-' reads standard input)")
    check.add_argument("--json", action="store_true", help="print the reports as JSON")
    check.add_argument("--require-finished", action="store_true", help="count unfinished games as invalid")
    check.add_argument("-v", "--verbose", action="store_true", help="show the state before an illegal move")
    check.add_argument(
        "--strict-dice",
        action="store_true",
        help="every throw must show the faces the record's seed throws (for servers that roll the dice)",
    )
    check.set_defaults(func=_check)

    simulate = command("simulate", "Play N games between bots; print statistics, percentiles and a histogram.")
    variant_args(simulate)
    simulate.add_argument("-n", type=int, default=1000, metavar="N", help="number of games (default 1000)")
    simulate.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
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
        help="auto (default): the numpy batch engine for one-column solitaire, game by game elsewhere",
    )
    simulate.add_argument("--svg", metavar="FILE", help="also write the histogram as an SVG picture to FILE")
    simulate.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs the dask extra; game by game)",
    )
    simulate.add_argument("--json", action="store_true", help="print the statistics as JSON")
    simulate.set_defaults(func=_simulate)

    advise = command(
        "advise", "Every option of a solitaire position with its expected final score and regret (exact solver)."
    )
    variant_args(advise)
    advise.add_argument("notation", metavar="NOTATION", help="the position, in yamskit's position notation (quoted)")
    advise.add_argument(
        "--cache", metavar="DIR", help="where solved tables are kept (default $YAMSKIT_CACHE or ~/.cache/yamskit)"
    )
    advise.set_defaults(func=_advise)

    rules = command("rules", "A variant's rows, columns, options and rulings (no VARIANT: list them).")
    variant_args(rules, optional=True)
    rules.set_defaults(func=_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``yamskit`` command with ``argv`` (default: the process arguments); the exit status.

    Examples:
        >>> main(["score", "classic", "yams", "66666"])
        50
        0
        >>> main(["score", "classic", "yams", "666"])  # prints a one-line error on stderr
        2
    """
    try:
        args = _parser().parse_args(argv)
        return int(args.func(args))
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else 0
    except (CliError, YamskitError) as error:
        message = " ".join(str(error).split())
        print(f"yamskit: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
