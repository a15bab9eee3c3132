"""What every command shares: the usage error, variant options, and action ids."""

from __future__ import annotations

import argparse
from typing import Any

from ..actions import Action, DeclareChallenge, Pass, Place, RemoveToken, Roll, Score, Scratch, TakeChip
from ..errors import DeserializationError, YamskitError
from ..registry import variant as make_variant
from ..serialization import parse_json

__all__ = ["CliError", "action_id", "read_variant"]


class CliError(Exception):
    """Bad usage or bad input: printed as one line, exit status 2."""


def _option(text: str) -> tuple[str, Any, str | None]:
    """``(key, value, why)``: the value read as JSON, else as text with ``why`` it is not JSON."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise CliError(f"an option is KEY=VALUE, not {text!r}")
    try:
        return key.replace("-", "_"), parse_json(raw), None
    except DeserializationError as error:
        return key.replace("-", "_"), raw, str(error)


def read_variant(args: argparse.Namespace) -> Any:
    """The variant ``VARIANT`` and the ``-o KEY=VALUE`` options name (a value that is not JSON is text)."""
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
