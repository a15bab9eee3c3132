"""Output helpers: escaped text, plain-text tables, the progress bar, writable paths, broken pipes."""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .._files import write_atomic
from ..scorecard.text import table
from .common import CliError, WriteError

__all__ = ["Progress", "check_writable", "grid", "quiet_stdout", "safe", "safe_lines", "write_file"]

_UNSAFE = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


def grid(title: str, head: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    """A plain-text table: a title line, then the head and the rows aligned in columns."""
    return "\n".join([title, *table([list(head), *map(list, rows)], right)])


class Progress:
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

    def __enter__(self) -> Progress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()

    def update(self, done: int, _total: int) -> None:
        if self._bar is not None:
            self._bar.update(self._task, completed=done)


def safe(text: str) -> str:
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


def safe_lines(text: str) -> str:
    return "\n".join(safe(line) for line in text.splitlines())


def check_writable(path: str, *, what: str = "the record") -> None:
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


def quiet_stdout() -> None:
    """After a broken pipe or a failed write: send what is left to /dev/null, so exiting prints no second error."""
    try:
        descriptor = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # no real file behind it (tests capture it)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, descriptor)
    os.close(devnull)


def write_file(path: str, text: str, *, what: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (`yamskit._files.write_atomic`).

    Raises:
        WriteError: the file could not be written; the message names it and says why,
            and the file that was there is left as it was.
    """
    try:
        write_atomic(path, text)
    except OSError as error:
        raise WriteError(f"cannot write {what} to {path}: {error.strerror or error}") from None
