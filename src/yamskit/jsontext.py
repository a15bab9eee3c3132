"""Reading JSON text that may come from anywhere: bounded, strict, and checked field by field.

Every JSON reader of yamskit (saved games, records, the options of a notation's head, fitted
sheet values, a strategy table's rules) parses through `parse_json` or `unique_keys` and
reads its fields with `expect` and `expect_int`, so that untrusted text is refused the same
way everywhere: too large, too deep, a float where none is asked for, a number of more than
30 digits or a key given twice raises a `DeserializationError` that names the problem.

Examples:
    >>> parse_json('{"players": ["Ann"], "turn": 3}')
    {'players': ['Ann'], 'turn': 3}
    >>> expect_int({"turn": 3}, "turn", "state", 0, 10)
    3
"""

from __future__ import annotations

import json
import math
from typing import Any, TypeVar

from .errors import DeserializationError, brief

__all__ = ["MAX_TEXT", "expect", "expect_int", "parse_json", "unique_keys"]

#: The longest JSON text yamskit reads (characters).
MAX_TEXT = 20_000_000
_T = TypeVar("_T")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 30:
        raise DeserializationError(f"number too large: {text[:40]}...")
    return int(text)


def _no_float(text: str) -> Any:
    raise DeserializationError(f"unexpected non-integer number {brief(text[:40])}")


def _bounded_float(text: str) -> float:
    if len(text) > 40:
        raise DeserializationError(f"number too long: {text[:40]}...")
    number = float(text)
    if not math.isfinite(number):  # a literal too large for a float, such as 1e400
        raise DeserializationError(f"number out of range: {text}")
    return number


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` of every JSON reader here: a dict, unless a key comes twice.

    Raises:
        DeserializationError: a key given twice (readers disagree on which value wins).

    Examples:
        >>> unique_keys([("a", 1), ("b", 2)])
        {'a': 1, 'b': 2}
    """
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DeserializationError(f"duplicate key {brief(key[:40])} in a JSON object")
            seen.add(key)
    return data


def parse_json(text: str | bytes, *, floats: bool = False) -> Any:
    """Parse untrusted JSON: bounded size, integers of at most 30 digits, no floats or NaN.

    An object with the same key twice is refused (readers disagree on which one wins).
    ``floats=True`` admits numbers with a fraction or an exponent, written in at most 40
    characters (fitted weights, say); NaN and the infinities stay refused.

    Raises:
        DeserializationError: not JSON, too large, too deep, with forbidden numbers
            or with a duplicate key.

    Examples:
        >>> parse_json('{"a": [1, 2]}')
        {'a': [1, 2]}
        >>> parse_json('{"a": 1, "a": 2}')
        Traceback (most recent call last):
        ...
        yamskit.errors.DeserializationError: duplicate key 'a' in a JSON object
        >>> parse_json('[0.25, -1e-3]', floats=True)
        [0.25, -0.001]
        >>> parse_json('[1e400]', floats=True)
        Traceback (most recent call last):
        ...
        yamskit.errors.DeserializationError: number out of range: 1e400
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise DeserializationError(f"not UTF-8 text: {error}") from None
    if not isinstance(text, str):
        raise DeserializationError(f"expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise DeserializationError(f"JSON text of {len(text)} characters is larger than {MAX_TEXT}")
    try:
        return json.loads(
            text,
            parse_int=_bounded_int,
            parse_float=_bounded_float if floats else _no_float,
            parse_constant=_no_float,
            object_pairs_hook=unique_keys,
        )
    except DeserializationError:
        raise
    except RecursionError:
        raise DeserializationError("JSON nested too deeply") from None
    except (json.JSONDecodeError, ValueError) as error:
        raise DeserializationError(f"not valid JSON: {error}") from None


def expect(data: Any, key: str, kind: type[_T], where: str) -> _T:
    """``data[key]`` checked to be a ``kind``; `DeserializationError` otherwise.

    Examples:
        >>> expect({"n": "x"}, "n", str, "test")
        'x'
    """
    if not isinstance(data, dict):
        raise DeserializationError(f"{where} must be a JSON object, not {type(data).__name__}")
    if key not in data:
        raise DeserializationError(f"{where} is missing {brief(key)}")
    value = data[key]
    ok = type(value) is kind if kind in (int, bool) else isinstance(value, kind)
    if not ok:
        raise DeserializationError(f"{where}.{key} must be {kind.__name__}, not {type(value).__name__}")
    return value  # type: ignore[no-any-return]


def expect_int(data: Any, key: str, where: str, low: int, high: int) -> int:
    """``data[key]`` checked to be an integer from ``low`` to ``high``.

    Examples:
        >>> expect_int({"n": 3}, "n", "test", 0, 5)
        3
    """
    value = expect(data, key, int, where)
    if not low <= value <= high:
        raise DeserializationError(f"{where}.{key} must be from {low} to {high}, not {value}")
    return value
