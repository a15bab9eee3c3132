"""What every command shares: the usage error, variant options, and action ids."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import IO, Any

from ..actions import action_id
from ..errors import ECHO_LIMIT, DeserializationError, YamskitError, brief
from ..game import Variant
from ..registry import variant as make_variant
from ..serialization import MAX_TEXT, parse_json

__all__ = ["MAX_READ", "CliError", "WriteError", "action_id", "need_numpy", "read_file", "read_variant"]

#: The most bytes a command reads from one file: the longest text a save or a record may hold
#: (`yamskit.serialization.MAX_TEXT` characters) at 4 bytes a character, UTF-8's most.
MAX_READ = 4 * MAX_TEXT


class CliError(Exception):
    """Bad usage or bad input: printed as one line, exit status 2."""


class WriteError(CliError):
    """A file that could not be written (a full disk, no permission): one line naming it, exit status 1."""


def need_numpy(what: str) -> None:
    """Refuse ``what`` in one line when numpy, a dependency of yamskit, is missing (Pyodide without it)."""
    from importlib.util import find_spec

    if find_spec("numpy") is None:
        raise CliError(f"{what} needs numpy, which is not installed here: pip install numpy")


def _option(text: str) -> tuple[str, Any, str | None]:
    """``(key, value, why)``: the value read as JSON, else as text with ``why`` it is not JSON."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise CliError(f"an option is KEY=VALUE, not {brief(text)}")
    try:
        return key.replace("-", "_"), parse_json(raw), None
    except DeserializationError as error:
        return key.replace("-", "_"), raw, str(error)


def read_variant(args: argparse.Namespace) -> Variant:
    """The variant ``VARIANT`` and the ``-o KEY=VALUE`` options name (a value that is not JSON is text)."""
    parsed = [_option(o) for o in args.option or ()]
    name: str = args.variant
    try:
        return make_variant(name, **{key: value for key, value, _ in parsed})
    except YamskitError as error:
        texts = [
            f"{key}={value if len(value) <= ECHO_LIMIT else brief(value)}"
            for key, value, why in parsed
            if why is not None and value.strip()
        ]
        if texts:
            raise CliError(
                f"{error} (note: {', '.join(texts)} is not valid JSON, so it was read as text; "
                'give JSON such as 100, null or "free", or plain text)'
            ) from None
        raise


def read_file(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input), read a megabyte at a time and never more than `MAX_READ`.

    Every file a command reads (records, saves, a save to be replaced) goes through here,
    so ``/dev/zero`` or a file of gigabytes ends in one line instead of filling the memory.

    Raises:
        DeserializationError: the file cannot be read, or holds more than `MAX_READ` bytes
            (it is not read further).
    """
    if path == "-":
        return _read_bounded(sys.stdin.buffer, path)
    try:
        with Path(path).open("rb") as file:
            return _read_bounded(file, path)
    except OSError as error:
        raise DeserializationError(f"cannot read {brief(path)}: {error.strerror or error}") from None


def _read_bounded(stream: IO[bytes], path: str) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(1 << 20)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_READ:
            raise DeserializationError(
                f"{brief(path)} is larger than {MAX_READ:,} bytes, the most a save or a record holds: not read further"
            )
        chunks.append(chunk)
