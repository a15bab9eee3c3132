"""What every command shares: the usage error, variant options, and action ids."""

from __future__ import annotations

import argparse
from typing import Any

from ..actions import action_id
from ..errors import DeserializationError, YamskitError, brief
from ..game import Variant
from ..registry import variant as make_variant
from ..serialization import parse_json

__all__ = ["CliError", "WriteError", "action_id", "need_numpy", "read_variant"]


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
        texts = [f"{key}={brief(value)}" for key, value, why in parsed if why is not None and value.strip()]
        if texts:
            raise CliError(
                f"{error} (note: {', '.join(texts)} is not valid JSON, so it was read as text; "
                'give JSON such as 100, null or "free", or plain text)'
            ) from None
        raise
